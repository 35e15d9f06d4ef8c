//! `kubectl ome completion SHELL`: static completion scripts.

use crate::cli::Cli;
use crate::cli::args::CompletionArgs;
use crate::errors::CliError;
use clap::CommandFactory;

pub fn run(args: CompletionArgs) -> Result<(), CliError> {
    let mut command = Cli::command();
    let mut buffer = Vec::new();
    clap_complete::generate(args.shell, &mut command, "kubectl-ome", &mut buffer);
    super::write_stdout(&String::from_utf8_lossy(&buffer))
}
