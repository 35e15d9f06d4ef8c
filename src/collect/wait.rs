//! The individual API reads of `wait`, each with its own time limit and body cap (its watches
//! are in [`super::watch`]).

use crate::collect::http::{ApiRequest, MAX_BOUNDED_BODY, get_object, paths};
use crate::connect::RequestTimeout;
use crate::ome::evidence::ApiError;
use crate::ome::{Fetched, InferenceService};
use serde_json::Value;
use std::time::Duration;

/// Per-request deadline of wait's reads.
pub(crate) const READ_LIMIT: Duration = Duration::from_secs(10);

/// A read that may legitimately find nothing.
pub(crate) enum Found<T> {
    Object(T),
    Missing,
}

/// GET the InferenceService; 404 is `Missing`.
pub(crate) async fn get_parent(
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

/// GET one InferenceReplica as stored, through the bounded transport (1 MiB, 10 s); 404 is
/// `Missing`. The predicate decides what of it must decode.
pub(crate) async fn get_replica(
    client: &kube::Client,
    timeout: RequestTimeout,
    ns: &str,
    name: &str,
) -> Result<Found<Value>, ApiError> {
    let request = ApiRequest::get(
        paths::inference_replica(ns, name),
        timeout.capped(READ_LIMIT),
    )
    .bounded(MAX_BOUNDED_BODY);
    match get_object(client, request).await {
        Ok(raw) => Ok(Found::Object(raw)),
        Err(e) if e.is_not_found() => Ok(Found::Missing),
        Err(e) => Err(e),
    }
}
