//! Where the cursor is: which command the words name and what the last word can be.

use crate::connect::{ConnectionFlags, from_words, is_connection_flag};
use clap::Command;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Position {
    Subcommands {
        names: Vec<String>,
        prefix: String,
    },
    Flags {
        names: Vec<String>,
        prefix: String,
    },
    /// The value of `flag`; `inline` when typed as `--flag=<value>`.
    FlagValue {
        flag: String,
        command_path: Vec<String>,
        prefix: String,
        inline: bool,
    },
    /// The positional InferenceService name of a command.
    Names {
        prefix: String,
        connection: Box<ConnectionFlags>,
    },
    Nothing,
}

fn takes_value(arg: &clap::Arg) -> bool {
    arg.get_action().takes_values() && arg.get_num_args().is_none_or(|n| n.min_values() > 0)
}

fn flag_spellings(arg: &clap::Arg) -> Vec<String> {
    let mut names = Vec::new();
    if let Some(long) = arg.get_long() {
        names.push(format!("--{long}"));
    }
    if let Some(short) = arg.get_short() {
        names.push(format!("-{short}"));
    }
    names
}

/// Finds the argument a spelled flag refers to in `command` or the root's global flags.
fn find_flag<'a>(command: &'a Command, root: &'a Command, spelled: &str) -> Option<&'a clap::Arg> {
    command
        .get_arguments()
        .chain(root.get_arguments())
        .find(|arg| flag_spellings(arg).iter().any(|s| s == spelled))
}

/// What the words before the cursor amount to.
struct Typed<'a> {
    /// The (sub)command they name.
    command: &'a Command,
    /// The subcommand names from the root.
    path: Vec<String>,
    /// Positional arguments given to `command`.
    positionals: usize,
    /// The connection flags given (as typed), for reading names from the cluster.
    connection: Vec<String>,
    /// A flag whose value is the word at the cursor.
    pending_flag: Option<String>,
}

fn walk<'a>(root: &'a Command, typed: &[String]) -> Typed<'a> {
    let mut walked = Typed {
        command: root,
        path: Vec::new(),
        positionals: 0,
        connection: Vec::new(),
        pending_flag: None,
    };
    for word in typed {
        if let Some(flag) = walked.pending_flag.take() {
            if is_connection_flag(&flag) {
                walked.connection.extend([flag, word.clone()]);
            }
            continue;
        }
        if let Some((flag, _)) = word.split_once('=').filter(|(f, _)| f.starts_with('-')) {
            if is_connection_flag(flag) {
                walked.connection.push(word.clone());
            }
            continue;
        }
        if word.starts_with('-') {
            if find_flag(walked.command, root, word).is_some_and(takes_value) {
                walked.pending_flag = Some(word.clone());
            } else if is_connection_flag(word) {
                walked.connection.push(word.clone());
            }
            continue;
        }
        match walked.command.find_subcommand(word) {
            Some(sub) if walked.positionals == 0 => {
                walked.command = sub;
                walked.path.push(word.clone());
            }
            _ => walked.positionals += 1,
        }
    }
    walked
}

pub(super) fn analyse(root: &Command, words: &[String]) -> Position {
    let Some((current, typed)) = words.split_last() else {
        return Position::Nothing;
    };
    let Typed {
        command,
        path,
        positionals,
        connection,
        pending_flag,
    } = walk(root, typed);
    if let Some(flag) = pending_flag {
        // `admin doctor --isvc NAME` names a service too.
        if flag == "--isvc" {
            return Position::Names {
                prefix: current.clone(),
                connection: Box::new(from_words(&connection)),
            };
        }
        return Position::FlagValue {
            flag,
            command_path: path,
            prefix: current.clone(),
            inline: false,
        };
    }
    if let Some((flag, value)) = current.split_once('=').filter(|(f, _)| f.starts_with("--")) {
        return Position::FlagValue {
            flag: flag.to_string(),
            command_path: path,
            prefix: value.to_string(),
            inline: true,
        };
    }
    if current.starts_with('-') {
        let mut names: Vec<String> = command
            .get_arguments()
            .chain(root.get_arguments().filter(|a| a.is_global_set()))
            .filter(|a| !a.is_hide_set() && !a.is_positional())
            .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
            .collect();
        names.sort();
        names.dedup();
        return Position::Flags {
            names,
            prefix: current.clone(),
        };
    }
    if command.has_subcommands() {
        // A command may take a fixed choice instead of a subcommand (`completion SHELL`).
        let choices = command
            .get_arguments()
            .filter(|a| a.is_positional())
            .flat_map(clap::Arg::get_possible_values)
            .filter(|v| !v.is_hide_set())
            .map(|v| v.get_name().to_string());
        let names = command
            .get_subcommands()
            .filter(|s| !s.is_hide_set())
            .map(|s| s.get_name().to_string())
            .chain(choices)
            .collect();
        return Position::Subcommands {
            names,
            prefix: current.clone(),
        };
    }
    let takes_service = command
        .get_arguments()
        .any(|a| a.is_positional() && !a.is_hide_set() && a.get_id() == "names");
    if takes_service && positionals == 0 {
        return Position::Names {
            prefix: current.clone(),
            connection: Box::new(from_words(&connection)),
        };
    }
    Position::Nothing
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use crate::complete::static_candidates;
    use clap::CommandFactory;

    fn at(line: &str) -> Position {
        let mut words: Vec<String> = line.split(' ').map(String::from).collect();
        if line.is_empty() {
            words = vec![String::new()];
        }
        analyse(&Cli::command(), &words)
    }

    fn candidates(line: &str) -> Vec<String> {
        static_candidates(&at(line))
    }

    #[test]
    fn completes_subcommands_flags_and_values() {
        assert_eq!(candidates("sc"), vec!["scale"]);
        assert_eq!(candidates("autoscale "), vec!["status", "explain"]);
        assert_eq!(
            candidates("instance "),
            vec!["list", "status", "retry-blocks", "release-held"]
        );
        assert_eq!(
            candidates("instance release-held chat --component "),
            vec!["engine", "decoder", "router"]
        );
        assert!(candidates("instance release-held chat --").contains(&"--revision".to_string()));
        assert_eq!(
            candidates("rollout "),
            vec!["status", "explain", "pause", "resume"]
        );
        assert_eq!(
            candidates("rollout explain chat -o "),
            vec!["table", "wide", "json", "yaml"]
        );
        assert_eq!(candidates("ad"), vec!["admin"]);
        assert_eq!(candidates("admin "), vec!["doctor"]);
        assert_eq!(candidates("st"), vec!["status"]);
        assert_eq!(
            candidates("instance status chat 0 -o "),
            vec!["table", "wide", "json", "yaml"]
        );
        assert_eq!(
            candidates("autoscale explain chat -o "),
            vec!["table", "json", "yaml"]
        );
        assert_eq!(
            candidates("status chat -o "),
            vec!["table", "wide", "json", "yaml"]
        );
        assert_eq!(
            candidates("admin doctor --access --component "),
            vec!["engine", "decoder", "router"]
        );
        assert!(candidates("admin doctor --a").contains(&"--access".to_string()));
        assert!(candidates("admin doctor --").contains(&"--ome-namespace".to_string()));
        assert_eq!(
            candidates("completion "),
            vec!["install", "bash", "elvish", "fish", "powershell", "zsh"]
        );
        assert_eq!(
            candidates("scale chat --component "),
            vec!["engine", "decoder", "router"]
        );
        assert_eq!(
            candidates("scale chat --component=d"),
            vec!["--component=decoder"]
        );
        assert_eq!(candidates("scale chat --dry-run s"), vec!["server"]);
        assert_eq!(
            candidates("logs chat -c "),
            vec!["engine", "decoder", "router"]
        );
        assert!(candidates("logs chat --").contains(&"--max-log-requests".to_string()));
        assert_eq!(
            candidates("instance list chat -o "),
            vec!["table", "json", "yaml"]
        );
        assert!(candidates("wait chat --for ").contains(&"replicas=current".to_string()));
        assert!(candidates("scale chat --ov").contains(&"--override-autoscaler".to_string()));
        assert!(candidates("rollout status chat --").contains(&"--namespace".to_string()));
    }

    #[test]
    fn runtime_explain_completes_its_flags_and_service_names() {
        assert_eq!(candidates("runtime "), vec!["effective", "explain"]);
        let flags = candidates("runtime explain --");
        assert!(flags.contains(&"--model".to_string()), "{flags:?}");
        assert!(flags.contains(&"--isvc".to_string()), "{flags:?}");
        assert!(
            !flags
                .iter()
                .any(|f| f == "--output" || f == "--ome-namespace")
        );
        assert!(matches!(
            at("runtime explain -n prod --isvc "),
            Position::Names { ref connection, .. } if connection.namespace.as_deref() == Some("prod")
        ));
        // It takes no positional argument, and a model name is not a service name.
        assert_eq!(at("runtime explain "), Position::Nothing);
        assert_eq!(candidates("runtime explain --model "), Vec::<String>::new());
    }

    #[test]
    fn names_are_completed_only_for_the_first_positional() {
        assert!(
            matches!(at("-n prod scale "), Position::Names { ref connection, .. } if connection.namespace.as_deref() == Some("prod"))
        );
        assert_eq!(at("scale chat "), Position::Nothing);
        assert!(matches!(at("admin doctor --isvc "), Position::Names { .. }));
        assert_eq!(at("admin doctor "), Position::Nothing);
    }
}
