//! Whether a group's settings take effect in the plan's shape (rollout-explain.md §2.5
//! "Effects"): `soak` only between the groups of a sequential plan, the ratio only on a
//! multi-component coordinated group, and nothing is `Applied` in a view with a malformed group.

use super::group::{Built, ViewContext};
use super::issues::Issues;
use super::model::{Effect, IssueCode};
use super::views::single_blue_green;
use crate::evaluate::rollout::model::Strategy;

/// The effects of every setting of the view's groups, once its issues are known.
pub(crate) fn apply(built: &mut [Built], ctx: ViewContext, issues: &Issues) {
    let usable = !issues.any(ctx.malformed, ctx.view);
    let known = usable && !issues.any(IssueCode::PlanTruncated, ctx.view);
    let coordinated: Vec<usize> = built
        .iter()
        .enumerate()
        .filter(|(_, b)| b.group.strategy != Strategy::Canary)
        .map(|(i, _)| i)
        .collect();
    let sequential = known
        && coordinated.len() >= 2
        && coordinated
            .iter()
            .all(|i| built.get(*i).is_some_and(|b| single_blue_green(&b.group)));
    let last = coordinated.last().copied();
    let resolved = coordinated
        .iter()
        .all(|i| built.get(*i).is_some_and(|b| b.body_known));
    let shape = Shape {
        usable,
        known,
        sequential,
        resolved,
    };
    for (i, b) in built.iter_mut().enumerate() {
        let body_known = b.body_known;
        let g = &mut b.group;
        let canary = g.strategy == Strategy::Canary;
        if let Some(soak) = g.soak.as_mut() {
            soak.effect = shape.soak(canary, last == Some(i));
        }
        let ratio_effect = shape.tolerance(body_known, g.strategy, g.components.len());
        if let Some(ratio) = g.maintain_ratio.as_mut() {
            ratio.tolerance.effect = ratio_effect;
        }
        if let Some(budgets) = g.rolling_update.as_mut()
            && !usable
        {
            budgets.max_surge.effect = Effect::Unknown;
            budgets.max_unavailable.effect = Effect::Unknown;
        }
    }
}

/// What the view's shape allows.
struct Shape {
    usable: bool,
    known: bool,
    sequential: bool,
    resolved: bool,
}

impl Shape {
    /// The first matching row of the soak table.
    fn soak(&self, canary: bool, last: bool) -> Effect {
        if !self.usable {
            Effect::Unknown
        } else if canary {
            Effect::IgnoredPlanShape
        } else if !self.known {
            Effect::Unknown
        } else if self.sequential && last {
            Effect::IgnoredFinalGroup
        } else if self.sequential && !self.resolved {
            Effect::Unknown
        } else if self.sequential {
            Effect::Applied
        } else {
            Effect::IgnoredPlanShape
        }
    }

    fn tolerance(&self, body_known: bool, strategy: Strategy, components: usize) -> Effect {
        if !self.usable || !body_known {
            Effect::Unknown
        } else if matches!(strategy, Strategy::Canary | Strategy::Unknown) {
            Effect::IgnoredPlanShape
        } else if components == 1 {
            Effect::IgnoredSingleComponent
        } else {
            Effect::Applied
        }
    }
}
