//! The one way every collector talks to the API server: a single-shot request (never retried),
//! a time limit, an optional cap on the response body, and errors classified by what the
//! server said rather than by message text.

use crate::collect::handoff::Handoff;
use crate::connect::Bounded;
use crate::connect::RequestTimeout;
use bytes::Bytes;
use http_body_util::{BodyExt, Limited};
use kube::client::Body;
use serde_json::Value;

pub use crate::ome::evidence::{ApiError, TransportError};

/// Responses larger than this are refused by the bounded reads (1 MiB).
pub const MAX_BOUNDED_BODY: usize = 1 << 20;

/// One request to send.
#[derive(Debug, Clone)]
pub struct ApiRequest {
    /// The HTTP method.
    pub method: http::Method,
    /// Path and query, e.g. `/apis/ome.io/v1beta1/namespaces/prod/inferenceservices/chat`.
    pub path: String,
    /// The `Content-Type` of the body, if any.
    pub content_type: Option<&'static str>,
    /// The request body (empty for a GET).
    pub body: Vec<u8>,
    /// The time limit of the request.
    pub timeout: RequestTimeout,
    /// Refuse bodies larger than this many bytes.
    pub max_body: Option<usize>,
    /// Records when the request is handed to a connection (the guarded write uses it).
    pub handoff: Option<Handoff>,
}

impl ApiRequest {
    /// A GET of `path` within `timeout`, with no body cap.
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
    let timeout = request.timeout;
    match timeout.run(send_unbounded(client, request)).await {
        Bounded::Done(result) => result,
        Bounded::TimedOut => Err(ApiError::TimedOut),
    }
}

async fn send_unbounded(
    client: &kube::Client,
    request: ApiRequest,
) -> Result<ApiResponse, ApiError> {
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
    let response = client
        .send(http_request)
        .await
        .map_err(|e| ApiError::Transport(TransportError::new(e)))?;
    let status = response.status().as_u16();
    let body = response.into_body();
    let bytes = match request.max_body {
        Some(limit) => Limited::new(body, limit)
            .collect()
            .await
            .map_err(|e| {
                if e.downcast_ref::<http_body_util::LengthLimitError>()
                    .is_some()
                {
                    ApiError::TooLarge
                } else {
                    ApiError::Transport(TransportError::new(e))
                }
            })?
            .to_bytes(),
        None => body
            .collect()
            .await
            .map_err(|e| ApiError::Transport(TransportError::new(e)))?
            .to_bytes(),
    };
    if (200..300).contains(&status) {
        return Ok(ApiResponse {
            status,
            body: bytes,
        });
    }
    Err(classify(status, &bytes))
}

fn classify(code: u16, body: &[u8]) -> ApiError {
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
    let details = status.get("details").cloned();
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
