//! Bounded polling: every wait in the harness has a deadline.

use std::future::Future;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};

/// Calls `f` every `interval` until it returns `Ok(Some(value))`, fails on the first `Err`, and
/// gives up with an error after `timeout`. The last poll starts before the deadline.
pub async fn poll_until<T, F, Fut>(timeout: Duration, interval: Duration, mut f: F) -> Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<Option<T>>>,
{
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(value) = f().await? {
            return Ok(value);
        }
        let now = Instant::now();
        if now >= deadline {
            bail!("timed out after {timeout:?}");
        }
        tokio::time::sleep(interval.min(deadline - now)).await;
    }
}
