//! `runtime-sync=acknowledged` (§4.10): the service's `ome.io/runtime-sync` request token for
//! this request ID (`cli-runtime-sync-<uuid>`, the form the reference writes) equals
//! `status.lastRuntimeSyncToken`, the runtime pin is managed (`autoSync: false`, no
//! `revision`), and no `RuntimeDrifted` condition exists. Multi-cluster placed services never
//! match.

use super::Validity;
use crate::ome::keys::{ANNOTATION_RUNTIME_SYNC, CONDITION_RUNTIME_DRIFTED, PLACEMENT_KEYS};
use crate::ome::{InferenceService, meta_annotation, meta_label};
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum RuntimeSyncReason {
    RuntimeSyncMatched,
    RuntimeSyncPending,
    RuntimeSyncNotRecorded,
    InvalidRuntimeSync,
    UnsupportedPlacement,
}

impl RuntimeSyncReason {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            RuntimeSyncReason::RuntimeSyncMatched => "RuntimeSyncMatched",
            RuntimeSyncReason::RuntimeSyncPending => "RuntimeSyncPending",
            RuntimeSyncReason::RuntimeSyncNotRecorded => "RuntimeSyncNotRecorded",
            RuntimeSyncReason::InvalidRuntimeSync => "InvalidRuntimeSync",
            RuntimeSyncReason::UnsupportedPlacement => "UnsupportedPlacement",
        }
    }
}

/// `content.runtimeSync`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RuntimeSyncObservation {
    #[serde(rename = "requestID")]
    pub(crate) request_id: String,
    /// The request's annotation is present with exactly this request's token.
    pub(crate) requested: bool,
    /// `status.lastRuntimeSyncToken` equals this request's token.
    pub(crate) acknowledged: bool,
    /// `Managed` (autoSync false, no revision), `AutoSync`, `Revision` or `Unknown`.
    pub(crate) pin: &'static str,
    pub(crate) drifted: bool,
    pub(crate) validity: Validity,
    #[serde(skip)]
    pub(crate) reason: RuntimeSyncReason,
}

impl RuntimeSyncObservation {
    pub(crate) fn none(request_id: &str) -> Self {
        RuntimeSyncObservation {
            request_id: request_id.to_string(),
            requested: false,
            acknowledged: false,
            pin: "Unknown",
            drifted: false,
            validity: Validity::Unavailable,
            reason: RuntimeSyncReason::RuntimeSyncNotRecorded,
        }
    }
}

/// The annotation value the reference writes for a request ID.
pub(crate) fn token(request_id: &str) -> String {
    format!("cli-runtime-sync-{request_id}")
}

pub(crate) fn evaluate(isvc: &InferenceService, request_id: &str) -> RuntimeSyncObservation {
    let mut obs = RuntimeSyncObservation::none(request_id);
    let meta = &isvc.metadata;
    let placed = isvc.spec.placement.is_some()
        || isvc.status.placement.is_some()
        || PLACEMENT_KEYS
            .iter()
            .any(|k| meta_annotation(meta, k).is_some() || meta_label(meta, k).is_some());
    if placed {
        obs.reason = RuntimeSyncReason::UnsupportedPlacement;
        return obs;
    }
    let wanted = token(request_id);
    let annotation = meta_annotation(meta, ANNOTATION_RUNTIME_SYNC);
    obs.requested = annotation == Some(wanted.as_str());
    obs.acknowledged = isvc.status.last_runtime_sync_token.as_deref() == Some(wanted.as_str());
    let runtime = isvc.spec.runtime.as_ref();
    obs.pin = match runtime.map(|r| (r.auto_sync, r.revision.as_deref())) {
        Some((Some(false), None)) => "Managed",
        Some((_, Some(_))) => "Revision",
        Some((None | Some(true), None)) => "AutoSync",
        None => "Unknown",
    };
    obs.drifted = isvc
        .status
        .conditions
        .iter()
        .any(|c| c.type_ == CONDITION_RUNTIME_DRIFTED);
    (obs.validity, obs.reason) = match annotation {
        None => (
            Validity::Unavailable,
            RuntimeSyncReason::RuntimeSyncNotRecorded,
        ),
        // Another request superseded this one: it can no longer be acknowledged as ours.
        Some(_) if !obs.requested => (Validity::Invalid, RuntimeSyncReason::InvalidRuntimeSync),
        Some(_) if obs.pin != "Managed" => {
            (Validity::Invalid, RuntimeSyncReason::InvalidRuntimeSync)
        }
        Some(_) if obs.acknowledged && !obs.drifted => {
            (Validity::Valid, RuntimeSyncReason::RuntimeSyncMatched)
        }
        Some(_) => (Validity::Valid, RuntimeSyncReason::RuntimeSyncPending),
    };
    obs
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const ID: &str = "0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234";

    fn isvc(
        annotation: Option<&str>,
        acknowledged: Option<&str>,
        auto_sync: bool,
    ) -> InferenceService {
        serde_json::from_value(json!({
            "metadata": {"annotations": annotation.map(|a| json!({"ome.io/runtime-sync": a}))},
            "spec": {"runtime": {"name": "rt", "autoSync": auto_sync}},
            "status": {"lastRuntimeSyncToken": acknowledged}
        }))
        .unwrap()
    }

    #[test]
    fn acknowledged_only_for_this_request_on_a_managed_pin() {
        let t = token(ID);
        let ok = evaluate(&isvc(Some(&t), Some(&t), false), ID);
        assert_eq!(ok.reason, RuntimeSyncReason::RuntimeSyncMatched);
        let pending = evaluate(&isvc(Some(&t), Some("cli-runtime-sync-old"), false), ID);
        assert_eq!(pending.reason, RuntimeSyncReason::RuntimeSyncPending);
        let auto = evaluate(&isvc(Some(&t), Some(&t), true), ID);
        assert_eq!(auto.reason, RuntimeSyncReason::InvalidRuntimeSync);
        let other = evaluate(
            &isvc(
                Some("cli-runtime-sync-x"),
                Some("cli-runtime-sync-x"),
                false,
            ),
            ID,
        );
        assert_eq!(other.reason, RuntimeSyncReason::InvalidRuntimeSync);
        let absent = evaluate(&isvc(None, None, false), ID);
        assert_eq!(absent.reason, RuntimeSyncReason::RuntimeSyncNotRecorded);
    }

    #[test]
    fn drift_and_placement_never_match() {
        let t = token(ID);
        let mut drifted = isvc(Some(&t), Some(&t), false);
        drifted.status.conditions.push(crate::ome::Condition {
            type_: "RuntimeDrifted".into(),
            status: "True".into(),
            ..Default::default()
        });
        assert_eq!(
            evaluate(&drifted, ID).reason,
            RuntimeSyncReason::RuntimeSyncPending
        );
        let mut placed = isvc(Some(&t), Some(&t), false);
        placed.spec.placement = Some(json!({}));
        assert_eq!(
            evaluate(&placed, ID).reason,
            RuntimeSyncReason::UnsupportedPlacement
        );
    }
}
