//! The views read from the live spec (rollout-explain.md §2.5 "Spec views"): Declared, Live and
//! the Effective view without an active run. The spec is checked against the rollout
//! projection's rules (`spec::read_group` with the service's context, `spec::sequential_ordering`),
//! with the ordering and soak rules judged on the plan groups, so that a group resolved by a
//! RolloutPolicy counts with the progression its reference names.

use super::effects;
use super::group::{Built, ViewContext, plan_group};
use super::issues::Issues;
use super::model::{IssueCode, PlanGroup};
use super::resolution;
use crate::evaluate::read::{self, Read};
use crate::evaluate::rollout::IssueCode as RolloutIssueCode;
use crate::evaluate::rollout::model::Strategy;
use crate::evaluate::rollout::project::{self, spec};
use serde_json::Value;

/// The most groups a view shows.
pub(crate) const MAX_GROUPS: usize = 3;

/// A spec view of `isvc`; `resolve` applies the controller's resolution (`status.rollout.groups`).
pub(crate) fn spec_view(
    isvc: &Value,
    ctx: ViewContext,
    resolve: bool,
    issues: &mut Issues,
) -> Vec<PlanGroup> {
    let spec = read::field(isvc, "spec").unwrap_or(&Value::Null);
    let Some(rollout) = read::field(spec, "rollout") else {
        return Vec::new();
    };
    let raw = match read::array(rollout, "groups") {
        Read::Ok(groups) if rollout.is_object() => groups,
        Read::Unset if rollout.is_object() => &[][..],
        _ => {
            issues.view(ctx.malformed, ctx.view);
            &[][..]
        }
    };
    if raw.len() > MAX_GROUPS {
        issues.view(IssueCode::PlanTruncated, ctx.view);
    }
    let shown = raw.get(..MAX_GROUPS).unwrap_or(raw);
    let mut built: Vec<Built> = shown
        .iter()
        .enumerate()
        .map(|(i, g)| plan_group(g, i, ctx, issues))
        .collect();
    if resolve {
        resolution::apply(isvc, raw.len(), shown, &mut built, ctx.view, issues);
    }
    check_spec(spec, shown, &built, ctx, issues);
    effects::apply(&mut built, ctx, issues);
    built.into_iter().map(|b| b.group).collect()
}

/// One component, blue-green: what a sequential plan is made of.
pub(crate) fn single_blue_green(group: &PlanGroup) -> bool {
    group.components.len() == 1 && group.strategy == Strategy::BlueGreen
}

/// The canary, coordination and ordering rules of evidence-strictness.md §1.7 on the groups a
/// view shows: a violation about a group is `M(V,g)`, one about none `M(V)`.
fn check_spec(spec: &Value, raw: &[Value], built: &[Built], ctx: ViewContext, issues: &mut Issues) {
    let mut found = project::Issues::default();
    let sequential = spec::sequential_ordering(spec, &mut found);
    let mut member_of = [None; 3];
    for (i, group) in raw.iter().enumerate() {
        spec::read_group(Some(spec), group, i, &mut member_of, &mut found);
    }
    let singles = built.len() >= 2 && built.iter().all(|b| single_blue_green(&b.group));
    if sequential && built.len() >= 2 && !singles {
        found.service(RolloutIssueCode::SpecMalformed);
    }
    for (i, group) in raw.iter().enumerate() {
        if read::field(group, "soak").is_some() && !(sequential && singles) {
            found.group(RolloutIssueCode::SpecMalformed, i);
        }
    }
    for issue in found.recorded() {
        match issue.group {
            Some(g) => issues.group(ctx.malformed, ctx.view, g),
            None => issues.view(ctx.malformed, ctx.view),
        }
    }
}
