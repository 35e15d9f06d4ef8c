//! The wait engine (§4.4): the first acquisition at once; then either an exact-name WATCH
//! (condition=Ready, rollout=*) with fallback to polling, or polling every 5 s. It binds to the
//! first UID seen and stops on a match, a lost binding, the deadline or cancellation.

use super::acquire::{Acquired, Acquirer};
use crate::collect::wait::{WatchOpenError, watch_parent};
use crate::errors::WaitError;
use crate::evaluate::wait::report::EngineResult;
use crate::evaluate::wait::{Counts, Observation, Outcome, SourceMethod};
use crate::ome::Fetched;
use futures::StreamExt;
use kube::core::WatchEvent;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::{Instant, sleep_until};
use tokio_util::sync::CancellationToken;

/// Interval between polls.
pub(super) const POLL_INTERVAL: Duration = Duration::from_secs(5);
/// At most this many watch openings per wait.
const MAX_WATCH_OPENINGS: u32 = 2;
/// At most this many watch events per wait.
const MAX_EVENTS: u64 = 4096;
/// A server-suggested retry delay is honoured up to this long.
const MAX_RETRY_DELAY: Duration = Duration::from_secs(30);

/// What a progress display may show while waiting.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Progress {
    pub(crate) counts: Counts,
}

/// The engine's running state.
struct Engine<'a> {
    acquirer: &'a mut Acquirer,
    start: Instant,
    deadline: Instant,
    budget: u64,
    counts: Counts,
    last: Option<Observation>,
    method: SourceMethod,
    polling_fallback: bool,
    pinned_uid: Option<String>,
    resource_version: String,
    progress: Option<Arc<Mutex<Progress>>>,
}

/// ⌈timeout / 5 s⌉ + 2 acquisitions.
pub(super) fn acquisition_budget(timeout: Duration) -> u64 {
    let step = POLL_INTERVAL.as_nanos();
    u64::try_from(timeout.as_nanos().div_ceil(step))
        .unwrap_or(u64::MAX)
        .saturating_add(2)
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
        budget: acquisition_budget(timeout),
        counts: Counts::default(),
        last: None,
        method: SourceMethod::InitialGet,
        polling_fallback: false,
        pinned_uid: None,
        resource_version: String::new(),
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
    async fn body(&mut self) -> Result<Outcome, WaitError> {
        if let Some(outcome) = self.acquire_once(SourceMethod::InitialGet).await? {
            return Ok(outcome);
        }
        if self.acquirer.request.predicate.uses_watch() {
            self.watch_phase().await
        } else {
            self.poll_phase(self.start).await
        }
    }

    fn publish(&self) {
        if let Some(progress) = &self.progress
            && let Ok(mut p) = progress.lock()
        {
            p.counts = self.counts;
        }
    }

    /// One acquisition, counted against the budget.
    async fn acquire_once(&mut self, method: SourceMethod) -> Result<Option<Outcome>, WaitError> {
        if self.counts.gets >= self.budget {
            return Err(WaitError::AcquisitionBudgetExceeded);
        }
        self.counts.gets += 1;
        if method == SourceMethod::Poll {
            self.counts.polls += 1;
        }
        self.publish();
        let acquired = self.acquirer.acquire().await?;
        Ok(self.apply(acquired, method))
    }

    /// Applies one acquisition or event: binding first, then the predicate.
    fn apply(&mut self, acquired: Acquired, method: SourceMethod) -> Option<Outcome> {
        let outcome = match acquired {
            Acquired::Skipped => None,
            Acquired::NotFound if self.pinned_uid.is_none() => Some(Outcome::NotFound),
            Acquired::NotFound => Some(Outcome::Deleted),
            Acquired::Found {
                uid,
                resource_version,
                deleting,
                observation,
            } => {
                self.counts.observations += 1;
                self.method = method;
                let matched = observation.matched();
                self.last = Some(*observation);
                self.resource_version = resource_version;
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

    /// Polls every 5 s from `from`; a poll never starts at or after the deadline.
    async fn poll_phase(&mut self, from: Instant) -> Result<Outcome, WaitError> {
        let mut next = from;
        loop {
            next += POLL_INTERVAL;
            if next >= self.deadline {
                return std::future::pending().await;
            }
            sleep_until(next).await;
            if let Some(outcome) = self.acquire_once(SourceMethod::Poll).await? {
                return Ok(outcome);
            }
        }
    }

    async fn fall_back(&mut self) -> Result<Outcome, WaitError> {
        self.polling_fallback = true;
        self.poll_phase(Instant::now()).await
    }

    /// Follows the exact-name watch from the last resourceVersion (at most two openings).
    async fn watch_phase(&mut self) -> Result<Outcome, WaitError> {
        let mut openings = 0;
        loop {
            if openings >= MAX_WATCH_OPENINGS {
                return self.fall_back().await;
            }
            openings += 1;
            self.counts.watches += 1;
            self.publish();
            match self.follow_watch().await? {
                WatchEnd::Outcome(outcome) => return Ok(outcome),
                WatchEnd::Expired => {
                    if let Some(outcome) = self.acquire_once(SourceMethod::RefreshGet).await? {
                        return Ok(outcome);
                    }
                }
                WatchEnd::Closed => {}
                WatchEnd::RetryAfter(delay) => tokio::time::sleep(delay).await,
                WatchEnd::Unusable => return self.fall_back().await,
            }
        }
    }

    /// Opens one watch and applies its events until it ends.
    async fn follow_watch(&mut self) -> Result<WatchEnd, WaitError> {
        let opened = watch_parent(
            &self.acquirer.client,
            &self.acquirer.namespace,
            &self.acquirer.request.name,
            &self.resource_version,
        )
        .await;
        let stream = match opened {
            Ok(stream) => stream,
            Err(WatchOpenError::Status(status)) => return Ok(classify_status(&status)),
            Err(WatchOpenError::Unusable) => return Ok(WatchEnd::Unusable),
        };
        let mut stream = std::pin::pin!(stream);
        while let Some(item) = stream.next().await {
            let event = match item {
                Ok(event) => event,
                Err(kube::Error::Api(status)) => return Ok(classify_status(&status)),
                Err(_) => return Ok(WatchEnd::Unusable),
            };
            match event {
                WatchEvent::Added(raw) | WatchEvent::Modified(raw) => {
                    self.count_event()?;
                    let fetched = Fetched::from_raw(raw).ok_or(WaitError::AcquisitionFailed)?;
                    let acquired = self.acquirer.evaluate_parent(&fetched)?;
                    if let Some(outcome) = self.apply(acquired, SourceMethod::Watch) {
                        return Ok(WatchEnd::Outcome(outcome));
                    }
                }
                WatchEvent::Deleted(_) => {
                    self.count_event()?;
                    return Ok(WatchEnd::Outcome(Outcome::Deleted));
                }
                WatchEvent::Bookmark(bookmark) => {
                    self.resource_version = bookmark.metadata.resource_version;
                }
                WatchEvent::Error(status) => return Ok(classify_status(&status)),
            }
        }
        Ok(WatchEnd::Closed)
    }

    fn count_event(&mut self) -> Result<(), WaitError> {
        self.counts.events += 1;
        if self.counts.events > MAX_EVENTS {
            return Err(WaitError::EventBudgetExceeded);
        }
        Ok(())
    }
}

/// How one watch ended.
enum WatchEnd {
    Outcome(Outcome),
    /// 410 Gone: refresh with a GET, then re-watch.
    Expired,
    /// The server closed the stream.
    Closed,
    /// A transient error with a suggested retry delay.
    RetryAfter(Duration),
    /// Forbidden, NotFound, MethodNotSupported or anything else: poll instead.
    Unusable,
}

fn classify_status(status: &kube::core::Status) -> WatchEnd {
    match status.code {
        410 => WatchEnd::Expired,
        429 | 500..=599 => status
            .details
            .as_ref()
            .map(|d| d.retry_after_seconds)
            .filter(|s| *s > 0)
            .map_or(WatchEnd::Unusable, |s| {
                WatchEnd::RetryAfter(Duration::from_secs(u64::from(s)).min(MAX_RETRY_DELAY))
            }),
        _ => WatchEnd::Unusable,
    }
}
