//! The rollout projection (read-commands.md §5.2 with evidence-strictness.md §1): one pure
//! function of the stored InferenceService JSON, shared by `rollout status`,
//! `wait --for=rollout=*` and `scale`. Malformed, contradictory or incomplete evidence becomes
//! an issue; malformed issues force `reportedState: Unknown`.

pub(crate) mod canary;
mod components;
mod coordination;
mod names;
pub(crate) mod pinned;
pub(crate) mod spec;

pub(crate) use names::is_hash;

use super::model::{
    ComponentProjection, CoordinationReady, Epoch, Evidence, GroupProjection, IssueCode, Phase,
    ReportedState, RolloutIssue, RolloutProjection, RolloutSummary, State, Strategy,
};
use crate::evaluate::read::{self, Read};
pub(crate) use crate::ome::Component;
use components::Membership;
use serde_json::Value;
use spec::Progression;

/// The recognised `status.components.<c>.rolloutPhase` values (`""` is unset).
const ROLLOUT_PHASES: [&str; 9] = [
    "Stable",
    "Canarying",
    "BlueGreenStandby",
    "Pending",
    "Paused",
    "Promoting",
    "RollingBack",
    "RolledBack",
    "Failed",
];

pub(crate) fn is_recognised_phase(phase: &str) -> bool {
    ROLLOUT_PHASES.contains(&phase)
}

/// `rolloutPhase` of a component status entry.
pub(crate) fn rollout_phase(status: &Value) -> Read<&str> {
    read::text(status, "rolloutPhase")
}

/// Go-syntax duration in nanoseconds.
pub(crate) fn duration_nanos(text: &str) -> Option<i128> {
    crate::ome::duration::parse_go_duration(text)
}

/// The issues of one projection, de-duplicated on (code, group, component) at the end.
#[derive(Debug, Default)]
pub(crate) struct Issues(Vec<RolloutIssue>);

impl Issues {
    pub(crate) fn service(&mut self, code: IssueCode) {
        self.0.push(RolloutIssue::new(code, None, None));
    }

    pub(crate) fn group(&mut self, code: IssueCode, group: usize) {
        self.0.push(RolloutIssue::new(code, Some(group), None));
    }

    pub(crate) fn member(&mut self, code: IssueCode, group: usize, c: Component) {
        self.0
            .push(RolloutIssue::new(code, Some(group), Some(c.as_str())));
    }

    pub(crate) fn component(&mut self, code: IssueCode, group: Option<usize>, c: Component) {
        self.0
            .push(RolloutIssue::new(code, group, Some(c.as_str())));
    }

    /// The issues recorded so far, in the order they were recorded.
    pub(crate) fn recorded(&self) -> &[RolloutIssue] {
        &self.0
    }

    fn into_sorted(mut self) -> Vec<RolloutIssue> {
        self.0.sort();
        self.0.dedup();
        self.0
    }

    fn any_malformed(&self) -> bool {
        self.0.iter().any(|i| i.code.is_malformed())
    }
}

/// Projects the rollout of the stored InferenceService `isvc`.
pub(crate) fn project(isvc: &Value) -> RolloutProjection {
    let mut issues = Issues::default();
    let name = read::path(isvc, &["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or_default();
    let spec = read::field(isvc, "spec").unwrap_or(&Value::Null);
    let status = read::field(isvc, "status").unwrap_or(&Value::Null);
    let components_status = component_entries(status, &mut issues);
    let plan = spec::plan(isvc, &mut issues);
    check_stray_canary_blocks(status, components_status, &plan, &mut issues);

    let groups = project_groups(name, status, components_status, &plan, &mut issues);
    let row_ctx = components::Context {
        isvc_name: name,
        spec,
        components: components_status,
    };
    let mut contributions: Vec<Phase> = groups.iter().map(|g| g.phase).collect();
    let rows = project_rows(&row_ctx, &plan, &groups, &mut contributions, &mut issues);
    let coordination_ready = coordination_readiness(status, &plan, &groups, &mut issues);

    if contributions.is_empty() && not_configured(spec, status, components_status) {
        return not_configured_projection(coordination_ready, issues);
    }
    let summary = reported_summary(&contributions, coordination_ready, &mut issues);
    RolloutProjection {
        summary,
        groups,
        components: rows,
        issues: issues.into_sorted(),
    }
}

/// One projection per planned group, canary or coordinated.
fn project_groups(
    name: &str,
    status: &Value,
    components_status: &Value,
    plan: &spec::Plan,
    issues: &mut Issues,
) -> Vec<GroupProjection> {
    let entries = coordination::entries(status, plan, issues);
    let alias_allowed = plan.canary_groups().count() == 1
        && Component::ALL
            .iter()
            .all(|c| read::path(components_status, &[c.as_str(), "canary"]).is_none());
    let canary_ctx = canary::Context {
        isvc_name: name,
        status,
        alias_allowed,
    };
    let mut groups = Vec::new();
    for group in &plan.groups {
        groups.push(project_group(&canary_ctx, status, group, &entries, issues));
    }
    groups
}

/// One row per shown component; each row's phase contributions are appended to
/// `contributions`.
fn project_rows(
    row_ctx: &components::Context,
    plan: &spec::Plan,
    groups: &[GroupProjection],
    contributions: &mut Vec<Phase>,
    issues: &mut Issues,
) -> Vec<ComponentProjection> {
    let mut rows = Vec::new();
    for c in shown(row_ctx.spec, row_ctx.components, plan) {
        let membership = match plan.group_index(c).and_then(|i| groups.get(i)) {
            Some(g) => Membership::Grouped {
                index: g.index,
                strategy: g.strategy,
                phase: g.phase,
                current: g.current_component.as_deref(),
            },
            None => Membership::Ungrouped,
        };
        let row = components::project(row_ctx, c, membership, issues);
        contributions.extend(row.contributes);
        rows.push(row.projection);
    }
    rows
}

/// The `RolloutCoordinationReady` reading, judged against the coordinated groups' phases.
fn coordination_readiness(
    status: &Value,
    plan: &spec::Plan,
    groups: &[GroupProjection],
    issues: &mut Issues,
) -> CoordinationReady {
    let conditions = read::array(status, "conditions").ok().unwrap_or(&[]);
    let coordination_phases: Vec<Phase> = groups
        .iter()
        .zip(&plan.groups)
        .filter(|(_, g)| !g.is_canary())
        .map(|(p, _)| p.phase)
        .collect();
    coordination::ready(conditions, &coordination_phases, issues)
}

/// The projection of a service with no rollout configured at all.
fn not_configured_projection(
    coordination_ready: CoordinationReady,
    issues: Issues,
) -> RolloutProjection {
    RolloutProjection {
        summary: RolloutSummary {
            state: State::NotConfigured,
            reported_state: ReportedState::NotConfigured,
            evidence: Evidence::Declared,
            epoch: Epoch::NotApplicable,
            coordination_ready,
        },
        groups: Vec::new(),
        components: Vec::new(),
        issues: issues.into_sorted(),
    }
}

/// The summary of a configured rollout, resting on reported controller status.
fn reported_summary(
    contributions: &[Phase],
    coordination_ready: CoordinationReady,
    issues: &mut Issues,
) -> RolloutSummary {
    // ReportedState is declared in precedence order: the smallest is the one reported.
    let reported_state = if issues.any_malformed() {
        ReportedState::Unknown
    } else {
        contributions
            .iter()
            .map(|p| ReportedState::of(*p))
            .min()
            .unwrap_or(ReportedState::Unknown)
    };
    // The answer rests on controller status the CLI cannot bind to the current generation.
    issues.service(IssueCode::EpochUnverifiable);
    RolloutSummary {
        state: State::Unknown,
        reported_state,
        evidence: Evidence::Reported,
        epoch: Epoch::Unverifiable,
        coordination_ready,
    }
}

/// `status.components`, whose keys must be components (R-f).
fn component_entries<'a>(status: &'a Value, issues: &mut Issues) -> &'a Value {
    match read::object(status, "components") {
        Read::Unset => &Value::Null,
        Read::Ok(map) => {
            if map.keys().any(|k| Component::parse(k).is_none()) {
                issues.service(IssueCode::StatusMalformed);
            }
            read::field(status, "components").unwrap_or(&Value::Null)
        }
        Read::Bad => {
            issues.service(IssueCode::StatusMalformed);
            &Value::Null
        }
    }
}

/// K5 (i)–(iii): canary status where no canary group's primary reads it.
fn check_stray_canary_blocks(
    status: &Value,
    components_status: &Value,
    plan: &spec::Plan,
    issues: &mut Issues,
) {
    let primaries: Vec<Component> = plan.canary_groups().filter_map(canary::primary).collect();
    if plan.groups.is_empty() && read::field(status, "canary").is_some() {
        issues.service(IssueCode::CanaryStatusUnexpected);
    }
    for c in Component::ALL {
        if read::path(components_status, &[c.as_str(), "canary"]).is_none() {
            continue;
        }
        if plan.groups.is_empty() {
            issues.service(IssueCode::CanaryStatusUnexpected);
        } else if !primaries.contains(&c) {
            issues.component(IssueCode::CanaryStatusUnexpected, None, c);
        }
    }
}

fn project_group(
    canary_ctx: &canary::Context,
    status: &Value,
    group: &spec::Group,
    entries: &[&Value],
    issues: &mut Issues,
) -> GroupProjection {
    let mut out = GroupProjection {
        index: group.index,
        strategy: Strategy::Unknown,
        phase: Phase::Unknown,
        components: group
            .members
            .iter()
            .map(|c| c.as_str().to_string())
            .collect(),
        current_component: None,
        previous_component: None,
        observed_surge: None,
        stable_revision_hash: None,
        target_revision_hash: None,
        rejected_revision_hash: None,
        step: None,
        transitioned_at: None,
    };
    out.components.sort_by_key(|n| Component::rank(n));
    if group.progression == Progression::Canary {
        let canary = canary::project(canary_ctx, group, issues);
        out.strategy = Strategy::Canary;
        out.phase = canary.phase;
        out.step = canary.step;
        out.stable_revision_hash = canary.stable_hash;
        out.target_revision_hash = canary.target_hash;
        out.rejected_revision_hash = canary.rejected_hash;
        out.transitioned_at = canary.entered_at;
    } else {
        let coordination = coordination::project(status, group, entries, issues);
        out.strategy = coordination.strategy;
        out.phase = coordination.phase;
        out.current_component = coordination.current;
        out.previous_component = coordination.previous;
        out.observed_surge = coordination.observed_surge;
        out.transitioned_at = coordination.transitioned_at;
    }
    out
}

/// Components shown: declared in `spec`, present in status, or named by a group.
fn shown(spec: &Value, components_status: &Value, plan: &spec::Plan) -> Vec<Component> {
    Component::ALL
        .into_iter()
        .filter(|c| {
            read::field(spec, c.as_str()).is_some()
                || read::field(components_status, c.as_str()).is_some()
                || plan.group_index(*c).is_some()
        })
        .collect()
}

/// With no groups and no `Independent` component: `NotConfigured` only when no rollout status
/// residue exists and every declared component is explicitly non-OMENative.
fn not_configured(spec: &Value, status: &Value, components_status: &Value) -> bool {
    let residue = ["rollout", "rolloutCoordination", "canary"]
        .iter()
        .any(|k| read::field(status, k).is_some())
        || Component::ALL
            .iter()
            .any(|c| read::field(components_status, c.as_str()).is_some());
    let explicit = Component::ALL
        .iter()
        .filter(|c| read::field(spec, c.as_str()).is_some())
        .all(|c| components::explicitly_not_native(spec, *c));
    !residue && explicit
}

#[cfg(test)]
mod tests;
