//! `replicas=current` (§4.5): the component's IR both asks for and reports exactly N logical
//! Instances, at one verified IR snapshot.

use super::Validity;
use super::identity::{is_deleting, is_owned_child};
use crate::cli::Component;
use crate::cli::wait::IrBinding;
use crate::ome::replica::INSTANCE_PHASES;
use crate::ome::{InferenceReplica, InferenceService, InstanceEncoding, meta_name, meta_uid};
use serde::Serialize;
use std::collections::BTreeSet;

/// Row limit for decoding the IR's Instance status.
pub const MAX_ROWS: usize = 20_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ScaleReason {
    ReplicaScaleMatched,
    ReplicaScaleNotMatched,
    ReplicaScaleNotRecorded,
    UnsupportedReplicaScaleTarget,
    InvalidReplicaScaleEvidence,
}

impl ScaleReason {
    pub fn as_str(self) -> &'static str {
        match self {
            ScaleReason::ReplicaScaleMatched => "ReplicaScaleMatched",
            ScaleReason::ReplicaScaleNotMatched => "ReplicaScaleNotMatched",
            ScaleReason::ReplicaScaleNotRecorded => "ReplicaScaleNotRecorded",
            ScaleReason::UnsupportedReplicaScaleTarget => "UnsupportedReplicaScaleTarget",
            ScaleReason::InvalidReplicaScaleEvidence => "InvalidReplicaScaleEvidence",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Freshness {
    Current,
    Stale,
    Unavailable,
}

impl Freshness {
    pub fn as_str(self) -> &'static str {
        match self {
            Freshness::Current => "Current",
            Freshness::Stale => "Stale",
            Freshness::Unavailable => "Unavailable",
        }
    }
}

/// `content.scale`. Counts and encoding are present only when validity is Valid.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScaleObservation {
    pub component: Component,
    pub requested: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spec_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<InstanceEncoding>,
    pub validity: Validity,
    pub freshness: Freshness,
    #[serde(skip)]
    pub reason: ScaleReason,
}

impl ScaleObservation {
    /// No verified count (also the state before the first observation).
    pub fn unavailable(component: Component, requested: i32, reason: ScaleReason) -> Self {
        ScaleObservation {
            component,
            requested,
            spec_replicas: None,
            current_replicas: None,
            ready_replicas: None,
            encoding: None,
            validity: Validity::Unavailable,
            freshness: Freshness::Unavailable,
            reason,
        }
    }

    fn invalid(component: Component, requested: i32) -> Self {
        ScaleObservation {
            validity: Validity::Invalid,
            ..Self::unavailable(
                component,
                requested,
                ScaleReason::InvalidReplicaScaleEvidence,
            )
        }
    }
}

/// Which IR to read, decided from the parent status (§4.5 step 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    Read(String),
    Refused(ScaleReason),
}

/// Step 2: the IR named by `scaleTargetRef`, or `--ir-name` when the status agrees.
pub fn select_ir(
    parent: &InferenceService,
    component: Component,
    bound: Option<&IrBinding>,
) -> Selection {
    if is_deleting(parent) {
        return Selection::Refused(ScaleReason::ReplicaScaleNotRecorded);
    }
    let target = parent
        .status
        .components
        .get(component.as_str())
        .and_then(|c| c.scale_target_ref.as_ref());
    match (target, bound) {
        (Some(t), _) if !t.is_inference_replica() => {
            Selection::Refused(ScaleReason::UnsupportedReplicaScaleTarget)
        }
        (Some(t), Some(b)) if t.name.as_deref() != Some(b.name.as_str()) => {
            Selection::Refused(ScaleReason::InvalidReplicaScaleEvidence)
        }
        (_, Some(b)) => Selection::Read(b.name.clone()),
        (Some(t), None) => match t.name.as_deref() {
            Some(name) if !name.is_empty() => Selection::Read(name.to_string()),
            _ => Selection::Refused(ScaleReason::ReplicaScaleNotRecorded),
        },
        (None, None) => Selection::Refused(ScaleReason::ReplicaScaleNotRecorded),
    }
}

/// True when the parent re-read still describes the same binding (§4.5 step 4).
pub fn parent_unchanged(
    first: &InferenceService,
    again: &InferenceService,
    component: Component,
) -> bool {
    let target = |p: &InferenceService| {
        p.status
            .components
            .get(component.as_str())
            .and_then(|c| c.scale_target_ref.clone())
    };
    meta_uid(&first.metadata) == meta_uid(&again.metadata)
        && first.metadata.generation == again.metadata.generation
        && target(first) == target(again)
        && !is_deleting(again)
}

/// The evidence of one acquisition.
#[derive(Debug, Clone)]
pub struct ScaleEvidence<'a> {
    pub parent: &'a InferenceService,
    pub selection: Selection,
    /// The IR read, when it was selected, found, and survived the parent re-read.
    pub ir: Option<&'a InferenceReplica>,
}

/// The request of a replicas=current wait.
#[derive(Debug, Clone)]
pub struct ScaleRequest {
    pub component: Component,
    pub replicas: i32,
    pub bound: Option<IrBinding>,
}

/// Evaluates one acquisition. `pinned` is the IR (name, UID) seen first; it is set here on the
/// first IR read and never changes afterwards.
pub fn evaluate(
    evidence: &ScaleEvidence<'_>,
    request: &ScaleRequest,
    pinned: &mut Option<(String, String)>,
) -> ScaleObservation {
    let (component, n) = (request.component, request.replicas);
    let name = match &evidence.selection {
        Selection::Refused(reason) => {
            let obs = ScaleObservation::unavailable(component, n, *reason);
            return match reason {
                ScaleReason::InvalidReplicaScaleEvidence => ScaleObservation::invalid(component, n),
                _ => obs,
            };
        }
        Selection::Read(name) => name,
    };
    let Some(ir) = evidence.ir else {
        return ScaleObservation::unavailable(component, n, ScaleReason::ReplicaScaleNotRecorded);
    };
    let identity = (
        meta_name(&ir.metadata).to_string(),
        meta_uid(&ir.metadata).to_string(),
    );
    let first_sight = pinned.get_or_insert_with(|| identity.clone());
    let identity_ok = meta_name(&ir.metadata) == name
        && is_owned_child(ir, evidence.parent, component.as_str())
        && request.bound.as_ref().is_none_or(|b| b.uid == identity.1)
        && *first_sight == identity;
    if !identity_ok || !counts_valid(ir) {
        return ScaleObservation::invalid(component, n);
    }
    let status = &ir.status;
    let generation = ir.metadata.generation.unwrap_or(0);
    let observed = status.observed_generation.unwrap_or(0);
    if observed <= 0 || observed != generation {
        return ScaleObservation {
            freshness: Freshness::Stale,
            ..ScaleObservation::unavailable(component, n, ScaleReason::ReplicaScaleNotRecorded)
        };
    }
    let Ok(decoded) = crate::ome::instances::decode(status, MAX_ROWS) else {
        return ScaleObservation::invalid(component, n);
    };
    let current = status.replicas.unwrap_or(0);
    if !rows_valid(&decoded.rows, current) {
        return ScaleObservation::invalid(component, n);
    }
    let spec = ir.spec.replicas.unwrap_or(0);
    let reason = if spec == i64::from(n) && current == i64::from(n) {
        ScaleReason::ReplicaScaleMatched
    } else {
        ScaleReason::ReplicaScaleNotMatched
    };
    ScaleObservation {
        component,
        requested: n,
        spec_replicas: Some(spec),
        current_replicas: Some(current),
        ready_replicas: status.ready_replicas,
        encoding: Some(decoded.encoding),
        validity: Validity::Valid,
        freshness: Freshness::Current,
        reason,
    }
}

/// Spec and status counts are present where required, non-negative and consistent.
fn counts_valid(ir: &InferenceReplica) -> bool {
    let s = &ir.status;
    let Some(spec) = ir.spec.replicas else {
        return false;
    };
    let get = |v: Option<i64>| v.unwrap_or(0);
    let (replicas, ready, serving, available, updated, updated_ready) = (
        get(s.replicas),
        get(s.ready_replicas),
        get(s.serving_replicas),
        get(s.available_replicas),
        get(s.updated_replicas),
        get(s.updated_ready_replicas),
    );
    spec >= 0
        && [replicas, ready, serving, available, updated, updated_ready]
            .iter()
            .all(|c| *c >= 0)
        && [ready, serving, available, updated]
            .iter()
            .all(|c| *c <= replicas)
        && updated_ready <= updated
        && updated_ready <= ready
}

/// Row count equals `status.replicas`; indices unique and non-negative; phases known.
pub fn rows_valid(rows: &[crate::ome::InstanceRow], replicas: i64) -> bool {
    let mut seen = BTreeSet::new();
    i64::try_from(rows.len()).is_ok_and(|len| len == replicas)
        && rows.iter().all(|r| {
            r.index >= 0 && seen.insert(r.index) && INSTANCE_PHASES.contains(&r.phase.as_str())
        })
}
