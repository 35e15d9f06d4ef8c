//! The `ActionResult` of `scale` (scale.md §4): built from the plan after revalidation, before
//! the PATCH; `accepted`/`applied` are set from the dry-run mode once the write is accepted.

use super::prepare::Plan;
use super::selected::{LabelEvidence, SelectionFacts};
use crate::ome::closed_set;
use crate::ome::pause::PauseDepth;
use crate::ome::reads::Stamp;
use crate::ome::report::{self, API_VERSION, ActionTarget};
use crate::ome::request::DryRun;
use serde::Serialize;

/// The `ActionResult` of `scale`: the shared envelope with the `scale` object last.
pub(crate) type ActionResult = report::ActionResult<WithScale>;

/// The keys `scale` adds to the envelope.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct WithScale {
    pub(crate) scale: ScaleDetails,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ScaleDetails {
    pub(crate) component: &'static str,
    pub(crate) subresource: &'static str,
    pub(crate) field: &'static str,
    pub(crate) prior_replicas: i32,
    pub(crate) requested_replicas: i32,
    pub(crate) min_replicas: i32,
    pub(crate) max_replicas: i32,
    pub(crate) class: String,
    pub(crate) managed_by: &'static str,
    pub(crate) spec_source: &'static str,
    #[serde(rename = "override")]
    pub(crate) override_: bool,
    pub(crate) transient: bool,
    pub(crate) parent: Identity,
    /// `null` when empty (never, in practice).
    pub(crate) sources: Option<Vec<Identity>>,
    pub(crate) replica_generation: i64,
    pub(crate) parent_generation_stamp: i64,
    pub(crate) parent_freshness: &'static str,
    /// The service's pause depth (after-the-write.md §4.3); omitted when not paused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pause: Option<PauseDepth>,
    pub(crate) instances: Instances,
    /// `null` when there are none, as scale.md §4.2 and OME's website show it (website.md §3).
    pub(crate) issues: Option<Vec<ScaleIssue>>,
    pub(crate) warnings: Vec<ScaleWarning>,
    /// How the runtime was selected (runtime-selection.md §5.6); omitted for a named runtime.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) runtime_selection: Option<RuntimeSelection>,
}

closed_set! {
    /// The issues of a scale result.
    pub(crate) enum ScaleIssue {
        /// The IR's reported desired count differs from its `/scale` spec.
        ReportedDesiredCountDiscrepancy => "ReportedDesiredCountDiscrepancy",
    }
}

closed_set! {
    /// The warnings of a scale result (scale.md §4.2; the pause ones after-the-write.md §4.3,
    /// the pinned reads conformance.md §2.5), declared in the order the result lists them.
    pub(crate) enum ScaleWarning {
        AlphaAction => "AlphaAction",
        AutoscalerCanOverwrite => "AutoscalerCanOverwrite",
        /// The scale's proof read pinned sibling IRs.
        ConditionalPinnedIRReads => "ConditionalPinnedIRReads",
        LifecyclePaused => "LifecyclePaused",
        NotMultiObjectTransaction => "NotMultiObjectTransaction",
        PauseValueUnrecognized => "PauseValueUnrecognized",
        ScaleDownCanDrain => "ScaleDownCanDrain",
        TransientReplicaRequest => "TransientReplicaRequest",
        /// The runtime was selected the way OME selects it (runtime-selection.md §5.6).
        RuntimeAutoSelected => "RuntimeAutoSelected",
    }
}

/// `runtimeSelection`: the selected runtime, the model it was selected for, the snapshot's
/// size and what the IR's `serving-runtime` label said.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RuntimeSelection {
    pub(crate) source: &'static str,
    pub(crate) runtime: Identity,
    pub(crate) model: Identity,
    pub(crate) candidates: usize,
    pub(crate) label_evidence: LabelEvidence,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub(crate) struct Identity {
    pub(crate) kind: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) namespace: String,
    pub(crate) name: String,
    pub(crate) uid: String,
    pub(crate) generation: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Instances {
    pub(crate) replicas: i64,
    pub(crate) ready: i64,
    pub(crate) serving: i64,
    pub(crate) available: i64,
}

/// The warnings of every scale result.
const WARNINGS: [ScaleWarning; 5] = [
    ScaleWarning::AlphaAction,
    ScaleWarning::AutoscalerCanOverwrite,
    ScaleWarning::NotMultiObjectTransaction,
    ScaleWarning::ScaleDownCanDrain,
    ScaleWarning::TransientReplicaRequest,
];

fn identity(stamp: &Stamp) -> Identity {
    Identity {
        kind: stamp.kind.clone(),
        namespace: stamp.namespace.clone(),
        name: stamp.name.clone(),
        uid: stamp.uid.clone(),
        generation: stamp.generation,
    }
}

fn runtime_selection(facts: &SelectionFacts) -> RuntimeSelection {
    RuntimeSelection {
        source: "Selected",
        runtime: identity(&facts.runtime),
        model: identity(&facts.model),
        candidates: facts.candidates,
        label_evidence: facts.label,
    }
}

fn message(dry_run: DryRun) -> &'static str {
    match dry_run {
        DryRun::Client => "Validated locally; no scale patch sent.",
        DryRun::None => "API accepted transient scale request; convergence not observed.",
        DryRun::Server => "API dry-run accepted; no changes persisted.",
    }
}

/// The result as it will be printed once the write (if any) is accepted.
pub(crate) fn build_result(
    plan: &Plan,
    dry_run: DryRun,
    context: &str,
    collected_at: jiff::Timestamp,
) -> ActionResult {
    let ir = &plan.ir;
    ActionResult {
        api_version: API_VERSION,
        kind: "ActionResult",
        collected_at: collected_at.to_string(),
        action: "scale",
        target: ActionTarget {
            kind: "InferenceReplica",
            namespace: ir.namespace.clone(),
            name: ir.name.clone(),
            uid: ir.uid.clone(),
            resource_version: ir.resource_version.clone(),
        },
        dry_run: dry_run.as_str(),
        request_id: None,
        revision_hash: None,
        accepted: dry_run != DryRun::Client,
        applied: dry_run == DryRun::None,
        message: message(dry_run),
        follow_up: format!(
            "kubectl ome autoscale status {} -n {} --context={}",
            plan.isvc.name, plan.isvc.namespace, context
        ),
        details: WithScale {
            scale: scale_details(plan),
        },
    }
}

/// The warning a pause adds (never a refusal: scale-down is how capacity is shed while paused).
fn pause_warning(pause: PauseDepth) -> Option<ScaleWarning> {
    match pause {
        PauseDepth::None => None,
        PauseDepth::Paused | PauseDepth::Freeze => Some(ScaleWarning::LifecyclePaused),
        PauseDepth::Unrecognized => Some(ScaleWarning::PauseValueUnrecognized),
    }
}

/// The `scale` block: the request, the verified ownership and bounds, the identities the
/// plan was checked against, and the reported Instances.
fn scale_details(plan: &Plan) -> ScaleDetails {
    let mut sources: Vec<Identity> = plan
        .sources
        .iter()
        .map(identity)
        .chain(plan.siblings.iter().map(|s| Identity {
            kind: "InferenceReplica".to_string(),
            namespace: s.namespace.clone(),
            name: s.name.clone(),
            uid: s.uid.clone(),
            generation: s.generation,
        }))
        .collect();
    sources.sort_by_key(|s| format!("{}/{}/{}", s.kind, s.namespace, s.name));
    sources.dedup();
    let mut issues = plan.issues.clone();
    issues.sort_unstable_by_key(|i| i.as_str());
    issues.dedup();
    let pause = PauseDepth::of_service(&plan.isvc_view);
    let mut warnings = WARNINGS.to_vec();
    warnings.extend(pause_warning(pause));
    if !plan.siblings.is_empty() {
        warnings.push(ScaleWarning::ConditionalPinnedIRReads);
    }
    if plan.selection.is_some() {
        warnings.push(ScaleWarning::RuntimeAutoSelected);
    }
    warnings.sort_unstable_by_key(|w| w.as_str());
    let ir = &plan.ir;
    ScaleDetails {
        component: plan.component.as_str(),
        subresource: "/scale",
        field: "spec.replicas",
        prior_replicas: ir.prior_replicas,
        requested_replicas: plan.requested,
        min_replicas: plan.resolution.min,
        max_replicas: plan.resolution.max,
        class: plan.resolution.class.clone(),
        managed_by: plan.resolution.managed_by,
        spec_source: plan.resolution.spec_source,
        override_: true,
        transient: true,
        parent: Identity {
            kind: "InferenceService".to_string(),
            namespace: plan.isvc.namespace.clone(),
            name: plan.isvc.name.clone(),
            uid: plan.isvc.uid.clone(),
            generation: plan.isvc.generation,
        },
        sources: (!sources.is_empty()).then_some(sources),
        replica_generation: ir.generation,
        parent_generation_stamp: ir.parent_stamp,
        parent_freshness: "Unverifiable",
        pause: (pause != PauseDepth::None).then_some(pause),
        instances: Instances {
            replicas: ir.replicas,
            ready: ir.ready,
            serving: ir.serving,
            available: ir.available,
        },
        issues: (!issues.is_empty()).then_some(issues),
        warnings,
        runtime_selection: plan.selection.as_ref().map(runtime_selection),
    }
}
