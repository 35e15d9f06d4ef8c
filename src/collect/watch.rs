//! Exact watches of what `wait` reads: one InferenceService or InferenceReplica by name, or the
//! service's InferenceReplicas by the same label selector the LIST uses. A watch starts from a
//! current resourceVersion (README difference k): an exact-name watch as a streaming watch list
//! (`sendInitialEvents=true`, `resourceVersionMatch=NotOlderThan`: the object as it is now, then
//! a bookmark marking the end of the initial events), the label-selected one from its LIST's
//! resourceVersion; later openings continue from the last event or bookmark. Every watch asks
//! for bookmarks and lasts at most [`WATCH_WINDOW`] on the server (below the client's own read
//! timeout, so a quiet watch ends cleanly); every event line is bounded in size (the object's
//! own GET cap plus the event envelope, within [`watch_lines`]' limit).

use super::http::{ApiRequest, get_object, paths, watch_lines};
use super::list::encode;
use crate::connect::RequestTimeout;
use crate::ome::evidence::ApiError;
use crate::ome::keys::LABEL_INFERENCESERVICE;
use crate::ome::request::wait::WATCH_WINDOW;
use bytes::Bytes;
use futures::{Stream, StreamExt};
use kube::core::WatchEvent;
use serde_json::Value;
use std::pin::Pin;
use std::time::Duration;

/// Time limit for the response head of a watch.
const OPEN_LIMIT: Duration = Duration::from_secs(10);
/// An event line longer than this ends the watch (the object's own GET cap plus the envelope).
const EVENT_OVERHEAD: usize = 4 << 10;
/// The annotation of the bookmark that ends the initial events of a streaming watch list.
const INITIAL_EVENTS_END: &str = "k8s.io/initial-events-end";

/// What a watch follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum WatchScope {
    /// The InferenceService `name`.
    Service(String),
    /// The InferenceReplica `name`.
    Replica(String),
    /// The InferenceReplicas labelled `ome.io/inferenceservice=<service>`.
    ServiceReplicas(String),
}

/// One watch to open.
#[derive(Debug, Clone)]
pub(crate) struct WatchRequest {
    pub(crate) namespace: String,
    pub(crate) scope: WatchScope,
    /// Continue after this resourceVersion; empty starts with the current state (an ADDED
    /// event per existing object).
    pub(crate) resource_version: String,
    /// A streaming watch list: the current state first (an ADDED event per existing object,
    /// then the bookmark [`is_initial_events_end`]), never from an old resourceVersion.
    pub(crate) initial_events: bool,
    /// The longest event line accepted.
    pub(crate) max_event: usize,
}

impl WatchRequest {
    /// A watch of `scope` from `resource_version`, accepting objects up to `max_object` bytes.
    pub(crate) fn new(
        namespace: &str,
        scope: WatchScope,
        resource_version: &str,
        max_object: usize,
    ) -> WatchRequest {
        WatchRequest {
            namespace: namespace.to_string(),
            scope,
            resource_version: resource_version.to_string(),
            initial_events: false,
            max_event: max_object.saturating_add(EVENT_OVERHEAD),
        }
    }

    /// A streaming watch list of `scope`: its current state, then its changes.
    pub(crate) fn current(namespace: &str, scope: WatchScope, max_object: usize) -> WatchRequest {
        let mut request = WatchRequest::new(namespace, scope, "", max_object);
        request.list_first();
        request
    }

    /// The next opening starts again from the current state (after `410 Gone`).
    pub(crate) fn list_first(&mut self) {
        self.initial_events = true;
        self.resource_version.clear();
    }

    /// The initial events ended at `resource_version`: later openings continue from there.
    pub(crate) fn listed_at(&mut self, resource_version: String) {
        self.initial_events = false;
        self.resource_version = resource_version;
    }

    /// Path and query of the WATCH.
    pub(crate) fn path(&self) -> String {
        let mut path = format!(
            "{}&watch=true&allowWatchBookmarks=true&timeoutSeconds={}",
            self.list_path(),
            WATCH_WINDOW.as_secs()
        );
        if self.initial_events {
            // Without a resourceVersion: a consistent read of the current state.
            path.push_str("&sendInitialEvents=true&resourceVersionMatch=NotOlderThan");
        } else if !self.resource_version.is_empty() {
            path.push_str("&resourceVersion=");
            path.push_str(&encode(&self.resource_version));
        }
        path
    }

    /// Path and query of the LIST of what the watch follows.
    fn list_path(&self) -> String {
        let ns = &self.namespace;
        let (collection, selector) = match &self.scope {
            WatchScope::Service(name) => (
                paths::inference_services(ns),
                format!("fieldSelector={}", encode(&format!("metadata.name={name}"))),
            ),
            WatchScope::Replica(name) => (
                paths::inference_replicas(ns),
                format!("fieldSelector={}", encode(&format!("metadata.name={name}"))),
            ),
            WatchScope::ServiceReplicas(service) => (
                paths::inference_replicas(ns),
                format!(
                    "labelSelector={}",
                    encode(&format!("{LABEL_INFERENCESERVICE}={service}"))
                ),
            ),
        };
        format!("{collection}?{selector}")
    }
}

/// The bookmark that ends the initial events of a streaming watch list.
pub(crate) fn is_initial_events_end(bookmark: &kube::core::watch::Bookmark) -> bool {
    bookmark
        .metadata
        .annotations
        .get(INITIAL_EVENTS_END)
        .is_some_and(|v| v == "true")
}

/// Why a watch stream ended other than cleanly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StreamFault {
    /// The connection broke (reset, read error).
    Dropped,
    /// An event line exceeded the bound.
    Oversized,
    /// A complete line that is not a watch event.
    Undecodable,
}

/// The event lines of an open watch, through the one transport.
type Lines = Pin<Box<dyn Stream<Item = Result<Bytes, ApiError>> + Send>>;

/// The events of an open watch, one decoded line at a time (after the events that stand in
/// for a streaming watch list's initial events, when a LIST had to).
pub(crate) struct EventStream {
    listed: std::collections::VecDeque<WatchEvent<Value>>,
    lines: Lines,
}

/// Opens a watch. The response head must arrive within `--request-timeout` (at most 10 s); a
/// status other than 2xx is the server's answer, classified like any read.
pub(crate) async fn open(
    client: &kube::Client,
    request: &WatchRequest,
    timeout: RequestTimeout,
) -> Result<EventStream, ApiError> {
    let limit = timeout.capped(OPEN_LIMIT).0.unwrap_or(OPEN_LIMIT);
    match watch_lines(client, request.path(), limit, request.max_event).await {
        Ok(lines) => Ok(EventStream {
            listed: Default::default(),
            lines: Box::pin(lines),
        }),
        // A server without streaming watch lists (the WatchList feature off) refuses the
        // parameters as invalid: a LIST by the same selector, then a watch from the LIST's
        // resourceVersion, which is just as current.
        Err(ApiError::Status {
            code: 400 | 422, ..
        }) if request.initial_events => {
            let (items, version) = list(client, request, limit).await?;
            let mut from = request.clone();
            from.listed_at(version.clone());
            let lines = watch_lines(client, from.path(), limit, request.max_event).await?;
            let mut listed: std::collections::VecDeque<_> =
                items.into_iter().map(WatchEvent::Added).collect();
            listed.push_back(initial_events_end(&version)?);
            Ok(EventStream {
                listed,
                lines: Box::pin(lines),
            })
        }
        Err(e) => Err(e),
    }
}

/// The objects the watch follows now and the LIST's resourceVersion (bounded like one event
/// per object: the LIST of one name holds at most one).
async fn list(
    client: &kube::Client,
    request: &WatchRequest,
    limit: Duration,
) -> Result<(Vec<Value>, String), ApiError> {
    let read = ApiRequest::get(request.list_path(), RequestTimeout(Some(limit)))
        .bounded(request.max_event);
    let mut list = get_object(client, read).await?;
    let version = list
        .pointer("/metadata/resourceVersion")
        .and_then(Value::as_str)
        .filter(|v| !v.is_empty())
        .ok_or(ApiError::Malformed)?
        .to_string();
    match list.get_mut("items").map(Value::take) {
        Some(Value::Array(items)) => Ok((items, version)),
        Some(Value::Null) | None => Ok((Vec::new(), version)),
        Some(_) => Err(ApiError::Malformed),
    }
}

/// The bookmark a streaming watch list ends its initial events with, at `version`.
fn initial_events_end(version: &str) -> Result<WatchEvent<Value>, ApiError> {
    let bookmark = serde_json::json!({"type": "BOOKMARK", "object": {"kind": "", "apiVersion": "",
        "metadata": {"resourceVersion": version, "annotations": {INITIAL_EVENTS_END: "true"}}}});
    serde_json::from_value(bookmark).map_err(|_| ApiError::Malformed)
}

impl EventStream {
    /// The next event; `None` when the server ended the watch cleanly.
    pub(crate) async fn next(&mut self) -> Option<Result<WatchEvent<Value>, StreamFault>> {
        if let Some(event) = self.listed.pop_front() {
            return Some(Ok(event));
        }
        Some(match self.lines.next().await? {
            Ok(line) => decode(&line),
            Err(ApiError::TooLarge) => Err(StreamFault::Oversized),
            Err(_) => Err(StreamFault::Dropped),
        })
    }
}

/// One complete event line.
fn decode(line: &[u8]) -> Result<WatchEvent<Value>, StreamFault> {
    serde_json::from_slice::<WatchEvent<Value>>(line).map_err(|_| StreamFault::Undecodable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_exactly_what_is_read() {
        let named = WatchRequest::new("prod", WatchScope::Service("chat".into()), "42", 10);
        assert_eq!(
            named.path(),
            "/apis/ome.io/v1beta1/namespaces/prod/inferenceservices?fieldSelector=metadata.name%3Dchat&watch=true&allowWatchBookmarks=true&timeoutSeconds=240&resourceVersion=42"
        );
        let replica = WatchRequest::new("prod", WatchScope::Replica("chat-engine".into()), "", 10);
        assert_eq!(
            replica.path(),
            "/apis/ome.io/v1beta1/namespaces/prod/inferencereplicas?fieldSelector=metadata.name%3Dchat-engine&watch=true&allowWatchBookmarks=true&timeoutSeconds=240"
        );
        let listed = WatchRequest::new(
            "prod",
            WatchScope::ServiceReplicas("chat".into()),
            "7 8",
            10,
        );
        assert_eq!(
            listed.path(),
            "/apis/ome.io/v1beta1/namespaces/prod/inferencereplicas?labelSelector=ome.io%2Finferenceservice%3Dchat&watch=true&allowWatchBookmarks=true&timeoutSeconds=240&resourceVersion=7%208"
        );
        let mut current = WatchRequest::current("prod", WatchScope::Service("chat".into()), 10);
        assert_eq!(
            current.path(),
            "/apis/ome.io/v1beta1/namespaces/prod/inferenceservices?fieldSelector=metadata.name%3Dchat&watch=true&allowWatchBookmarks=true&timeoutSeconds=240&sendInitialEvents=true&resourceVersionMatch=NotOlderThan"
        );
        current.listed_at("99".into());
        assert!(
            current
                .path()
                .ends_with("&timeoutSeconds=240&resourceVersion=99")
        );
        current.list_first();
        assert!(
            current
                .path()
                .ends_with("&resourceVersionMatch=NotOlderThan")
        );
    }

    #[test]
    fn lines_decode_to_events_or_faults() {
        let added = decode(br#"{"type":"ADDED","object":{"metadata":{"name":"a"}}}"#);
        assert!(matches!(added, Ok(WatchEvent::Added(_))));
        let bookmark = decode(
            br#"{"type":"BOOKMARK","object":{"kind":"X","apiVersion":"v1","metadata":{"resourceVersion":"9"}}}"#,
        );
        assert!(
            matches!(bookmark, Ok(WatchEvent::Bookmark(b)) if b.metadata.resource_version == "9")
        );
        let gone = decode(
            br#"{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","status":"Failure","code":410,"reason":"Expired","message":"too old resource version"}}"#,
        );
        assert!(matches!(gone, Ok(WatchEvent::Error(s)) if s.code == 410));
        let end = decode(
            br#"{"type":"BOOKMARK","object":{"kind":"X","apiVersion":"v1","metadata":{"resourceVersion":"9","annotations":{"k8s.io/initial-events-end":"true"}}}}"#,
        );
        assert!(matches!(end, Ok(WatchEvent::Bookmark(b)) if is_initial_events_end(&b)));
        let standing_in = initial_events_end("12");
        assert!(
            matches!(standing_in, Ok(WatchEvent::Bookmark(b)) if is_initial_events_end(&b) && b.metadata.resource_version == "12")
        );
        let plain = decode(
            br#"{"type":"BOOKMARK","object":{"kind":"X","apiVersion":"v1","metadata":{"resourceVersion":"9"}}}"#,
        );
        assert!(matches!(plain, Ok(WatchEvent::Bookmark(b)) if !is_initial_events_end(&b)));
        assert_eq!(
            decode(b"<html>proxy error</html>").err(),
            Some(StreamFault::Undecodable)
        );
    }
}
