//! The service's own evidence (after-the-write.md §3.4): status freshness, the runtime-sync
//! tokens (never printed) and the controller's `RuntimeDrifted` condition.

use super::report::{
    Drift, DriftCause, DriftState, Issue, IssueCode, StatusEvidence, StatusFreshness, SyncState,
};
use crate::ome::keys::{ANNOTATION_RUNTIME_SYNC, CONDITION_RUNTIME_DRIFTED};
use crate::ome::report::WarningCode;
use crate::ome::{InferenceService, meta_annotation};

/// The service's evidence with the issues and warnings it raises.
#[derive(Debug, Clone)]
pub(crate) struct ServiceEvidence {
    pub(crate) status: StatusEvidence,
    pub(crate) sync: SyncState,
    pub(crate) drift: Drift,
    pub(crate) issues: Vec<Issue>,
    pub(crate) warnings: Vec<WarningCode>,
}

fn sync(isvc: &InferenceService) -> SyncState {
    let requested = meta_annotation(&isvc.metadata, ANNOTATION_RUNTIME_SYNC).unwrap_or_default();
    let recorded = isvc
        .status
        .last_runtime_sync_token
        .as_deref()
        .unwrap_or_default();
    match (requested.is_empty(), recorded.is_empty()) {
        (true, true) => SyncState::Absent,
        (true, false) => SyncState::StatusOnly,
        _ if requested == recorded => SyncState::Acknowledged,
        _ => SyncState::Pending,
    }
}

fn drift(isvc: &InferenceService) -> Drift {
    let reported: Vec<_> = isvc
        .status
        .conditions
        .iter()
        .filter(|c| c.type_ == CONDITION_RUNTIME_DRIFTED)
        .collect();
    let malformed = Drift {
        state: DriftState::Malformed,
        cause: None,
    };
    let [one] = reported.as_slice() else {
        return if reported.is_empty() {
            Drift {
                state: DriftState::NotReported,
                cause: None,
            }
        } else {
            malformed
        };
    };
    let state = match one.status.as_str() {
        "True" => DriftState::ReportedTrue,
        "False" => DriftState::ReportedFalse,
        "Unknown" => DriftState::ReportedUnknown,
        _ => return malformed,
    };
    let cause = one
        .reason
        .as_deref()
        .and_then(DriftCause::parse)
        .unwrap_or(DriftCause::Other);
    Drift {
        state,
        cause: Some(cause),
    }
}

pub(crate) fn evidence(isvc: &InferenceService) -> ServiceEvidence {
    let generation = isvc.metadata.generation.unwrap_or(0);
    let observed = isvc.status.observed_generation.unwrap_or(0);
    let status = StatusEvidence {
        generation,
        observed_generation: observed,
        freshness: StatusFreshness::of_observed(generation, observed),
    };
    let drift = drift(isvc);
    let mut issues = Vec::new();
    let mut warnings = Vec::new();
    let plain = |code| Issue {
        code,
        revision: None,
    };
    match status.freshness {
        StatusFreshness::Current => {}
        StatusFreshness::Unobserved => {
            issues.push(plain(IssueCode::StatusUnobserved));
            warnings.push(WarningCode::PartialData);
        }
        StatusFreshness::Stale | StatusFreshness::Invalid => {
            issues.push(plain(if status.freshness == StatusFreshness::Stale {
                IssueCode::StatusStale
            } else {
                IssueCode::StatusInvalid
            }));
            warnings.extend([WarningCode::PartialData, WarningCode::StaleEvidence]);
        }
    }
    if drift.state == DriftState::Malformed {
        issues.push(plain(IssueCode::ReportedDriftConflict));
    }
    ServiceEvidence {
        status,
        sync: sync(isvc),
        drift,
        issues,
        warnings,
    }
}
