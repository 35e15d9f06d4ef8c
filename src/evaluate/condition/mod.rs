//! `condition=Ready` (§4.7): the InferenceService's single, well-formed `Ready` condition has
//! the requested status. Anything doubtful (duplicates, conflicts, future timestamps, invalid
//! or oversized records) never matches.

pub(crate) mod record;

use record as condition_record;

closed_set! {
    /// Validity of an observation (of a condition, and of every `wait` predicate).
    pub(crate) enum Validity {
        Valid => "Valid",
        Unavailable => "Unavailable",
        Invalid => "Invalid",
    }
}

use crate::ome::closed_set;
use crate::ome::request::ConditionStatus;
use serde::Serialize;
use serde_json::Value;

/// At most this many conditions are inspected.
pub(crate) const MAX_CONDITIONS: usize = 64;

closed_set! {
    /// The warnings of an inspection: of the conditions (this module, the three record codes
    /// of [`record::inspect`]) and of a rollout (`wait --for=rollout=*`). Declared in the order
    /// a sorted list shows them.
    pub(crate) enum InspectionWarning {
        ConflictingReadyConditions => "ConflictingReadyConditions",
        /// Identical duplicates never match either (difference o).
        DuplicateReadyConditions => "DuplicateReadyConditions",
        FutureConditionTimestamp => "FutureConditionTimestamp",
        InvalidConditionRecord => "InvalidConditionRecord",
        InvalidPinnedRun => "InvalidPinnedRun",
        InvalidRolloutRecord => "InvalidRolloutRecord",
        InvalidRolloutTimestamp => "InvalidRolloutTimestamp",
        MissingRolloutEvidence => "MissingRolloutEvidence",
        OversizedConditionRecord => "OversizedConditionRecord",
        StaleReportedCondition => "StaleReportedCondition",
    }
}

closed_set! {
    pub(crate) enum ConditionReason {
        ConditionMatched => "ConditionMatched",
        ConditionNotMatched => "ConditionNotMatched",
        ConditionNotRecorded => "ConditionNotRecorded",
        InvalidCondition => "InvalidCondition",
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Inspection {
    pub(crate) state: &'static str,
    pub(crate) total: u64,
    pub(crate) inspected: u64,
    pub(crate) warnings: Vec<InspectionWarning>,
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

/// Why the conditions cannot be judged at all: more than [`MAX_CONDITIONS`], or a
/// `lastTransitionTime` not in the form Kubernetes writes (C3, a failed read).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ConditionsUnreadable {
    TooMany,
    BadTimestamp,
}

/// Evaluates the `Ready` condition of the stored service against `wanted`, with `now` as the
/// local clock (evidence-strictness.md §3.4): only Ready records decide; an invalid Ready
/// record, or a later one differing in status or severity, makes the evidence invalid; an
/// invalid record of another type only adds a warning.
pub(crate) fn evaluate(
    isvc: &Value,
    wanted: ConditionStatus,
    now: jiff::Timestamp,
) -> Result<ConditionObservation, ConditionsUnreadable> {
    evaluate_type(isvc, "Ready", wanted, now)
}

/// The same rules for any condition type of the service (`status` reads `EngineReady`,
/// `DecoderReady` and `RouterReady` this way).
pub(crate) fn evaluate_type(
    isvc: &Value,
    type_: &str,
    wanted: ConditionStatus,
    now: jiff::Timestamp,
) -> Result<ConditionObservation, ConditionsUnreadable> {
    let all = isvc
        .pointer("/status/conditions")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    if all.len() > MAX_CONDITIONS {
        return Err(ConditionsUnreadable::TooMany);
    }
    let Scan {
        mut warnings,
        ready,
        ready_invalid,
    } = scan(all, type_, now)?;
    warn_repeated(&ready, &mut warnings);
    warnings.sort_unstable();
    warnings.dedup();
    let invalid = ready_invalid || ready.len() > 1;
    let inspection = Inspection {
        state: if warnings.is_empty() {
            "Complete"
        } else {
            "Partial"
        },
        total: all.len() as u64,
        inspected: all.len() as u64,
        warnings,
    };
    let (status, validity, reason) = judge(ready.first(), invalid, wanted);
    Ok(ConditionObservation {
        observed: ConditionObserved {
            status,
            validity,
            generation_freshness: "Unverifiable",
            inspection,
        },
        reason,
    })
}

/// What one pass over the conditions found.
struct Scan<'a> {
    /// Codes of invalid records, of any type.
    warnings: Vec<InspectionWarning>,
    /// `(status, severity)` of each valid record of the wanted type.
    ready: Vec<(&'a str, &'a str)>,
    /// Some record of the wanted type is invalid.
    ready_invalid: bool,
}

fn scan<'a>(
    all: &'a [Value],
    type_: &str,
    now: jiff::Timestamp,
) -> Result<Scan<'a>, ConditionsUnreadable> {
    let mut out = Scan {
        warnings: Vec::new(),
        ready: Vec::new(),
        ready_invalid: false,
    };
    for condition in all {
        let problem = condition_record::inspect(condition, now)
            .map_err(|_| ConditionsUnreadable::BadTimestamp)?;
        let is_ready = condition.get("type").and_then(Value::as_str) == Some(type_);
        if let Some(code) = problem {
            out.warnings.push(code);
            out.ready_invalid |= is_ready;
            continue;
        }
        if is_ready {
            let text = |k: &str| condition.get(k).and_then(Value::as_str).unwrap_or_default();
            out.ready.push((text("status"), text("severity")));
        }
    }
    Ok(out)
}

/// More than one valid record of the wanted type: conflicting or duplicated.
fn warn_repeated(ready: &[(&str, &str)], warnings: &mut Vec<InspectionWarning>) {
    if let [first, rest @ ..] = ready
        && !rest.is_empty()
    {
        warnings.push(if rest.iter().any(|r| r != first) {
            InspectionWarning::ConflictingReadyConditions
        } else {
            InspectionWarning::DuplicateReadyConditions
        });
    }
}

/// The observed status, validity and reason of the first valid record against `wanted`.
fn judge(
    first: Option<&(&str, &str)>,
    invalid: bool,
    wanted: ConditionStatus,
) -> (&'static str, Validity, ConditionReason) {
    match first {
        _ if invalid => (
            "NotRecorded",
            Validity::Invalid,
            ConditionReason::InvalidCondition,
        ),
        None => (
            "NotRecorded",
            Validity::Unavailable,
            ConditionReason::ConditionNotRecorded,
        ),
        Some((status, _)) => {
            let status = match *status {
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
}

/// What a report that is not a wait shows when the conditions cannot be judged at all
/// (`status`): nothing recorded, the evidence invalid, and why in the inspection.
pub(crate) fn unreadable(isvc: &Value, why: ConditionsUnreadable) -> ConditionObservation {
    let total = isvc
        .pointer("/status/conditions")
        .and_then(Value::as_array)
        .map_or(0, Vec::len) as u64;
    let inspection = match why {
        ConditionsUnreadable::TooMany => Inspection {
            state: "LimitExceeded",
            total,
            inspected: 0,
            warnings: Vec::new(),
        },
        ConditionsUnreadable::BadTimestamp => Inspection {
            state: "Partial",
            total,
            inspected: total,
            warnings: vec![InspectionWarning::InvalidConditionRecord],
        },
    };
    ConditionObservation {
        observed: ConditionObserved {
            status: "NotRecorded",
            validity: Validity::Invalid,
            generation_freshness: "Unverifiable",
            inspection,
        },
        reason: ConditionReason::InvalidCondition,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn isvc(conditions: Value) -> Value {
        json!({"status": {"conditions": conditions}})
    }

    fn now() -> jiff::Timestamp {
        "2026-09-28T14:05:12Z".parse().unwrap()
    }

    fn ready(extra: Value) -> Value {
        let mut c = json!({"type": "Ready", "status": "True", "lastTransitionTime": "2026-09-28T14:00:00Z"});
        for (k, v) in extra.as_object().unwrap() {
            c[k] = v.clone();
        }
        c
    }

    #[test]
    fn matches_single_ready() {
        let obs = evaluate(
            &isvc(json!([ready(json!({}))])),
            ConditionStatus::True,
            now(),
        )
        .unwrap();
        assert_eq!(obs.reason, ConditionReason::ConditionMatched);
        assert_eq!(obs.observed.inspection.state, "Complete");
    }

    #[test]
    fn doubtful_ready_records_never_match() {
        for (conditions, warning) in [
            (
                json!([ready(json!({})), ready(json!({"status": "False"}))]),
                "ConflictingReadyConditions",
            ),
            (
                json!([ready(json!({})), ready(json!({"severity": "Warning"}))]),
                "ConflictingReadyConditions",
            ),
            (
                json!([ready(json!({})), ready(json!({}))]),
                "DuplicateReadyConditions",
            ),
            (
                json!([ready(json!({"lastTransitionTime": "2027-01-01T00:00:00Z"}))]),
                "FutureConditionTimestamp",
            ),
            (
                json!([ready(json!({"severity": "Error"}))]),
                "InvalidConditionRecord",
            ),
            (
                json!([ready(json!({"message": "m".repeat(4097)}))]),
                "OversizedConditionRecord",
            ),
        ] {
            let obs = evaluate(&isvc(conditions), ConditionStatus::True, now()).unwrap();
            assert_eq!(obs.reason, ConditionReason::InvalidCondition, "{warning}");
            assert_eq!(obs.observed.inspection.warnings, vec![warning]);
        }
        let other = json!([ready(json!({})), {"type": "IngressReady", "status": "Maybe"}]);
        let obs = evaluate(&isvc(other), ConditionStatus::True, now()).unwrap();
        assert_eq!(obs.reason, ConditionReason::ConditionMatched);
        assert_eq!(obs.observed.inspection.state, "Partial");
        let missing = evaluate(&isvc(json!([])), ConditionStatus::Unknown, now()).unwrap();
        assert_eq!(missing.reason, ConditionReason::ConditionNotRecorded);
        let odd_time = isvc(json!([ready(
            json!({"lastTransitionTime": "2026-09-28 14:00:00"})
        )]));
        assert_eq!(
            evaluate(&odd_time, ConditionStatus::True, now()).err(),
            Some(ConditionsUnreadable::BadTimestamp)
        );
    }
}
