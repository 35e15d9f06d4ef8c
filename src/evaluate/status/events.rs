//! Recent Warning events of the service and of its Pods (diagnose.md §3.3 "recentEvents"): an
//! event counts when it is a Warning in the namespace about one of the targets (by name and
//! UID), with bounded text and sane times. Newest first, at most 100. Messages are shown,
//! sanitised and bounded; a message or reason holding a URL is omitted.

use super::report::{Code, RecentEvent};
use crate::ome::evidence::ApiError;
use crate::ome::listing::{EventTarget, TargetEvents};
use serde_json::Value;

pub(crate) const MAX_EVENTS: usize = 100;
const MAX_REASON: usize = 1024;
const MAX_MESSAGE: usize = 4096;
const SHOWN_MESSAGE: usize = 1024;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Accepted {
    pub(crate) events: Vec<RecentEvent>,
    pub(crate) issues: Vec<Code>,
    pub(crate) truncated: bool,
    /// Reasons of the failed targets, sorted.
    pub(crate) failures: Vec<&'static str>,
}

/// Why a read failed, in the status report's words.
pub(crate) fn failure_reason(error: &ApiError) -> &'static str {
    match error {
        ApiError::Forbidden { .. } => "Forbidden",
        ApiError::Unauthorized { .. } => "Unauthorized",
        ApiError::NotFound { .. } => "NotFound",
        ApiError::TimedOut => "Timeout",
        ApiError::Status {
            code: 429 | 503, ..
        } => "Unavailable",
        ApiError::Malformed | ApiError::TooLarge => "MalformedPayload",
        _ => "Unreadable",
    }
}

/// Text as shown: sanitised, at most `max` columns, `[OMITTED]` when it holds a URL.
pub(crate) fn shown(text: &str, max: usize) -> String {
    if text.contains("://") {
        "[OMITTED]".to_string()
    } else {
        crate::text::bounded(text, max)
    }
}

pub(crate) fn accept(namespace: &str, reads: &[TargetEvents], now: jiff::Timestamp) -> Accepted {
    let mut out = Accepted::default();
    let mut keyed: Vec<(Option<jiff::Timestamp>, RecentEvent)> = Vec::new();
    for read in reads {
        if let Some(error) = &read.listed.error {
            out.failures.push(failure_reason(error));
        }
        out.truncated |= read.listed.truncated;
        for item in &read.listed.items {
            match event(item, namespace, &read.target, now) {
                Ok(accepted) => keyed.push(accepted),
                Err(issue) => out.issues.push(issue),
            }
        }
    }
    keyed.sort_by(|a, b| {
        b.0.cmp(&a.0).then_with(|| {
            (a.1.kind, &a.1.name, &a.1.reason).cmp(&(b.1.kind, &b.1.name, &b.1.reason))
        })
    });
    if keyed.len() > MAX_EVENTS {
        keyed.truncate(MAX_EVENTS);
        out.truncated = true;
    }
    out.events = keyed.into_iter().map(|(_, e)| e).collect();
    out.failures.sort_unstable();
    out.issues.sort_unstable_by_key(|c| c.as_str());
    out.issues.dedup();
    out
}

fn event(
    item: &Value,
    namespace: &str,
    target: &EventTarget,
    now: jiff::Timestamp,
) -> Result<(Option<jiff::Timestamp>, RecentEvent), Code> {
    let text = |p: &str| item.pointer(p).and_then(Value::as_str);
    let identity_ok = text("/type") == Some("Warning")
        && text("/metadata/namespace") == Some(namespace)
        && text("/involvedObject/kind") == Some(target.kind)
        && text("/involvedObject/name") == Some(target.name.as_str())
        && text("/involvedObject/uid") == Some(target.uid.as_str());
    if !identity_ok {
        return Err(Code::EventIdentityRejected);
    }
    let malformed = Err(Code::EventMalformed);
    let reason = text("/reason").filter(|r| !r.is_empty());
    let message = text("/message").filter(|m| !m.is_empty());
    if reason.is_some_and(|r| r.len() > MAX_REASON)
        || message.is_some_and(|m| m.len() > MAX_MESSAGE)
    {
        return malformed;
    }
    let count = match item
        .pointer("/series/count")
        .filter(|v| !v.is_null())
        .or_else(|| item.get("count").filter(|v| !v.is_null()))
    {
        None => 1,
        Some(v) => match v.as_i64().filter(|n| *n >= 0) {
            Some(n) => n,
            None => return malformed,
        },
    };
    let stamp = |p: &str| -> Result<Option<jiff::Timestamp>, ()> {
        match text(p) {
            None | Some("") => Ok(None),
            Some(t) => t.parse().map(Some).map_err(|_| ()),
        }
    };
    let first = match (stamp("/eventTime"), stamp("/firstTimestamp")) {
        (Ok(Some(t)), _) => Some(t),
        (Ok(None), Ok(t)) => t,
        _ => return malformed,
    };
    let last = match (
        stamp("/series/lastObservedTime"),
        stamp("/eventTime"),
        stamp("/lastTimestamp"),
    ) {
        (Ok(Some(t)), _, _) => Some(t),
        (Ok(None), Ok(Some(t)), _) => Some(t),
        (Ok(None), Ok(None), Ok(t)) => t,
        _ => return malformed,
    };
    let inverted = matches!((first, last), (Some(f), Some(l)) if l < f);
    let future = [first, last].into_iter().flatten().any(|t| t > now);
    if inverted || future {
        return malformed;
    }
    Ok((
        last,
        RecentEvent {
            kind: target.kind,
            name: target.name.clone(),
            reason: reason.map(|r| shown(r, MAX_REASON)),
            message: message.map(|m| shown(m, SHOWN_MESSAGE)),
            count,
            last_seen: last.map(|t| t.to_string()),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ome::listing::Listed;
    use serde_json::json;

    fn target() -> EventTarget {
        EventTarget {
            kind: "Pod",
            name: "chat-engine-1".into(),
            uid: "u1".into(),
        }
    }

    fn warning(reason: &str, last: &str) -> Value {
        json!({"metadata": {"namespace": "prod"}, "type": "Warning", "reason": reason,
               "message": "Back-off\trestarting", "count": 2,
               "firstTimestamp": "2026-09-20T08:00:00Z", "lastTimestamp": last,
               "involvedObject": {"kind": "Pod", "name": "chat-engine-1", "uid": "u1"}})
    }

    #[test]
    fn newest_first_with_sanitised_messages() {
        let now = "2026-09-20T09:00:00Z".parse().unwrap();
        let mut url = warning("Pulling", "2026-09-20T08:30:00Z");
        url["message"] = json!("pulling https://user:pw@registry/x");
        let mut future = warning("Late", "2026-09-21T00:00:00Z");
        future["firstTimestamp"] = json!("2026-09-21T00:00:00Z");
        let mut foreign = warning("X", "2026-09-20T08:10:00Z");
        foreign["involvedObject"]["uid"] = json!("other");
        let read = TargetEvents {
            target: target(),
            listed: Listed {
                items: vec![
                    warning("BackOff", "2026-09-20T08:10:00Z"),
                    url,
                    future,
                    foreign,
                ],
                ..Listed::default()
            },
        };
        let out = accept("prod", &[read], now);
        let reasons: Vec<&str> = out
            .events
            .iter()
            .map(|e| e.reason.as_deref().unwrap_or(""))
            .collect();
        assert_eq!(reasons, ["Pulling", "BackOff"]);
        assert_eq!(out.events[0].message.as_deref(), Some("[OMITTED]"));
        assert_eq!(
            out.events[1].message.as_deref(),
            Some("Back-off\\trestarting")
        );
        assert_eq!(
            out.issues,
            [Code::EventIdentityRejected, Code::EventMalformed]
        );
    }
}
