//! `kubectl ome completion SHELL`: static completion scripts; `kubectl ome completion
//! install`: the completion entry kubectl runs for `kubectl ome <TAB>`.

mod install;

use super::output::write_stdout_async;
use crate::cli::args::{CompletionAction, CompletionArgs};
use crate::cli::{Cli, PLUGIN_NAME};
use crate::errors::{CliError, CommonError};
use clap::CommandFactory;
use install::{Installed, install};

/// Prints the script for the shell, or installs the completion entry.
pub(crate) async fn run(args: CompletionArgs) -> Result<(), CliError> {
    let text = match (args.action, args.shell) {
        (Some(CompletionAction::Install), _) => install_entry()?,
        (None, Some(shell)) => script_text(shell),
        // clap requires one of the two; this is its error for the missing argument.
        (None, None) => {
            let missing = clap::Error::raw(
                clap::error::ErrorKind::MissingRequiredArgument,
                "the following required arguments were not provided: <SHELL>",
            );
            return Err(CommonError::Usage(Box::new(missing)).into());
        }
    };
    write_stdout_async(text.into_bytes())
        .await
        .map(drop)
        .map_err(|e| CommonError::Output(e).into())
}

/// The static completion script for `shell` (what `completions/` holds).
pub(crate) fn script_text(shell: clap_complete::Shell) -> String {
    let mut command = Cli::command();
    let mut buffer = Vec::new();
    clap_complete::generate(shell, &mut command, PLUGIN_NAME, &mut buffer);
    String::from_utf8_lossy(&buffer).into_owned()
}

fn install_entry() -> Result<String, CliError> {
    Ok(match install(std::env::var_os("PATH").as_deref())? {
        Installed::Created(link) => format!("created {} -> {PLUGIN_NAME}\n", link.display()),
        Installed::AlreadyPresent(link) => {
            format!("{} -> {PLUGIN_NAME} is already installed\n", link.display())
        }
    })
}
