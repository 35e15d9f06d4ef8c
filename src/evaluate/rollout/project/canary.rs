//! Canary groups (evidence-strictness.md §1.4, K1–K13): the primary, where its canary status
//! lives, the group phase, stray or missing status, and the consistency of a located status
//! with the plan, the phase and the primary's traffic.

use super::names::{is_hash, service_revision_hash};
use super::spec::{self, Group};
use super::{Component, IssueCode, Issues, is_recognised_phase, rollout_phase};
use crate::evaluate::lifecycle::{Budget, parse_budget};
use crate::evaluate::read::{self, Read};
use crate::evaluate::rollout::model::{Analysis, Gate, Phase, StepProjection};
use serde_json::Value;
use std::collections::BTreeMap;

/// Group phases that need a located canary status.
const NEEDS_STATUS: [&str; 7] = [
    "Pending",
    "Canarying",
    "Paused",
    "Promoting",
    "RollingBack",
    "RolledBack",
    "Failed",
];

/// What the canary pass gives the group projection.
#[derive(Debug, Clone)]
pub(crate) struct CanaryProjection {
    pub(crate) phase: Phase,
    pub(crate) step: Option<StepProjection>,
    pub(crate) stable_hash: Option<String>,
    pub(crate) target_hash: Option<String>,
    pub(crate) rejected_hash: Option<String>,
    pub(crate) entered_at: Option<String>,
}

/// K1: the first of router, engine, decoder among the members.
pub(crate) fn primary(group: &Group) -> Option<Component> {
    [Component::Router, Component::Engine, Component::Decoder]
        .into_iter()
        .find(|c| group.members.contains(c))
}

/// The context one canary group is read in.
pub(crate) struct Context<'a> {
    pub(crate) isvc_name: &'a str,
    pub(crate) status: &'a Value,
    /// Exactly one canary group and no component carries a canary block (K2).
    pub(crate) alias_allowed: bool,
}

pub(crate) fn project(ctx: &Context, group: &Group, issues: &mut Issues) -> CanaryProjection {
    let g = group.index;
    let mut out = CanaryProjection {
        phase: Phase::Unknown,
        step: None,
        stable_hash: None,
        target_hash: None,
        rejected_hash: None,
        entered_at: None,
    };
    let Some(primary) = primary(group) else {
        return out;
    };
    let components = read::field(ctx.status, "components").unwrap_or(&Value::Null);
    let primary_status = read::field(components, primary.as_str());
    let phase = primary_status.map_or(Read::Unset, rollout_phase);
    out.phase = match phase {
        Read::Ok("") | Read::Unset => gap(issues, g, primary),
        Read::Ok("BlueGreenStandby") => {
            issues.group(IssueCode::StatusMalformed, g);
            Phase::Unknown
        }
        Read::Ok(p) if is_recognised_phase(p) => Phase::of(p),
        _ => Phase::Unknown,
    };
    check_secondaries(components, group, primary, out.phase, issues);
    let located = primary_status
        .and_then(|s| read::field(s, "canary"))
        .or_else(|| {
            ctx.alias_allowed
                .then(|| read::field(ctx.status, "canary"))
                .flatten()
        });
    let needs_status = NEEDS_STATUS.contains(&out.phase.as_str());
    let Some(status) = located else {
        if needs_status {
            issues.group(IssueCode::CanaryStatusMissing, g);
        }
        return out;
    };
    if out.phase != Phase::Stable && !needs_status {
        issues.group(IssueCode::CanaryStatusUnexpected, g);
        return out;
    }
    let plan = group
        .spec
        .and_then(|s| read::field(s, "canary"))
        .and_then(spec::steps)
        .unwrap_or(&[]);
    let traffic = primary_status
        .map(|s| traffic_map(s, ctx.isvc_name, primary))
        .unwrap_or_default();
    let evidence = Evidence::read(status, plan, g, issues);
    out.stable_hash = nonempty(evidence.stable);
    out.target_hash = nonempty(evidence.canary);
    out.rejected_hash = nonempty(evidence.rolled_back);
    out.entered_at = evidence.entered.map(str::to_string);
    let binding = Binding {
        phase: out.phase.as_str(),
        plan,
        traffic: &traffic,
    };
    if out.phase == Phase::Stable {
        if !binding.completed(&evidence) {
            issues.group(IssueCode::CanaryStepInvalid, g);
        }
        return out;
    }
    out.step = binding.active(&evidence, g, issues);
    out
}

fn gap(issues: &mut Issues, g: usize, primary: Component) -> Phase {
    issues.component(IssueCode::ComponentStatusMissing, Some(g), primary);
    Phase::Unknown
}

fn nonempty(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_string())
}

/// K3: a secondary with a rollout phase must be in the primary's phase.
fn check_secondaries(
    components: &Value,
    group: &Group,
    primary: Component,
    phase: Phase,
    issues: &mut Issues,
) {
    for c in group.members.iter().filter(|c| **c != primary) {
        let own = read::field(components, c.as_str()).map_or(Read::Unset, rollout_phase);
        if let Read::Ok(p) = own
            && !p.is_empty()
            && is_recognised_phase(p)
            && p != phase.as_str()
        {
            issues.component(IssueCode::StatusMalformed, Some(group.index), *c);
        }
    }
}

/// The primary's traffic as revision hash → percent; `None` when any entry is not a
/// per-revision Service name of the primary, repeats a hash or has no integer percent.
fn traffic_map(status: &Value, isvc: &str, primary: Component) -> Option<BTreeMap<String, i64>> {
    let entries = read::array(status, "traffic").ok().unwrap_or(&[]);
    let mut map = BTreeMap::new();
    for entry in entries {
        let name = read::text(entry, "revisionName").ok()?;
        let hash = service_revision_hash(name, isvc, primary.as_str())?;
        let percent = read::int(entry, "percent").ok()?;
        if map.insert(hash, percent).is_some() {
            return None;
        }
    }
    Some(map)
}

/// The fields of a located canary status. A field of the wrong type is malformed status.
struct Evidence<'a> {
    current_step: Option<i64>,
    weight: Option<i64>,
    canary: &'a str,
    stable: &'a str,
    rolled_back: &'a str,
    promoted_through: &'a str,
    pre_step_hold: bool,
    entered: Option<&'a str>,
    status: &'a Value,
}

impl<'a> Evidence<'a> {
    fn read(status: &'a Value, plan: &[Value], g: usize, issues: &mut Issues) -> Evidence<'a> {
        let mut malformed = !status.is_object();
        let mut text = |key: &str| match read::text(status, key) {
            Read::Ok(s) => s,
            Read::Unset => "",
            Read::Bad => {
                malformed = true;
                ""
            }
        };
        let canary = text("canaryRevisionHash");
        let stable = text("stableRevisionHash");
        let rolled_back = text("rolledBackRevisionHash");
        let promoted_through = text("promotedThrough");
        let entered = text("stepEnteredTime");
        let current_step = read::int(status, "currentStep");
        let weight = read::int(status, "observedTrafficWeight");
        let pre_step_hold = read::boolean(status, "preStepHold");
        if current_step.is_bad() || weight.is_bad() || pre_step_hold.is_bad() {
            malformed = true;
        }
        if !is_hash(canary)
            || [stable, rolled_back]
                .iter()
                .any(|h| !h.is_empty() && !is_hash(h))
        {
            issues.group(IssueCode::RevisionNameInvalid, g);
        }
        if !promoted_through.is_empty() && !is_hash(promoted_through) {
            malformed = true;
        }
        if !entered.is_empty()
            && (read::is_zero_time(entered) || entered.parse::<jiff::Timestamp>().is_err())
        {
            malformed = true;
        }
        let weight = weight.ok();
        if weight.is_some_and(|w| !(0..=100).contains(&w)) {
            issues.group(IssueCode::TrafficInvalid, g);
        }
        let evidence = Evidence {
            current_step: current_step.ok(),
            weight,
            canary,
            stable,
            rolled_back,
            promoted_through,
            pre_step_hold: pre_step_hold.ok().unwrap_or(false),
            entered: (!entered.is_empty()).then_some(entered),
            status,
        };
        if malformed || !analysis_consistent(&evidence, plan, issues, g) {
            issues.group(IssueCode::StatusMalformed, g);
        }
        evidence
    }
}

/// What the located status is checked against.
struct Binding<'a> {
    phase: &'a str,
    plan: &'a [Value],
    traffic: &'a Option<BTreeMap<String, i64>>,
}

impl Binding<'_> {
    fn step_traffic(&self, index: i64) -> Option<i64> {
        let step = self.plan.get(usize::try_from(index).ok()?)?;
        read::int(step, "traffic").ok()
    }

    /// K7: a `Stable` canary with status is complete.
    fn completed(&self, e: &Evidence) -> bool {
        let Some(last) = self.plan.last() else {
            return false;
        };
        let last_capacity = read::field(last, "capacity").and_then(parse_budget);
        let capacity_ok = matches!(last_capacity, Some(Budget::Count(n)) if n > 0)
            || last_capacity == Some(Budget::Percent(100));
        let expected: BTreeMap<String, i64> = [(e.canary.to_string(), 100)].into_iter().collect();
        let traffic_names_canary = is_hash(e.canary) && self.traffic.as_ref() == Some(&expected);
        !e.pre_step_hold
            && read::int(last, "traffic").ok() == Some(100)
            && capacity_ok
            && e.current_step == i64::try_from(self.plan.len()).ok()
            && e.weight == Some(100)
            && e.stable.is_empty()
            && e.rolled_back.is_empty()
            && e.promoted_through.is_empty()
            && traffic_names_canary
    }

    /// K8–K12 for a phase that needs status; the current step when it is in range.
    fn active(&self, e: &Evidence, g: usize, issues: &mut Issues) -> Option<StepProjection> {
        let total = self.plan.len();
        let index = e
            .current_step
            .and_then(|i| usize::try_from(i).ok())
            .filter(|i| *i < total);
        let Some(index) = index else {
            issues.group(IssueCode::CanaryStepInvalid, g);
            return None;
        };
        let step = self.plan.get(index)?;
        let capacity = read::field(step, "capacity");
        if capacity.and_then(parse_budget).is_none() {
            issues.group(IssueCode::CanaryStepInvalid, g);
        }
        if read::int(step, "traffic")
            .ok()
            .is_none_or(|t| !(0..=100).contains(&t))
        {
            issues.group(IssueCode::TrafficInvalid, g);
        }
        if !self.residue_ok(e, index)
            || !self.traffic_bound(e)
            || !self.weight_matches_step(e, index)
        {
            issues.group(IssueCode::StatusMalformed, g);
        }
        Some(StepProjection {
            index,
            total,
            capacity: capacity.map_or_else(String::new, display),
            target_traffic: read::int(step, "traffic").ok().unwrap_or(0),
            observed_traffic: e.weight.unwrap_or(0),
            gate: gate(step),
            analysis: read::field(step, "analysis").map(|_| analysis_state(e)),
            entered_at: e.entered.map(str::to_string),
        })
    }

    /// K9: what a step position and the residue fields allow in each phase.
    fn residue_ok(&self, e: &Evidence, index: usize) -> bool {
        let last = self.plan.len().saturating_sub(1);
        let weight = e.weight.unwrap_or(-1);
        let at = i64::try_from(index).unwrap_or(i64::MAX);
        let position_ok = match self.phase {
            "Promoting" => index == last && weight == 100,
            "Paused" => index < last,
            "Canarying" if index == last => index > 0 && Some(weight) == self.step_traffic(at - 1),
            _ => true,
        };
        let rollback_phase = matches!(self.phase, "RollingBack" | "RolledBack");
        let rolled_back_ok = e.rolled_back.is_empty() || rollback_phase;
        let after_manual_gate = index >= 1
            && self
                .plan
                .get(index - 1)
                .is_some_and(|s| gate(s) == Gate::Manual);
        let promoted_ok = e.promoted_through.is_empty()
            || (index >= 1 && (!after_manual_gate || e.promoted_through == e.canary));
        // A pre-step hold is accepted only at a repin boundary that cannot be proven here.
        position_ok && rolled_back_ok && promoted_ok && !e.pre_step_hold
    }

    /// K10: the weight, the hashes and the primary's traffic agree.
    fn traffic_bound(&self, e: &Evidence) -> bool {
        if !matches!(
            self.phase,
            "Canarying" | "Paused" | "Promoting" | "RollingBack" | "RolledBack"
        ) {
            return true;
        }
        let Some(weight) = e.weight.filter(|w| (0..=100).contains(w)) else {
            return false;
        };
        if !e.stable.is_empty() && e.stable == e.canary {
            return false;
        }
        let mut expected = BTreeMap::new();
        if matches!(self.phase, "RollingBack" | "RolledBack") {
            if e.rolled_back != e.canary || e.stable.is_empty() || weight != 0 {
                return false;
            }
            expected.insert(e.stable.to_string(), 100);
        } else {
            if !e.rolled_back.is_empty() {
                return false;
            }
            if weight > 0 {
                expected.insert(e.canary.to_string(), weight);
            }
            if weight < 100 {
                if e.stable.is_empty() {
                    return false;
                }
                expected.insert(e.stable.to_string(), 100 - weight);
            }
        }
        self.traffic.as_ref() == Some(&expected)
    }

    /// K11: the observed weight is the current step's traffic (or, while Canarying past the
    /// first step, the previous step's).
    fn weight_matches_step(&self, e: &Evidence, index: usize) -> bool {
        if !matches!(self.phase, "Canarying" | "Paused" | "Promoting") {
            return true;
        }
        let at = i64::try_from(index).unwrap_or(i64::MAX);
        let here = self.step_traffic(at);
        let before = (self.phase == "Canarying" && index > 0)
            .then(|| self.step_traffic(at - 1))
            .flatten();
        e.weight.is_some() && (e.weight == here || e.weight == before)
    }
}

fn display(capacity: &Value) -> String {
    match capacity {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The gate that ends a step: analysis outranks a pause; a pause with a duration is timed,
/// without one it waits for a manual promote.
pub(crate) fn gate(step: &Value) -> Gate {
    if read::field(step, "analysis").is_some() {
        return Gate::Analysis;
    }
    match read::field(step, "pause") {
        None => Gate::Immediate,
        Some(pause) => match read::text(pause, "duration") {
            Read::Unset | Read::Ok("") => Gate::Manual,
            Read::Ok(_) => Gate::Timed,
            Read::Bad => Gate::Unknown,
        },
    }
}

/// `Unobserved` before any evaluation, `Failing` after a failed check, `Passing` once every
/// declared metric passed, otherwise `Inconclusive`.
fn analysis_state(e: &Evidence) -> Analysis {
    let failed = read::int(e.status, "analysisFailedChecks")
        .ok()
        .unwrap_or(0);
    let results = read::array(e.status, "metricResults").ok().unwrap_or(&[]);
    if failed > 0 {
        Analysis::Failing
    } else if results.is_empty() {
        Analysis::Unobserved
    } else if results
        .iter()
        .all(|r| read::boolean(r, "passed").ok() == Some(true))
    {
        Analysis::Passing
    } else {
        Analysis::Inconclusive
    }
}

/// K13: recorded analysis evidence is self-consistent. Unknown, duplicate or mismatched
/// metrics and missing results are only inconclusive (tolerated).
fn analysis_consistent(e: &Evidence, plan: &[Value], issues: &mut Issues, g: usize) -> bool {
    let status = e.status;
    let failed = match read::int(status, "analysisFailedChecks") {
        Read::Unset => 0,
        Read::Ok(n) if n >= 0 => n,
        _ => return false,
    };
    let evaluated = read::text(status, "lastEvaluationTime");
    let conclusive = read::text(status, "lastConclusiveEvaluationTime");
    let results = match read::array(status, "metricResults") {
        Read::Unset => &[][..],
        Read::Ok(results) => results,
        Read::Bad => return false,
    };
    let recorded = failed > 0 || evaluated.is_set() || conclusive.is_set() || !results.is_empty();
    if !recorded {
        return true;
    }
    let (Some(Some(evaluated_at)), Some(conclusive_at)) =
        (evaluation_time(evaluated), evaluation_time(conclusive))
    else {
        return false;
    };
    if results.is_empty()
        || conclusive_at.is_some_and(|c| c > evaluated_at)
        || (failed > 0 && conclusive_at.is_none())
    {
        return false;
    }
    let declared = declared_metrics(e, plan);
    let Some(inconclusive) = results_inconclusive(results, &declared, evaluated_at) else {
        return false;
    };
    let settled_ok = match analysis_state(e) {
        Analysis::Failing => failed > 0 && conclusive_at == Some(evaluated_at),
        Analysis::Passing if !inconclusive => conclusive_at == Some(evaluated_at),
        _ => true,
    };
    if inconclusive {
        issues.group(IssueCode::AnalysisInconclusive, g);
    }
    settled_ok
}

/// An evaluation time: `Some(None)` when unset, `None` when zero or unparseable.
fn evaluation_time(t: Read<&str>) -> Option<Option<jiff::Timestamp>> {
    match t {
        Read::Unset => Some(None),
        Read::Ok(s) if read::is_zero_time(s) => None,
        Read::Ok(s) => s.parse().ok().map(Some),
        Read::Bad => None,
    }
}

/// Checks the metric results against the declared metrics: `None` when one contradicts the
/// evidence, else whether the results are inconclusive (duplicate, undeclared or missing).
fn results_inconclusive(
    results: &[Value],
    declared: &[(&str, f64, &str)],
    evaluated_at: jiff::Timestamp,
) -> Option<bool> {
    let mut seen: Vec<&str> = Vec::new();
    let mut inconclusive = false;
    for result in results {
        let (name, value, passed) = metric_result(result, evaluated_at)?;
        if seen.contains(&name) {
            inconclusive = true;
            continue;
        }
        seen.push(name);
        match declared.iter().find(|(n, _, _)| *n == name) {
            None => inconclusive = true,
            Some((_, threshold, operator)) => {
                let v = spec::number(&Value::from(value))?;
                if Some(compare(v, *threshold, operator)) != passed {
                    return None;
                }
            }
        }
    }
    if declared.iter().any(|(n, _, _)| !seen.contains(n)) {
        inconclusive = true;
    }
    Some(inconclusive)
}

/// One metric result's (name, value, passed); `None` when it is malformed, not from the last
/// evaluation, or passing without a value.
fn metric_result(
    result: &Value,
    evaluated_at: jiff::Timestamp,
) -> Option<(&str, &str, Option<bool>)> {
    let name = read::text(result, "name").ok().unwrap_or_default();
    let value = read::text(result, "value");
    let passed = read::boolean(result, "passed");
    let at = read::text(result, "time")
        .ok()
        .and_then(|t| t.parse::<jiff::Timestamp>().ok());
    if at != Some(evaluated_at) || value.is_bad() || passed.is_bad() {
        return None;
    }
    let value = value.ok().unwrap_or_default();
    if passed.ok() == Some(true) && value.is_empty() {
        return None;
    }
    Some((name, value, passed.ok()))
}

/// The metrics the current step declares: (name, threshold, operator).
fn declared_metrics<'a>(e: &Evidence, plan: &'a [Value]) -> Vec<(&'a str, f64, &'a str)> {
    let step = e
        .current_step
        .and_then(|i| usize::try_from(i).ok())
        .and_then(|i| plan.get(i));
    let metrics = step
        .and_then(|s| read::field(s, "analysis"))
        .and_then(|a| read::array(a, "metrics").ok())
        .unwrap_or(&[]);
    metrics
        .iter()
        .filter_map(|m| {
            Some((
                read::text(m, "name").ok()?,
                read::field(m, "threshold").and_then(spec::number)?,
                read::text(m, "operator").ok()?,
            ))
        })
        .collect()
}

fn compare(value: f64, threshold: f64, operator: &str) -> bool {
    match operator {
        "LT" => value < threshold,
        "LTE" => value <= threshold,
        "GT" => value > threshold,
        "GTE" => value >= threshold,
        _ => false,
    }
}
