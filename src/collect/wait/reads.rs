//! The individual API reads of `wait`, each with its own time limit and body cap.

use crate::cli::validate::is_label_value;
use crate::collect::http::{ApiError, ApiRequest, MAX_BOUNDED_BODY, get_object, paths};
use crate::connect::RequestTimeout;
use crate::ome::{Fetched, InferenceReplica, InferenceService};
use serde_json::Value;
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

/// Bounds of an IR LIST.
#[derive(Debug, Clone, Copy)]
pub struct ListBounds {
    pub page_size: usize,
    pub max_pages: usize,
    pub max_items: usize,
}

/// The IRs of one service and whether the bounds cut the list short.
pub struct ReplicaList {
    pub items: Vec<InferenceReplica>,
    pub truncated: bool,
}

/// The first page's path: the service label selector when the name is a valid label value
/// (otherwise the caller filters by parentRef and owner).
fn list_path(ns: &str, service: &str, limit: usize, continue_token: Option<&str>) -> String {
    let mut path = format!("{}?limit={limit}", paths::inference_replicas(ns));
    if is_label_value(service) {
        path.push_str(&format!(
            "&labelSelector=ome.io%2Finferenceservice%3D{service}"
        ));
    }
    if let Some(token) = continue_token {
        path.push_str("&continue=");
        path.push_str(&percent_encode(token));
    }
    path
}

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

/// LIST the service's IRs, page by page within `bounds`; a 404 is an empty list.
pub async fn list_replicas(
    client: &kube::Client,
    timeout: RequestTimeout,
    ns: &str,
    service: &str,
    bounds: ListBounds,
) -> Result<ReplicaList, ApiError> {
    let mut items = Vec::new();
    let mut token: Option<String> = None;
    for _ in 0..bounds.max_pages {
        let request = ApiRequest::get(
            list_path(ns, service, bounds.page_size, token.as_deref()),
            timeout.capped(READ_LIMIT),
        );
        let page = match get_object(client, request).await {
            Ok(page) => page,
            Err(e) if e.is_not_found() => {
                return Ok(ReplicaList {
                    items,
                    truncated: false,
                });
            }
            Err(e) => return Err(e),
        };
        let Some(list) = page.get("items").and_then(Value::as_array) else {
            return Err(ApiError::Malformed);
        };
        for raw in list {
            let ir: InferenceReplica =
                serde_json::from_value(raw.clone()).map_err(|_| ApiError::Malformed)?;
            items.push(ir);
        }
        if items.len() > bounds.max_items {
            items.truncate(bounds.max_items);
            return Ok(ReplicaList {
                items,
                truncated: true,
            });
        }
        token = page
            .pointer("/metadata/continue")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
            .map(str::to_string);
        if token.is_none() {
            let items = keep_children(items, service);
            return Ok(ReplicaList {
                items,
                truncated: false,
            });
        }
    }
    Ok(ReplicaList {
        items: keep_children(items, service),
        truncated: true,
    })
}

/// Without a label selector the list holds every IR of the namespace: keep the service's own.
fn keep_children(items: Vec<InferenceReplica>, service: &str) -> Vec<InferenceReplica> {
    if is_label_value(service) {
        return items;
    }
    items
        .into_iter()
        .filter(|ir| ir.spec.parent_ref.as_ref().and_then(|p| p.name.as_deref()) == Some(service))
        .collect()
}

/// The exact-name WATCH path from a resourceVersion.
pub fn watch_path(ns: &str, name: &str, resource_version: &str) -> String {
    format!(
        "{}?fieldSelector=metadata.name%3D{name}&watch=true&resourceVersion={}",
        paths::inference_services(ns),
        percent_encode(resource_version)
    )
}
