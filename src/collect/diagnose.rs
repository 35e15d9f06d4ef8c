//! Reads of the diagnosis commands (diagnose.md §1.3, §3.2, §4.3, §5.2): the Pods of an
//! Instance or a service, the Warning events of chosen objects, AcceleratorClasses, discovery
//! documents, the manager Deployment and the SelfSubjectAccessReviews of `admin doctor
//! --access`. Every read is one shot and bounded; names in a path or a selector were validated
//! by the caller.

use super::http::{ApiError, ApiRequest, MAX_BOUNDED_BODY, get_object, send};
use super::list::{Listed, Paging, encode, list};
use crate::connect::RequestTimeout;
use crate::ome::listing::{EventTarget, TargetEvents};
use futures::StreamExt;
use serde_json::Value;

/// The bounds of one read of Pods and then of their Warning events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PodEventBounds {
    pub(crate) pods: Paging,
    pub(crate) events: Paging,
    /// Event lists read at once.
    pub(crate) concurrency: usize,
}

/// The Pods with all of `labels` in `namespace`, then the Warning events of the objects
/// `choose` picks from those Pods, in its order. Which Pods count (and whether other objects
/// are targets too) is the evaluator's decision, made between the two reads.
pub(crate) async fn pods_and_warning_events(
    client: &kube::Client,
    namespace: &str,
    labels: &[(&str, &str)],
    bounds: PodEventBounds,
    timeout: RequestTimeout,
    choose: impl FnOnce(&[Value]) -> Vec<EventTarget>,
) -> (Listed, Vec<TargetEvents>) {
    let listed = pods(client, namespace, labels, bounds.pods, timeout).await;
    let targets = choose(&listed.items);
    let events = warning_events(
        client,
        namespace,
        &targets,
        bounds.events,
        bounds.concurrency,
        timeout,
    )
    .await;
    let events = targets
        .into_iter()
        .zip(events)
        .map(|(target, listed)| TargetEvents { target, listed })
        .collect();
    (listed, events)
}

/// The Pods with all of `labels` (`key=value`, already valid label syntax) in `namespace`.
async fn pods(
    client: &kube::Client,
    namespace: &str,
    labels: &[(&str, &str)],
    paging: Paging,
    timeout: RequestTimeout,
) -> Listed {
    let selector: Vec<String> = labels.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let query = format!("labelSelector={}", encode(&selector.join(",")));
    list(
        client,
        &format!("/api/v1/namespaces/{namespace}/pods"),
        &query,
        paging,
        timeout,
    )
    .await
}

/// The Warning events of each target, `concurrency` at a time, in target order.
async fn warning_events(
    client: &kube::Client,
    namespace: &str,
    targets: &[EventTarget],
    paging: Paging,
    concurrency: usize,
    timeout: RequestTimeout,
) -> Vec<Listed> {
    let path = format!("/api/v1/namespaces/{namespace}/events");
    futures::stream::iter(targets.iter().map(|t| {
        let fields = format!(
            "involvedObject.kind={},involvedObject.name={},involvedObject.uid={},type=Warning",
            t.kind, t.name, t.uid
        );
        let query = format!("fieldSelector={}", encode(&fields));
        let path = path.clone();
        async move { list(client, &path, &query, paging, timeout).await }
    }))
    .buffered(concurrency.max(1))
    .collect()
    .await
}

/// Exact GETs of cluster-scoped AcceleratorClasses.
pub(crate) async fn accelerator_classes(
    client: &kube::Client,
    names: &[String],
    timeout: RequestTimeout,
) -> Vec<Result<Value, ApiError>> {
    futures::future::join_all(names.iter().map(|name| {
        get_object(
            client,
            ApiRequest::get(
                format!("/apis/ome.io/v1beta1/acceleratorclasses/{name}"),
                timeout,
            )
            .bounded(MAX_BOUNDED_BODY),
        )
    }))
    .await
}

/// One bounded GET of a JSON object (discovery documents, the manager Deployment).
pub(crate) async fn get(
    client: &kube::Client,
    path: String,
    timeout: RequestTimeout,
) -> Result<Value, ApiError> {
    get_object(
        client,
        ApiRequest::get(path, timeout).bounded(MAX_BOUNDED_BODY),
    )
    .await
}

/// POSTs one SelfSubjectAccessReview and returns the server's answer.
pub(crate) async fn access_review(
    client: &kube::Client,
    review: &Value,
    timeout: RequestTimeout,
) -> Result<Value, ApiError> {
    let request = ApiRequest {
        method: http::Method::POST,
        path: "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews".to_string(),
        content_type: Some("application/json"),
        body: review.to_string().into_bytes(),
        timeout,
        max_body: Some(MAX_BOUNDED_BODY),
        handoff: None,
    };
    let response = send(client, request).await?;
    match serde_json::from_slice::<Value>(&response.body) {
        Ok(value @ Value::Object(_)) => Ok(value),
        _ => Err(ApiError::Malformed),
    }
}
