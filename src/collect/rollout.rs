//! Reads for `rollout status` (read-commands.md §5.2): exactly one GET of the InferenceService.
//! `autoscale status` shares the same read.

use crate::collect::http::{ApiError, ApiRequest, get_object, paths};
use crate::connect::RequestTimeout;
use crate::ome::{Fetched, InferenceService};

/// `GET inferenceservices/<name>` as stored: `rollout status` projects the JSON itself, so an
/// oddly typed status field is evidence to report, not a failed read.
pub(crate) async fn get_inference_service_raw(
    client: &kube::Client,
    namespace: &str,
    name: &str,
    timeout: RequestTimeout,
) -> Result<serde_json::Value, ApiError> {
    get_object(
        client,
        ApiRequest::get(paths::inference_service(namespace, name), timeout),
    )
    .await
}

/// `GET inferenceservices/<name>`, no extra cap (the main read of the status commands).
pub(crate) async fn get_inference_service(
    client: &kube::Client,
    namespace: &str,
    name: &str,
    timeout: RequestTimeout,
) -> Result<Fetched<InferenceService>, ApiError> {
    let raw = get_object(
        client,
        ApiRequest::get(paths::inference_service(namespace, name), timeout),
    )
    .await?;
    Fetched::from_raw(raw).ok_or(ApiError::Malformed)
}
