//! Per-request time limits. kubectl's `--request-timeout` applies to every request; some reads
//! additionally carry their own cap, and the effective limit is the smaller one.

use std::future::Future;
use std::time::Duration;

/// The limit for one request; `None` means the request may take as long as it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RequestTimeout(pub Option<Duration>);

/// What a bounded request ended with.
#[derive(Debug)]
pub enum Bounded<T> {
    /// The request finished in time.
    Done(T),
    /// The limit expired first.
    TimedOut,
}

impl RequestTimeout {
    /// The smaller of this limit and `cap`.
    pub fn capped(self, cap: Duration) -> RequestTimeout {
        RequestTimeout(Some(self.0.map_or(cap, |d| d.min(cap))))
    }

    /// Runs `request` within the limit.
    pub async fn run<T>(self, request: impl Future<Output = T>) -> Bounded<T> {
        match self.0 {
            None => Bounded::Done(request.await),
            Some(limit) => match tokio::time::timeout(limit, request).await {
                Ok(value) => Bounded::Done(value),
                Err(_) => Bounded::TimedOut,
            },
        }
    }
}
