//! `instance list` projection (read-commands.md §3.4): the InferenceService and its listed
//! InferenceReplicas in, the `InstanceListReport` out. Pure; the clock is a parameter.
//! `wait --for=replicas=ready` runs the same projection with its own bounds.

mod checks;
pub mod identity;
pub mod report;

pub use identity::bind_service;
pub use report::{
    ComponentReport, ComponentState, IndexSet, InstanceListContent, InstanceListReport,
    InstanceReport, Issue, Pods, Source, Summary, SummaryState, code,
};

use crate::cli::Component;
use crate::collect::ApiError;
use crate::collect::instance::ReplicaCollection;
use crate::ome::instances::{DecodeError, decode};
use crate::ome::{
    Fetched, InferenceReplica, InferenceService, meta_name, meta_namespace, meta_uid,
};
use crate::render::Report;
use crate::render::envelope::report_time;
use checks::{Rows, evaluate_replica};
use identity::check_replica;

/// `instance list` shows at most this many Instance rows in total.
pub const ROW_BUDGET: usize = 1000;

/// Why a collection is unavailable, from the failure that ended it.
pub fn unavailable_reason(error: &ApiError) -> &'static str {
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
}

/// Projects the report. `isvc` must already be bound to the request ([`bind_service`]).
pub fn project(
    isvc: &Fetched<InferenceService>,
    collection: &ReplicaCollection,
    row_budget: usize,
    now: jiff::Timestamp,
) -> InstanceListReport {
    let service = &isvc.view;
    let namespace = meta_namespace(&service.metadata).to_string();
    let name = meta_name(&service.metadata).to_string();
    let service_generation = service.metadata.generation.unwrap_or(0);
    let collected_at = report_time(now);

    let mut issues = Vec::new();
    let mut unreadable = false;
    let mut truncated = collection.truncated;

    // Identity first: rejected IRs are reported, never shown.
    let mut accepted = Vec::new();
    for raw in &collection.items {
        let Some(fetched) = Fetched::<InferenceReplica>::from_raw(raw.clone()) else {
            // The object does not even have the IR shape: the collection cannot be read.
            unreadable = true;
            continue;
        };
        match check_replica(&fetched.view, service, collection.selector_used) {
            Ok(component) => accepted.push(Accepted {
                component,
                ir: fetched.view,
            }),
            Err(rejection) => {
                let ir_name = meta_name(&fetched.view.metadata);
                let shown = if crate::cli::validate::is_dns1123_subdomain(ir_name) {
                    ir_name.to_string()
                } else {
                    "INVALID".to_string()
                };
                issues.push(Issue {
                    inference_replica: Some(shown),
                    rejection_reason: Some(rejection.as_str()),
                    ..Issue::report(code::IDENTITY_REJECTED)
                });
            }
        }
    }
    accepted.sort_by(|a, b| {
        (
            a.component,
            meta_name(&a.ir.metadata),
            meta_uid(&a.ir.metadata),
        )
            .cmp(&(
                b.component,
                meta_name(&b.ir.metadata),
                meta_uid(&b.ir.metadata),
            ))
    });

    // Decode every accepted IR within the remaining budget. A status that cannot be decoded
    // makes the whole collection unreadable; no payload text is kept.
    let mut remaining = row_budget;
    let mut decoded = Vec::with_capacity(accepted.len());
    for item in &accepted {
        match decode(&item.ir.status, remaining) {
            Ok(rows) => {
                remaining = remaining.saturating_sub(rows.rows.len());
                decoded.push(Some(rows.rows));
            }
            Err(DecodeError::TooMany) => decoded.push(None),
            Err(DecodeError::Malformed(_)) => {
                unreadable = true;
                decoded.push(None);
            }
        }
    }
    let unavailable: Option<&'static str> = collection
        .error
        .as_ref()
        .map(unavailable_reason)
        .or(unreadable.then_some("Unreadable"));
    if unreadable {
        accepted.clear();
        decoded.clear();
    }

    let mut components = Vec::new();
    let mut instances = Vec::new();
    let mut sources = vec![Source {
        kind: "InferenceService",
        namespace: namespace.clone(),
        name: name.clone(),
        uid: meta_uid(&service.metadata).to_string(),
        generation: service_generation,
        evidence: "Reported",
        unavailable_reason: None,
        collected_at: collected_at.clone(),
    }];
    let mut component_issues = Vec::new();
    for (item, rows) in accepted.iter().zip(&decoded) {
        let duplicate = accepted
            .iter()
            .filter(|other| other.component == item.component)
            .count()
            > 1;
        let rows = match rows {
            Some(rows) => Rows::Decoded(rows),
            None => Rows::OverBudget,
        };
        let evaluated = evaluate_replica(
            &item.ir,
            item.component,
            rows,
            service_generation,
            duplicate,
        );
        truncated |= evaluated.truncated;
        component_issues.extend(evaluated.issues);
        instances.extend(evaluated.instances);
        components.push(evaluated.component);
        sources.push(Source {
            kind: "InferenceReplica",
            namespace: meta_namespace(&item.ir.metadata).to_string(),
            name: meta_name(&item.ir.metadata).to_string(),
            uid: meta_uid(&item.ir.metadata).to_string(),
            generation: item.ir.metadata.generation.unwrap_or(0),
            evidence: "Reported",
            unavailable_reason: None,
            collected_at: collected_at.clone(),
        });
    }

    let mut report_issues = Vec::new();
    if let Some(reason) = unavailable {
        report_issues.push(Issue {
            unavailable_reason: Some(reason),
            ..Issue::report(code::COLLECTION_UNAVAILABLE)
        });
        sources.push(Source {
            kind: "InferenceReplicaList",
            namespace: namespace.clone(),
            name: name.clone(),
            uid: String::new(),
            generation: 0,
            evidence: "Unavailable",
            unavailable_reason: Some(reason),
            collected_at: collected_at.clone(),
        });
    }
    if collection.truncated {
        report_issues.push(Issue::report(code::COLLECTION_TRUNCATED));
    }
    let output_truncated = truncated && !collection.truncated;
    report_issues.extend(issues);
    report_issues.extend(component_issues);
    if output_truncated {
        report_issues.push(Issue::report(code::OUTPUT_TRUNCATED));
    }

    let any_state = |s: ComponentState| components.iter().any(|c| c.state == s);
    let rejected = report_issues
        .iter()
        .any(|i| i.code == code::IDENTITY_REJECTED);
    let degraded = unavailable.is_some()
        || truncated
        || rejected
        || components
            .iter()
            .any(|c| c.state != ComponentState::Reported);
    let state = if unavailable.is_some() && components.is_empty() {
        SummaryState::Unavailable
    } else if degraded {
        SummaryState::Partial
    } else {
        SummaryState::Reported
    };

    let mut warnings = Vec::new();
    if truncated {
        warnings.push("Truncated");
    }
    if any_state(ComponentState::Stale) {
        warnings.push("StaleEvidence");
    }
    if any_state(ComponentState::Malformed) || rejected {
        warnings.push("PartialData");
    }
    if any_state(ComponentState::Unavailable) || unavailable.is_some() {
        warnings.push("SourceUnavailable");
    }

    sources.sort_by(|a, b| {
        (kind_rank(a.kind), &a.namespace, &a.name, &a.uid).cmp(&(
            kind_rank(b.kind),
            &b.namespace,
            &b.name,
            &b.uid,
        ))
    });

    let content = InstanceListContent {
        summary: Summary {
            state,
            components: components.len(),
            instances: instances.len(),
            truncated,
        },
        components,
        instances,
        issues: report_issues,
    };
    let mut report =
        Report::new(report::KIND, &namespace, &name, collected_at, content).with_warnings(warnings);
    report.sources = sources;
    report
}

fn kind_rank(kind: &str) -> usize {
    match kind {
        "InferenceService" => 0,
        "InferenceReplica" => 1,
        _ => 2,
    }
}

#[cfg(test)]
pub(crate) mod tests;
