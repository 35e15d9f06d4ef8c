//! `kubectl ome wait` errors (read-commands.md §4.3): closed tokens that never echo input.

use super::ExitCode;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum WaitError {
    InvalidWaitFlags,
    ArgCount(usize),
    InvalidInferenceServiceName,
    InvalidWaitPredicate,
    InvalidMigrationRequestId,
    InvalidRuntimeSyncRequestId,
    InvalidReadyReplicaFlags,
    InvalidCurrentReplicaFlags,
    InvalidHeldRevisionTarget,
    InvalidWaitTimeout,
    InvalidOutputFormat,
    Canceled,
    WaitConfigurationUnavailable,
    InvalidNamespace,
    InvalidIdentity,
    AcquisitionFailed,
    AcquisitionBudgetExceeded,
    /// No read of the state succeeded before the deadline (every one failed transiently).
    AcquisitionUnavailable,
    #[expect(
        dead_code,
        reason = "one of the contract's closed tokens (read-commands.md §4.3); past its event budget a wait polls instead (docs/wait.md)"
    )]
    EventBudgetExceeded,
    ConditionInspectionLimit,
    RolloutInspectionLimit,
    WaitOutputFailed,
    /// The report was printed; the predicate did not match (exit 2).
    RequestedConditionUnmet,
    /// A read failed for a reason a later read would not change (403, 404 of a replica, …):
    /// `AcquisitionFailed`, after the line naming the read.
    ReadFailed(Box<super::FailedStep>),
    /// The report was printed; the first read of the service answered 404 (difference x).
    ServiceNotFound {
        /// The namespace read.
        namespace: String,
        /// The service read.
        name: String,
    },
}

impl WaitError {
    /// The `wait check:` lines before the `error:` line (difference y).
    pub(crate) fn check_lines(&self) -> Vec<String> {
        match self {
            WaitError::ReadFailed(step) => step.lines("wait"),
            _ => Vec::new(),
        }
    }

    pub(crate) fn exit_code(&self) -> ExitCode {
        match self {
            WaitError::RequestedConditionUnmet => ExitCode::AssertionUnmet,
            _ => ExitCode::GeneralError,
        }
    }
}

impl fmt::Display for WaitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            WaitError::InvalidWaitFlags => "InvalidWaitFlags",
            WaitError::ArgCount(n) => return write!(f, "accepts 1 arg(s), received {n}"),
            WaitError::InvalidInferenceServiceName => "InvalidInferenceServiceName",
            WaitError::InvalidWaitPredicate => {
                "InvalidWaitPredicate: require condition=Ready[=True|False|Unknown], rollout=stable|failed|rolled-back, migration=terminal, replicas=ready|current, runtime-sync=acknowledged, or held-revision=unheld"
            }
            WaitError::InvalidMigrationRequestId => {
                "InvalidMigrationRequestID: require canonical UUID only with migration=terminal"
            }
            WaitError::InvalidRuntimeSyncRequestId => {
                "InvalidRuntimeSyncRequestID: require canonical v4 UUID with runtime-sync=acknowledged"
            }
            WaitError::InvalidReadyReplicaFlags => {
                "InvalidReadyReplicaFlags: require --component=engine|decoder|router and --replicas=N only with replicas=ready; N must be nonnegative"
            }
            WaitError::InvalidCurrentReplicaFlags => {
                "InvalidCurrentReplicaFlags: require --component=engine|decoder|router and positive --replicas=N; --ir-name and --ir-uid must be paired"
            }
            WaitError::InvalidHeldRevisionTarget => {
                "InvalidHeldRevisionTarget: require --component, full --revision, --ir-name and --ir-uid only with held-revision=unheld"
            }
            WaitError::InvalidWaitTimeout => {
                "InvalidWaitTimeout: require positive duration no greater than 24h"
            }
            WaitError::InvalidOutputFormat => {
                "InvalidOutputFormat: supported table, wide, json, yaml"
            }
            WaitError::Canceled => "Canceled",
            WaitError::WaitConfigurationUnavailable => "WaitConfigurationUnavailable",
            WaitError::InvalidNamespace => "InvalidNamespace",
            WaitError::InvalidIdentity => "InvalidIdentity",
            WaitError::AcquisitionFailed | WaitError::ReadFailed(_) => "AcquisitionFailed",
            WaitError::AcquisitionBudgetExceeded => "AcquisitionBudgetExceeded",
            WaitError::AcquisitionUnavailable => {
                "AcquisitionUnavailable: no read succeeded before the timeout"
            }
            WaitError::EventBudgetExceeded => "EventBudgetExceeded",
            WaitError::ConditionInspectionLimit => "ConditionInspectionLimit",
            WaitError::RolloutInspectionLimit => "RolloutInspectionLimit",
            WaitError::WaitOutputFailed => "WaitOutputFailed",
            WaitError::RequestedConditionUnmet => "RequestedConditionUnmet",
            WaitError::ServiceNotFound { namespace, name } => {
                return write!(f, "InferenceService \"{namespace}/{name}\" not found");
            }
        };
        f.write_str(text)
    }
}

/// No source: these errors never carry a cause (their fixed messages are the contract).
impl std::error::Error for WaitError {}

/// Any failure to load the kubeconfig or build the client hides its cause.
impl From<&super::ConnectError> for WaitError {
    fn from(_: &super::ConnectError) -> Self {
        WaitError::WaitConfigurationUnavailable
    }
}
