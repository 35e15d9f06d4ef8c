//! The `AutoscaleExplainReport` shape (diagnose.md §2.4, §2.5): field order is the JSON key
//! order.

use crate::evaluate::autoscale_status::{
    Class, Conditions, ManagedBy, Replicas, SpecSource, Target as ReportedTarget,
};
use crate::ome::closed_set;
pub(crate) use crate::ome::report::ObjectRef;
use crate::ome::report::Report;
use serde::Serialize;

pub(crate) const KIND: &str = "AutoscaleExplainReport";

pub(crate) type ExplainReport = Report<ExplainContent>;

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ExplainContent {
    pub(crate) summary: Summary,
    pub(crate) active_configuration: ActiveConfiguration,
    pub(crate) scaling_policy: ScalingPolicy,
    pub(crate) components: Vec<ComponentExplain>,
    pub(crate) issues: Vec<Issue>,
}

closed_set! {
    /// What the report as a whole found, worst first.
    pub(crate) enum State {
        Invalid => "Invalid",
        Unsupported => "Unsupported",
        ReportedMismatch => "ReportedMismatch",
        Partial => "Partial",
        Consistent => "Consistent",
    }
}

/// `status.observedGeneration` against `metadata.generation`.
pub(crate) use crate::ome::report::Freshness;

closed_set! {
    /// `scalingPolicy.state`: only `Independent` scaling is supported.
    pub(crate) enum ScalingPolicyState {
        Supported => "Supported",
        Unsupported => "Unsupported",
        Invalid => "Invalid",
    }
}

closed_set! {
    /// `desired.state` of one component.
    pub(crate) enum DesiredState {
        Resolved => "Resolved",
        Unavailable => "Unavailable",
        Unsupported => "Unsupported",
        Invalid => "Invalid",
    }
}

closed_set! {
    /// `desired.bounds.state`.
    pub(crate) enum BoundsState {
        Resolved => "Resolved",
        Unavailable => "Unavailable",
        Invalid => "Invalid",
    }
}

closed_set! {
    /// `desired.scaleToZero`: only KEDA can scale to zero.
    pub(crate) enum ScaleToZero {
        NotRequested => "NotRequested",
        Eligible => "Eligible",
        Unsupported => "Unsupported",
        Invalid => "Invalid",
        Unavailable => "Unavailable",
    }
}

closed_set! {
    /// `reported.state`: the `autoscale status` evidence, usable only when `Available`.
    pub(crate) enum ReportedState {
        Available => "Available",
        NotReported => "NotReported",
        Unavailable => "Unavailable",
        Invalid => "Invalid",
    }
}

closed_set! {
    /// `reconciliation.state`: desired against reported.
    pub(crate) enum ReconciliationState {
        Consistent => "Consistent",
        ReportedMismatch => "ReportedMismatch",
        NotReported => "NotReported",
        Unavailable => "Unavailable",
        Invalid => "Invalid",
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Summary {
    pub(crate) state: State,
    pub(crate) status_freshness: Freshness,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RevisionRef {
    pub(crate) namespace: String,
    pub(crate) name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) uid: Option<String>,
    pub(crate) role: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Inheritance {
    pub(crate) state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unavailable_reason: Option<&'static str>,
    pub(crate) sources: Vec<ObjectRef>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ActiveConfiguration {
    pub(crate) state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) origin: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) consistency: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) runtime: Option<ObjectRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) revision: Option<RevisionRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) inheritance: Option<Inheritance>,
    /// `Selected` for a runtime OME selects (runtime-selection.md §6.1); omitted when named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) selection: Option<&'static str>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct ScalingPolicy {
    pub(crate) state: ScalingPolicyState,
    pub(crate) mode: String,
    pub(crate) source: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Target {
    pub(crate) api_version: String,
    pub(crate) kind: String,
    pub(crate) name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Bounds {
    pub(crate) state: BoundsState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) min_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) max_replicas: Option<i64>,
}

impl Bounds {
    pub(crate) fn state(state: BoundsState) -> Bounds {
        Bounds {
            state,
            min_replicas: None,
            max_replicas: None,
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Desired {
    pub(crate) state: DesiredState,
    pub(crate) class: String,
    pub(crate) managed_by: &'static str,
    pub(crate) spec_source: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) target: Option<Target>,
    pub(crate) bounds: Bounds,
    pub(crate) scale_to_zero: ScaleToZero,
    /// `null` for a policy or an unresolved source.
    pub(crate) metric_count: Option<i64>,
    pub(crate) trigger_count: Option<i64>,
}

/// What the parent reports, as `autoscale status` projects it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Reported {
    pub(crate) state: ReportedState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) class: Option<Class>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) managed_by: Option<ManagedBy>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) spec_source: Option<SpecSource>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) target: Option<ReportedTarget>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) replicas: Option<Replicas>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) conditions: Option<Conditions>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct Reconciliation {
    pub(crate) state: ReconciliationState,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentExplain {
    #[serde(rename = "type")]
    pub(crate) type_: &'static str,
    pub(crate) deployment_mode: String,
    pub(crate) deployment_mode_source: &'static str,
    pub(crate) desired: Desired,
    pub(crate) reported: Reported,
    pub(crate) reconciliation: Reconciliation,
    pub(crate) issues: Vec<IssueCode>,
}

closed_set! {
    /// Issue codes of `autoscale explain` (read-commands.md §3).
    pub(crate) enum IssueCode {
        ReportedEvidenceInvalid => "ReportedEvidenceInvalid",
        StatusInvalid => "StatusInvalid",
        PolicyReferenceInvalid => "PolicyReferenceInvalid",
        ReplicaBoundsInvalid => "ReplicaBoundsInvalid",
        LegacyAutoscalerInvalid => "LegacyAutoscalerInvalid",
        AutoscalerClassInvalid => "AutoscalerClassInvalid",
        KEDATriggersRequired => "KEDATriggersRequired",
        KEDAIdleNotBelowMinimum => "KEDAIdleNotBelowMinimum",
        HPAMetricMalformed => "HPAMetricMalformed",
        KEDAConfigurationInvalid => "KEDAConfigurationInvalid",
        ReservedHPANameCollision => "ReservedHPANameCollision",
        ScaleToZeroInvalid => "ScaleToZeroInvalid",
        ScalingPolicyInvalid => "ScalingPolicyInvalid",
        DeploymentModeUnsupported => "DeploymentModeUnsupported",
        ScalingPolicyUnsupported => "ScalingPolicyUnsupported",
        ReportedClassMismatch => "ReportedClassMismatch",
        ReportedOwnershipMismatch => "ReportedOwnershipMismatch",
        ReportedSpecSourceMismatch => "ReportedSpecSourceMismatch",
        ReportedTargetMismatch => "ReportedTargetMismatch",
        ReportedComponentUnexpected => "ReportedComponentUnexpected",
        PolicyResolutionUnavailable => "PolicyResolutionUnavailable",
        StatusStale => "StatusStale",
        StatusUnobserved => "StatusUnobserved",
        StatusNotReported => "StatusNotReported",
        ReportedEvidencePartial => "ReportedEvidencePartial",
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct Issue {
    pub(crate) code: IssueCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<&'static str>,
}
