//! `instance retry-blocks` projection (after-the-write.md §2.3–§2.4): the InferenceService and
//! the collection of `instance list` in, the selected component's retry blocks out. Pure; the
//! clock is a parameter.

mod blocks;
pub(crate) mod report;

pub(crate) use report::{
    Block, BlockState, Freshness, Issue, RetryBlocksContent, RetryBlocksReport, Summary,
    SummaryState, code,
};

use super::instance::identity::check_replica;
use super::instance::unavailable_reason;
use crate::errors::RetryBlocksError;
use crate::ome::evidence::ReplicaCollection;
use crate::ome::instances::decode;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::replica::RetryBlock;
use crate::ome::report::{Report, Source, SourceEvidence, SourceKind, WarningCode, report_time};
use crate::ome::{
    Component, Fetched, InferenceReplica, InferenceService, meta_name, meta_namespace, meta_uid,
};
use blocks::{ScopedIssues, check_blocks, freshness};

/// Retry blocks copied at most across the accepted IRs.
pub(crate) const BLOCK_BUDGET: usize = 1000;
/// Instance rows decoded at most per IR (only to validate the status).
const ROW_LIMIT: usize = 20_000;

/// An accepted IR and whether its blocks fit the budget.
struct Accepted {
    component: Component,
    ir: InferenceReplica,
    blocks_truncated: bool,
}

/// The listed IRs after identity checks and decoding.
struct Screened {
    accepted: Vec<Accepted>,
    rejected: Vec<String>,
    unreadable: bool,
}

/// Projects the report. `isvc` must already be bound to the request.
pub(crate) fn project(
    isvc: &Fetched<InferenceService>,
    collection: &ReplicaCollection,
    component: Component,
    now: jiff::Timestamp,
) -> Result<RetryBlocksReport, RetryBlocksError> {
    let service = &isvc.view;
    let service_generation = service.metadata.generation.unwrap_or(0);
    if service_generation <= 0 {
        return Err(RetryBlocksError::Projection {
            namespace: meta_namespace(&service.metadata).to_string(),
            name: meta_name(&service.metadata).to_string(),
        });
    }
    let collected_at = report_time(now);
    let screened = screen(collection, service);
    let unavailable = collection
        .error
        .as_ref()
        .map(unavailable_reason)
        .or(screened.unreadable.then_some("Unreadable"));
    let c = component.as_str();
    let mut issues = Vec::new();
    if let Some(reason) = unavailable {
        issues.push(Issue {
            unavailable_reason: Some(reason),
            ..issue(code::COLLECTION_UNAVAILABLE, c, None)
        });
    }
    if collection.truncated {
        issues.push(issue(code::COLLECTION_TRUNCATED, c, None));
    }
    for name in &screened.rejected {
        issues.push(issue(code::IDENTITY_REJECTED, c, Some(name)));
    }
    let selected: Vec<&Accepted> = screened
        .accepted
        .iter()
        .filter(|a| a.component == component)
        .collect();
    let mut blocks = Vec::new();
    let mut fresh = None;
    let mut truncated = collection.truncated;
    match selected.as_slice() {
        [] => {
            if unavailable.is_none() && !collection.truncated {
                issues.push(issue(code::COMPONENT_NOT_PROJECTED, c, None));
            }
        }
        [one] if one.blocks_truncated => {
            truncated = true;
            issues.push(issue(
                code::RETRY_BLOCKS_TRUNCATED,
                c,
                Some(meta_name(&one.ir.metadata)),
            ));
        }
        [one] => {
            let ir_name = meta_name(&one.ir.metadata);
            let mut scoped = ScopedIssues::new(c, ir_name);
            let state = freshness(&one.ir, service_generation, &mut scoped);
            fresh = Some(state);
            let deleting = service.metadata.deletion_timestamp.is_some()
                || one.ir.metadata.deletion_timestamp.is_some();
            let trusted = state == Freshness::Current
                && unavailable.is_none()
                && !collection.truncated
                && screened.rejected.is_empty()
                && !deleting;
            blocks = check_blocks(&one.ir.status.retry_blocks, state, trusted, &mut scoped);
            issues.extend(scoped.issues);
        }
        many => {
            for a in many {
                issues.push(issue(
                    code::DUPLICATE_COMPONENT,
                    c,
                    Some(meta_name(&a.ir.metadata)),
                ));
            }
        }
    }
    issues.sort_by(|a, b| issue_key(a).cmp(&issue_key(b)));
    issues.dedup();
    let content = content(blocks, issues, unavailable.is_some(), truncated);
    let warnings = warnings(&content, fresh, unavailable.is_some());
    let namespace = meta_namespace(&service.metadata);
    let name = meta_name(&service.metadata);
    let mut report = Report::new(report::KIND, namespace, name, collected_at.clone(), content)
        .with_warnings(warnings);
    report.sources = sources(service, &selected, unavailable, &collected_at);
    Ok(report)
}

fn issue(code: &'static str, component: &'static str, ir: Option<&str>) -> Issue {
    Issue {
        code,
        component: Some(component),
        inference_replica: ir.map(str::to_string),
        target_revision: None,
        unavailable_reason: None,
    }
}

/// Issues sort by component, then code, IR and target.
fn issue_key(i: &Issue) -> (usize, &str, Option<&str>, Option<&str>) {
    (
        i.component.map_or(3, Component::rank),
        i.code,
        i.inference_replica.as_deref(),
        i.target_revision.as_deref(),
    )
}

/// Identity first (rejected IRs are reported by name), then each accepted IR's instance status
/// is decoded only to validate it: an undecodable status makes the collection unreadable, and
/// only the IRs before it are kept. Blocks are budgeted in component order.
fn screen(collection: &ReplicaCollection, service: &InferenceService) -> Screened {
    let mut screened = Screened {
        accepted: Vec::new(),
        rejected: Vec::new(),
        unreadable: false,
    };
    for raw in &collection.items {
        let Some(fetched) = Fetched::<InferenceReplica>::from_raw(raw.clone()) else {
            screened.unreadable = true;
            continue;
        };
        match check_replica(&fetched.view, service, collection.selector_used) {
            Ok(component) => screened.accepted.push(Accepted {
                component,
                ir: fetched.view,
                blocks_truncated: false,
            }),
            Err(_) => {
                let name = meta_name(&fetched.view.metadata);
                let shown = if is_dns1123_subdomain(name) {
                    name
                } else {
                    "INVALID"
                };
                screened.rejected.push(shown.to_string());
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
    if let Some(bad) = screened
        .accepted
        .iter()
        .position(|a| decode(&a.ir.status, ROW_LIMIT).is_err())
    {
        screened.unreadable = true;
        screened.accepted.truncate(bad);
    }
    let mut remaining = BLOCK_BUDGET;
    for item in &mut screened.accepted {
        let count = item.ir.status.retry_blocks.len();
        if count > remaining {
            item.blocks_truncated = true;
            item.ir.status.retry_blocks = Vec::<RetryBlock>::new();
        } else {
            remaining -= count;
        }
    }
    screened
}

fn content(
    blocks: Vec<Block>,
    issues: Vec<Issue>,
    unavailable: bool,
    truncated: bool,
) -> RetryBlocksContent {
    let held = blocks
        .iter()
        .filter(|b| b.state == BlockState::Held)
        .count();
    let eligible = blocks.iter().filter(|b| b.release_eligible).count();
    let state = if unavailable && blocks.is_empty() {
        SummaryState::Unavailable
    } else if !issues.is_empty() {
        SummaryState::Partial
    } else if !blocks.is_empty() {
        SummaryState::Reported
    } else {
        SummaryState::Empty
    };
    RetryBlocksContent {
        summary: Summary {
            state,
            blocks: blocks.len(),
            held,
            eligible,
            truncated,
        },
        blocks,
        issues,
    }
}

fn warnings(
    content: &RetryBlocksContent,
    fresh: Option<Freshness>,
    unavailable: bool,
) -> Vec<WarningCode> {
    let truncated = content.summary.truncated;
    let stale = fresh == Some(Freshness::Stale);
    let mut warnings = Vec::new();
    if truncated {
        warnings.push(WarningCode::Truncated);
    }
    if stale {
        warnings.push(WarningCode::StaleEvidence);
    }
    if !content.issues.is_empty() && !stale && !truncated {
        warnings.push(WarningCode::PartialData);
    }
    if unavailable {
        warnings.push(WarningCode::SourceUnavailable);
    }
    warnings
}

/// The service, each selected IR, and the list when it was unavailable.
fn sources(
    service: &InferenceService,
    selected: &[&Accepted],
    unavailable: Option<&'static str>,
    collected_at: &str,
) -> Vec<Source> {
    let reported = |kind, meta: &k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta| {
        Source::named(kind, meta_namespace(meta), meta_name(meta))
            .with_uid(meta_uid(meta))
            .with_generation(meta.generation.unwrap_or(0))
            .with_evidence(SourceEvidence::Reported)
            .at(collected_at)
    };
    let mut sources = vec![reported(SourceKind::InferenceService, &service.metadata)];
    sources.extend(
        selected
            .iter()
            .map(|a| reported(SourceKind::InferenceReplica, &a.ir.metadata)),
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
    sources
}

#[cfg(test)]
mod tests;
