//! `kubectl ome scale`: parse → stage 1 → service checks → stage 2 → prepare → preview →
//! stage 3 revalidation → result → one guarded PATCH → result on stdout. A signal or the 45 s
//! deadline ends the command with the context error while the PATCH has not been handed to a
//! connection (nothing was sent), and with "outcome unknown" once it has.

use super::interrupt::Interruption;
use super::output::{
    stderr_style, stdout_style, unless_interrupted, write_stderr_async, write_stdout_async,
};
use crate::act::scale::{send_patch, unknown};
use crate::cli::args::ScaleArgs;
use crate::collect::handoff::Handoff;
use crate::collect::http::ApiError;
use crate::collect::scale::{Stage3Plan, replicas, stage1, stage2, stage3};
use crate::connect::{self, ConnectionFlags};
use crate::errors::{CliError, Refusal, ScaleError};
use crate::evaluate::scale::pinned::sibling_names;
use crate::evaluate::scale::prepare::{Evidence, check_service, preview_safety};
use crate::evaluate::scale::revalidate::{StageThree, revalidate_with_siblings};
use crate::evaluate::scale::{Plan, build_result, prepare};
use crate::ome::names::{check_namespace, is_safe_scalar};
use crate::ome::request::{DryRun, ScaleRequest};
use crate::render::render;
use crate::render::scale::preview;
use std::future::Future;
use std::time::Duration;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// The deadline of the whole action (scale.md §2.1).
pub(crate) const ACTION_DEADLINE: Duration = Duration::from_secs(45);

/// Runs the command.
pub(crate) async fn run(
    args: ScaleArgs,
    conn: ConnectionFlags,
    interruption: &Interruption,
) -> Result<(), CliError> {
    let request = crate::cli::scale::parse(&args, &conn)?;
    let guard = Guard::start(interruption);
    Ok(execute(&request, &conn, &guard).await?)
}

/// The command's budget: cancellation, the 45 s deadline and when the PATCH was handed to a
/// connection (shared by every guarded action).
pub(crate) struct Guard<'a> {
    pub(crate) cancel: &'a CancellationToken,
    pub(crate) deadline: Instant,
    /// When the PATCH was handed to a connection.
    pub(crate) handoff: Handoff,
}

impl<'a> Guard<'a> {
    /// The budget of an action that starts now: [`ACTION_DEADLINE`] from now.
    pub(crate) fn start(interruption: &'a Interruption) -> Guard<'a> {
        Guard {
            cancel: &interruption.cancel,
            deadline: Instant::now() + ACTION_DEADLINE,
            handoff: interruption.handoff(),
        }
    }

    /// Runs one step unless the command is cancelled or past its deadline first.
    pub(crate) async fn step<T>(&self, work: impl Future<Output = T>) -> Result<T, ScaleError> {
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

    /// The write: interrupted before the PATCH was handed to a connection, nothing was sent
    /// (and, the send being dropped, nothing can be); after, the outcome is unknown.
    pub(crate) async fn write<T>(&self, work: impl Future<Output = T>) -> Result<T, ScaleError> {
        self.step(async {}).await?;
        tokio::select! {
            biased;
            () = self.cancel.cancelled() => Err(self.interrupted(ScaleError::ContextCanceled)),
            () = tokio::time::sleep_until(self.deadline) => {
                Err(self.interrupted(ScaleError::DeadlineExceeded))
            }
            value = work => Ok(value),
        }
    }

    /// Output (the preview, the result): a write that a stalled reader blocks ends with the
    /// command on a signal ([`unless_interrupted`]), as the step it follows would: nothing was
    /// sent before the PATCH was handed to a connection; after, the outcome is unknown (the
    /// result was not shown). Not bound by the deadline, which is the API's.
    pub(crate) async fn output(
        &self,
        write: impl Future<Output = std::io::Result<Vec<u8>>>,
    ) -> Result<std::io::Result<()>, ScaleError> {
        match unless_interrupted(self.cancel, write).await {
            Some(written) => Ok(written.map(drop)),
            None => Err(self.interrupted(ScaleError::ContextCanceled)),
        }
    }

    fn interrupted(&self, unsent: ScaleError) -> ScaleError {
        if self.handoff.happened() {
            ScaleError::OutcomeUnknown
        } else {
            unsent
        }
    }
}

async fn execute(
    request: &ScaleRequest,
    flags: &ConnectionFlags,
    guard: &Guard<'_>,
) -> Result<(), Refusal> {
    // §2.3 steps 1–3: namespace, context name, client.
    let (connection, client) = guard
        .step(connect::open(flags, |c| {
            check_namespace(&c.namespace).map_err(|_| ScaleError::Namespace)?;
            match &c.context_name {
                None => Err(ScaleError::ContextUnavailable),
                Some(context) if !is_safe_scalar(context) => Err(ScaleError::ContextUnsafe),
                Some(_) => Ok(()),
            }
        }))
        .await??;
    let context = connection.context_name.clone().unwrap_or_default();
    let proxied = connection.through_proxy();
    scale_in(
        request,
        &client,
        &connection.namespace,
        &context,
        proxied,
        guard,
    )
    .await
    .map_err(|refusal| refusal.in_namespace(&connection.namespace, flags.context.as_deref()))
}

/// Everything after the connection: the checks, the preview, revalidation and the write.
async fn scale_in(
    request: &ScaleRequest,
    client: &kube::Client,
    namespace: &str,
    context: &str,
    proxied: bool,
    guard: &Guard<'_>,
) -> Result<(), Refusal> {
    let plan = prepare_plan(request, client, namespace, proxied, guard).await?;

    // Preview (stderr); the prompt is unreachable because --yes is required (§7.2).
    if !is_safe_scalar(&request.ome_namespace) {
        return Err(preview_safety("omeNamespace"));
    }
    let shown = preview(
        &plan,
        context,
        &request.ome_namespace,
        request.dry_run,
        stderr_style(),
    );
    guard
        .output(write_stderr_async(shown.into_bytes()))
        .await?
        .map_err(|_| ScaleError::PreviewWrite)?;

    // Stage 3: revalidation.
    let mut stamps = vec![&plan.isvc];
    stamps.extend(plan.regets());
    let siblings: Vec<String> = plan.siblings.iter().map(|s| s.name.clone()).collect();
    let reads = Stage3Plan {
        stamps: &stamps,
        snapshot: plan.selection.as_ref().map(|_| namespace),
        ir_namespace: &plan.ir.namespace,
        ir_name: &plan.ir.name,
        siblings: &siblings,
    };
    let third = guard
        .step(stage3(client, reads, request.request_timeout))
        .await?;
    let sibling_reads: Vec<_> = third
        .siblings
        .into_iter()
        .map(|r| r.map_err(|e| e.through_proxy(proxied)))
        .collect();
    let reads = StageThree {
        sources: &third.sources,
        snapshot: third.snapshot.as_ref(),
        ir: third.ir.map_err(|e| e.through_proxy(proxied)),
        siblings: &sibling_reads,
    };
    revalidate_with_siblings(&plan, reads, jiff::Timestamp::now())?;

    // The result is rendered before the write, so a render failure sends nothing.
    let result = build_result(&plan, request.dry_run, context, jiff::Timestamp::now());
    let text =
        render(&result, request.output, stdout_style()).map_err(|_| ScaleError::ResultWrite)?;

    // Stage 4: the write.
    if request.dry_run != DryRun::Client {
        guard
            .write(send_patch(
                client,
                &plan,
                request.dry_run,
                request.request_timeout,
                &guard.handoff,
            ))
            .await
            .map_err(|e| match e {
                // Interrupted once the PATCH was in flight.
                ScaleError::OutcomeUnknown => unknown(&plan, "timeout"),
                other => other.into(),
            })??;
    }
    let shown = guard
        .output(write_stdout_async(text.into_bytes()))
        .await
        .map_err(|e| match e {
            ScaleError::OutcomeUnknown => unknown(&plan, "timeout"),
            other => other.into(),
        })?;
    Ok(shown.map_err(|_| ScaleError::ResultWrite)?)
}

/// Stage 1, the service checks that gate stage 2, stage 2, then the checks of §2.3–§2.6.
async fn prepare_plan(
    request: &ScaleRequest,
    client: &kube::Client,
    namespace: &str,
    proxied: bool,
    guard: &Guard<'_>,
) -> Result<Plan, Refusal> {
    let ir_name = format!("{}-{}", request.name, request.component.as_str());
    let first = guard
        .step(stage1(
            client,
            namespace,
            &request.name,
            &ir_name,
            request.request_timeout,
        ))
        .await?;
    // A failed connection through a proxy is named as the proxy's (the `read` check line).
    let proxy = |e: ApiError| e.through_proxy(proxied);
    let (isvc, runtime_target) =
        check_service(first.isvc.map_err(proxy), namespace, &request.name)?;
    // The pinned siblings of an active run join stage 2 (conformance.md §2.6).
    let sibling_names = sibling_names(&isvc, request.component);
    let (runtime, sibling_reads) = guard
        .step(async {
            futures::join!(
                stage2(client, &runtime_target, &request.ome_namespace),
                replicas(client, namespace, &sibling_names),
            )
        })
        .await?;
    let siblings = sibling_names
        .into_iter()
        .zip(sibling_reads.into_iter().map(|r| r.map_err(proxy)))
        .collect();
    let evidence = Evidence {
        isvc,
        runtime_target,
        runtime,
        ir: first.ir.map_err(proxy),
        scale: first.scale.map_err(proxy),
        siblings,
    };
    prepare(evidence, request, jiff::Timestamp::now())
}
