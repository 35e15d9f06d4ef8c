//! Reads of `migration status` (read-commands.md §6.2): the InferenceService GET (10 s) and the
//! bounded IR LIST (`limit=32`, ≤ 2 pages, ≤ 64 items), concurrently.

use super::http::ApiError;
use super::instance::{ListLimits, collect_replicas, get_isvc};
use crate::connect::RequestTimeout;
use crate::ome::evidence::ReplicaCollection;
use serde_json::Value;
use std::time::Duration;

/// The InferenceService GET of `migration status` is capped at 10 s.
pub(crate) const GET_DEADLINE: Duration = Duration::from_secs(10);

pub(crate) async fn collect(
    client: &kube::Client,
    namespace: &str,
    name: &str,
    timeout: RequestTimeout,
) -> (Result<Value, ApiError>, ReplicaCollection) {
    futures::join!(
        get_isvc(client, namespace, name, timeout.capped(GET_DEADLINE)),
        collect_replicas(
            client,
            namespace,
            name,
            ListLimits::MIGRATION.with_timeout(timeout)
        )
    )
}
