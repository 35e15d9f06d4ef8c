//! The command as help, man pages and usage lines show it. The parsed positionals stay an
//! optional list, so that the commands' own parsers report a wrong count in the contract's
//! words (`accepts 1 arg(s), received N`) after the flag errors, in the documented order; shown,
//! they are what each command needs: exactly one `<INFERENCESERVICE>` (`instance status`: a
//! service and an index).

use clap::{ArgAction, Command};

/// The id clap gives the positional list of every command (`names`).
const POSITIONALS: &str = "names";

/// `command` with each visible positional list shown as the required values it stands for.
pub(crate) fn for_display(command: Command) -> Command {
    let command = command.mut_subcommands(for_display);
    let Some(names) = command
        .get_arguments()
        .find(|a| a.get_id() == POSITIONALS && !a.is_hide_set())
    else {
        return command;
    };
    // A value name that stands for several values is split; any other keeps its name.
    let split = names
        .get_value_names()
        .and_then(|v| v.first())
        .and_then(|n| several(n.as_str()));
    command.mut_arg(POSITIONALS, move |arg| {
        let arg = arg.required(true).action(ArgAction::Set);
        match split {
            Some(values) => arg.num_args(values.len()).value_names(values),
            None => arg.num_args(1),
        }
    })
}

/// The values one value name stands for, when it names several (`instance status`: a service
/// and an index).
fn several(value_name: &str) -> Option<&'static [&'static str]> {
    match value_name {
        "INFERENCESERVICE INDEX" => Some(&["INFERENCESERVICE", "INDEX"]),
        _ => None,
    }
}
