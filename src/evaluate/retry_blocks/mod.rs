//! `instance retry-blocks` projection (after-the-write.md §2.3–§2.4): the InferenceService and
//! the collection of `instance list` in, the selected component's retry blocks out. Pure; the
//! clock is a parameter.

mod blocks;
pub(crate) mod report;

pub(crate) use report::{
    Block, BlockState, Code, Freshness, Issue, RetryBlocksContent, RetryBlocksReport, Summary,
    SummaryState,
};

use crate::errors::RetryBlocksError;
use crate::evaluate::replica_identity::identify;
use crate::evaluate::replica_sources::replica_sources;
use crate::evaluate::replica_sources::unavailable_reason;
use crate::ome::evidence::ReplicaCollection;
use crate::ome::instances::decode;
use crate::ome::replica::RetryBlock;
use crate::ome::report::{Report, Source, WarningCode, report_time};
use crate::ome::{
    Component, Fetched, InferenceReplica, InferenceService, meta_name, meta_namespace,
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
    let mut issues = collection_issues(c, unavailable, collection.truncated, &screened.rejected);
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
                issues.push(issue(Code::ComponentNotProjected, c, None));
            }
        }
        [one] if one.blocks_truncated => {
            truncated = true;
            issues.push(issue(
                Code::RetryBlocksTruncated,
                c,
                Some(meta_name(&one.ir.metadata)),
            ));
        }
        [one] => {
            let clean =
                unavailable.is_none() && !collection.truncated && screened.rejected.is_empty();
            let (state, checked) = one_replica(one, service, service_generation, c, clean);
            fresh = Some(state);
            blocks = checked.blocks;
            issues.extend(checked.issues);
        }
        many => {
            for a in many {
                issues.push(issue(
                    Code::DuplicateComponent,
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

/// The issues about the list itself: unavailable, truncated, and each rejected IR.
fn collection_issues(
    c: &'static str,
    unavailable: Option<&'static str>,
    truncated: bool,
    rejected: &[String],
) -> Vec<Issue> {
    let mut issues = Vec::new();
    if let Some(reason) = unavailable {
        issues.push(Issue {
            unavailable_reason: Some(reason),
            ..issue(Code::CollectionUnavailable, c, None)
        });
    }
    if truncated {
        issues.push(issue(Code::CollectionTruncated, c, None));
    }
    for name in rejected {
        issues.push(issue(Code::IdentityRejected, c, Some(name)));
    }
    issues
}

/// The freshness, blocks and issues of the one selected IR; its blocks are trusted only when
/// it is current, the read was `clean` (complete, nothing rejected) and nothing is deleting.
fn one_replica(
    one: &Accepted,
    service: &InferenceService,
    service_generation: i64,
    c: &'static str,
    clean: bool,
) -> (Freshness, Checked) {
    let mut scoped = ScopedIssues::new(c, meta_name(&one.ir.metadata));
    let state = freshness(&one.ir, service_generation, &mut scoped);
    let deleting = service.metadata.deletion_timestamp.is_some()
        || one.ir.metadata.deletion_timestamp.is_some();
    let trusted = state == Freshness::Current && clean && !deleting;
    let blocks = check_blocks(&one.ir.status.retry_blocks, state, trusted, &mut scoped);
    let issues = scoped.issues;
    (state, Checked { blocks, issues })
}

/// The blocks of one IR as checked, and what the checks found.
struct Checked {
    blocks: Vec<Block>,
    issues: Vec<Issue>,
}

fn issue(code: Code, component: &'static str, ir: Option<&str>) -> Issue {
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
        i.code.as_str(),
        i.inference_replica.as_deref(),
        i.target_revision.as_deref(),
    )
}

/// Identity first (rejected IRs are reported by name), then each accepted IR's instance status
/// is decoded only to validate it: an undecodable status makes the collection unreadable, and
/// only the IRs before it are kept. Blocks are budgeted in component order.
fn screen(collection: &ReplicaCollection, service: &InferenceService) -> Screened {
    let identified = identify(collection, service);
    let mut screened = Screened {
        accepted: identified
            .accepted
            .into_iter()
            .map(|(component, ir)| Accepted {
                component,
                ir,
                blocks_truncated: false,
            })
            .collect(),
        rejected: identified
            .rejected
            .into_iter()
            .map(|(shown, _)| shown)
            .collect(),
        unreadable: identified.unreadable,
    };
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
    let irs = selected.iter().map(|a| &a.ir.metadata);
    replica_sources(&service.metadata, irs, unavailable, collected_at)
}

#[cfg(test)]
mod tests;
