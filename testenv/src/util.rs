//! Small helpers: unique ids, timestamps and hashes.

use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use sha2::{Digest, Sha256};

/// A random 8-hex-character id (random per call; for unique names).
pub fn short_id() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    hasher.write_u32(std::process::id());
    format!("{:08x}", hasher.finish() as u32)
}

/// A random RFC 4122-shaped (version 4 layout) id, for migration request UUIDs.
pub fn uuid_like() -> String {
    let a = short_id();
    let b = short_id();
    let c = short_id();
    let d = short_id();
    // short_id() is 8 ASCII hex digits, so every range is inside it.
    let part = |s: &str, r: std::ops::Range<usize>| s.get(r).unwrap_or_default().to_string();
    format!(
        "{a}-{}-4{}-8{}-{}{}",
        part(&b, 0..4),
        part(&b, 5..8),
        part(&c, 1..4),
        part(&c, 4..8),
        d
    )
}

/// The first 8 hex characters of SHA-256 of `input` (deterministic revision hashes).
pub fn hash8(input: &str) -> String {
    Sha256::digest(input.as_bytes())
        .iter()
        .take(4)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The current time as an RFC 3339 timestamp in UTC with second precision.
pub fn now_rfc3339() -> String {
    rfc3339_in(0)
}

/// The time `seconds` from now (negative for the past) as an RFC 3339 UTC timestamp.
pub fn rfc3339_in(seconds: i64) -> String {
    let ts = jiff::Timestamp::now()
        .checked_add(jiff::SignedDuration::from_secs(seconds))
        .unwrap_or_else(|_| jiff::Timestamp::now());
    // Second precision, as Kubernetes stores metav1.Time.
    let secs = ts.as_second();
    jiff::Timestamp::from_second(secs).unwrap_or(ts).to_string()
}

/// A duration in whole seconds from environment variable `name`, or `default` when it is unset.
pub fn env_duration_secs(
    name: &str,
    default: std::time::Duration,
) -> anyhow::Result<std::time::Duration> {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse::<u64>()
            .map(std::time::Duration::from_secs)
            .map_err(|_| anyhow::anyhow!("{name}={text:?} is not a whole number of seconds")),
        Err(std::env::VarError::NotPresent) => Ok(default),
        Err(std::env::VarError::NotUnicode(_)) => {
            anyhow::bail!("{name} is not a whole number of seconds")
        }
    }
}

/// `13m05s`, `42s`: a duration for progress lines.
pub fn human_duration(d: std::time::Duration) -> String {
    let secs = d.as_secs();
    if secs >= 60 {
        format!("{}m{:02}s", secs / 60, secs % 60)
    } else {
        format!("{secs}s")
    }
}

/// Accepts connections on `listener` until `stop` fires (or its sender is dropped), handling
/// each on its own task with `handle`. A failed accept is skipped.
pub async fn accept_until<H, Fut>(
    listener: tokio::net::TcpListener,
    mut stop: tokio::sync::oneshot::Receiver<()>,
    handle: H,
) where
    H: Fn(tokio::net::TcpStream) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    loop {
        tokio::select! {
            _ = &mut stop => return,
            accepted = listener.accept() => {
                if let Ok((stream, _)) = accepted {
                    tokio::spawn(handle(stream));
                }
            }
        }
    }
}
