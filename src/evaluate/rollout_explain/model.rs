//! The `RolloutExplainReport` content (rollout-explain.md §2.1). Field order is the documented
//! JSON key order; `?` keys are omitted when empty. The strategy and gate vocabularies are the
//! rollout projection's (`evaluate::rollout::model`).

use crate::evaluate::rollout::RolloutProjection;
use crate::evaluate::rollout::model::{Gate, Strategy};
use crate::ome::closed_set;
use serde::Serialize;

closed_set! {
    /// Whether the effective plan is the live spec or the pinned plan of an active run.
    pub(crate) enum PlanMode {
        Live => "Live",
        Pinned => "Pinned",
    }
}

closed_set! {
    /// Where a plan, a condition, a hold or a reference comes from.
    pub(crate) enum Evidence {
        Declared => "Declared",
        Reported => "Reported",
        Unavailable => "Unavailable",
    }
}

closed_set! {
    /// The state of `RolloutPlanReady` / `RolloutPlanDrift` after §2.3.
    pub(crate) enum ConditionState {
        True => "True",
        False => "False",
        Unknown => "Unknown",
        Unobserved => "Unobserved",
        Invalid => "Invalid",
    }
}

closed_set! {
    /// The reasons of `RolloutPlanReady` and `RolloutPlanDrift` the projection accepts;
    /// `Unknown` only beside `Invalid`.
    pub(crate) enum PlanReason {
        Pinned => "Pinned",
        NoActiveRun => "NoActiveRun",
        PolicyNotFound => "PolicyNotFound",
        PolicyNotReady => "PolicyNotReady",
        ProgressionMismatch => "ProgressionMismatch",
        PlanInvalid => "PlanInvalid",
        ProviderUnbound => "ProviderUnbound",
        InSync => "InSync",
        SpecNewerThanRun => "SpecNewerThanRun",
        PolicyNewerThanRun => "PolicyNewerThanRun",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// Where a plan group's progression is read from.
    pub(crate) enum PlanSource {
        Inline => "Inline",
        Policy => "Policy",
        Defaulted => "Defaulted",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// How the group's progression was chosen.
    pub(crate) enum Origin {
        Configured => "Configured",
        Defaulted => "Defaulted",
        Policy => "Policy",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// Where a setting's value comes from.
    pub(crate) enum SettingSource {
        Configured => "Configured",
        Defaulted => "Defaulted",
        Unresolved => "Unresolved",
    }
}

closed_set! {
    /// Whether a setting takes effect in the plan's shape (§2.5).
    pub(crate) enum Effect {
        Applied => "Applied",
        IgnoredFinalGroup => "IgnoredFinalGroup",
        IgnoredSingleComponent => "IgnoredSingleComponent",
        IgnoredPlanShape => "IgnoredPlanShape",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// One of the three views of the plan.
    pub(crate) enum View {
        Declared => "Declared",
        Live => "Live",
        Effective => "Effective",
    }
}

closed_set! {
    /// A policy reference's progression, as the API writes it.
    pub(crate) enum Progression {
        Canary => "canary",
        BlueGreen => "blueGreen",
        RollingUpdate => "rollingUpdate",
    }
}

impl Progression {
    /// The plan strategy the progression runs.
    pub(crate) fn strategy(self) -> Strategy {
        match self {
            Progression::Canary => Strategy::Canary,
            Progression::BlueGreen => Strategy::BlueGreen,
            Progression::RollingUpdate => Strategy::RollingUpdate,
        }
    }

    /// The progression of a plan strategy (none for `Unknown` and the observed-only ones).
    pub(crate) fn of(strategy: Strategy) -> Option<Progression> {
        match strategy {
            Strategy::Canary => Some(Progression::Canary),
            Strategy::BlueGreen => Some(Progression::BlueGreen),
            Strategy::RollingUpdate => Some(Progression::RollingUpdate),
            _ => None,
        }
    }
}

closed_set! {
    /// What a canary step does when its analysis is inconclusive (README difference ag: an
    /// unrecognised value is `Unknown`, never `Hold`).
    pub(crate) enum OnInconclusive {
        Hold => "Hold",
        Rollback => "Rollback",
        RollbackOnStall => "RollbackOnStall",
        Unknown => "Unknown",
    }
}

closed_set! {
    /// What holds a rollout (§2.6), in the canonical order.
    pub(crate) enum HoldKind {
        CanaryPreStep => "CanaryPreStep",
        GlobalPause => "GlobalPause",
        ObservedPaused => "ObservedPaused",
        PlanParked => "PlanParked",
    }
}

closed_set! {
    /// The explain issues (§2.7), in the canonical (alphabetical) order.
    pub(crate) enum IssueCode {
        ActiveRunMalformed => "ActiveRunMalformed",
        DeclaredPlanMalformed => "DeclaredPlanMalformed",
        EffectivePlanMalformed => "EffectivePlanMalformed",
        LivePlanMalformed => "LivePlanMalformed",
        PlanConditionMalformed => "PlanConditionMalformed",
        PlanTruncated => "PlanTruncated",
        PolicyBodyUnavailable => "PolicyBodyUnavailable",
        ResolutionMalformed => "ResolutionMalformed",
        ResolutionMissing => "ResolutionMissing",
    }
}

/// `summary.effectivePlan`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct EffectivePlan {
    pub(crate) mode: PlanMode,
    pub(crate) evidence: Evidence,
}

/// `summary.planReady` and `summary.planDrift`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct PlanCondition {
    pub(crate) state: ConditionState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<PlanReason>,
    pub(crate) evidence: Evidence,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ExplainSummary {
    pub(crate) effective_plan: EffectivePlan,
    pub(crate) plan_ready: PlanCondition,
    pub(crate) plan_drift: PlanCondition,
}

/// A RolloutPolicy reference (`policy`, `shadowedPolicy`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct PolicyRef {
    /// Always `RolloutPolicy`: a reference of another kind is dropped.
    pub(crate) kind: &'static str,
    pub(crate) name: String,
    pub(crate) progression: Progression,
    #[serde(skip_serializing_if = "is_zero")]
    pub(crate) generation: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) digest: Option<String>,
    pub(crate) evidence: Evidence,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// The one kind a policy reference may name.
pub(crate) const ROLLOUT_POLICY: &str = "RolloutPolicy";

/// A setting of a group (`soak`, a budget, the ratio tolerance).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Setting {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) value: Option<String>,
    pub(crate) source: SettingSource,
    pub(crate) effect: Effect,
}

impl Setting {
    pub(crate) fn new(value: Option<String>, source: SettingSource) -> Setting {
        Setting {
            value,
            source,
            effect: Effect::Applied,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Budgets {
    pub(crate) max_surge: Setting,
    pub(crate) max_unavailable: Setting,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Ratio {
    pub(crate) tolerance: Setting,
}

/// A canary step's analysis: counts and timings only (no metric name or query).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct StepAnalysis {
    pub(crate) metric_count: usize,
    pub(crate) interval: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) initial_delay: Option<String>,
    pub(crate) failure_limit: i64,
    pub(crate) on_inconclusive: OnInconclusive,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct PlanStep {
    /// 0-based.
    pub(crate) index: usize,
    /// `N` or `N%`; `""` when invalid.
    pub(crate) capacity: String,
    pub(crate) traffic: i64,
    pub(crate) gate: Gate,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pause: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) analysis: Option<StepAnalysis>,
}

/// One group of a view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PlanGroup {
    pub(crate) index: usize,
    pub(crate) evidence: Evidence,
    pub(crate) source: PlanSource,
    pub(crate) strategy: Strategy,
    pub(crate) progression_origin: Origin,
    pub(crate) defaulted: bool,
    pub(crate) components: Vec<String>,
    pub(crate) order: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) policy: Option<PolicyRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) shadowed_policy: Option<PolicyRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) portable_digest: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) soak: Option<Setting>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) rolling_update: Option<Budgets>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) maintain_ratio: Option<Ratio>,
    pub(crate) steps: Vec<PlanStep>,
}

/// What holds the rollout (§2.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Hold {
    pub(crate) kind: HoldKind,
    pub(crate) evidence: Evidence,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) group: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) step: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<String>,
}

impl Hold {
    /// Kind, then group (absent first), step, component, evidence (§2.8).
    pub(crate) fn key(
        &self,
    ) -> (
        HoldKind,
        Option<usize>,
        Option<usize>,
        Option<&str>,
        Evidence,
    ) {
        (
            self.kind,
            self.group,
            self.step,
            self.component.as_deref(),
            self.evidence,
        )
    }
}

/// An explain issue (§2.7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct ExplainIssue {
    pub(crate) code: IssueCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) view: Option<View>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) group: Option<usize>,
}

impl ExplainIssue {
    /// Code, then view (absent first), then group (absent first), each as shown.
    pub(crate) fn key(&self) -> (&'static str, Option<&'static str>, Option<usize>) {
        (self.code.as_str(), self.view.map(View::as_str), self.group)
    }
}

/// The `content` of a `RolloutExplainReport`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutExplain {
    pub(crate) summary: ExplainSummary,
    pub(crate) declared_groups: Vec<PlanGroup>,
    pub(crate) live_groups: Vec<PlanGroup>,
    pub(crate) effective_groups: Vec<PlanGroup>,
    pub(crate) observed: RolloutProjection,
    pub(crate) holds: Vec<Hold>,
    pub(crate) issues: Vec<ExplainIssue>,
}
