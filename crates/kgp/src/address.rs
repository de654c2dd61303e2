//! Where a bot connects: a KGP server's address as users write it.

use crate::DEFAULT_PORT;

/// A server to connect to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    /// `HOST:PORT` of a TCP server (CRLF lines).
    Tcp(String),
    /// A WebSocket URL (`ws://HOST[:PORT]/PATH`; a line per frame).
    Ws(String),
}

/// Why an address does not read; the text says what to write instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    #[error("wss:// (TLS) is not supported: use ws:// or tcp://, or a TLS tunnel")]
    Tls,
    #[error(
        "{0:?} is not a server address: write tcp://HOST:PORT, HOST:PORT, HOST or ws://HOST/socket"
    )]
    Shape(String),
}

impl Address {
    /// Reads `tcp://HOST:PORT`, `HOST:PORT`, `HOST` (port [`DEFAULT_PORT`]), `[V6]:PORT` or
    /// `ws://...`.
    ///
    /// # Errors
    /// [`AddressError`] for `wss://` and for text that is no address.
    pub fn parse(url: &str) -> Result<Address, AddressError> {
        let url = url.trim();
        if url.starts_with("ws://") {
            return Ok(Address::Ws(url.to_string()));
        }
        if url.starts_with("wss://") {
            return Err(AddressError::Tls);
        }
        let rest = url.strip_prefix("tcp://").unwrap_or(url);
        if rest.is_empty() || rest.contains('/') {
            return Err(AddressError::Shape(url.to_string()));
        }
        // A bare host (or [v6]) gets the usual port.
        let has_port = match rest.rsplit_once(':') {
            Some((h, p)) => {
                !h.is_empty()
                    && !p.is_empty()
                    && p.bytes().all(|b| b.is_ascii_digit())
                    && (!h.contains(':') || h.ends_with(']'))
            }
            None => false,
        };
        Ok(Address::Tcp(if has_port {
            rest.to_string()
        } else {
            format!("{rest}:{DEFAULT_PORT}")
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        let tcp = |s: &str| Ok(Address::Tcp(s.to_string()));
        assert_eq!(
            Address::parse("tcp://localhost:2671"),
            tcp("localhost:2671")
        );
        assert_eq!(Address::parse("example.org"), tcp("example.org:2671"));
        assert_eq!(Address::parse("10.0.0.1:9000"), tcp("10.0.0.1:9000"));
        assert_eq!(Address::parse("[::1]:9000"), tcp("[::1]:9000"));
        assert_eq!(Address::parse("[::1]"), tcp("[::1]:2671"));
        assert_eq!(
            Address::parse("ws://localhost:8080/socket"),
            Ok(Address::Ws("ws://localhost:8080/socket".into()))
        );
        assert_eq!(
            Address::parse("wss://kalah.kwarc.info/socket"),
            Err(AddressError::Tls)
        );
        assert!(Address::parse("http://x/y").is_err());
        assert!(Address::parse("").is_err());
    }
}
