//! The Pods of a service (diagnose.md §3.3 "Pods", "Components"): a Pod counts when its
//! namespace and labels say it is this service's and its name, UID and details are sane. Then
//! the per-component aggregates, and the event targets: the service, then the Pods that are
//! deleting, not Running or not Ready, then by name and UID.

use super::report::{Code, PodCounts};
use crate::ome::Component;
use crate::ome::keys::{LABEL_COMPONENT, LABEL_INFERENCESERVICE};
use crate::ome::names::{is_dns1123_subdomain, is_safe_uid};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Pods that are event targets at most (besides the service).
pub(crate) const MAX_POD_TARGETS: usize = 15;
const MAX_DETAILS: usize = 64;

/// One accepted Pod.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pod {
    pub(crate) name: String,
    pub(crate) uid: String,
    pub(crate) component: Component,
    pub(crate) phase: &'static str,
    pub(crate) ready: bool,
    pub(crate) restarts: i64,
    pub(crate) deleting: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Accepted {
    pub(crate) pods: Vec<Pod>,
    pub(crate) issues: Vec<Code>,
}

pub(crate) fn accept(items: &[Value], namespace: &str, service: &str) -> Accepted {
    let mut out = Accepted::default();
    let text = |item: &Value, p: &str| {
        item.pointer(p)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let mut seen_names = BTreeMap::new();
    let mut seen_uids = BTreeMap::new();
    for item in items {
        *seen_names.entry(text(item, "/metadata/name")).or_insert(0) += 1;
        *seen_uids.entry(text(item, "/metadata/uid")).or_insert(0) += 1;
    }
    for item in items {
        let name = text(item, "/metadata/name");
        let uid = text(item, "/metadata/uid");
        let label = |key: &str| {
            item.pointer("/metadata/labels")
                .and_then(|l| l.get(key))
                .and_then(Value::as_str)
        };
        let identity_ok = text(item, "/metadata/namespace") == namespace
            && label(LABEL_INFERENCESERVICE) == Some(service)
            && is_dns1123_subdomain(&name)
            && is_safe_uid(&uid)
            && seen_names.get(&name) == Some(&1)
            && seen_uids.get(&uid) == Some(&1);
        if !identity_ok {
            out.issues.push(Code::PodIdentityRejected);
            continue;
        }
        let Some(component) = label(LABEL_COMPONENT).and_then(Component::parse) else {
            out.issues.push(Code::UnsupportedComponent);
            continue;
        };
        match details(item) {
            Some((phase, ready, restarts)) => out.pods.push(Pod {
                name,
                uid,
                component,
                phase,
                ready,
                restarts,
                deleting: item
                    .pointer("/metadata/deletionTimestamp")
                    .is_some_and(|v| !v.is_null()),
            }),
            None => out.issues.push(Code::PodMalformed),
        }
    }
    out.issues.sort_unstable_by_key(|c| c.as_str());
    out.issues.dedup();
    out
}

/// Phase, Ready, restarts (init, regular and ephemeral containers); `None` when malformed.
fn details(item: &Value) -> Option<(&'static str, bool, i64)> {
    let list = |pointer: &str| match item.pointer(pointer) {
        None | Some(Value::Null) => Some(&[][..]),
        Some(Value::Array(items)) if items.len() <= MAX_DETAILS => Some(items.as_slice()),
        Some(_) => None,
    };
    let phase = match item.pointer("/status/phase").and_then(Value::as_str) {
        None => "Unknown",
        Some(p) => ["Pending", "Running", "Succeeded", "Failed", "Unknown"]
            .into_iter()
            .find(|known| *known == p)?,
    };
    let readies: Vec<&str> = list("/status/conditions")?
        .iter()
        .filter(|c| c.get("type").and_then(Value::as_str) == Some("Ready"))
        .filter_map(|c| c.get("status").and_then(Value::as_str))
        .collect();
    let ready = match readies.as_slice() {
        [] => false,
        [one] if matches!(*one, "True" | "False" | "Unknown") => *one == "True",
        _ => return None,
    };
    let mut restarts = 0i64;
    for key in [
        "/status/initContainerStatuses",
        "/status/containerStatuses",
        "/status/ephemeralContainerStatuses",
    ] {
        for status in list(key)? {
            let n = match status.get("restartCount") {
                None | Some(Value::Null) => 0,
                Some(v) => v.as_i64().filter(|n| *n >= 0)?,
            };
            restarts = restarts.saturating_add(n);
        }
    }
    Some((phase, ready, restarts))
}

/// Per-component aggregates.
pub(crate) fn counts(pods: &[Pod], component: Component) -> PodCounts {
    let mut c = PodCounts::default();
    for pod in pods.iter().filter(|p| p.component == component) {
        c.total += 1;
        c.ready += i64::from(pod.ready);
        c.restarts = c.restarts.saturating_add(pod.restarts);
        c.terminating += i64::from(pod.deleting);
        match pod.phase {
            "Running" => c.running += 1,
            "Pending" => c.pending += 1,
            "Failed" => c.failed += 1,
            "Succeeded" => c.succeeded += 1,
            _ => c.unknown += 1,
        }
    }
    c
}

/// The components seen among the Pods.
pub(crate) fn components(pods: &[Pod]) -> BTreeSet<Component> {
    pods.iter().map(|p| p.component).collect()
}

/// The Pods whose events are read, in order, and how many were skipped.
pub(crate) fn targets(pods: &[Pod]) -> (Vec<&Pod>, usize) {
    let mut ordered: Vec<&Pod> = pods.iter().collect();
    ordered.sort_by(|a, b| {
        let healthy = |p: &Pod| p.phase == "Running" && p.ready;
        (!a.deleting, healthy(a), &a.name, &a.uid).cmp(&(!b.deleting, healthy(b), &b.name, &b.uid))
    });
    let skipped = ordered.len().saturating_sub(MAX_POD_TARGETS);
    ordered.truncate(MAX_POD_TARGETS);
    (ordered, skipped)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod(name: &str, component: &str, ready: &str, restarts: i64) -> Value {
        json!({"metadata": {"name": name, "namespace": "prod", "uid": format!("{name}-uid"),
                "labels": {"ome.io/inferenceservice": "chat", "component": component}},
               "status": {"phase": "Running",
                "conditions": [{"type": "Ready", "status": ready}],
                "containerStatuses": [{"restartCount": restarts}],
                "initContainerStatuses": [{"restartCount": 1}]}})
    }

    #[test]
    fn acceptance_and_aggregates() {
        let mut other = pod("other-0", "engine", "True", 0);
        other["metadata"]["labels"]["ome.io/inferenceservice"] = json!("other");
        let mut bad = pod("chat-engine-2", "engine", "True", 0);
        bad["status"]["containerStatuses"][0]["restartCount"] = json!(-1);
        let items = vec![
            pod("chat-engine-0", "engine", "True", 0),
            pod("chat-engine-1", "engine", "False", 6),
            pod("chat-x-0", "gpu", "True", 0),
            other,
            bad,
        ];
        let accepted = accept(&items, "prod", "chat");
        assert_eq!(accepted.pods.len(), 2);
        assert_eq!(
            accepted.issues,
            [
                Code::PodIdentityRejected,
                Code::PodMalformed,
                Code::UnsupportedComponent
            ]
        );
        let c = counts(&accepted.pods, Component::Engine);
        assert_eq!((c.total, c.ready, c.restarts, c.running), (2, 1, 8, 2));
        let (targets, skipped) = targets(&accepted.pods);
        assert_eq!(targets[0].name, "chat-engine-1");
        assert_eq!(skipped, 0);
    }
}
