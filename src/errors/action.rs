//! `kubectl ome rollout pause` and `rollout resume` errors (unblock.md §0.1, §1.2, §1.4, §1.6,
//! §2.3, §2.5). Messages are verbatim contract strings; the checks that `scale` shares keep
//! `scale`'s messages, so a `scale` refusal from a shared check converts without loss.

use super::scale_check::ScaleCheck;
use super::{ExitCode, Refusal, ScaleError};
use std::fmt;

/// Which guarded rollout action failed: it names the check-line prefix and the messages that
/// differ between the two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RolloutAction {
    Pause,
    Resume,
    /// `instance release-held` (unblock.md §3).
    ReleaseHeld,
}

impl RolloutAction {
    /// `rollout pause` / `rollout resume`.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            RolloutAction::Pause => "rollout pause",
            RolloutAction::Resume => "rollout resume",
            RolloutAction::ReleaseHeld => "instance release-held",
        }
    }

    /// The message of a write whose outcome is unknown: what to inspect differs by action.
    fn outcome_unknown(self) -> &'static str {
        match self {
            RolloutAction::Pause => {
                "rollout pause request outcome unknown; check rollout status before another request"
            }
            RolloutAction::Resume => {
                "rollout resume request outcome unknown; check rollout status before another request"
            }
            RolloutAction::ReleaseHeld => {
                "held-release request outcome unknown; inspect instance retry-blocks before another explicit request"
            }
        }
    }

    fn prefix(self) -> &'static str {
        match self {
            RolloutAction::Pause => "pause check: ",
            RolloutAction::Resume => "resume check: ",
            RolloutAction::ReleaseHeld => "release-held check: ",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ActionError {
    Flags,
    ArgCount(usize),
    Output,
    DryRun,
    DiscardNeedsYes,
    Name,
    ResolveNamespace,
    Namespaces,
    Context,
    UnsafeTarget,
    Deleting,
    Bounds,
    Placement,
    Runtime,
    Stale,
    AlreadyPaused,
    NotPaused,
    Pending,
    Idle,
    UnsafeValue,
    PreviewIdentity,
    PreviewWrite,
    Confirmation,
    ResultWrite,
    /// The guard rejected the PATCH (exit 3).
    Precondition,
    /// The response is not bound to the request (exit 4).
    Unbound,
    /// The response body is over 1 MiB (exit 4).
    Oversize,
    /// Any other failure once the PATCH was sent (exit 4).
    OutcomeUnknown(RolloutAction),
    Api,
    ContextCanceled,
    DeadlineExceeded,
    /// `instance release-held` (unblock.md §3.3–§3.8).
    HeldFlags,
    Component,
    HeldIdentity,
    HeldOmeNamespace,
    HeldNamespaces,
    HeldContext,
    /// ErrHeldRelease.
    HeldRelease,
    /// ErrHeldMailbox.
    HeldMailbox,
    HeldPreviewIdentity,
    /// The refresh after the preview differed or failed (exit 3).
    HeldRefresh,
    /// The guard rejected the held-release PATCH (exit 3).
    HeldPrecondition,
    /// The held-release PATCH response is unbound (exit 4).
    HeldUnbound,
    HeldResultWrite,
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            ActionError::Flags => "invalid rollout action flags; use --help",
            ActionError::ArgCount(n) => return write!(f, "accepts 1 arg(s), received {n}"),
            ActionError::Output => "output must be table, wide, json or yaml",
            ActionError::DryRun => "dry-run must be none, client or server",
            ActionError::DiscardNeedsYes => "discarding pending actions requires --yes",
            ActionError::Name => "inference service name is invalid",
            ActionError::ResolveNamespace => "resolve workload namespace failed",
            ActionError::Namespaces => "action namespaces are invalid",
            ActionError::Context => "selected kubeconfig context is unavailable or unsafe",
            ActionError::UnsafeTarget => ScaleError::UnsafeTarget.message(),
            ActionError::Deleting => ScaleError::Deleting.message(),
            ActionError::Bounds => ScaleError::Bounds.message(),
            ActionError::Placement => ScaleError::Placement.message(),
            ActionError::Runtime => ScaleError::Runtime.message(),
            ActionError::Stale => ScaleError::Stale.message(),
            ActionError::AlreadyPaused => {
                "action refused: service is already paused; freeze is preserved"
            }
            ActionError::NotPaused => "action refused: service has no recognized pause",
            ActionError::Pending => ScaleError::Pending.message(),
            ActionError::Idle => {
                "action refused: no applicable active rollout or lifecycle work was observed"
            }
            ActionError::UnsafeValue => ScaleError::UnsafeValue.message(),
            ActionError::PreviewIdentity => "action preview identity is unavailable or unsafe",
            ActionError::PreviewWrite => "write action preview failed; no request submitted",
            ActionError::Confirmation => ScaleError::Confirmation.message(),
            ActionError::ResultWrite => "write action result failed; check rollout status",
            ActionError::Precondition => {
                "guarded annotation patch rejected; refresh rollout status and retry explicitly"
            }
            ActionError::Unbound => {
                "API response is not bound to the request; outcome unknown, check rollout status"
            }
            ActionError::Oversize => {
                "API response exceeds safety bounds; request outcome unknown, check rollout status"
            }
            ActionError::OutcomeUnknown(action) => action.outcome_unknown(),
            ActionError::HeldFlags => "invalid held-release action flags; use --help",
            ActionError::Component => "component must be engine, decoder or router",
            ActionError::HeldIdentity => {
                "InferenceService and revision identities are required and must be safe"
            }
            ActionError::HeldOmeNamespace => "action OME namespace is invalid",
            ActionError::HeldNamespaces => "held-release action namespaces are invalid",
            ActionError::HeldContext => "selected context is unavailable or unsafe",
            ActionError::HeldRelease => {
                "action refused: no exact current valid Held retry block is releasable"
            }
            ActionError::HeldMailbox => {
                "action refused: a release-held mailbox is already present; inspect instance retry-blocks"
            }
            ActionError::HeldPreviewIdentity => {
                "held-release preview identity is unavailable or unsafe"
            }
            ActionError::HeldRefresh => {
                "held-release preview became stale; inspect instance retry-blocks and retry explicitly"
            }
            ActionError::HeldPrecondition => {
                "guarded held-release rejected; inspect instance retry-blocks"
            }
            ActionError::HeldUnbound => {
                "held-release API response is unbound or unavailable; outcome unknown, inspect instance retry-blocks"
            }
            ActionError::HeldResultWrite => {
                "write held-release result failed; request outcome may be unknown, inspect instance retry-blocks"
            }
            ActionError::Api => ScaleError::Api.message(),
            ActionError::ContextCanceled => ScaleError::ContextCanceled.message(),
            ActionError::DeadlineExceeded => ScaleError::DeadlineExceeded.message(),
        };
        f.write_str(text)
    }
}

impl ActionError {
    pub(crate) fn exit_code(self) -> ExitCode {
        match self {
            ActionError::Precondition
            | ActionError::HeldPrecondition
            | ActionError::HeldRefresh => ExitCode::MutationConflict,
            ActionError::Unbound
            | ActionError::Oversize
            | ActionError::OutcomeUnknown(_)
            | ActionError::HeldUnbound => ExitCode::OutcomeUnknown,
            _ => ExitCode::GeneralError,
        }
    }

    /// This error with the check that raised it.
    pub(crate) fn because(self, check: ScaleCheck) -> ActionFailure {
        ActionFailure {
            error: self,
            check: Some(check),
        }
    }

    /// The PATCH outcome errors of `release-held` (§3.5), whose wording differs from the
    /// rollout actions'.
    pub(crate) fn for_action(self, action: RolloutAction) -> ActionError {
        match (action, self) {
            (RolloutAction::ReleaseHeld, ActionError::Precondition) => {
                ActionError::HeldPrecondition
            }
            (RolloutAction::ReleaseHeld, ActionError::Unbound) => ActionError::HeldUnbound,
            // An over-size body leaves the outcome unknown in release-held's words.
            (RolloutAction::ReleaseHeld, ActionError::Oversize) => {
                ActionError::OutcomeUnknown(RolloutAction::ReleaseHeld)
            }
            (RolloutAction::ReleaseHeld, ActionError::ResultWrite) => ActionError::HeldResultWrite,
            (_, error) => error,
        }
    }

    /// The shared error of a `scale` check (the checks both commands run).
    fn of_scale(error: ScaleError) -> ActionError {
        match error {
            ScaleError::UnsafeTarget => ActionError::UnsafeTarget,
            ScaleError::Deleting => ActionError::Deleting,
            ScaleError::Bounds | ScaleError::ScaleBounds => ActionError::Bounds,
            ScaleError::Placement => ActionError::Placement,
            ScaleError::Runtime => ActionError::Runtime,
            ScaleError::Pending => ActionError::Pending,
            ScaleError::UnsafeValue => ActionError::UnsafeValue,
            ScaleError::ContextCanceled => ActionError::ContextCanceled,
            ScaleError::DeadlineExceeded => ActionError::DeadlineExceeded,
            ScaleError::Api => ActionError::Api,
            // Every other evidence refusal of a shared check is stale or inconsistent evidence.
            _ => ActionError::Stale,
        }
    }
}

/// A failed guarded rollout action: its error and, for a refusal, the check that failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ActionFailure {
    pub(crate) error: ActionError,
    pub(crate) check: Option<ScaleCheck>,
}

impl ActionFailure {
    /// The message and the check lines with `prefix`, as the command shows them.
    #[cfg(test)]
    pub(crate) fn shown(self, prefix: &str) -> (String, Vec<String>) {
        let lines = self.check.map(|c| c.lines_as(prefix)).unwrap_or_default();
        (self.error.to_string(), lines)
    }

    /// The same failure with its check changed (a `next:` line added).
    pub(crate) fn map_check(mut self, change: impl FnOnce(ScaleCheck) -> ScaleCheck) -> Self {
        self.check = self.check.map(change);
        self
    }
}

impl From<ActionError> for ActionFailure {
    fn from(error: ActionError) -> Self {
        ActionFailure { error, check: None }
    }
}

/// A refusal of a check `scale` shares keeps its check line.
impl From<Refusal> for ActionFailure {
    fn from(refusal: Refusal) -> Self {
        ActionFailure {
            error: ActionError::of_scale(refusal.error),
            check: refusal.check,
        }
    }
}

impl From<ScaleError> for ActionFailure {
    fn from(error: ScaleError) -> Self {
        ActionError::of_scale(error).into()
    }
}

/// A kubeconfig or namespace failure, or a client that cannot be built (causes hidden).
impl From<super::ConnectError> for ActionFailure {
    fn from(e: super::ConnectError) -> Self {
        e.route(|_| ActionError::Api, |_| ActionError::ResolveNamespace)
            .into()
    }
}

/// The failure as the command reports it: with its check-line prefix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ActionRefusal {
    pub(crate) action: RolloutAction,
    pub(crate) failure: ActionFailure,
}

impl ActionRefusal {
    /// The check lines written before the `error:` line.
    pub(crate) fn check_lines(&self) -> Vec<String> {
        self.failure
            .check
            .as_ref()
            .map(|c| c.lines_as(self.action.prefix()))
            .unwrap_or_default()
    }

    pub(crate) fn exit_code(&self) -> ExitCode {
        self.failure.error.exit_code()
    }
}

impl fmt::Display for ActionRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.failure.error.fmt(f)
    }
}

/// No source: the fixed messages are the contract, and causes are never shown.
impl std::error::Error for ActionRefusal {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_follow_the_contract() {
        assert_eq!(
            ActionError::Precondition.exit_code(),
            ExitCode::MutationConflict
        );
        assert_eq!(
            ActionError::OutcomeUnknown(RolloutAction::Pause).exit_code(),
            ExitCode::OutcomeUnknown
        );
        assert_eq!(ActionError::Unbound.exit_code(), ExitCode::OutcomeUnknown);
        assert_eq!(
            ActionError::AlreadyPaused.exit_code(),
            ExitCode::GeneralError
        );
        assert_eq!(
            ActionError::ArgCount(2).to_string(),
            "accepts 1 arg(s), received 2"
        );
    }
}
