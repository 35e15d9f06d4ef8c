//! `kubectl ome logs`: parse → connect → collect (pod discovery) → evaluate (which pods, which
//! container, prefixes) → read each log (one at a time, or all at once with `--follow`) →
//! render and write each frame's complete lines in slices of at most 64 KiB. Read-only.
//!
//! Memory follows neither the server nor the workload: what is held is one frame per stream,
//! one unfinished line (under the 1 MiB line bound) and one output slice. A slice is written
//! before the next is rendered; the write runs on its own thread, so a reader that stops
//! reading (a paused pager, a FIFO) blocks the output, never a signal.

use super::output::write_stdout_async;
use crate::cli::logs::LogsArgs;
use crate::collect::logs::{LogBody, Splitter, TooLong, discover_pods, log_path, open_log};
use crate::connect::{self, ConnectionFlags, RequestTimeout};
use crate::errors::{CliError, LogsError, ReadPreamble};
use crate::evaluate::logs::{LogTarget, targets};
use crate::ome::evidence::ApiError;
use crate::ome::request::logs::LogsRequest;
use crate::render::logs::{LineOut, SLICE};
use bytes::Bytes;
use futures::StreamExt;

/// Runs the command.
pub(crate) async fn run(args: LogsArgs, flags: ConnectionFlags) -> Result<(), CliError> {
    let request = crate::cli::logs::parse(&args)?;
    let (conn, client) = connect::open(&flags, |c| {
        ReadPreamble::check_namespace(&c.namespace).map_err(LogsError::from)
    })
    .await?;
    let namespace = conn.namespace.as_str();
    let timeout = conn.request_timeout;
    let selector = request.selector_text();
    let items = discover_pods(&client, namespace, &selector, timeout).await?;
    let targets = targets(&items, namespace, &request)?;
    drop(items);
    let reads = Reads {
        client: &client,
        namespace,
        request: &request,
        timeout,
    };
    if request.follow {
        reads.follow(&targets).await
    } else {
        reads.one_shot(&targets).await
    }
    .map_err(CliError::from)
}

struct Reads<'a> {
    client: &'a kube::Client,
    namespace: &'a str,
    request: &'a LogsRequest,
    timeout: RequestTimeout,
}

/// What one stream delivered next.
enum Delivery {
    Frame(Result<Bytes, ApiError>),
    End,
}

impl Reads<'_> {
    async fn open(&self, target: &LogTarget) -> Result<LogBody, LogsError> {
        let path = log_path(
            self.namespace,
            &target.pod,
            target.container.as_deref(),
            self.request,
        );
        open_log(self.client, path, self.timeout)
            .await
            .map_err(|cause| LogsError::Stream {
                pod: target.pod.clone(),
                cause: Box::new(cause),
            })
    }

    /// Each pod in name order, its whole log written before the next request is sent.
    async fn one_shot(&self, targets: &[LogTarget]) -> Result<(), LogsError> {
        let mut out = Output::default();
        for target in targets {
            let mut body = self.open(target).await?;
            let mut splitter = Splitter::default();
            while let Some(frame) = body.next_frame().await {
                splitter.feed(frame.map_err(|cause| stream_error(target, cause))?);
                out.lines(&mut splitter, target).await?;
            }
            splitter.end();
            out.lines(&mut splitter, target).await?;
        }
        Ok(())
    }

    /// Every stream opened at once (the first failure in name order wins, nothing printed),
    /// then lines in arrival order until every stream has ended. The lines of one frame are
    /// written before the next frame of any stream is taken, so lines never interleave.
    async fn follow(&self, targets: &[LogTarget]) -> Result<(), LogsError> {
        let opened = futures::future::join_all(targets.iter().map(|t| self.open(t))).await;
        let bodies = opened.into_iter().collect::<Result<Vec<_>, _>>()?;
        let mut merged =
            futures::stream::select_all(bodies.into_iter().enumerate().map(|(index, body)| {
                futures::stream::unfold(Some(body), move |body| async move {
                    let mut body = body?;
                    match body.next_frame().await {
                        Some(frame) => Some(((index, Delivery::Frame(frame)), Some(body))),
                        None => Some(((index, Delivery::End), None)),
                    }
                })
                .boxed()
            }));
        let mut splitters: Vec<Splitter> = targets.iter().map(|_| Splitter::default()).collect();
        let mut out = Output::default();
        while let Some((index, delivery)) = merged.next().await {
            let (Some(target), Some(splitter)) = (targets.get(index), splitters.get_mut(index))
            else {
                continue;
            };
            match delivery {
                Delivery::Frame(frame) => {
                    splitter.feed(frame.map_err(|cause| stream_error(target, cause))?);
                }
                Delivery::End => splitter.end(),
            }
            out.lines(splitter, target).await?;
        }
        Ok(())
    }
}

fn stream_error(target: &LogTarget, cause: ApiError) -> LogsError {
    LogsError::Stream {
        pod: target.pod.clone(),
        cause: Box::new(cause),
    }
}

/// The output slice: rendered lines are collected up to [`SLICE`] bytes and written out.
#[derive(Default)]
struct Output {
    buffer: Vec<u8>,
}

impl Output {
    /// Renders and writes every complete line `splitter` holds now, with `target`'s prefix;
    /// what is rendered is written before this returns (a follow shows each line as it comes).
    async fn lines(
        &mut self,
        splitter: &mut Splitter,
        target: &LogTarget,
    ) -> Result<(), LogsError> {
        loop {
            let line = match splitter.next_line() {
                Ok(Some(line)) => line,
                Ok(None) => break,
                Err(TooLong) => {
                    self.flush().await?;
                    return Err(LogsError::LineTooLong {
                        pod: target.pod.clone(),
                    });
                }
            };
            let mut rendering = LineOut::new(&target.prefix, line);
            while !rendering.render_into(&mut self.buffer) {
                self.flush().await?;
            }
            if LineOut::is_full(&self.buffer) {
                self.flush().await?;
            }
        }
        self.flush().await
    }

    /// Writes the slice out (at most [`SLICE`] bytes) and keeps the buffer for the next.
    async fn flush(&mut self) -> Result<(), LogsError> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        debug_assert!(self.buffer.len() <= SLICE);
        let mut written = write_stdout_async(std::mem::take(&mut self.buffer))
            .await
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::BrokenPipe => LogsError::BrokenPipe,
                _ => LogsError::Write(e),
            })?;
        written.clear();
        self.buffer = written;
        Ok(())
    }
}
