//! Password hashing: Argon2id (the `argon2` crate) with OWASP's recommended parameters,
//! stored as PHC strings. Each hash takes tens of milliseconds and 19 MiB, so hashes run on
//! tokio's blocking threads, at most [`AT_ONCE`] at a time: a flood of log-ins waits (and
//! is refused after [`WAIT`]) instead of starving the server's other work.

use crate::error::{ApiError, ApiResult};
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::Semaphore;

/// Memory in KiB, passes and lanes: OWASP's Password Storage Cheat Sheet, first option for
/// Argon2id (m=19 MiB, t=2, p=1).
pub const PARAMS: (u32, u32, u32) = (19 * 1024, 2, 1);

/// Most hashes computed at once.
pub const AT_ONCE: usize = 2;

/// Longest a request waits for its turn to hash.
const WAIT: Duration = Duration::from_secs(10);

fn argon() -> Argon2<'static> {
    let (m, t, p) = PARAMS;
    let params = Params::new(m, t, p, None).expect("valid Argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

fn hash_now(password: &str) -> Result<String, String> {
    argon()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

/// The hash an unknown name's log-in is checked against, so that it takes as long as a
/// wrong password (the password behind it is random and thrown away).
fn dummy() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        hash_now(&crate::token::new_token()).expect("Argon2 hashes a random password")
    })
}

/// The hashing turns of the server.
#[derive(Clone)]
pub struct Hasher {
    slots: Arc<Semaphore>,
}

impl Default for Hasher {
    fn default() -> Self {
        Hasher {
            slots: Arc::new(Semaphore::new(AT_ONCE)),
        }
    }
}

impl Hasher {
    async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> ApiResult<T> {
        let busy = || {
            ApiError::unavailable(
                "the server is busy checking passwords; try again in a few seconds",
            )
        };
        let permit = tokio::time::timeout(WAIT, Arc::clone(&self.slots).acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?;
        tokio::task::spawn_blocking(move || {
            let r = f();
            drop(permit);
            r
        })
        .await
        .map_err(|e| ApiError::internal("password hashing", e))
    }

    /// The PHC string of `password` with a new random salt.
    pub async fn hash(&self, password: String) -> ApiResult<String> {
        self.run(move || hash_now(&password))
            .await?
            .map_err(|e| ApiError::internal("password hashing", e))
    }

    /// Whether `password` matches `stored`; with no stored hash (an unknown name) the work
    /// is the same and the answer is no.
    pub async fn verify(&self, password: String, stored: Option<String>) -> ApiResult<bool> {
        self.run(move || {
            let known = stored.is_some();
            let phc = stored.unwrap_or_else(|| dummy().to_string());
            let ok = match PasswordHash::new(&phc) {
                Ok(h) => argon().verify_password(password.as_bytes(), &h).is_ok(),
                Err(e) => {
                    tracing::error!("a stored password hash does not parse: {e}");
                    false
                }
            };
            known && ok
        })
        .await
    }

    /// Computes the dummy hash ahead of the first log-in (call inside a tokio runtime).
    pub fn warm_up(&self) {
        tokio::task::spawn_blocking(|| {
            dummy();
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_carry_their_parameters() {
        let h = Hasher::default();
        let phc = h.hash("correct horse".into()).await.unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(h
            .verify("correct horse".into(), Some(phc.clone()))
            .await
            .unwrap());
        assert!(!h
            .verify("wrong horse".into(), Some(phc.clone()))
            .await
            .unwrap());
        assert!(!h.verify("correct horse".into(), None).await.unwrap());
        assert!(!h
            .verify("x".into(), Some("not a hash".into()))
            .await
            .unwrap());
        assert_ne!(phc, h.hash("correct horse".into()).await.unwrap(), "salted");
    }
}
