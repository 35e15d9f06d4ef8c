//! Reads of `instance release-held` (unblock.md §3.3): stage 1 the InferenceService and the IR
//! LIST (§0.4), stage 2 the runtime and the exact GET of the component's IR, and the refresh
//! after the preview: every read again, concurrently (the names are known by then).

use super::http::{ApiRequest, get_object, paths};
use super::instance::{ListLimits, collect_replicas, get_isvc};
use super::scale::stage2 as runtime_reads;
use crate::connect::RequestTimeout;
use crate::ome::evidence::{ApiError, ReplicaCollection};
use crate::ome::reads::{RuntimeReads, RuntimeSource};
use serde_json::Value;
use std::time::Duration;

/// What one pass read.
pub(crate) struct HeldReads {
    pub(crate) isvc: Result<Value, ApiError>,
    pub(crate) list: ReplicaCollection,
}

/// Stage 1: the ISVC GET and the LIST (page size 16, at most 2 pages and 32 items).
pub(crate) async fn stage1(
    client: &kube::Client,
    namespace: &str,
    name: &str,
    timeout: Duration,
) -> HeldReads {
    let limit = RequestTimeout(Some(timeout));
    let (isvc, list) = futures::join!(
        get_isvc(client, namespace, name, limit),
        collect_replicas(
            client,
            namespace,
            name,
            ListLimits::WAIT.with_timeout(limit)
        ),
    );
    HeldReads { isvc, list }
}

/// The exact GET of one listed IR (`name` is a DNS-1123 name the evaluator accepted).
async fn get_ir(
    client: &kube::Client,
    namespace: &str,
    name: Option<&str>,
    timeout: Duration,
) -> Option<Result<Value, ApiError>> {
    let name = name?;
    let request = ApiRequest::get(
        paths::inference_replica(namespace, name),
        RequestTimeout(Some(timeout)),
    );
    Some(get_object(client, request).await)
}

/// Stage 2: the runtime reads and the exact GET, concurrently.
pub(crate) async fn stage2(
    client: &kube::Client,
    source: &RuntimeSource,
    ome_namespace: &str,
    namespace: &str,
    ir: Option<&str>,
    timeout: Duration,
) -> (RuntimeReads, Option<Result<Value, ApiError>>) {
    futures::join!(
        runtime_reads(client, source, ome_namespace),
        get_ir(client, namespace, ir, timeout),
    )
}

/// The refresh: stage 1 and stage 2 again, all at once.
pub(crate) async fn refresh(
    client: &kube::Client,
    source: &RuntimeSource,
    ome_namespace: &str,
    (namespace, name): (&str, &str),
    ir: Option<&str>,
    timeout: Duration,
) -> (HeldReads, RuntimeReads, Option<Result<Value, ApiError>>) {
    let (first, (runtime, exact)) = futures::join!(
        stage1(client, namespace, name, timeout),
        stage2(client, source, ome_namespace, namespace, ir, timeout),
    );
    (first, runtime, exact)
}
