//! The one writer of stdout, and the one way a command prints its report.

use crate::errors::OutputError;
use crate::ome::request::OutputFormat;
use crate::render::{TableStyle, Tabular, render};
use crate::text::{redact_words, sanitize};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

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

/// How long an output write may still take after the first signal before the command stops
/// waiting for it (a write that is not blocked takes microseconds).
pub(crate) const WRITE_GRACE: Duration = Duration::from_millis(200);

/// How long the error line may take once a signal has ended the command: stderr may be the
/// same stalled pipe as stdout, and the process must end within a second of the signal.
pub(crate) const ERROR_LINE_LIMIT: Duration = Duration::from_millis(500);

/// Writes `bytes` to stdout and flushes them on a blocking thread, and hands the buffer back
/// (to be reused). Waiting for it can be abandoned: a write blocked by a reader that stopped
/// reading (a full pipe, a paused pager) then holds only its own thread, which ends with the
/// process, never the command, which a signal must be able to end.
pub(crate) async fn write_stdout_async(bytes: Vec<u8>) -> std::io::Result<Vec<u8>> {
    write_async(bytes, || std::io::stdout().lock()).await
}

/// [`write_stdout_async`] for stderr (a preview).
pub(crate) async fn write_stderr_async(bytes: Vec<u8>) -> std::io::Result<Vec<u8>> {
    write_async(bytes, || std::io::stderr().lock()).await
}

async fn write_async<W: Write>(
    bytes: Vec<u8>,
    stream: impl FnOnce() -> W + Send + 'static,
) -> std::io::Result<Vec<u8>> {
    let written = tokio::task::spawn_blocking(move || {
        let mut out = stream();
        out.write_all(&bytes)?;
        out.flush()?;
        Ok(bytes)
    })
    .await;
    written.unwrap_or_else(|join| Err(std::io::Error::other(join)))
}

/// Runs an output `write` to its end unless the command is interrupted (`cancel`) and the
/// write has not finished [`WRITE_GRACE`] later; `None` then.
pub(crate) async fn unless_interrupted<T>(
    cancel: &CancellationToken,
    write: impl Future<Output = T>,
) -> Option<T> {
    let interrupted = async {
        cancel.cancelled().await;
        tokio::time::sleep(WRITE_GRACE).await;
    };
    tokio::select! {
        biased;
        value = write => Some(value),
        () = interrupted => None,
    }
}

/// Writes the one `error: <message>` line, after the lines that explain it (a refused scale's
/// `scale check:` lines), in one write. Every line is sanitised: a Status message or an echoed
/// argument can hold control characters, and each line stays one line whatever it holds; a
/// credential-shaped word in it is redacted (difference v).
pub(crate) fn write_error_after(lines: &[String], message: &str) -> std::io::Result<()> {
    let mut text = String::new();
    for line in lines {
        text.push_str(&sanitize(&redact_words(line)));
        text.push('\n');
    }
    text.push_str("error: ");
    text.push_str(&sanitize(&redact_words(message)));
    text.push('\n');
    write_stderr(&text)
}

/// [`write_error_after`] within `limit`: from its own thread, so that neither a stalled stderr
/// nor a lock held by an abandoned write can keep the process from ending.
pub(crate) fn write_error_within(lines: Vec<String>, message: String, limit: Duration) {
    let (done, written) = std::sync::mpsc::channel();
    let _ = std::thread::Builder::new().spawn(move || {
        let _ = write_error_after(&lines, &message);
        let _ = done.send(());
    });
    let _ = written.recv_timeout(limit);
}

/// How a table written to stdout is shown: on a terminal, laid out for its width and coloured
/// (unless `NO_COLOR` is set); on a pipe or file, plain and aligned.
pub(crate) fn stdout_style() -> TableStyle {
    terminal_style(std::io::stdout())
}

/// How a table written to stderr (the scale preview) is shown.
pub(crate) fn stderr_style() -> TableStyle {
    terminal_style(std::io::stderr())
}

fn terminal_style<S: IsTerminal + Stream>(stream: S) -> TableStyle {
    if !stream.is_terminal() {
        return TableStyle::default();
    }
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    TableStyle {
        color: !no_color,
        width: terminal_columns(stream),
    }
}

// What the width is read from: the stream's file descriptor on Unix.
#[cfg(unix)]
use std::os::fd::AsFd as Stream;

/// The width of the terminal `stream` writes to (not of the controlling terminal, which may be
/// another one). A fresh pty can report width 0: that is unknown rather than wrap to nothing.
#[cfg(unix)]
fn terminal_columns(stream: impl Stream) -> Option<u16> {
    let size = rustix::termios::tcgetwinsize(stream).ok()?;
    Some(size.ws_col).filter(|w| *w > 0)
}

// On Windows a process has at most one console, so a stream that is a terminal writes to it.
#[cfg(windows)]
use std::io::IsTerminal as Stream;

/// The width of the console's window (crossterm reads it through the console API safely).
#[cfg(windows)]
fn terminal_columns(_stream: impl Stream) -> Option<u16> {
    let (columns, _rows) = crossterm::terminal::size().ok()?;
    Some(columns).filter(|w| *w > 0)
}

/// Renders `report` in `format` (tables styled for stdout) and writes it to stdout (a write
/// that a signal can abandon, [`write_stdout_async`]).
pub(crate) async fn print_report<R: Tabular + Serialize>(
    report: &R,
    format: OutputFormat,
) -> Result<(), OutputError> {
    let text = render(report, format, stdout_style())?;
    write_stdout_async(text.into_bytes()).await?;
    Ok(())
}
