//! One component's row (evidence-strictness.md §1.2, §1.3): its revision names, traffic,
//! rollout phase and — outside groups — the lifecycle that decides its phase.

use super::names::{component_revision_hash, service_revision_hash};
use super::{Component, IssueCode, Issues, is_recognised_phase, rollout_phase};
use crate::evaluate::read::{self, Read};
use crate::evaluate::rollout::model::{
    ComponentProjection, Phase, Strategy, TrafficProjection, TrafficRole,
};
use serde_json::Value;

/// The deployment modes of `ome.io/deploymentMode`.
const MODES: [&str; 4] = [
    "RawDeployment",
    "OMENative",
    "MultiNode",
    "VirtualDeployment",
];

/// How the component sits in the plan.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Membership<'a> {
    Ungrouped,
    /// In a canary or coordination group: index, strategy, GROUP-PHASE and, for a sequential
    /// group, the current component.
    Grouped {
        index: usize,
        strategy: Strategy,
        phase: Phase,
        current: Option<&'a str>,
    },
}

/// The row and what it contributes to the reported state.
pub(crate) struct Row {
    pub(crate) projection: ComponentProjection,
    pub(crate) contributes: Option<Phase>,
}

pub(crate) struct Context<'a> {
    pub(crate) isvc_name: &'a str,
    pub(crate) spec: &'a Value,
    pub(crate) components: &'a Value,
}

/// The value of `spec.<c>.annotations["ome.io/deploymentMode"]` when it is set.
pub(crate) fn annotated_mode(spec: &Value, c: Component) -> Option<&str> {
    read::path(spec, &[c.as_str(), "annotations", "ome.io/deploymentMode"]).and_then(Value::as_str)
}

/// Explicitly non-OMENative by its own annotation (a valid mode other than OMENative).
pub(crate) fn explicitly_not_native(spec: &Value, c: Component) -> bool {
    annotated_mode(spec, c).is_some_and(|m| MODES.contains(&m) && m != "OMENative")
}

pub(crate) fn project(
    ctx: &Context,
    c: Component,
    membership: Membership,
    issues: &mut Issues,
) -> Row {
    let group = match membership {
        Membership::Grouped { index, .. } => Some(index),
        Membership::Ungrouped => None,
    };
    let mut projection = ComponentProjection {
        type_: c.as_str().to_string(),
        strategy: Strategy::Unknown,
        group,
        phase: Phase::Unknown,
        rolled_out_revision_hash: None,
        ready_revision_hash: None,
        previous_revision_hash: None,
        traffic: Vec::new(),
    };
    let entry = read::field(ctx.components, c.as_str());
    if let Membership::Grouped {
        strategy, phase, ..
    } = membership
    {
        projection.strategy = strategy;
        projection.phase = phase;
    }
    let Some(status) = entry else {
        return missing_entry(ctx, c, membership, projection, issues);
    };
    if !status.is_object() {
        issues.component(IssueCode::StatusMalformed, group, c);
        return Row {
            projection,
            contributes: None,
        };
    }
    let own = match rollout_phase(status) {
        Read::Unset => "",
        Read::Ok(p) if p.is_empty() || is_recognised_phase(p) => p,
        _ => {
            issues.component(IssueCode::StatusMalformed, group, c);
            "?"
        }
    };
    revisions(ctx, c, status, group, &mut projection, issues);
    match membership {
        Membership::Ungrouped => ungrouped(ctx, c, status, own, projection, issues),
        Membership::Grouped {
            phase,
            current,
            strategy,
            ..
        } => {
            if strategy == Strategy::Sequential {
                projection.phase = sequential_phase(phase, current, c);
            }
            Row {
                projection,
                contributes: None,
            }
        }
    }
}

/// R-e: a declared or grouped component without a status entry.
fn missing_entry(
    ctx: &Context,
    c: Component,
    membership: Membership,
    mut projection: ComponentProjection,
    issues: &mut Issues,
) -> Row {
    match membership {
        Membership::Grouped {
            index, strategy, ..
        } => {
            issues.component(IssueCode::ComponentStatusMissing, Some(index), c);
            projection.phase = Phase::Unknown;
            // A coordination-group member contributes only when its entry is missing.
            let contributes = (strategy != Strategy::Canary).then_some(Phase::Unknown);
            Row {
                projection,
                contributes,
            }
        }
        Membership::Ungrouped => {
            if !explicitly_not_native(ctx.spec, c) {
                issues.component(IssueCode::ComponentStatusMissing, None, c);
            }
            let independent = annotated_mode(ctx.spec, c) == Some("OMENative");
            if independent {
                projection.strategy = Strategy::Independent;
            }
            Row {
                contributes: independent.then_some(Phase::Unknown),
                projection,
            }
        }
    }
}

/// The phase shown for a member of a sequential group: the current member takes the group
/// phase, the others wait for their turn while the group is active.
fn sequential_phase(group_phase: Phase, current: Option<&str>, c: Component) -> Phase {
    let active = !matches!(
        group_phase,
        Phase::Idle
            | Phase::Staged
            | Phase::Failed
            | Phase::Paused
            | Phase::RollingBack
            | Phase::Unknown
            | Phase::AwaitingNextComponent
    );
    if active && current != Some(c.as_str()) {
        Phase::AwaitingNextComponent
    } else {
        group_phase
    }
}

/// §1.2: the per-revision Service names and the traffic list.
fn revisions(
    ctx: &Context,
    c: Component,
    status: &Value,
    group: Option<usize>,
    projection: &mut ComponentProjection,
    issues: &mut Issues,
) {
    let mut hash = |key: &str| match read::text(status, key) {
        Read::Unset | Read::Ok("") => None,
        Read::Ok(name) => {
            let h = service_revision_hash(name, ctx.isvc_name, c.as_str());
            if h.is_none() {
                issues.component(IssueCode::RevisionNameInvalid, group, c);
            }
            h
        }
        Read::Bad => {
            issues.component(IssueCode::RevisionNameInvalid, group, c);
            None
        }
    };
    projection.rolled_out_revision_hash = hash("latestRolledoutRevision");
    projection.ready_revision_hash = hash("latestReadyRevision");
    projection.previous_revision_hash = hash("previousRolledoutRevision");
    let (traffic, valid) = traffic(ctx, c, status, projection);
    projection.traffic = traffic;
    if !valid {
        issues.component(IssueCode::TrafficInvalid, group, c);
    }
}

/// The traffic entries with their roles; `false` when any entry is not a per-revision Service
/// name of this component, a percent is outside 0–100, a hash repeats or the percents do not
/// add up to exactly 100.
fn traffic(
    ctx: &Context,
    c: Component,
    status: &Value,
    projection: &ComponentProjection,
) -> (Vec<TrafficProjection>, bool) {
    let entries = match read::array(status, "traffic") {
        Read::Unset => return (Vec::new(), true),
        Read::Ok(entries) => entries,
        Read::Bad => return (Vec::new(), false),
    };
    let mut out: Vec<TrafficProjection> = Vec::new();
    let mut valid = true;
    let mut sum = 0i64;
    for entry in entries {
        let hash = read::text(entry, "revisionName")
            .ok()
            .and_then(|n| service_revision_hash(n, ctx.isvc_name, c.as_str()));
        let percent = read::int(entry, "percent")
            .ok()
            .filter(|p| (0..=100).contains(p));
        let (Some(hash), Some(percent)) = (hash, percent) else {
            valid = false;
            continue;
        };
        if out.iter().any(|t| t.revision_hash == hash) {
            valid = false;
            continue;
        }
        sum += percent;
        let role = if Some(&hash) == projection.rolled_out_revision_hash.as_ref() {
            TrafficRole::Current
        } else if Some(&hash) == projection.ready_revision_hash.as_ref() {
            TrafficRole::Target
        } else if Some(&hash) == projection.previous_revision_hash.as_ref() {
            TrafficRole::Previous
        } else {
            TrafficRole::Other
        };
        out.push(TrafficProjection {
            revision_hash: hash,
            percent,
            role,
        });
    }
    if !entries.is_empty() && sum != 100 {
        valid = false;
    }
    (out, valid)
}

/// R-b, R-c, R-d: the phase of a component outside any group.
fn ungrouped(
    ctx: &Context,
    c: Component,
    status: &Value,
    own: &str,
    mut projection: ComponentProjection,
    issues: &mut Issues,
) -> Row {
    // Only a canary member carries a rollout phase other than Stable.
    if !matches!(own, "" | "Stable" | "?") {
        issues.component(IssueCode::StatusMalformed, None, c);
    }
    let lifecycle = read::field(status, "lifecycle");
    let annotated_native = annotated_mode(ctx.spec, c) == Some("OMENative");
    let independent = lifecycle.is_some() || annotated_native;
    projection.strategy = if independent {
        Strategy::Independent
    } else {
        Strategy::Unknown
    };
    projection.phase = match lifecycle {
        Some(lifecycle) => {
            let phase = lifecycle_phase(ctx, c, lifecycle, issues);
            let agrees = own.is_empty() || (own == "Stable" && phase == Phase::Stable);
            if !agrees {
                if own != "?" {
                    issues.component(IssueCode::StatusMalformed, None, c);
                }
                Phase::Unknown
            } else {
                phase
            }
        }
        None => {
            if !explicitly_not_native(ctx.spec, c) {
                issues.component(IssueCode::ComponentStatusMissing, None, c);
            }
            if own.is_empty() || own == "?" {
                Phase::Unknown
            } else {
                Phase::of(own)
            }
        }
    };
    Row {
        contributes: independent.then_some(projection.phase),
        projection,
    }
}

/// R-c: `Stable` when both lifecycle revisions are equal, `Updating` when they differ,
/// `Unknown` when either is missing (a gap) or not `<isvc>-<c>-<hash>`.
fn lifecycle_phase(ctx: &Context, c: Component, lifecycle: &Value, issues: &mut Issues) -> Phase {
    let revision = |key: &str| read::text(lifecycle, key).ok().unwrap_or("");
    let (current, update) = (revision("currentRevision"), revision("updateRevision"));
    if !lifecycle.is_object()
        || read::text(lifecycle, "currentRevision").is_bad()
        || read::text(lifecycle, "updateRevision").is_bad()
    {
        issues.component(IssueCode::RevisionNameInvalid, None, c);
        return Phase::Unknown;
    }
    if current.is_empty() || update.is_empty() {
        issues.component(IssueCode::ComponentStatusMissing, None, c);
        return Phase::Unknown;
    }
    let valid = |name: &str| component_revision_hash(name, ctx.isvc_name, c.as_str()).is_some();
    if !valid(current) || !valid(update) {
        issues.component(IssueCode::RevisionNameInvalid, None, c);
        return Phase::Unknown;
    }
    if current == update {
        Phase::Stable
    } else {
        Phase::Updating
    }
}
