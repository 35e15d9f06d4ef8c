//! `runtime-sync=acknowledged` (§4.10): the service's `ome.io/runtime-sync` request token for
//! this request ID (`cli-runtime-sync-<uuid>`, the form the reference writes) equals
//! `status.lastRuntimeSyncToken`, the runtime pin is managed (`autoSync: false`, no
//! `revision`), and no `RuntimeDrifted` condition exists. Multi-cluster placed services never
//! match.

use super::Validity;
use crate::evaluate::rollout::project::read;
use crate::ome::keys::{ANNOTATION_RUNTIME_SYNC, CONDITION_RUNTIME_DRIFTED};
use serde::Serialize;
use serde_json::Value;

/// The reasons of evidence-strictness.md §3.2 (the reference's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum RuntimeSyncReason {
    RuntimeSyncObserved,
    RuntimeSyncNotAcknowledged,
    InvalidCondition,
    UnsupportedPlacement,
}

impl RuntimeSyncReason {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            RuntimeSyncReason::RuntimeSyncObserved => "RuntimeSyncObserved",
            RuntimeSyncReason::RuntimeSyncNotAcknowledged => "RuntimeSyncNotAcknowledged",
            RuntimeSyncReason::InvalidCondition => "InvalidCondition",
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
            reason: RuntimeSyncReason::RuntimeSyncNotAcknowledged,
        }
    }
}

/// The annotation value the reference writes for a request ID.
pub(crate) fn token(request_id: &str) -> String {
    format!("cli-runtime-sync-{request_id}")
}

/// Evaluates the stored service (evidence-strictness.md §3.2, rules in `sync_rules`).
pub(crate) fn evaluate(isvc: &Value, request_id: &str) -> RuntimeSyncObservation {
    let wanted = token(request_id);
    let (reason, validity) = super::sync_rules::evaluate(isvc, request_id);
    let annotation = read::path(isvc, &["metadata", "annotations", ANNOTATION_RUNTIME_SYNC])
        .and_then(Value::as_str);
    let acknowledged =
        read::path(isvc, &["status", "lastRuntimeSyncToken"]).and_then(Value::as_str);
    let runtime = read::path(isvc, &["spec", "runtime"]);
    let revision_set = runtime
        .and_then(|r| read::field(r, "revision"))
        .and_then(Value::as_str)
        .is_some_and(|r| !r.is_empty());
    let auto_sync = runtime.and_then(|r| read::field(r, "autoSync"));
    let pin = match (runtime, auto_sync, revision_set) {
        (None, _, _) => "Unknown",
        (Some(_), _, true) => "Revision",
        (Some(_), Some(Value::Bool(false)), false) => "Managed",
        (Some(_), None | Some(Value::Bool(true)), false) => "AutoSync",
        _ => "Unknown",
    };
    let drifted = read::path(isvc, &["status", "conditions"])
        .and_then(Value::as_array)
        .is_some_and(|c| c.iter().any(|c| c["type"] == CONDITION_RUNTIME_DRIFTED));
    RuntimeSyncObservation {
        request_id: request_id.to_string(),
        requested: annotation == Some(wanted.as_str()),
        acknowledged: acknowledged == Some(wanted.as_str()),
        pin,
        drifted,
        validity,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const ID: &str = "0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234";

    #[test]
    fn the_observation_reports_the_pin_and_tokens() {
        let t = token(ID);
        let isvc = json!({
            "metadata": {"annotations": {"ome.io/runtime-sync": t}},
            "spec": {"runtime": {"name": "rt", "autoSync": false}},
            "status": {"lastRuntimeSyncToken": t, "pinnedRevisionName": "cr-rt-1a2b3c4d"}
        });
        let obs = evaluate(&isvc, ID);
        assert_eq!(obs.reason, RuntimeSyncReason::RuntimeSyncObserved);
        assert!(obs.requested && obs.acknowledged && !obs.drifted);
        assert_eq!(obs.pin, "Managed");
        let auto = evaluate(&json!({"spec": {"runtime": {"name": "rt"}}}), ID);
        assert_eq!(auto.pin, "AutoSync");
        assert_eq!(auto.reason, RuntimeSyncReason::InvalidCondition);
    }
}
