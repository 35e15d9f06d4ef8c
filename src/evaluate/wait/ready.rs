//! `replicas=ready` (§4.6): the component's IR reports exactly N ready Instances, and the whole
//! instance evidence of the service is pristine.
//!
//! The spec reuses the `instance list` projection here. Until that projection is shared, this
//! evaluator checks the same "pristine" conditions directly on the IR list: every IR owned by
//! the parent, at most one per component and at most three, each fresh, each with decodable
//! rows whose count matches, dense indices `0..n`, and ready ≤ replicas.

use super::Validity;
use super::identity::is_owned_child;
use super::scale::rows_valid;
use crate::cli::Component;
use crate::ome::{InferenceReplica, InferenceService, meta_name, meta_uid};
use serde::Serialize;

/// Status rows decoded over all IRs of one acquisition.
pub const MAX_ROWS: usize = 2048;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ReadyReason {
    ReplicaReadyMatched,
    ReplicaReadyNotMatched,
    ReplicaReadyNotRecorded,
    InvalidReplicaReadyEvidence,
}

impl ReadyReason {
    pub fn as_str(self) -> &'static str {
        match self {
            ReadyReason::ReplicaReadyMatched => "ReplicaReadyMatched",
            ReadyReason::ReplicaReadyNotMatched => "ReplicaReadyNotMatched",
            ReadyReason::ReplicaReadyNotRecorded => "ReplicaReadyNotRecorded",
            ReadyReason::InvalidReplicaReadyEvidence => "InvalidReplicaReadyEvidence",
        }
    }
}

/// `content.readyReplicas`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReadyObservation {
    pub component: Component,
    pub requested: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub observed: Option<i64>,
    pub validity: Validity,
    #[serde(skip)]
    pub reason: ReadyReason,
}

impl ReadyObservation {
    pub fn unavailable(component: Component, requested: i32, reason: ReadyReason) -> Self {
        let validity = if reason == ReadyReason::InvalidReplicaReadyEvidence {
            Validity::Invalid
        } else {
            Validity::Unavailable
        };
        ReadyObservation {
            component,
            requested,
            observed: None,
            validity,
            reason,
        }
    }
}

/// One acquisition: the parent and the IRs listed for it.
#[derive(Debug, Clone)]
pub struct ReadyEvidence<'a> {
    pub parent: &'a InferenceService,
    pub irs: &'a [InferenceReplica],
    /// The list hit its bounds (more pages or items than allowed).
    pub truncated: bool,
}

/// Evaluates one acquisition; `pinned` is the selected IR (name, UID) at first sight.
pub fn evaluate(
    evidence: &ReadyEvidence<'_>,
    component: Component,
    requested: i32,
    pinned: &mut Option<(String, String)>,
) -> ReadyObservation {
    let invalid = || {
        ReadyObservation::unavailable(
            component,
            requested,
            ReadyReason::InvalidReplicaReadyEvidence,
        )
    };
    if evidence.truncated || evidence.irs.len() > 3 || !pristine(evidence) {
        return invalid();
    }
    let Some(ir) = evidence
        .irs
        .iter()
        .find(|ir| ir.spec.component.as_deref() == Some(component.as_str()))
    else {
        return ReadyObservation::unavailable(
            component,
            requested,
            ReadyReason::ReplicaReadyNotRecorded,
        );
    };
    let identity = (
        meta_name(&ir.metadata).to_string(),
        meta_uid(&ir.metadata).to_string(),
    );
    if *pinned.get_or_insert_with(|| identity.clone()) != identity {
        return invalid();
    }
    let ready = ir.status.ready_replicas.unwrap_or(0);
    let reason = if ready == i64::from(requested) {
        ReadyReason::ReplicaReadyMatched
    } else {
        ReadyReason::ReplicaReadyNotMatched
    };
    ReadyObservation {
        component,
        requested,
        observed: Some(ready),
        validity: Validity::Valid,
        reason,
    }
}

/// Every IR (not only the selected one) is owned, unique per component, fresh and dense.
fn pristine(evidence: &ReadyEvidence<'_>) -> bool {
    let mut components = Vec::new();
    let mut rows_total = 0usize;
    for ir in evidence.irs {
        let Some(component) = ir.spec.component.as_deref().and_then(Component::parse) else {
            return false;
        };
        if components.contains(&component)
            || !is_owned_child(ir, evidence.parent, component.as_str())
        {
            return false;
        }
        components.push(component);
        let generation = ir.metadata.generation.unwrap_or(0);
        if generation <= 0 || ir.status.observed_generation != Some(generation) {
            return false;
        }
        let Ok(decoded) = crate::ome::instances::decode(&ir.status, MAX_ROWS - rows_total) else {
            return false;
        };
        rows_total += decoded.rows.len();
        let replicas = ir.status.replicas.unwrap_or(0);
        let ready = ir.status.ready_replicas.unwrap_or(0);
        let ready_rows = decoded.rows.iter().filter(|r| r.phase == "Ready").count();
        let mut indices: Vec<i64> = decoded.rows.iter().map(|r| r.index).collect();
        indices.sort_unstable();
        let dense = indices
            .iter()
            .enumerate()
            .all(|(i, x)| i64::try_from(i) == Ok(*x));
        if !rows_valid(&decoded.rows, replicas)
            || !dense
            || ready < 0
            || ready > replicas
            || i64::try_from(ready_rows) != Ok(ready)
        {
            return false;
        }
    }
    true
}
