//! `kubectl ome rollout pause` and `rollout resume` (unblock.md §1, §2): parse → stage 1 (the
//! ISVC and, for `pause`, the first IR LIST page, concurrently) → target checks → stage 2 (the
//! runtime) → checks in the contract's order → preview → `--yes` (difference u) → one
//! resourceVersion-guarded PATCH → the ActionResult on stdout. No revalidation reads: the guard
//! on the ISVC is the revalidation (§1.3, §2.2).

use super::interrupt::Interruption;
use super::output::{stderr_style, stdout_style, write_stderr, write_stdout};
use super::scale::{ACTION_DEADLINE, Guard};
use crate::act::annotate::{send_patch, unknown};
use crate::cli::args::{RolloutPauseArgs, RolloutResumeArgs};
use crate::collect::instance::{ListLimits, collect_replicas};
use crate::collect::scale::stage2;
use crate::connect::{self, ConnectionFlags, RequestTimeout};
use crate::errors::scale_check::{CheckId, Evidence, ScaleCheck, next_scope};
use crate::errors::{
    ActionError, ActionFailure, ActionRefusal, CliError, RolloutAction, ScaleError,
};
use crate::evaluate::rollout_action::{
    ActionPlan, build_result, check_preview_identity, decide_pause, decide_resume,
    native_components,
};
use crate::evaluate::scale::prepare::check_service;
use crate::ome::names::{check_namespace, is_safe_scalar};
use crate::ome::request::{DryRun, RolloutActionRequest};
use crate::render::render;
use crate::render::rollout_action::preview;
use tokio::time::Instant;

/// Runs `rollout pause`.
pub(crate) async fn run_pause(
    args: RolloutPauseArgs,
    conn: ConnectionFlags,
    interruption: &Interruption,
) -> Result<(), CliError> {
    let action = RolloutAction::Pause;
    let request = crate::cli::rollout_action::parse(&args.names, &args.action, false, &conn)
        .map_err(|failure| ActionRefusal { action, failure })?;
    run(action, &request, &conn, interruption).await
}

/// Runs `rollout resume`.
pub(crate) async fn run_resume(
    args: RolloutResumeArgs,
    conn: ConnectionFlags,
    interruption: &Interruption,
) -> Result<(), CliError> {
    let action = RolloutAction::Resume;
    let discard = args.discard_pending_actions;
    let request = crate::cli::rollout_action::parse(&args.names, &args.action, discard, &conn)
        .map_err(|failure| ActionRefusal { action, failure })?;
    run(action, &request, &conn, interruption).await
}

async fn run(
    action: RolloutAction,
    request: &RolloutActionRequest,
    conn: &ConnectionFlags,
    interruption: &Interruption,
) -> Result<(), CliError> {
    let guard = Guard {
        cancel: &interruption.cancel,
        deadline: Instant::now() + ACTION_DEADLINE,
        handoff: interruption.write.clone().unwrap_or_default(),
    };
    execute(action, request, conn, &guard)
        .await
        .map_err(|failure| ActionRefusal { action, failure }.into())
}

async fn execute(
    action: RolloutAction,
    request: &RolloutActionRequest,
    flags: &ConnectionFlags,
    guard: &Guard<'_>,
) -> Result<(), ActionFailure> {
    let (client, namespace, context) = open(
        flags,
        guard,
        (ActionError::Namespaces, ActionError::Context),
    )
    .await?;
    act(action, request, &client, &namespace, &context, guard)
        .await
        .map_err(|failure| scoped(failure, &namespace, flags))
}

/// Connects with the command's namespace and context errors: the client, the workload
/// namespace and the context name.
pub(super) async fn open(
    flags: &ConnectionFlags,
    guard: &Guard<'_>,
    (namespaces, context_error): (ActionError, ActionError),
) -> Result<(kube::Client, String, String), ActionFailure> {
    let (connection, client) = guard
        .step(connect::open(flags, |c| -> Result<(), ActionFailure> {
            check_namespace(&c.namespace).map_err(|_| namespaces)?;
            match &c.context_name {
                Some(context) if is_safe_scalar(context) => Ok(()),
                _ => Err(context_error.into()),
            }
        }))
        .await??;
    let context = connection.context_name.clone().unwrap_or_default();
    Ok((client, connection.namespace, context))
}

/// The `next:` line names the namespace and the context given (difference s).
pub(super) fn scoped(
    mut failure: ActionFailure,
    namespace: &str,
    flags: &ConnectionFlags,
) -> ActionFailure {
    if let Some(check) = failure.check.as_mut() {
        check.scope = next_scope(namespace, flags.context.as_deref());
    }
    failure
}

/// Reads, checks, preview, the `--yes` gate, the write and the result.
async fn act(
    action: RolloutAction,
    request: &RolloutActionRequest,
    client: &kube::Client,
    namespace: &str,
    context: &str,
    guard: &Guard<'_>,
) -> Result<(), ActionFailure> {
    let plan = prepare(action, request, client, namespace, guard).await?;
    check_preview_identity(&plan, context, &request.ome_namespace)?;
    let shown = preview(
        &plan,
        context,
        &request.ome_namespace,
        request.dry_run,
        stderr_style(),
    );
    show_and_confirm(&shown, request.yes)?;
    // The result is rendered before the write, so a render failure sends nothing.
    let result = build_result(&plan, request.dry_run, context, jiff::Timestamp::now());
    let text =
        render(&result, request.output, stdout_style()).map_err(|_| ActionError::ResultWrite)?;
    patch(
        client,
        &plan,
        request.dry_run,
        request.request_timeout,
        guard,
    )
    .await?;
    Ok(write_stdout(&text).map_err(|_| ActionError::ResultWrite)?)
}

/// Writes the preview to stderr, then the `--yes` gate: difference u, no prompt; without
/// `--yes` nothing is sent, whatever stdin is.
pub(super) fn show_and_confirm(preview: &str, yes: bool) -> Result<(), ActionFailure> {
    write_stderr(preview).map_err(|_| ActionError::PreviewWrite)?;
    if yes {
        return Ok(());
    }
    Err(ActionError::Confirmation.because(ScaleCheck::new(
        CheckId::Confirmation,
        Evidence::new().word("stdin", "non-interactive"),
    )))
}

/// The one guarded PATCH of a plan (none for `--dry-run client`), with its outcome classified;
/// shared by the three guarded annotation actions.
pub(super) async fn patch(
    client: &kube::Client,
    plan: &ActionPlan,
    dry_run: DryRun,
    timeout: std::time::Duration,
    guard: &Guard<'_>,
) -> Result<(), ActionFailure> {
    if dry_run == DryRun::Client {
        return Ok(());
    }
    let action = plan.action;
    guard
        .write(send_patch(client, plan, dry_run, timeout, &guard.handoff))
        .await
        .map_err(|e| match e {
            ScaleError::OutcomeUnknown => {
                unknown(plan, ActionError::OutcomeUnknown(action), "timeout", None)
            }
            other => other.into(),
        })?
}

/// Stage 1, the target checks, stage 2, then the action's checks in order.
async fn prepare(
    action: RolloutAction,
    request: &RolloutActionRequest,
    client: &kube::Client,
    namespace: &str,
    guard: &Guard<'_>,
) -> Result<ActionPlan, ActionFailure> {
    let timeout = RequestTimeout(Some(request.request_timeout));
    let isvc_read = crate::collect::instance::get_isvc(client, namespace, &request.name, timeout);
    // `resume` reads no IR (§2.2).
    let list = async {
        match action {
            RolloutAction::Pause => Some(
                collect_replicas(
                    client,
                    namespace,
                    &request.name,
                    ListLimits::WAIT.with_timeout(timeout),
                )
                .await,
            ),
            RolloutAction::Resume | RolloutAction::ReleaseHeld => None,
        }
    };
    let (isvc_read, list) = guard
        .step(async { futures::join!(isvc_read, list) })
        .await?;
    let (isvc, target) = check_service(isvc_read, namespace, &request.name)?;
    let runtime = guard
        .step(stage2(client, &target, &request.ome_namespace))
        .await?;
    let native = native_components(&isvc.view, &target, &runtime, &request.ome_namespace)?;
    match list {
        Some(list) => decide_pause(&isvc, native, &list, jiff::Timestamp::now()),
        None => decide_resume(&isvc.view, native, request.discard_pending),
    }
}
