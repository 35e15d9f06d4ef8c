//! Errors shared by the read commands: Cobra-worded argument errors and connection failures.

use std::fmt;

/// The fixed text that replaces "resource not found" when the ome.io API itself is missing.
pub(crate) const OME_NOT_INSTALLED: &str = "OME does not appear to be installed on this cluster (the ome.io API is not available; install OME first — see https://github.com/ome-projects/ome#installation)";

/// Errors every command shares (exit 1).
#[derive(Debug)]
pub(crate) enum CommonError {
    /// `accepts 1 arg(s), received N`
    ArgCount(usize),
    /// `unknown flag: --foo` (Cobra wording)
    UnknownFlag(String),
    /// `flag needs an argument: --foo`
    FlagNeedsArgument(String),
    /// `invalid argument "v" for "--flag" flag: ...`
    InvalidFlagValue {
        /// The flag, e.g. `--output`.
        flag: String,
        /// The value as typed.
        value: String,
    },
    /// Any other command-line error (unknown subcommand and the like): clap's own.
    Usage(Box<clap::Error>),
    /// `unknown command "x" for "ome"`
    UnknownCommand(String),
    /// Interrupted by SIGINT/SIGTERM.
    Canceled,
    /// Writing to stdout failed.
    Output(std::io::Error),
}

impl fmt::Display for CommonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommonError::ArgCount(n) => write!(f, "accepts 1 arg(s), received {n}"),
            CommonError::UnknownFlag(flag) => write!(f, "unknown flag: {flag}"),
            CommonError::FlagNeedsArgument(flag) => write!(f, "flag needs an argument: {flag}"),
            CommonError::InvalidFlagValue { flag, value } => {
                write!(f, "invalid argument \"{value}\" for \"{flag}\" flag")
            }
            // The first line of clap's message, without its `error: ` prefix.
            CommonError::Usage(e) => {
                let rendered = e.render().to_string();
                let first = rendered.lines().next().unwrap_or_default();
                f.write_str(first.trim_start_matches("error: "))
            }
            CommonError::UnknownCommand(cmd) => write!(f, "unknown command \"{cmd}\" for \"ome\""),
            CommonError::Canceled => f.write_str("context canceled"),
            CommonError::Output(e) => write!(f, "write output: {e}"),
        }
    }
}

impl std::error::Error for CommonError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CommonError::Output(e) => Some(e),
            CommonError::Usage(e) => Some(e.as_ref()),
            _ => None,
        }
    }
}
