//! The `AutoscaleStatusReport` content (read-commands.md §2.9). Field order is the documented
//! JSON key order; optional keys are omitted when absent.

use crate::ome::closed_set;
use crate::ome::pause::PauseDepth;
use crate::ome::report::{Source, SourceEvidence, SourceKind};
use serde::Serialize;

closed_set! {
    /// The service's STATE.
    pub(crate) enum ServiceState {
        Reported => "Reported",
        Partial => "Partial",
        Unavailable => "Unavailable",
        Invalid => "Invalid",
    }
}

closed_set! {
    /// A component's STATE.
    pub(crate) enum ComponentState {
        Reported => "Reported",
        Partial => "Partial",
        NotReported => "NotReported",
        Invalid => "Invalid",
    }
}

closed_set! {
    /// The evidence state of the target, the replica counts and the conditions.
    pub(crate) enum EvidenceState {
        Reported => "Reported",
        NotReported => "NotReported",
        Ambiguous => "Ambiguous",
        Unavailable => "Unavailable",
        Invalid => "Invalid",
    }
}

closed_set! {
    /// The autoscaler class the controller reports.
    pub(crate) enum Class {
        Hpa => "HPA",
        Keda => "KEDA",
        External => "External",
        None => "None",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// Who manages the scaler.
    pub(crate) enum ManagedBy {
        Ome => "ome",
        External => "external",
        None => "none",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// Where the autoscaler spec comes from.
    pub(crate) enum SpecSource {
        Isvc => "isvc",
        Policy => "policy",
        Runtime => "runtime",
        Legacy => "legacy",
        Default => "default",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// What the policy evidence shows.
    pub(crate) enum PolicyState {
        Current => "Current",
        Shadowed => "Shadowed",
        Held => "Held",
        Unresolved => "Unresolved",
        Unsupported => "Unsupported",
        Invalid => "Invalid",
    }
}

closed_set! {
    /// The evidence of a live read (`--live-scale`, `--live-scaler`).
    pub(crate) enum LiveEvidence {
        Reported => "Reported",
        NotSelected => "NotSelected",
        Unsupported => "Unsupported",
        Invalid => "Invalid",
        Unavailable => "Unavailable",
        Forbidden => "Forbidden",
        NotFound => "NotFound",
        Deleting => "Deleting",
        Stale => "Stale",
        Changed => "Changed",
    }
}

closed_set! {
    /// The live `/scale` counts against the controller-reported ones.
    pub(crate) enum CountComparison {
        Equal => "Equal",
        Drift => "Drift",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// Whether the live scaler's status is proven to be of its current generation.
    pub(crate) enum GenerationState {
        Matched => "Matched",
        Unproven => "Unproven",
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Summary {
    pub(crate) state: ServiceState,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PolicyEvidence {
    pub(crate) state: PolicyState,
    pub(crate) resolution: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) generation: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) portable_digest: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) render_digest: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Target {
    pub(crate) state: EvidenceState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) api_version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) namespace: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) name: Option<String>,
}

impl Target {
    pub(crate) fn is_ir(&self) -> bool {
        self.api_version.as_deref() == Some(crate::ome::API_VERSION)
            && self.kind.as_deref() == Some("InferenceReplica")
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Replicas {
    pub(crate) state: EvidenceState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) current_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) desired_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) last_scale_time: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LiveScale {
    pub(crate) evidence: LiveEvidence,
    pub(crate) count_comparison: CountComparison,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) spec_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) current_replicas: Option<i64>,
    /// The IR's projected pause depth (after-the-write.md §4.4); omitted for none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pause: Option<PauseDepth>,
}

/// `content.pause`: the service's declared pause depth (after-the-write.md §4.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Pause {
    pub(crate) depth: PauseDepth,
    pub(crate) evidence: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub(crate) struct ScalerCondition {
    #[serde(rename = "type")]
    pub(crate) type_: String,
    pub(crate) status: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LiveScaler {
    pub(crate) kind: Class,
    pub(crate) evidence: LiveEvidence,
    pub(crate) generation_state: GenerationState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) current_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) desired_replicas: Option<i64>,
    pub(crate) conditions: Vec<ScalerCondition>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ConditionItem {
    #[serde(rename = "type")]
    pub(crate) type_: String,
    pub(crate) status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) last_transition_time: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Conditions {
    pub(crate) state: EvidenceState,
    pub(crate) items: Vec<ConditionItem>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentReport {
    #[serde(rename = "type")]
    pub(crate) type_: String,
    pub(crate) state: ComponentState,
    pub(crate) class: Class,
    pub(crate) managed_by: ManagedBy,
    pub(crate) spec_source: SpecSource,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) policy: Option<PolicyEvidence>,
    pub(crate) target: Target,
    pub(crate) replicas: Replicas,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) live_scale: Option<LiveScale>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) live_scaler: Option<LiveScaler>,
    pub(crate) conditions: Conditions,
}

closed_set! {
    /// Issue codes (read-commands.md §2.4).
    pub(crate) enum IssueCode {
        UnknownComponentStatus => "UnknownComponentStatus",
        AutoscalerNotReported => "AutoscalerNotReported",
        ScaleTargetNotReported => "ScaleTargetNotReported",
        ClassInvalid => "ClassInvalid",
        ManagedByInvalid => "ManagedByInvalid",
        OwnershipMismatch => "OwnershipMismatch",
        SpecSourceInvalid => "SpecSourceInvalid",
        UnexpectedScalerEvidence => "UnexpectedScalerEvidence",
        ReplicaEvidenceAmbiguous => "ReplicaEvidenceAmbiguous",
        ReplicaEvidenceInvalid => "ReplicaEvidenceInvalid",
        ScaleTargetInvalid => "ScaleTargetInvalid",
        ConditionInvalid => "ConditionInvalid",
        ConditionConflict => "ConditionConflict",
        PolicyEvidenceInvalid => "PolicyEvidenceInvalid",
        PolicyConditionConflict => "PolicyConditionConflict",
        PauseProjectionPending => "PauseProjectionPending",
        PauseModeInvalid => "PauseModeInvalid",
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Issue {
    pub(crate) code: IssueCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<String>,
}

impl Issue {
    pub(crate) fn new(code: IssueCode, component: Option<&str>) -> Issue {
        Issue {
            code,
            component: component.map(str::to_string),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct AutoscaleContent {
    pub(crate) summary: Summary,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pause: Option<Pause>,
    pub(crate) components: Vec<ComponentReport>,
    pub(crate) issues: Vec<Issue>,
}

/// An autoscale source: `uid` and `generation` are always present (possibly empty/0).
pub(crate) fn source(
    kind: SourceKind,
    namespace: &str,
    name: &str,
    uid: &str,
    generation: i64,
    evidence: SourceEvidence,
) -> Source {
    let mut source = Source::named(kind, namespace, name).with_evidence(evidence);
    source.uid = Some(uid.to_string());
    source.generation = Some(generation);
    source
}

/// Sources sort by kind (service, IR, `/scale`, HPA, ScaledObject), then namespace, name, UID
/// and evidence.
pub(crate) fn source_order(a: &Source, b: &Source) -> std::cmp::Ordering {
    let kind_rank = |s: &Source| {
        [
            SourceKind::InferenceService,
            SourceKind::InferenceReplica,
            SourceKind::InferenceReplicaScale,
            SourceKind::HorizontalPodAutoscaler,
            SourceKind::ScaledObject,
        ]
        .iter()
        .position(|k| *k == s.kind)
        .unwrap_or(5)
    };
    let key = |s: &Source| {
        (
            kind_rank(s),
            s.namespace.clone(),
            s.name.clone(),
            s.uid.clone(),
            s.evidence.map(SourceEvidence::as_str),
        )
    };
    key(a).cmp(&key(b))
}

/// Everything the report needs: content, sources and whether `PartialData` applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AutoscaleProjection {
    pub(crate) content: AutoscaleContent,
    pub(crate) sources: Vec<Source>,
    pub(crate) partial: bool,
}
