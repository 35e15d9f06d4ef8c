//! `instance list` projection (read-commands.md §3.4): the InferenceService and its listed
//! InferenceReplicas in, the `InstanceListReport` out. Pure; the clock is a parameter.
//! `wait --for=replicas=ready` runs the same projection with its own bounds.

mod checks;
pub(crate) mod identity;
mod pause;
pub(crate) mod report;

pub(crate) use report::{
    ComponentReport, ComponentState, IndexSet, InstanceListContent, InstanceListReport,
    InstanceReport, Issue, Summary, SummaryState, code,
};

use crate::ome::evidence::{ApiError, ReplicaCollection};
use crate::ome::instances::{DecodeError, decode};
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::pause::PauseDepth;
use crate::ome::report::{Report, Source, SourceEvidence, SourceKind, WarningCode, report_time};
use crate::ome::{
    Component, Fetched, InferenceReplica, InferenceService, InstanceRow, meta_name, meta_namespace,
    meta_uid,
};
use checks::{Evaluated, Rows, evaluate_replica};
use identity::check_replica;

/// `instance list` shows at most this many Instance rows in total.
pub(crate) const ROW_BUDGET: usize = 1000;

/// Why a collection is unavailable, from the failure that ended it.
pub(crate) fn unavailable_reason(error: &ApiError) -> &'static str {
    match error {
        ApiError::Forbidden { .. } => "Forbidden",
        ApiError::NotFound { .. } => "UnsupportedAPI",
        ApiError::Status { message, .. }
            if message.contains("could not find the requested resource") =>
        {
            "UnsupportedAPI"
        }
        _ => "Unreadable",
    }
}

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
            ..Issue::report(code::COLLECTION_UNAVAILABLE)
        });
    }
    if collection.truncated {
        issues.push(Issue::report(code::COLLECTION_TRUNCATED));
    }
    issues.extend(screened.rejections);
    issues.extend(evaluated.issues);
    issues.extend(pause_issues);
    if truncated && !collection.truncated {
        issues.push(Issue::report(code::OUTPUT_TRUNCATED));
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
    let mut screened = Screened {
        accepted: Vec::new(),
        rejections: Vec::new(),
        unreadable: false,
    };
    for raw in &collection.items {
        let Some(fetched) = Fetched::<InferenceReplica>::from_raw(raw.clone()) else {
            // The object does not even have the IR shape: the collection cannot be read.
            screened.unreadable = true;
            continue;
        };
        match check_replica(&fetched.view, service, collection.selector_used) {
            Ok(component) => screened.accepted.push(Accepted {
                component,
                ir: fetched.view,
                rows: None,
            }),
            Err(rejection) => {
                let ir_name = meta_name(&fetched.view.metadata);
                let shown = if is_dns1123_subdomain(ir_name) {
                    ir_name
                } else {
                    "INVALID"
                };
                screened.rejections.push(Issue {
                    inference_replica: Some(shown.to_string()),
                    rejection_reason: Some(rejection.as_str()),
                    ..Issue::report(code::IDENTITY_REJECTED)
                });
            }
        }
    }
    screened.accepted.sort_by(|a, b| {
        let key = |x: &Accepted| {
            (
                x.component,
                meta_name(&x.ir.metadata).to_string(),
                meta_uid(&x.ir.metadata).to_string(),
            )
        };
        key(a).cmp(&key(b))
    });
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
    let rejected = issues.iter().any(|i| i.code == code::IDENTITY_REJECTED);
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
        .any(|i| i.code == code::IDENTITY_REJECTED);
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

/// The service, each accepted IR, and the list itself when it was unavailable; sorted by
/// kind (service, IRs, list), then namespace, name and UID.
fn sources(
    service: &InferenceService,
    accepted: &[Accepted],
    unavailable: Option<&'static str>,
    collected_at: &str,
) -> Vec<Source> {
    let observed = |kind, meta: &k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta| {
        Source::named(kind, meta_namespace(meta), meta_name(meta))
            .with_uid(meta_uid(meta))
            .with_generation(meta.generation.unwrap_or(0))
            .with_evidence(SourceEvidence::Reported)
            .at(collected_at)
    };
    let mut sources = vec![observed(SourceKind::InferenceService, &service.metadata)];
    sources.extend(
        accepted
            .iter()
            .map(|item| observed(SourceKind::InferenceReplica, &item.ir.metadata)),
    );
    if let Some(reason) = unavailable {
        let meta = &service.metadata;
        let mut list = Source::named(
            SourceKind::InferenceReplicaList,
            meta_namespace(meta),
            meta_name(meta),
        )
        .with_evidence(SourceEvidence::Unavailable)
        .at(collected_at);
        list.unavailable_reason = Some(reason);
        sources.push(list);
    }
    sources.sort_by(|a, b| {
        (kind_rank(a.kind), &a.namespace, &a.name, &a.uid).cmp(&(
            kind_rank(b.kind),
            &b.namespace,
            &b.name,
            &b.uid,
        ))
    });
    sources
}

fn kind_rank(kind: SourceKind) -> usize {
    match kind {
        SourceKind::InferenceService => 0,
        SourceKind::InferenceReplica => 1,
        _ => 2,
    }
}

#[cfg(test)]
pub(crate) mod tests;
