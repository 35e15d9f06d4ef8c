//! The candidate snapshot of automatic runtime selection (runtime-selection.md §2.2) as read:
//! every ServingRuntime of the service's namespace and every ClusterServingRuntime, by two
//! paged LISTs that share one budget (difference ai). `collect` reads the pages, `evaluate`
//! decides whether they form one complete, coherent snapshot; both share these types.

use super::evidence::ApiError;
use super::reads::RuntimeKind;
use serde_json::Value;
use std::time::Duration;

/// The most candidates of both kinds together.
pub(crate) const MAX_CANDIDATES: usize = 1000;
/// The largest `limit` of one page.
pub(crate) const PAGE_SIZE: usize = 250;
/// The most pages of one kind in one attempt.
pub(crate) const MAX_PAGES: usize = 4;
/// The most requests of one kind, a restart after `410 Gone` included.
pub(crate) const MAX_REQUESTS: usize = 8;
/// The time limit of each LIST request (inside the command's own deadline).
pub(crate) const REQUEST_LIMIT: Duration = Duration::from_secs(10);

/// One page as requested and answered.
#[derive(Debug, Clone)]
pub(crate) struct PageRead {
    /// The `limit` the request asked for.
    pub(crate) limit: usize,
    /// The `continue` token the request sent (none for a first page).
    pub(crate) continue_sent: Option<String>,
    /// The decoded list, or why there is none.
    pub(crate) page: Result<Value, ApiError>,
}

/// The pages of one kind, of its last attempt (a `410 Gone` on a continuation restarts the
/// kind once from its first page).
#[derive(Debug, Clone)]
pub(crate) struct KindRead {
    pub(crate) kind: RuntimeKind,
    pub(crate) pages: Vec<PageRead>,
    /// The LIST stopped with a continue token left: after its last allowed page, or when no
    /// item of the budget was left.
    pub(crate) token_left: bool,
}

impl KindRead {
    /// The failure that ended the LIST, if one did.
    pub(crate) fn failure(&self) -> Option<&ApiError> {
        self.pages.last().and_then(|p| p.page.as_ref().err())
    }
}

/// Both LISTs of one snapshot.
#[derive(Debug, Clone)]
pub(crate) struct SnapshotReads {
    /// The namespace the ServingRuntimes were listed in (the service's).
    pub(crate) namespace: String,
    pub(crate) namespaced: KindRead,
    pub(crate) cluster: KindRead,
}
