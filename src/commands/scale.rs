//! `kubectl ome scale`: parse → stage 1 → service checks → stage 2 → prepare → preview →
//! stage 3 revalidation → result → one guarded PATCH → result on stdout. A signal or the 45 s
//! deadline ends the command with the context error before the PATCH, and with "outcome
//! unknown" once the PATCH is in flight.

use crate::act::scale::send_patch;
use crate::cli::ConnectionFlags;
use crate::cli::args::ScaleArgs;
use crate::cli::scale::{self, DryRun};
use crate::cli::validate::{is_dns1123_label, is_safe_scalar};
use crate::collect::scale::{stage1, stage2, stage3};
use crate::connect::Connection;
use crate::errors::{CliError, ScaleError};
use crate::evaluate::scale::prepare::{Evidence, check_service};
use crate::evaluate::scale::revalidate::revalidate;
use crate::evaluate::scale::{build_result, prepare};
use crate::render::TableStyle;
use crate::render::scale as render;
use std::future::Future;
use std::io::Write;
use std::time::Duration;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// The deadline of the whole action (scale.md §2.1).
const ACTION_DEADLINE: Duration = Duration::from_secs(45);

pub async fn run(
    args: ScaleArgs,
    conn: ConnectionFlags,
    cancel: CancellationToken,
) -> Result<(), CliError> {
    let request = scale::parse(&args, &conn)?;
    let deadline = Instant::now() + ACTION_DEADLINE;
    let guard = Guard {
        cancel: &cancel,
        deadline,
    };
    Ok(execute(&request, &conn, &guard).await?)
}

struct Guard<'a> {
    cancel: &'a CancellationToken,
    deadline: Instant,
}

impl Guard<'_> {
    /// Runs one step unless the command is cancelled or past its deadline first.
    async fn step<T>(&self, work: impl Future<Output = T>) -> Result<T, ScaleError> {
        if self.cancel.is_cancelled() {
            return Err(ScaleError::ContextCanceled);
        }
        tokio::select! {
            biased;
            () = self.cancel.cancelled() => Err(ScaleError::ContextCanceled),
            () = tokio::time::sleep_until(self.deadline) => Err(ScaleError::DeadlineExceeded),
            value = work => Ok(value),
        }
    }

    /// The write: once it is in flight, any interruption leaves the outcome unknown.
    async fn write<T>(&self, work: impl Future<Output = T>) -> Result<T, ScaleError> {
        self.step(async {}).await?;
        tokio::select! {
            biased;
            () = self.cancel.cancelled() => Err(ScaleError::OutcomeUnknown),
            () = tokio::time::sleep_until(self.deadline) => Err(ScaleError::OutcomeUnknown),
            value = work => Ok(value),
        }
    }
}

async fn execute(
    request: &scale::ScaleRequest,
    flags: &ConnectionFlags,
    guard: &Guard<'_>,
) -> Result<(), ScaleError> {
    // §2.3 steps 1–3: namespace, context name, client.
    let connection = guard
        .step(Connection::load(flags))
        .await?
        .map_err(|_| ScaleError::Api)?;
    let namespace = connection.namespace.clone();
    if !is_dns1123_label(&namespace) {
        return Err(ScaleError::Namespace);
    }
    let context = connection
        .context_name
        .clone()
        .ok_or(ScaleError::ContextUnavailable)?;
    if !is_safe_scalar(&context) {
        return Err(ScaleError::ContextUnsafe);
    }
    let client = connection.client().map_err(|_| ScaleError::Api)?;
    let ir_name = format!("{}-{}", request.name, request.component.as_str());

    // Stage 1, then the service checks that gate stage 2.
    let first = guard
        .step(stage1(
            &client,
            &namespace,
            &request.name,
            &ir_name,
            request.request_timeout,
        ))
        .await?;
    let (isvc, runtime_target) = check_service(first.isvc, &namespace, &request.name)?;
    let runtime = guard
        .step(stage2(&client, &runtime_target, &request.ome_namespace))
        .await?;
    let evidence = Evidence {
        isvc,
        runtime_target,
        runtime,
        ir: first.ir,
        scale: first.scale,
    };
    let plan = prepare(evidence, request, jiff::Timestamp::now())?;

    // Preview (stderr); the prompt is unreachable because --yes is required (§7.2).
    if !is_safe_scalar(&request.ome_namespace) {
        return Err(ScaleError::UnsafeValue);
    }
    let preview = render::preview(
        &plan,
        &context,
        &request.ome_namespace,
        request.dry_run,
        TableStyle::for_stderr(),
    );
    write_stream(&mut std::io::stderr().lock(), &preview).map_err(|_| ScaleError::PreviewWrite)?;

    // Stage 3: revalidation.
    let mut stamps = vec![&plan.isvc];
    stamps.extend(plan.sources.iter());
    let (sources, ir) = guard
        .step(stage3(
            &client,
            &stamps,
            &plan.ir.namespace,
            &plan.ir.name,
            request.request_timeout,
        ))
        .await?;
    revalidate(&plan, &sources, ir, jiff::Timestamp::now())?;

    let result = build_result(&plan, request.dry_run, &context, jiff::Timestamp::now());
    let text = render::result(&result, request.output, TableStyle::for_stdout())
        .map_err(|_| ScaleError::ResultWrite)?;

    // Stage 4: the write.
    if request.dry_run != DryRun::Client {
        guard
            .write(send_patch(
                &client,
                &plan,
                request.dry_run,
                request.request_timeout,
            ))
            .await??;
    }
    write_stream(&mut std::io::stdout().lock(), &text).map_err(|_| ScaleError::ResultWrite)
}

fn write_stream(stream: &mut impl Write, text: &str) -> std::io::Result<()> {
    stream.write_all(text.as_bytes())?;
    stream.flush()
}
