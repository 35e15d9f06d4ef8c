//! `replicas=ready` (§4.6): the component's IR reports exactly N ready Instances, judged on the
//! `instance list` projection, which must be pristine as a whole.

use super::Validity;
use crate::evaluate::instance::{ComponentState, InstanceListReport, SummaryState};
use crate::ome::Component;
use serde::Serialize;

/// Status rows decoded over all IRs of one acquisition.
pub(crate) const MAX_ROWS: usize = 2048;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum ReadyReason {
    ReplicaReadyMatched,
    ReplicaReadyNotMatched,
    ReplicaReadyNotRecorded,
    InvalidReplicaReadyEvidence,
}

impl ReadyReason {
    pub(crate) fn as_str(self) -> &'static str {
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
pub(crate) struct ReadyObservation {
    pub(crate) component: Component,
    pub(crate) requested: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) observed: Option<i64>,
    pub(crate) validity: Validity,
    #[serde(skip)]
    pub(crate) reason: ReadyReason,
}

impl ReadyObservation {
    pub(crate) fn unavailable(component: Component, requested: i32, reason: ReadyReason) -> Self {
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

/// Evaluates one projected report; `pinned` is the selected IR (name, UID) at first sight.
pub(crate) fn evaluate(
    report: &InstanceListReport,
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
    if !pristine(report) {
        return invalid();
    }
    let Some(selected) = report
        .content
        .components
        .iter()
        .find(|c| c.type_ == component.as_str())
    else {
        return ReadyObservation::unavailable(
            component,
            requested,
            ReadyReason::ReplicaReadyNotRecorded,
        );
    };
    let uid = report
        .sources
        .iter()
        .find(|s| s.kind == "InferenceReplica" && s.name == selected.inference_replica)
        .and_then(|s| s.uid.clone())
        .unwrap_or_default();
    let identity = (selected.inference_replica.clone(), uid);
    if *pinned.get_or_insert_with(|| identity.clone()) != identity {
        return invalid();
    }
    let reason = if selected.ready_replicas == i64::from(requested) {
        ReadyReason::ReplicaReadyMatched
    } else {
        ReadyReason::ReplicaReadyNotMatched
    };
    ReadyObservation {
        component,
        requested,
        observed: Some(selected.ready_replicas),
        validity: Validity::Valid,
        reason,
    }
}

/// The whole report, not only the selected component, must be clean (§4.6). A `SparseIndices`
/// issue anywhere therefore makes the wait Invalid until the indices are dense again.
fn pristine(report: &InstanceListReport) -> bool {
    let content = &report.content;
    let components = &content.components;
    let services = report
        .sources
        .iter()
        .filter(|s| s.kind == "InferenceService")
        .count();
    let replica_sources = report
        .sources
        .iter()
        .filter(|s| s.kind == "InferenceReplica")
        .count();
    content.summary.state == SummaryState::Reported
        && !content.summary.truncated
        && content.issues.is_empty()
        && report.warnings.is_empty()
        && components.len() <= 3
        && services == 1
        && replica_sources == components.len()
        && report.sources.len() == 1 + components.len()
        && components.iter().all(|c| {
            c.state == ComponentState::Reported
                && c.generation > 0
                && c.observed_generation == c.generation
                && c.ready_replicas <= c.replicas
        })
}
