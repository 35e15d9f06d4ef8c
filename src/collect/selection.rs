//! The candidate snapshot of automatic runtime selection (runtime-selection.md §2.2): the
//! ServingRuntimes of the service's namespace and the ClusterServingRuntimes, listed
//! concurrently in pages that share one item budget. Each page reserves its `limit` from the
//! budget when it is sent and gives back what it did not use, so the two kinds together never
//! ask for more than [`MAX_CANDIDATES`]. Nothing is interpreted here but what decides the next
//! request (the continue token and the number of items).

use super::http::{ApiError, ApiRequest, MAX_PAGE_BODY, paths, send};
use super::list::encode;
use crate::connect::RequestTimeout;
use crate::ome::reads::RuntimeKind;
use crate::ome::selection::{
    KindRead, MAX_CANDIDATES, MAX_PAGES, MAX_REQUESTS, PAGE_SIZE, PageRead, REQUEST_LIMIT,
    SnapshotReads,
};
use serde_json::Value;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Both kinds, listed concurrently under one budget.
pub(crate) async fn snapshot(client: &kube::Client, namespace: &str) -> SnapshotReads {
    let budget = Budget(AtomicUsize::new(MAX_CANDIDATES));
    let (namespaced, cluster) = futures::join!(
        list_kind(
            client,
            RuntimeKind::Namespaced,
            paths::serving_runtimes(namespace),
            &budget
        ),
        list_kind(
            client,
            RuntimeKind::Cluster,
            paths::cluster_serving_runtimes(),
            &budget
        ),
    );
    SnapshotReads {
        namespace: namespace.to_string(),
        namespaced,
        cluster,
    }
}

/// The items of the budget not yet reserved by a page.
struct Budget(AtomicUsize);

impl Budget {
    /// Reserves up to one page's worth; 0 when nothing is left.
    fn reserve(&self) -> usize {
        let mut reserved = 0;
        // Never fails: the closure always returns a value.
        let _ = self
            .0
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| {
                reserved = left.min(PAGE_SIZE);
                Some(left - reserved)
            });
        reserved
    }

    /// Gives back what a page reserved and did not use.
    fn give_back(&self, items: usize) {
        self.0.fetch_add(items, Ordering::SeqCst);
    }
}

/// What one page decided for the next request.
enum Step {
    /// Ask for the next page with this token.
    Continue(String),
    /// The kind is complete, or the page was refused: stop.
    Stop,
    /// The continuation expired (410): start the kind again from its first page.
    Restart,
}

/// The pages of one kind: at most [`MAX_PAGES`] per attempt, one restart after `410 Gone` on a
/// continuation, at most [`MAX_REQUESTS`] requests.
async fn list_kind(
    client: &kube::Client,
    kind: RuntimeKind,
    path: String,
    budget: &Budget,
) -> KindRead {
    let mut read = KindRead {
        kind,
        pages: Vec::new(),
        token_left: false,
    };
    let mut requests = 0;
    let mut restarted = false;
    let mut taken = 0;
    let mut token: Option<String> = None;
    loop {
        if read.pages.len() >= MAX_PAGES || requests >= MAX_REQUESTS {
            read.token_left = token.is_some();
            return read;
        }
        let reserved = budget.reserve();
        let limit = match (reserved, &token) {
            // Nothing left, and more to read: the snapshot is over the budget.
            (0, Some(_)) => {
                read.token_left = true;
                return read;
            }
            // Nothing left for a first page: a probe, whose any item is one too many.
            (0, None) => 1,
            (n, _) => n,
        };
        requests += 1;
        let page = list_page(client, &path, limit, token.as_deref()).await;
        let items = page.as_ref().map_or(0, item_count);
        budget.give_back(reserved.saturating_sub(items));
        taken += items.min(reserved);
        let step = next_step(&page, &token, restarted, items > limit);
        read.pages.push(PageRead {
            limit,
            continue_sent: token.take(),
            page,
        });
        match step {
            Step::Continue(next) => token = Some(next),
            Step::Stop => return read,
            Step::Restart => {
                restarted = true;
                budget.give_back(std::mem::take(&mut taken));
                read.pages.clear();
            }
        }
    }
}

fn next_step(
    page: &Result<Value, ApiError>,
    sent: &Option<String>,
    restarted: bool,
    over_limit: bool,
) -> Step {
    match page {
        Err(e) if e.is_gone() && sent.is_some() && !restarted => Step::Restart,
        Err(_) => Step::Stop,
        // A page over its limit is evidence of a server not honouring the request: stop.
        Ok(_) if over_limit => Step::Stop,
        Ok(list) => match continue_token(list) {
            Some(next) => Step::Continue(next.to_string()),
            None => Step::Stop,
        },
    }
}

/// One page within [`REQUEST_LIMIT`], capped at [`MAX_PAGE_BODY`]; a body that is not a list
/// (an object with an `items` array) is `Malformed`.
async fn list_page(
    client: &kube::Client,
    path: &str,
    limit: usize,
    token: Option<&str>,
) -> Result<Value, ApiError> {
    let mut url = format!("{path}?limit={limit}");
    if let Some(token) = token {
        url.push_str(&format!("&continue={}", encode(token)));
    }
    let request = ApiRequest::get(url, RequestTimeout(Some(REQUEST_LIMIT))).bounded(MAX_PAGE_BODY);
    let response = send(client, request).await?;
    match serde_json::from_slice::<Value>(&response.body) {
        Ok(list) if list.get("items").is_some_and(Value::is_array) => Ok(list),
        _ => Err(ApiError::Malformed),
    }
}

fn item_count(list: &Value) -> usize {
    list.get("items")
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

/// The list's non-empty `metadata.continue`.
pub(crate) fn continue_token(list: &Value) -> Option<&str> {
    list.pointer("/metadata/continue")
        .and_then(Value::as_str)
        .filter(|t| !t.is_empty())
}
