//! `kubectl ome completion SHELL`: static completion scripts; `kubectl ome completion
//! install`: the completion entry kubectl runs for `kubectl ome <TAB>`.

use crate::cli::Cli;
use crate::cli::args::{CompletionAction, CompletionArgs};
use crate::complete::{Installed, PLUGIN_NAME, install};
use crate::errors::{CliError, CommonError};
use clap::CommandFactory;

pub fn run(args: CompletionArgs) -> Result<(), CliError> {
    match (args.action, args.shell) {
        (Some(CompletionAction::Install), _) => install_entry(),
        (None, Some(shell)) => script(shell),
        // clap requires one of the two; this is its message for the missing argument.
        (None, None) => Err(CommonError::Usage(
            "the following required arguments were not provided:".to_string(),
        )
        .into()),
    }
}

/// The static completion script for `shell` (also what `completions/` holds).
pub fn script_text(shell: clap_complete::Shell) -> String {
    let mut command = Cli::command();
    let mut buffer = Vec::new();
    clap_complete::generate(shell, &mut command, PLUGIN_NAME, &mut buffer);
    String::from_utf8_lossy(&buffer).into_owned()
}

fn script(shell: clap_complete::Shell) -> Result<(), CliError> {
    super::write_stdout(&script_text(shell))
}

fn install_entry() -> Result<(), CliError> {
    let line = match install(std::env::var_os("PATH").as_deref())? {
        Installed::Created(link) => {
            format!("created {} -> {PLUGIN_NAME}\n", link.display())
        }
        Installed::AlreadyPresent(link) => {
            format!("{} -> {PLUGIN_NAME} is already installed\n", link.display())
        }
    };
    super::write_stdout(&line)
}
