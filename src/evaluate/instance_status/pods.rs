//! The Pods of the selected Instance (diagnose.md §1.4 "Pods"): a listed Pod is accepted only
//! with this Instance's identity (labels, canonical name, exactly one controller reference to
//! this IR); its details are read only when they are well-formed. Deleting and unhealthy Pods
//! come first; at most 16 are shown, and they are the targets of the event reads.

use super::report::{Code, Issue, PodReport};
use crate::ome::keys::{
    CONDITION_SERVING, LABEL_COMPONENT, LABEL_INFERENCESERVICE, LABEL_INSTANCE_INCARNATION,
    LABEL_INSTANCE_INDEX, LABEL_MANAGED_BY, LABEL_POD_ORDINAL, LABEL_REVISION_HASH, LABEL_RUNNER,
};
use crate::ome::listing::EventTarget;
use crate::ome::names::{is_dns1123_label, is_dns1123_subdomain, is_safe_uid};
use serde_json::Value;
use std::collections::BTreeSet;

/// Pods shown (and event targets) at most.
pub(crate) const MAX_PODS: usize = 16;
/// Conditions or container statuses read per Pod at most.
const MAX_DETAILS: usize = 64;

/// Who the Pods must belong to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Owner<'a> {
    pub(crate) namespace: &'a str,
    pub(crate) service: &'a str,
    pub(crate) component: &'a str,
    pub(crate) index: i64,
    pub(crate) incarnation: i64,
    pub(crate) ir_name: &'a str,
    pub(crate) ir_uid: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct AcceptedPods {
    pub(crate) pods: Vec<PodReport>,
    /// The accepted Pods in order (at most [`MAX_PODS`]): the event targets.
    pub(crate) targets: Vec<EventTarget>,
    pub(crate) issues: Vec<Issue>,
    pub(crate) truncated: bool,
}

struct Candidate {
    target: EventTarget,
    report: Option<PodReport>,
    deleting: bool,
    unhealthy: bool,
}

pub(crate) fn accept(items: &[Value], owner: &Owner<'_>) -> AcceptedPods {
    let mut out = AcceptedPods::default();
    let mut names = BTreeSet::new();
    let mut uids = BTreeSet::new();
    let mut duplicates = BTreeSet::new();
    for item in items {
        let text = |p: &str| item.pointer(p).and_then(Value::as_str).unwrap_or_default();
        let (name, uid) = (text("/metadata/name"), text("/metadata/uid"));
        if !names.insert(name.to_string()) || !uids.insert(uid.to_string()) {
            duplicates.insert(name.to_string());
            duplicates.insert(uid.to_string());
        }
    }
    let mut candidates = Vec::new();
    let mut rejected = false;
    let mut malformed = false;
    for item in items {
        let text = |p: &str| item.pointer(p).and_then(Value::as_str).unwrap_or_default();
        let unique = !duplicates.contains(text("/metadata/name"))
            && !duplicates.contains(text("/metadata/uid"));
        if !unique || !identity_ok(item, owner) {
            rejected = true;
            continue;
        }
        let candidate = candidate(item, owner.incarnation);
        malformed |= candidate.report.is_none();
        candidates.push(candidate);
    }
    candidates.sort_by(|a, b| {
        (!a.deleting, !a.unhealthy, &a.target.name, &a.target.uid).cmp(&(
            !b.deleting,
            !b.unhealthy,
            &b.target.name,
            &b.target.uid,
        ))
    });
    if rejected {
        out.issues.push(Issue::new(Code::PodIdentityRejected));
    }
    if malformed {
        out.issues.push(Issue::unavailable(
            Code::PodDetailsTruncated,
            "MalformedPayload",
        ));
    }
    if candidates.len() > MAX_PODS {
        out.truncated = true;
        out.issues.push(Issue::new(Code::PodsTruncated));
    }
    for c in candidates.into_iter().take(MAX_PODS) {
        out.targets.push(c.target);
        out.pods.extend(c.report);
    }
    out
}

fn label<'a>(item: &'a Value, key: &str) -> Option<&'a str> {
    item.pointer("/metadata/labels")
        .and_then(|l| l.get(key))
        .and_then(Value::as_str)
}

/// A canonical decimal: no sign, no leading zero (except `0` itself).
fn canonical_decimal(value: &str) -> Option<i64> {
    let canonical = !value.is_empty()
        && value.len() <= 19
        && value.bytes().all(|b| b.is_ascii_digit())
        && (value == "0" || !value.starts_with('0'));
    canonical.then(|| value.parse().ok()).flatten()
}

/// The controller's Pod name begins `<ir>-<index>` (zero-padded or not): `chat-engine-0`,
/// `example-engine-0003-worker-6`. The rest of the format is not a contract.
fn canonical_name(name: &str, ir_name: &str, index: i64) -> bool {
    let Some(rest) = name.strip_prefix(ir_name).and_then(|r| r.strip_prefix('-')) else {
        return false;
    };
    let digits = rest.split('-').next().unwrap_or_default();
    let value = match digits.trim_start_matches('0') {
        "" => Some(0),
        significant => significant.parse::<i64>().ok(),
    };
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && value == Some(index)
}

/// The Pod's slot: the canonical `ome.io/pod-ordinal`, 0 when the label is absent; `None` when
/// it is not a canonical decimal.
fn pod_ordinal(item: &Value) -> Option<i64> {
    match label(item, LABEL_POD_ORDINAL) {
        None => Some(0),
        Some(value) => canonical_decimal(value),
    }
}

fn identity_ok(item: &Value, owner: &Owner<'_>) -> bool {
    let text = |p: &str| item.pointer(p).and_then(Value::as_str).unwrap_or_default();
    let name = text("/metadata/name");
    let selector_ok = label(item, LABEL_INFERENCESERVICE) == Some(owner.service)
        && label(item, LABEL_COMPONENT) == Some(owner.component)
        && label(item, LABEL_MANAGED_BY) == Some("OMENative")
        && label(item, LABEL_INSTANCE_INDEX).and_then(canonical_decimal) == Some(owner.index);
    // The revision hash and the ordinal are optional (OME's documentation Pods carry
    // neither): absent is accepted, present must be well-formed.
    let labels_ok = label(item, LABEL_INSTANCE_INCARNATION)
        .and_then(canonical_decimal)
        .is_some()
        && label(item, LABEL_RUNNER).is_some_and(is_dns1123_label)
        && label(item, LABEL_REVISION_HASH).is_none_or(is_dns1123_label)
        && pod_ordinal(item).is_some();
    text("/metadata/namespace") == owner.namespace
        && is_dns1123_subdomain(name)
        && is_safe_uid(text("/metadata/uid"))
        && selector_ok
        && labels_ok
        && canonical_name(name, owner.ir_name, owner.index)
        && owned_by_ir(item, owner)
}

fn owned_by_ir(item: &Value, owner: &Owner<'_>) -> bool {
    let refs = item
        .pointer("/metadata/ownerReferences")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let controllers: Vec<&Value> = refs
        .iter()
        .filter(|r| r.get("controller").and_then(Value::as_bool) == Some(true))
        .collect();
    matches!(controllers.as_slice(), [only]
        if only.get("apiVersion").and_then(Value::as_str) == Some(crate::ome::API_VERSION)
            && only.get("kind").and_then(Value::as_str) == Some("InferenceReplica")
            && only.get("name").and_then(Value::as_str) == Some(owner.ir_name)
            && only.get("uid").and_then(Value::as_str) == Some(owner.ir_uid))
}

fn candidate(item: &Value, row_incarnation: i64) -> Candidate {
    let text = |p: &str| item.pointer(p).and_then(Value::as_str).unwrap_or_default();
    let target = EventTarget {
        kind: "Pod",
        name: text("/metadata/name").to_string(),
        uid: text("/metadata/uid").to_string(),
    };
    let deleting = item
        .pointer("/metadata/deletionTimestamp")
        .is_some_and(|v| !v.is_null());
    let incarnation = label(item, LABEL_INSTANCE_INCARNATION)
        .and_then(canonical_decimal)
        .unwrap_or(-1);
    let report = details(item).map(|d| PodReport {
        name: target.name.clone(),
        runner: label(item, LABEL_RUNNER).map(str::to_string),
        revision: label(item, LABEL_REVISION_HASH).map(str::to_string),
        incarnation,
        phase: d.phase.to_string(),
        ready: d.ready,
        serving_ready: d.serving,
        node: Some(text("/spec/nodeName"))
            .filter(|n| is_dns1123_subdomain(n))
            .map(str::to_string),
        restart_count: d.restarts,
        deleting,
    });
    let unhealthy = match &report {
        Some(r) => {
            r.phase != "Running"
                || r.ready != "True"
                || r.serving_ready != "True"
                || incarnation != row_incarnation
        }
        None => true,
    };
    Candidate {
        target,
        report,
        deleting,
        unhealthy,
    }
}

struct Details {
    phase: &'static str,
    ready: &'static str,
    serving: &'static str,
    restarts: i64,
}

/// Phase, Ready and serving condition status, restart count; `None` when malformed.
fn details(item: &Value) -> Option<Details> {
    let phase = match item.pointer("/status/phase").and_then(Value::as_str) {
        None => "Unknown",
        Some(p) => ["Pending", "Running", "Succeeded", "Failed", "Unknown"]
            .into_iter()
            .find(|known| *known == p)?,
    };
    let conditions = list(item, "/status/conditions")?;
    let ready = condition(conditions, "Ready")?;
    let serving = condition(conditions, CONDITION_SERVING)?;
    let mut restarts = 0i64;
    for key in ["/status/initContainerStatuses", "/status/containerStatuses"] {
        for status in list(item, key)? {
            let count = match status.get("restartCount") {
                None | Some(Value::Null) => 0,
                Some(v) => v
                    .as_i64()
                    .filter(|n| (0..=i64::from(i32::MAX)).contains(n))?,
            };
            restarts = restarts.saturating_add(count);
        }
    }
    Some(Details {
        phase,
        ready,
        serving,
        restarts,
    })
}

/// A bounded list at `pointer` (absent = empty); `None` when not a list or too long.
fn list<'a>(item: &'a Value, pointer: &str) -> Option<&'a [Value]> {
    match item.pointer(pointer) {
        None | Some(Value::Null) => Some(&[]),
        Some(Value::Array(items)) if items.len() <= MAX_DETAILS => Some(items),
        Some(_) => None,
    }
}

/// The status of the condition `type_` (`Unknown` when absent); `None` when duplicated or
/// invalid.
fn condition(conditions: &[Value], type_: &str) -> Option<&'static str> {
    let found: Vec<&Value> = conditions
        .iter()
        .filter(|c| c.get("type").and_then(Value::as_str) == Some(type_))
        .collect();
    match found.as_slice() {
        [] => Some("Unknown"),
        [one] => match one.get("status").and_then(Value::as_str) {
            Some("True") => Some("True"),
            Some("False") => Some("False"),
            Some("Unknown") => Some("Unknown"),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const OWNER: Owner<'static> = Owner {
        namespace: "prod",
        service: "chat",
        component: "engine",
        index: 1,
        incarnation: 2,
        ir_name: "chat-engine",
        ir_uid: "ir-uid",
    };

    fn pod(name: &str, uid: &str, ready: &str) -> Value {
        json!({
            "metadata": {"name": name, "namespace": "prod", "uid": uid,
                "labels": {"ome.io/inferenceservice": "chat", "component": "engine",
                    "ome.io/managed-by": "OMENative", "ome.io/instance-index": "1",
                    "ome.io/instance-incarnation": "2", "ome.io/runner": "default",
                    "ome.io/pod-ordinal": "0", "ome.io/revision-hash": "7f9c4d2b"},
                "ownerReferences": [{"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica",
                    "name": "chat-engine", "uid": "ir-uid", "controller": true}]},
            "spec": {"nodeName": "gpu-node-1"},
            "status": {"phase": "Running", "conditions": [
                {"type": "Ready", "status": ready}, {"type": "ome.io/serving", "status": ready}],
                "containerStatuses": [{"name": "c", "restartCount": 3}],
                "initContainerStatuses": [{"name": "i", "restartCount": 1}]}
        })
    }

    #[test]
    fn identity_order_and_details() {
        let mut foreign = pod("chat-engine-1-1", "u3", "True");
        foreign["metadata"]["ownerReferences"][0]["uid"] = json!("other");
        let mut wrong_name = pod("chat-engine-2", "u4", "True");
        wrong_name["metadata"]["name"] = json!("chat-engine-2");
        let mut deleting = pod("chat-engine-0001-worker-3", "u5", "True");
        deleting["metadata"]["deletionTimestamp"] = json!("2026-09-20T08:00:00Z");
        let items = vec![
            pod("chat-engine-1", "u1", "True"),
            pod("chat-engine-0001-worker-1", "u2", "False"),
            foreign,
            wrong_name,
            deleting,
        ];
        let out = accept(&items, &OWNER);
        let names: Vec<&str> = out.pods.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "chat-engine-0001-worker-3",
                "chat-engine-0001-worker-1",
                "chat-engine-1"
            ]
        );
        assert_eq!(out.issues, [Issue::new(Code::PodIdentityRejected)]);
        assert_eq!(out.pods[2].restart_count, 4);
        assert_eq!(out.pods[2].node.as_deref(), Some("gpu-node-1"));
        assert!(out.pods[0].deleting);
        assert_eq!(out.targets.len(), 3);
    }

    #[test]
    fn duplicates_malformed_details_and_truncation() {
        let mut dup = pod("chat-engine-1", "u1", "True");
        dup["metadata"]["name"] = json!("chat-engine-1-1");
        let out = accept(&[pod("chat-engine-1", "u1", "True"), dup], &OWNER);
        assert!(out.pods.is_empty());
        let mut bad = pod("chat-engine-1", "u1", "True");
        bad["status"]["conditions"] = json!([{"type": "Ready", "status": "True"},
                                             {"type": "Ready", "status": "False"}]);
        let out = accept(&[bad], &OWNER);
        assert!(out.pods.is_empty());
        assert_eq!(out.targets.len(), 1);
        assert_eq!(
            out.issues,
            [Issue::unavailable(
                Code::PodDetailsTruncated,
                "MalformedPayload"
            )]
        );
        let many: Vec<Value> = (0..17)
            .map(|i| {
                pod(
                    &format!("chat-engine-0001-worker-{i}"),
                    &format!("u{i}"),
                    "True",
                )
            })
            .collect();
        let out = accept(&many, &OWNER);
        assert_eq!(out.pods.len(), 16);
        assert!(out.truncated);
    }

    #[test]
    fn the_revision_hash_and_ordinal_labels_are_optional() {
        let mut bare = pod("chat-engine-1", "u1", "True");
        let labels = bare["metadata"]["labels"].as_object_mut().unwrap();
        labels.remove(LABEL_REVISION_HASH);
        labels.remove(LABEL_POD_ORDINAL);
        assert_eq!(pod_ordinal(&bare), Some(0));
        let out = accept(&[bare], &OWNER);
        assert!(out.issues.is_empty(), "{:?}", out.issues);
        assert_eq!(out.pods[0].revision, None);
        assert_eq!(out.targets.len(), 1);
        // Present, they must still be well-formed.
        for (key, value) in [
            (LABEL_REVISION_HASH, "Not_A_Label"),
            (LABEL_POD_ORDINAL, "01"),
        ] {
            let mut bad = pod("chat-engine-1", "u1", "True");
            bad["metadata"]["labels"][key] = json!(value);
            let out = accept(&[bad], &OWNER);
            assert_eq!(out.issues, [Issue::new(Code::PodIdentityRejected)]);
        }
    }

    #[test]
    fn names_carry_the_index() {
        assert!(canonical_name("chat-engine-1", "chat-engine", 1));
        assert!(canonical_name(
            "chat-engine-0001-worker-6",
            "chat-engine",
            1
        ));
        assert!(!canonical_name("chat-engine-10", "chat-engine", 1));
        assert!(!canonical_name("chat-engine-x", "chat-engine", 1));
        assert!(!canonical_name("chat-engines-1", "chat-engine", 1));
    }
}
