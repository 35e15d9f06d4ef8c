//! `kubectl ome completion SHELL`: static completion scripts.

use super::output::write_stdout;
use crate::cli::Cli;
use crate::cli::args::CompletionArgs;
use crate::errors::{CliError, CommonError};
use clap::CommandFactory;

/// Prints the script for the shell.
pub(crate) fn run(args: CompletionArgs) -> Result<(), CliError> {
    let mut command = Cli::command();
    let mut buffer = Vec::new();
    clap_complete::generate(args.shell, &mut command, "kubectl-ome", &mut buffer);
    write_stdout(&String::from_utf8_lossy(&buffer)).map_err(|e| CommonError::Output(e).into())
}
