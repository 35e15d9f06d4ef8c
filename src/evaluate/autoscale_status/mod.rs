//! Evaluation for `autoscale status` (read-commands.md §2.4–2.6): the base projection from the
//! parent's status, then the optional live evidence, then canonicalisation. Pure.

mod base;
pub(crate) mod identity;
pub(crate) mod live;
pub(crate) mod model;
mod policy;

pub(crate) use live::plan;

use crate::ome::pause::{PauseDepth, PauseModeInvalid};
use crate::ome::reads::ComponentResults;
pub(crate) use model::*;

use crate::ome::report::{Report, SourceEvidence, SourceKind, WarningCode, report_time};
use crate::ome::request::LiveFlags;
use crate::ome::{Component, InferenceService, meta_name, meta_namespace, meta_uid};

/// The base projection (§2.4); live evidence is attached by [`attach_live`].
pub(crate) fn project(isvc: &InferenceService) -> AutoscaleProjection {
    let mut components = Vec::new();
    let mut issues: Vec<Issue> = Vec::new();
    let mut unknown = false;
    for key in isvc.status.components.keys() {
        if Component::parse(key).is_none() {
            unknown = true;
            issues.push(Issue::new(IssueCode::UnknownComponentStatus, None));
        }
    }
    for c in Component::ALL {
        if let Some(status) = isvc.status.components.get(c.as_str()) {
            let (report, codes) = base::component(isvc, c.as_str(), status);
            issues.extend(
                codes
                    .into_iter()
                    .map(|code| Issue::new(code, Some(c.as_str()))),
            );
            components.push(report);
        }
    }
    let state = if unknown
        || components
            .iter()
            .any(|c| c.state == ComponentState::Invalid)
    {
        ServiceState::Invalid
    } else if components
        .iter()
        .all(|c| c.state == ComponentState::NotReported)
    {
        // Also when no component is reported at all.
        ServiceState::Unavailable
    } else if components.iter().any(|c| {
        matches!(
            c.state,
            ComponentState::Partial | ComponentState::NotReported
        )
    }) {
        ServiceState::Partial
    } else {
        ServiceState::Reported
    };
    let source = source(
        SourceKind::InferenceService,
        meta_namespace(&isvc.metadata),
        meta_name(&isvc.metadata),
        meta_uid(&isvc.metadata),
        isvc.metadata.generation.unwrap_or(0),
        SourceEvidence::Reported,
    );
    AutoscaleProjection {
        content: AutoscaleContent {
            summary: Summary { state },
            pause: declared_pause(isvc),
            components,
            issues,
        },
        sources: vec![source],
        partial: state != ServiceState::Reported,
    }
}

/// The service's pause, when its annotation is set (the default ISVC read already holds it).
fn declared_pause(isvc: &InferenceService) -> Option<Pause> {
    let depth = PauseDepth::of_service(isvc);
    (depth != PauseDepth::None).then_some(Pause {
        depth,
        evidence: "Declared",
    })
}

/// Attaches live evidence in the documented order: live-scale first, then live-scaler.
/// `results` is indexed like `projection.content.components`.
pub(crate) fn attach_live(
    isvc: &InferenceService,
    projection: &mut AutoscaleProjection,
    flags: LiveFlags,
    results: &[ComponentResults],
) {
    let empty = ComponentResults::default();
    let mut sources = Vec::new();
    let mut pause_issues = Vec::new();
    for (index, c) in projection.content.components.iter_mut().enumerate() {
        let r = results.get(index).unwrap_or(&empty);
        if flags.live_scale {
            let mut value = live::live_scale(isvc, c, r, &mut sources);
            if let Some(ir) = live::ir_pause(isvc, c, r) {
                let component = Some(c.type_.as_str());
                match ir {
                    Ok(depth) => {
                        if depth.lags(PauseDepth::of_service(isvc)) {
                            pause_issues
                                .push(Issue::new(IssueCode::PauseProjectionPending, component));
                        }
                        value.pause = (depth != PauseDepth::None).then_some(depth);
                    }
                    Err(PauseModeInvalid) => {
                        pause_issues.push(Issue::new(IssueCode::PauseModeInvalid, component));
                    }
                }
            }
            if !(value.evidence == LiveEvidence::Reported
                && value.count_comparison == CountComparison::Equal)
            {
                projection.partial = true;
            }
            c.live_scale = Some(value);
        }
        if flags.live_scaler {
            let value = live::live_scaler(isvc, c, r, &mut sources);
            let managed =
                c.managed_by == ManagedBy::Ome && matches!(c.class, Class::Hpa | Class::Keda);
            if managed && value.evidence != LiveEvidence::Reported {
                projection.partial = true;
            }
            c.live_scaler = Some(value);
        }
    }
    projection.sources.extend(sources);
    projection.content.issues.extend(pause_issues);
}

/// Canonical clean-up (§2.4–2.6) and deterministic ordering; `collected_at` fills sources.
pub(crate) fn canonicalize(projection: &mut AutoscaleProjection, collected_at: &str) {
    for c in &mut projection.content.components {
        if !matches!(
            c.replicas.state,
            EvidenceState::Reported | EvidenceState::Ambiguous
        ) {
            c.replicas.current_replicas = None;
            c.replicas.desired_replicas = None;
            c.replicas.last_scale_time = None;
        }
        if !matches!(
            c.conditions.state,
            EvidenceState::Reported | EvidenceState::Unavailable
        ) {
            c.conditions.items.clear();
        }
        if let Some(l) = &mut c.live_scale
            && l.evidence != LiveEvidence::Reported
        {
            // While Stale, the `/scale` spec count that was read stays (difference z).
            if l.evidence != LiveEvidence::Stale {
                l.spec_replicas = None;
            }
            l.current_replicas = None;
            l.count_comparison = CountComparison::Unknown;
        }
        if let Some(s) = &mut c.live_scaler {
            if s.evidence != LiveEvidence::Reported {
                s.current_replicas = None;
                s.desired_replicas = None;
                s.conditions.clear();
                s.generation_state = GenerationState::Unproven;
            }
            s.conditions.sort();
        }
    }
    let issues = &mut projection.content.issues;
    issues.sort_by(|a, b| {
        let rank = |i: &Issue| i.component.as_deref().map_or(3, Component::rank);
        // By the code as shown, so the listed order is alphabetical.
        (rank(a), a.code.as_str()).cmp(&(rank(b), b.code.as_str()))
    });
    issues.dedup();
    for s in &mut projection.sources {
        if s.collected_at.is_empty() {
            s.collected_at = collected_at.to_string();
        }
    }
    projection.sources.sort_by(source_order);
    projection.sources.dedup();
}

/// The report kind.
pub(crate) const KIND: &str = "AutoscaleStatusReport";

/// The `AutoscaleStatusReport` (read-commands.md §2.9).
pub(crate) type AutoscaleReport = Report<AutoscaleContent>;

/// The report of `namespace`/`name`: the projection canonicalised at `now`, with `PartialData`
/// when the projection is partial.
pub(crate) fn report(
    namespace: &str,
    name: &str,
    mut projection: AutoscaleProjection,
    now: jiff::Timestamp,
) -> AutoscaleReport {
    let collected_at = report_time(now);
    canonicalize(&mut projection, &collected_at);
    let mut report = Report::new(KIND, namespace, name, collected_at, projection.content);
    report.sources = projection.sources;
    report.with_warnings(projection.partial.then_some(WarningCode::PartialData))
}

#[cfg(test)]
mod tests;
