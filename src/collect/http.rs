//! The one way every collector talks to the API server: a single-shot request (never retried),
//! always a time limit and always a cap on the response body, the body streamed and refused as
//! soon as it passes the cap, a path made only of valid Kubernetes names, and errors classified
//! by what the server said rather than by message text.
//!
//! Defaults (docs/commands.md): a request without a limit of its own (no `--request-timeout`, or
//! `0`) gets [`DEFAULT_TIME_LIMIT`]; a body is capped at [`MAX_OBJECT_BODY`] unless the request
//! asks for less ([`MAX_BOUNDED_BODY`]) or reads a list page ([`MAX_PAGE_BODY`]).

mod body;
mod safe_path;

use crate::collect::handoff::Handoff;
use crate::connect::RequestTimeout;
use body::{event_lines, read_capped};
use bytes::Bytes;
use kube::client::Body;
use safe_path::is_safe_path;
use serde_json::Value;
use std::time::Duration;

pub use crate::ome::evidence::{ApiError, TransportError};

/// Responses larger than this are refused by the bounded reads (`/scale`, HPA, ScaledObject,
/// wait's IR GET; 1 MiB, read-commands.md §1.3).
pub const MAX_BOUNDED_BODY: usize = 1 << 20;
/// The cap of every other single-object response, error bodies included (4 MiB: well above the
/// largest object the API server stores, about 1.5 MiB).
pub const MAX_OBJECT_BODY: usize = 4 << 20;
/// The cap of one LIST page (8 MiB).
pub const MAX_PAGE_BODY: usize = 8 << 20;
/// The cap of one watch event (one line of the watch stream).
pub const MAX_WATCH_EVENT: usize = MAX_OBJECT_BODY;
/// The time limit of a request that has none of its own: no `--request-timeout`, or `0`.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(30);

/// One request to send.
#[derive(Debug, Clone)]
pub struct ApiRequest {
    /// The HTTP method.
    pub method: http::Method,
    /// Path and query, e.g. `/apis/ome.io/v1beta1/namespaces/prod/inferenceservices/chat`.
    /// Every path segment must be a DNS-1123 subdomain and every query key one the plugin
    /// uses, or the request is refused unsent ([`ApiError::UnsafePath`]).
    pub path: String,
    /// The `Content-Type` of the body, if any.
    pub content_type: Option<&'static str>,
    /// The request body (empty for a GET).
    pub body: Vec<u8>,
    /// The time limit of the request; none means [`DEFAULT_TIME_LIMIT`].
    pub timeout: RequestTimeout,
    /// Refuse bodies larger than this many bytes; none means [`MAX_OBJECT_BODY`].
    pub max_body: Option<usize>,
    /// Records when the request is handed to a connection (the guarded write uses it).
    pub handoff: Option<Handoff>,
}

impl ApiRequest {
    /// A GET of `path` within `timeout`, capped at [`MAX_OBJECT_BODY`].
    pub fn get(path: impl Into<String>, timeout: RequestTimeout) -> ApiRequest {
        ApiRequest {
            method: http::Method::GET,
            path: path.into(),
            content_type: None,
            body: Vec::new(),
            timeout,
            max_body: None,
            handoff: None,
        }
    }

    /// The same request, refusing bodies over `max_body` bytes.
    pub fn bounded(mut self, max_body: usize) -> ApiRequest {
        self.max_body = Some(max_body);
        self
    }

    fn time_limit(&self) -> Duration {
        self.timeout.0.unwrap_or(DEFAULT_TIME_LIMIT)
    }

    fn body_cap(&self) -> usize {
        self.max_body.unwrap_or(MAX_OBJECT_BODY)
    }
}

/// A successful response: status code and raw body.
#[derive(Debug, Clone)]
pub struct ApiResponse {
    /// The HTTP status code (2xx).
    pub status: u16,
    /// The raw body.
    pub body: Bytes,
}

/// Sends one request (no retry) and returns the body of a 2xx response.
pub async fn send(client: &kube::Client, request: ApiRequest) -> Result<ApiResponse, ApiError> {
    if !is_safe_path(&request.path, false) {
        return Err(ApiError::UnsafePath);
    }
    let limit = request.time_limit();
    match tokio::time::timeout(limit, send_unbounded(client, request)).await {
        Ok(result) => result,
        Err(_) => Err(ApiError::TimedOut),
    }
}

/// The HTTP request of `request` (JSON accepted).
fn http_request(request: ApiRequest) -> Result<http::Request<Body>, ApiError> {
    let mut builder = http::Request::builder()
        .method(request.method)
        .uri(request.path)
        .header(http::header::ACCEPT, "application/json");
    if let Some(content_type) = request.content_type {
        builder = builder.header(http::header::CONTENT_TYPE, content_type);
    }
    let mut http_request = builder
        .body(Body::from(request.body))
        .map_err(|e| ApiError::Transport(TransportError::new(e)))?;
    if let Some(handoff) = &request.handoff {
        handoff.attach(&mut http_request);
    }
    Ok(http_request)
}

async fn send_unbounded(
    client: &kube::Client,
    request: ApiRequest,
) -> Result<ApiResponse, ApiError> {
    let cap = request.body_cap();
    let response = client
        .send(http_request(request)?)
        .await
        .map_err(|e| ApiError::Transport(TransportError::new(e)))?;
    let status = response.status().as_u16();
    let retry_after = retry_after_header(response.headers());
    let bytes = read_capped(response, cap).await?;
    if (200..300).contains(&status) {
        return Ok(ApiResponse {
            status,
            body: bytes,
        });
    }
    Err(classify(status, &bytes, retry_after))
}

/// `Retry-After` in seconds (the delay form; an HTTP date is ignored).
fn retry_after_header(headers: &http::HeaderMap) -> Option<u64> {
    headers
        .get(http::header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()
}

fn classify(code: u16, body: &[u8], retry_after: Option<u64>) -> ApiError {
    let status: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let text = |key: &str| {
        status
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let message = match text("message") {
        m if m.is_empty() => format!("the server responded with status {code}"),
        m => m,
    };
    let mut details = status.get("details").cloned();
    // A Retry-After header (from a proxy or load balancer) counts when the Status names none.
    if let Some(seconds) = retry_after {
        let named = details
            .as_ref()
            .and_then(|d| d.get("retryAfterSeconds"))
            .is_some();
        match details.as_mut().and_then(Value::as_object_mut) {
            Some(map) if !named => {
                map.insert("retryAfterSeconds".into(), Value::from(seconds));
            }
            Some(_) => {}
            None => details = Some(serde_json::json!({ "retryAfterSeconds": seconds })),
        }
    }
    match code {
        404 => {
            let named = details
                .as_ref()
                .and_then(|d| d.get("name"))
                .and_then(Value::as_str)
                .is_some_and(|n| !n.is_empty());
            ApiError::NotFound { named, message }
        }
        403 => ApiError::Forbidden { message },
        401 => ApiError::Unauthorized { message },
        409 => ApiError::Conflict { message },
        _ => ApiError::Status {
            code,
            reason: text("reason"),
            message,
            details,
        },
    }
}

/// Opens a streaming response (a WATCH, whose path must carry `watch=true`): the response head
/// must arrive within the request's time limit ([`DEFAULT_TIME_LIMIT`] when it has none). A 2xx
/// hands back the body, to be read as it arrives under the caller's own deadline; any other
/// status is classified as [`send`] does, from an error body read under the request's cap.
pub async fn open_stream(client: &kube::Client, request: ApiRequest) -> Result<Body, ApiError> {
    if !is_safe_path(&request.path, true) {
        return Err(ApiError::UnsafePath);
    }
    let (limit, cap) = (request.time_limit(), request.body_cap());
    let mut http_request = http_request(request)?;
    // Watch streams are not compressed (one gzip member per event is not decoded).
    http_request.headers_mut().insert(
        http::header::ACCEPT_ENCODING,
        http::HeaderValue::from_static("identity"),
    );
    let opened = async {
        let response = client
            .send(http_request)
            .await
            .map_err(|e| ApiError::Transport(TransportError::new(e)))?;
        let status = response.status().as_u16();
        if (200..300).contains(&status) {
            return Ok(response.into_body());
        }
        let retry_after = retry_after_header(response.headers());
        let bytes = read_capped(response, cap).await?;
        Err(classify(status, &bytes, retry_after))
    };
    match tokio::time::timeout(limit, opened).await {
        Ok(result) => result,
        Err(_) => Err(ApiError::TimedOut),
    }
}

/// Opens a watch of `path` within `open_limit` ([`open_stream`], error body capped at
/// [`MAX_BOUNDED_BODY`]): the stream of its event lines, each refused once it passes
/// `max_event` bytes (at most [`MAX_WATCH_EVENT`]).
pub async fn watch_lines(
    client: &kube::Client,
    path: String,
    open_limit: Duration,
    max_event: usize,
) -> Result<impl futures::Stream<Item = Result<Bytes, ApiError>> + use<>, ApiError> {
    let request = ApiRequest::get(path, RequestTimeout(Some(open_limit))).bounded(MAX_BOUNDED_BODY);
    let body = open_stream(client, request).await?;
    Ok(event_lines(body, max_event.min(MAX_WATCH_EVENT)))
}

/// GET a JSON object.
pub async fn get_object(client: &kube::Client, request: ApiRequest) -> Result<Value, ApiError> {
    let response = send(client, request).await?;
    match serde_json::from_slice::<Value>(&response.body) {
        Ok(value @ Value::Object(_)) => Ok(value),
        _ => Err(ApiError::Malformed),
    }
}

/// API paths of the objects the plugin reads.
pub mod paths {
    use crate::ome::manager::MANAGER_DEPLOYMENT;

    /// The OME operator's Deployment in its namespace.
    pub fn manager_deployment(ome_ns: &str) -> String {
        format!("/apis/apps/v1/namespaces/{ome_ns}/deployments/{MANAGER_DEPLOYMENT}")
    }
    /// One InferenceService.
    pub fn inference_service(ns: &str, name: &str) -> String {
        format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/{name}")
    }
    /// The InferenceServices of a namespace.
    pub fn inference_services(ns: &str) -> String {
        format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices")
    }
    /// One InferenceReplica.
    pub fn inference_replica(ns: &str, name: &str) -> String {
        format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/{name}")
    }
    /// The InferenceReplicas of a namespace.
    pub fn inference_replicas(ns: &str) -> String {
        format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas")
    }
    /// An InferenceReplica's `/scale` subresource.
    pub fn inference_replica_scale(ns: &str, name: &str) -> String {
        format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/{name}/scale")
    }
    /// A namespaced ServingRuntime.
    pub fn serving_runtime(ns: &str, name: &str) -> String {
        format!("/apis/ome.io/v1beta1/namespaces/{ns}/servingruntimes/{name}")
    }
    /// A ClusterServingRuntime.
    pub fn cluster_serving_runtime(name: &str) -> String {
        format!("/apis/ome.io/v1beta1/clusterservingruntimes/{name}")
    }
    /// The ServingRuntimes of a namespace.
    pub fn serving_runtimes(ns: &str) -> String {
        format!("/apis/ome.io/v1beta1/namespaces/{ns}/servingruntimes")
    }
    /// Every ClusterServingRuntime.
    pub fn cluster_serving_runtimes() -> String {
        "/apis/ome.io/v1beta1/clusterservingruntimes".to_string()
    }
    /// A namespaced BaseModel.
    pub fn base_model(ns: &str, name: &str) -> String {
        format!("/apis/ome.io/v1beta1/namespaces/{ns}/basemodels/{name}")
    }
    /// A ClusterBaseModel.
    pub fn cluster_base_model(name: &str) -> String {
        format!("/apis/ome.io/v1beta1/clusterbasemodels/{name}")
    }
    /// A ControllerRevision.
    pub fn controller_revision(ns: &str, name: &str) -> String {
        format!("/apis/apps/v1/namespaces/{ns}/controllerrevisions/{name}")
    }
    /// An `autoscaling/v2` HorizontalPodAutoscaler.
    pub fn hpa(ns: &str, name: &str) -> String {
        format!("/apis/autoscaling/v2/namespaces/{ns}/horizontalpodautoscalers/{name}")
    }
    /// A KEDA ScaledObject.
    pub fn scaled_object(ns: &str, name: &str) -> String {
        format!("/apis/keda.sh/v1alpha1/namespaces/{ns}/scaledobjects/{name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn retry_after_comes_from_the_status_or_else_the_header() {
        let status = br#"{"kind":"Status","code":429,"reason":"TooManyRequests","details":{"retryAfterSeconds":5}}"#;
        assert_eq!(
            classify(429, status, Some(3)).retry_after(),
            Some(Duration::from_secs(5))
        );
        assert_eq!(
            classify(503, b"<html>busy</html>", Some(3)).retry_after(),
            Some(Duration::from_secs(3))
        );
        let no_details = br#"{"kind":"Status","code":503,"details":{"name":"x"}}"#;
        assert_eq!(
            classify(503, no_details, Some(2)).retry_after(),
            Some(Duration::from_secs(2))
        );
        assert_eq!(classify(503, b"", None).retry_after(), None);
        let mut headers = http::HeaderMap::new();
        headers.insert(
            http::header::RETRY_AFTER,
            http::HeaderValue::from_static(" 12 "),
        );
        assert_eq!(retry_after_header(&headers), Some(12));
        headers.insert(
            http::header::RETRY_AFTER,
            http::HeaderValue::from_static("Wed, 21 Oct 2015 07:28:00 GMT"),
        );
        assert_eq!(retry_after_header(&headers), None);
    }

    #[test]
    fn transient_failures_are_429_5xx_transport_and_time_limits() {
        let transient = [429, 500, 502, 503, 504];
        for code in transient {
            assert!(classify(code, b"", None).is_transient(), "{code}");
        }
        for code in [400, 401, 403, 404, 405, 409, 410, 422] {
            assert!(!classify(code, b"", None).is_transient(), "{code}");
        }
        assert!(ApiError::TimedOut.is_transient());
        assert!(ApiError::Transport(TransportError::new("reset")).is_transient());
        let reset = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset");
        assert!(ApiError::Transport(TransportError::new(reset)).is_transient());
        let untrusted = std::io::Error::new(std::io::ErrorKind::InvalidData, "UnknownIssuer");
        // As the TLS connector reports it: wrapped in another I/O error.
        let wrapped = std::io::Error::other(untrusted);
        assert!(!ApiError::Transport(TransportError::new(wrapped)).is_transient());
        assert!(!ApiError::Malformed.is_transient());
        assert!(!ApiError::TooLarge.is_transient());
        assert!(classify(410, b"", None).is_gone());
    }
}
