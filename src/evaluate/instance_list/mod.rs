//! `instance list` projection (read-commands.md §3.4): the InferenceService and its listed
//! InferenceReplicas in, the `InstanceListReport` out. Pure; the clock is a parameter.
//! `wait --for=replicas=ready` runs the same projection with its own bounds.

mod checks;
mod pause;
pub(crate) mod report;

pub(crate) use report::{
    Code, ComponentReport, ComponentState, IndexSet, InstanceListContent, InstanceListReport,
    InstanceReport, Issue, Summary, SummaryState,
};

use crate::evaluate::replica_identity::identify;
use crate::evaluate::replica_sources::{replica_sources, sort_sources, unavailable_reason};
use crate::ome::evidence::ReplicaCollection;
use crate::ome::instances::{DecodeError, decode};
use crate::ome::pause::PauseDepth;
use crate::ome::report::{Report, Source, WarningCode, report_time};
use crate::ome::{
    Component, Fetched, InferenceReplica, InferenceService, InstanceRow, meta_name, meta_namespace,
};
use checks::{Evaluated, Rows, evaluate_replica};

/// `instance list` shows at most this many Instance rows in total.
pub(crate) const ROW_BUDGET: usize = 1000;

struct Accepted {
    component: Component,
    ir: InferenceReplica,
    /// The decoded rows; `None` when they exceed the remaining row budget.
    rows: Option<Vec<InstanceRow>>,
}

/// The listed IRs after identity checks and decoding.
struct Screened {
    /// Accepted IRs in canonical order (component, name, UID).
    accepted: Vec<Accepted>,
    /// One `IdentityRejected` issue per rejected IR.
    rejections: Vec<Issue>,
    /// An item is not IR-shaped or a status cannot be decoded: nothing can be shown.
    unreadable: bool,
}

/// Projects the report. `isvc` must already be bound to the request.
pub(crate) fn project(
    isvc: &Fetched<InferenceService>,
    collection: &ReplicaCollection,
    row_budget: usize,
    now: jiff::Timestamp,
) -> InstanceListReport {
    let service = &isvc.view;
    let collected_at = report_time(now);
    let mut screened = screen(collection, service, row_budget);
    let unavailable: Option<&'static str> = collection
        .error
        .as_ref()
        .map(unavailable_reason)
        .or(screened.unreadable.then_some("Unreadable"));
    if screened.unreadable {
        screened.accepted.clear();
    }
    let mut evaluated = evaluate_all(&screened.accepted, service);
    let service_pause = PauseDepth::of_service(service);
    let pause_issues = pause::annotate(
        screened.accepted.iter().map(|a| &a.ir),
        &mut evaluated.components,
        service_pause,
    );
    let truncated = collection.truncated || evaluated.truncated;
    let mut issues = Vec::new();
    if let Some(reason) = unavailable {
        issues.push(Issue {
            unavailable_reason: Some(reason),
            ..Issue::report(Code::CollectionUnavailable)
        });
    }
    if collection.truncated {
        issues.push(Issue::report(Code::CollectionTruncated));
    }
    issues.extend(screened.rejections);
    issues.extend(evaluated.issues);
    issues.extend(pause_issues);
    if truncated && !collection.truncated {
        issues.push(Issue::report(Code::OutputTruncated));
    }
    let content = InstanceListContent {
        summary: Summary {
            state: summary_state(&evaluated.components, &issues, unavailable, truncated),
            components: evaluated.components.len(),
            instances: evaluated.instances.len(),
            truncated,
            pause: (service_pause != PauseDepth::None).then_some(service_pause),
        },
        components: evaluated.components,
        instances: evaluated.instances,
        issues,
    };
    let warnings = warnings(&content, unavailable);
    let namespace = meta_namespace(&service.metadata);
    let name = meta_name(&service.metadata);
    let mut report = Report::new(report::KIND, namespace, name, collected_at.clone(), content)
        .with_warnings(warnings);
    report.sources = sources(service, &screened.accepted, unavailable, &collected_at);
    report
}

/// Identity first (rejected IRs are reported, never shown), then decoding within the row
/// budget. A status that cannot be decoded makes the whole collection unreadable; no payload
/// text is kept.
fn screen(
    collection: &ReplicaCollection,
    service: &InferenceService,
    row_budget: usize,
) -> Screened {
    let identified = identify(collection, service);
    let mut screened = Screened {
        accepted: identified
            .accepted
            .into_iter()
            .map(|(component, ir)| Accepted {
                component,
                ir,
                rows: None,
            })
            .collect(),
        rejections: identified
            .rejected
            .into_iter()
            .map(|(shown, rejection)| Issue {
                inference_replica: Some(shown),
                rejection_reason: Some(rejection),
                ..Issue::report(Code::IdentityRejected)
            })
            .collect(),
        unreadable: identified.unreadable,
    };
    let mut remaining = row_budget;
    for item in &mut screened.accepted {
        match decode(&item.ir.status, remaining) {
            Ok(decoded) => {
                remaining = remaining.saturating_sub(decoded.rows.len());
                item.rows = Some(decoded.rows);
            }
            Err(DecodeError::TooMany) => {}
            Err(DecodeError::Malformed(_)) => screened.unreadable = true,
        }
    }
    screened
}

/// The per-IR checks of every accepted IR, in order.
struct AllEvaluated {
    components: Vec<ComponentReport>,
    instances: Vec<InstanceReport>,
    issues: Vec<Issue>,
    truncated: bool,
}

fn evaluate_all(accepted: &[Accepted], service: &InferenceService) -> AllEvaluated {
    let mut all = AllEvaluated {
        components: Vec::new(),
        instances: Vec::new(),
        issues: Vec::new(),
        truncated: false,
    };
    let service_generation = service.metadata.generation.unwrap_or(0);
    for item in accepted {
        let duplicate = accepted
            .iter()
            .filter(|other| other.component == item.component)
            .count()
            > 1;
        let rows = match &item.rows {
            Some(rows) => Rows::Decoded(rows),
            None => Rows::OverBudget,
        };
        let Evaluated {
            component,
            instances,
            issues,
            truncated,
        } = evaluate_replica(
            &item.ir,
            item.component,
            rows,
            service_generation,
            duplicate,
        );
        all.truncated |= truncated;
        all.issues.extend(issues);
        all.instances.extend(instances);
        all.components.push(component);
    }
    all
}

fn summary_state(
    components: &[ComponentReport],
    issues: &[Issue],
    unavailable: Option<&'static str>,
    truncated: bool,
) -> SummaryState {
    let rejected = issues.iter().any(|i| i.code == Code::IdentityRejected);
    let degraded = unavailable.is_some()
        || truncated
        || rejected
        || components
            .iter()
            .any(|c| c.state != ComponentState::Reported);
    if unavailable.is_some() && components.is_empty() {
        SummaryState::Unavailable
    } else if degraded {
        SummaryState::Partial
    } else {
        SummaryState::Reported
    }
}

fn warnings(content: &InstanceListContent, unavailable: Option<&'static str>) -> Vec<WarningCode> {
    let any_state = |s: ComponentState| content.components.iter().any(|c| c.state == s);
    let rejected = content
        .issues
        .iter()
        .any(|i| i.code == Code::IdentityRejected);
    let mut warnings = Vec::new();
    if content.summary.truncated {
        warnings.push(WarningCode::Truncated);
    }
    if any_state(ComponentState::Stale) {
        warnings.push(WarningCode::StaleEvidence);
    }
    if any_state(ComponentState::Malformed) || rejected {
        warnings.push(WarningCode::PartialData);
    }
    if any_state(ComponentState::Unavailable) || unavailable.is_some() {
        warnings.push(WarningCode::SourceUnavailable);
    }
    warnings
}

/// The service, each accepted IR, and the list itself when it was unavailable; sorted.
fn sources(
    service: &InferenceService,
    accepted: &[Accepted],
    unavailable: Option<&'static str>,
    collected_at: &str,
) -> Vec<Source> {
    let irs = accepted.iter().map(|item| &item.ir.metadata);
    let mut sources = replica_sources(&service.metadata, irs, unavailable, collected_at);
    sort_sources(&mut sources);
    sources
}

#[cfg(test)]
pub(crate) mod tests;
