//! Shell completion for kubectl ≥ 1.26 plugin completion: kubectl runs `kubectl_complete-ome`
//! with the words typed after `kubectl ome` (the last one being completed) and reads Cobra's
//! format: one candidate per line, then `:<directive>`. Subcommands and flags come from the
//! clap definition itself; `--component`, `--for`, `-o` and `--dry-run` values are fixed lists;
//! InferenceService names are read from the cluster with a short timeout.
//!
//! There is one executable: `kubectl_complete-ome` is a link to `kubectl-ome`
//! (`kubectl ome completion install` creates it), and the program name tells the two apart.

mod words;

use words::{Position, analyse};

use crate::cli::{COMPLETION_ENTRY, Cli};
use crate::collect::http::{ApiRequest, MAX_PAGE_BODY, get_object, paths};
use crate::connect::{Connection, ConnectionFlags, RequestTimeout};
use crate::ome::names::is_dns1123_subdomain;
use clap::CommandFactory;
use std::time::Duration;

/// Cobra's ShellCompDirectiveNoFileComp: never fall back to file names.
const NO_FILE_COMPLETION: u8 = 4;
/// How long completion may wait for the cluster before offering no names.
const NAME_LOOKUP_TIMEOUT: Duration = Duration::from_secs(2);

/// Every `--for` value, in the order they are offered.
pub(crate) const WAIT_PREDICATES: [&str; 11] = [
    "condition=Ready",
    "condition=Ready=True",
    "condition=Ready=False",
    "condition=Ready=Unknown",
    "rollout=stable",
    "rollout=failed",
    "rollout=rolled-back",
    "migration=terminal",
    "replicas=ready",
    "replicas=current",
    "runtime-sync=acknowledged",
];

/// Whether the program was started as the completion entry (argv[0]'s file name; the link
/// itself, not what it resolves to).
#[cfg(not(windows))]
pub fn is_entry(argv0: &str) -> bool {
    std::path::Path::new(argv0)
        .file_name()
        .is_some_and(|name| name == COMPLETION_ENTRY)
}

/// Whether the program was started as the completion entry: on Windows argv[0] may name it with
/// or without `.exe`, in any case.
#[cfg(windows)]
pub fn is_entry(argv0: &str) -> bool {
    let path = std::path::Path::new(argv0);
    let name = match path.extension() {
        Some(ext) if ext.eq_ignore_ascii_case("exe") => path.file_stem(),
        _ => path.file_name(),
    };
    name.is_some_and(|name| name.eq_ignore_ascii_case(COMPLETION_ENTRY))
}

/// The completion entry: completes the last of `words` (an empty word when none is given) and
/// prints the candidates. It never fails and never writes to stderr.
pub async fn run_entry(words: &[String]) {
    use std::io::Write;
    let text = if words.is_empty() {
        complete(&[String::new()]).await
    } else {
        complete(words).await
    };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// The candidates for the last of `words`, in Cobra's output format.
pub async fn complete(words: &[String]) -> String {
    let command = Cli::command();
    let position = analyse(&command, words);
    let candidates = match &position {
        Position::Names { prefix, connection } => service_names(connection, prefix).await,
        other => static_candidates(other),
    };
    let mut out = String::new();
    for candidate in candidates {
        out.push_str(&candidate);
        out.push('\n');
    }
    out.push_str(&format!(":{NO_FILE_COMPLETION}\n"));
    out
}

/// Candidates that need no cluster access.
pub(crate) fn static_candidates(position: &Position) -> Vec<String> {
    let filter = |items: Vec<String>, prefix: &str| -> Vec<String> {
        items
            .into_iter()
            .filter(|c| c.starts_with(prefix))
            .collect()
    };
    match position {
        Position::Subcommands { names, prefix } => filter(names.clone(), prefix),
        Position::Flags { names, prefix } => filter(names.clone(), prefix),
        Position::FlagValue {
            flag,
            command_path,
            prefix,
            inline,
        } => {
            let values: Vec<String> = flag_values(flag, command_path)
                .into_iter()
                .map(|v| if *inline { format!("{flag}={v}") } else { v })
                .collect();
            let full_prefix = if *inline {
                format!("{flag}={prefix}")
            } else {
                prefix.clone()
            };
            filter(values, &full_prefix)
        }
        Position::Names { .. } | Position::Nothing => Vec::new(),
    }
}

fn flag_values(flag: &str, command_path: &[String]) -> Vec<String> {
    let leaf = command_path.last().map(String::as_str).unwrap_or_default();
    let list: &[&str] = match flag {
        // `-c` is `logs`'s short form.
        "--component" | "-c" => &["engine", "decoder", "router"],
        "--for" => &WAIT_PREDICATES,
        "--dry-run" => &["none", "client", "server"],
        "-o" | "--output" => match (command_path.first().map(String::as_str), leaf) {
            (Some("instance"), "list")
            | (Some("migration"), _)
            | (Some("autoscale"), "explain") => &["table", "json", "yaml"],
            _ => &["table", "wide", "json", "yaml"],
        },
        _ => &[],
    };
    list.iter().map(|s| s.to_string()).collect()
}

/// InferenceService names in the resolved namespace; nothing when the cluster is slow or the
/// read fails (completion never prints errors).
async fn service_names(connection: &ConnectionFlags, prefix: &str) -> Vec<String> {
    let Ok(conn) = Connection::load(connection).map(Connection::without_terminal) else {
        return Vec::new();
    };
    // An exec credential plugin gets the same short limit as the read.
    let Ok(Ok(client)) = tokio::time::timeout(NAME_LOOKUP_TIMEOUT, conn.client()).await else {
        return Vec::new();
    };
    let request = ApiRequest::get(
        format!("{}?limit=500", paths::inference_services(&conn.namespace)),
        RequestTimeout(Some(NAME_LOOKUP_TIMEOUT)),
    )
    .bounded(MAX_PAGE_BODY);
    let Ok(list) = get_object(&client, request).await else {
        return Vec::new();
    };
    let mut names: Vec<String> = list
        .get("items")
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|item| {
            item.pointer("/metadata/name")
                .and_then(serde_json::Value::as_str)
        })
        // A candidate line is read by the shell: only valid names are offered, so no cluster
        // text can add lines or escape sequences.
        .filter(|name| is_dns1123_subdomain(name) && name.starts_with(prefix))
        .map(str::to_string)
        .collect();
    names.sort();
    names
}
