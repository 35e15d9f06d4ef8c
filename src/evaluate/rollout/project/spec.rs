//! The groups a projection follows (evidence-strictness.md §1.1: the pinned plan of an active
//! run, else the live `spec.rollout`) and their validity (§1.7). Every violation is a
//! `SpecMalformed` issue; the groups are still projected as far as they can be read.

use super::{Component, IssueCode, Issues, duration_nanos};
use crate::evaluate::lifecycle::{self, Budget, parse_budget};
use crate::evaluate::read::{self, Read};
use serde_json::Value;

/// How a group progresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Progression {
    Canary,
    BlueGreen,
    RollingUpdate,
    /// Resolved by a RolloutPolicy the projection cannot read.
    Policy,
    /// Two or more single-component blue-green groups run one after another (group 0).
    Sequential,
}

/// One projected group.
#[derive(Debug, Clone)]
pub(crate) struct Group<'a> {
    pub(crate) index: usize,
    /// The group object (absent for the collapsed sequential group).
    pub(crate) spec: Option<&'a Value>,
    /// The declared member names, in declared order (status must repeat them exactly).
    pub(crate) declared: Vec<String>,
    /// The valid members owned by this group, in declared order.
    pub(crate) members: Vec<Component>,
    pub(crate) progression: Progression,
}

impl Group<'_> {
    pub(crate) fn is_canary(&self) -> bool {
        self.progression == Progression::Canary
    }
}

/// The groups to project and which group owns each component.
#[derive(Debug, Clone, Default)]
pub(crate) struct Plan<'a> {
    pub(crate) pinned: bool,
    pub(crate) groups: Vec<Group<'a>>,
    pub(crate) member_of: [Option<usize>; 3],
}

impl Plan<'_> {
    /// The index of the group that owns `c`.
    pub(crate) fn group_index(&self, c: Component) -> Option<usize> {
        self.member_of.get(c.index()).copied().flatten()
    }

    pub(crate) fn canary_groups(&self) -> impl Iterator<Item = &Group<'_>> {
        self.groups.iter().filter(|g| g.is_canary())
    }
}

/// The effective groups of `isvc` (P1) with their validity (§1.7, P2).
pub(crate) fn plan<'a>(isvc: &'a Value, issues: &mut Issues) -> Plan<'a> {
    let spec = read::field(isvc, "spec").unwrap_or(&Value::Null);
    let active_run = read::path(isvc, &["status", "rollout", "activeRun"]);
    let (pinned, raw_groups): (bool, Vec<&Value>) = match active_run {
        Some(run) => (true, pinned_groups(run, issues)),
        None => {
            let rollout = read::field(spec, "rollout").unwrap_or(&Value::Null);
            match read::array(rollout, "groups") {
                Read::Unset => (false, Vec::new()),
                Read::Ok(groups) => (false, groups.iter().collect()),
                Read::Bad => {
                    issues.service(IssueCode::SpecMalformed);
                    (false, Vec::new())
                }
            }
        }
    };
    if raw_groups.len() > 3 {
        issues.service(IssueCode::SpecMalformed);
    }
    let mut plan = Plan {
        pinned,
        ..Plan::default()
    };
    for (index, group) in raw_groups.iter().enumerate() {
        plan.groups.push(read_group(
            Some(spec),
            group,
            index,
            &mut plan.member_of,
            issues,
        ));
    }
    let sequential = sequential_ordering(spec, issues);
    if !pinned {
        check_ordering(&plan, sequential, issues);
    }
    for group in &plan.groups {
        check_soak(group, &plan, sequential, issues);
    }
    if sequential && collapses(&plan) {
        plan = collapse(plan);
    }
    check_lifecycles(spec, issues);
    plan
}

/// `status.rollout.activeRun.plan.groups[i].group`, in order.
fn pinned_groups<'a>(run: &'a Value, issues: &mut Issues) -> Vec<&'a Value> {
    let plan = read::field(run, "plan").unwrap_or(&Value::Null);
    match read::array(plan, "groups") {
        Read::Unset => Vec::new(),
        Read::Ok(entries) => entries
            .iter()
            .enumerate()
            .map(|(i, entry)| {
                read::field(entry, "group").unwrap_or_else(|| {
                    issues.group(IssueCode::SpecMalformed, i);
                    &Value::Null
                })
            })
            .collect(),
        Read::Bad => {
            issues.service(IssueCode::SpecMalformed);
            Vec::new()
        }
    }
}

/// One group against §1.7: its own rules and, with the service's `spec`, the rules that need it
/// (members declared and OMENative, the prefill-decode unit). `member_of` carries the members of
/// the groups read before, so a component in two groups is caught.
pub(crate) fn read_group<'a>(
    spec: Option<&Value>,
    group: &'a Value,
    index: usize,
    member_of: &mut [Option<usize>; 3],
    issues: &mut Issues,
) -> Group<'a> {
    let mut out = Group {
        index,
        spec: Some(group),
        declared: Vec::new(),
        members: Vec::new(),
        progression: Progression::BlueGreen,
    };
    if !group.is_object() {
        issues.group(IssueCode::SpecMalformed, index);
        return out;
    }
    match read::strings(group, "components") {
        Some(names) if (1..=3).contains(&names.len()) => {
            out.declared = names.iter().map(|n| n.to_string()).collect();
        }
        _ => issues.group(IssueCode::SpecMalformed, index),
    }
    for name in out.declared.clone() {
        let Some(c) = Component::parse(&name) else {
            issues.group(IssueCode::SpecMalformed, index);
            continue;
        };
        if out.members.contains(&c) || member_of.get(c.index()).copied().flatten().is_some() {
            issues.member(IssueCode::SpecMalformed, index, c);
            continue;
        }
        if let Some(slot) = member_of.get_mut(c.index()) {
            *slot = Some(index);
        }
        out.members.push(c);
        if spec.is_some_and(|spec| !is_native_member(spec, c)) {
            issues.member(IssueCode::SpecMalformed, index, c);
        }
    }
    // A live `order` is rejected by admission and a pinned one is invalid (P2).
    match read::strings(group, "order") {
        Some(order) if order.is_empty() => {}
        _ => issues.group(IssueCode::SpecMalformed, index),
    }
    out.progression = progression(group, index, issues);
    match out.progression {
        Progression::Canary => check_canary(spec, group, &out.members, index, issues),
        Progression::RollingUpdate => check_rolling_update(group, index, issues),
        _ => {}
    }
    check_maintain_ratio(group, out.progression, index, issues);
    out
}

/// A member must be declared in `spec` and resolve to OMENative: its own
/// `ome.io/deploymentMode` annotation, else `spec.deploymentMode`.
fn is_native_member(spec: &Value, c: Component) -> bool {
    let Some(component) = read::field(spec, c.as_str()) else {
        return false;
    };
    let annotation = read::path(component, &["annotations", "ome.io/deploymentMode"]);
    let mode = annotation.or_else(|| read::field(spec, "deploymentMode"));
    mode.and_then(Value::as_str) == Some("OMENative")
}

fn progression(group: &Value, index: usize, issues: &mut Issues) -> Progression {
    let set = |key: &str| read::field(group, key).is_some();
    let kinds: Vec<Progression> = [
        ("canary", Progression::Canary),
        ("blueGreen", Progression::BlueGreen),
        ("rollingUpdate", Progression::RollingUpdate),
    ]
    .into_iter()
    .filter(|(key, _)| set(key))
    .map(|(_, p)| p)
    .collect();
    if kinds.len() > 1 {
        issues.group(IssueCode::SpecMalformed, index);
    }
    match kinds.first() {
        Some(p) => *p,
        None if set("policyRef") => Progression::Policy,
        None => Progression::BlueGreen,
    }
}

fn check_maintain_ratio(
    group: &Value,
    progression: Progression,
    index: usize,
    issues: &mut Issues,
) {
    let Some(ratio) = read::field(group, "maintainRatio") else {
        return;
    };
    let tolerance_ok = match read::int(ratio, "tolerance") {
        Read::Unset => true,
        Read::Ok(t) => (0..=100).contains(&t),
        Read::Bad => false,
    };
    if progression == Progression::Canary || !ratio.is_object() || !tolerance_ok {
        issues.group(IssueCode::SpecMalformed, index);
    }
}

fn check_rolling_update(group: &Value, index: usize, issues: &mut Issues) {
    let Some(rolling) = read::field(group, "rollingUpdate") else {
        return;
    };
    let budget = |key: &str| read::field(rolling, key).map(parse_budget);
    let (surge, unavailable) = (budget("maxSurge"), budget("maxUnavailable"));
    let malformed = !rolling.is_object()
        || matches!(surge, Some(None))
        || matches!(unavailable, Some(None))
        || matches!((surge, unavailable), (Some(Some(a)), Some(Some(b))) if a.is_zero() && b.is_zero());
    if malformed {
        issues.group(IssueCode::SpecMalformed, index);
    }
}

/// The canary plan: steps, gates, analysis, and (with the service's `spec`) the prefill-decode
/// unit rule.
fn check_canary(
    spec: Option<&Value>,
    group: &Value,
    members: &[Component],
    index: usize,
    issues: &mut Issues,
) {
    let canary = read::field(group, "canary").unwrap_or(&Value::Null);
    let declared = |c: Component| spec.and_then(|s| read::field(s, c.as_str())).is_some();
    let has = |c: Component| members.contains(&c);
    let split_unit = declared(Component::Engine)
        && declared(Component::Decoder)
        && has(Component::Engine) != has(Component::Decoder);
    let ready_timeout_ok = match read::field(canary, "readyTimeout") {
        None => true,
        Some(v) => v.as_str().and_then(duration_nanos).is_some_and(|n| n > 0),
    };
    if !canary.is_object() || split_unit || !ready_timeout_ok || !steps_valid(canary) {
        issues.group(IssueCode::SpecMalformed, index);
    }
}

/// The step list of a canary plan, read leniently for projection (`None` when absent).
pub(crate) fn steps(canary: &Value) -> Option<&[Value]> {
    read::array(canary, "steps").ok()
}

fn steps_valid(canary: &Value) -> bool {
    let Some(steps) = steps(canary) else {
        return false;
    };
    if steps.is_empty() || steps.len() > 20 {
        return false;
    }
    let mut previous = 0;
    for step in steps {
        let traffic = read::int(step, "traffic").ok();
        let capacity = read::field(step, "capacity").and_then(parse_budget);
        let (Some(traffic), Some(capacity)) = (traffic, capacity) else {
            return false;
        };
        if !(0..=100).contains(&traffic)
            || traffic < previous
            || (traffic > 0 && capacity.is_zero())
            || !pause_valid(step)
            || !analysis_valid(step)
        {
            return false;
        }
        previous = traffic;
    }
    let Some(last) = steps.last() else {
        return false;
    };
    let last_capacity = read::field(last, "capacity").and_then(parse_budget);
    read::int(last, "traffic").ok() == Some(100)
        && !matches!(last_capacity, Some(Budget::Percent(p)) if p != 100)
}

fn pause_valid(step: &Value) -> bool {
    match read::field(step, "pause") {
        None => true,
        Some(pause) => {
            pause.is_object()
                && match read::field(pause, "duration") {
                    None => true,
                    Some(d) => d.as_str().and_then(duration_nanos).is_some_and(|n| n >= 0),
                }
        }
    }
}

const OPERATORS: [&str; 4] = ["LT", "LTE", "GT", "GTE"];
const ON_INCONCLUSIVE: [&str; 3] = ["Hold", "Rollback", "RollbackOnStall"];

fn analysis_valid(step: &Value) -> bool {
    let Some(analysis) = read::field(step, "analysis") else {
        return true;
    };
    let interval_ok = read::text(analysis, "interval")
        .ok()
        .and_then(duration_nanos)
        .is_some_and(|n| n > 0);
    let failure_limit_ok = read::int(analysis, "failureLimit")
        .ok()
        .is_some_and(|n| n >= 1);
    let on_inconclusive_ok = match read::text(analysis, "onInconclusive") {
        Read::Unset => true,
        Read::Ok(v) => ON_INCONCLUSIVE.contains(&v),
        Read::Bad => false,
    };
    let metrics = read::array(analysis, "metrics").ok().unwrap_or(&[]);
    let mut names: Vec<&str> = Vec::new();
    let metrics_ok = (1..=10).contains(&metrics.len())
        && metrics.iter().all(|m| {
            let name = read::text(m, "name").ok().unwrap_or_default();
            let fresh = !name.is_empty() && !names.contains(&name);
            names.push(name);
            let query_ok = read::text(m, "query")
                .ok()
                .is_some_and(|q| !q.trim().is_empty());
            let threshold_ok = read::field(m, "threshold").and_then(number).is_some();
            let operator_ok = read::text(m, "operator")
                .ok()
                .is_some_and(|o| OPERATORS.contains(&o));
            fresh && query_ok && threshold_ok && operator_ok
        });
    analysis.is_object() && interval_ok && failure_limit_ok && on_inconclusive_ok && metrics_ok
}

/// A finite number written as a JSON number or a decimal string.
pub(crate) fn number(value: &Value) -> Option<f64> {
    let n = match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    }?;
    n.is_finite().then_some(n)
}

/// `spec.rollout.groupOrdering`: `Sequential` (the default) or `Concurrent`; any other value is
/// malformed and treated as sequential.
pub(crate) fn sequential_ordering(spec: &Value, issues: &mut Issues) -> bool {
    let rollout = read::field(spec, "rollout").unwrap_or(&Value::Null);
    match read::text(rollout, "groupOrdering") {
        Read::Unset | Read::Ok("") | Read::Ok("Sequential") => true,
        Read::Ok("Concurrent") => false,
        _ => {
            issues.service(IssueCode::SpecMalformed);
            true
        }
    }
}

/// Sequential ordering of two or more groups needs every group to be a single-component
/// blue-green group (live spec only).
fn check_ordering(plan: &Plan, sequential: bool, issues: &mut Issues) {
    if sequential && plan.groups.len() >= 2 && !plan.groups.iter().all(single_blue_green) {
        issues.service(IssueCode::SpecMalformed);
    }
}

fn single_blue_green(group: &Group) -> bool {
    group.declared.len() == 1 && group.progression == Progression::BlueGreen
}

fn collapses(plan: &Plan) -> bool {
    plan.groups.len() >= 2 && plan.groups.iter().all(single_blue_green)
}

/// `soak` is allowed only on groups that collapse into the sequential group.
fn check_soak(group: &Group, plan: &Plan, sequential: bool, issues: &mut Issues) {
    let soak = group.spec.and_then(|g| read::field(g, "soak"));
    let soak_ok = match soak {
        None => true,
        Some(v) => {
            v.as_str().and_then(duration_nanos).is_some_and(|n| n >= 0)
                && sequential
                && collapses(plan)
        }
    };
    if !soak_ok {
        issues.group(IssueCode::SpecMalformed, group.index);
    }
}

/// The single-component groups as one `Sequential` group 0, members in group order.
fn collapse(plan: Plan) -> Plan {
    let members: Vec<Component> = plan.groups.iter().flat_map(|g| g.members.clone()).collect();
    let declared: Vec<String> = plan
        .groups
        .iter()
        .flat_map(|g| g.declared.clone())
        .collect();
    let mut member_of = [None; 3];
    for c in &members {
        if let Some(slot) = member_of.get_mut(c.index()) {
            *slot = Some(0);
        }
    }
    Plan {
        pinned: plan.pinned,
        groups: vec![Group {
            index: 0,
            spec: None,
            declared,
            members,
            progression: Progression::Sequential,
        }],
        member_of,
    }
}

/// §6a for every component lifecycle of the service.
fn check_lifecycles(spec: &Value, issues: &mut Issues) {
    for c in Component::ALL {
        let lifecycle = read::path(spec, &[c.as_str(), "lifecycle"]);
        if lifecycle::validate(lifecycle).is_err() {
            issues.component(IssueCode::SpecMalformed, None, c);
        }
    }
}
