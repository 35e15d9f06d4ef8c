//! `migration status` projection (read-commands.md §6.3): the InferenceService and its listed
//! InferenceReplicas in, the `MigrationStatusReport` out. Pure; the clock is a parameter.

mod records;
pub mod report;
pub mod shape;
mod sources;

pub use report::{
    Capacity, Classification, Freshness, Issue, MigrationRecord, MigrationStatusContent,
    MigrationStatusReport, Source, Summary, SummaryState, code,
};

use crate::cli::Component;
use crate::cli::validate::is_safe_uid;
use crate::collect::instance::ReplicaCollection;
use crate::errors::MigrationError;
use crate::evaluate::instance::identity::owned_by;
use crate::ome::{
    Fetched, InferenceReplica, InferenceService, meta_name, meta_namespace, meta_uid,
};
use crate::render::Report;
use crate::render::envelope::report_time;
use records::{mark_duplicates, project_record};
use sources::check_sources;

/// Records shown at most, and scanned at most.
pub const MAX_RECORDS: usize = 200;
pub const MAX_RECORDS_SCANNED: usize = 800;

/// The returned InferenceService must be the one requested (§6.1), in this order.
pub fn bind_service(
    isvc: &Fetched<InferenceService>,
    namespace: &str,
    name: &str,
) -> Result<(), MigrationError> {
    let meta = &isvc.view.metadata;
    if meta_name(meta) != name {
        return Err(MigrationError::NameMismatch);
    }
    if meta_namespace(meta) != namespace {
        return Err(MigrationError::NamespaceMismatch);
    }
    match meta_uid(meta) {
        "" => Err(MigrationError::NoUid),
        uid if !is_safe_uid(uid) => Err(MigrationError::UidInvalid),
        _ => Ok(()),
    }
}

pub fn project(
    isvc: &Fetched<InferenceService>,
    collection: &ReplicaCollection,
    component: Option<Component>,
    now: jiff::Timestamp,
) -> MigrationStatusReport {
    let service = &isvc.view;
    let namespace = meta_namespace(&service.metadata).to_string();
    let name = meta_name(&service.metadata).to_string();
    let collected_at = report_time(now);

    // Objects that are not even IR-shaped cannot be bound; they count as invalid sources.
    let irs: Vec<InferenceReplica> = collection
        .items
        .iter()
        .map(|raw| Fetched::<InferenceReplica>::from_raw(raw.clone()).map(|f| f.view))
        .map(Option::unwrap_or_default)
        // Without a selector, only IRs that name the service and are controlled by it.
        .filter(|ir| {
            collection.selector_used
                || (ir.spec.parent_ref.as_ref().and_then(|p| p.name.as_deref())
                    == Some(name.as_str())
                    && owned_by(ir, service))
        })
        .filter(|ir| component.is_none_or(|c| ir.spec.component.as_deref() == Some(c.as_str())))
        .collect();
    let mut checked = check_sources(irs, service);
    checked.sort_by(|a, b| {
        let rank = |s: &sources::CheckedSource| {
            Component::rank(s.ir.spec.component.as_deref().unwrap_or_default())
        };
        (rank(a), &a.name, meta_uid(&a.ir.metadata)).cmp(&(
            rank(b),
            &b.name,
            meta_uid(&b.ir.metadata),
        ))
    });

    let mut issues: Vec<Issue> = checked.iter().flat_map(|s| s.issues.clone()).collect();
    let mut records = Vec::new();
    let mut scanned = 0usize;
    let mut records_truncated = false;
    for source in checked.iter().filter(|s| s.usable()) {
        let component = source.component.map(Component::as_str).unwrap_or("?");
        for stored in &source.ir.status.migrations {
            if scanned >= MAX_RECORDS_SCANNED {
                records_truncated = true;
                break;
            }
            scanned += 1;
            records.push(project_record(
                stored,
                &source.name,
                component,
                source.freshness,
            ));
        }
    }
    mark_duplicates(&mut records);
    records.sort_by(|a, b| {
        (
            &a.request_id,
            Component::rank(&a.component),
            &a.source_name,
            a.source_instance,
        )
            .cmp(&(
                &b.request_id,
                Component::rank(&b.component),
                &b.source_name,
                b.source_instance,
            ))
    });
    if records.len() > MAX_RECORDS {
        records.truncate(MAX_RECORDS);
        records_truncated = true;
    }
    for record in &records {
        issues.extend(record.issues.iter().map(|i| Issue {
            code: i.code,
            source_name: Some(record.source_name.clone()),
            request_id: Some(record.request_id.clone()),
            component: Some(record.component.clone()),
        }));
    }
    if records_truncated {
        issues.push(Issue::report(code::RECORDS_TRUNCATED));
    }
    if collection.truncated {
        issues.push(Issue::report(code::SOURCES_TRUNCATED));
    }
    let truncated = records_truncated || collection.truncated;

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

    let mut sources = vec![Source {
        kind: "InferenceService",
        namespace: namespace.clone(),
        name: name.clone(),
        uid: meta_uid(&service.metadata).to_string(),
        generation: service.metadata.generation.filter(|g| *g != 0),
        observed_generation: None,
        freshness: Freshness::Current,
        collected_at: collected_at.clone(),
    }];
    for source in &checked {
        let meta = &source.ir.metadata;
        sources.push(Source {
            kind: "InferenceReplica",
            namespace: if source.identity_valid {
                meta_namespace(meta).to_string()
            } else {
                namespace.clone()
            },
            name: source.name.clone(),
            uid: if source.identity_valid {
                meta_uid(meta).to_string()
            } else {
                String::new()
            },
            generation: meta.generation.filter(|g| *g != 0 && source.identity_valid),
            observed_generation: source
                .ir
                .status
                .observed_generation
                .filter(|g| *g != 0 && source.identity_valid),
            freshness: source.freshness,
            collected_at: collected_at.clone(),
        });
    }

    sources.sort_by(|a, b| {
        let rank = |s: &Source| usize::from(s.kind != "InferenceService");
        (rank(a), &a.namespace, &a.name, &a.uid).cmp(&(rank(b), &b.namespace, &b.name, &b.uid))
    });

    let mut warnings = Vec::new();
    if state == SummaryState::Partial {
        warnings.push("PartialData");
    }
    if truncated {
        warnings.push("Truncated");
    }
    let content = MigrationStatusContent {
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
    };
    let mut report =
        Report::new(report::KIND, &namespace, &name, collected_at, content).with_warnings(warnings);
    report.sources = sources;
    report
}

#[cfg(test)]
pub(crate) mod tests;
