//! The sources of the reports read from a service and its listed InferenceReplicas (`instance
//! list`, `instance status`, `instance retry-blocks`): the service, each IR used, and the IR
//! list itself when it was unavailable.

use crate::ome::evidence::ApiError;
use crate::ome::report::{Source, SourceEvidence, SourceKind};
use crate::ome::{meta_name, meta_namespace};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

/// The service, then each IR in the order given, then the list when it was unavailable (named
/// after the service, whose IRs it lists).
pub(crate) fn replica_sources<'a>(
    service: &ObjectMeta,
    irs: impl IntoIterator<Item = &'a ObjectMeta>,
    unavailable: Option<&'static str>,
    collected_at: &str,
) -> Vec<Source> {
    let reported = |kind, meta: &ObjectMeta| {
        Source::of_object(kind, meta, SourceEvidence::Reported, collected_at)
    };
    let mut sources = vec![reported(SourceKind::InferenceService, service)];
    sources.extend(
        irs.into_iter()
            .map(|ir| reported(SourceKind::InferenceReplica, ir)),
    );
    if let Some(reason) = unavailable {
        let mut list = Source::named(
            SourceKind::InferenceReplicaList,
            meta_namespace(service),
            meta_name(service),
        )
        .with_evidence(SourceEvidence::Unavailable)
        .at(collected_at);
        list.unavailable_reason = Some(reason);
        sources.push(list);
    }
    sources
}

/// Sorts by kind (the service, IRs, the IR list, Pods, then the rest), then namespace, name
/// and UID.
pub(crate) fn sort_sources(sources: &mut [Source]) {
    sources.sort_by(|a, b| {
        (kind_rank(a.kind), &a.namespace, &a.name, &a.uid).cmp(&(
            kind_rank(b.kind),
            &b.namespace,
            &b.name,
            &b.uid,
        ))
    });
}

fn kind_rank(kind: SourceKind) -> usize {
    match kind {
        SourceKind::InferenceService => 0,
        SourceKind::InferenceReplica => 1,
        SourceKind::InferenceReplicaList => 2,
        SourceKind::PodList => 3,
        _ => 4,
    }
}

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
