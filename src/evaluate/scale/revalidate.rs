//! Revalidation just before the write (scale.md §2.7): the re-read sources must be the very
//! objects collected, and the selected IR must be unchanged. Checked sources first, in stamp
//! order, whatever order the concurrent re-reads completed in.

use super::checks::{refuse, stale};
use super::pinned::revalidate_sibling;
use super::prepare::{Plan, check_current_replicas};
use super::reselect::revalidate_selection;
use super::{read_failure, replica};
use crate::errors::read_check::{ReadKind, ReadObject};
use crate::errors::scale_check::{CheckId, Evidence};
use crate::errors::{Refusal, ScaleError};
use crate::ome::evidence::ApiError;
use crate::ome::reads::Stamp;
use crate::ome::selection::SnapshotReads;
use crate::ome::{Component, Fetched, InferenceReplica};
use jiff::Timestamp;
use serde_json::Value;

/// `sources` holds the re-read of every stamp: the ISVC first, then `plan.sources` in order.
#[cfg(test)]
pub(crate) fn revalidate(
    plan: &Plan,
    sources: &[Result<Value, ApiError>],
    ir: Result<Value, ApiError>,
    now: Timestamp,
) -> Result<(), Refusal> {
    let reads = StageThree {
        sources,
        snapshot: None,
        ir,
        siblings: &[],
    };
    revalidate_with_siblings(plan, reads, now)
}

/// What stage 3 read: the re-read of every stamp (the ISVC first, then `plan.regets()` in
/// order), the new snapshot of a selected runtime, the selected IR and the pinned siblings (in
/// `plan.siblings` order).
pub(crate) struct StageThree<'a> {
    pub(crate) sources: &'a [Result<Value, ApiError>],
    pub(crate) snapshot: Option<&'a SnapshotReads>,
    pub(crate) ir: Result<Value, ApiError>,
    pub(crate) siblings: &'a [Result<Value, ApiError>],
}

/// The sources, then every used IR (the selected one and the pinned siblings, whose re-reads
/// `siblings` holds in `plan.siblings` order) in the order engine → decoder → router
/// (conformance.md §2.4).
pub(crate) fn revalidate_with_siblings(
    plan: &Plan,
    reads: StageThree<'_>,
    now: Timestamp,
) -> Result<(), Refusal> {
    let StageThree {
        sources,
        snapshot,
        ir,
        siblings,
    } = reads;
    revalidate_sources(plan, sources)?;
    if let Some(facts) = &plan.selection {
        revalidate_selection(facts, &plan.isvc_view, snapshot)?;
    }
    let mut selected = Some(ir);
    for component in Component::ALL {
        if component == plan.component
            && let Some(ir) = selected.take()
        {
            revalidate_replica(plan, ir, now)?;
        }
        for (i, sibling) in plan.siblings.iter().enumerate() {
            if sibling.component == component {
                revalidate_sibling(&plan.isvc_view, sibling, siblings.get(i), now)?;
            }
        }
    }
    Ok(())
}

fn revalidate_sources(plan: &Plan, sources: &[Result<Value, ApiError>]) -> Result<(), Refusal> {
    let stamps: Vec<&Stamp> = std::iter::once(&plan.isvc).chain(plan.regets()).collect();
    if stamps.len() < 2 || sources.len() != stamps.len() {
        return Err(super::checks::source(
            "StampInvalid",
            Evidence::new().word("kind", "InferenceService"),
        ));
    }
    for (index, (stamp, read)) in stamps.iter().zip(sources).enumerate() {
        let changed = match read {
            Err(ApiError::TimedOut) => return Err(ScaleError::DeadlineExceeded.into()),
            Err(ApiError::NotFound { .. }) => Some("deleted"),
            Err(ApiError::Forbidden { .. }) => Some("read:Forbidden"),
            Err(ApiError::Unauthorized { .. }) => Some("read:Unauthorized"),
            Err(_) => Some("read:Unreadable"),
            Ok(raw) => change(stamp, raw, (index == 0).then_some(&plan.isvc_raw)),
        };
        if let Some(changed) = changed {
            return Err(refuse(
                ScaleError::ManualScaleSourceChanged,
                CheckId::SourceRevalidation,
                Evidence::new()
                    .name("kind", stamp.kind.clone())
                    .name("name", stamp.name.clone())
                    .word("changed", changed),
            ));
        }
    }
    Ok(())
}

/// What changed in a re-read source, most telling first; `collected` is the ISVC as
/// collected (its spec and status must not change either).
fn change(stamp: &Stamp, raw: &Value, collected: Option<&Value>) -> Option<&'static str> {
    let meta = &raw["metadata"];
    let text = |key: &str| meta[key].as_str().unwrap_or_default();
    let type_ok =
        |key: &str, want: &str| raw[key].as_str().is_none_or(|v| v.is_empty() || v == want);
    let generation = if stamp.kind == "ControllerRevision" {
        0
    } else {
        meta["generation"].as_i64().unwrap_or(-1)
    };
    let same = |key: &str| collected.is_none_or(|c| raw.get(key) == c.get(key));
    if !meta.get("deletionTimestamp").is_none_or(Value::is_null) {
        Some("deleted")
    } else if !type_ok("kind", &stamp.kind)
        || !type_ok("apiVersion", &stamp.api_version)
        || text("name") != stamp.name
        || text("namespace") != stamp.namespace
        || text("uid") != stamp.uid
    {
        Some("uid")
    } else if generation != stamp.generation {
        Some("generation")
    } else if !same("spec") {
        Some("spec")
    } else if !same("status") {
        Some("status")
    } else if text("resourceVersion") != stamp.resource_version {
        Some("resourceVersion")
    } else {
        None
    }
}

/// The IR must be exactly the one collected; any change is `IRChangedSinceRead`.
fn revalidate_replica(
    plan: &Plan,
    read: Result<Value, ApiError>,
    now: Timestamp,
) -> Result<(), Refusal> {
    let object = ReadObject {
        kind: ReadKind::InferenceReplica,
        namespace: &plan.ir.namespace,
        name: &plan.ir.name,
    };
    let raw = read.map_err(|e| read_failure(object, &e))?;
    // The precondition first: a count changed by another writer is its conflict (exit 3).
    if let Some(found) = raw.pointer("/spec/replicas").and_then(Value::as_i64) {
        check_current_replicas(plan.current_replicas, found)?;
    }
    let changed = || stale(&plan.ir.name, "IRChangedSinceRead", Evidence::new());
    let ir: Fetched<InferenceReplica> = Fetched::from_raw(raw).ok_or_else(changed)?;
    replica::inspect(&ir.view, &ir.raw, &plan.isvc_view, plan.component, now)
        .map_err(|_| changed())?;
    let meta = &ir.view.metadata;
    let collected = &plan.ir_raw;
    let same = |pointer: &str| ir.raw.pointer(pointer) == collected.pointer(pointer);
    if meta.name.as_deref() != Some(plan.ir.name.as_str())
        || ir.view.spec.component.as_deref() != Some(plan.component.as_str())
        || ir.view.spec.replicas.unwrap_or(0) < 1
        || meta.uid.as_deref() != Some(plan.ir.uid.as_str())
        || meta.resource_version.as_deref() != Some(plan.ir.resource_version.as_str())
        || meta.generation != Some(plan.ir.generation)
        || !same("/spec")
        || !same("/status")
        || !same("/metadata/ownerReferences")
        || !same("/metadata/annotations")
    {
        return Err(changed());
    }
    Ok(())
}
