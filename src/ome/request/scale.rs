//! What `scale` was asked to do (scale.md §1).

use super::OutputFormat;
use crate::ome::Component;
use crate::ome::closed_set;
use std::time::Duration;

/// The per-request cap of every `scale` request (scale.md §2.2).
pub(crate) const REQUEST_CAP: Duration = Duration::from_secs(10);

closed_set! {
    /// `--dry-run`.
    pub(crate) enum DryRun {
        None => "none",
        Client => "client",
        Server => "server",
    }
}

/// A validated `scale` request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScaleRequest {
    pub(crate) name: String,
    pub(crate) component: Component,
    pub(crate) replicas: i32,
    /// `--current-replicas`: the `/scale` `spec.replicas` the write requires (difference t).
    pub(crate) current_replicas: Option<i32>,
    pub(crate) override_autoscaler: bool,
    pub(crate) yes: bool,
    pub(crate) dry_run: DryRun,
    pub(crate) output: OutputFormat,
    pub(crate) ome_namespace: String,
    /// The limit of each stage-1/IR/PATCH request: min(--request-timeout, 10 s), with an unset
    /// or non-positive value meaning 10 s.
    pub(crate) request_timeout: Duration,
}

/// A validated `rollout pause` or `rollout resume` request (unblock.md §1.1, §2.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RolloutActionRequest {
    pub(crate) name: String,
    /// `rollout resume --discard-pending-actions` (never set for `pause`).
    pub(crate) discard_pending: bool,
    pub(crate) yes: bool,
    pub(crate) dry_run: DryRun,
    pub(crate) output: OutputFormat,
    pub(crate) ome_namespace: String,
    /// The limit of each request, as `scale`'s.
    pub(crate) request_timeout: Duration,
}

/// A validated `instance release-held` request (unblock.md §3.1–§3.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ReleaseHeldRequest {
    pub(crate) name: String,
    pub(crate) component: crate::ome::Component,
    /// A full `targetRevision` or its 8 lowercase hex (§3.2).
    pub(crate) revision: String,
    pub(crate) yes: bool,
    pub(crate) dry_run: DryRun,
    pub(crate) output: OutputFormat,
    pub(crate) ome_namespace: String,
    /// The limit of each request, as `scale`'s.
    pub(crate) request_timeout: Duration,
}
