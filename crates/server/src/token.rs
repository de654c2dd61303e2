//! Random ids and seat tokens from the OS random source; tokens are kept only as SHA-256.

use sha2::{Digest, Sha256};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` random bytes from the OS, written URL-safe (6 bits a character).
fn random_text(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the OS random number generator failed");
    let mut out = String::with_capacity(bytes * 4 / 3 + 1);
    for chunk in buf.chunks(3) {
        let mut v = 0u32;
        for (i, b) in chunk.iter().enumerate() {
            v |= (*b as u32) << (16 - 8 * i);
        }
        for i in 0..(chunk.len() * 8).div_ceil(6) {
            out.push(ALPHABET[((v >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// A public game id: 72 random bits, 12 characters.
pub fn new_game_id() -> String {
    random_text(9)
}

/// A secret seat token: 192 random bits, 32 URL-safe characters.
pub fn new_token() -> String {
    random_text(24)
}

/// A random number (engine seeds).
pub fn random_u64() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the OS random number generator failed");
    u64::from_le_bytes(b)
}

/// The stored form of a token: SHA-256, hex.
pub fn hash(token: &str) -> String {
    let d = Sha256::digest(token.as_bytes());
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// True when `token` hashes to `stored`, comparing in constant time.
pub fn matches(token: &str, stored: &str) -> bool {
    let h = hash(token);
    h.len() == stored.len()
        && h.bytes()
            .zip(stored.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_url_safe_and_distinct() {
        let a = new_token();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| ALPHABET.contains(&c)));
        assert_ne!(a, new_token());
        assert_eq!(new_game_id().len(), 12);
        assert!(matches(&a, &hash(&a)));
        assert!(!matches(&new_token(), &hash(&a)));
    }
}
