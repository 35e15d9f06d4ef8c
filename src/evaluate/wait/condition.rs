//! `condition=Ready` (§4.7): the InferenceService's single, well-formed `Ready` condition has
//! the requested status. Anything doubtful (duplicates, conflicts, future timestamps, invalid
//! or oversized records) never matches.

use super::Validity;
use crate::ome::request::ConditionStatus;
use crate::ome::{Condition, InferenceService};
use serde::Serialize;

/// At most this many conditions are inspected.
pub(crate) const MAX_CONDITIONS: usize = 64;
/// A condition field longer than this is an oversized record.
const MAX_FIELD_BYTES: usize = 32 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum ConditionReason {
    ConditionMatched,
    ConditionNotMatched,
    ConditionNotRecorded,
    InvalidCondition,
}

impl ConditionReason {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            ConditionReason::ConditionMatched => "ConditionMatched",
            ConditionReason::ConditionNotMatched => "ConditionNotMatched",
            ConditionReason::ConditionNotRecorded => "ConditionNotRecorded",
            ConditionReason::InvalidCondition => "InvalidCondition",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Inspection {
    pub(crate) state: &'static str,
    pub(crate) total: u64,
    pub(crate) inspected: u64,
    pub(crate) warnings: Vec<&'static str>,
}

/// `content.observed` (present for every predicate; neutral for the others).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ConditionObserved {
    pub(crate) status: &'static str,
    pub(crate) validity: Validity,
    pub(crate) generation_freshness: &'static str,
    pub(crate) inspection: Inspection,
}

impl ConditionObserved {
    /// The neutral default: nothing inspected.
    pub(crate) fn neutral() -> Self {
        ConditionObserved {
            status: "NotRecorded",
            validity: Validity::Unavailable,
            generation_freshness: "Unverifiable",
            inspection: Inspection {
                state: "NotInspected",
                total: 0,
                inspected: 0,
                warnings: Vec::new(),
            },
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ConditionObservation {
    pub(crate) observed: ConditionObserved,
    pub(crate) reason: ConditionReason,
}

impl ConditionObservation {
    pub(crate) fn none() -> Self {
        ConditionObservation {
            observed: ConditionObserved::neutral(),
            reason: ConditionReason::ConditionNotRecorded,
        }
    }

    pub(crate) fn evidence(&self) -> &'static str {
        if self.observed.validity == Validity::Unavailable {
            "Unavailable"
        } else {
            "Reported"
        }
    }
}

/// Evaluates the `Ready` condition of `isvc` against `wanted`, with `now` as the local clock.
pub(crate) fn evaluate(
    isvc: &InferenceService,
    wanted: ConditionStatus,
    now: jiff::Timestamp,
) -> ConditionObservation {
    evaluate_type(isvc, "Ready", wanted, now)
}

/// The same rules for any condition type of the service (`status` reads `EngineReady`,
/// `DecoderReady` and `RouterReady` this way).
pub(crate) fn evaluate_type(
    isvc: &InferenceService,
    type_: &str,
    wanted: ConditionStatus,
    now: jiff::Timestamp,
) -> ConditionObservation {
    let all = &isvc.status.conditions;
    let (ready, warnings) = records(all, type_, now);
    let limit_exceeded = all.len() > MAX_CONDITIONS;
    let state = match (limit_exceeded, warnings.is_empty()) {
        (true, _) => "LimitExceeded",
        (false, true) => "Complete",
        (false, false) => "Partial",
    };
    let inspection = Inspection {
        state,
        total: all.len() as u64,
        inspected: all.len().min(MAX_CONDITIONS) as u64,
        warnings: warnings.clone(),
    };
    let (status, validity, reason) = if limit_exceeded || !warnings.is_empty() {
        (
            "NotRecorded",
            Validity::Invalid,
            ConditionReason::InvalidCondition,
        )
    } else {
        match ready.first() {
            None => (
                "NotRecorded",
                Validity::Unavailable,
                ConditionReason::ConditionNotRecorded,
            ),
            Some(c) => {
                let status = match c.status.as_str() {
                    "True" => "True",
                    "False" => "False",
                    _ => "Unknown",
                };
                let reason = if status == wanted.as_str() {
                    ConditionReason::ConditionMatched
                } else {
                    ConditionReason::ConditionNotMatched
                };
                (status, Validity::Valid, reason)
            }
        }
    };
    ConditionObservation {
        observed: ConditionObserved {
            status,
            validity,
            generation_freshness: "Unverifiable",
            inspection,
        },
        reason,
    }
}

/// The well-formed records of `type_` among the first [`MAX_CONDITIONS`] conditions, and the
/// inspection warnings (sorted, de-duplicated).
fn records<'a>(
    all: &'a [Condition],
    type_: &str,
    now: jiff::Timestamp,
) -> (Vec<&'a Condition>, Vec<&'static str>) {
    let mut warnings = Vec::new();
    let mut ready: Vec<&Condition> = Vec::new();
    for condition in all.iter().take(MAX_CONDITIONS) {
        if is_oversized(condition) {
            warnings.push("OversizedConditionRecord");
            continue;
        }
        if condition.type_ != type_ {
            continue;
        }
        if !matches!(condition.status.as_str(), "True" | "False" | "Unknown")
            || !timestamp_ok(condition)
        {
            warnings.push("InvalidConditionRecord");
            continue;
        }
        if is_future(condition, now) {
            warnings.push("FutureConditionTimestamp");
        }
        ready.push(condition);
    }
    if let [first, rest @ ..] = ready.as_slice()
        && !rest.is_empty()
    {
        warnings.push(if rest.iter().all(|c| c.status == first.status) {
            "DuplicateReadyConditions"
        } else {
            "ConflictingReadyConditions"
        });
    }
    warnings.sort_unstable();
    warnings.dedup();
    (ready, warnings)
}

fn is_oversized(c: &Condition) -> bool {
    [
        Some(&c.type_),
        Some(&c.status),
        c.reason.as_ref(),
        c.message.as_ref(),
    ]
    .into_iter()
    .flatten()
    .any(|s| s.len() > MAX_FIELD_BYTES)
}

fn timestamp_ok(c: &Condition) -> bool {
    c.last_transition_time
        .as_deref()
        .is_none_or(|t| t.parse::<jiff::Timestamp>().is_ok())
}

fn is_future(c: &Condition, now: jiff::Timestamp) -> bool {
    c.last_transition_time
        .as_deref()
        .and_then(|t| t.parse::<jiff::Timestamp>().ok())
        .is_some_and(|t| t > now)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn isvc(conditions: serde_json::Value) -> InferenceService {
        serde_json::from_value(serde_json::json!({"status": {"conditions": conditions}})).unwrap()
    }

    fn now() -> jiff::Timestamp {
        "2026-09-28T14:05:12Z".parse().unwrap()
    }

    #[test]
    fn matches_single_ready() {
        let obs = evaluate(
            &isvc(
                serde_json::json!([{"type": "Ready", "status": "True", "lastTransitionTime": "2026-09-28T14:00:00Z"}]),
            ),
            ConditionStatus::True,
            now(),
        );
        assert_eq!(obs.reason, ConditionReason::ConditionMatched);
        assert_eq!(obs.observed.inspection.state, "Complete");
    }

    #[test]
    fn doubtful_records_never_match() {
        let conflicting = isvc(serde_json::json!([
            {"type": "Ready", "status": "True"}, {"type": "Ready", "status": "False"}
        ]));
        let obs = evaluate(&conflicting, ConditionStatus::True, now());
        assert_eq!(obs.reason, ConditionReason::InvalidCondition);
        assert_eq!(
            obs.observed.inspection.warnings,
            vec!["ConflictingReadyConditions"]
        );
        let future = isvc(
            serde_json::json!([{"type": "Ready", "status": "True", "lastTransitionTime": "2027-01-01T00:00:00Z"}]),
        );
        assert_eq!(
            evaluate(&future, ConditionStatus::True, now()).reason,
            ConditionReason::InvalidCondition
        );
        let missing = isvc(serde_json::json!([]));
        let obs = evaluate(&missing, ConditionStatus::Unknown, now());
        assert_eq!(obs.reason, ConditionReason::ConditionNotRecorded);
    }
}
