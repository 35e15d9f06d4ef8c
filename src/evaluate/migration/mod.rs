//! `migration status` projection (read-commands.md §6.3): the InferenceService and its listed
//! InferenceReplicas in, the `MigrationStatusReport` out. Pure; the clock is a parameter.

mod records;
pub(crate) mod report;
pub(crate) mod shape;
mod sources;

pub(crate) use report::{
    Capacity, Classification, Issue, IssueCode, MigrationRecord, MigrationStatusContent,
    MigrationStatusReport, Summary, SummaryState,
};

use crate::evaluate::replica_identity::owned_by;
use crate::ome::evidence::ReplicaCollection;
use crate::ome::report::{Freshness, Report, Source, SourceKind, WarningCode, report_time};
use crate::ome::{
    Component, Fetched, InferenceReplica, InferenceService, meta_name, meta_namespace, meta_uid,
};
use records::{mark_duplicates, project_record};
use sources::{CheckedSource, check_sources};

/// Records shown at most.
pub(crate) const MAX_RECORDS: usize = 200;
/// Records scanned at most.
pub(crate) const MAX_RECORDS_SCANNED: usize = 800;

/// Projects the report. `isvc` must already be bound to the request.
pub(crate) fn project(
    isvc: &Fetched<InferenceService>,
    collection: &ReplicaCollection,
    component: Option<Component>,
    now: jiff::Timestamp,
) -> MigrationStatusReport {
    let service = &isvc.view;
    let collected_at = report_time(now);
    let checked = select_sources(collection, service, component);
    let (records, records_truncated) = collect_records(&checked, now);
    let mut issues: Vec<Issue> = checked.iter().flat_map(|s| s.issues.clone()).collect();
    for record in &records {
        issues.extend(record.issues.iter().map(|i| Issue {
            code: i.code,
            source_name: Some(record.source_name.clone()),
            request_id: Some(record.request_id.clone()),
            component: Some(record.component.clone()),
        }));
    }
    if records_truncated {
        issues.push(Issue::report(IssueCode::RecordsTruncated));
    }
    if collection.truncated {
        issues.push(Issue::report(IssueCode::SourcesTruncated));
    }
    let truncated = records_truncated || collection.truncated;
    let content = content(records, issues);
    let mut warnings = Vec::new();
    if content.summary.state == SummaryState::Partial {
        warnings.push(WarningCode::PartialData);
    }
    if truncated {
        warnings.push(WarningCode::Truncated);
    }
    let namespace = meta_namespace(&service.metadata);
    let name = meta_name(&service.metadata);
    let mut report = Report::new(report::KIND, namespace, name, collected_at.clone(), content)
        .with_warnings(warnings);
    report.sources = sources(service, &checked, &collected_at);
    report
}

/// The listed IRs that are this service's (filtered by `component`), checked and sorted by
/// component, name and UID. Objects that are not even IR-shaped cannot be bound; they count as
/// invalid sources.
fn select_sources(
    collection: &ReplicaCollection,
    service: &InferenceService,
    component: Option<Component>,
) -> Vec<CheckedSource> {
    let name = meta_name(&service.metadata);
    let irs: Vec<InferenceReplica> = collection
        .items
        .iter()
        .map(|raw| Fetched::<InferenceReplica>::from_raw(raw.clone()).map(|f| f.view))
        .map(Option::unwrap_or_default)
        // Without a selector, only IRs that name the service and are controlled by it.
        .filter(|ir| {
            collection.selector_used
                || (ir.spec.parent_ref.as_ref().and_then(|p| p.name.as_deref()) == Some(name)
                    && owned_by(ir, service))
        })
        .filter(|ir| component.is_none_or(|c| ir.spec.component.as_deref() == Some(c.as_str())))
        .collect();
    let mut checked = check_sources(irs, service);
    checked.sort_by(|a, b| {
        let rank =
            |s: &CheckedSource| Component::rank(s.ir.spec.component.as_deref().unwrap_or_default());
        (rank(a), &a.name, meta_uid(&a.ir.metadata)).cmp(&(
            rank(b),
            &b.name,
            meta_uid(&b.ir.metadata),
        ))
    });
    checked
}

/// The records of the usable sources (at most [`MAX_RECORDS_SCANNED`] scanned), duplicates
/// marked, sorted by request ID, component, source and instance, at most [`MAX_RECORDS`] kept.
/// `true` when any were left out.
fn collect_records(
    checked: &[CheckedSource],
    now: jiff::Timestamp,
) -> (Vec<MigrationRecord>, bool) {
    let mut records = Vec::new();
    let mut truncated = false;
    let stored = checked.iter().filter(|s| s.usable()).flat_map(|source| {
        let component = source.component.map(Component::as_str).unwrap_or("?");
        source
            .ir
            .status
            .migrations
            .iter()
            .map(move |stored| (source, component, stored))
    });
    for (scanned, (source, component, stored)) in stored.enumerate() {
        if scanned >= MAX_RECORDS_SCANNED {
            truncated = true;
            break;
        }
        records.push(project_record(
            stored,
            &source.name,
            component,
            source.freshness,
            now,
        ));
    }
    mark_duplicates(&mut records);
    records.sort_by(|a, b| {
        let key = |r: &MigrationRecord| {
            (
                r.request_id.clone(),
                Component::rank(&r.component),
                r.source_name.clone(),
                r.source_instance,
            )
        };
        key(a).cmp(&key(b))
    });
    if records.len() > MAX_RECORDS {
        records.truncate(MAX_RECORDS);
        truncated = true;
    }
    (records, truncated)
}

/// Summary and capacity over the kept records.
fn content(records: Vec<MigrationRecord>, issues: Vec<Issue>) -> MigrationStatusContent {
    let count = |c: Classification| records.iter().filter(|r| r.classification == c).count();
    let state = if !issues.is_empty() {
        SummaryState::Partial
    } else if records.is_empty() {
        SummaryState::Empty
    } else {
        SummaryState::Reported
    };
    let active_allocated = records
        .iter()
        .filter(|r| {
            r.classification == Classification::Active
                && r.surge_instance.is_some()
                && r.allocated_at.is_some()
        })
        .count();
    MigrationStatusContent {
        summary: Summary {
            state,
            records: records.len(),
            active: count(Classification::Active),
            terminal: count(Classification::Terminal),
            invalid: count(Classification::Invalid),
        },
        capacity: Capacity {
            evidence: if state == SummaryState::Partial {
                "Unavailable"
            } else {
                "Computed"
            },
            active_allocated,
            concurrency_limit_evidence: "Unavailable",
            rate_limit_evidence: "Unavailable",
        },
        migrations: records,
        issues,
    }
}

/// The service (Current) and every checked IR; an IR with an invalid identity shows only its
/// name, in the service's namespace.
fn sources(
    service: &InferenceService,
    checked: &[CheckedSource],
    collected_at: &str,
) -> Vec<Source> {
    let namespace = meta_namespace(&service.metadata);
    let mut isvc = Source::named(
        SourceKind::InferenceService,
        namespace,
        meta_name(&service.metadata),
    )
    .with_uid(meta_uid(&service.metadata))
    .with_generation(service.metadata.generation.unwrap_or(0))
    .at(collected_at);
    isvc.freshness = Some(Freshness::Current);
    let mut sources = vec![isvc];
    for checked in checked {
        let meta = &checked.ir.metadata;
        let mut source = if checked.identity_valid {
            Source::named(
                SourceKind::InferenceReplica,
                meta_namespace(meta),
                &checked.name,
            )
            .with_uid(meta_uid(meta))
            .with_generation(meta.generation.unwrap_or(0))
        } else {
            Source::named(SourceKind::InferenceReplica, namespace, &checked.name)
        };
        if checked.identity_valid {
            source.observed_generation = checked.ir.status.observed_generation.filter(|g| *g != 0);
        }
        source.freshness = Some(checked.freshness);
        sources.push(source.at(collected_at));
    }
    sources.sort_by(|a, b| {
        let rank = |s: &Source| usize::from(s.kind != SourceKind::InferenceService);
        (rank(a), &a.namespace, &a.name, &a.uid).cmp(&(rank(b), &b.namespace, &b.name, &b.uid))
    });
    sources
}

#[cfg(test)]
pub(crate) mod tests;
