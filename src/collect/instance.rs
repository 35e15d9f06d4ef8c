//! Reads of `instance list` (read-commands.md §3.3), also used by `wait --for=replicas=ready`
//! and `migration status`: the InferenceService GET and a bounded, paged LIST of the service's
//! InferenceReplicas. A failed LIST page is kept as evidence, never raised: the caller decides
//! whether it is fatal.

use super::http::{ApiRequest, MAX_PAGE_BODY, get_object, paths, send};
use super::list::encode;
use crate::connect::RequestTimeout;
use crate::ome::evidence::{ApiError, ReplicaCollection};
use crate::ome::keys::LABEL_INFERENCESERVICE;
use crate::ome::names::is_label_value;
use serde_json::Value;
use std::time::Duration;

/// Every LIST page request is capped at 10 s on top of `--request-timeout`.
pub(crate) const PAGE_DEADLINE: Duration = Duration::from_secs(10);

/// One LIST page, decoded straight from the body: only the items and the continue token are
/// kept (no copy of the whole page as a JSON tree).
#[derive(serde::Deserialize)]
struct Page {
    /// Checked by `release-held` (unblock.md §3.4 row 3): a LIST of another type is refused.
    #[serde(default)]
    kind: Option<String>,
    #[serde(default, rename = "apiVersion")]
    api_version: Option<String>,
    items: Vec<Value>,
    #[serde(default)]
    metadata: PageMeta,
}

#[derive(serde::Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct PageMeta {
    #[serde(default, rename = "continue")]
    continue_token: Option<String>,
    /// Where a watch of the same selection continues.
    #[serde(default)]
    resource_version: Option<String>,
}

/// Paging bounds of one IR collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ListLimits {
    /// `limit=` of each page.
    pub(crate) page_size: usize,
    /// Pages followed at most (continuation included).
    pub(crate) max_pages: usize,
    /// Items kept at most; more marks the collection truncated.
    pub(crate) max_items: usize,
    /// The user's `--request-timeout`; each page is additionally capped at [`PAGE_DEADLINE`].
    pub(crate) timeout: RequestTimeout,
}

impl ListLimits {
    /// `limit=page_size`, ≤ `max_pages` pages, ≤ `max_items` items, no timeout of the user's.
    const fn bounds(page_size: usize, max_pages: usize, max_items: usize) -> ListLimits {
        ListLimits {
            page_size,
            max_pages,
            max_items,
            timeout: RequestTimeout(None),
        }
    }

    /// `instance list`: `limit=50`, ≤ 10 pages, ≤ 100 items.
    pub(crate) const INSTANCE_LIST: ListLimits = ListLimits::bounds(50, 10, 100);
    /// `wait --for=replicas=ready`: page size 16, ≤ 2 pages, ≤ 32 items.
    pub(crate) const WAIT: ListLimits = ListLimits::bounds(16, 2, 32);
    /// `instance status`: `limit=20`, ≤ 3 pages, ≤ 60 items.
    pub(crate) const INSTANCE_STATUS: ListLimits = ListLimits::bounds(20, 3, 60);
    /// `migration status`: `limit=32`, ≤ 2 pages, ≤ 64 items.
    pub(crate) const MIGRATION: ListLimits = ListLimits::bounds(32, 2, 64);

    /// The same bounds under the user's `--request-timeout`.
    pub(crate) fn with_timeout(mut self, timeout: RequestTimeout) -> ListLimits {
        self.timeout = timeout;
        self
    }
}

/// LISTs the InferenceReplicas of `isvc_name` in `namespace` within `limits`. Never fails:
/// errors are recorded in the collection. Dropping the future cancels it (reads only).
pub(crate) async fn collect_replicas(
    client: &kube::Client,
    namespace: &str,
    isvc_name: &str,
    limits: ListLimits,
) -> ReplicaCollection {
    let selector_used = is_label_value(isvc_name) && !isvc_name.is_empty();
    let mut collection = ReplicaCollection {
        selector_used,
        ..ReplicaCollection::default()
    };
    let mut token: Option<String> = None;
    let timeout = limits.timeout.capped(PAGE_DEADLINE);
    loop {
        if collection.pages >= limits.max_pages {
            // A continuation we are not allowed to follow.
            collection.truncated = true;
            break;
        }
        let path = list_path(
            namespace,
            isvc_name,
            selector_used,
            limits.page_size,
            &token,
        );
        collection.pages += 1;
        let page = match send(
            client,
            ApiRequest::get(path, timeout).bounded(MAX_PAGE_BODY),
        )
        .await
        {
            Ok(response) => match serde_json::from_slice::<Page>(&response.body) {
                Ok(page) => page,
                Err(_) => {
                    collection.error = Some(ApiError::Malformed);
                    break;
                }
            },
            Err(error) => {
                collection.error = Some(error);
                break;
            }
        };
        if collection.resource_version.is_none() {
            collection.resource_version = page.metadata.resource_version.filter(|v| !v.is_empty());
        }
        collection.foreign_type |= is_foreign(page.kind.as_deref(), "InferenceReplicaList")
            || is_foreign(page.api_version.as_deref(), crate::ome::API_VERSION);
        for mut item in page.items {
            if !selector_used && !claims_parent(&item, isvc_name) {
                continue;
            }
            if collection.items.len() >= limits.max_items {
                collection.truncated = true;
                break;
            }
            drop_unread_fields(&mut item);
            collection.items.push(item);
        }
        if collection.truncated {
            break;
        }
        token = page.metadata.continue_token.filter(|t| !t.is_empty());
        if token.is_none() {
            break;
        }
    }
    collection
}

/// A type field that is set (non-empty) to something other than `expected`.
fn is_foreign(value: Option<&str>, expected: &str) -> bool {
    value.is_some_and(|v| !v.is_empty() && v != expected)
}

/// The collection holds only what the reports read: `metadata.managedFields` (often the
/// largest part of an object) is never read, so it is not kept.
pub(crate) fn drop_unread_fields(item: &mut Value) {
    if let Some(meta) = item.get_mut("metadata").and_then(Value::as_object_mut) {
        meta.remove("managedFields");
    }
}

fn list_path(
    namespace: &str,
    isvc_name: &str,
    selector_used: bool,
    page_size: usize,
    token: &Option<String>,
) -> String {
    let mut path = format!("{}?limit={page_size}", paths::inference_replicas(namespace));
    if selector_used {
        // Label values need no escaping beyond `=` and `/` in the key.
        path.push_str(&format!(
            "&labelSelector={}",
            encode(&format!("{LABEL_INFERENCESERVICE}={isvc_name}"))
        ));
    }
    if let Some(token) = token {
        path.push_str(&format!("&continue={}", encode(token)));
    }
    path
}

/// Without a selector, an IR is kept when it claims the parent by parentRef, label, or an
/// InferenceService owner reference with the parent's name. The projection then checks the
/// full identity (UID included).
fn claims_parent(item: &Value, isvc_name: &str) -> bool {
    let parent_ref =
        item.pointer("/spec/parentRef/name").and_then(Value::as_str) == Some(isvc_name);
    let label = item
        .pointer("/metadata/labels")
        .and_then(|l| l.get(LABEL_INFERENCESERVICE))
        .and_then(Value::as_str)
        == Some(isvc_name);
    let owner = item
        .pointer("/metadata/ownerReferences")
        .and_then(Value::as_array)
        .is_some_and(|refs| {
            refs.iter().any(|r| {
                r.get("kind").and_then(Value::as_str) == Some("InferenceService")
                    && r.get("name").and_then(Value::as_str) == Some(isvc_name)
            })
        });
    parent_ref || label || owner
}

/// GETs the InferenceService (no extra cap beyond `timeout`).
pub(crate) async fn get_isvc(
    client: &kube::Client,
    namespace: &str,
    name: &str,
    timeout: RequestTimeout,
) -> Result<Value, ApiError> {
    get_object(
        client,
        ApiRequest::get(paths::inference_service(namespace, name), timeout),
    )
    .await
}

/// The InferenceService GET and the IR LIST, concurrently (read-commands.md §1.3): the GET
/// under `get_timeout`. The LIST result is only looked at after the GET succeeded.
pub(crate) async fn collect(
    client: &kube::Client,
    namespace: &str,
    name: &str,
    limits: ListLimits,
    get_timeout: RequestTimeout,
) -> (Result<Value, ApiError>, ReplicaCollection) {
    futures::join!(
        get_isvc(client, namespace, name, get_timeout),
        collect_replicas(client, namespace, name, limits)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn list_paths() {
        assert_eq!(
            list_path("prod", "chat", true, 50, &None),
            "/apis/ome.io/v1beta1/namespaces/prod/inferencereplicas?limit=50&labelSelector=ome.io%2Finferenceservice%3Dchat"
        );
        assert_eq!(
            list_path("prod", "x", false, 16, &Some("a=b".into())),
            "/apis/ome.io/v1beta1/namespaces/prod/inferencereplicas?limit=16&continue=a%3Db"
        );
    }

    #[test]
    fn client_side_claims() {
        let ir = json!({"spec": {"parentRef": {"name": "svc"}}});
        assert!(claims_parent(&ir, "svc"));
        assert!(!claims_parent(&ir, "other"));
        let owned =
            json!({"metadata": {"ownerReferences": [{"kind": "InferenceService", "name": "svc"}]}});
        assert!(claims_parent(&owned, "svc"));
    }
}
