//! Player names: generated guest names and the rules for account names.

use crate::error::{ApiError, ApiResult};

const ADJECTIVES: &[&str] = &[
    "Amber", "Azure", "Bold", "Brave", "Bright", "Calm", "Clever", "Coral", "Crimson", "Eager",
    "Gentle", "Golden", "Happy", "Hazel", "Ivory", "Jade", "Jolly", "Keen", "Lucky", "Mellow",
    "Misty", "Nimble", "Olive", "Proud", "Quick", "Quiet", "Rosy", "Silver", "Sunny", "Swift",
    "Tidy", "Witty",
];

const ANIMALS: &[&str] = &[
    "Badger", "Beaver", "Crane", "Dolphin", "Falcon", "Ferret", "Gecko", "Heron", "Ibis", "Jackal",
    "Koala", "Lemur", "Lynx", "Marten", "Meerkat", "Newt", "Otter", "Owl", "Panda", "Pelican",
    "Puffin", "Quail", "Raven", "Robin", "Seal", "Sparrow", "Stork", "Tapir", "Tiger", "Turtle",
    "Walrus", "Wren",
];

/// A friendly name for a new guest, e.g. "Guest Amber Otter 42". Not unique: players are
/// told apart by id. Guest names have spaces, so no account name can be one.
pub fn guest_name() -> String {
    let r = crate::token::random_u64();
    let adjective = ADJECTIVES[(r % ADJECTIVES.len() as u64) as usize];
    let animal = ANIMALS[((r >> 16) % ANIMALS.len() as u64) as usize];
    let number = 10 + (r >> 32) % 90;
    format!("Guest {adjective} {animal} {number}")
}

/// Shortest and longest account names, in characters.
pub const NAME_CHARS: (usize, usize) = (3, 20);
/// Shortest and longest passwords, in characters.
pub const PASSWORD_CHARS: (usize, usize) = (8, 256);

/// An account name as typed, checked: 3 to 20 ASCII letters, digits, `_` or `-`. Answers
/// the form names are compared in (lower case).
pub fn check_account_name(name: &str) -> ApiResult<String> {
    let (least, most) = NAME_CHARS;
    let n = name.chars().count();
    if n < least || n > most {
        return Err(ApiError::bad_request(
            "bad_name",
            format!(
                "a user name has {least} to {most} characters (this one has {n}); choose another"
            ),
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(ApiError::bad_request(
            "bad_name",
            format!(
                "a user name may hold only letters A to Z, digits, _ and - (not {c:?}); choose another"
            ),
        ));
    }
    Ok(name.to_ascii_lowercase())
}

/// A password's length, checked.
pub fn check_password(password: &str, field: &str) -> ApiResult<()> {
    let (least, most) = PASSWORD_CHARS;
    let n = password.chars().count();
    if n < least || n > most {
        return Err(ApiError::bad_request(
            "bad_password",
            format!("{field} must have {least} to {most} characters (it has {n})"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guest_names_read_well() {
        let n = guest_name();
        let words: Vec<&str> = n.split(' ').collect();
        assert_eq!(words.len(), 4, "{n}");
        assert_eq!(words[0], "Guest");
        assert!(
            ADJECTIVES.contains(&words[1]) && ANIMALS.contains(&words[2]),
            "{n}"
        );
        assert!((10..100).contains(&words[3].parse::<u32>().unwrap()), "{n}");
    }

    #[test]
    fn account_names_follow_the_rules() {
        assert_eq!(check_account_name("Alice_99").unwrap(), "alice_99");
        assert_eq!(check_account_name("a-b").unwrap(), "a-b");
        for bad in [
            "ab",
            "",
            "a b c",
            "x".repeat(21).as_str(),
            "élise",
            "bob!",
            "a\u{0}b",
        ] {
            assert!(check_account_name(bad).is_err(), "{bad:?}");
        }
        assert!(check_password("", "password").is_err());
        assert!(check_password(&"é".repeat(256), "password").is_ok());
        assert!(check_password(&"x".repeat(257), "password").is_err());
    }
}
