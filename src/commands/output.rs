//! The one writer of stdout, and the one way a command prints its report.

use crate::errors::OutputError;
use crate::ome::request::OutputFormat;
use crate::render::{TableStyle, Tabular, render};
use serde::Serialize;
use std::io::Write;

/// Writes `text` to stdout and flushes it.
pub(crate) fn write_stdout(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Writes `text` to stderr and flushes it.
pub(crate) fn write_stderr(text: &str) -> std::io::Result<()> {
    let mut err = std::io::stderr().lock();
    err.write_all(text.as_bytes())?;
    err.flush()
}

/// Renders `report` in `format` (tables styled for stdout) and writes it to stdout.
pub(crate) fn print_report<R: Tabular + Serialize>(
    report: &R,
    format: OutputFormat,
) -> Result<(), OutputError> {
    let text = render(report, format, TableStyle::for_stdout())?;
    write_stdout(&text)?;
    Ok(())
}
