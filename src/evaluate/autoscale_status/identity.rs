//! Identity checks on live objects (read-commands.md §2.5 step 6, §2.6 steps 5–7): the object
//! read must be the one the parent selected, owned as OME owns it.

use crate::ome::names::is_safe_uid;
use serde_json::Value;

/// Non-empty, ≤256 bytes, no control characters (UTF-8 is guaranteed by JSON decoding).
fn safe_token(value: &str) -> bool {
    !value.is_empty() && value.len() <= 256 && !value.chars().any(char::is_control)
}

fn str_at<'a>(v: &'a Value, path: &[&str]) -> Option<&'a str> {
    path.iter().try_fold(v, |v, k| v.get(k))?.as_str()
}

fn int_at(v: &Value, path: &[&str]) -> Option<i64> {
    path.iter().try_fold(v, |v, k| v.get(k))?.as_i64()
}

fn present(v: &Value, path: &[&str]) -> bool {
    path.iter()
        .try_fold(v, |v, k| v.get(k))
        .is_some_and(|v| !v.is_null())
}

/// The expected controller owner of an object.
pub(crate) struct Owner<'a> {
    pub(crate) api_version: &'a str,
    pub(crate) kind: &'a str,
    pub(crate) name: &'a str,
    pub(crate) uid: &'a str,
}

/// 1–16 owner references with exactly one controller reference, equal to `owner`.
fn owned_by(v: &Value, owner: &Owner) -> bool {
    let Some(refs) = v
        .pointer("/metadata/ownerReferences")
        .and_then(Value::as_array)
    else {
        return false;
    };
    if refs.is_empty() || refs.len() > 16 {
        return false;
    }
    let controllers: Vec<&Value> = refs
        .iter()
        .filter(|r| r.get("controller").and_then(Value::as_bool) == Some(true))
        .collect();
    matches!(controllers.as_slice(), [only]
        if str_at(only, &["apiVersion"]) == Some(owner.api_version)
            && str_at(only, &["kind"]) == Some(owner.kind)
            && str_at(only, &["name"]) == Some(owner.name)
            && str_at(only, &["uid"]) == Some(owner.uid))
}

pub(crate) fn is_deleting(v: &Value) -> bool {
    present(v, &["metadata", "deletionTimestamp"])
}

pub(crate) fn uid(v: &Value) -> &str {
    str_at(v, &["metadata", "uid"]).unwrap_or_default()
}

pub(crate) fn resource_version(v: &Value) -> &str {
    str_at(v, &["metadata", "resourceVersion"]).unwrap_or_default()
}

pub(crate) fn generation(v: &Value) -> i64 {
    int_at(v, &["metadata", "generation"]).unwrap_or(0)
}

/// What the IR must be bound to.
pub(crate) struct IrExpectation<'a> {
    pub(crate) namespace: &'a str,
    pub(crate) name: &'a str,
    pub(crate) service: &'a str,
    pub(crate) service_uid: &'a str,
    pub(crate) service_generation: i64,
    pub(crate) component: &'a str,
}

/// §2.5 step 6.
pub(crate) fn valid_ir(ir: &Value, e: &IrExpectation) -> bool {
    let kind_ok = str_at(ir, &["kind"]).is_none_or(|k| k == "InferenceReplica");
    let api_ok = str_at(ir, &["apiVersion"]).is_none_or(|a| a == crate::ome::API_VERSION);
    let replicas_ok = int_at(ir, &["spec", "replicas"]).is_some_and(|r| r >= 0);
    let status_ok = match ir.pointer("/status/replicas") {
        None | Some(Value::Null) => true,
        Some(v) => v.as_i64().is_some_and(|r| r >= 0),
    };
    let parent_generation = ir
        .pointer("/metadata/annotations")
        .and_then(|a| a.get(crate::ome::keys::ANNOTATION_PARENT_GENERATION))
        .and_then(Value::as_str);
    str_at(ir, &["metadata", "name"]) == Some(e.name)
        && str_at(ir, &["metadata", "namespace"]) == Some(e.namespace)
        && safe_token(uid(ir))
        && safe_token(resource_version(ir))
        && generation(ir) > 0
        && kind_ok
        && api_ok
        && str_at(ir, &["spec", "parentRef", "name"]) == Some(e.service)
        && str_at(ir, &["spec", "component"]) == Some(e.component)
        && replicas_ok
        && status_ok
        && parent_generation == Some(e.service_generation.to_string().as_str())
        && owned_by(
            ir,
            &Owner {
                api_version: crate::ome::API_VERSION,
                kind: "InferenceService",
                name: e.service,
                uid: e.service_uid,
            },
        )
}

/// §2.5 step 9: an `autoscaling/v1` Scale for the same object.
pub(crate) fn valid_scale(scale: &Value, namespace: &str, name: &str) -> bool {
    let count_ok = |path: &[&str]| match path.iter().try_fold(scale, |v, k| v.get(k)) {
        None | Some(Value::Null) => true,
        Some(v) => v.as_i64().is_some_and(|r| r >= 0),
    };
    str_at(scale, &["apiVersion"]) == Some("autoscaling/v1")
        && str_at(scale, &["kind"]) == Some("Scale")
        && str_at(scale, &["metadata", "namespace"]) == Some(namespace)
        && str_at(scale, &["metadata", "name"]) == Some(name)
        && safe_token(uid(scale))
        && safe_token(resource_version(scale))
        && count_ok(&["spec", "replicas"])
        && count_ok(&["status", "replicas"])
}

pub(crate) fn scale_counts(v: &Value) -> (i64, i64) {
    (
        int_at(v, &["spec", "replicas"]).unwrap_or(0),
        int_at(v, &["status", "replicas"]).unwrap_or(0),
    )
}

/// The scale target a scaler must point at.
pub(crate) struct TargetRef<'a> {
    pub(crate) api_version: &'a str,
    pub(crate) kind: &'a str,
    pub(crate) name: &'a str,
}

/// §2.6 steps 6–7: identity, target and owner of an HPA or ScaledObject.
pub(crate) fn valid_scaler(
    v: &Value,
    kind: &str,
    namespace: &str,
    name: &str,
    target: &TargetRef,
    owner: &Owner,
) -> bool {
    let counts_ok = ["currentReplicas", "desiredReplicas"].iter().all(|k| {
        match v.pointer(&format!("/status/{k}")) {
            None | Some(Value::Null) => true,
            Some(n) => n.as_i64().is_some_and(|r| r >= 0),
        }
    });
    str_at(v, &["kind"]) == Some(kind)
        && str_at(v, &["metadata", "namespace"]) == Some(namespace)
        && str_at(v, &["metadata", "name"]) == Some(name)
        && is_safe_uid(uid(v))
        && generation(v) > 0
        && str_at(v, &["spec", "scaleTargetRef", "apiVersion"]) == Some(target.api_version)
        && str_at(v, &["spec", "scaleTargetRef", "kind"]) == Some(target.kind)
        && str_at(v, &["spec", "scaleTargetRef", "name"]) == Some(target.name)
        && owned_by(v, owner)
        && counts_ok
}

/// The scaler's own conditions of the considered types; `None` when one is malformed or the
/// same type carries different statuses.
pub(crate) fn scaler_conditions(v: &Value, allowed: &[&str]) -> Option<Vec<(String, String)>> {
    let mut out: Vec<(String, String)> = Vec::new();
    let list = match v.pointer("/status/conditions") {
        None | Some(Value::Null) => return Some(out),
        Some(Value::Array(list)) => list,
        Some(_) => return None,
    };
    for c in list {
        let t = c.get("type").and_then(Value::as_str)?;
        if !allowed.contains(&t) {
            continue;
        }
        let s = c.get("status").and_then(Value::as_str)?;
        if !matches!(s, "True" | "False" | "Unknown") {
            return None;
        }
        match out.iter().find(|(ot, _)| ot == t) {
            Some((_, os)) if os != s => return None,
            Some(_) => {}
            None => out.push((t.to_string(), s.to_string())),
        }
    }
    out.sort();
    Some(out)
}

pub(crate) fn observed_generation(v: &Value) -> Option<i64> {
    int_at(v, &["status", "observedGeneration"])
}

pub(crate) fn status_count(v: &Value, key: &str) -> i64 {
    int_at(v, &["status", key]).unwrap_or(0)
}

pub(crate) fn ir_observed_generation(v: &Value) -> Option<i64> {
    observed_generation(v)
}

pub(crate) fn ir_counts(v: &Value) -> (i64, i64) {
    (
        int_at(v, &["spec", "replicas"]).unwrap_or(0),
        int_at(v, &["status", "replicas"]).unwrap_or(0),
    )
}
