//! Parse: the command line, as clap sees it, and the local validation of each command's
//! arguments into a typed request. No I/O happens here (kubeconfig loading is `connect`).

pub(crate) mod admin;
pub(crate) mod args;
pub(crate) mod autoscale;
mod help;
mod help_sections;
pub(crate) mod instance;
pub(crate) mod logs;
pub(crate) mod migration;
pub(crate) mod parse_error;
#[cfg(test)]
mod proptests;
pub(crate) mod release_held;
pub(crate) mod rollout;
pub(crate) mod rollout_action;
pub(crate) mod runtime;
pub(crate) mod runtime_explain;
pub(crate) mod scale;
pub(crate) mod status;
pub(crate) mod usage;
pub(crate) mod version;
pub(crate) mod wait;

pub(crate) use args::{Cli, Command};

/// The message of a rejected command line, or `""` when it is accepted.
#[cfg(test)]
pub(crate) fn message<T, E: std::fmt::Display>(result: Result<T, E>) -> String {
    result.map_or_else(|e| e.to_string(), |_| String::new())
}

/// The plugin's executable name, which kubectl looks up on PATH for `kubectl ome`.
pub(crate) const PLUGIN_NAME: &str = "kubectl-ome";

/// The name kubectl ≥ 1.26 looks up on PATH to complete `kubectl ome …`: a link to
/// `kubectl-ome`, which then runs as the completion entry.
pub(crate) const COMPLETION_ENTRY: &str = "kubectl_complete-ome";
