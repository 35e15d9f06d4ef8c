//! `kubectl ome rollout pause` and `rollout resume` (unblock.md §1, §2): parse → stage 1 (the
//! ISVC and, for `pause`, the first IR LIST page, concurrently) → target checks → stage 2 (the
//! runtime) → checks in the contract's order → preview → `--yes` (difference u) → one
//! resourceVersion-guarded PATCH → the ActionResult on stdout. No revalidation reads: the guard
//! on the ISVC is the revalidation (§1.3, §2.2).

use super::interrupt::Interruption;
use super::output::{stderr_style, stdout_style, write_stderr_async, write_stdout_async};
use super::scale::Guard;
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
use crate::render::rollout_action::preview;
use crate::render::{TableStyle, render};

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
    let guard = Guard::start(interruption);
    let errors = (ActionError::Namespaces, ActionError::Context);
    connected(conn, &guard, errors, async |session| {
        act(action, request, session).await
    })
    .await
    .map_err(|failure| ActionRefusal { action, failure }.into())
}

/// A guarded annotation action once connected.
pub(super) struct Session<'a> {
    pub(super) client: kube::Client,
    /// The workload namespace.
    pub(super) namespace: String,
    /// The kubeconfig context's name (checked safe).
    pub(super) context: String,
    pub(super) guard: &'a Guard<'a>,
}

/// Connects with the command's namespace and context errors, then runs `act`; the `next:`
/// line of its failure names the namespace and the context given (difference s).
pub(super) async fn connected<'a>(
    flags: &ConnectionFlags,
    guard: &'a Guard<'a>,
    (namespaces, context_error): (ActionError, ActionError),
    act: impl AsyncFnOnce(&Session<'a>) -> Result<(), ActionFailure>,
) -> Result<(), ActionFailure> {
    let (connection, client) = guard
        .step(connect::open(flags, |c| -> Result<(), ActionFailure> {
            check_namespace(&c.namespace).map_err(|_| namespaces)?;
            match &c.context_name {
                Some(context) if is_safe_scalar(context) => Ok(()),
                _ => Err(context_error.into()),
            }
        }))
        .await??;
    let session = Session {
        client,
        context: connection.context_name.clone().unwrap_or_default(),
        namespace: connection.namespace,
        guard,
    };
    act(&session).await.map_err(|mut failure| {
        if let Some(check) = failure.check.as_mut() {
            check.scope = next_scope(&session.namespace, flags.context.as_deref());
        }
        failure
    })
}

/// Reads, checks, preview, the `--yes` gate, the write and the result.
async fn act(
    action: RolloutAction,
    request: &RolloutActionRequest,
    session: &Session<'_>,
) -> Result<(), ActionFailure> {
    let plan = prepare(action, request, session).await?;
    let (context, ome_namespace) = (session.context.as_str(), &request.ome_namespace);
    check_preview_identity(&plan, context, ome_namespace)?;
    show_and_confirm(session.guard, request.yes, |style| {
        preview(&plan, context, ome_namespace, request.dry_run, style)
    })
    .await?;
    // The result is rendered before the write, so a render failure sends nothing.
    let result = build_result(&plan, request.dry_run, context, jiff::Timestamp::now());
    let text =
        render(&result, request.output, stdout_style()).map_err(|_| ActionError::ResultWrite)?;
    patch(session, &plan, request.dry_run, request.request_timeout).await?;
    show_result(session.guard, &plan, text, ActionError::ResultWrite).await
}

/// Writes the result to stdout; interrupted while a stalled reader blocks it, the outcome is
/// unknown once the PATCH was handed to a connection ([`Guard::output`]).
pub(super) async fn show_result(
    guard: &Guard<'_>,
    plan: &ActionPlan,
    text: String,
    failed: ActionError,
) -> Result<(), ActionFailure> {
    let shown = guard
        .output(write_stdout_async(text.into_bytes()))
        .await
        .map_err(|e| match e {
            ScaleError::OutcomeUnknown => unknown(
                plan,
                ActionError::OutcomeUnknown(plan.action),
                "timeout",
                None,
            ),
            other => other.into(),
        })?;
    Ok(shown.map_err(|_| failed)?)
}

/// Writes the preview (rendered in stderr's style) to stderr, then the `--yes` gate: difference
/// u, no prompt; without `--yes` nothing is sent, whatever stdin is.
pub(super) async fn show_and_confirm(
    guard: &Guard<'_>,
    yes: bool,
    preview: impl FnOnce(TableStyle) -> String,
) -> Result<(), ActionFailure> {
    let shown = preview(stderr_style()).into_bytes();
    guard
        .output(write_stderr_async(shown))
        .await?
        .map_err(|_| ActionError::PreviewWrite)?;
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
    session: &Session<'_>,
    plan: &ActionPlan,
    dry_run: DryRun,
    timeout: std::time::Duration,
) -> Result<(), ActionFailure> {
    if dry_run == DryRun::Client {
        return Ok(());
    }
    let action = plan.action;
    let guard = session.guard;
    let send = send_patch(&session.client, plan, dry_run, timeout, &guard.handoff);
    guard.write(send).await.map_err(|e| match e {
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
    session: &Session<'_>,
) -> Result<ActionPlan, ActionFailure> {
    let (client, namespace, guard) = (&session.client, session.namespace.as_str(), session.guard);
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
    let irs: Vec<&serde_json::Value> = list.iter().flat_map(|l| l.items.iter()).collect();
    let native = native_components(&isvc.view, &target, &runtime, &request.ome_namespace, &irs)?;
    match list {
        Some(list) => decide_pause(&isvc, native, &list, jiff::Timestamp::now()),
        None => decide_resume(&isvc.view, native, request.discard_pending),
    }
}
