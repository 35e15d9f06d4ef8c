//! `version`'s two reads, issued concurrently: the Kubernetes `/version` and the OME operator's
//! `ome-controller-manager` Deployment. Each is bounded in size and time.

use super::http::{ApiError, ApiRequest, MAX_BOUNDED_BODY, get_object, paths};
use crate::connect::RequestTimeout;
use serde_json::Value;
use std::time::Duration;

/// How long `version` waits for each answer.
pub(crate) const VERSION_READ_TIMEOUT: Duration = Duration::from_secs(5);

/// What the two reads returned.
pub(crate) struct VersionReads {
    /// `GET /version`.
    pub(crate) server: Result<Value, ApiError>,
    /// `GET` of the manager Deployment in the OME namespace.
    pub(crate) manager: Result<Value, ApiError>,
}

/// Reads both, concurrently.
pub(crate) async fn read(client: &kube::Client, ome_namespace: &str) -> VersionReads {
    let timeout = RequestTimeout(Some(VERSION_READ_TIMEOUT));
    let server = ApiRequest::get("/version", timeout).bounded(MAX_BOUNDED_BODY);
    let manager = ApiRequest::get(paths::manager_deployment(ome_namespace), timeout)
        .bounded(MAX_BOUNDED_BODY);
    let (server, manager) = futures::join!(get_object(client, server), get_object(client, manager));
    VersionReads { server, manager }
}
