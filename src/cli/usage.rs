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
    let shown: Vec<&'static str> = names
        .get_value_names()
        .unwrap_or_default()
        .iter()
        .flat_map(|n| values_of(n.as_str()))
        .copied()
        .collect();
    let count = shown.len().max(1);
    command.mut_arg(POSITIONALS, move |arg| {
        arg.required(true)
            .action(ArgAction::Set)
            .num_args(count)
            .value_names(shown.clone())
    })
}

/// The values one positional's value name stands for (`instance status` names two in one).
fn values_of(value_name: &str) -> &'static [&'static str] {
    match value_name {
        "INFERENCESERVICE INDEX" => &["INFERENCESERVICE", "INDEX"],
        _ => &["INFERENCESERVICE"],
    }
}
