//! `kubectl ome scale` errors (scale.md §6). Messages are verbatim contract strings.

use super::ExitCode;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScaleError {
    Arguments,
    UnsafeTarget,
    Deleting,
    Bounds,
    Placement,
    Runtime,
    ManualScaleSource,
    ManualScalePolicy,
    ManualScaleSourceChanged,
    ScaleEvidence,
    ScaleWork,
    Stale,
    ScaleOwnership,
    ScaleBounds,
    Pending,
    UnsafeValue,
    PreviewWrite,
    /// The message of a refused confirmation (the guarded rollout actions use it).
    Confirmation,
    ResultWrite,
    /// The PATCH may or may not have been stored (exit 4).
    OutcomeUnknown,
    /// The authorizer refused the PATCH: the user guide's outcome-unknown message ("you also
    /// see this error when you lack permission …, and then nothing changed"), but nothing can
    /// have been stored, so exit 1 (difference ad).
    WriteForbidden,
    /// The resourceVersion guard rejected the PATCH (exit 3).
    Precondition,
    /// Any failed API read (cause hidden).
    Api,
    Namespace,
    ContextUnavailable,
    ContextUnsafe,
    ContextCanceled,
    DeadlineExceeded,
}

impl ScaleError {
    pub(crate) fn message(self) -> &'static str {
        match self {
            ScaleError::Arguments => {
                "invalid scale arguments; require one service, component engine|decoder|router, positive base-10 --replicas, supported output/dry-run and valid namespace/context/timeout"
            }
            ScaleError::UnsafeTarget => "action refused: target identity is missing or unsafe",
            ScaleError::Deleting => "action refused: target is being deleted",
            ScaleError::Bounds => "action refused: safety inputs exceed inspection bounds",
            ScaleError::Placement => {
                "action refused: placement sources and derived services cannot be mutated"
            }
            ScaleError::Runtime => {
                "action refused: active runtime is unavailable, inconsistent or unbound"
            }
            ScaleError::ManualScaleSource => {
                "manual scale source evidence is unavailable or inconsistent"
            }
            ScaleError::ManualScalePolicy => {
                "manual scale requires locally verifiable autoscaling; winning policy resolution is unavailable"
            }
            ScaleError::ManualScaleSourceChanged => {
                "manual scale source changed; inspect current status and prepare a new request"
            }
            ScaleError::ScaleEvidence => {
                "manual scale requires complete current selected replica and Scale evidence"
            }
            ScaleError::ScaleWork => {
                "manual scale refused: selected lifecycle, migration or rollout work is active"
            }
            ScaleError::Stale => {
                "action refused: controller safety evidence is stale or inconsistent"
            }
            ScaleError::ScaleOwnership => {
                "manual scale is transient and requires --override-autoscaler --yes for every ownership class"
            }
            ScaleError::ScaleBounds => {
                "manual scale replicas must be positive and within verified bounds and partitions"
            }
            ScaleError::Pending => {
                "action refused: a rollout promote or rollback mailbox is present"
            }
            ScaleError::UnsafeValue => {
                "action refused: a logical annotation value is unsafe to preview"
            }
            ScaleError::PreviewWrite => "write scale preview failed; no request submitted",
            ScaleError::Confirmation => "action not confirmed; noninteractive input requires --yes",
            ScaleError::ResultWrite => {
                "write scale result failed; API acceptance may already have occurred; inspect current status"
            }
            ScaleError::OutcomeUnknown | ScaleError::WriteForbidden => {
                "scale request outcome unknown; inspect kubectl ome autoscale status before preparing another request"
            }
            ScaleError::Precondition => {
                "guarded scale precondition rejected; inspect current status and prepare a new request"
            }
            ScaleError::Api => {
                "required Kubernetes API request failed; check access and connectivity"
            }
            ScaleError::Namespace => "scale namespace is unavailable or invalid",
            ScaleError::ContextUnavailable => "scale context is unavailable",
            ScaleError::ContextUnsafe => "scale context is unavailable or unsafe",
            ScaleError::ContextCanceled => "context canceled",
            ScaleError::DeadlineExceeded => "context deadline exceeded",
        }
    }

    pub(crate) fn exit_code(self) -> ExitCode {
        match self {
            ScaleError::OutcomeUnknown => ExitCode::OutcomeUnknown,
            ScaleError::Precondition => ExitCode::MutationConflict,
            _ => ExitCode::GeneralError,
        }
    }
}

impl fmt::Display for ScaleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// No source: these errors never carry a cause (their fixed messages are the contract).
impl std::error::Error for ScaleError {}

/// Any failure to load the kubeconfig or build the client hides its cause (scale.md §2.3).
impl From<super::ConnectError> for ScaleError {
    fn from(_: super::ConnectError) -> Self {
        ScaleError::Api
    }
}

/// A failed `scale`: the error (its fixed message and exit code) and, for a refusal of the
/// check-line table (diagnose.md §5.1), the check that failed with its evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    /// What the user is told on the final `error:` line.
    pub(crate) error: ScaleError,
    /// The `scale check:` lines written before it.
    pub(crate) check: Option<super::scale_check::ScaleCheck>,
}

impl ScaleError {
    /// This error with the check that raised it.
    pub(crate) fn because(self, check: super::scale_check::ScaleCheck) -> Refusal {
        Refusal {
            error: self,
            check: Some(check),
        }
    }
}

impl Refusal {
    /// This refusal with the namespace the command ran in and the `--context` the user gave,
    /// named by its `next:` line (difference s).
    pub(crate) fn in_namespace(mut self, namespace: &str, context: Option<&str>) -> Refusal {
        if let Some(check) = self.check.as_mut() {
            check.scope = super::scale_check::next_scope(namespace, context);
        }
        self
    }
}

impl From<ScaleError> for Refusal {
    fn from(error: ScaleError) -> Self {
        Refusal { error, check: None }
    }
}

impl From<super::ConnectError> for Refusal {
    fn from(e: super::ConnectError) -> Self {
        ScaleError::from(e).into()
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for Refusal {}
