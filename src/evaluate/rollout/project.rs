//! The rollout projection (read-commands.md §5.2): the ISVC alone in, summary, groups,
//! components and issues out. Pure. The steps: the structure checks (which group owns which
//! component), one projection per spec group, one per shown component, then the summary.

use super::canary::{canary_phase, project_step};
use super::model::*;
use super::revision::{Revision, project_traffic, read_revision};
use crate::ome::isvc::{
    CanaryStatus, ComponentStatus, CoordinationGroup, IsvcStatus, RolloutGroupSpec,
};
use crate::ome::{Component, InferenceService};
use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

/// Which spec group owns each component: the first group that names it.
type Membership = BTreeMap<Component, usize>;

/// The issues found so far, and whether the structure is malformed (then the reported state
/// is `Unknown` whatever the phases say).
#[derive(Default)]
struct Findings {
    issues: Vec<RolloutIssue>,
    malformed: bool,
}

impl Findings {
    fn issue(&mut self, code: &str, group: Option<usize>, component: Option<&str>) {
        self.issues.push(RolloutIssue::new(code, group, component));
    }

    fn malformed(&mut self, code: &str, group: Option<usize>) {
        self.issue(code, group, None);
        self.malformed = true;
    }
}

/// Projects the rollout state of `isvc` (read-commands.md §5.2).
pub(crate) fn project(isvc: &InferenceService) -> RolloutProjection {
    let spec_groups: &[RolloutGroupSpec] = isvc
        .spec
        .rollout
        .as_ref()
        .map_or(&[], |r| r.groups.as_slice());
    if spec_groups.is_empty() && !has_status_evidence(&isvc.status) {
        return not_configured();
    }
    let coordination: &[CoordinationGroup] = isvc
        .status
        .rollout_coordination
        .as_ref()
        .map_or(&[], |c| c.groups.as_slice());
    let mut findings = Findings::default();
    let membership = check_structure(&isvc.status, spec_groups, coordination, &mut findings);
    let groups: Vec<GroupProjection> = spec_groups
        .iter()
        .enumerate()
        .map(|(index, spec)| {
            let coord = coordination_of(coordination, index);
            project_group(&isvc.status, index, spec, coord, &mut findings)
        })
        .collect();
    let components: Vec<ComponentProjection> = shown_components(isvc, &membership)
        .into_iter()
        .map(|c| {
            project_component(
                &isvc.status,
                c,
                membership.get(&c).copied(),
                &groups,
                &mut findings,
            )
        })
        .collect();
    let coordination_ready = coordination_ready(&isvc.status, &groups, coordination);
    let reported_state = if findings.malformed {
        ReportedState::Unknown
    } else {
        components
            .iter()
            .map(|c| c.phase)
            .chain(groups.iter().map(|g| g.phase))
            .map(ReportedState::of)
            .min()
            .unwrap_or(ReportedState::Unknown)
    };
    // The answer rests on controller status the CLI cannot bind to the current generation.
    findings.issue("EpochUnverifiable", None, None);
    let mut issues = findings.issues;
    issues.sort();
    issues.dedup();
    RolloutProjection {
        summary: RolloutSummary {
            state: State::Unknown,
            reported_state,
            evidence: Evidence::Reported,
            epoch: Epoch::Unverifiable,
            coordination_ready,
        },
        groups,
        components,
        issues,
    }
}

fn not_configured() -> RolloutProjection {
    RolloutProjection {
        summary: RolloutSummary {
            state: State::NotConfigured,
            reported_state: ReportedState::NotConfigured,
            evidence: Evidence::Declared,
            epoch: Epoch::NotApplicable,
            coordination_ready: CoordinationReady::NotApplicable,
        },
        groups: Vec::new(),
        components: Vec::new(),
        issues: Vec::new(),
    }
}

fn has_status_evidence(status: &IsvcStatus) -> bool {
    !status.components.is_empty()
        || status
            .rollout_coordination
            .as_ref()
            .is_some_and(|c| !c.groups.is_empty())
        || status.rollout.is_some()
        || status.canary.is_some()
}

/// The shape checks of the spec groups and the coordination status, and which group owns
/// each component.
fn check_structure(
    status: &IsvcStatus,
    spec_groups: &[RolloutGroupSpec],
    coordination: &[CoordinationGroup],
    findings: &mut Findings,
) -> Membership {
    if spec_groups.len() > 3 {
        findings.malformed("SpecMalformed", None);
    }
    for key in status.components.keys() {
        if Component::parse(key).is_none() {
            findings.malformed("StatusMalformed", None);
        }
    }
    if coordination.len() > 3 {
        findings.malformed("StatusMalformed", None);
    }
    let mut membership = Membership::new();
    for (index, group) in spec_groups.iter().enumerate() {
        if spec_group_malformed(group) {
            findings.malformed("SpecMalformed", Some(index));
        }
        for component in group.components.iter().filter_map(|n| Component::parse(n)) {
            match membership.entry(component) {
                Entry::Occupied(_) => findings.malformed("SpecMalformed", Some(index)),
                Entry::Vacant(slot) => {
                    slot.insert(index);
                }
            }
        }
    }
    for entry in coordination {
        match entry.name.as_deref().and_then(|n| n.parse::<usize>().ok()) {
            None => findings.malformed("StatusMalformed", None),
            Some(i) if spec_groups.get(i).is_none_or(|g| g.canary.is_some()) => {
                findings.issue("GroupStatusUnexpected", Some(i), None);
            }
            Some(_) => {}
        }
    }
    membership
}

fn spec_group_malformed(spec: &RolloutGroupSpec) -> bool {
    let progressions = [
        spec.canary.is_some(),
        spec.blue_green.is_some(),
        spec.rolling_update.is_some(),
    ]
    .iter()
    .filter(|b| **b)
    .count();
    let mut seen = Vec::new();
    let components_ok = !spec.components.is_empty()
        && spec.components.len() <= 3
        && spec.components.iter().all(|c| {
            let fresh = !seen.contains(c);
            seen.push(c.clone());
            fresh && Component::parse(c).is_some()
        });
    let steps_ok = spec.canary.as_ref().is_none_or(|c| {
        !c.steps.is_empty()
            && c.steps.len() <= 20
            && c.steps
                .iter()
                .all(|s| s.traffic.is_none_or(|t| (0..=100).contains(&t)))
    });
    progressions > 1 || !components_ok || !spec.order.is_empty() || !steps_ok
}

/// The coordination status entry of spec group `index` (named by its index).
fn coordination_of(coordination: &[CoordinationGroup], index: usize) -> Option<&CoordinationGroup> {
    coordination
        .iter()
        .find(|g| g.name.as_deref() == Some(index.to_string().as_str()))
}

/// The strategy a spec group declares. A policy-driven group cannot be resolved from the ISVC
/// alone; its coordination status may name it.
fn group_strategy(spec: &RolloutGroupSpec, coordination: Option<&CoordinationGroup>) -> Strategy {
    let policy = coordination.and_then(|c| c.policy.as_deref());
    if spec.canary.is_some() {
        Strategy::Canary
    } else if spec.rolling_update.is_some() {
        Strategy::RollingUpdate
    } else if spec.blue_green.is_some() {
        Strategy::BlueGreen
    } else if spec.policy_ref.is_some() {
        match policy.and_then(Strategy::parse) {
            Some(
                s @ (Strategy::Canary
                | Strategy::BlueGreen
                | Strategy::RollingUpdate
                | Strategy::Sequential),
            ) => s,
            _ => Strategy::Unknown,
        }
    } else if policy == Some("Sequential") {
        Strategy::Sequential
    } else {
        Strategy::BlueGreen
    }
}

/// The lifecycle-derived phase of a component, `None` when there is no revision evidence.
fn lifecycle_phase(status: &ComponentStatus) -> Option<Phase> {
    let lifecycle = status.lifecycle.as_ref()?;
    let current = lifecycle.current_revision.as_deref().unwrap_or_default();
    let update = lifecycle.update_revision.as_deref().unwrap_or_default();
    if current.is_empty() || update.is_empty() {
        return None;
    }
    Some(if current == update {
        Phase::Stable
    } else {
        Phase::Updating
    })
}

fn project_group(
    status: &IsvcStatus,
    index: usize,
    spec: &RolloutGroupSpec,
    coord: Option<&CoordinationGroup>,
    findings: &mut Findings,
) -> GroupProjection {
    let strategy = group_strategy(spec, coord);
    let mut components = spec.components.clone();
    components.sort_by_key(|n| Component::rank(n));
    let mut group = GroupProjection {
        index,
        strategy,
        phase: Phase::Unknown,
        components,
        current_component: None,
        previous_component: None,
        observed_surge: None,
        stable_revision_hash: None,
        target_revision_hash: None,
        rejected_revision_hash: None,
        step: None,
        transitioned_at: None,
    };
    match (strategy, coord) {
        (Strategy::Canary, _) => canary_group(status, spec, &mut group, findings),
        (_, Some(coord)) => coordinated_group(status, coord, &mut group),
        (_, None) => findings.issue("GroupStatusMissing", Some(index), None),
    }
    group
}

/// A canary unit reports on its entrypoint component: the first member with canary status,
/// else the first member.
fn canary_group(
    status: &IsvcStatus,
    spec: &RolloutGroupSpec,
    group: &mut GroupProjection,
    findings: &mut Findings,
) {
    let index = group.index;
    let entry = spec
        .components
        .iter()
        .find(|c| {
            status
                .components
                .get(c.as_str())
                .is_some_and(|s| s.canary.is_some())
        })
        .or_else(|| spec.components.first());
    let entry_status = entry.and_then(|c| status.components.get(c.as_str()));
    let canary: Option<&CanaryStatus> = entry_status
        .and_then(|s| s.canary.as_ref())
        .or(status.canary.as_ref());
    let step = match (spec.canary.as_ref(), canary) {
        (Some(canary_spec), Some(canary)) => {
            project_step(canary_spec, canary, index, &mut findings.issues)
        }
        _ => None,
    };
    match entry_status.and_then(|s| s.rollout_phase.as_deref()) {
        None | Some("") => findings.issue("GroupStatusMissing", Some(index), None),
        Some(raw) => {
            group.phase = canary_phase(raw, canary, step.as_ref());
            let needs_canary = matches!(raw, "Canarying" | "Paused" | "Promoting" | "Pending");
            if needs_canary && canary.is_none() {
                findings.issue(
                    "CanaryStatusMissing",
                    Some(index),
                    entry.map(String::as_str),
                );
            }
        }
    }
    if let Some(canary) = canary {
        let hash = |value: &Option<String>| value.clone().filter(|s| !s.is_empty());
        group.stable_revision_hash = hash(&canary.stable_revision_hash);
        group.target_revision_hash = hash(&canary.canary_revision_hash);
        group.rejected_revision_hash = hash(&canary.rolled_back_revision_hash);
        group.transitioned_at = canary.step_entered_time.clone();
    }
    group.step = step;
}

/// A coordinated group's phase from its coordination status. A settled group is `Idle`; it is
/// `Stable` only when every member's revisions have converged.
fn coordinated_group(status: &IsvcStatus, coord: &CoordinationGroup, group: &mut GroupProjection) {
    let mut phase = Phase::of(coord.phase.as_deref().unwrap_or_default());
    let converged = group.components.iter().all(|member| {
        status
            .components
            .get(member.as_str())
            .filter(|_| Component::parse(member).is_some())
            .and_then(lifecycle_phase)
            == Some(Phase::Stable)
    });
    if phase == Phase::Idle && converged {
        phase = Phase::Stable;
    }
    group.phase = phase;
    group.current_component = coord.current_component.clone().filter(|s| !s.is_empty());
    group.previous_component = coord.previous_component.clone().filter(|s| !s.is_empty());
    group.observed_surge = coord.observed_surge.as_ref().and_then(|v| match v {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    });
    group.transitioned_at = coord.last_transition_time.clone();
}

/// Components shown: declared in spec, present in status, or named by a group.
fn shown_components(isvc: &InferenceService, membership: &Membership) -> Vec<Component> {
    Component::ALL
        .into_iter()
        .filter(|c| {
            isvc.spec.component(c.as_str()).is_some()
                || isvc.status.components.contains_key(c.as_str())
                || membership.contains_key(c)
        })
        .collect()
}

fn project_component(
    status: &IsvcStatus,
    component: Component,
    group_index: Option<usize>,
    groups: &[GroupProjection],
    findings: &mut Findings,
) -> ComponentProjection {
    let name = component.as_str();
    let group = group_index.and_then(|i| groups.get(i));
    let mut projection = ComponentProjection {
        type_: name.to_string(),
        strategy: group.map_or(Strategy::Independent, |g| g.strategy),
        group: group_index,
        phase: Phase::Unknown,
        rolled_out_revision_hash: None,
        ready_revision_hash: None,
        previous_revision_hash: None,
        traffic: Vec::new(),
    };
    let Some(status) = status.components.get(name) else {
        findings.issue("ComponentStatusMissing", group_index, Some(name));
        return projection;
    };
    let mut read = |value: Option<&str>| match read_revision(value) {
        Revision::Absent => None,
        Revision::Hash(h) => Some(h),
        Revision::Invalid => {
            findings.issue("RevisionNameInvalid", group_index, Some(name));
            None
        }
    };
    projection.rolled_out_revision_hash = read(status.latest_rolledout_revision.as_deref());
    projection.ready_revision_hash = read(status.latest_ready_revision.as_deref());
    projection.previous_revision_hash = read(status.previous_rolledout_revision.as_deref());
    let (traffic, traffic_ok) = project_traffic(
        &status.traffic,
        projection.rolled_out_revision_hash.as_deref(),
        projection.ready_revision_hash.as_deref(),
        projection.previous_revision_hash.as_deref(),
    );
    projection.traffic = traffic;
    if !traffic_ok {
        findings.issue("TrafficInvalid", group_index, Some(name));
    }
    let in_canary = group.is_some_and(|g| g.strategy == Strategy::Canary);
    if status.canary.is_some() && !in_canary {
        findings.issue("CanaryStatusUnexpected", group_index, Some(name));
    }
    projection.phase = component_phase(status, &projection, group, findings);
    projection
}

/// A component's phase: its own reported phase or its lifecycle when it is independent; within
/// a group, the group's phase as it applies to this member.
fn component_phase(
    status: &ComponentStatus,
    projection: &ComponentProjection,
    group: Option<&GroupProjection>,
    findings: &mut Findings,
) -> Phase {
    let name = projection.type_.as_str();
    let own = status
        .rollout_phase
        .as_deref()
        .filter(|p| !p.is_empty())
        .map(Phase::of);
    let lifecycle = lifecycle_phase(status);
    let Some(group) = group else {
        return match (own, lifecycle) {
            (Some(p), _) | (None, Some(p)) => p,
            // No lifecycle: converged rolled-out and ready revisions still prove a settled
            // independent component.
            (None, None) => match (
                &projection.rolled_out_revision_hash,
                &projection.ready_revision_hash,
            ) {
                (Some(a), Some(b)) if a == b => Phase::Stable,
                _ => {
                    findings.issue("ComponentStatusMissing", None, Some(name));
                    Phase::Unknown
                }
            },
        };
    };
    let settled = lifecycle.unwrap_or(Phase::Unknown);
    match group.strategy {
        // A `Canarying` member takes the group's gate-aware phase (Paused/Promoting).
        Strategy::Canary => match own {
            Some(p) if p != Phase::Canarying => p,
            _ => group.phase,
        },
        _ if matches!(group.phase, Phase::Stable | Phase::Idle | Phase::Unknown) => {
            own.unwrap_or(settled)
        }
        Strategy::Sequential if group.current_component.as_deref() == Some(name) => group.phase,
        Strategy::Sequential if group.previous_component.as_deref() == Some(name) => settled,
        Strategy::Sequential => Phase::AwaitingNextComponent,
        _ => group.phase,
    }
}

/// The `RolloutCoordinationReady` condition; it only concerns coordinated (non-canary) groups,
/// and a `True` contradicted by a failing group is invalid.
fn coordination_ready(
    status: &IsvcStatus,
    groups: &[GroupProjection],
    coordination: &[CoordinationGroup],
) -> CoordinationReady {
    if !groups.iter().any(|g| g.strategy != Strategy::Canary) {
        return CoordinationReady::NotApplicable;
    }
    let condition = status
        .conditions
        .iter()
        .find(|c| c.type_ == "RolloutCoordinationReady");
    let contradicted = coordination
        .iter()
        .any(|g| matches!(g.phase.as_deref(), Some("Failed" | "RollingBack")));
    match condition.map(|c| c.status.as_str()) {
        None => CoordinationReady::Unobserved,
        Some("True") if contradicted => CoordinationReady::Invalid,
        Some("True") => CoordinationReady::True,
        Some("False") => CoordinationReady::False,
        Some("Unknown") => CoordinationReady::Unknown,
        Some(_) => CoordinationReady::Invalid,
    }
}
