//! Warning Events of the accepted Pods (diagnose.md §1.4 "Events"): an event is kept only when
//! it is a Warning in the namespace about an accepted Pod (by name and UID), with sane counts
//! and times. A message is kept sanitised and bounded to [`MAX_MESSAGE`] characters. At most
//! 100, sorted by kind, name, reason, count and times.

use super::report::{Code, EventReport, Issue};
use super::row::time;
use crate::ome::evidence::ApiError;
use crate::ome::listing::{EventTarget, TargetEvents};
use serde_json::Value;

/// Events shown at most.
pub(crate) const MAX_EVENTS: usize = 100;
/// The longest reason kept (a kubelet's reasons are short CamelCase words).
const MAX_REASON: usize = 1024;
/// The most characters of a message shown (a scheduler's message names the missing resource
/// in its first line; the rest can be long).
pub(crate) const MAX_MESSAGE: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct AcceptedEvents {
    pub(crate) events: Vec<EventReport>,
    pub(crate) issues: Vec<Issue>,
    pub(crate) truncated: bool,
    /// Every target failed: the reason of the alphabetically first failure.
    pub(crate) unavailable: Option<&'static str>,
}

/// Why an event read failed.
pub(crate) fn failure_reason(error: &ApiError) -> &'static str {
    match error {
        ApiError::Forbidden { .. } => "Forbidden",
        ApiError::NotFound { .. } => "NotFound",
        ApiError::Status { code: 405, .. } => "UnsupportedAPI",
        _ => "Unreadable",
    }
}

pub(crate) fn accept(
    namespace: &str,
    reads: &[TargetEvents],
    skipped_targets: bool,
) -> AcceptedEvents {
    let mut out = AcceptedEvents {
        truncated: skipped_targets,
        ..AcceptedEvents::default()
    };
    let mut failures: Vec<&'static str> = Vec::new();
    let mut rejected = false;
    for read in reads {
        if let Some(error) = &read.listed.error {
            failures.push(failure_reason(error));
        }
        out.truncated |= read.listed.truncated;
        for item in &read.listed.items {
            match event(item, namespace, &read.target) {
                Some(report) => out.events.push(report),
                None => rejected = true,
            }
        }
    }
    out.events.sort_by(|a, b| {
        (
            a.target_kind,
            &a.target_name,
            &a.reason,
            a.count,
            &a.first_seen,
            &a.last_seen,
            &a.message,
        )
            .cmp(&(
                b.target_kind,
                &b.target_name,
                &b.reason,
                b.count,
                &b.first_seen,
                &b.last_seen,
                &b.message,
            ))
    });
    if out.events.len() > MAX_EVENTS {
        out.events.truncate(MAX_EVENTS);
        out.truncated = true;
    }
    if rejected {
        out.issues.push(Issue::new(Code::EventIdentityRejected));
    }
    if out.truncated {
        out.issues.push(Issue::new(Code::EventsTruncated));
    }
    failures.sort_unstable();
    failures.dedup();
    for reason in &failures {
        out.issues
            .push(Issue::unavailable(Code::EventsUnavailable, reason));
    }
    let all_failed = !reads.is_empty() && reads.iter().all(|r| r.listed.error.is_some());
    if all_failed {
        out.unavailable = failures.first().copied();
    }
    out
}

fn event(item: &Value, namespace: &str, target: &EventTarget) -> Option<EventReport> {
    let text = |p: &str| item.pointer(p).and_then(Value::as_str);
    let involved_ok = text("/involvedObject/kind") == Some("Pod")
        && text("/involvedObject/apiVersion").is_none_or(|v| v.is_empty() || v == "v1")
        && text("/involvedObject/name") == Some(target.name.as_str())
        && text("/involvedObject/uid") == Some(target.uid.as_str())
        && text("/involvedObject/namespace").is_none_or(|ns| ns.is_empty() || ns == namespace);
    if text("/type") != Some("Warning") || text("/metadata/namespace") != Some(namespace) {
        return None;
    }
    if !involved_ok {
        return None;
    }
    let reason =
        crate::text::sanitize(text("/reason").filter(|r| !r.is_empty() && r.len() <= MAX_REASON)?);
    let count = match item
        .pointer("/series/count")
        .filter(|v| !v.is_null())
        .or_else(|| item.get("count").filter(|v| !v.is_null()))
    {
        None => 1,
        Some(v) => v.as_i64().filter(|n| *n >= 0)?,
    };
    let stamp = |p: &str| -> Result<Option<String>, ()> {
        match text(p) {
            None | Some("") => Ok(None),
            Some(t) => time(t).map(Some).ok_or(()),
        }
    };
    let first_seen = match stamp("/eventTime").ok()? {
        Some(t) => Some(t),
        None => stamp("/firstTimestamp").ok()?,
    };
    let last_seen = match stamp("/series/lastObservedTime").ok()? {
        Some(t) => Some(t),
        None => match stamp("/eventTime").ok()? {
            Some(t) => Some(t),
            None => stamp("/lastTimestamp").ok()?,
        },
    };
    let order_ok = match (&first_seen, &last_seen) {
        (Some(first), Some(last)) => {
            let parse = |t: &str| t.parse::<jiff::Timestamp>().ok();
            parse(last) >= parse(first)
        }
        _ => true,
    };
    if !order_ok {
        return None;
    }
    let message = text("/message")
        .filter(|m| !m.is_empty())
        .map(|m| crate::text::sanitize_bounded(m, MAX_MESSAGE));
    Some(EventReport {
        target_kind: "Pod",
        target_name: target.name.clone(),
        reason,
        count,
        first_seen,
        last_seen,
        message,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ome::listing::Listed;
    use serde_json::json;

    fn target() -> EventTarget {
        EventTarget {
            kind: "Pod",
            name: "chat-engine-0".into(),
            uid: "u0".into(),
        }
    }

    fn warning(reason: &str, count: i64) -> Value {
        json!({"metadata": {"namespace": "prod", "name": format!("e-{reason}")},
               "involvedObject": {"apiVersion": "v1", "kind": "Pod", "name": "chat-engine-0",
                                  "uid": "u0", "namespace": "prod"},
               "type": "Warning", "reason": reason, "message": "secret", "count": count,
               "firstTimestamp": "2026-09-20T08:00:00Z", "lastTimestamp": "2026-09-20T08:05:00Z"})
    }

    fn read(items: Vec<Value>) -> TargetEvents {
        TargetEvents {
            target: target(),
            listed: Listed {
                items,
                ..Listed::default()
            },
        }
    }

    #[test]
    fn warnings_about_the_target_are_kept_and_sorted() {
        let mut other = warning("BackOff", 1);
        other["involvedObject"]["uid"] = json!("recreated");
        let mut normal = warning("Pulled", 1);
        normal["type"] = json!("Normal");
        let mut inverted = warning("Inverted", 1);
        inverted["lastTimestamp"] = json!("2026-09-20T07:00:00Z");
        let mut series = warning("Unhealthy", 1);
        series["series"] = json!({"count": 9, "lastObservedTime": "2026-09-20T08:09:00Z"});
        let out = accept(
            "prod",
            &[read(vec![
                warning("FailedScheduling", 2),
                warning("BackOff", 4),
                other,
                normal,
                inverted,
                series,
            ])],
            false,
        );
        let reasons: Vec<(&str, i64)> = out
            .events
            .iter()
            .map(|e| (e.reason.as_str(), e.count))
            .collect();
        assert_eq!(
            reasons,
            [("BackOff", 4), ("FailedScheduling", 2), ("Unhealthy", 9)]
        );
        assert_eq!(
            out.events[2].last_seen.as_deref(),
            Some("2026-09-20T08:09:00Z")
        );
        assert_eq!(out.issues, [Issue::new(Code::EventIdentityRejected)]);
        assert_eq!(out.unavailable, None);
    }

    #[test]
    fn caps_failures_and_truncation() {
        let many: Vec<Value> = (0..120).map(|i| warning(&format!("R{i:03}"), 1)).collect();
        let out = accept("prod", &[read(many)], false);
        assert_eq!(out.events.len(), 100);
        assert_eq!(out.issues, [Issue::new(Code::EventsTruncated)]);
        let mut failed = read(vec![]);
        failed.listed.error = Some(ApiError::Forbidden {
            message: "no".into(),
        });
        let out = accept("prod", &[failed.clone(), read(vec![])], false);
        assert_eq!(
            out.issues,
            [Issue::unavailable(Code::EventsUnavailable, "Forbidden")]
        );
        assert_eq!(out.unavailable, None);
        let out = accept("prod", &[failed], false);
        assert_eq!(out.unavailable, Some("Forbidden"));
    }
}
