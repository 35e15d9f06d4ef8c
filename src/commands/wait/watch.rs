//! The watch phase of the engine: one stream per watched object (the service, its
//! InferenceReplica or replicas), each a task that forwards its events. Every event replaces
//! the object it carries in the snapshot, which is then judged like a read. An object read by
//! name is watched from its current state (a streaming watch list, README difference k): its
//! initial ADDED event counts only if the object changed since the read, and the end of the
//! initial events without it means the object is gone. A stream the server ends is renewed
//! from its last resourceVersion (bookmarks keep it current); one that drops or fails
//! transiently is reopened after a backoff (honouring `Retry-After`, capped) at most
//! [`MAX_RECONNECTS`] times in a row. `410 Gone` re-lists once: an exact-name stream reopens as
//! a streaming watch list, the InferenceReplicas' stream asks for a new LIST (a re-read);
//! anything else gives the watch up for polling.

use super::acquire::Confirmation;
use super::engine::{Engine, MAX_RETRY_DELAY};
use super::snapshot::{Snapshot, Watched};
use crate::collect::watch::{self as watches, StreamFault, WatchRequest, is_initial_events_end};
use crate::connect::RequestTimeout;
use crate::errors::WaitError;
use crate::evaluate::wait::{Outcome, SourceMethod};
use crate::ome::Fetched;
use crate::ome::evidence::ApiError;
use crate::ome::request::wait::{MAX_EVENTS, WATCH_WINDOW};
use kube::core::WatchEvent;
use serde_json::Value;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::{AbortHandle, JoinSet};
use tokio::time::Instant;

/// Reopenings in a row after drops or transient failures before a stream is given up.
const MAX_RECONNECTS: u32 = 3;
/// The first reconnect waits this long; each further one twice as long.
const BACKOFF: Duration = Duration::from_secs(1);
/// A stream that ends cleanly earlier than this without delivering anything counts as failed.
const HEALTHY_LIFETIME: Duration = Duration::from_secs(10);
/// A stream silent this long past its window is treated as dropped.
const STALL_MARGIN: Duration = Duration::from_secs(30);

/// How a watch phase ended.
pub(super) enum SessionEnd {
    Outcome(Outcome),
    /// `410 Gone` of the InferenceReplicas' watch, a changed InferenceReplica name, or a
    /// collection past its bound: re-read and watch again from the new read.
    Resync,
    /// A re-read failed transiently: read again at the next poll tick, then watch again.
    Skipped {
        retry_after: Option<Duration>,
    },
    /// The watch cannot be used or keeps failing: poll.
    Fallback,
}

/// What to do after one signal.
enum Step {
    Continue,
    Reopen(Duration),
    End(SessionEnd),
}

/// What a stream task reports.
enum Signal {
    Event(WatchEvent<Value>),
    /// The watch could not be opened.
    Failed(ApiError),
    /// The open watch broke.
    Fault(StreamFault),
    /// The server ended the watch.
    Closed,
}

/// A signal from one opening of one stream.
struct Tagged {
    stream: usize,
    opening: u64,
    signal: Signal,
}

/// One watched object and its current opening.
struct Stream {
    watched: Watched,
    request: WatchRequest,
    opening: u64,
    task: Option<AbortHandle>,
    opened_at: Instant,
    delivered: bool,
    /// A streaming watch list delivered the object among its initial events.
    listed: bool,
    failures: u32,
    reopen_at: Option<Instant>,
}

/// Where stream tasks send their signals.
struct Streams {
    list: Vec<Stream>,
    tx: mpsc::Sender<Tagged>,
    tasks: JoinSet<()>,
    client: kube::Client,
    timeout: RequestTimeout,
}

impl Engine<'_> {
    /// Watches everything `snapshot` holds until the wait ends or the watch phase does.
    pub(super) async fn watch(&mut self, mut snapshot: Snapshot) -> Result<SessionEnd, WaitError> {
        let namespace = self.acquirer.namespace.clone();
        let Some(plan) = snapshot.watches(&namespace, &self.acquirer.request.name) else {
            return Ok(SessionEnd::Fallback);
        };
        let (tx, mut rx) = mpsc::channel(16);
        let mut streams = Streams {
            list: plan
                .into_iter()
                .map(|(watched, request)| Stream {
                    watched,
                    request,
                    opening: 0,
                    task: None,
                    opened_at: Instant::now(),
                    delivered: false,
                    listed: false,
                    failures: 0,
                    reopen_at: Some(Instant::now()),
                })
                .collect(),
            tx,
            tasks: JoinSet::new(),
            client: self.acquirer.client.clone(),
            timeout: self.acquirer.timeout,
        };
        loop {
            if !self.open_due(&mut streams) {
                return Ok(SessionEnd::Fallback);
            }
            let due = streams.list.iter().filter_map(|s| s.reopen_at).min();
            let tagged = tokio::select! {
                tagged = rx.recv() => tagged,
                () = sleep_until_some(due) => continue,
            };
            let Some(Tagged {
                stream: index,
                opening,
                signal,
            }) = tagged
            else {
                return Ok(SessionEnd::Fallback);
            };
            let Some(stream) = streams.list.get_mut(index) else {
                continue;
            };
            if opening != stream.opening {
                continue; // from an opening already replaced
            }
            let step = self.on_signal(&mut snapshot, stream, signal).await?;
            self.publish();
            match step {
                Step::Continue => {}
                Step::Reopen(delay) => {
                    stream.close();
                    stream.reopen_at = Some(Instant::now() + delay);
                }
                Step::End(end) => return Ok(end),
            }
        }
    }

    /// Opens every stream whose reopening is due; false once the opening budget is spent.
    fn open_due(&mut self, streams: &mut Streams) -> bool {
        let now = Instant::now();
        for index in 0..streams.list.len() {
            let due = streams
                .list
                .get(index)
                .and_then(|s| s.reopen_at)
                .is_some_and(|at| at <= now);
            if !due {
                continue;
            }
            if self.counts.watches >= self.watch_budget {
                return false;
            }
            self.counts.watches += 1;
            streams.open(index);
        }
        self.publish();
        true
    }

    async fn on_signal(
        &mut self,
        snapshot: &mut Snapshot,
        stream: &mut Stream,
        signal: Signal,
    ) -> Result<Step, WaitError> {
        Ok(match signal {
            Signal::Event(WatchEvent::Bookmark(bookmark)) => {
                stream.healthy();
                if !stream.request.initial_events {
                    stream.request.resource_version = bookmark.metadata.resource_version;
                    return Ok(Step::Continue);
                }
                if !is_initial_events_end(&bookmark) {
                    return Ok(Step::Continue);
                }
                stream.request.listed_at(bookmark.metadata.resource_version);
                self.listed(snapshot, stream).await?
            }
            Signal::Event(WatchEvent::Error(status)) => {
                let error = ApiError::Status {
                    code: status.code,
                    reason: status.reason.clone(),
                    message: String::new(),
                    details: status
                        .details
                        .as_ref()
                        .filter(|d| d.retry_after_seconds > 0)
                        .map(|d| serde_json::json!({"retryAfterSeconds": d.retry_after_seconds})),
                };
                self.failed(stream, &error)
            }
            Signal::Event(change) => {
                stream.healthy();
                if stream.request.initial_events && as_read(snapshot, stream, &change) {
                    return Ok(Step::Continue);
                }
                self.on_change(snapshot, stream, change).await?
            }
            Signal::Failed(error) => self.failed(stream, &error),
            Signal::Fault(StreamFault::Dropped) => self.transient(stream, None),
            Signal::Fault(StreamFault::Oversized | StreamFault::Undecodable) => {
                Step::End(SessionEnd::Fallback)
            }
            Signal::Closed
                if stream.delivered || stream.opened_at.elapsed() >= HEALTHY_LIFETIME =>
            {
                Step::Reopen(Duration::ZERO)
            }
            Signal::Closed => self.transient(stream, None),
        })
    }

    /// The initial events of a streaming watch list ended: an object read by name that they
    /// did not hold is gone.
    async fn listed(
        &mut self,
        snapshot: &mut Snapshot,
        stream: &mut Stream,
    ) -> Result<Step, WaitError> {
        let read = !snapshot.version_of(stream.watched).is_empty();
        if std::mem::take(&mut stream.listed) || !read {
            return Ok(Step::Continue);
        }
        let gone = WatchEvent::Deleted(Value::Null);
        self.on_change(snapshot, stream, gone).await
    }

    /// A watch the server refused or ended with an error Status.
    fn failed(&mut self, stream: &mut Stream, error: &ApiError) -> Step {
        if error.is_gone() && stream.watched == Watched::Replicas {
            // Only a new LIST can tell what the collection holds.
            Step::End(SessionEnd::Resync)
        } else if error.is_gone() {
            // One fresh list: the stream reopens from the object's current state, never again
            // from the expired version. Repeated expiries count like failures.
            stream.request.list_first();
            stream.failures += 1;
            if stream.failures > MAX_RECONNECTS {
                return Step::End(SessionEnd::Fallback);
            }
            Step::Reopen(Duration::ZERO)
        } else if error.is_transient() {
            self.transient(stream, error.retry_after())
        } else {
            // Forbidden, NotFound, MethodNotSupported, …: the watch cannot be used.
            Step::End(SessionEnd::Fallback)
        }
    }

    /// Counts a transient failure and reopens after the backoff (or the server's delay, if
    /// longer); gives the watch up after too many in a row.
    fn transient(&mut self, stream: &mut Stream, retry_after: Option<Duration>) -> Step {
        self.counts.skipped += 1;
        stream.failures += 1;
        if stream.failures > MAX_RECONNECTS {
            return Step::End(SessionEnd::Fallback);
        }
        Step::Reopen(reconnect_delay(stream.failures, retry_after))
    }

    /// An object changed: replace it in the snapshot and judge the snapshot.
    async fn on_change(
        &mut self,
        snapshot: &mut Snapshot,
        stream: &mut Stream,
        change: WatchEvent<Value>,
    ) -> Result<Step, WaitError> {
        let (raw, deleted) = match change {
            WatchEvent::Added(raw) | WatchEvent::Modified(raw) => (raw, false),
            WatchEvent::Deleted(raw) => (raw, true),
            WatchEvent::Bookmark(_) | WatchEvent::Error(_) => return Ok(Step::Continue),
        };
        self.counts.events += 1;
        if self.counts.events > MAX_EVENTS {
            self.counts.events = MAX_EVENTS;
            return Ok(Step::End(SessionEnd::Fallback));
        }
        if let Some(version) = raw
            .pointer("/metadata/resourceVersion")
            .and_then(Value::as_str)
        {
            stream.request.resource_version = version.to_string();
        }
        match (stream.watched, deleted) {
            (Watched::Service, true) => {
                return Ok(Step::End(SessionEnd::Outcome(Outcome::Deleted)));
            }
            (Watched::Service, false) => {
                let parent = Fetched::from_raw(raw).ok_or(WaitError::AcquisitionFailed)?;
                self.acquirer.check(&parent.view)?;
                snapshot.parent = parent;
                if self.acquirer.selection_moved(snapshot) {
                    return Ok(Step::End(SessionEnd::Resync));
                }
            }
            (Watched::Replica, true) => snapshot.replica_changed(None),
            (Watched::Replica, false) => snapshot.replica_changed(Some(raw)),
            (Watched::Replicas, deleted) => {
                if !snapshot.listed_changed(raw, deleted) {
                    return Ok(Step::End(SessionEnd::Resync));
                }
            }
        }
        self.judge(snapshot, stream.watched).await
    }

    /// Judges the snapshot after an event; a match of a predicate that reads the service and
    /// one InferenceReplica in order holds only once the re-reads of a poll confirm it.
    async fn judge(&mut self, snapshot: &Snapshot, trigger: Watched) -> Result<Step, WaitError> {
        let acquired = self.acquirer.evaluate(snapshot)?;
        if !(acquired.matched() && self.acquirer.confirms_matches()) {
            return Ok(self.concluded(acquired));
        }
        if !self.take_watch_read() {
            return Ok(Step::End(SessionEnd::Fallback));
        }
        self.count_read()?;
        self.publish();
        match self.acquirer.confirm(snapshot, trigger).await? {
            Confirmation::Judged(super::acquire::Acquired::Skipped { retry_after }) => {
                Ok(Step::End(SessionEnd::Skipped { retry_after }))
            }
            Confirmation::Judged(acquired) => Ok(self.concluded(acquired)),
            Confirmation::ServiceChanged => Ok(Step::Continue),
        }
    }

    fn concluded(&mut self, acquired: super::acquire::Acquired) -> Step {
        match self.apply(acquired, SourceMethod::Watch) {
            Some(outcome) => Step::End(SessionEnd::Outcome(outcome)),
            None => Step::Continue,
        }
    }
}

impl Stream {
    /// The stream works: its failures no longer count.
    fn healthy(&mut self) {
        self.delivered = true;
        self.failures = 0;
    }

    /// Stops the current opening; its late signals are ignored.
    fn close(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
        self.opening += 1;
    }
}

impl Streams {
    /// Starts a new opening of stream `index` from its last resourceVersion.
    fn open(&mut self, index: usize) {
        let Some(stream) = self.list.get_mut(index) else {
            return;
        };
        stream.close();
        stream.reopen_at = None;
        stream.opened_at = Instant::now();
        stream.delivered = false;
        stream.listed = false;
        let task = pump(
            self.client.clone(),
            stream.request.clone(),
            self.timeout,
            self.tx.clone(),
            (index, stream.opening),
        );
        stream.task = Some(self.tasks.spawn(task));
    }
}

/// An initial event of a streaming watch list: marks the object as listed; true when it is
/// the object exactly as read (same resourceVersion), so nothing changed.
fn as_read(snapshot: &Snapshot, stream: &mut Stream, event: &WatchEvent<Value>) -> bool {
    let WatchEvent::Added(raw) = event else {
        return false;
    };
    stream.listed = true;
    let version = raw
        .pointer("/metadata/resourceVersion")
        .and_then(Value::as_str);
    version.is_some_and(|v| !v.is_empty() && v == snapshot.version_of(stream.watched))
}

/// One opening of one watch: forwards its events until it ends, then says how it ended.
async fn pump(
    client: kube::Client,
    request: WatchRequest,
    timeout: RequestTimeout,
    tx: mpsc::Sender<Tagged>,
    (stream, opening): (usize, u64),
) {
    let tag = |signal| Tagged {
        stream,
        opening,
        signal,
    };
    let mut events = match watches::open(&client, &request, timeout).await {
        Ok(events) => events,
        Err(error) => {
            let _ = tx.send(tag(Signal::Failed(error))).await;
            return;
        }
    };
    let stalled = tokio::time::sleep(WATCH_WINDOW + STALL_MARGIN);
    tokio::pin!(stalled);
    loop {
        let item = tokio::select! {
            item = events.next() => item,
            () = &mut stalled => Some(Err(StreamFault::Dropped)),
        };
        let signal = match item {
            Some(Ok(event)) => Signal::Event(event),
            Some(Err(fault)) => Signal::Fault(fault),
            None => Signal::Closed,
        };
        let last = !matches!(signal, Signal::Event(_));
        if tx.send(tag(signal)).await.is_err() || last {
            return;
        }
    }
}

/// The wait before reconnect `n` (1-based): 1 s, 2 s, 4 s …, or the server's delay when longer,
/// at most [`MAX_RETRY_DELAY`].
fn reconnect_delay(n: u32, retry_after: Option<Duration>) -> Duration {
    let backoff = BACKOFF.saturating_mul(1 << n.saturating_sub(1).min(4));
    backoff
        .max(retry_after.unwrap_or_default())
        .min(MAX_RETRY_DELAY)
}

async fn sleep_until_some(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reconnects_back_off_and_honour_the_server_up_to_a_cap() {
        let secs = Duration::from_secs;
        assert_eq!(reconnect_delay(1, None), secs(1));
        assert_eq!(reconnect_delay(2, None), secs(2));
        assert_eq!(reconnect_delay(3, None), secs(4));
        assert_eq!(reconnect_delay(1, Some(secs(7))), secs(7));
        assert_eq!(reconnect_delay(3, Some(secs(2))), secs(4));
        assert_eq!(reconnect_delay(1, Some(secs(3600))), MAX_RETRY_DELAY);
    }
}
