//! `kubectl ome logs`: parse → connect → collect (pod discovery) → evaluate (which pods, which
//! container, prefixes) → read each log (one at a time, or all at once with `--follow`) →
//! render each batch of lines → write. Read-only.

use super::output::write_stdout_bytes;
use crate::cli::logs::LogsArgs;
use crate::collect::logs::{LineError, LogLines, discover_pods, log_path, open_log};
use crate::connect::{self, ConnectionFlags, RequestTimeout};
use crate::errors::{CliError, LogsError, ReadPreamble};
use crate::evaluate::logs::{LogTarget, targets};
use crate::ome::request::logs::LogsRequest;
use crate::render::logs::render_lines;
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

impl Reads<'_> {
    async fn open(&self, target: &LogTarget) -> Result<LogLines, LogsError> {
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
        for target in targets {
            let mut lines = self.open(target).await?;
            while let Some(rendered) = next_rendered(&mut lines, target).await {
                write(&rendered?)?;
            }
        }
        Ok(())
    }

    /// Every stream opened at once (the first failure in name order wins, nothing printed),
    /// then lines in arrival order until every stream has ended.
    async fn follow(&self, targets: &[LogTarget]) -> Result<(), LogsError> {
        let opened = futures::future::join_all(targets.iter().map(|t| self.open(t))).await;
        let streams = opened.into_iter().collect::<Result<Vec<_>, _>>()?;
        let mut merged =
            futures::stream::select_all(targets.iter().zip(streams).map(|(target, lines)| {
                futures::stream::unfold(lines, move |mut lines| async move {
                    let rendered = next_rendered(&mut lines, target).await?;
                    Some((rendered, lines))
                })
                .boxed_local()
            }));
        while let Some(rendered) = merged.next().await {
            write(&rendered?)?;
        }
        Ok(())
    }
}

/// The next batch of `target`'s lines, rendered; `None` once its log has ended.
async fn next_rendered(
    lines: &mut LogLines,
    target: &LogTarget,
) -> Option<Result<Vec<u8>, LogsError>> {
    let batch = match lines.next_batch().await? {
        Ok(batch) => batch,
        Err(LineError::TooLong) => {
            return Some(Err(LogsError::LineTooLong {
                pod: target.pod.clone(),
            }));
        }
        Err(LineError::Read(cause)) => {
            return Some(Err(LogsError::Stream {
                pod: target.pod.clone(),
                cause,
            }));
        }
    };
    let mut out = Vec::new();
    render_lines(&target.prefix, batch.lines(), &mut out);
    Some(Ok(out))
}

fn write(bytes: &[u8]) -> Result<(), LogsError> {
    write_stdout_bytes(bytes).map_err(|e| match e.kind() {
        std::io::ErrorKind::BrokenPipe => LogsError::BrokenPipe,
        _ => LogsError::Write(e),
    })
}
