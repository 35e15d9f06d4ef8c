//! A bounded, paged LIST: `limit=` per page, a number of pages and items at most, a time limit
//! per page. A failed page is kept as evidence, never raised; items of earlier pages are kept.

use super::http::{ApiRequest, MAX_PAGE_BODY, send};
use crate::connect::RequestTimeout;
use crate::ome::evidence::ApiError;
pub(crate) use crate::ome::listing::Listed;
use serde_json::Value;
use std::time::Duration;

/// Paging bounds of one LIST.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Paging {
    pub(crate) page_size: usize,
    pub(crate) max_pages: usize,
    pub(crate) max_items: usize,
    /// Each page's limit: the user's `--request-timeout` capped at this.
    pub(crate) page_deadline: Duration,
}

/// Percent-encodes everything outside the URL unreserved set.
pub(crate) fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// LISTs `path` with `query` (already encoded, `&`-joined) within `paging`.
pub(crate) async fn list(
    client: &kube::Client,
    path: &str,
    query: &str,
    paging: Paging,
    timeout: RequestTimeout,
) -> Listed {
    let mut listed = Listed::default();
    let mut token: Option<String> = None;
    let limit = timeout.capped(paging.page_deadline);
    loop {
        if listed.pages >= paging.max_pages {
            listed.truncated = true;
            break;
        }
        let mut url = format!("{path}?limit={}", paging.page_size);
        if !query.is_empty() {
            url.push('&');
            url.push_str(query);
        }
        if let Some(token) = &token {
            url.push_str(&format!("&continue={}", encode(token)));
        }
        listed.pages += 1;
        let page = match send(client, ApiRequest::get(url, limit).bounded(MAX_PAGE_BODY)).await {
            Ok(response) => match serde_json::from_slice::<Value>(&response.body) {
                Ok(value) if value.get("items").is_some_and(Value::is_array) => value,
                _ => {
                    listed.error = Some(ApiError::Malformed);
                    break;
                }
            },
            Err(error) => {
                listed.error = Some(error);
                break;
            }
        };
        for item in page
            .get("items")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if listed.items.len() >= paging.max_items {
                listed.truncated = true;
                break;
            }
            listed.items.push(item.clone());
        }
        if listed.truncated {
            break;
        }
        token = page
            .pointer("/metadata/continue")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
            .map(str::to_string);
        if token.is_none() {
            break;
        }
    }
    listed
}
