//! Evaluation for `rollout explain` (rollout-explain.md §2): the rollout plan as declared, as it
//! resolves now and as the controller runs it, beside the observed progress (the `rollout
//! status` projection, capped) and what holds it. A pure function of the stored
//! InferenceService; built on the rollout projection (`evaluate::rollout`), whose vocabulary
//! and spec rules it shares.

mod effects;
mod group;
mod holds;
mod issues;
pub(crate) mod model;
mod pinned;
mod resolution;
mod summary;
mod views;

use crate::evaluate::read;
use crate::evaluate::rollout::{self, RolloutProjection};
use crate::ome::report::{Report, Source, SourceEvidence, SourceKind, WarningCode, report_time};
use crate::ome::{meta_name, meta_namespace};
use group::ViewContext;
use issues::Issues;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use model::{Evidence, Hold, IssueCode, RolloutExplain, View};
use serde_json::Value;

/// The report kind.
pub(crate) const KIND: &str = "RolloutExplainReport";

/// The `RolloutExplainReport`.
pub(crate) type RolloutExplainReport = Report<RolloutExplain>;

/// The most observed groups, components and issues shown (§2.8).
const MAX_OBSERVED_GROUPS: usize = 3;
const MAX_OBSERVED_COMPONENTS: usize = 3;
const MAX_OBSERVED_ISSUES: usize = 32;

/// The explanation of the stored service `isvc` and whether a cap cut anything.
pub(crate) fn explain(isvc: &Value) -> (RolloutExplain, bool) {
    let (observed, observed_cut) = observed(isvc);
    let run = read::path(isvc, &["status", "rollout", "activeRun"]);
    let mut issues = Issues::default();
    let summary = summary::summary(isvc, run.is_some(), &mut issues);
    let declared_groups = views::spec_view(isvc, context(View::Declared), false, &mut issues);
    let live_groups = match run {
        Some(_) => views::spec_view(isvc, context(View::Live), true, &mut issues),
        None => Vec::new(),
    };
    let effective_groups = match run {
        Some(run) => pinned::pinned_view(isvc, run, &mut issues),
        None => views::spec_view(isvc, context(View::Effective), true, &mut issues),
    };
    let holds = holds::holds(isvc, run.is_some(), &summary.plan_ready, &observed);
    let cut = observed_cut
        || issues.dropped()
        || issues.any(IssueCode::PlanTruncated, View::Declared)
        || issues.any(IssueCode::PlanTruncated, View::Live)
        || issues.any(IssueCode::PlanTruncated, View::Effective);
    let content = RolloutExplain {
        summary,
        declared_groups,
        live_groups,
        effective_groups,
        observed,
        holds,
        issues: issues.into_sorted(),
    };
    (content, cut)
}

/// What holds the rollout of `isvc` (§2.6); `rollout status` points here when any does.
pub(crate) fn holds_of(isvc: &Value) -> Vec<Hold> {
    explain(isvc).0.holds
}

/// The report of the stored service `raw` (already bound to the request through `meta`).
pub(crate) fn report(raw: &Value, meta: &ObjectMeta, now: jiff::Timestamp) -> RolloutExplainReport {
    let (content, cut) = explain(raw);
    let (namespace, name) = (meta_namespace(meta), meta_name(meta));
    let collected_at = report_time(now);
    let warnings = [
        content
            .observed
            .partial_data()
            .then_some(WarningCode::PartialData),
        (!content.issues.is_empty()).then_some(WarningCode::PartialData),
        cut.then_some(WarningCode::Truncated),
    ];
    let mut report = Report::new(KIND, namespace, name, collected_at.clone(), content);
    report.sources.push(Source::of_object(
        SourceKind::InferenceService,
        meta,
        SourceEvidence::Observed,
        &collected_at,
    ));
    report.with_warnings(warnings.into_iter().flatten())
}

/// A spec view's reading.
fn context(view: View) -> ViewContext {
    let malformed = match view {
        View::Declared => IssueCode::DeclaredPlanMalformed,
        View::Live => IssueCode::LivePlanMalformed,
        View::Effective => IssueCode::EffectivePlanMalformed,
    };
    ViewContext {
        view,
        malformed,
        evidence: Evidence::Declared,
        pinned: false,
    }
}

/// The `rollout status` projection, cut to 3 groups, 3 components and 32 issues.
fn observed(isvc: &Value) -> (RolloutProjection, bool) {
    let mut projection = rollout::project(isvc);
    let cut = projection.groups.len() > MAX_OBSERVED_GROUPS
        || projection.components.len() > MAX_OBSERVED_COMPONENTS
        || projection.issues.len() > MAX_OBSERVED_ISSUES;
    projection.groups.truncate(MAX_OBSERVED_GROUPS);
    projection.components.truncate(MAX_OBSERVED_COMPONENTS);
    projection.issues.truncate(MAX_OBSERVED_ISSUES);
    (projection, cut)
}

#[cfg(test)]
mod tests;
