//! Every error the CLI can report, as types. Each variant carries its fixed message (from the
//! spec) and its exit code; the entry point prints `error: <message>` and exits with the code.

mod action;
pub(crate) mod admin_doctor;
mod autoscale_explain;
mod autoscale_status;
mod command_check;
mod common;
mod completion;
mod connect;
mod flag_check;
mod instance_list;
mod instance_status;
pub(crate) mod logs;
mod migration_status;
mod output;
pub(crate) mod read_check;
mod read_preamble;
mod retry_blocks;
mod rollout_explain;
mod rollout_status;
mod runtime_effective;
mod runtime_explain;
mod scale;
pub(crate) mod scale_check;
mod signal;
mod status;
mod version;
mod wait;

pub(crate) use action::{ActionError, ActionFailure, ActionRefusal, RolloutAction};
pub(crate) use admin_doctor::AdminDoctorError;
pub(crate) use autoscale_explain::{AutoscaleExplainError, RuntimeFailure};
pub(crate) use autoscale_status::AutoscaleStatusError;
pub(crate) use command_check::{FailedStep, kubeconfig_step};
pub(crate) use common::{CommonError, OME_NOT_INSTALLED};
pub(crate) use completion::CompletionError;
pub(crate) use connect::{
    AuthProviderProblem, BadCredential, ClientProblem, ConnectError, ExecError, ExecProblem,
    InvalidRequestTimeout, KubeconfigFileError, KubeconfigProblem, Material, MaterialError,
    MaterialOrigin, MaterialProblem, Position, ProxyProblem, ProxySource, Redacted,
};
pub(crate) use flag_check::{FlagCheck, FlagRefusal, FlagRule};
pub(crate) use instance_list::InstanceListError;
pub(crate) use instance_status::InstanceStatusError;
pub(crate) use logs::LogsError;
pub(crate) use migration_status::MigrationStatusError;
pub(crate) use output::{OutputError, RenderError};
pub(crate) use read_preamble::{ReadPreamble, ServiceGet};
pub(crate) use retry_blocks::RetryBlocksError;
pub(crate) use rollout_explain::RolloutExplainError;
pub(crate) use rollout_status::RolloutStatusError;
pub(crate) use runtime_effective::RuntimeEffectiveError;
pub(crate) use runtime_explain::{FailedRead, RuntimeExplainError, SnapshotError};
pub(crate) use scale::{Refusal, ScaleError};
pub(crate) use signal::{GuardedAction, GuardedWrite, SecondSignal, Signal};
pub(crate) use status::StatusError;
pub(crate) use version::VersionError;
pub(crate) use wait::WaitError;

use crate::ome::evidence::ApiError;
use std::fmt;

/// What a read command shows of a failed API read: the fixed "OME not installed" text when the
/// ome.io API itself is missing (read-commands.md §1.2), otherwise the server's Status message
/// or the transport failure. The one place that decides it for every read command.
pub(crate) struct ShownApiError<'a>(pub &'a ApiError);

impl fmt::Display for ShownApiError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.api_missing() {
            f.write_str(OME_NOT_INSTALLED)
        } else {
            self.0.fmt(f)
        }
    }
}

/// Process exit codes (read-commands.md §1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitCode {
    /// The command did what was asked.
    Success = 0,
    /// An error or a refusal; nothing changed.
    GeneralError = 1,
    /// A wait ended without a match.
    AssertionUnmet = 2,
    /// The guarded write's precondition was rejected; nothing changed.
    MutationConflict = 3,
    /// The write may or may not have been stored.
    OutcomeUnknown = 4,
    /// Stopped at once by a second SIGINT (128 + 2).
    Interrupted = 130,
    /// Stopped at once by a second SIGTERM (128 + 15).
    Terminated = 143,
}

/// Any error a command returns.
#[derive(Debug)]
pub(crate) enum CliError {
    /// Shared by every command.
    Common(CommonError),
    /// `scale`.
    Scale(Refusal),
    /// `rollout pause`, `rollout resume`.
    Action(Box<ActionRefusal>),
    /// `wait`.
    Wait(WaitError),
    /// `autoscale status`.
    Autoscale(AutoscaleStatusError),
    /// `instance list`.
    Instance(InstanceListError),
    /// `instance status`.
    InstanceStatus(InstanceStatusError),
    /// `instance retry-blocks`.
    RetryBlocks(RetryBlocksError),
    /// `runtime effective`.
    RuntimeEffective(RuntimeEffectiveError),
    /// `runtime explain`.
    RuntimeExplain(RuntimeExplainError),
    /// `autoscale explain`.
    Explain(AutoscaleExplainError),
    /// `status`.
    Status(StatusError),
    /// `admin doctor`.
    Doctor(AdminDoctorError),
    /// `rollout status`.
    Rollout(RolloutStatusError),
    /// `rollout explain`.
    RolloutExplain(RolloutExplainError),
    /// `migration status`.
    Migration(MigrationStatusError),
    /// `version`.
    Version(VersionError),
    /// `completion install`.
    Completion(CompletionError),
    /// `logs`.
    Logs(LogsError),
    /// A second signal stopped the process.
    Stopped(SecondSignal),
    /// A command's flag error with the line that names the flag and its rule.
    Flag(Box<FlagRefusal>),
    /// Any of the above, after the lines naming the step that failed (difference y).
    Checked(Box<Checked>),
}

impl From<FlagRefusal> for CliError {
    fn from(e: FlagRefusal) -> Self {
        CliError::Flag(Box::new(e))
    }
}

/// An error and the step that caused it, named on `<command> check:` lines.
#[derive(Debug)]
pub(crate) struct Checked {
    pub(crate) command: &'static str,
    pub(crate) step: FailedStep,
    pub(crate) error: CliError,
}

impl CliError {
    /// This error, after the lines naming `step`; the entry point adds the command's name.
    pub(crate) fn failed_at(self, step: FailedStep) -> CliError {
        self.checked("", Some(step))
    }

    /// A [`CliError::Checked`] without a command name gets `name`.
    pub(crate) fn named(self, name: &'static str) -> CliError {
        match self {
            CliError::Checked(mut c) if c.command.is_empty() => {
                c.command = name;
                CliError::Checked(c)
            }
            other => other,
        }
    }

    /// This error, after the lines naming `step` (when there is one) with `command`'s prefix.
    pub(crate) fn checked(self, command: &'static str, step: Option<FailedStep>) -> CliError {
        match step {
            Some(step) => CliError::Checked(Box::new(Checked {
                command,
                step,
                error: self,
            })),
            None => self,
        }
    }
}

impl From<ActionRefusal> for CliError {
    fn from(e: ActionRefusal) -> Self {
        CliError::Action(Box::new(e))
    }
}

impl From<ScaleError> for CliError {
    fn from(e: ScaleError) -> Self {
        CliError::Scale(e.into())
    }
}

impl CliError {
    /// The lines written on stderr before the `error:` line: the `scale check:` lines of a
    /// refusal (diagnose.md §5.1), the `admin doctor check:` lines of missing access.
    pub(crate) fn evidence(&self) -> Vec<String> {
        match self {
            CliError::Scale(Refusal {
                check: Some(check), ..
            }) => check.lines(),
            CliError::Doctor(AdminDoctorError::AccessViolations(shortfall)) => shortfall.lines(),
            CliError::RetryBlocks(e) => e.check_lines(),
            CliError::RuntimeEffective(e) => e.check_lines(),
            CliError::Action(e) => e.check_lines(),
            CliError::Flag(e) => vec![e.check.line()],
            CliError::Checked(c) => c.step.lines(c.command),
            CliError::Wait(e) => e.check_lines(),
            _ => Vec::new(),
        }
    }

    /// Whether the error ends the command without an `error:` line.
    pub(crate) fn is_quiet(&self) -> bool {
        matches!(self, CliError::Logs(e) if e.is_quiet())
    }

    /// The process exit code of this error.
    pub(crate) fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Scale(e) => e.error.exit_code(),
            CliError::Action(e) => e.exit_code(),
            CliError::Wait(e) => e.exit_code(),
            CliError::Stopped(e) => e.exit_code(),
            CliError::Doctor(e) => e.exit_code(),
            CliError::Flag(e) => e.error.exit_code(),
            CliError::Checked(c) => c.error.exit_code(),
            _ => ExitCode::GeneralError,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Common(e) => e.fmt(f),
            CliError::Scale(e) => e.fmt(f),
            CliError::Action(e) => e.fmt(f),
            CliError::Wait(e) => e.fmt(f),
            CliError::Autoscale(e) => e.fmt(f),
            CliError::Instance(e) => e.fmt(f),
            CliError::InstanceStatus(e) => e.fmt(f),
            CliError::RetryBlocks(e) => e.fmt(f),
            CliError::RuntimeEffective(e) => e.fmt(f),
            CliError::RuntimeExplain(e) => e.fmt(f),
            CliError::Explain(e) => e.fmt(f),
            CliError::Status(e) => e.fmt(f),
            CliError::Doctor(e) => e.fmt(f),
            CliError::Rollout(e) => e.fmt(f),
            CliError::RolloutExplain(e) => e.fmt(f),
            CliError::Migration(e) => e.fmt(f),
            CliError::Version(e) => e.fmt(f),
            CliError::Completion(e) => e.fmt(f),
            CliError::Logs(e) => e.fmt(f),
            CliError::Stopped(e) => e.fmt(f),
            CliError::Flag(e) => e.fmt(f),
            CliError::Checked(c) => c.error.fmt(f),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Common(e) => e.source(),
            CliError::Scale(_) | CliError::Action(_) | CliError::Wait(_) | CliError::Stopped(_) => {
                None
            }
            CliError::Autoscale(e) => e.source(),
            CliError::Instance(e) => e.source(),
            CliError::InstanceStatus(e) => e.source(),
            CliError::RetryBlocks(e) => e.source(),
            CliError::RuntimeEffective(e) => e.source(),
            CliError::RuntimeExplain(e) => e.source(),
            CliError::Explain(e) => e.source(),
            CliError::Status(e) => e.source(),
            CliError::Doctor(e) => e.source(),
            CliError::Rollout(e) => e.source(),
            CliError::RolloutExplain(e) => e.source(),
            CliError::Migration(e) => e.source(),
            CliError::Version(e) => e.source(),
            CliError::Completion(e) => e.source(),
            CliError::Logs(e) => e.source(),
            CliError::Flag(e) => e.error.source(),
            CliError::Checked(c) => c.error.source(),
        }
    }
}

/// A read command's shared steps: a connection failure (client construction, or the kubeconfig
/// and namespace resolution), a rejected argument or namespace, or the report's write.
macro_rules! from_read_preamble {
    ($($ty:ident),* $(,)?) => {
        $(impl From<ReadPreamble> for $ty {
            fn from(e: ReadPreamble) -> Self {
                $ty::Read(e)
            }
        }
        impl From<ConnectError> for $ty {
            fn from(e: ConnectError) -> Self {
                $ty::Read(e.into())
            }
        }
        impl From<OutputError> for $ty {
            fn from(e: OutputError) -> Self {
                $ty::Read(e.into())
            }
        })*
    };
}
from_read_preamble!(
    AutoscaleStatusError,
    InstanceListError,
    AutoscaleExplainError,
    InstanceStatusError,
    MigrationStatusError,
    RetryBlocksError,
    RolloutStatusError,
    RolloutExplainError,
    RuntimeEffectiveError
);

macro_rules! into_cli_error {
    ($($ty:ident => $variant:ident),* $(,)?) => {
        $(impl From<$ty> for CliError {
            fn from(e: $ty) -> Self {
                CliError::$variant(e)
            }
        })*
    };
}
into_cli_error!(
    CommonError => Common,
    Refusal => Scale,
    WaitError => Wait,
    AutoscaleStatusError => Autoscale,
    InstanceListError => Instance,
    InstanceStatusError => InstanceStatus,
    RetryBlocksError => RetryBlocks,
    RuntimeEffectiveError => RuntimeEffective,
    RuntimeExplainError => RuntimeExplain,
    AutoscaleExplainError => Explain,
    StatusError => Status,
    AdminDoctorError => Doctor,
    RolloutStatusError => Rollout,
    RolloutExplainError => RolloutExplain,
    MigrationStatusError => Migration,
    VersionError => Version,
    CompletionError => Completion,
    SecondSignal => Stopped,
    LogsError => Logs,
);
