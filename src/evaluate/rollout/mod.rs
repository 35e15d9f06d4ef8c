//! Evaluation for `rollout status` (read-commands.md §5.2): the pure rollout projection, also
//! used by `scale` and `wait --for=rollout=...`.

pub(crate) mod model;
pub(crate) mod project;

pub(crate) use model::{
    ComponentProjection, CoordinationReady, Epoch, GroupProjection, IssueCode, ReportedState,
    RolloutIssue, RolloutProjection, State, StepProjection,
};
pub(crate) use project::project;

use crate::ome::report::{Report, Source, SourceEvidence, SourceKind, WarningCode, report_time};
use crate::ome::{meta_name, meta_namespace};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde_json::Value;

/// The report kind.
pub(crate) const KIND: &str = "RolloutStatusReport";

/// The `RolloutStatusReport` (read-commands.md §5.5).
pub(crate) type RolloutReport = Report<RolloutProjection>;

/// The report of the stored service `raw` (already bound to the request through `meta`): its
/// projection, one InferenceService source, and `PartialData` when there is any issue.
pub(crate) fn report(raw: &Value, meta: &ObjectMeta, now: jiff::Timestamp) -> RolloutReport {
    let projection = project(raw);
    let (namespace, name) = (meta_namespace(meta), meta_name(meta));
    let collected_at = report_time(now);
    let partial = projection.partial_data();
    let mut report = Report::new(KIND, namespace, name, collected_at.clone(), projection);
    report.sources.push(Source::of_object(
        SourceKind::InferenceService,
        meta,
        SourceEvidence::Observed,
        &collected_at,
    ));
    report.with_warnings(partial.then_some(WarningCode::PartialData))
}
