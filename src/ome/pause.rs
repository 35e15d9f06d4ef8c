//! Paused and held work (after-the-write.md §4, difference q): the pause depth of a service (its
//! `ome.io/rollout-paused` annotation, authoritative) and of an IR (its projected
//! `spec.paused`/`spec.pauseMode`, which can lag), and the rollout-hold gates.

use super::closed_set;
use super::isvc::InferenceService;
use super::keys::ANNOTATION_ROLLOUT_PAUSED;
use super::meta_annotation;
use super::names::is_dns1123_subdomain;
use super::replica::ReplicaSpec;
use serde_json::Value;

closed_set! {
    /// The derived pause depth (§4.2). `None` is never shown.
    pub(crate) enum PauseDepth {
        None => "None",
        Paused => "Paused",
        Freeze => "Freeze",
        /// The annotation holds another value: OME ignores it, so it is not a pause.
        Unrecognized => "Unrecognized",
    }
}

impl PauseDepth {
    /// The service depth from the annotation: exactly `true` or `freeze` pauses.
    pub(crate) fn of_service(isvc: &InferenceService) -> PauseDepth {
        match meta_annotation(&isvc.metadata, ANNOTATION_ROLLOUT_PAUSED) {
            None => PauseDepth::None,
            Some("true") => PauseDepth::Paused,
            Some("freeze") => PauseDepth::Freeze,
            Some(_) => PauseDepth::Unrecognized,
        }
    }

    /// The IR's projected depth; `Err` for a pause mode outside the CRD's enum
    /// (`PauseModeInvalid`). The mode counts only while paused.
    pub(crate) fn of_replica(spec: &ReplicaSpec) -> Result<PauseDepth, PauseModeInvalid> {
        if spec.paused != Some(true) {
            return Ok(PauseDepth::None);
        }
        match spec.pause_mode.as_deref() {
            None | Some("") | Some("Recover") => Ok(PauseDepth::Paused),
            Some("Freeze") => Ok(PauseDepth::Freeze),
            Some(_) => Err(PauseModeInvalid),
        }
    }

    /// The IR's projected depth from its raw JSON: a `spec.paused` that is not a boolean or a
    /// `spec.pauseMode` that is not a string is as invalid as an unknown mode.
    pub(crate) fn of_replica_raw(ir: &Value) -> Result<PauseDepth, PauseModeInvalid> {
        let spec = ir.get("spec").unwrap_or(&Value::Null);
        let paused = match spec.get("paused") {
            None | Some(Value::Null) => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(_) => return Err(PauseModeInvalid),
        };
        let pause_mode = match spec.get("pauseMode") {
            None | Some(Value::Null) => None,
            Some(Value::String(mode)) => Some(mode.clone()),
            Some(_) => return Err(PauseModeInvalid),
        };
        PauseDepth::of_replica(&ReplicaSpec {
            paused,
            pause_mode,
            ..ReplicaSpec::default()
        })
    }

    /// The informational issue of an IR whose projection differs from the service's
    /// annotation (`Unrecognized` projects as none).
    pub(crate) fn lags(self, service: PauseDepth) -> bool {
        self != service.projected()
    }

    /// The depth an IR should have projected.
    fn projected(self) -> PauseDepth {
        match self {
            PauseDepth::Unrecognized => PauseDepth::None,
            other => other,
        }
    }

    /// The annotation value a real pause carries (`true` or `freeze`).
    pub(crate) fn annotation_value(self) -> Option<&'static str> {
        match self {
            PauseDepth::Paused => Some("true"),
            PauseDepth::Freeze => Some("freeze"),
            PauseDepth::None | PauseDepth::Unrecognized => None,
        }
    }
}

/// An IR `spec.pauseMode` outside `Recover`/`Freeze`/empty (issue `PauseModeInvalid`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PauseModeInvalid;

closed_set! {
    /// `status.rolloutHold.gate` (§4.1).
    pub(crate) enum HoldGate {
        Pairing => "Pairing",
        Ratio => "Ratio",
        Sequential => "Sequential",
        Budget => "Budget",
        RetryBlock => "RetryBlock",
        Held => "Held",
        Plan => "Plan",
    }
}

impl HoldGate {
    /// The table alias (§4.5).
    pub(crate) fn alias(self) -> &'static str {
        match self {
            HoldGate::Pairing => "PAIR",
            HoldGate::Ratio => "RATIO",
            HoldGate::Sequential => "SEQ",
            HoldGate::Budget => "BUDGET",
            HoldGate::RetryBlock => "RETRY",
            HoldGate::Held => "HELD",
            HoldGate::Plan => "PLAN",
        }
    }
}

/// `status.rolloutHold` once checked (§4.5): `reason` is never kept.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub(crate) struct RolloutHold {
    pub(crate) gate: HoldGate,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) target: Option<String>,
    pub(crate) since: String,
}

/// A hold with a gate outside the enum, a missing or zero `since`, or a target that is not a
/// DNS-1123 subdomain (issue `RolloutHoldInvalid`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RolloutHoldInvalid;

impl RolloutHold {
    /// `None` when no hold is recorded (absent or `null`).
    pub(crate) fn from_raw(raw: Option<&Value>) -> Option<Result<RolloutHold, RolloutHoldInvalid>> {
        match raw {
            None | Some(Value::Null) => None,
            Some(hold) => Some(RolloutHold::check(hold)),
        }
    }

    fn check(hold: &Value) -> Result<RolloutHold, RolloutHoldInvalid> {
        let text = |key: &str| hold.get(key).and_then(Value::as_str);
        let gate = text("gate")
            .and_then(HoldGate::parse)
            .ok_or(RolloutHoldInvalid)?;
        let since = text("since")
            .and_then(|s| s.parse::<jiff::Timestamp>().ok())
            // Go's zero time is how an unset `since` serialises.
            .filter(|t| t.as_second() > ZERO_TIME_SECONDS)
            .ok_or(RolloutHoldInvalid)?;
        let target = match hold.get("target") {
            None | Some(Value::Null) => None,
            Some(Value::String(t)) if t.is_empty() => None,
            Some(Value::String(t)) if is_dns1123_subdomain(t) => Some(t.clone()),
            Some(_) => return Err(RolloutHoldInvalid),
        };
        Ok(RolloutHold {
            gate,
            target,
            since: since.to_string(),
        })
    }
}

/// 0001-01-01T00:00:00Z in Unix seconds.
const ZERO_TIME_SECONDS: i64 = -62_135_596_800;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn isvc(annotation: Option<&str>) -> InferenceService {
        let mut raw = json!({"metadata": {"name": "chat"}});
        if let Some(value) = annotation {
            raw["metadata"]["annotations"] = json!({ANNOTATION_ROLLOUT_PAUSED: value});
        }
        serde_json::from_value(raw).unwrap()
    }

    #[test]
    fn only_true_and_freeze_pause_a_service() {
        assert_eq!(PauseDepth::of_service(&isvc(None)), PauseDepth::None);
        assert_eq!(
            PauseDepth::of_service(&isvc(Some("true"))),
            PauseDepth::Paused
        );
        assert_eq!(
            PauseDepth::of_service(&isvc(Some("freeze"))),
            PauseDepth::Freeze
        );
        for odd in ["True", "1", "", "FREEZE", "false"] {
            assert_eq!(
                PauseDepth::of_service(&isvc(Some(odd))),
                PauseDepth::Unrecognized,
                "{odd:?}"
            );
        }
    }

    #[test]
    fn replica_depth_reads_mode_only_while_paused() {
        let spec = |v: serde_json::Value| serde_json::from_value::<ReplicaSpec>(v).unwrap();
        assert_eq!(
            PauseDepth::of_replica(&spec(json!({}))),
            Ok(PauseDepth::None)
        );
        assert_eq!(
            PauseDepth::of_replica(&spec(json!({"paused": false, "pauseMode": "Bogus"}))),
            Ok(PauseDepth::None)
        );
        assert_eq!(
            PauseDepth::of_replica(&spec(json!({"paused": true}))),
            Ok(PauseDepth::Paused)
        );
        assert_eq!(
            PauseDepth::of_replica(&spec(json!({"paused": true, "pauseMode": "Recover"}))),
            Ok(PauseDepth::Paused)
        );
        assert_eq!(
            PauseDepth::of_replica(&spec(json!({"paused": true, "pauseMode": "Freeze"}))),
            Ok(PauseDepth::Freeze)
        );
        assert_eq!(
            PauseDepth::of_replica(&spec(json!({"paused": true, "pauseMode": "freeze"}))),
            Err(PauseModeInvalid)
        );
        assert_eq!(
            PauseDepth::of_replica_raw(&json!({"spec": {"paused": "true"}})),
            Err(PauseModeInvalid)
        );
        assert_eq!(
            PauseDepth::of_replica_raw(&json!({"spec": {"paused": true, "pauseMode": "Freeze"}})),
            Ok(PauseDepth::Freeze)
        );
        assert!(PauseDepth::None.lags(PauseDepth::Paused));
        assert!(!PauseDepth::None.lags(PauseDepth::Unrecognized));
        assert!(!PauseDepth::Freeze.lags(PauseDepth::Freeze));
    }

    #[test]
    fn holds_are_checked_and_lose_their_reason() {
        let hold = |v: serde_json::Value| RolloutHold::from_raw(Some(&v));
        assert_eq!(RolloutHold::from_raw(None), None);
        assert_eq!(
            hold(
                json!({"gate": "Held", "reason": "x", "target": "chat-engine-6c4f8b1d",
                "since": "2026-09-20T08:10:00Z"})
            ),
            Some(Ok(RolloutHold {
                gate: HoldGate::Held,
                target: Some("chat-engine-6c4f8b1d".to_string()),
                since: "2026-09-20T08:10:00Z".to_string(),
            }))
        );
        for bad in [
            json!({"gate": "held", "since": "2026-09-20T08:10:00Z"}),
            json!({"gate": "Plan", "since": "0001-01-01T00:00:00Z"}),
            json!({"gate": "Plan"}),
            json!({"gate": "Plan", "since": "2026-09-20T08:10:00Z", "target": "Bad Name"}),
            json!("Held"),
        ] {
            assert_eq!(hold(bad.clone()), Some(Err(RolloutHoldInvalid)), "{bad}");
        }
    }
}
