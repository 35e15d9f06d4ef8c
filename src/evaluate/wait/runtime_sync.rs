//! `runtime-sync=acknowledged` (§4.10): the service's `ome.io/runtime-sync` request token for
//! this request ID (`cli-runtime-sync-<uuid>`, the form the reference writes) equals
//! `status.lastRuntimeSyncToken`, the runtime pin is managed (`autoSync: false`, no
//! `revision`), and no `RuntimeDrifted` condition exists. Multi-cluster placed services never
//! match.

use super::Validity;
use crate::evaluate::read::{self, Read};
use crate::ome::closed_set;
use crate::ome::keys::{ANNOTATION_RUNTIME_SYNC, CONDITION_RUNTIME_DRIFTED};
use crate::ome::names::is_dns1123_subdomain;
use serde::Serialize;
use serde_json::Value;

closed_set! {
    /// The reasons of evidence-strictness.md §3.2 (the reference's names).
    pub(crate) enum RuntimeSyncReason {
        RuntimeSyncObserved => "RuntimeSyncObserved",
        RuntimeSyncNotAcknowledged => "RuntimeSyncNotAcknowledged",
        InvalidCondition => "InvalidCondition",
        UnsupportedPlacement => "UnsupportedPlacement",
        RuntimeSyncNotRecorded => "RuntimeSyncNotRecorded",
    }
}

closed_set! {
    /// `tokenState` (conformance.md §3.2): the request's token in the annotation and status.
    pub(crate) enum TokenState {
        Acknowledged => "Acknowledged",
        Pending => "Pending",
        StatusOnly => "StatusOnly",
        Superseded => "Superseded",
        Absent => "Absent",
        Invalid => "Invalid",
        Unavailable => "Unavailable",
    }
}

closed_set! {
    /// `driftState` (conformance.md §3.2): the `RuntimeDrifted` condition, `Clear` without one.
    pub(crate) enum DriftState {
        Clear => "Clear",
        ReportedTrue => "ReportedTrue",
        ReportedFalse => "ReportedFalse",
        ReportedUnknown => "ReportedUnknown",
        Invalid => "Invalid",
        Unavailable => "Unavailable",
    }
}

closed_set! {
    /// `pinState` (conformance.md §3.2): whether the runtime pin is managed.
    pub(crate) enum PinState {
        Managed => "Managed",
        NotApplicable => "NotApplicable",
        Unavailable => "Unavailable",
        Invalid => "Invalid",
    }
}

closed_set! {
    /// `placementState` (conformance.md §3.2): placement-owned services never match.
    pub(crate) enum PlacementState {
        Direct => "Direct",
        UnsupportedPlacement => "UnsupportedPlacement",
    }
}

/// `content.runtimeSync` (conformance.md §3.2), keys in the reference's order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RuntimeSyncObservation {
    #[serde(rename = "requestID")]
    pub(crate) request_id: String,
    pub(crate) token_state: TokenState,
    pub(crate) drift_state: DriftState,
    pub(crate) pin_state: PinState,
    pub(crate) placement_state: PlacementState,
    pub(crate) validity: Validity,
    pub(crate) inspected_conditions: u64,
    pub(crate) generation_freshness: &'static str,
    #[serde(skip)]
    pub(crate) reason: RuntimeSyncReason,
}

impl RuntimeSyncObservation {
    /// A match needs a `Valid`, acknowledged, drift-free, managed and directly placed object
    /// (conformance.md §3.2 step 6 and canonicalisation).
    pub(crate) fn qualifies(&self) -> bool {
        self.reason == RuntimeSyncReason::RuntimeSyncObserved
            && self.validity == Validity::Valid
            && self.token_state == TokenState::Acknowledged
            && self.drift_state == DriftState::Clear
            && self.pin_state == PinState::Managed
            && self.placement_state == PlacementState::Direct
    }

    /// The reset object (parent lost, or no observation yet).
    pub(crate) fn none(request_id: &str) -> Self {
        RuntimeSyncObservation {
            request_id: request_id.to_string(),
            token_state: TokenState::Unavailable,
            drift_state: DriftState::Unavailable,
            pin_state: PinState::Unavailable,
            placement_state: PlacementState::Direct,
            validity: Validity::Unavailable,
            inspected_conditions: 0,
            generation_freshness: "Unverifiable",
            reason: RuntimeSyncReason::RuntimeSyncNotRecorded,
        }
    }
}

/// The annotation value the reference writes for a request ID.
pub(crate) fn token(request_id: &str) -> String {
    format!("cli-runtime-sync-{request_id}")
}

/// The weaker of two validities (`Invalid` < `Unavailable` < `Valid`).
fn weaker(a: Validity, b: Validity) -> Validity {
    match (a, b) {
        (Validity::Invalid, _) | (_, Validity::Invalid) => Validity::Invalid,
        (Validity::Unavailable, _) | (_, Validity::Unavailable) => Validity::Unavailable,
        _ => Validity::Valid,
    }
}

/// More conditions or finalizers than one snapshot may inspect (conformance.md §3.2): the wait
/// ends with `ConditionInspectionLimit` and no report.
pub(crate) fn over_inspection_limit(isvc: &Value) -> bool {
    let count = |pointer: &str| {
        isvc.pointer(pointer)
            .and_then(Value::as_array)
            .map_or(0, Vec::len)
    };
    count("/status/conditions") > crate::evaluate::condition::MAX_CONDITIONS
        || count("/metadata/finalizers") > crate::evaluate::condition::MAX_CONDITIONS
}

/// Evaluates one snapshot of the stored service (conformance.md §3.2 steps 1–6).
pub(crate) fn evaluate(isvc: &Value, request_id: &str) -> RuntimeSyncObservation {
    let request_id = if crate::ome::names::is_canonical_uuid(request_id) {
        request_id
    } else {
        ""
    };
    let mut out = RuntimeSyncObservation::none(request_id);
    // Step 1: placement-owned services are never read further.
    if super::sync_rules::placement_owned(isvc) {
        out.pin_state = PinState::NotApplicable;
        out.placement_state = PlacementState::UnsupportedPlacement;
        out.reason = RuntimeSyncReason::UnsupportedPlacement;
        return out;
    }
    // Step 2.
    let deleting = read::path(isvc, &["metadata", "deletionTimestamp"]).is_some();
    let mut validity = if deleting || request_id.is_empty() {
        if request_id.is_empty() {
            Validity::Invalid
        } else {
            Validity::Unavailable
        }
    } else {
        Validity::Valid
    };
    // Step 3.
    let (pin, pin_validity) = pin_state(isvc);
    out.pin_state = pin;
    validity = weaker(validity, pin_validity);
    // Step 4.
    let (token_state, token_validity) = token_state(isvc, request_id);
    out.token_state = token_state;
    validity = weaker(validity, token_validity);
    // Step 5.
    let status = read::field(isvc, "status").unwrap_or(&Value::Null);
    let conditions = read::array(status, "conditions").ok().unwrap_or(&[]);
    out.inspected_conditions = conditions.len().min(64) as u64;
    out.drift_state = drift_state(conditions);
    if out.drift_state == DriftState::Invalid {
        validity = Validity::Invalid;
    }
    out.validity = validity;
    // Step 6.
    out.reason = if validity == Validity::Valid
        && out.token_state == TokenState::Acknowledged
        && out.drift_state == DriftState::Clear
        && out.pin_state == PinState::Managed
    {
        RuntimeSyncReason::RuntimeSyncObserved
    } else if validity == Validity::Invalid {
        RuntimeSyncReason::InvalidCondition
    } else {
        RuntimeSyncReason::RuntimeSyncNotAcknowledged
    };
    out
}

/// Step 3: the managed pin and the validity it allows.
fn pin_state(isvc: &Value) -> (PinState, Validity) {
    let runtime = read::path(isvc, &["spec", "runtime"]).unwrap_or(&Value::Null);
    let explicit_off = read::boolean(runtime, "autoSync") == Read::Ok(false);
    let no_revision = matches!(read::text(runtime, "revision"), Read::Unset | Read::Ok(""));
    if !explicit_off || !no_revision {
        return (PinState::NotApplicable, Validity::Unavailable);
    }
    let reference_ok = read::text(runtime, "name")
        .ok()
        .is_some_and(is_dns1123_subdomain)
        && matches!(
            read::text(runtime, "kind"),
            Read::Unset | Read::Ok("ServingRuntime" | "ClusterServingRuntime")
        )
        && matches!(
            read::text(runtime, "apiGroup"),
            Read::Unset | Read::Ok("ome.io")
        );
    if !reference_ok {
        return (PinState::Invalid, Validity::Invalid);
    }
    match read::path(isvc, &["status", "pinnedRevisionName"]) {
        None => (PinState::Unavailable, Validity::Unavailable),
        Some(Value::String(name)) if name.is_empty() => {
            (PinState::Unavailable, Validity::Unavailable)
        }
        Some(Value::String(name)) if is_dns1123_subdomain(name) => {
            (PinState::Managed, Validity::Valid)
        }
        Some(_) => (PinState::Invalid, Validity::Invalid),
    }
}

/// Step 4: the request's token in the annotation and in status.
fn token_state(isvc: &Value, request_id: &str) -> (TokenState, Validity) {
    let wanted = token(request_id);
    let annotation = read::path(isvc, &["metadata", "annotations", ANNOTATION_RUNTIME_SYNC])
        .and_then(Value::as_str)
        .unwrap_or_default();
    let status = read::path(isvc, &["status", "lastRuntimeSyncToken"])
        .and_then(Value::as_str)
        .unwrap_or_default();
    if annotation.len() > 256 || status.len() > 256 {
        return (TokenState::Invalid, Validity::Invalid);
    }
    let state = if annotation == wanted && status == wanted {
        TokenState::Acknowledged
    } else if annotation == wanted {
        TokenState::Pending
    } else if annotation.is_empty() && status == wanted {
        TokenState::StatusOnly
    } else if !annotation.is_empty() {
        TokenState::Superseded
    } else {
        TokenState::Absent
    };
    let validity = if matches!(state, TokenState::Absent | TokenState::StatusOnly) {
        Validity::Unavailable
    } else {
        Validity::Valid
    };
    (state, validity)
}

/// Step 5: every condition counts; one well-formed `RuntimeDrifted` at most (`Clear` when
/// there is none).
fn drift_state(conditions: &[Value]) -> DriftState {
    // `None` until the one `RuntimeDrifted` condition is seen; a second one is invalid.
    let mut seen = None;
    for condition in conditions {
        let kind = read::text(condition, "type").ok().unwrap_or_default();
        if kind.is_empty() || kind.len() > 253 || kind.chars().any(char::is_control) {
            return DriftState::Invalid;
        }
        if kind != CONDITION_RUNTIME_DRIFTED {
            continue;
        }
        let len = |k: &str| read::text(condition, k).ok().map_or(0, str::len);
        let severity = read::text(condition, "severity").ok().unwrap_or_default();
        if seen.is_some()
            || len("reason") > 1024
            || len("message") > 4096
            || !matches!(severity, "" | "Info" | "Warning" | "Error")
        {
            return DriftState::Invalid;
        }
        seen = Some(match read::text(condition, "status").ok() {
            Some("True") => DriftState::ReportedTrue,
            Some("False") => DriftState::ReportedFalse,
            Some("Unknown") => DriftState::ReportedUnknown,
            _ => return DriftState::Invalid,
        });
    }
    seen.unwrap_or(DriftState::Clear)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const ID: &str = "0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234";

    #[test]
    fn more_than_64_conditions_or_finalizers_are_over_the_limit() {
        let with = |conditions: usize, finalizers: usize| {
            let mut isvc = acknowledged();
            isvc["status"]["conditions"] =
                json!(vec![json!({"type": "X", "status": "True"}); conditions]);
            isvc["metadata"]["finalizers"] = json!(vec!["f"; finalizers]);
            isvc
        };
        assert!(!over_inspection_limit(&acknowledged()));
        assert!(!over_inspection_limit(&with(64, 64)));
        assert!(over_inspection_limit(&with(65, 0)));
        assert!(over_inspection_limit(&with(0, 65)));
    }

    fn acknowledged() -> Value {
        let t = token(ID);
        json!({
            "metadata": {"annotations": {"ome.io/runtime-sync": t}},
            "spec": {"runtime": {"name": "rt", "autoSync": false}},
            "status": {"lastRuntimeSyncToken": t, "pinnedRevisionName": "cr-rt-1a2b3c4d",
                       "conditions": [{"type": "Ready", "status": "True"}]}
        })
    }

    fn states(o: &RuntimeSyncObservation) -> (&str, &str, &str, &str, Validity, RuntimeSyncReason) {
        (
            o.token_state.as_str(),
            o.drift_state.as_str(),
            o.pin_state.as_str(),
            o.placement_state.as_str(),
            o.validity,
            o.reason,
        )
    }

    #[test]
    fn the_reference_states() {
        use RuntimeSyncReason::*;
        let obs = evaluate(&acknowledged(), ID);
        assert_eq!(
            states(&obs),
            (
                "Acknowledged",
                "Clear",
                "Managed",
                "Direct",
                Validity::Valid,
                RuntimeSyncObserved
            )
        );
        assert_eq!(obs.inspected_conditions, 1);
        let mut pending = acknowledged();
        pending["status"]["lastRuntimeSyncToken"] = json!("cli-runtime-sync-other");
        assert_eq!(
            states(&evaluate(&pending, ID)),
            (
                "Pending",
                "Clear",
                "Managed",
                "Direct",
                Validity::Valid,
                RuntimeSyncNotAcknowledged
            )
        );
        let auto = evaluate(&json!({"spec": {"runtime": {"name": "rt"}}}), ID);
        assert_eq!(
            states(&auto),
            (
                "Absent",
                "Clear",
                "NotApplicable",
                "Direct",
                Validity::Unavailable,
                RuntimeSyncNotAcknowledged
            )
        );
        let mut drifted = acknowledged();
        drifted["status"]["conditions"] =
            json!([{"type": "RuntimeDrifted", "status": "True", "severity": "Error"}]);
        assert_eq!(evaluate(&drifted, ID).drift_state, "ReportedTrue");
        drifted["status"]["conditions"] = json!([{"type": "RuntimeDrifted", "status": "Maybe"}]);
        let invalid = evaluate(&drifted, ID);
        assert_eq!(
            (invalid.drift_state, invalid.validity, invalid.reason),
            (DriftState::Invalid, Validity::Invalid, InvalidCondition)
        );
        let placed = evaluate(&json!({"spec": {"placement": {}}}), ID);
        assert_eq!(
            states(&placed),
            (
                "Unavailable",
                "Unavailable",
                "NotApplicable",
                "UnsupportedPlacement",
                Validity::Unavailable,
                UnsupportedPlacement
            )
        );
    }

    #[test]
    fn the_reset_object() {
        let reset = serde_json::to_value(RuntimeSyncObservation::none(ID)).unwrap();
        assert_eq!(
            reset,
            json!({"requestID": ID, "tokenState": "Unavailable", "driftState": "Unavailable",
                   "pinState": "Unavailable", "placementState": "Direct", "validity": "Unavailable",
                   "inspectedConditions": 0, "generationFreshness": "Unverifiable"})
        );
    }
}
