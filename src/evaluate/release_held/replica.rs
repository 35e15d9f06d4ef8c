//! §3.4 rows 4 and 6–8 for one listed InferenceReplica: label, identity, bounds, status
//! decoding, placement, controller ownership, freshness stamps; for the IR of the requested
//! component also the controller-write stamp, the mailbox and every retry block.

use super::{held, refuse};
use crate::errors::scale_check::{CheckId, Evidence as Line, Next};
use crate::errors::{ActionError, ActionFailure};
use crate::evaluate::replica_identity::owned_by;
use crate::ome::instances::{self, DecodeError};
use crate::ome::keys::{
    ANNOTATION_CONTROLLER_WRITE, ANNOTATION_PARENT_GENERATION, ANNOTATION_RELEASE_HELD_REVISION,
    FINALIZER_PLACEMENT, LABEL_INFERENCESERVICE, PLACEMENT_KEYS,
};
use crate::ome::names::{is_dns1123_subdomain, is_safe_scalar, is_safe_uid};
use crate::ome::replica::RetryBlock;
use crate::ome::{Component, InferenceReplica, InferenceService, meta_annotation, meta_name};
use jiff::Timestamp;
use serde_json::Value;

const MAX_ROWS: usize = 2048;

/// `held-replica ir=<name> cause=<cause>` (ErrHeldRelease).
fn replica(ir: &str, cause: &'static str, more: Line) -> ActionFailure {
    let mut line = Line::new().name("ir", ir).word("cause", cause);
    line.0.extend(more.0);
    refuse(ActionError::HeldRelease, CheckId::HeldReplica, line)
}

fn over(limit: &'static str, observed: usize, max: usize) -> ActionFailure {
    let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    refuse(
        ActionError::Bounds,
        CheckId::InspectionBounds,
        Line::new()
            .word("object", "InferenceReplica")
            .word("limit", limit)
            .int("observed", count(observed))
            .int("max", count(max)),
    )
}

/// A canonical positive decimal (no sign, no leading zero).
fn canonical(value: &str) -> Option<i64> {
    let ok = !value.is_empty()
        && value.len() <= 19
        && value.bytes().all(|b| b.is_ascii_digit())
        && !value.starts_with('0');
    ok.then(|| value.parse().ok()).flatten()
}

/// Row 4: the IR is one this service's controller wrote, current and within bounds.
pub(super) fn inspect(
    raw: &Value,
    isvc: &InferenceService,
    selector_used: bool,
) -> Result<(InferenceReplica, Component), ActionFailure> {
    let name = raw
        .pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let identity =
        |field: &'static str| replica(name, "Identity", Line::new().word("field", field));
    let ir: InferenceReplica =
        serde_json::from_value(raw.clone()).map_err(|_| identity("object"))?;
    let meta = &ir.metadata;
    let service = meta_name(&isvc.metadata);
    let label = meta
        .labels
        .as_ref()
        .and_then(|l| l.get(LABEL_INFERENCESERVICE));
    if selector_used && label.map(String::as_str) != Some(service) {
        return Err(replica(name, "LabelMismatch", Line::new()));
    }
    check_identity(&ir, isvc).map_err(identity)?;
    if meta.deletion_timestamp.is_some() {
        return Err(replica(name, "Deleting", Line::new()));
    }
    check_bounds(&ir, raw)?;
    match instances::decode(&ir.status, MAX_ROWS) {
        Ok(_) => {}
        Err(DecodeError::TooMany) => return Err(over("status.instances", MAX_ROWS + 1, MAX_ROWS)),
        Err(DecodeError::Malformed(_)) => {
            return Err(refuse(
                ActionError::Stale,
                CheckId::HeldReplica,
                Line::new()
                    .name("ir", name)
                    .word("cause", "StatusUndecodable"),
            ));
        }
    }
    if let Some(signal) = placement(&ir) {
        return Err(refuse(
            ActionError::Placement,
            CheckId::PlacementOwnership,
            Line::new()
                .word("object", "InferenceReplica")
                .name("signal", signal),
        ));
    }
    if !owned_by(&ir, isvc) {
        return Err(replica(name, "OwnerReference", Line::new()));
    }
    let component = ir
        .spec
        .component
        .as_deref()
        .and_then(Component::parse)
        .ok_or_else(|| identity("component"))?;
    let generation = meta.generation.unwrap_or(0);
    let observed = ir.status.observed_generation.unwrap_or(0);
    if observed != generation {
        return Err(replica(
            name,
            "ObservedGeneration",
            Line::new()
                .int("observed", observed)
                .int("generation", generation),
        ));
    }
    let parent = isvc.metadata.generation.unwrap_or(0);
    let stamp = meta_annotation(meta, ANNOTATION_PARENT_GENERATION).unwrap_or_default();
    if canonical(stamp) != Some(parent) {
        return Err(replica(
            name,
            "ParentStamp",
            Line::new().name("stamp", stamp).int("parent", parent),
        ));
    }
    Ok((ir, component))
}

/// The first identity field that fails.
fn check_identity(ir: &InferenceReplica, isvc: &InferenceService) -> Result<(), &'static str> {
    let meta = &ir.metadata;
    let name = meta.name.as_deref().unwrap_or_default();
    let set_and_not = |v: &Option<String>, want: &str| v.as_deref().is_some_and(|v| v != want);
    if set_and_not(&ir.kind, "InferenceReplica") {
        return Err("kind");
    }
    if set_and_not(&ir.api_version, crate::ome::API_VERSION) {
        return Err("apiVersion");
    }
    if !is_safe_scalar(name) || !is_dns1123_subdomain(name) {
        return Err("name");
    }
    if meta.namespace != isvc.metadata.namespace {
        return Err("namespace");
    }
    if !is_safe_uid(meta.uid.as_deref().unwrap_or_default()) {
        return Err("uid");
    }
    let rv = meta.resource_version.as_deref().unwrap_or_default();
    if rv.is_empty() || !is_safe_scalar(rv) {
        return Err("resourceVersion");
    }
    let parent = ir.spec.parent_ref.as_ref().and_then(|p| p.name.as_deref());
    if parent != Some(meta_name(&isvc.metadata)) {
        return Err("parentRef");
    }
    if meta.generation.unwrap_or(0) <= 0 {
        return Err("generation");
    }
    Ok(())
}

/// The finalizer bound of row 4, then the bounds and payload bound `scale` applies to its IR.
fn check_bounds(ir: &InferenceReplica, raw: &Value) -> Result<(), ActionFailure> {
    let finalizers = ir.metadata.finalizers.as_ref().map_or(0, Vec::len);
    if finalizers > 64 {
        return Err(over("metadata.finalizers", finalizers, 64));
    }
    Ok(crate::evaluate::scale::replica::check_bounds(ir, raw)?)
}

/// A placement key (annotation or label) or the placement finalizer.
fn placement(ir: &InferenceReplica) -> Option<String> {
    let meta = &ir.metadata;
    let has = |map: &Option<std::collections::BTreeMap<String, String>>, key: &str| {
        map.as_ref().is_some_and(|m| m.contains_key(key))
    };
    if let Some(key) = PLACEMENT_KEYS
        .iter()
        .find(|k| has(&meta.annotations, k) || has(&meta.labels, k))
    {
        return Some((*key).to_string());
    }
    meta.finalizers
        .as_ref()
        .is_some_and(|f| f.iter().any(|f| f == FINALIZER_PLACEMENT))
        .then(|| format!("finalizer:{FINALIZER_PLACEMENT}"))
}

/// Rows 6–8 for the IR of the requested component.
pub(super) fn check_selected(
    ir: &InferenceReplica,
    service: &str,
    component: Component,
    requested: &str,
    now: Timestamp,
) -> Result<(), ActionFailure> {
    let name = meta_name(&ir.metadata);
    if meta_annotation(&ir.metadata, ANNOTATION_CONTROLLER_WRITE) != Some("true") {
        return Err(replica(name, "ControllerWriteMissing", Line::new()));
    }
    if let Some(value) = meta_annotation(&ir.metadata, ANNOTATION_RELEASE_HELD_REVISION) {
        let pending = if value.is_empty() {
            "empty"
        } else if super::selects(value, requested) {
            "requested"
        } else {
            "other"
        };
        let check = crate::errors::scale_check::ScaleCheck::new(
            CheckId::HeldMailbox,
            Line::new().name("ir", name).word("pending", pending),
        )
        .with_next(Next::RetryBlocks {
            service: service.to_string(),
            component: component.as_str(),
        });
        return Err(ActionError::HeldMailbox.because(check));
    }
    let prefix = format!("{service}-{}-", component.as_str());
    let blocks = &ir.status.retry_blocks;
    for (index, block) in blocks.iter().enumerate() {
        let target = block.target_revision.as_deref().unwrap_or_default();
        let cause = if !valid_target(target, &prefix) {
            Some("TargetInvalid")
        } else if blocks
            .iter()
            .filter(|b| b.target_revision.as_deref() == Some(target))
            .count()
            > 1
        {
            Some("Duplicate")
        } else if block.attempts_started.unwrap_or(0) <= 0 {
            Some("Attempts")
        } else {
            block_rules(block, now).err()
        };
        if let Some(cause) = cause {
            let i = i64::try_from(index).unwrap_or(i64::MAX);
            return Err(held(
                CheckId::HeldBlock,
                Line::new().int("index", i).word("cause", cause),
            ));
        }
    }
    Ok(())
}

/// `<isvc>-<C>-<8 lowercase hex>`, a safe name.
fn valid_target(target: &str, prefix: &str) -> bool {
    is_safe_scalar(target)
        && target.strip_prefix(prefix).is_some_and(|hash| {
            hash.len() == 8 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        })
}

/// A present time: `Err` when it does not parse or is Go's zero time.
fn time(value: Option<&str>) -> Result<Option<Timestamp>, ()> {
    /// 0001-01-01T00:00:00Z in Unix seconds.
    const ZERO: i64 = -62_135_596_800;
    match value {
        None => Ok(None),
        Some(text) => match text.parse::<Timestamp>() {
            Ok(t) if t.as_second() > ZERO => Ok(Some(t)),
            _ => Err(()),
        },
    }
}

/// The state and timestamp rules of one block.
fn block_rules(block: &RetryBlock, now: Timestamp) -> Result<(), &'static str> {
    let first = time(block.first_failure_at.as_deref()).map_err(|()| "Timestamps")?;
    let last = time(block.last_failure_at.as_deref()).map_err(|()| "Timestamps")?;
    let next = time(block.next_retry_at.as_deref()).map_err(|()| "Timestamps")?;
    let state_ok = match block.state.as_deref() {
        Some("Held") => next.is_none(),
        Some("Backoff") => next.is_some(),
        Some("RetryInProgress") => true,
        _ => false,
    };
    if !state_ok {
        return Err("State");
    }
    let future = |t: Option<Timestamp>| t.is_some_and(|t| t > now);
    let before_first = |t: Option<Timestamp>| matches!((first, t), (Some(f), Some(t)) if t < f);
    if future(first) || future(last) || before_first(last) || before_first(next) {
        return Err("Timestamps");
    }
    Ok(())
}
