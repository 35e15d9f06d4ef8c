//! Canary steps, gates and analysis (read-commands.md §5.2).

use super::model::{Analysis, Gate, Phase, RolloutIssue, StepProjection};
use crate::ome::isvc::{CanarySpec, CanaryStatus, CanaryStep};
use serde_json::Value;

/// The gate that ends a step: analysis outranks a pause; a pause with a duration is timed,
/// without one it waits for a manual promote.
fn gate(step: &CanaryStep) -> Gate {
    if step.analysis.as_ref().is_some_and(|a| !a.is_null()) {
        return Gate::Analysis;
    }
    match &step.pause {
        None | Some(Value::Null) => Gate::Immediate,
        Some(Value::Object(p)) => match p.get("duration") {
            None | Some(Value::Null) => Gate::Manual,
            Some(Value::String(s)) if s.is_empty() => Gate::Manual,
            Some(Value::String(_)) | Some(Value::Number(_)) => Gate::Timed,
            Some(_) => Gate::Unknown,
        },
        Some(_) => Gate::Unknown,
    }
}

fn capacity(step: &CanaryStep) -> String {
    match &step.capacity {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// `Failing` when a check failed; otherwise `Passing`/`Inconclusive` from the metric results,
/// `Unobserved` when there are none yet.
fn analysis(status: &CanaryStatus) -> Analysis {
    let failed = match &status.analysis_failed_checks {
        None | Some(Value::Null) => false,
        Some(Value::Array(a)) => !a.is_empty(),
        Some(Value::Number(n)) => n.as_i64().is_none_or(|n| n != 0),
        Some(Value::String(s)) => !s.is_empty(),
        Some(_) => true,
    };
    if failed {
        return Analysis::Failing;
    }
    if status.metric_results.is_empty() {
        return Analysis::Unobserved;
    }
    let passing = status.metric_results.iter().all(|r| {
        let verdict = r
            .get("phase")
            .or_else(|| r.get("status"))
            .or_else(|| r.get("result"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        matches!(
            verdict,
            "Passing" | "Passed" | "Successful" | "Success" | "True"
        )
    });
    let failing = status.metric_results.iter().any(|r| {
        let verdict = r
            .get("phase")
            .or_else(|| r.get("status"))
            .or_else(|| r.get("result"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        matches!(verdict, "Failing" | "Failed" | "Failure" | "False")
    });
    if failing {
        Analysis::Failing
    } else if passing {
        Analysis::Passing
    } else {
        Analysis::Inconclusive
    }
}

/// The current step, or `None` after the final gate or when the step index is invalid.
pub(super) fn project_step(
    spec: &CanarySpec,
    status: &CanaryStatus,
    group: usize,
    issues: &mut Vec<RolloutIssue>,
) -> Option<StepProjection> {
    let total = spec.steps.len();
    let index = match status.current_step {
        Some(i) if i >= 0 => usize::try_from(i).unwrap_or(usize::MAX),
        _ => {
            issues.push(RolloutIssue::new("CanaryStepInvalid", Some(group), None));
            return None;
        }
    };
    if index > total {
        issues.push(RolloutIssue::new("CanaryStepInvalid", Some(group), None));
        return None;
    }
    let step = spec.steps.get(index)?;
    let gate = gate(step);
    let analysis = (gate == Gate::Analysis).then(|| analysis(status));
    if analysis == Some(Analysis::Inconclusive) {
        issues.push(RolloutIssue::new("AnalysisInconclusive", Some(group), None));
    }
    Some(StepProjection {
        index,
        total,
        capacity: capacity(step),
        target_traffic: step.traffic.unwrap_or(0),
        observed_traffic: status.observed_traffic_weight.unwrap_or(0),
        gate,
        analysis,
        entered_at: status.step_entered_time.clone(),
    })
}

/// The canary group's phase: waiting at a gate (or holding after a repin) is `Paused`; past the
/// final gate, the remaining completion is `Promoting`.
pub(super) fn canary_phase(
    raw: &str,
    status: Option<&CanaryStatus>,
    step: Option<&StepProjection>,
) -> Phase {
    let phase = Phase::of(raw);
    if phase != Phase::Canarying {
        return phase;
    }
    let Some(status) = status else {
        return phase;
    };
    if status.pre_step_hold.as_ref().is_some_and(|h| !h.is_null()) {
        return Phase::Paused;
    }
    match step {
        None => Phase::Promoting,
        Some(s) if s.gate != Gate::Immediate => Phase::Paused,
        Some(_) => phase,
    }
}
