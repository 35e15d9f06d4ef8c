//! Target validation of the InferenceService (scale.md §2.4), run at collection and again in
//! preparation.

use super::checks::{bounds, refuse};
use super::payload;
use crate::errors::scale_check::{CheckId, Evidence};
use crate::errors::{Refusal, ScaleError};
use crate::ome::names::{is_dns1123_label, is_dns1123_subdomain, is_safe_scalar};
use crate::ome::{InferenceService, keys};
use serde_json::Value;

/// The ISVC's identity, its deletion state, its size bounds and placement ownership.
pub(crate) fn validate_target(isvc: &InferenceService, raw: &Value) -> Result<(), Refusal> {
    check_identity(isvc)?;
    if let Some(at) = &isvc.metadata.deletion_timestamp {
        return Err(refuse(
            ScaleError::Deleting,
            CheckId::TargetDeleting,
            Evidence::new().time("deletionTimestamp", at.0.to_string()),
        ));
    }
    if let Some((limit, observed, max)) = size_problem(isvc, raw) {
        return Err(bounds("InferenceService", limit, observed, max));
    }
    if let Some(signal) = placement_signal(isvc) {
        return Err(refuse(
            ScaleError::Placement,
            CheckId::PlacementOwnership,
            Evidence::new().name("signal", signal),
        ));
    }
    Ok(())
}

/// An identity field: its name, its value, and its safety rule.
type IdentityField<'a> = (&'static str, Option<&'a str>, fn(&str) -> bool);

/// `target-identity field=<f> problem=<missing|unsafe|mismatch>`.
pub(crate) fn identity(field: &'static str, problem: &'static str) -> Refusal {
    refuse(
        ScaleError::UnsafeTarget,
        CheckId::TargetIdentity,
        Evidence::new()
            .word("field", field)
            .word("problem", problem),
    )
}

fn check_identity(isvc: &InferenceService) -> Result<(), Refusal> {
    let meta = &isvc.metadata;
    let typed = |v: Option<&str>, want: &str| v.is_none_or(|v| v.is_empty() || v == want);
    if !typed(isvc.kind.as_deref(), "InferenceService")
        || !typed(isvc.api_version.as_deref(), crate::ome::API_VERSION)
    {
        return Err(identity("kind", "mismatch"));
    }
    let fields: [IdentityField<'_>; 4] = [
        ("name", meta.name.as_deref(), |v| {
            is_dns1123_subdomain(v) && is_safe_scalar(v)
        }),
        ("namespace", meta.namespace.as_deref(), |v| {
            is_dns1123_label(v) && is_safe_scalar(v)
        }),
        ("uid", meta.uid.as_deref(), is_safe_scalar),
        (
            "resourceVersion",
            meta.resource_version.as_deref(),
            is_safe_scalar,
        ),
    ];
    for (field, value, safe) in fields {
        match value.filter(|v| !v.is_empty()) {
            None => return Err(identity(field, "missing")),
            Some(v) if !safe(v) => return Err(identity(field, "unsafe")),
            Some(_) => {}
        }
    }
    match meta.generation.unwrap_or(0) {
        0 => Err(identity("generation", "missing")),
        g if g < 0 => Err(identity("generation", "unsafe")),
        _ => Ok(()),
    }
}

/// The first inspection bound the ISVC exceeds: (limit, observed, max).
fn size_problem(isvc: &InferenceService, raw: &Value) -> Option<(&'static str, usize, usize)> {
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
    let most_traffic = raw
        .pointer("/status/components")
        .and_then(Value::as_object)
        .map_or(0, |m| {
            m.values()
                .map(|c| {
                    c.get("traffic")
                        .and_then(Value::as_array)
                        .map_or(0, Vec::len)
                })
                .max()
                .unwrap_or(0)
        });
    let checks = [
        (
            "metadata.annotations",
            annotations.map_or(0, |a| a.len()),
            256,
        ),
        ("metadata.labels", labels.map_or(0, |l| l.len()), 256),
        ("metadata.finalizers", finalizers.len(), 64),
        ("status.conditions", status.conditions.len(), 64),
        ("status.components", status.components.len(), 3),
        ("metadata.bytes", metadata_bytes, 65536),
        ("status.components.traffic", most_traffic, 8),
        (
            "status.canary.metricResults",
            len("/status/canary/metricResults"),
            10,
        ),
        (
            "status.rolloutCoordination.groups",
            len("/status/rolloutCoordination/groups"),
            3,
        ),
    ];
    if let Some((limit, observed, max)) = checks.into_iter().find(|(_, n, max)| n > max) {
        return Some((limit, observed, max));
    }
    // Each group: at most 3 components and order entries, 20 canary steps, 10 metrics a step.
    if !groups_within_bounds(raw.pointer("/status/rolloutCoordination/groups")) {
        return Some(("status.rolloutCoordination.groups.group", 1, 0));
    }
    if !groups_within_bounds(raw.pointer("/spec/rollout/groups")) {
        return Some(("spec.rollout.groups.group", 1, 0));
    }
    if !active_run_within_bounds(raw) {
        return Some(("status.rollout.activeRun", 1, 0));
    }
    if !payload::within_bounds(raw) {
        return Some(("payload", 1, 0));
    }
    None
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

/// The first placement signal: the finalizer, `spec.placement`, `status.placement`, or a
/// placement annotation or label key.
fn placement_signal(isvc: &InferenceService) -> Option<String> {
    let meta = &isvc.metadata;
    let keyed = |m: Option<&std::collections::BTreeMap<String, String>>| {
        keys::PLACEMENT_KEYS
            .iter()
            .find(|k| m.is_some_and(|m| m.contains_key(**k)))
    };
    if meta
        .finalizers
        .as_deref()
        .unwrap_or_default()
        .iter()
        .any(|f| f == keys::FINALIZER_PLACEMENT)
    {
        return Some(format!("finalizer:{}", keys::FINALIZER_PLACEMENT));
    }
    if isvc.spec.placement.as_ref().is_some_and(|p| !p.is_null()) {
        return Some("spec.placement".to_string());
    }
    if isvc.status.placement.as_ref().is_some_and(|p| !p.is_null()) {
        return Some("status.placement".to_string());
    }
    if let Some(key) = keyed(meta.annotations.as_ref()) {
        return Some(format!("annotation:{key}"));
    }
    keyed(meta.labels.as_ref()).map(|key| format!("label:{key}"))
}
