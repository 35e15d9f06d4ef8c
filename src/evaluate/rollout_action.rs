//! Evaluate `rollout pause` and `rollout resume` (unblock.md §1.4, §1.5, §2.3): pure checks in
//! the contract's order from the collected evidence to a plan (what the preview shows and the
//! guarded PATCH writes), or the first refusal. The shared target and runtime checks are
//! `scale`'s; the clock is a parameter.

use crate::errors::scale_check::{CheckId, CheckValue, Evidence as Line, Next, ScaleCheck};
use crate::errors::{ActionError, ActionFailure, RolloutAction};
use crate::evaluate::rollout::IssueCode;
use crate::evaluate::rollout::model::Phase;
use crate::evaluate::rollout::project;
use crate::evaluate::rollout::project::pinned::check_run;
use crate::evaluate::scale::pinned::check_pinned_work;
use crate::evaluate::scale::prepare::stamp_of_isvc;
use crate::evaluate::scale::replica;
use crate::evaluate::scale::runtime::check_source;
use crate::ome::evidence::ReplicaCollection;
use crate::ome::instances::InstanceRow;
use crate::ome::keys::{
    ANNOTATION_ROLLOUT_PAUSED, ANNOTATION_ROLLOUT_PROMOTE, ANNOTATION_ROLLOUT_ROLLBACK,
};
use crate::ome::names::is_safe_scalar;
use crate::ome::pause::PauseDepth;
use crate::ome::reads::{RuntimeReads, RuntimeSource, Stamp};
use crate::ome::replica::ACTIVE_MIGRATION_PHASES;
use crate::ome::report::{API_VERSION, ActionResult, ActionTarget, NoDetails};
use crate::ome::request::DryRun;
use crate::ome::{Component, Fetched, InferenceReplica, InferenceService, meta_annotation};
use jiff::Timestamp;

/// The mailboxes, in the order they are checked and removed (promote first).
pub(crate) const MAILBOXES: [&str; 2] = [ANNOTATION_ROLLOUT_PROMOTE, ANNOTATION_ROLLOUT_ROLLBACK];

/// A verified pause or resume: what the preview shows and the PATCH writes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ActionPlan {
    pub(crate) action: RolloutAction,
    /// The object written: the InferenceService (pause, resume) or the InferenceReplica
    /// (release-held), with the resourceVersion that guards the PATCH.
    pub(crate) target: Stamp,
    /// The OMENative components, in canonical order.
    pub(crate) native: Vec<Component>,
    /// The `ome.io/rollout-paused` value read, if present.
    pub(crate) previous: Option<String>,
    pub(crate) depth: PauseDepth,
    /// The key set and its value (`pause`: `true`; `release-held`: the full revision).
    pub(crate) set: Option<(&'static str, String)>,
    /// `resume`: each key removed with the value read (the pause first, then the mailboxes).
    pub(crate) removals: Vec<(&'static str, String)>,
    /// `pause`: the Instance operations and migrations counted as work to hold.
    pub(crate) records: Option<WorkCounts>,
    /// `release-held`: the service, component and selected block.
    pub(crate) held: Option<HeldTarget>,
}

/// What `release-held` releases (unblock.md §3.8): the result's follow-up and revision hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HeldTarget {
    pub(crate) service: String,
    pub(crate) component: Component,
    /// The full `targetRevision` written into the mailbox.
    pub(crate) revision: String,
    /// Its last 8 characters.
    pub(crate) hash: String,
}

/// The work `pause` found to hold (§1.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct WorkCounts {
    pub(crate) revisions_pending: usize,
    pub(crate) operations: usize,
    pub(crate) migrations: usize,
}

fn refuse(error: ActionError, id: CheckId, line: Line) -> ActionFailure {
    error.because(ScaleCheck::new(id, line))
}

/// §1.4 row 2 / §2.3 rows 1–2: the runtime check (for a selected runtime also the
/// cross-check with `irs`, runtime-selection.md §6.4); the native component list.
pub(crate) fn native_components(
    isvc: &InferenceService,
    source: &RuntimeSource,
    reads: &RuntimeReads,
    ome_namespace: &str,
    irs: &[&serde_json::Value],
) -> Result<Vec<Component>, ActionFailure> {
    let service = crate::ome::meta_name(&isvc.metadata);
    Ok(check_source(isvc, source, reads, ome_namespace, service, irs)?.native)
}

/// §2.3 rows 3–5.
pub(crate) fn decide_resume(
    isvc: &InferenceService,
    native: Vec<Component>,
    discard: bool,
) -> Result<ActionPlan, ActionFailure> {
    let depth = PauseDepth::of_service(isvc);
    let previous = meta_annotation(&isvc.metadata, ANNOTATION_ROLLOUT_PAUSED).map(String::from);
    let Some(value) = depth.annotation_value() else {
        let shown = if depth == PauseDepth::Unrecognized {
            "Unrecognized"
        } else {
            "None"
        };
        return Err(refuse(
            ActionError::NotPaused,
            CheckId::PauseState,
            Line::new().word("depth", shown),
        ));
    };
    let mut removals = vec![(ANNOTATION_ROLLOUT_PAUSED, value.to_string())];
    for key in MAILBOXES {
        let Some(mailbox) = meta_annotation(&isvc.metadata, key) else {
            continue;
        };
        if !discard {
            return Err(refuse(
                ActionError::Pending,
                CheckId::RolloutMailbox,
                Line::new().word("annotation", key).bool("discard", false),
            ));
        }
        if !mailbox.is_empty() && !is_safe_scalar(mailbox) {
            return Err(preview_safety("mailbox"));
        }
        removals.push((key, mailbox.to_string()));
    }
    Ok(ActionPlan {
        action: RolloutAction::Resume,
        target: stamp_of_isvc(isvc),
        native,
        previous,
        depth,
        set: None,
        removals,
        records: None,
        held: None,
    })
}

/// `preview-safety field=<field>` (never the value).
pub(crate) fn preview_safety(field: &'static str) -> ActionFailure {
    refuse(
        ActionError::UnsafeValue,
        CheckId::PreviewSafety,
        Line::new().word("field", field),
    )
}

/// §1.4 rows 3–10.
pub(crate) fn decide_pause(
    isvc: &Fetched<InferenceService>,
    native: Vec<Component>,
    list: &ReplicaCollection,
    now: Timestamp,
) -> Result<ActionPlan, ActionFailure> {
    let view = &isvc.view;
    let replicas = inspect_list(view, list, &native, now)?;
    // Row 5.
    let depth = PauseDepth::of_service(view);
    if let Some(value) = depth.annotation_value() {
        let shown = if value == "true" { "Paused" } else { "Freeze" };
        return Err(refuse(
            ActionError::AlreadyPaused,
            CheckId::PauseState,
            Line::new().word("depth", shown),
        ));
    }
    // Row 6.
    for key in MAILBOXES {
        if meta_annotation(&view.metadata, key).is_some() {
            return Err(refuse(
                ActionError::Pending,
                CheckId::RolloutMailbox,
                Line::new().word("annotation", key),
            ));
        }
    }
    // Rows 7–8.
    let active_run = isvc
        .raw
        .pointer("/status/rollout/activeRun")
        .is_some_and(|run| !run.is_null());
    let projection = project::project(&isvc.raw);
    check_projection(&projection, &replicas, active_run)?;
    if active_run {
        check_pinned(&isvc.raw, &replicas, now)?;
    }
    // Row 9.
    let work = count_work(&replicas, &native);
    let group_work = active_run
        && projection
            .groups
            .iter()
            .any(|g| HOLDABLE.contains(&g.phase));
    if work == WorkCounts::default() && !group_work {
        return Err(idle(view, &native, active_run));
    }
    // Row 10.
    let previous = meta_annotation(&view.metadata, ANNOTATION_ROLLOUT_PAUSED).map(String::from);
    if previous
        .as_deref()
        .is_some_and(|v| !v.is_empty() && !is_safe_scalar(v))
    {
        return Err(preview_safety("pauseValue"));
    }
    Ok(ActionPlan {
        action: RolloutAction::Pause,
        target: stamp_of_isvc(view),
        native,
        previous,
        depth,
        set: Some((ANNOTATION_ROLLOUT_PAUSED, "true".to_string())),
        removals: Vec::new(),
        records: Some(work),
        held: None,
    })
}

/// The projected group phases an active run holds (§1.5).
const HOLDABLE: [Phase; 12] = [
    Phase::Surging,
    Phase::Waiting,
    Phase::Shifting,
    Phase::Draining,
    Phase::ScalingDown,
    Phase::RollingBack,
    Phase::Paused,
    Phase::Canarying,
    Phase::Pending,
    Phase::Promoting,
    Phase::BlueGreenStandby,
    Phase::Updating,
];

/// One inspected IR.
struct Listed {
    ir: InferenceReplica,
    component: Component,
    rows: Vec<InstanceRow>,
}

/// The LIST of the service's InferenceReplicas was read, and read whole (also `release-held`'s
/// first check of its list).
pub(crate) fn check_list_read(
    list: &ReplicaCollection,
    namespace: &str,
    service: &str,
) -> Result<(), ActionFailure> {
    if let Some(error) = &list.error {
        let object = crate::errors::read_check::ReadObject {
            kind: crate::errors::read_check::ReadKind::InferenceReplicaList,
            namespace,
            name: service,
        };
        return Err(crate::evaluate::scale::read_failure(object, error).into());
    }
    if list.truncated {
        return Err(refuse(
            ActionError::Bounds,
            CheckId::InspectionBounds,
            Line::new()
                .word("object", "InferenceReplicaList")
                .word("limit", "items")
                .int("max", 32),
        ));
    }
    Ok(())
}

/// Rows 3–4: the LIST is complete and every listed IR passes replica inspection (siblings and
/// non-native components too); no two IRs share a component.
fn inspect_list(
    isvc: &InferenceService,
    list: &ReplicaCollection,
    native: &[Component],
    now: Timestamp,
) -> Result<Vec<Listed>, ActionFailure> {
    let ns = crate::ome::meta_namespace(&isvc.metadata);
    let name = crate::ome::meta_name(&isvc.metadata);
    check_list_read(list, ns, name)?;
    let mut seen = Vec::new();
    let mut listed = Vec::new();
    for raw in &list.items {
        let stale = |cause: &'static str| {
            let ir = raw
                .pointer("/metadata/name")
                .and_then(|v| v.as_str())
                .unwrap_or_default();
            refuse(
                ActionError::Stale,
                CheckId::ControllerFreshness,
                Line::new().name("ir", ir).word("cause", cause),
            )
        };
        let ir: Fetched<InferenceReplica> =
            Fetched::from_raw(raw.clone()).ok_or_else(|| stale("Identity"))?;
        let component = ir
            .view
            .spec
            .component
            .as_deref()
            .and_then(Component::parse)
            .ok_or_else(|| stale("Identity"))?;
        if seen.contains(&component) {
            return Err(stale("DuplicateComponent"));
        }
        seen.push(component);
        let facts = replica::inspect(&ir.view, &ir.raw, isvc, component, now)?;
        // Non-native IRs are inspected for identity and freshness; their rows never count.
        let rows = if native.contains(&component) {
            facts.rows
        } else {
            Vec::new()
        };
        listed.push(Listed {
            ir: ir.view,
            component,
            rows,
        });
    }
    Ok(listed)
}

/// Rows 7–8: rollout issues of every component, and an active run's pinned targets.
fn check_projection(
    projection: &crate::evaluate::rollout::model::RolloutProjection,
    replicas: &[Listed],
    active_run: bool,
) -> Result<(), ActionFailure> {
    for issue in &projection.issues {
        let reports_revision = |c: &str| {
            replicas.iter().any(|r| {
                r.component.as_str() == c
                    && r.ir
                        .status
                        .current_revision
                        .as_deref()
                        .is_some_and(|v| !v.is_empty())
            })
        };
        let tolerated_missing = !active_run
            && issue.code == IssueCode::ComponentStatusMissing
            && issue.group.is_none()
            && issue.component.as_deref().is_some_and(reports_revision);
        if tolerated_missing || issue.code.is_tolerated() {
            continue;
        }
        return Err(refuse(
            ActionError::Stale,
            CheckId::ControllerFreshness,
            Line::new().cause_with("RolloutIssue", CheckValue::Name(issue.code.to_string())),
        ));
    }
    Ok(())
}

/// Row 8: an active run's pinned work (scale.md Appendix A.2) against the listed IRs, named
/// with the contract's causes (`ActiveRunInvalid`, `PinnedTarget component=<c>`,
/// `CanaryEvidence`).
fn check_pinned(
    raw: &serde_json::Value,
    replicas: &[Listed],
    now: Timestamp,
) -> Result<(), ActionFailure> {
    let irs: Vec<(Component, &InferenceReplica)> =
        replicas.iter().map(|l| (l.component, &l.ir)).collect();
    let Err(refusal) = check_pinned_work(raw, &irs, now) else {
        return Ok(());
    };
    let cause = refusal
        .check
        .as_ref()
        .and_then(|c| c.evidence.first())
        .and_then(|line| line.0.iter().find(|f| f.key == "cause"))
        .map(|f| f.value.clone());
    let line = match cause {
        // A rollout issue keeps its own line (row 7's form).
        Some(CheckValue::Word(word)) if word.starts_with("RolloutIssue") => {
            return Err(refusal.into());
        }
        Some(CheckValue::Word("PinnedTarget")) => {
            let component = pinned_component(raw, replicas);
            Line::new()
                .word("cause", "PinnedTarget")
                .word("component", component)
        }
        Some(CheckValue::Word("PinnedCanary")) => Line::new().word("cause", "CanaryEvidence"),
        _ => Line::new().word("cause", "ActiveRunInvalid"),
    };
    Err(refuse(
        ActionError::Stale,
        CheckId::ControllerFreshness,
        line,
    ))
}

/// The first run target whose listed IR does not report it (`-` when none is found).
fn pinned_component(raw: &serde_json::Value, replicas: &[Listed]) -> &'static str {
    let Ok(run) = check_run(raw) else {
        return "-";
    };
    run.targets
        .iter()
        .find(|(component, target)| {
            let Some(listed) = replicas.iter().find(|l| l.component == *component) else {
                return true;
            };
            let status = &listed.ir.status;
            let update = status.update_revision.as_deref().unwrap_or_default();
            let revision = if update.is_empty() {
                status.current_revision.as_deref().unwrap_or_default()
            } else {
                update
            };
            let name = crate::ome::meta_name(&listed.ir.metadata);
            let reported = revision
                .strip_prefix(name)
                .and_then(|r| r.strip_prefix('-'))
                .unwrap_or(revision);
            reported != target
        })
        .map_or("-", |(component, _)| component.as_str())
}

/// §1.5: revisions pending, Instance operations and active migrations of native IRs.
fn count_work(replicas: &[Listed], native: &[Component]) -> WorkCounts {
    let mut counts = WorkCounts::default();
    for listed in replicas.iter().filter(|r| native.contains(&r.component)) {
        let status = &listed.ir.status;
        let update = status.update_revision.as_deref().unwrap_or_default();
        if !update.is_empty() && Some(update) != status.current_revision.as_deref() {
            counts.revisions_pending += 1;
        }
        counts.operations += listed
            .rows
            .iter()
            .filter(|row| holds_operation(row))
            .count();
        counts.migrations += status
            .migrations
            .iter()
            .filter(|m| {
                m.phase
                    .as_deref()
                    .is_some_and(|p| ACTIVE_MIGRATION_PHASES.contains(&p))
            })
            .count();
    }
    counts
}

/// Create, Update, Restart or Migrate, except Create or Restart on a `Failed` Instance.
fn holds_operation(row: &InstanceRow) -> bool {
    let Some(op) = &row.operation else {
        return false;
    };
    match op.type_.as_str() {
        "Update" | "Migrate" => true,
        "Create" | "Restart" => row.phase != "Failed",
        _ => false,
    }
}

fn idle(isvc: &InferenceService, native: &[Component], active_run: bool) -> ActionFailure {
    let names: Vec<&str> = native.iter().map(|c| c.as_str()).collect();
    let check = ScaleCheck::new(
        CheckId::IdleWork,
        Line::new()
            .words("native", names)
            .int("revisionsPending", 0)
            .int("operations", 0)
            .int("migrations", 0)
            .word("activeRun", if active_run { "present" } else { "absent" }),
    )
    .with_next(Next::Rollout {
        service: crate::ome::meta_name(&isvc.metadata).to_string(),
    });
    ActionError::Idle.because(check)
}

/// §1.4 row 11: the preview needs a safe context name and OME namespace and a target UID.
pub(crate) fn check_preview_identity(
    plan: &ActionPlan,
    context: &str,
    ome_namespace: &str,
) -> Result<(), ActionFailure> {
    let field = if !is_safe_scalar(context) {
        "context"
    } else if !is_safe_scalar(ome_namespace) {
        "omeNamespace"
    } else if plan.target.uid.is_empty() {
        "uid"
    } else {
        return Ok(());
    };
    let error = match plan.action {
        RolloutAction::ReleaseHeld => ActionError::HeldPreviewIdentity,
        _ => ActionError::PreviewIdentity,
    };
    Err(refuse(
        error,
        CheckId::PreviewSafety,
        Line::new().word("field", field),
    ))
}

/// The generic `ActionResult` (§0.7): no details object, no warnings.
pub(crate) type GenericActionResult = ActionResult<NoDetails>;

/// §1.8 / §2.5: the result as printed once the write (if any) is accepted.
pub(crate) fn build_result(
    plan: &ActionPlan,
    dry_run: DryRun,
    context: &str,
    collected_at: Timestamp,
) -> GenericActionResult {
    let target = &plan.target;
    let message = match (dry_run, &plan.held) {
        (DryRun::Client, _) => "Validated locally; no patch sent.",
        (DryRun::Server, _) => "API dry-run accepted; no changes persisted.",
        (DryRun::None, None) => "API accepted annotation request; convergence not observed.",
        (DryRun::None, Some(_)) => {
            "API accepted release annotation request; controller release/convergence not observed."
        }
    };
    let follow_up = match &plan.held {
        None => format!(
            "kubectl ome rollout status {} -n {} --context={}",
            target.name, target.namespace, context
        ),
        Some(held) => format!(
            "kubectl ome instance retry-blocks {} --component={} -n {} --context={}",
            held.service,
            held.component.as_str(),
            target.namespace,
            context
        ),
    };
    let kind = match plan.action {
        RolloutAction::ReleaseHeld => "InferenceReplica",
        _ => "InferenceService",
    };
    GenericActionResult {
        api_version: API_VERSION,
        kind: "ActionResult",
        collected_at: crate::ome::report::report_time(collected_at),
        action: plan.action.as_str(),
        target: ActionTarget {
            kind,
            namespace: target.namespace.clone(),
            name: target.name.clone(),
            uid: target.uid.clone(),
            resource_version: target.resource_version.clone(),
        },
        dry_run: dry_run.as_str(),
        request_id: None,
        revision_hash: plan.held.as_ref().map(|h| h.hash.clone()),
        accepted: dry_run != DryRun::Client,
        applied: dry_run == DryRun::None,
        message,
        follow_up,
        details: NoDetails {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn isvc(annotations: serde_json::Value) -> InferenceService {
        serde_json::from_value(json!({
            "metadata": {"name": "chat", "namespace": "prod", "uid": "u-1",
                         "resourceVersion": "7", "generation": 3, "annotations": annotations}
        }))
        .unwrap()
    }

    fn resume(annotations: serde_json::Value, discard: bool) -> Result<ActionPlan, String> {
        decide_resume(&isvc(annotations), vec![Component::Engine], discard).map_err(|f| {
            let lines = f
                .check
                .map(|c| c.lines_as("resume check: "))
                .unwrap_or_default();
            format!("{} | {}", lines.join(" / "), f.error)
        })
    }

    #[test]
    fn resume_clears_only_a_recognized_pause() {
        for (value, depth) in [
            (json!(null), "None"),
            (json!(""), "Unrecognized"),
            (json!("True"), "Unrecognized"),
            (json!("false"), "Unrecognized"),
            (json!("FREEZE"), "Unrecognized"),
        ] {
            let annotations = if value.is_null() {
                json!({})
            } else {
                json!({"ome.io/rollout-paused": value})
            };
            assert_eq!(
                resume(annotations, false).unwrap_err(),
                format!(
                    "resume check: pause-state depth={depth} | action refused: service has no recognized pause"
                )
            );
        }
        let plan = resume(json!({"ome.io/rollout-paused": "freeze"}), false).unwrap();
        assert_eq!(
            plan.removals,
            vec![(ANNOTATION_ROLLOUT_PAUSED, "freeze".to_string())]
        );
    }

    #[test]
    fn resume_refuses_a_mailbox_unless_discarded() {
        let annotations = json!({"ome.io/rollout-paused": "true", "ome.io/rollout-rollback": "",
                                 "ome.io/rollout-promote": "7f9c4d2b"});
        assert_eq!(
            resume(annotations.clone(), false).unwrap_err(),
            "resume check: rollout-mailbox annotation=ome.io/rollout-promote discard=false | action refused: a rollout promote or rollback mailbox is present"
        );
        let plan = resume(annotations, true).unwrap();
        assert_eq!(
            plan.removals,
            vec![
                (ANNOTATION_ROLLOUT_PAUSED, "true".to_string()),
                (ANNOTATION_ROLLOUT_PROMOTE, "7f9c4d2b".to_string()),
                (ANNOTATION_ROLLOUT_ROLLBACK, String::new()),
            ]
        );
        let unsafe_value = json!({"ome.io/rollout-paused": "true",
                                  "ome.io/rollout-promote": "a\u{1b}b"});
        assert!(
            resume(unsafe_value, true)
                .unwrap_err()
                .contains("preview-safety field=mailbox")
        );
    }
}
