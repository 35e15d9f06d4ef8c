//! `replicas=ready` (§4.6): the component's IR reports exactly N ready Instances, judged on the
//! `instance list` projection, which must be pristine as a whole.

use super::Validity;
use crate::evaluate::instance_list::{
    ComponentReport, ComponentState, InstanceListReport, SummaryState,
};
use crate::ome::Component;
use crate::ome::closed_set;
use crate::ome::report::{Source, SourceEvidence, SourceKind};
use serde::Serialize;

/// Status rows decoded over all IRs of one acquisition.
pub(crate) const MAX_ROWS: usize = 2048;

closed_set! {
    pub(crate) enum ReadyReason {
        ReplicaReadyMatched => "ReplicaReadyMatched",
        ReplicaReadyNotMatched => "ReplicaReadyNotMatched",
        ReplicaReadyNotRecorded => "ReplicaReadyNotRecorded",
        InvalidReplicaReadyEvidence => "InvalidReplicaReadyEvidence",
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
    /// The IR whose evidence kept the report from being clean, when one component's did
    /// (table only: the JSON object keeps the contract's fields).
    #[serde(skip)]
    pub(crate) blocked_by: Option<Blocker>,
}

/// An InferenceReplica (of any component, not only the selected one) whose evidence makes
/// the whole report unclean, so that no count can match until it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Blocker {
    pub(crate) component: String,
    pub(crate) inference_replica: String,
    pub(crate) cause: BlockCause,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlockCause {
    /// The component's evidence is not Reported.
    NotReported,
    /// The controller has not observed the IR's current generation.
    GenerationNotObserved { observed: i64, generation: i64 },
    /// More ready Instances than Instances.
    ReadyAboveReplicas { ready: i64, replicas: i64 },
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
            blocked_by: None,
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
        return ReadyObservation {
            blocked_by: blocker(report),
            ..invalid()
        };
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
    // The pinned UID comes from the IR source; there is no fallback to an empty UID.
    let Some(uid) = report
        .sources
        .iter()
        .find(|s| s.kind == SourceKind::InferenceReplica && s.name == selected.inference_replica)
        .and_then(|s| s.uid.clone())
        .filter(|u| !u.is_empty())
    else {
        return invalid();
    };
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
        blocked_by: None,
    }
}

/// The first component (in report order) whose own evidence is not clean.
fn blocker(report: &InstanceListReport) -> Option<Blocker> {
    report.content.components.iter().find_map(|c| {
        block_cause(c).map(|cause| Blocker {
            component: c.type_.clone(),
            inference_replica: c.inference_replica.clone(),
            cause,
        })
    })
}

/// The generation first: a component whose controller is behind is also not Reported, and the
/// generations say why.
fn block_cause(c: &ComponentReport) -> Option<BlockCause> {
    if c.generation <= 0 || c.observed_generation != c.generation {
        Some(BlockCause::GenerationNotObserved {
            observed: c.observed_generation,
            generation: c.generation,
        })
    } else if c.state != ComponentState::Reported {
        Some(BlockCause::NotReported)
    } else if c.ready_replicas > c.replicas {
        Some(BlockCause::ReadyAboveReplicas {
            ready: c.ready_replicas,
            replicas: c.replicas,
        })
    } else {
        None
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
        .filter(|s| s.kind == SourceKind::InferenceService)
        .count();
    let replica_sources = report
        .sources
        .iter()
        .filter(|s| s.kind == SourceKind::InferenceReplica)
        .count();
    content.summary.state == SummaryState::Reported
        && sources_consistent(report)
        && !content.summary.truncated
        && content.issues.is_empty()
        && report.warnings.is_empty()
        && components.len() <= 3
        && services == 1
        && replica_sources == components.len()
        && report.sources.len() == 1 + components.len()
        && components.iter().all(|c| block_cause(c).is_none())
}

/// Q1 (evidence-strictness.md §3.5): 1–4 sources with non-empty, unique UIDs; exactly one
/// InferenceService source (the report's service, evidence Reported); one InferenceReplica
/// source per component (unique non-empty names in the report's namespace, evidence
/// Reported); unique component types, each naming an IR source; the summary's count agrees.
fn sources_consistent(report: &InstanceListReport) -> bool {
    let sources = &report.sources;
    let components = &report.content.components;
    let mut uids: Vec<&str> = Vec::new();
    let uids_ok = sources.iter().all(|s| {
        let uid = s.uid.as_deref().unwrap_or_default();
        let fresh = !uid.is_empty() && !uids.contains(&uid);
        uids.push(uid);
        fresh
    });
    let reported = |s: &&Source| s.evidence == Some(SourceEvidence::Reported);
    let services: Vec<_> = sources
        .iter()
        .filter(|s| s.kind == SourceKind::InferenceService)
        .collect();
    let service_ok = matches!(services.as_slice(), [svc]
        if svc.name == report.metadata.name
            && svc.namespace == report.metadata.namespace
            && reported(svc));
    let replicas: Vec<_> = sources
        .iter()
        .filter(|s| s.kind == SourceKind::InferenceReplica)
        .collect();
    let mut names: Vec<&str> = Vec::new();
    let replicas_ok = replicas.iter().all(|s| {
        let fresh = !s.name.is_empty() && !names.contains(&s.name.as_str());
        names.push(&s.name);
        fresh && s.namespace == report.metadata.namespace && reported(s)
    });
    let mut types: Vec<&str> = Vec::new();
    let components_ok = components.iter().all(|c| {
        let fresh = !types.contains(&c.type_.as_str());
        types.push(&c.type_);
        fresh && names.contains(&c.inference_replica.as_str())
    });
    (1..=4).contains(&sources.len())
        && uids_ok
        && service_ok
        && replicas_ok
        && replicas.len() == components.len()
        && report.content.summary.components == components.len()
        && components_ok
}
