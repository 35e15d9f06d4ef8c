//! The rollout projection (read-commands.md §5.2): the ISVC alone in, summary, groups,
//! components and issues out. Pure.

use super::canary::{canary_phase, project_step};
use super::model::*;
use super::revision::{Revision, project_traffic, read_revision};
use crate::ome::Component;
use crate::ome::InferenceService;
use crate::ome::isvc::{ComponentStatus, CoordinationGroup, RolloutGroupSpec};

/// The phase vocabulary of component PHASE and GROUP-PHASE; anything else shows as `Unknown`.
const PHASES: [&str; 19] = [
    "Unknown",
    "Stable",
    "Canarying",
    "BlueGreenStandby",
    "Pending",
    "Paused",
    "Promoting",
    "RollingBack",
    "RolledBack",
    "Failed",
    "Idle",
    "Surging",
    "Waiting",
    "Shifting",
    "Updating",
    "Draining",
    "ScalingDown",
    "Staged",
    "AwaitingNextComponent",
];

pub(super) fn vocabulary(raw: &str) -> String {
    if PHASES.contains(&raw) {
        raw.to_string()
    } else {
        "Unknown".to_string()
    }
}

/// Reported-state precedence, highest first.
const PRECEDENCE: [&str; 8] = [
    "Failed",
    "RollingBack",
    "RolledBack",
    "Paused",
    "Unknown",
    "InProgress",
    "Staged",
    "Succeeded",
];

fn reported_of_phase(phase: &str) -> &'static str {
    match phase {
        "Stable" => "Succeeded",
        "Failed" => "Failed",
        "RollingBack" => "RollingBack",
        "RolledBack" => "RolledBack",
        "Paused" => "Paused",
        "Staged" => "Staged",
        "Unknown" => "Unknown",
        _ => "InProgress",
    }
}

fn rank(state: &str) -> usize {
    PRECEDENCE
        .iter()
        .position(|s| *s == state)
        .unwrap_or(PRECEDENCE.len())
}

/// The strategy a spec group declares. A policy-driven group cannot be resolved from the ISVC
/// alone; its coordination status may name it.
fn group_strategy(spec: &RolloutGroupSpec, coordination: Option<&CoordinationGroup>) -> String {
    if spec.canary.is_some() {
        return "Canary".into();
    }
    if spec.rolling_update.is_some() {
        return "RollingUpdate".into();
    }
    if spec.blue_green.is_some() {
        return "BlueGreen".into();
    }
    if spec.policy_ref.is_some() {
        return match coordination.and_then(|c| c.policy.as_deref()) {
            Some(p @ ("Canary" | "BlueGreen" | "RollingUpdate" | "Sequential")) => p.to_string(),
            _ => "Unknown".into(),
        };
    }
    if coordination.and_then(|c| c.policy.as_deref()) == Some("Sequential") {
        return "Sequential".into();
    }
    "BlueGreen".into()
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

/// The lifecycle-derived phase of a component, `None` when there is no revision evidence.
fn lifecycle_phase(status: &ComponentStatus) -> Option<&'static str> {
    let lifecycle = status.lifecycle.as_ref()?;
    let current = lifecycle.current_revision.as_deref().unwrap_or_default();
    let update = lifecycle.update_revision.as_deref().unwrap_or_default();
    if current.is_empty() || update.is_empty() {
        return None;
    }
    Some(if current == update {
        "Stable"
    } else {
        "Updating"
    })
}

fn has_status_evidence(isvc: &InferenceService) -> bool {
    let status = &isvc.status;
    !status.components.is_empty()
        || status
            .rollout_coordination
            .as_ref()
            .is_some_and(|c| !c.groups.is_empty())
        || status.rollout.is_some()
        || status.canary.is_some()
}

/// Projects the rollout state of `isvc` (read-commands.md §5.2).
pub fn project(isvc: &InferenceService) -> RolloutProjection {
    let spec_groups: &[RolloutGroupSpec] = isvc
        .spec
        .rollout
        .as_ref()
        .map_or(&[], |r| r.groups.as_slice());
    if spec_groups.is_empty() && !has_status_evidence(isvc) {
        return RolloutProjection {
            summary: RolloutSummary {
                state: "NotConfigured".into(),
                reported_state: "NotConfigured".into(),
                evidence: "Declared".into(),
                epoch: "NotApplicable".into(),
                coordination_ready: "NotApplicable".into(),
            },
            groups: Vec::new(),
            components: Vec::new(),
            issues: Vec::new(),
        };
    }

    let mut issues: Vec<RolloutIssue> = Vec::new();
    let mut malformed = false;
    if spec_groups.len() > 3 {
        issues.push(RolloutIssue::service("SpecMalformed"));
        malformed = true;
    }
    for key in isvc.status.components.keys() {
        if Component::parse(key).is_none() {
            issues.push(RolloutIssue::service("StatusMalformed"));
            malformed = true;
        }
    }
    let coordination: &[CoordinationGroup] = isvc
        .status
        .rollout_coordination
        .as_ref()
        .map_or(&[], |c| c.groups.as_slice());
    if coordination.len() > 3 {
        issues.push(RolloutIssue::service("StatusMalformed"));
        malformed = true;
    }

    // Group membership: the first group that names a component owns it.
    let mut member_of: [Option<usize>; 3] = [None; 3];
    for (index, group) in spec_groups.iter().enumerate() {
        if spec_group_malformed(group) {
            issues.push(RolloutIssue::new("SpecMalformed", Some(index), None));
            malformed = true;
        }
        for name in &group.components {
            if let Some(c) = Component::parse(name) {
                if member_of[c as usize].is_some() {
                    issues.push(RolloutIssue::new("SpecMalformed", Some(index), None));
                    malformed = true;
                } else {
                    member_of[c as usize] = Some(index);
                }
            }
        }
    }

    let coordination_for = |index: usize| {
        coordination
            .iter()
            .find(|g| g.name.as_deref() == Some(index.to_string().as_str()))
    };
    for entry in coordination {
        match entry.name.as_deref().and_then(|n| n.parse::<usize>().ok()) {
            None => {
                issues.push(RolloutIssue::service("StatusMalformed"));
                malformed = true;
            }
            Some(i) if i >= spec_groups.len() || spec_groups[i].canary.is_some() => {
                issues.push(RolloutIssue::new("GroupStatusUnexpected", Some(i), None));
            }
            Some(_) => {}
        }
    }

    // Components shown: declared in spec, present in status, or named by a group.
    let shown: Vec<Component> = Component::ALL
        .into_iter()
        .filter(|c| {
            isvc.spec.component(c.as_str()).is_some()
                || isvc.status.components.contains_key(c.as_str())
                || member_of[*c as usize].is_some()
        })
        .collect();

    // Lifecycle-derived phases first: group phases depend on them.
    let base_phase = |c: Component| -> Option<&'static str> {
        isvc.status
            .components
            .get(c.as_str())
            .and_then(lifecycle_phase)
    };

    let mut groups = Vec::new();
    for (index, spec) in spec_groups.iter().enumerate() {
        let coord = coordination_for(index);
        let strategy = group_strategy(spec, coord);
        let members: Vec<String> = {
            let mut m: Vec<String> = spec.components.clone();
            m.sort_by_key(|n| Component::rank(n));
            m
        };
        let mut group = GroupProjection {
            index,
            strategy: strategy.clone(),
            phase: "Unknown".into(),
            components: members.clone(),
            current_component: None,
            previous_component: None,
            observed_surge: None,
            stable_revision_hash: None,
            target_revision_hash: None,
            rejected_revision_hash: None,
            step: None,
            transitioned_at: None,
        };
        if strategy == "Canary" {
            // The canary unit reports on its entrypoint component.
            let entry = spec
                .components
                .iter()
                .find(|c| {
                    isvc.status
                        .components
                        .get(c.as_str())
                        .is_some_and(|s| s.canary.is_some())
                })
                .or_else(|| spec.components.first());
            let entry_status = entry.and_then(|c| isvc.status.components.get(c.as_str()));
            let canary = entry_status
                .and_then(|s| s.canary.as_ref())
                .or(isvc.status.canary.as_ref());
            let raw_phase = entry_status.and_then(|s| s.rollout_phase.as_deref());
            let step = match (spec.canary.as_ref(), canary) {
                (Some(canary_spec), Some(status)) => {
                    project_step(canary_spec, status, index, &mut issues)
                }
                _ => None,
            };
            match raw_phase {
                None | Some("") => {
                    issues.push(RolloutIssue::new("GroupStatusMissing", Some(index), None));
                }
                Some(raw) => {
                    group.phase = canary_phase(raw, canary, step.as_ref());
                    let needs_canary =
                        matches!(raw, "Canarying" | "Paused" | "Promoting" | "Pending");
                    if needs_canary && canary.is_none() {
                        issues.push(RolloutIssue::new(
                            "CanaryStatusMissing",
                            Some(index),
                            entry.map(String::as_str),
                        ));
                    }
                }
            }
            if let Some(status) = canary {
                group.stable_revision_hash = status
                    .stable_revision_hash
                    .clone()
                    .filter(|s| !s.is_empty());
                group.target_revision_hash = status
                    .canary_revision_hash
                    .clone()
                    .filter(|s| !s.is_empty());
                group.rejected_revision_hash = status
                    .rolled_back_revision_hash
                    .clone()
                    .filter(|s| !s.is_empty());
                group.transitioned_at = status.step_entered_time.clone();
            }
            group.step = step;
        } else if let Some(coord) = coord {
            let raw = coord.phase.as_deref().unwrap_or_default();
            let mut phase = vocabulary(raw);
            // A settled coordination group is `Idle`; it is `Stable` only when every member's
            // revisions have converged.
            if phase == "Idle"
                && members
                    .iter()
                    .all(|m| Component::parse(m).and_then(base_phase) == Some("Stable"))
            {
                phase = "Stable".into();
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
        } else {
            issues.push(RolloutIssue::new("GroupStatusMissing", Some(index), None));
        }
        groups.push(group);
    }

    let mut components = Vec::new();
    for c in shown {
        let name = c.as_str();
        let group_index = member_of[c as usize];
        let group = group_index.and_then(|i| groups.get(i));
        let status = isvc.status.components.get(name);
        let strategy = group.map_or("Independent".to_string(), |g| g.strategy.clone());
        let mut projection = ComponentProjection {
            type_: name.to_string(),
            strategy,
            group: group_index,
            phase: "Unknown".into(),
            rolled_out_revision_hash: None,
            ready_revision_hash: None,
            previous_revision_hash: None,
            traffic: Vec::new(),
        };
        let Some(status) = status else {
            issues.push(RolloutIssue::new(
                "ComponentStatusMissing",
                group_index,
                Some(name),
            ));
            components.push(projection);
            continue;
        };
        let mut read = |value: Option<&str>| match read_revision(value) {
            Revision::Absent => None,
            Revision::Hash(h) => Some(h),
            Revision::Invalid => {
                issues.push(RolloutIssue::new(
                    "RevisionNameInvalid",
                    group_index,
                    Some(name),
                ));
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
            issues.push(RolloutIssue::new("TrafficInvalid", group_index, Some(name)));
        }
        let in_canary = group.is_some_and(|g| g.strategy == "Canary");
        if status.canary.is_some() && !in_canary {
            issues.push(RolloutIssue::new(
                "CanaryStatusUnexpected",
                group_index,
                Some(name),
            ));
        }
        let own = status
            .rollout_phase
            .as_deref()
            .filter(|p| !p.is_empty())
            .map(vocabulary);
        let lifecycle = lifecycle_phase(status);
        projection.phase = match group {
            None => match (own, lifecycle) {
                (Some(p), _) => p,
                (None, Some(p)) => p.to_string(),
                (None, None) => {
                    // No lifecycle: converged rolled-out and ready revisions still prove a
                    // settled independent component.
                    match (
                        &projection.rolled_out_revision_hash,
                        &projection.ready_revision_hash,
                    ) {
                        (Some(a), Some(b)) if a == b => "Stable".into(),
                        _ => {
                            issues.push(RolloutIssue::new(
                                "ComponentStatusMissing",
                                None,
                                Some(name),
                            ));
                            "Unknown".into()
                        }
                    }
                }
            },
            // A `Canarying` member takes the group's gate-aware phase (Paused/Promoting).
            Some(g) if g.strategy == "Canary" => match own {
                Some(p) if p != "Canarying" => p,
                _ => g.phase.clone(),
            },
            Some(g) => {
                let settled = lifecycle.unwrap_or("Unknown").to_string();
                if g.phase == "Stable" || g.phase == "Idle" || g.phase == "Unknown" {
                    own.unwrap_or(settled)
                } else if g.strategy == "Sequential" {
                    if g.current_component.as_deref() == Some(name) {
                        g.phase.clone()
                    } else if g.previous_component.as_deref() == Some(name) {
                        settled
                    } else {
                        "AwaitingNextComponent".into()
                    }
                } else {
                    g.phase.clone()
                }
            }
        };
        components.push(projection);
    }

    // Coordination readiness only concerns coordinated (non-canary) groups.
    let coordinated = groups.iter().any(|g| g.strategy != "Canary");
    let coordination_ready = if !coordinated {
        "NotApplicable".to_string()
    } else {
        let condition = isvc
            .status
            .conditions
            .iter()
            .find(|c| c.type_ == "RolloutCoordinationReady");
        let contradicted = coordination
            .iter()
            .any(|g| matches!(g.phase.as_deref(), Some("Failed" | "RollingBack")));
        match condition.map(|c| c.status.as_str()) {
            None => "Unobserved".into(),
            Some("True") if contradicted => "Invalid".into(),
            Some(s @ ("True" | "False" | "Unknown")) => s.to_string(),
            Some(_) => "Invalid".into(),
        }
    };

    let reported_state = if malformed {
        "Unknown".to_string()
    } else {
        components
            .iter()
            .map(|c| reported_of_phase(&c.phase))
            .chain(groups.iter().map(|g| reported_of_phase(&g.phase)))
            .min_by_key(|s| rank(s))
            .unwrap_or("Unknown")
            .to_string()
    };

    // The answer rests on controller status the CLI cannot bind to the current generation.
    issues.push(RolloutIssue::service("EpochUnverifiable"));
    issues.sort();
    issues.dedup();

    RolloutProjection {
        summary: RolloutSummary {
            state: "Unknown".into(),
            reported_state,
            evidence: "Reported".into(),
            epoch: "Unverifiable".into(),
            coordination_ready,
        },
        groups,
        components,
        issues,
    }
}
