//! Coordination groups (evidence-strictness.md §1.5, §1.6): blue-green, rolling-update, policy
//! and collapsed sequential groups read `status.rolloutCoordination.groups[]` by name. Their
//! phase never becomes `Stable`; the entry must agree with the spec group, and the members'
//! own rollout phases with the group phase.

use super::spec::{Group, Plan, Progression};
use super::{IssueCode, Issues, is_recognised_phase, rollout_phase};
use crate::evaluate::lifecycle::parse_budget;
use crate::evaluate::read::{self, Read};
use crate::evaluate::rollout::model::{CoordinationReady, Phase, Strategy};
use serde_json::Value;

const AWAITING: &str = "Sequential.AwaitingNextComponent";

/// What the coordination pass gives one group's projection.
#[derive(Debug, Clone)]
pub(crate) struct CoordinationProjection {
    pub(crate) phase: Phase,
    pub(crate) strategy: Strategy,
    pub(crate) current: Option<String>,
    pub(crate) previous: Option<String>,
    pub(crate) observed_surge: Option<String>,
    pub(crate) transitioned_at: Option<String>,
}

/// The entries of `status.rolloutCoordination.groups`, checked for shape, duplicate and
/// unexpected names.
pub(crate) fn entries<'a>(status: &'a Value, plan: &Plan, issues: &mut Issues) -> Vec<&'a Value> {
    let Some(coordination) = read::field(status, "rolloutCoordination") else {
        return Vec::new();
    };
    let list = match read::array(coordination, "groups") {
        Read::Unset => return Vec::new(),
        Read::Ok(list) => list,
        Read::Bad => {
            issues.service(IssueCode::StatusMalformed);
            return Vec::new();
        }
    };
    let expected: Vec<String> = plan
        .groups
        .iter()
        .filter(|g| !g.is_canary())
        .map(|g| g.index.to_string())
        .collect();
    let mut names: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for entry in list {
        let Some(name) = read::text(entry, "name").ok().filter(|_| entry.is_object()) else {
            issues.service(IssueCode::StatusMalformed);
            continue;
        };
        if names.contains(&name) {
            issues.service(IssueCode::StatusMalformed);
            continue;
        }
        names.push(name);
        if !expected.iter().any(|e| e == name) {
            issues.service(IssueCode::GroupStatusUnexpected);
            continue;
        }
        out.push(entry);
    }
    out
}

/// Projects one coordination group from its entry.
pub(crate) fn project(
    status: &Value,
    group: &Group,
    entries: &[&Value],
    issues: &mut Issues,
) -> CoordinationProjection {
    let g = group.index;
    let name = g.to_string();
    let mut out = CoordinationProjection {
        phase: Phase::Unknown,
        strategy: strategy(group.progression, None),
        current: None,
        previous: None,
        observed_surge: None,
        transitioned_at: None,
    };
    let Some(entry) = entries
        .iter()
        .find(|e| read::text(e, "name").ok() == Some(name.as_str()))
    else {
        issues.group(IssueCode::GroupStatusMissing, g);
        return out;
    };
    let policy = read::text(entry, "policy").ok();
    out.strategy = strategy(group.progression, policy);
    let raw_phase = match read::text(entry, "phase") {
        Read::Unset | Read::Ok("") => {
            issues.group(IssueCode::GroupStatusMissing, g);
            None
        }
        Read::Ok(p) => Some(p),
        Read::Bad => {
            issues.group(IssueCode::StatusMalformed, g);
            None
        }
    };
    let cursor = Cursor::read(entry);
    out.phase = match raw_phase {
        None => Phase::Unknown,
        Some(p) => group_phase(p, group.progression, &cursor, g, issues),
    };
    if !entry_consistent(entry, group, policy, raw_phase, &cursor) {
        issues.group(IssueCode::StatusMalformed, g);
    }
    check_members(status, group, out.phase, issues);
    out.current = cursor.current.filter(|c| !c.is_empty()).map(str::to_string);
    out.previous = cursor
        .previous
        .filter(|c| !c.is_empty())
        .map(str::to_string);
    out.observed_surge = read::field(entry, "observedSurge").map(|v| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    });
    out.transitioned_at = read::text(entry, "lastTransitionTime")
        .ok()
        .map(str::to_string);
    out
}

fn strategy(progression: Progression, policy: Option<&str>) -> Strategy {
    match progression {
        Progression::BlueGreen => Strategy::BlueGreen,
        Progression::RollingUpdate => Strategy::RollingUpdate,
        Progression::Sequential => Strategy::Sequential,
        Progression::Canary => Strategy::Canary,
        Progression::Policy => match policy {
            Some("BlueGreen") => Strategy::BlueGreen,
            Some("RollingUpdate") => Strategy::RollingUpdate,
            Some("Sequential") => Strategy::Sequential,
            _ => Strategy::Unknown,
        },
    }
}

/// `currentComponent`, `previousComponent` and `compositePhase` (`None` when of the wrong type).
struct Cursor<'a> {
    current: Option<&'a str>,
    previous: Option<&'a str>,
    composite: Option<&'a str>,
}

impl<'a> Cursor<'a> {
    fn read(entry: &'a Value) -> Cursor<'a> {
        Cursor {
            current: read::text_or_empty(entry, "currentComponent"),
            previous: read::text_or_empty(entry, "previousComponent"),
            composite: read::text_or_empty(entry, "compositePhase"),
        }
    }
}

/// The GROUP-PHASE of a coordination phase; never `Stable`.
fn group_phase(
    raw: &str,
    progression: Progression,
    cursor: &Cursor,
    g: usize,
    issues: &mut Issues,
) -> Phase {
    match raw {
        "Idle" if progression == Progression::Sequential && cursor.composite == Some(AWAITING) => {
            Phase::AwaitingNextComponent
        }
        "Idle" | "Staged" | "Surging" | "Waiting" | "Shifting" | "Draining" | "ScalingDown"
        | "Failed" | "RollingBack" | "Paused" => Phase::of(raw),
        _ => {
            issues.group(IssueCode::StatusMalformed, g);
            Phase::Unknown
        }
    }
}

/// The entry agrees with the spec group: policy, components, cursor, surge and time.
fn entry_consistent(
    entry: &Value,
    group: &Group,
    policy: Option<&str>,
    phase: Option<&str>,
    cursor: &Cursor,
) -> bool {
    let policy_ok = match group.progression {
        Progression::BlueGreen => policy == Some("BlueGreen"),
        Progression::RollingUpdate => policy == Some("RollingUpdate"),
        Progression::Sequential => policy == Some("Sequential"),
        Progression::Policy => matches!(policy, Some("BlueGreen" | "RollingUpdate" | "Sequential")),
        Progression::Canary => false,
    };
    let components = read::strings(entry, "components");
    let components_ok = components.as_ref().is_some_and(|c| {
        c.len() == group.declared.len() && c.iter().zip(&group.declared).all(|(a, b)| a == b)
    });
    let order = read::strings(entry, "order");
    let (Some(current), Some(previous), Some(composite), Some(order)) =
        (cursor.current, cursor.previous, cursor.composite, order)
    else {
        return false;
    };
    let cursor_ok = if policy == Some("Sequential") {
        order.len() == group.declared.len()
            && order.iter().zip(&group.declared).all(|(a, b)| a == b)
            && sequential_cursor_ok(group, phase.unwrap_or(""), current, previous, composite)
    } else {
        order.is_empty() && current.is_empty() && previous.is_empty()
    };
    let surge_ok = read::field(entry, "observedSurge").is_none_or(|v| parse_budget(v).is_some());
    let time_ok = match read::text(entry, "lastTransitionTime") {
        Read::Unset => true,
        Read::Ok(t) => t.parse::<jiff::Timestamp>().is_ok() && !read::is_zero_time(t),
        Read::Bad => false,
    };
    policy_ok && components_ok && cursor_ok && surge_ok && time_ok
}

/// The cursor of a sequential group (§1.5).
fn sequential_cursor_ok(
    group: &Group,
    phase: &str,
    current: &str,
    previous: &str,
    composite: &str,
) -> bool {
    let position = |name: &str| group.declared.iter().position(|d| d == name);
    if (!current.is_empty() && position(current).is_none())
        || (!previous.is_empty() && position(previous).is_none())
    {
        return false;
    }
    let cursor_ok = if phase == "Paused" {
        current.is_empty() && previous.is_empty()
    } else if current.is_empty() {
        phase == "Idle" && previous.is_empty()
    } else {
        match position(current) {
            Some(0) => phase != "Idle" && previous.is_empty(),
            Some(k) => group.declared.get(k - 1).map(String::as_str) == Some(previous),
            None => false,
        }
    };
    let composite_ok = if phase == "Idle" && current.is_empty() {
        matches!(composite, "" | "Idle")
    } else if phase == "Idle" {
        composite == AWAITING
    } else {
        composite.is_empty()
            || (phase == "Failed" && composite == "Sequential.Failed")
            || (current.is_empty() && composite == phase)
            || composite == format!("{current}.{phase}")
    };
    cursor_ok && composite_ok
}

/// A member's recognised rollout phase must fit the group phase.
fn check_members(status: &Value, group: &Group, phase: Phase, issues: &mut Issues) {
    let components = read::field(status, "components").unwrap_or(&Value::Null);
    for c in &group.members {
        let Some(own) = read::field(components, c.as_str())
            .map(rollout_phase)
            .and_then(Read::ok)
            .filter(|p| !p.is_empty() && is_recognised_phase(p))
        else {
            continue;
        };
        if !member_phase_allowed(phase, own) {
            issues.component(IssueCode::StatusMalformed, Some(group.index), *c);
        }
    }
}

fn member_phase_allowed(group_phase: Phase, own: &str) -> bool {
    let rollback = matches!(own, "Failed" | "RollingBack" | "RolledBack");
    match group_phase {
        Phase::Idle | Phase::AwaitingNextComponent => own == "Stable",
        Phase::Staged => matches!(own, "Stable" | "BlueGreenStandby"),
        Phase::Failed => matches!(own, "Stable" | "Failed"),
        Phase::RollingBack => matches!(own, "Stable" | "RollingBack" | "RolledBack"),
        Phase::Paused => !rollback,
        Phase::Unknown => true,
        _ => !rollback && own != "Paused",
    }
}

/// Coordination group phases that are neither failed nor active.
fn is_resting(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::Idle | Phase::Staged | Phase::AwaitingNextComponent | Phase::Unknown
    )
}

/// §1.6: `coordinationReady` from the `RolloutCoordinationReady` conditions of the service
/// and the phases of its coordination groups (none: `NotApplicable`).
pub(crate) fn ready(
    conditions: &[Value],
    phases: &[Phase],
    issues: &mut Issues,
) -> CoordinationReady {
    if phases.is_empty() {
        return CoordinationReady::NotApplicable;
    }
    let expected = if phases.iter().any(|p| !is_resting(*p)) {
        CoordinationReady::False
    } else if phases.contains(&Phase::Unknown) {
        CoordinationReady::Unknown
    } else {
        CoordinationReady::True
    };
    let matching: Vec<&Value> = conditions
        .iter()
        .filter(|c| read::text(c, "type").ok() == Some("RolloutCoordinationReady"))
        .collect();
    match matching.as_slice() {
        [] => CoordinationReady::Unobserved,
        [one] if read::text(one, "status").ok() == Some(expected.as_str()) => expected,
        _ => {
            issues.service(IssueCode::StatusMalformed);
            CoordinationReady::Invalid
        }
    }
}
