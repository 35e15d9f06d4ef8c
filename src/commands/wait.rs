//! `kubectl ome wait SERVICE --for=PREDICATE`: validate → connect → run the engine → one
//! report on stdout → exit 0 on a match, 2 (`RequestedConditionUnmet`) otherwise.

use crate::cli::ConnectionFlags;
use crate::cli::args::WaitArgs;
use crate::cli::validate::{is_dns1123_label, parse_kubectl_timeout};
use crate::cli::wait::WaitRequest;
use crate::collect::wait::acquire::Acquirer;
use crate::collect::wait::engine::{self, Progress};
use crate::connect::{Connection, RequestTimeout};
use crate::errors::{CliError, WaitError};
use crate::evaluate::wait::Outcome;
use crate::evaluate::wait::report::build;
use crate::render::envelope::report_time;
use crate::render::{TableStyle, wait as render};
use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

pub async fn run(
    args: WaitArgs,
    conn: ConnectionFlags,
    cancel: CancellationToken,
) -> Result<(), CliError> {
    let request = crate::cli::wait::parse(&args, &conn)?;
    if cancel.is_cancelled() {
        return Err(WaitError::Canceled.into());
    }
    let connection = Connection::load(&conn)
        .await
        .map_err(|_| WaitError::WaitConfigurationUnavailable)?;
    if !is_dns1123_label(&connection.namespace) {
        return Err(WaitError::InvalidNamespace.into());
    }
    let client = connection
        .client()
        .map_err(|_| WaitError::WaitConfigurationUnavailable)?;
    let timeout = RequestTimeout(
        conn.request_timeout
            .as_deref()
            .and_then(parse_kubectl_timeout)
            .flatten(),
    );
    let namespace = connection.namespace.clone();
    let output = request.output;
    let mut acquirer = Acquirer::new(client, timeout, namespace.clone(), request.clone());
    let progress = ProgressDisplay::start(&request, &namespace);
    let result = engine::run(&mut acquirer, request.timeout, &cancel, progress.shared()).await;
    progress.finish();
    let result = result?;
    let content = build(&request, &result);
    let outcome = content.outcome;
    let report = render::report(
        &namespace,
        &request.name,
        report_time(jiff::Timestamp::now()),
        content,
    );
    let text = render::render(&report, output, TableStyle::for_stdout())
        .map_err(|_| WaitError::WaitOutputFailed)?;
    crate::commands::write_stdout(&text).map_err(|_| WaitError::WaitOutputFailed)?;
    if outcome == Outcome::Matched {
        Ok(())
    } else {
        Err(WaitError::RequestedConditionUnmet.into())
    }
}

/// While waiting on a terminal (table output only), one line on stderr rewritten every second;
/// erased before the report is printed. Nothing at all when stderr is not a terminal.
struct ProgressDisplay {
    shared: Option<Arc<Mutex<Progress>>>,
    ticker: Option<tokio::task::JoinHandle<()>>,
}

impl ProgressDisplay {
    fn start(request: &WaitRequest, namespace: &str) -> ProgressDisplay {
        let wanted = !request.output.is_structured() && std::io::stderr().is_terminal();
        if !wanted {
            return ProgressDisplay {
                shared: None,
                ticker: None,
            };
        }
        let shared = Arc::new(Mutex::new(Progress::default()));
        let reader = Arc::clone(&shared);
        let (requested, ns, name) = (
            request.predicate.requested(),
            namespace.to_string(),
            request.name.clone(),
        );
        let started = tokio::time::Instant::now();
        let ticker = tokio::spawn(async move {
            let mut interval = tokio::time::interval(Duration::from_secs(1));
            loop {
                interval.tick().await;
                let counts = reader.lock().map(|p| p.counts).unwrap_or_default();
                let line = render::progress_line(
                    requested,
                    &ns,
                    &name,
                    started.elapsed().as_secs(),
                    &counts,
                );
                let mut err = std::io::stderr().lock();
                let _ = write!(err, "\r\x1b[2K{line}");
                let _ = err.flush();
            }
        });
        ProgressDisplay {
            shared: Some(shared),
            ticker: Some(ticker),
        }
    }

    fn shared(&self) -> Option<Arc<Mutex<Progress>>> {
        self.shared.clone()
    }

    fn finish(self) {
        if let Some(ticker) = self.ticker {
            ticker.abort();
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        }
    }
}
