//! Evaluation for `rollout status` (read-commands.md §5.2): the pure rollout projection, also
//! used by `scale` and `wait --for=rollout=...`.

mod canary;
pub(crate) mod model;
mod project;
pub(crate) mod revision;

pub(crate) use model::{
    ComponentProjection, CoordinationReady, Epoch, GroupProjection, ReportedState, RolloutIssue,
    RolloutProjection, State, StepProjection,
};
pub(crate) use project::project;

use crate::ome::report::{Report, Source, SourceEvidence, report_time};
use crate::ome::{InferenceService, meta_name, meta_namespace, meta_uid};

/// The report kind.
pub(crate) const KIND: &str = "RolloutStatusReport";

/// The `RolloutStatusReport` (read-commands.md §5.5).
pub(crate) type RolloutReport = Report<RolloutProjection>;

/// The report of `isvc` (already bound to the request): its projection, one InferenceService
/// source, and `PartialData` when there is any issue.
pub(crate) fn report(isvc: &InferenceService, now: jiff::Timestamp) -> RolloutReport {
    let projection = project(isvc);
    let meta = &isvc.metadata;
    let (namespace, name) = (meta_namespace(meta), meta_name(meta));
    let collected_at = report_time(now);
    let partial = projection.partial_data();
    let mut report = Report::new(KIND, namespace, name, collected_at.clone(), projection);
    report.sources.push(
        Source::named("InferenceService", namespace, name)
            .with_uid(meta_uid(meta))
            .with_generation(meta.generation.unwrap_or(0))
            .with_evidence(SourceEvidence::Observed)
            .at(&collected_at),
    );
    report.with_warnings(partial.then_some("PartialData"))
}

#[cfg(test)]
mod tests;
