//! `kubectl ome instance release-held` (unblock.md §3): parse → stage 1 (the ISVC and the IR
//! LIST, concurrently) → target checks → stage 2 (the runtime and the exact GET of the
//! component's IR) → checks in the contract's order → preview → `--yes` (difference u) → the
//! refresh (every read again; any change is exit 3) → the one guarded PATCH of the IR, shared
//! with `rollout pause`/`resume` → the ActionResult on stdout.

use super::interrupt::Interruption;
use super::output::stdout_style;
use super::rollout_action::{Session, connected, patch, show_and_confirm, show_result};
use super::scale::Guard;
use crate::cli::args::InstanceReleaseHeldArgs;
use crate::collect::release_held::{refresh, stage1, stage2};
use crate::connect::ConnectionFlags;
use crate::errors::{ActionError, ActionFailure, ActionRefusal, CliError, RolloutAction};
use crate::evaluate::release_held::{
    Changed, HeldAsk, HeldEvidence, HeldPlan, decide, listed_name, membership_change,
    runtime_fingerprint,
};
use crate::evaluate::rollout_action::{build_result, check_preview_identity, native_components};
use crate::evaluate::scale::prepare::check_service;
use crate::ome::reads::RuntimeSource;
use crate::ome::request::ReleaseHeldRequest;
use crate::render::release_held::preview;
use crate::render::render;
use serde_json::Value;

const ACTION: RolloutAction = RolloutAction::ReleaseHeld;

/// Runs `instance release-held`.
pub(crate) async fn run(
    args: InstanceReleaseHeldArgs,
    conn: ConnectionFlags,
    interruption: &Interruption,
) -> Result<(), CliError> {
    let refusal = |failure| ActionRefusal {
        action: ACTION,
        failure,
    };
    let request = crate::cli::release_held::parse(&args, &conn).map_err(refusal)?;
    let guard = Guard::start(interruption);
    let errors = (ActionError::HeldNamespaces, ActionError::HeldContext);
    connected(&conn, &guard, errors, async |session| {
        act(&request, session).await
    })
    .await
    .map_err(|failure| refusal(failure).into())
}

/// One pass of reads and checks: the plan, and what the refresh compares.
struct Pass {
    plan: HeldPlan,
    target: RuntimeSource,
    runtime: Result<Value, ()>,
    list: crate::ome::evidence::ReplicaCollection,
    exact: Option<Result<Value, crate::ome::evidence::ApiError>>,
}

/// Reads, checks, preview, the `--yes` gate, the refresh, the write and the result.
async fn act(request: &ReleaseHeldRequest, session: &Session<'_>) -> Result<(), ActionFailure> {
    let first = first_pass(request, session).await?;
    let plan = &first.plan;
    let (context, ome_namespace) = (session.context.as_str(), &request.ome_namespace);
    check_preview_identity(&plan.plan, context, ome_namespace)?;
    show_and_confirm(session.guard, request.yes, |style| {
        preview(plan, context, ome_namespace, request.dry_run, style)
    })
    .await?;
    refresh_pass(request, session, &first).await?;
    // The result is rendered before the write, so a render failure sends nothing.
    let result = build_result(&plan.plan, request.dry_run, context, jiff::Timestamp::now());
    let text = render(&result, request.output, stdout_style())
        .map_err(|_| ActionError::HeldResultWrite)?;
    patch(
        session,
        &plan.plan,
        request.dry_run,
        request.request_timeout,
    )
    .await?;
    show_result(
        session.guard,
        &plan.plan,
        text,
        ActionError::HeldResultWrite,
    )
    .await
}

fn ask(request: &ReleaseHeldRequest) -> HeldAsk<'_> {
    HeldAsk {
        service: &request.name,
        component: request.component,
        revision: &request.revision,
    }
}

/// Stage 1, the target checks, stage 2, then §3.4 in order.
async fn first_pass(
    request: &ReleaseHeldRequest,
    session: &Session<'_>,
) -> Result<Pass, ActionFailure> {
    let (client, namespace, guard) = (&session.client, session.namespace.as_str(), session.guard);
    let timeout = request.request_timeout;
    let reads = guard
        .step(stage1(client, namespace, &request.name, timeout))
        .await?;
    let (isvc, target) = check_service(reads.isvc, namespace, &request.name)?;
    let ir_name = listed_name(&reads.list, request.component);
    let (runtime, exact) = guard
        .step(stage2(
            client,
            &target,
            &request.ome_namespace,
            namespace,
            ir_name.as_deref(),
            timeout,
        ))
        .await?;
    let irs: Vec<&Value> = reads.list.items.iter().collect();
    let native = native_components(&isvc.view, &target, &runtime, &request.ome_namespace, &irs)?;
    let evidence = HeldEvidence {
        isvc: &isvc,
        native: &native,
        list: &reads.list,
        exact: exact.as_ref(),
    };
    let plan = decide(&evidence, ask(request), jiff::Timestamp::now())?;
    Ok(Pass {
        plan,
        target,
        runtime: runtime_fingerprint(&isvc.view, &runtime),
        list: reads.list,
        exact,
    })
}

/// §3.7: every read again; the parent, the runtime, the membership and the selection must be
/// what the preview showed, else exit 3 and no PATCH (cancellation and the deadline stay).
async fn refresh_pass(
    request: &ReleaseHeldRequest,
    session: &Session<'_>,
    first: &Pass,
) -> Result<(), ActionFailure> {
    let ask = ask(request);
    let ir = &first.plan.plan.target.name;
    let namespace = session.namespace.as_str();
    let (reads, runtime, exact) = session
        .guard
        .step(refresh(
            &session.client,
            &first.target,
            &request.ome_namespace,
            (namespace, &request.name),
            Some(ir),
            request.request_timeout,
        ))
        .await?;
    let stale = |what: Changed, ir: Option<&str>| what.refusal(ir, ask);
    let Ok((isvc, target)) = check_service(reads.isvc, namespace, &request.name) else {
        return Err(stale(Changed::Read, None));
    };
    let before = &first.plan.service;
    let meta = &isvc.view.metadata;
    if meta.uid.as_deref() != Some(before.uid.as_str())
        || meta.resource_version.as_deref() != Some(before.resource_version.as_str())
        || meta.generation != Some(before.generation)
    {
        return Err(stale(Changed::Parent, None));
    }
    let irs: Vec<&Value> = reads.list.items.iter().collect();
    let Ok(native) = native_components(&isvc.view, &target, &runtime, &request.ome_namespace, &irs)
    else {
        return Err(stale(Changed::Runtime, None));
    };
    if target != first.target || runtime_fingerprint(&isvc.view, &runtime) != first.runtime {
        return Err(stale(Changed::Runtime, None));
    }
    if reads.list.error.is_some() {
        return Err(stale(Changed::Read, None));
    }
    if let Some(changed) = membership_change(&first.list, &reads.list) {
        return Err(stale(Changed::Membership, changed.as_deref()));
    }
    let same_exact = match (&first.exact, &exact) {
        (Some(Ok(a)), Some(Ok(b))) => a == b,
        // A failed exact GET is a failed read, not a changed IR.
        (_, Some(Err(_))) => return Err(stale(Changed::Read, Some(ir))),
        _ => false,
    };
    if !same_exact {
        return Err(stale(Changed::Selected, Some(ir)));
    }
    let evidence = HeldEvidence {
        isvc: &isvc,
        native: &native,
        list: &reads.list,
        exact: exact.as_ref(),
    };
    match decide(&evidence, ask, jiff::Timestamp::now()) {
        Ok(again) if again.plan == first.plan.plan => Ok(()),
        _ => Err(stale(Changed::Selected, Some(ir))),
    }
}
