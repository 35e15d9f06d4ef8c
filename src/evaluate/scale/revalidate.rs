//! Revalidation just before the write (scale.md §2.7): the re-read sources must be the very
//! objects collected, and the selected IR must be unchanged. Checked sources first, in stamp
//! order, whatever order the concurrent re-reads completed in.

use super::prepare::Plan;
use super::{read_error, replica};
use crate::errors::ScaleError;
use crate::ome::evidence::ApiError;
use crate::ome::reads::Stamp;
use crate::ome::{Fetched, InferenceReplica};
use jiff::Timestamp;
use serde_json::Value;

/// `sources` holds the re-read of every stamp: the ISVC first, then `plan.sources` in order.
pub(crate) fn revalidate(
    plan: &Plan,
    sources: &[Result<Value, ApiError>],
    ir: Result<Value, ApiError>,
    now: Timestamp,
) -> Result<(), ScaleError> {
    let stamps: Vec<&Stamp> = std::iter::once(&plan.isvc).chain(&plan.sources).collect();
    if stamps.len() < 2 || sources.len() != stamps.len() {
        return Err(ScaleError::ManualScaleSource);
    }
    for (index, (stamp, read)) in stamps.iter().zip(sources).enumerate() {
        let raw = match read {
            Ok(raw) => raw,
            Err(ApiError::TimedOut) => return Err(ScaleError::DeadlineExceeded),
            Err(_) => return Err(ScaleError::ManualScaleSourceChanged),
        };
        let unchanged = same_identity(stamp, raw)
            && (index > 0
                || (raw.get("spec") == plan.isvc_raw.get("spec")
                    && raw.get("status") == plan.isvc_raw.get("status")));
        if !unchanged {
            return Err(ScaleError::ManualScaleSourceChanged);
        }
    }
    revalidate_replica(plan, ir, now)
}

fn same_identity(stamp: &Stamp, raw: &Value) -> bool {
    let meta = &raw["metadata"];
    let text = |key: &str| meta[key].as_str().unwrap_or_default();
    let type_ok =
        |key: &str, want: &str| raw[key].as_str().is_none_or(|v| v.is_empty() || v == want);
    let generation = if stamp.kind == "ControllerRevision" {
        0
    } else {
        meta["generation"].as_i64().unwrap_or(-1)
    };
    type_ok("kind", &stamp.kind)
        && type_ok("apiVersion", &stamp.api_version)
        && text("name") == stamp.name
        && text("namespace") == stamp.namespace
        && text("uid") == stamp.uid
        && text("resourceVersion") == stamp.resource_version
        && generation == stamp.generation
        && meta.get("deletionTimestamp").is_none_or(Value::is_null)
}

fn revalidate_replica(
    plan: &Plan,
    read: Result<Value, ApiError>,
    now: Timestamp,
) -> Result<(), ScaleError> {
    let raw = read.map_err(|e| read_error(&e))?;
    let ir: Fetched<InferenceReplica> = Fetched::from_raw(raw).ok_or(ScaleError::Stale)?;
    replica::inspect(&ir.view, &ir.raw, &plan.isvc_view, plan.component, now)?;
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
        return Err(ScaleError::Stale);
    }
    Ok(())
}
