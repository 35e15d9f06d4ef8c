//! The wait engine (docs/wait.md): the first acquisition at once; then exact watches of what
//! the predicate read, from the resourceVersions of that read, until a match, a lost binding,
//! the deadline or cancellation. Polling every 5 s is the fallback when a watch cannot be
//! opened or keeps failing. A transient failure of any read is counted and skipped; a wait in
//! which no read succeeded ends with its own error.

use super::acquire::{Acquired, Acquirer, Read};
use super::watch::SessionEnd;
use crate::errors::WaitError;
use crate::evaluate::wait::report::EngineResult;
use crate::evaluate::wait::{Counts, Observation, Outcome, SourceMethod};
use crate::ome::request::wait::{POLL_INTERVAL, WATCH_READS, read_budget, watch_budget};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::{Instant, sleep_until};
use tokio_util::sync::CancellationToken;

/// A server-suggested retry delay is honoured up to this long.
pub(super) const MAX_RETRY_DELAY: Duration = Duration::from_secs(30);

/// What a progress display may show while waiting.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Progress {
    pub(crate) counts: Counts,
}

/// The engine's running state.
pub(super) struct Engine<'a> {
    pub(super) acquirer: &'a mut Acquirer,
    start: Instant,
    deadline: Instant,
    /// GET/LIST acquisitions allowed (polls, re-reads, confirmations).
    read_budget: u64,
    /// Of those, re-reads and confirmations the watches made.
    watch_reads: u64,
    /// Watch openings allowed.
    pub(super) watch_budget: u64,
    pub(super) counts: Counts,
    last: Option<Observation>,
    method: SourceMethod,
    polling_fallback: bool,
    pinned_uid: Option<String>,
    /// When the next poll may start.
    next_poll: Instant,
    progress: Option<Arc<Mutex<Progress>>>,
}

/// Runs the wait to its end. Runtime errors (and cancellation) return `Err` and no report.
pub(super) async fn run(
    acquirer: &mut Acquirer,
    timeout: Duration,
    cancel: &CancellationToken,
    progress: Option<Arc<Mutex<Progress>>>,
) -> Result<EngineResult, WaitError> {
    let start = Instant::now();
    let deadline = start + timeout;
    let mut engine = Engine {
        acquirer,
        start,
        deadline,
        read_budget: read_budget(timeout),
        watch_reads: 0,
        watch_budget: watch_budget(timeout),
        counts: Counts::default(),
        last: None,
        method: SourceMethod::InitialGet,
        polling_fallback: false,
        pinned_uid: None,
        next_poll: start + POLL_INTERVAL,
        progress,
    };
    let outcome = {
        let body = engine.body();
        tokio::select! {
            biased;
            () = cancel.cancelled() => Err(WaitError::Canceled),
            result = body => result,
            () = sleep_until(deadline) => Ok(Outcome::TimedOut),
        }
    }?;
    // Every successful read is an observation or ends the wait (NotFound, Deleted).
    if outcome == Outcome::TimedOut && engine.counts.observations == 0 {
        return Err(WaitError::AcquisitionUnavailable);
    }
    let elapsed = Instant::now().saturating_duration_since(engine.start);
    Ok(EngineResult {
        outcome,
        last: engine.last,
        counts: engine.counts,
        method: engine.method,
        polling_fallback: engine.polling_fallback,
        elapsed_ms: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
    })
}

impl Engine<'_> {
    /// Reads, then watches what was read; polls instead once watching is given up.
    async fn body(&mut self) -> Result<Outcome, WaitError> {
        let mut method = SourceMethod::InitialGet;
        let mut watching = true;
        loop {
            let read = self.read(method).await?;
            let used = std::mem::replace(&mut method, SourceMethod::Poll);
            let snapshot = match read {
                Read {
                    acquired: Acquired::Skipped { retry_after },
                    ..
                } => {
                    self.skip(retry_after);
                    None
                }
                Read { acquired, snapshot } => {
                    if let Some(outcome) = self.apply(acquired, used) {
                        return Ok(outcome);
                    }
                    snapshot
                }
            };
            if watching && let Some(snapshot) = snapshot {
                match self.watch(snapshot).await? {
                    SessionEnd::Outcome(outcome) => return Ok(outcome),
                    SessionEnd::Resync if self.take_watch_read() => {
                        method = SourceMethod::RefreshGet;
                        continue;
                    }
                    SessionEnd::Skipped { retry_after } => self.skip(retry_after),
                    SessionEnd::Resync | SessionEnd::Fallback => {
                        watching = false;
                        self.polling_fallback = true;
                        self.next_poll = Instant::now() + POLL_INTERVAL;
                    }
                }
            }
            self.until_next_poll().await;
        }
    }

    pub(super) fn publish(&self) {
        if let Some(progress) = &self.progress
            && let Ok(mut p) = progress.lock()
        {
            p.counts = self.counts;
        }
    }

    /// One acquisition, counted against the read budget.
    async fn read(&mut self, method: SourceMethod) -> Result<Read, WaitError> {
        self.count_read()?;
        if method == SourceMethod::Poll {
            self.counts.polls += 1;
        }
        self.publish();
        self.acquirer.acquire().await
    }

    /// Counts one GET/LIST acquisition against the budget.
    pub(super) fn count_read(&mut self) -> Result<(), WaitError> {
        if self.counts.gets >= self.read_budget {
            return Err(WaitError::AcquisitionBudgetExceeded);
        }
        self.counts.gets += 1;
        Ok(())
    }

    /// One of the re-reads a watch may add to polling; false once they are spent.
    pub(super) fn take_watch_read(&mut self) -> bool {
        if self.watch_reads >= WATCH_READS {
            return false;
        }
        self.watch_reads += 1;
        true
    }

    /// A read failed transiently: count it; the next poll waits for the server's delay.
    pub(super) fn skip(&mut self, retry_after: Option<Duration>) {
        self.counts.skipped += 1;
        if let Some(delay) = retry_after {
            self.next_poll = self
                .next_poll
                .max(Instant::now() + delay.min(MAX_RETRY_DELAY));
        }
        self.publish();
    }

    /// Sleeps until the next 5 s tick (skipping ticks already past); a poll never starts at or
    /// after the deadline.
    async fn until_next_poll(&mut self) {
        let now = Instant::now();
        while self.next_poll <= now {
            self.next_poll += POLL_INTERVAL;
        }
        if self.next_poll >= self.deadline {
            return std::future::pending().await;
        }
        sleep_until(self.next_poll).await;
    }

    /// Applies one acquisition or event: binding first, then the predicate.
    pub(super) fn apply(&mut self, acquired: Acquired, method: SourceMethod) -> Option<Outcome> {
        let outcome = match acquired {
            Acquired::Skipped { .. } => None,
            Acquired::NotFound if self.pinned_uid.is_none() => Some(Outcome::NotFound),
            Acquired::NotFound => Some(Outcome::Deleted),
            Acquired::Found {
                uid,
                deleting,
                observation,
            } => {
                self.counts.observations += 1;
                self.method = method;
                let matched = observation.matched();
                self.last = Some(*observation);
                let pinned = self.pinned_uid.get_or_insert_with(|| uid.clone());
                if *pinned != uid {
                    Some(Outcome::Replaced)
                } else if deleting {
                    Some(Outcome::Deleted)
                } else if matched {
                    Some(Outcome::Matched)
                } else {
                    None
                }
            }
        };
        self.publish();
        outcome
    }
}

#[cfg(test)]
mod tests {
    use crate::ome::request::wait::{read_budget, watch_budget};
    use std::time::Duration;

    #[test]
    fn budgets_follow_the_timeout() {
        // ⌈60 s / 5 s⌉ + 2, plus 32 watch re-reads.
        assert_eq!(read_budget(Duration::from_secs(60)), 46);
        assert_eq!(read_budget(Duration::from_millis(60_001)), 47);
        // Two streams, one opening per 240 s window plus the first, plus 16 reopenings.
        assert_eq!(watch_budget(Duration::from_secs(60)), 20);
        assert_eq!(watch_budget(Duration::from_secs(24 * 3600)), 738);
    }
}
