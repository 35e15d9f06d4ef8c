//! The individual API reads of `wait`, each with its own time limit and body cap.

use crate::collect::http::{ApiRequest, MAX_BOUNDED_BODY, get_object, paths, watch_lines};
use crate::connect::RequestTimeout;
use crate::ome::evidence::ApiError;
use crate::ome::{Fetched, InferenceReplica, InferenceService};
use futures::{Stream, StreamExt};
use kube::core::WatchEvent;
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

/// GET one InferenceReplica through the bounded transport (1 MiB, 10 s); 404 is `Missing`.
pub(crate) async fn get_replica(
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

/// GET an InferenceReplica as stored (bounded); 404 is `Missing`.
pub(crate) async fn get_replica_raw(
    client: &kube::Client,
    timeout: RequestTimeout,
    ns: &str,
    name: &str,
) -> Result<Found<serde_json::Value>, ApiError> {
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

/// Time limit for opening a watch.
const WATCH_OPEN_LIMIT: Duration = Duration::from_secs(10);

/// Why a watch could not be opened.
pub(crate) enum WatchOpenError {
    /// The server answered with a Status.
    Status(Box<kube::core::Status>),
    /// Anything else: transport failure, time limit, an over-size error body, a refused path.
    Unusable,
}

/// Opens the exact-name WATCH of the InferenceService from `resource_version`, through the
/// one transport: every event line is capped (`http::MAX_WATCH_EVENT`), a failed open's body too.
/// An over-long event ends the stream with `LinesCodecMaxLineLengthExceeded`, a failed read
/// with `ReadEvents`, an undecodable event with `SerdeError`.
pub(crate) async fn watch_parent(
    client: &kube::Client,
    ns: &str,
    name: &str,
    resource_version: &str,
) -> Result<
    impl Stream<Item = Result<WatchEvent<serde_json::Value>, kube::Error>> + use<>,
    WatchOpenError,
> {
    let path = watch_path(ns, name, resource_version);
    let lines = watch_lines(client, path, WATCH_OPEN_LIMIT)
        .await
        .map_err(open_error)?;
    Ok(lines.map(|line| match line {
        Ok(line) => serde_json::from_slice(&line).map_err(kube::Error::SerdeError),
        Err(ApiError::TooLarge) => Err(kube::Error::LinesCodecMaxLineLengthExceeded),
        Err(e) => Err(kube::Error::ReadEvents(std::io::Error::other(e))),
    }))
}

/// A watch that answered with an error status keeps its code and suggested retry delay.
fn open_error(error: ApiError) -> WatchOpenError {
    let (code, details) = match &error {
        ApiError::NotFound { .. } => (404, None),
        ApiError::Forbidden { .. } => (403, None),
        ApiError::Unauthorized { .. } => (401, None),
        ApiError::Conflict { .. } => (409, None),
        ApiError::Status { code, details, .. } => (*code, details.clone()),
        _ => return WatchOpenError::Unusable,
    };
    let details = details.and_then(|d| serde_json::from_value(d).ok());
    WatchOpenError::Status(Box::new(kube::core::Status {
        code,
        details,
        ..kube::core::Status::default()
    }))
}

/// The exact-name WATCH path from a resourceVersion.
fn watch_path(ns: &str, name: &str, resource_version: &str) -> String {
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
