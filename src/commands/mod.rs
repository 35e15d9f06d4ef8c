//! Commands: each one a thin composition of parse → collect → evaluate → render → act.

pub mod autoscale;
pub mod completion;
pub mod instance;
pub mod migration;
pub mod rollout;
pub mod scale;
pub mod version;
pub mod wait;

use crate::errors::{CliError, CommonError};
use std::io::Write;

/// Writes a rendered document to stdout.
pub fn write_stdout(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| CommonError::Output(e.to_string()).into())
}
