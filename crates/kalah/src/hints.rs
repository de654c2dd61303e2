//! Hints for arguments that are nearly right: `kalah solve 6 4` means `--houses 6 --seeds 4`,
//! `kalah serve --port 8080` means `--addr 127.0.0.1:8080`.

use clap::error::{ContextKind, ContextValue, Error, ErrorKind};

/// A sentence pointing to the right flag, when the rejected argument looks like a known slip.
pub fn near_miss(err: &Error) -> Option<String> {
    if err.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(arg)) = err.get(ContextKind::InvalidArg) else {
        return None;
    };
    hint_for(arg)
}

fn hint_for(arg: &str) -> Option<String> {
    let flag = arg.split('=').next().unwrap_or(arg);
    if flag == "--port" || flag == "-p" {
        let port = arg.split_once('=').map_or("PORT", |(_, p)| p);
        return Some(format!("the port is part of --addr: use --addr 127.0.0.1:{port} (or --addr 0.0.0.0:{port} to accept other machines)"));
    }
    if arg.parse::<u32>().is_ok() {
        return Some("the board size is set with flags: use --houses N --seeds N, e.g. kalah solve --houses 6 --seeds 4".to_string());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::hint_for;

    #[test]
    fn numbers_point_to_houses_and_seeds() {
        assert!(hint_for("6").unwrap().contains("--houses N --seeds N"));
    }

    #[test]
    fn port_points_to_addr_with_the_given_port() {
        assert!(hint_for("--port")
            .unwrap()
            .contains("--addr 127.0.0.1:PORT"));
        assert!(hint_for("--port=9000")
            .unwrap()
            .contains("--addr 127.0.0.1:9000"));
    }

    #[test]
    fn other_arguments_get_no_hint() {
        assert_eq!(hint_for("--hous"), None);
        assert_eq!(hint_for("abc"), None);
    }
}
