//! Password hashing: Argon2id (the `argon2` crate) with OWASP's recommended parameters,
//! stored as PHC strings. Each hash takes tens of milliseconds and 19 MiB, so hashes run on
//! tokio's blocking threads, at most [`AT_ONCE`] at a time: a flood of log-ins waits (and
//! is refused after [`WAIT`]) instead of starving the server's other work. The 19 MiB are
//! kept and reused ([`MEMORY`]): a flood of log-ins holds [`AT_ONCE`] of them, not one per
//! hash that the allocator may keep afterwards (issue 36: 680-984 MB of RSS after a flood).

use crate::error::{ApiError, ApiResult};
use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::Semaphore;

/// Memory in KiB, passes and lanes: OWASP's Password Storage Cheat Sheet, first option for
/// Argon2id (m=19 MiB, t=2, p=1).
pub const PARAMS: (u32, u32, u32) = (19 * 1024, 2, 1);

/// Most hashes computed at once.
pub const AT_ONCE: usize = 2;

/// Longest a request waits for its turn to hash.
const WAIT: Duration = Duration::from_secs(10);

/// Bytes of a hash's output and of a new salt.
const OUTPUT_LEN: usize = 32;
const SALT_LEN: usize = 16;

/// The hashes' working memory, kept between hashes: at most one per hash running at once
/// (and one for the dummy hash made at start).
static MEMORY: Mutex<Vec<Vec<Block>>> = Mutex::new(Vec::new());

fn params() -> Params {
    let (m, t, p) = PARAMS;
    Params::new(m, t, p, Some(OUTPUT_LEN)).expect("valid Argon2 parameters")
}

/// Runs `f` with a working memory of `blocks` blocks, reused from [`MEMORY`] when one of the
/// size is there.
fn with_memory<T>(blocks: usize, f: impl FnOnce(&mut [Block]) -> T) -> T {
    let kept = {
        let mut m = MEMORY.lock().expect("hash memory");
        let at = m.iter().position(|b| b.len() == blocks);
        at.map(|i| m.swap_remove(i))
    };
    let mut memory = kept.unwrap_or_else(|| vec![Block::new(); blocks]);
    let r = f(&mut memory);
    let mut m = MEMORY.lock().expect("hash memory");
    // Bounded: only this process's parameters' size is kept, and no more than can be in use.
    if blocks == params().block_count() && m.len() <= AT_ONCE {
        m.push(memory);
    }
    r
}

/// The raw hash of `password` with `salt` under `algorithm`, `version` and `params`.
fn raw_hash(
    password: &[u8],
    salt: &[u8],
    algorithm: Algorithm,
    version: Version,
    params: Params,
) -> Result<Output, String> {
    let len = params.output_len().unwrap_or(OUTPUT_LEN);
    let blocks = params.block_count();
    let argon = Argon2::new(algorithm, version, params);
    let mut out = vec![0u8; len];
    with_memory(blocks, |memory| {
        argon.hash_password_into_with_memory(password, salt, &mut out, memory)
    })
    .map_err(|e| e.to_string())?;
    Output::new(&out).map_err(|e| e.to_string())
}

fn hash_now(password: &str) -> Result<String, String> {
    let mut salt = [0u8; SALT_LEN];
    getrandom::fill(&mut salt).map_err(|e| e.to_string())?;
    let params = params();
    let hash = raw_hash(
        password.as_bytes(),
        &salt,
        Algorithm::Argon2id,
        Version::V0x13,
        params.clone(),
    )?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| e.to_string())?,
        salt: Some(Salt::new(&salt).map_err(|e| e.to_string())?),
        hash: Some(hash),
    };
    Ok(phc.to_string())
}

/// Whether `password` hashes to the PHC string `phc` (its own algorithm, version, parameters
/// and salt); the outputs are compared in constant time (`Output`'s equality).
fn verify_now(password: &str, phc: &str) -> Result<bool, String> {
    let h = PasswordHash::new(phc).map_err(|e| e.to_string())?;
    let algorithm = Algorithm::try_from(h.algorithm.as_str()).map_err(|e| e.to_string())?;
    let version = match h.version {
        Some(v) => Version::try_from(v).map_err(|e| e.to_string())?,
        None => Version::default(),
    };
    let params = Params::try_from(&h).map_err(|e| e.to_string())?;
    let (Some(salt), Some(expected)) = (&h.salt, &h.hash) else {
        return Err("no salt or hash in a stored password hash".into());
    };
    let computed = raw_hash(password.as_bytes(), salt, algorithm, version, params)?;
    Ok(computed == *expected)
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
            let ok = match verify_now(&password, &phc) {
                Ok(ok) => ok,
                Err(e) => {
                    tracing::error!("a stored password hash does not check: {e}");
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
        // A hash made by the crate's own hasher (as stored before the memory was reused)
        // checks the same.
        use argon2::password_hash::PasswordHasher;
        let (m, t, p) = PARAMS;
        let argon = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(m, t, p, None).unwrap(),
        );
        let old = argon.hash_password(b"correct horse").unwrap().to_string();
        assert!(h
            .verify("correct horse".into(), Some(old.clone()))
            .await
            .unwrap());
        assert!(!h.verify("wrong horse".into(), Some(old)).await.unwrap());
        // The working memory is kept, never more than can be in use at once.
        let kept = MEMORY.lock().unwrap().len();
        assert!((1..=AT_ONCE + 1).contains(&kept), "{kept}");
    }
}
