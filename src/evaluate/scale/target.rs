//! Target validation of the InferenceService (scale.md §2.4), run at collection and again in
//! preparation.

use super::payload;
use crate::errors::ScaleError;
use crate::ome::names::{is_dns1123_label, is_dns1123_subdomain, is_safe_scalar};
use crate::ome::{InferenceService, keys};
use serde_json::Value;

/// The ISVC's identity, its deletion state, its size bounds and placement ownership.
pub(crate) fn validate_target(isvc: &InferenceService, raw: &Value) -> Result<(), ScaleError> {
    let meta = &isvc.metadata;
    let kind_ok = isvc
        .kind
        .as_deref()
        .is_none_or(|k| k.is_empty() || k == "InferenceService");
    let api_ok = isvc
        .api_version
        .as_deref()
        .is_none_or(|a| a.is_empty() || a == crate::ome::API_VERSION);
    let name = meta.name.as_deref().unwrap_or_default();
    let namespace = meta.namespace.as_deref().unwrap_or_default();
    let uid = meta.uid.as_deref().unwrap_or_default();
    let rv = meta.resource_version.as_deref().unwrap_or_default();
    if !kind_ok
        || !api_ok
        || !is_dns1123_subdomain(name)
        || !is_dns1123_label(namespace)
        || ![name, namespace, uid, rv].iter().all(|v| is_safe_scalar(v))
        || meta.generation.unwrap_or(0) <= 0
    {
        return Err(ScaleError::UnsafeTarget);
    }
    if meta.deletion_timestamp.is_some() {
        return Err(ScaleError::Deleting);
    }
    if !within_size_bounds(isvc, raw) {
        return Err(ScaleError::Bounds);
    }
    if is_placement_owned(isvc) {
        return Err(ScaleError::Placement);
    }
    Ok(())
}

fn within_size_bounds(isvc: &InferenceService, raw: &Value) -> bool {
    let meta = &isvc.metadata;
    let annotations = meta.annotations.as_ref();
    let labels = meta.labels.as_ref();
    let finalizers = meta.finalizers.as_deref().unwrap_or_default();
    let map_bytes = |m: Option<&std::collections::BTreeMap<String, String>>| {
        m.map_or(0, |m| {
            m.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>()
        })
    };
    let metadata_bytes = map_bytes(annotations)
        + map_bytes(labels)
        + finalizers.iter().map(String::len).sum::<usize>();
    let status = &isvc.status;
    let len = |pointer: &str| {
        raw.pointer(pointer)
            .and_then(Value::as_array)
            .map_or(0, Vec::len)
    };
    let traffic_ok = raw
        .pointer("/status/components")
        .and_then(Value::as_object)
        .is_none_or(|m| {
            m.values().all(|c| {
                c.get("traffic")
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len)
                    <= 8
            })
        });
    let coordination_ok = len("/status/rolloutCoordination/groups") <= 3
        && groups_within_bounds(raw.pointer("/status/rolloutCoordination/groups"));
    let counts_ok = annotations.is_none_or(|a| a.len() <= 256)
        && labels.is_none_or(|l| l.len() <= 256)
        && finalizers.len() <= 64
        && status.conditions.len() <= 64
        && status.components.len() <= 3
        && metadata_bytes <= 65536
        && traffic_ok
        && len("/status/canary/metricResults") <= 10
        && coordination_ok
        && groups_within_bounds(raw.pointer("/spec/rollout/groups"));
    counts_ok && active_run_within_bounds(raw) && payload::within_bounds(raw)
}

fn active_run_within_bounds(raw: &Value) -> bool {
    let Some(run) = raw
        .pointer("/status/rollout/activeRun")
        .filter(|v| !v.is_null())
    else {
        return true;
    };
    let len = |v: Option<&Value>| v.and_then(Value::as_array).map_or(0, Vec::len);
    let groups = run.pointer("/plan/groups");
    len(run.get("targetRevisions")) <= 3
        && run
            .get("runID")
            .and_then(Value::as_str)
            .is_none_or(|id| id.len() <= 300)
        && len(groups) <= 3
        && groups_within_bounds(groups)
}

/// Each group (spec, pinned or coordination): at most 3 components and 3 order entries, 20
/// canary steps and 10 analysis metrics per step.
fn groups_within_bounds(groups: Option<&Value>) -> bool {
    let len = |v: Option<&Value>| v.and_then(Value::as_array).map_or(0, Vec::len);
    groups.and_then(Value::as_array).is_none_or(|groups| {
        groups.iter().all(|group| {
            let inner = group.get("group").unwrap_or(group);
            let steps = inner.pointer("/canary/steps").and_then(Value::as_array);
            len(inner.get("components")) <= 3
                && len(inner.get("order")) <= 3
                && steps.map_or(0, Vec::len) <= 20
                && steps
                    .into_iter()
                    .flatten()
                    .all(|s| len(s.pointer("/analysis/metrics")) <= 10)
        })
    })
}

fn is_placement_owned(isvc: &InferenceService) -> bool {
    let meta = &isvc.metadata;
    let has_key = |m: Option<&std::collections::BTreeMap<String, String>>| {
        m.is_some_and(|m| keys::PLACEMENT_KEYS.iter().any(|k| m.contains_key(*k)))
    };
    meta.finalizers
        .as_deref()
        .unwrap_or_default()
        .iter()
        .any(|f| f == keys::FINALIZER_PLACEMENT)
        || isvc.spec.placement.as_ref().is_some_and(|p| !p.is_null())
        || isvc.status.placement.as_ref().is_some_and(|p| !p.is_null())
        || has_key(meta.annotations.as_ref())
        || has_key(meta.labels.as_ref())
}
