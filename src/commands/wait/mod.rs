//! `kubectl ome wait SERVICE --for=PREDICATE`: validate → connect → run the engine (the
//! orchestration of reads and evaluations until a match, a lost binding or the deadline) → one
//! report on stdout → exit 0 on a match, 2 (`RequestedConditionUnmet`) otherwise.

mod acquire;
mod engine;
mod snapshot;
mod watch;

use super::output::{print_report, stderr_style, unless_interrupted, write_stderr};
use crate::cli::args::WaitArgs;
use crate::connect::{self, ConnectionFlags};
use crate::errors::read_check::ReadKind;
use crate::errors::{CliError, ConnectError, FailedStep, WaitError};
use crate::evaluate::wait::Outcome;
use crate::evaluate::wait::report::{build, report};
use crate::ome::evidence::ApiError;
use crate::ome::names::check_namespace;
use crate::ome::request::WaitRequest;
use crate::render::wait::progress_line;
use acquire::Acquirer;
use engine::Progress;
use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Runs the command.
pub(crate) async fn run(
    args: WaitArgs,
    flags: ConnectionFlags,
    cancel: CancellationToken,
) -> Result<(), CliError> {
    let request = crate::cli::wait::parse(&args, &flags)?;
    if cancel.is_cancelled() {
        return Err(WaitError::Canceled.into());
    }
    // The connection (an exec credential plugin included) stops on a signal and within the
    // wait's own timeout.
    let opening = connect::open(&flags, |c| {
        check_namespace(&c.namespace).map_err(|_| Opening::InvalidNamespace)
    });
    let (conn, client) = tokio::select! {
        biased;
        () = cancel.cancelled() => return Err(WaitError::Canceled.into()),
        () = tokio::time::sleep(request.timeout) => {
            return Err(WaitError::WaitConfigurationUnavailable.into());
        }
        opened = opening => opened.map_err(Opening::into_error)?,
    };
    let namespace = conn.namespace.clone();
    let mut acquirer = Acquirer::new(
        client,
        conn.request_timeout,
        namespace.clone(),
        request.clone(),
    );
    acquirer.context.clone_from(&flags.context);
    let progress = ProgressDisplay::start(&request, &namespace);
    let result = engine::run(&mut acquirer, request.timeout, &cancel, progress.shared()).await;
    progress.finish();
    let content = build(&request, &result?);
    let outcome = content.outcome;
    let report = report(&namespace, &request.name, jiff::Timestamp::now(), content);
    // A report that a stalled reader blocks does not outlast a signal.
    unless_interrupted(&cancel, print_report(&report, request.output))
        .await
        .ok_or(WaitError::Canceled)?
        .map_err(|_| WaitError::WaitOutputFailed)?;
    match outcome {
        Outcome::Matched => Ok(()),
        // Never seen: an error, as in `kubectl wait` (difference x); a service deleted or
        // replaced after the first read stays "unmet".
        Outcome::NotFound => Err(not_found(
            &namespace,
            &request.name,
            flags.context.as_deref(),
        )),
        _ => Err(WaitError::RequestedConditionUnmet.into()),
    }
}

/// `InferenceService "<ns>/<name>" not found`, after the line naming the read.
fn not_found(namespace: &str, name: &str, context: Option<&str>) -> CliError {
    let missing = ApiError::NotFound {
        named: true,
        message: String::new(),
    };
    let step = FailedStep::read(
        ReadKind::InferenceService,
        namespace,
        name,
        &missing,
        context,
    );
    CliError::from(WaitError::ServiceNotFound {
        namespace: namespace.to_string(),
        name: name.to_string(),
    })
    .checked("wait", Some(step))
}

/// Why the connection could not be opened: the kubeconfig (its missing entry is named on a
/// `wait check:` line) or the namespace it selects.
enum Opening {
    Connect(ConnectError),
    InvalidNamespace,
}

impl From<ConnectError> for Opening {
    fn from(e: ConnectError) -> Self {
        Opening::Connect(e)
    }
}

impl Opening {
    fn into_error(self) -> CliError {
        match self {
            Opening::Connect(e) => {
                CliError::from(WaitError::from(&e)).checked("wait", FailedStep::of_connect(&e))
            }
            Opening::InvalidNamespace => WaitError::InvalidNamespace.into(),
        }
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
        // One physical line: a line that wrapped would survive the erase of its last row.
        let max_width = stderr_style()
            .width
            .map_or(usize::MAX, |w| usize::from(w).saturating_sub(1));
        let started = tokio::time::Instant::now();
        let ticker = tokio::spawn(async move {
            let mut interval = tokio::time::interval(Duration::from_secs(1));
            loop {
                interval.tick().await;
                let counts = reader.lock().map(|p| p.counts).unwrap_or_default();
                let elapsed = started.elapsed().as_secs();
                let line = progress_line(requested, &ns, &name, elapsed, &counts, max_width);
                // A progress line that cannot be shown is not worth failing the wait for.
                let _ = write_stderr(&format!("\r\x1b[2K{line}"));
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
            let _ = write_stderr("\r\x1b[2K");
        }
    }
}
