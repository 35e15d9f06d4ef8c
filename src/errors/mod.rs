//! Every error the CLI can report, as types. Each variant carries its fixed message (from the
//! spec) and its exit code; the entry point prints `error: <message>` and exits with the code.

mod autoscale;
mod common;
mod completion;
mod instance;
mod migration;
mod rollout;
mod scale;
mod wait;

pub use autoscale::AutoscaleError;
pub use common::{CommonError, OME_NOT_INSTALLED};
pub use completion::CompletionError;
pub use instance::InstanceError;
pub use migration::MigrationError;
pub use rollout::RolloutError;
pub use scale::ScaleError;
pub use wait::WaitError;

use std::fmt;

/// Process exit codes (read-commands.md §1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitCode {
    Success = 0,
    GeneralError = 1,
    AssertionUnmet = 2,
    MutationConflict = 3,
    OutcomeUnknown = 4,
}

/// Any error a command returns.
#[derive(Debug)]
pub enum CliError {
    Common(CommonError),
    Scale(ScaleError),
    Wait(WaitError),
    Autoscale(AutoscaleError),
    Instance(InstanceError),
    Rollout(RolloutError),
    Migration(MigrationError),
    Completion(CompletionError),
}

impl CliError {
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Scale(e) => e.exit_code(),
            CliError::Wait(e) => e.exit_code(),
            _ => ExitCode::GeneralError,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Common(e) => e.fmt(f),
            CliError::Scale(e) => e.fmt(f),
            CliError::Wait(e) => e.fmt(f),
            CliError::Autoscale(e) => e.fmt(f),
            CliError::Instance(e) => e.fmt(f),
            CliError::Rollout(e) => e.fmt(f),
            CliError::Migration(e) => e.fmt(f),
            CliError::Completion(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CliError {}

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
    ScaleError => Scale,
    WaitError => Wait,
    AutoscaleError => Autoscale,
    InstanceError => Instance,
    RolloutError => Rollout,
    MigrationError => Migration,
    CompletionError => Completion,
);
