//! The individual API reads of `wait`, each with its own time limit and body cap.

use crate::collect::http::{ApiError, ApiRequest, MAX_BOUNDED_BODY, get_object, paths};
use crate::connect::RequestTimeout;
use crate::ome::{Fetched, InferenceReplica, InferenceService};
use std::time::Duration;

/// Per-request deadline of wait's reads.
pub const READ_LIMIT: Duration = Duration::from_secs(10);

/// A read that may legitimately find nothing.
pub enum Found<T> {
    Object(T),
    Missing,
}

/// GET the InferenceService; 404 is `Missing`.
pub async fn get_parent(
    client: &kube::Client,
    timeout: RequestTimeout,
    ns: &str,
    name: &str,
) -> Result<Found<Fetched<InferenceService>>, ApiError> {
    let request = ApiRequest::get(
        paths::inference_service(ns, name),
        timeout.capped(READ_LIMIT),
    );
    match get_object(client, request).await {
        Ok(raw) => Fetched::from_raw(raw)
            .map(Found::Object)
            .ok_or(ApiError::Malformed),
        Err(e) if e.is_not_found() => Ok(Found::Missing),
        Err(e) => Err(e),
    }
}

/// GET one InferenceReplica through the bounded transport (1 MiB, 10 s); 404 is `Missing`.
pub async fn get_replica(
    client: &kube::Client,
    timeout: RequestTimeout,
    ns: &str,
    name: &str,
) -> Result<Found<InferenceReplica>, ApiError> {
    let request = ApiRequest::get(
        paths::inference_replica(ns, name),
        timeout.capped(READ_LIMIT),
    )
    .bounded(MAX_BOUNDED_BODY);
    match get_object(client, request).await {
        Ok(raw) => serde_json::from_value(raw)
            .map(Found::Object)
            .map_err(|_| ApiError::Malformed),
        Err(e) if e.is_not_found() => Ok(Found::Missing),
        Err(e) => Err(e),
    }
}

/// The exact-name WATCH path from a resourceVersion.
pub fn watch_path(ns: &str, name: &str, resource_version: &str) -> String {
    format!(
        "{}?fieldSelector=metadata.name%3D{name}&watch=true&resourceVersion={}",
        paths::inference_services(ns),
        percent_encode(resource_version)
    )
}

/// Percent-encodes a query value (resourceVersions are opaque strings).
fn percent_encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
