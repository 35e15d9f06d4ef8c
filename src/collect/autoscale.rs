//! Reads for `autoscale status` (read-commands.md §2.3): the InferenceService GET (shared with
//! `rollout status`), then the live reads the plan asks for, all concurrently, each with a 10 s
//! cap and a 1 MiB body limit.

use crate::collect::http::{ApiError, ApiRequest, MAX_BOUNDED_BODY, get_object, paths};
use crate::connect::RequestTimeout;
use crate::ome::reads::{ComponentReads, ComponentResults, ScalerKind};
use futures::future::join_all;
use serde_json::Value;
use std::time::Duration;

pub(crate) use crate::collect::rollout::get_inference_service;

const LIVE_CAP: Duration = Duration::from_secs(10);

async fn bounded_get(
    client: &kube::Client,
    path: String,
    timeout: RequestTimeout,
) -> Result<Value, ApiError> {
    get_object(
        client,
        ApiRequest::get(path, timeout.capped(LIVE_CAP)).bounded(MAX_BOUNDED_BODY),
    )
    .await
}

async fn optional(
    client: &kube::Client,
    path: Option<String>,
    timeout: RequestTimeout,
) -> Option<Result<Value, ApiError>> {
    match path {
        Some(path) => Some(bounded_get(client, path, timeout).await),
        None => None,
    }
}

/// Makes every planned read at once; results come back in plan order.
pub(crate) async fn live_reads(
    client: &kube::Client,
    namespace: &str,
    plan: &[ComponentReads],
    timeout: RequestTimeout,
) -> Vec<ComponentResults> {
    join_all(plan.iter().map(|reads| async move {
        let ir = reads
            .ir
            .as_deref()
            .map(|n| paths::inference_replica(namespace, n));
        let scale = reads
            .scale
            .as_deref()
            .map(|n| paths::inference_replica_scale(namespace, n));
        let scaler = reads.scaler.as_ref().map(|(kind, name)| match kind {
            ScalerKind::Hpa => paths::hpa(namespace, name),
            ScalerKind::Keda => paths::scaled_object(namespace, name),
        });
        let (ir, scale, scaler) = futures::join!(
            optional(client, ir, timeout),
            optional(client, scale, timeout),
            optional(client, scaler, timeout),
        );
        ComponentResults { ir, scale, scaler }
    }))
    .await
}
