//! Act: the guarded writes the plugin makes (`scale`'s PATCH of `/scale`, the annotation PATCH
//! of `rollout pause`/`resume` and `instance release-held`).

pub(crate) mod annotate;
pub(crate) mod scale;

use crate::collect::handoff::Handoff;
use crate::collect::http::{ApiError, ApiRequest, MAX_BOUNDED_BODY};
use crate::connect::RequestTimeout;
use crate::errors::scale_check::{CheckValue, Evidence};
use crate::ome::request::DryRun;
use std::time::Duration;

/// The one-shot merge PATCH of `path` carrying `body` (`dry_run` must be `None` or `Server`),
/// with a 1 MiB response cap; `handoff` records when it is handed to a connection.
fn merge_patch(
    mut path: String,
    body: Vec<u8>,
    dry_run: DryRun,
    timeout: Duration,
    handoff: &Handoff,
) -> ApiRequest {
    if dry_run == DryRun::Server {
        path.push_str("?dryRun=All");
    }
    ApiRequest {
        method: http::Method::PATCH,
        path,
        content_type: Some("application/merge-patch+json"),
        body,
        timeout: RequestTimeout(Some(timeout)),
        max_body: Some(MAX_BOUNDED_BODY),
        handoff: Some(handoff.clone()),
    }
}

/// The HTTP status of a rejected guard: 409, or the generic empty-details 422.
fn guard_status(err: &ApiError) -> i64 {
    if matches!(err, ApiError::Conflict { .. }) {
        409
    } else {
        422
    }
}

/// `outcome=unknown cause=<cause>`, with the cause's value when it has one.
fn outcome_unknown(cause: &'static str, value: Option<CheckValue>) -> Evidence {
    let line = Evidence::new().word("outcome", "unknown");
    match value {
        Some(value) => line.cause_with(cause, value),
        None => line.word("cause", cause),
    }
}
