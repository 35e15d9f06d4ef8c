//! `autoscale explain` projection (diagnose.md §2.4): the desired autoscaling of each component
//! of the controller-selected active runtime configuration, next to what the parent reports
//! (the `autoscale status` projection), and where they disagree. Pure.

pub(crate) mod desired;
pub(crate) mod report;
pub(crate) mod selected;

pub(crate) use report::{ExplainContent, ExplainReport};

use crate::evaluate::autoscale_status::model::{ComponentState, EvidenceState};
use crate::evaluate::autoscale_status::{
    self, Class, ComponentReport, ManagedBy, ServiceState, SpecSource,
};
use crate::evaluate::deployment_mode::{self, VIRTUAL_DEPLOYMENT};
use crate::evaluate::scale::runtime::{ActiveRuntime, Origin};
use crate::ome::Component;
use crate::ome::reads::{RuntimeScope, Stamp};
use crate::ome::report::{Report, Source, SourceEvidence, SourceKind, WarningCode, report_time};
use crate::ome::runtime::RuntimeSpec;
use crate::ome::{Fetched, InferenceService, meta_name, meta_namespace};
use report::{
    ActiveConfiguration, ComponentExplain, DesiredState, Freshness, Inheritance, Issue, IssueCode,
    ObjectRef, Reconciliation, ReconciliationState, Reported, ReportedState, RevisionRef,
    ScalingPolicy, ScalingPolicyState, State, Summary,
};

/// An object of the active configuration as it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RuntimeObject {
    pub(crate) kind: SourceKind,
    pub(crate) namespace: Option<String>,
    pub(crate) name: String,
    pub(crate) uid: Option<String>,
    pub(crate) generation: Option<i64>,
}

/// The active runtime configuration the controller renders from (`None` for a virtual
/// service, whose runtime is not read).
#[derive(Debug, Clone)]
pub(crate) struct Active<'a> {
    pub(crate) origin: Origin,
    /// The runtime the service names (its identity observed only with a live origin).
    pub(crate) runtime: RuntimeObject,
    /// The pinned ControllerRevision of a revision origin.
    pub(crate) revision: Option<RuntimeObject>,
    /// The `ome.io/inherit-from` parents, child first.
    pub(crate) parents: Vec<RuntimeObject>,
    pub(crate) spec: &'a RuntimeSpec,
    /// The model a selected runtime was selected for (`None` for a named runtime).
    pub(crate) model: Option<RuntimeObject>,
    /// Why a selected runtime's chain could not be observed.
    pub(crate) inheritance_unavailable: Option<&'static str>,
}

/// The explain view of a resolved active configuration: the runtime the service names, its
/// pinned revision, and (live only) its parents, child first.
pub(crate) fn active_of<'a>(isvc: &InferenceService, active: &'a ActiveRuntime) -> Active<'a> {
    let object = |stamp: &Stamp| RuntimeObject {
        kind: known_kind(&stamp.kind),
        namespace: (!stamp.namespace.is_empty()).then(|| stamp.namespace.clone()),
        name: stamp.name.clone(),
        uid: (!stamp.uid.is_empty()).then(|| stamp.uid.clone()),
        generation: (stamp.generation > 0).then_some(stamp.generation),
    };
    match active.origin {
        Origin::LiveRuntime => {
            // Stamps are root first; the runtime the service names is the last.
            let mut chain: Vec<RuntimeObject> = active.stamps.iter().rev().map(object).collect();
            let runtime = if chain.is_empty() {
                named_runtime(isvc, &active.scope)
            } else {
                chain.remove(0)
            };
            Active {
                origin: Origin::LiveRuntime,
                runtime,
                revision: None,
                parents: chain,
                spec: &active.spec,
                model: None,
                inheritance_unavailable: None,
            }
        }
        Origin::ControllerRevision => Active {
            origin: Origin::ControllerRevision,
            runtime: named_runtime(isvc, &active.scope),
            revision: active.stamps.first().map(object),
            parents: Vec::new(),
            spec: &active.spec,
            model: None,
            inheritance_unavailable: None,
        },
    }
}

/// The runtime `spec.runtime` names, where the lookup found it (its identity not observed).
fn named_runtime(isvc: &InferenceService, scope: &RuntimeScope) -> RuntimeObject {
    let runtime = isvc.spec.runtime.clone().unwrap_or_default();
    RuntimeObject {
        kind: scope.kind.into(),
        namespace: (!scope.namespace.is_empty()).then(|| scope.namespace.clone()),
        name: runtime.name.unwrap_or_default(),
        uid: None,
        generation: None,
    }
}

fn known_kind(kind: &str) -> SourceKind {
    match kind {
        "ServingRuntime" => SourceKind::ServingRuntime,
        "ControllerRevision" => SourceKind::ControllerRevision,
        _ => SourceKind::ClusterServingRuntime,
    }
}

pub(crate) fn project(
    isvc: &Fetched<InferenceService>,
    active: Option<&Active<'_>>,
    now: jiff::Timestamp,
) -> ExplainReport {
    let view = &isvc.view;
    let collected_at = report_time(now);
    let freshness = freshness(view);
    let (policy, policy_codes) = scaling_policy(view, active);
    let mut service_codes: Vec<IssueCode> = policy_codes;
    let status = autoscale_status::project(view);
    let status_state = status.content.summary.state;
    if freshness == Freshness::Current && status_state == ServiceState::Invalid {
        service_codes.push(IssueCode::StatusInvalid);
    }
    let mut components = Vec::new();
    let mut issues: Vec<Issue> = Vec::new();
    for c in active_components(view) {
        let explained = component(view, active, c, freshness, &status.content.components);
        for code in &explained.issues {
            issues.push(Issue {
                code: *code,
                component: Some(c.as_str()),
            });
        }
        components.push(explained);
    }
    if freshness == Freshness::Current {
        for reported in &status.content.components {
            if !components.iter().any(|c| c.type_ == reported.type_) {
                let component = Component::parse(&reported.type_).map(Component::as_str);
                issues.push(Issue {
                    code: IssueCode::ReportedComponentUnexpected,
                    component,
                });
            }
        }
    }
    for c in &mut components {
        c.issues.extend(service_codes.iter().copied());
        // By the code as shown, so the listed order is alphabetical.
        c.issues.sort_unstable_by_key(|code| code.as_str());
        c.issues.dedup();
    }
    issues.extend(service_codes.iter().map(|code| Issue {
        code: *code,
        component: None,
    }));
    issues.sort_by_key(|i| (i.component.map_or(3, Component::rank), i.code.as_str()));
    issues.dedup();
    // A reported component the runtime does not declare is a mismatch (diagnose.md §2).
    let unexpected = issues
        .iter()
        .any(|i| i.code == IssueCode::ReportedComponentUnexpected);
    let state = summary_state(&policy, freshness, status_state, &components, unexpected);
    let warnings = warnings(freshness, state, &policy, &components);
    let content = ExplainContent {
        summary: Summary {
            state,
            status_freshness: freshness,
        },
        active_configuration: configuration(active),
        scaling_policy: policy,
        components,
        issues,
    };
    let mut report = Report::new(
        report::KIND,
        meta_namespace(&view.metadata),
        meta_name(&view.metadata),
        collected_at.clone(),
        content,
    )
    .with_warnings(warnings);
    report.sources = sources(view, active, &collected_at);
    report
}

/// Stale or unobserved status, an unsupported configuration, a partial or invalid result.
fn warnings(
    freshness: Freshness,
    state: State,
    policy: &ScalingPolicy,
    components: &[ComponentExplain],
) -> Vec<WarningCode> {
    let mut warnings = Vec::new();
    if matches!(freshness, Freshness::Stale | Freshness::Unobserved) {
        warnings.push(WarningCode::StaleEvidence);
    }
    if unsupported(policy, components) {
        warnings.push(WarningCode::UnsupportedConfiguration);
    }
    if matches!(state, State::Partial | State::Invalid) {
        warnings.push(WarningCode::PartialData);
    }
    warnings
}

/// A scaling policy or a component's desired autoscaling this tool cannot explain.
fn unsupported(policy: &ScalingPolicy, components: &[ComponentExplain]) -> bool {
    policy.state == ScalingPolicyState::Unsupported
        || components
            .iter()
            .any(|c| c.desired.state == DesiredState::Unsupported)
}

fn freshness(isvc: &InferenceService) -> Freshness {
    Freshness::of_observed(
        isvc.metadata.generation.unwrap_or(0),
        isvc.status.observed_generation.unwrap_or(0),
    )
}

/// The engine, and the decoder and router when the service declares them.
fn active_components(isvc: &InferenceService) -> Vec<Component> {
    Component::ALL
        .into_iter()
        .filter(|c| *c == Component::Engine || isvc.spec.component(c.as_str()).is_some())
        .collect()
}

fn scaling_policy(
    isvc: &InferenceService,
    active: Option<&Active<'_>>,
) -> (ScalingPolicy, Vec<IssueCode>) {
    let runtime_mode =
        active.and_then(|a| a.spec.scaling_policy.as_ref().and_then(|p| p.mode.clone()));
    let (mode, source) = match (
        isvc.spec
            .scaling_policy
            .as_ref()
            .and_then(|p| p.mode.clone()),
        runtime_mode,
    ) {
        (Some(mode), _) if !mode.is_empty() => (mode, "isvc"),
        (_, Some(mode)) if !mode.is_empty() => (mode, "runtime"),
        _ => ("Independent".to_string(), "default"),
    };
    match mode.as_str() {
        "Independent" => (
            ScalingPolicy {
                state: ScalingPolicyState::Supported,
                mode,
                source,
            },
            Vec::new(),
        ),
        "Proportional" | "Pinned" => (
            ScalingPolicy {
                state: ScalingPolicyState::Unsupported,
                mode,
                source,
            },
            vec![IssueCode::ScalingPolicyUnsupported],
        ),
        _ => (
            ScalingPolicy {
                state: ScalingPolicyState::Invalid,
                mode: "Unknown".to_string(),
                source,
            },
            vec![IssueCode::ScalingPolicyInvalid],
        ),
    }
}

fn component(
    isvc: &InferenceService,
    active: Option<&Active<'_>>,
    c: Component,
    freshness: Freshness,
    status: &[ComponentReport],
) -> ComponentExplain {
    let (mode, runtime) = match active {
        None => (
            deployment_mode::Resolution {
                mode: VIRTUAL_DEPLOYMENT.to_string(),
                source: "ServiceAnnotation",
                origin: "InferenceService",
            },
            None,
        ),
        Some(a) => (
            deployment_mode::resolve(isvc, a.spec, a.origin.as_str(), c),
            Some(a.spec),
        ),
    };
    let resolved = desired::resolve(&desired::Inputs {
        isvc,
        runtime,
        component: c,
        mode: &mode.mode,
    });
    let mut codes = resolved.codes;
    let reported = reported(
        freshness,
        status.iter().find(|r| r.type_ == c.as_str()),
        &mut codes,
    );
    let reconciliation = reconcile(&resolved.desired, &reported, &mut codes);
    ComponentExplain {
        type_: c.as_str(),
        deployment_mode: mode.mode,
        deployment_mode_source: mode.source,
        desired: resolved.desired,
        reported,
        reconciliation: Reconciliation {
            state: reconciliation,
        },
        issues: codes,
    }
}

fn reported(
    freshness: Freshness,
    component: Option<&ComponentReport>,
    codes: &mut Vec<IssueCode>,
) -> Reported {
    let bare = |state| Reported {
        state,
        class: None,
        managed_by: None,
        spec_source: None,
        target: None,
        replicas: None,
        conditions: None,
    };
    match freshness {
        Freshness::Stale => {
            codes.push(IssueCode::StatusStale);
            return bare(ReportedState::Unavailable);
        }
        Freshness::Unobserved => {
            codes.push(IssueCode::StatusUnobserved);
            return bare(ReportedState::Unavailable);
        }
        Freshness::Invalid => {
            codes.push(IssueCode::StatusInvalid);
            return bare(ReportedState::Invalid);
        }
        Freshness::Current => {}
    }
    let Some(c) = component.filter(|c| c.state != ComponentState::NotReported) else {
        codes.push(IssueCode::StatusNotReported);
        return bare(ReportedState::NotReported);
    };
    let state = match c.state {
        ComponentState::Invalid => {
            codes.push(IssueCode::ReportedEvidenceInvalid);
            ReportedState::Invalid
        }
        ComponentState::Partial => {
            codes.push(IssueCode::ReportedEvidencePartial);
            ReportedState::Available
        }
        ComponentState::Reported | ComponentState::NotReported => ReportedState::Available,
    };
    let mut replicas = c.replicas.clone();
    if !matches!(
        replicas.state,
        EvidenceState::Reported | EvidenceState::Ambiguous
    ) {
        replicas.current_replicas = None;
        replicas.desired_replicas = None;
        replicas.last_scale_time = None;
    }
    Reported {
        state,
        class: Some(c.class),
        managed_by: Some(c.managed_by),
        spec_source: Some(c.spec_source),
        target: Some(c.target.clone()),
        replicas: Some(replicas),
        conditions: Some(c.conditions.clone()),
    }
}

/// The reconciliation state, adding the mismatch codes (diagnose.md §2.4).
fn reconcile(
    desired: &report::Desired,
    reported: &Reported,
    codes: &mut Vec<IssueCode>,
) -> ReconciliationState {
    match desired.state {
        DesiredState::Invalid => return ReconciliationState::Invalid,
        DesiredState::Unavailable | DesiredState::Unsupported => {
            return ReconciliationState::Unavailable;
        }
        DesiredState::Resolved => {}
    }
    match reported.state {
        ReportedState::Invalid => return ReconciliationState::Invalid,
        ReportedState::Unavailable => return ReconciliationState::Unavailable,
        ReportedState::NotReported => return ReconciliationState::NotReported,
        ReportedState::Available => {}
    }
    let mut mismatch = false;
    let mut differs = |reported: Option<&'static str>, desired: &str, code: IssueCode| {
        if reported != Some(desired) {
            codes.push(code);
            mismatch = true;
        }
    };
    differs(
        reported.class.map(Class::as_str),
        &desired.class,
        IssueCode::ReportedClassMismatch,
    );
    differs(
        reported.managed_by.map(ManagedBy::as_str),
        desired.managed_by,
        IssueCode::ReportedOwnershipMismatch,
    );
    differs(
        reported.spec_source.map(SpecSource::as_str),
        desired.spec_source,
        IssueCode::ReportedSpecSourceMismatch,
    );
    let reported_target = reported
        .target
        .as_ref()
        .filter(|t| t.state == EvidenceState::Reported);
    let Some(target) = reported_target else {
        return if mismatch {
            ReconciliationState::ReportedMismatch
        } else {
            ReconciliationState::NotReported
        };
    };
    let same_target = desired.target.as_ref().is_some_and(|d| {
        target.api_version.as_deref() == Some(d.api_version.as_str())
            && target.kind.as_deref() == Some(d.kind.as_str())
            && target.name.as_deref() == Some(d.name.as_str())
    });
    if !same_target {
        codes.push(IssueCode::ReportedTargetMismatch);
        mismatch = true;
    }
    if mismatch {
        ReconciliationState::ReportedMismatch
    } else {
        ReconciliationState::Consistent
    }
}

fn summary_state(
    policy: &ScalingPolicy,
    freshness: Freshness,
    status_state: ServiceState,
    components: &[ComponentExplain],
    unexpected: bool,
) -> State {
    let current = freshness == Freshness::Current;
    let any = |f: &dyn Fn(&ComponentExplain) -> bool| components.iter().any(f);
    let reconciled = |state| any(&|c| c.reconciliation.state == state);
    if policy.state == ScalingPolicyState::Invalid
        || freshness == Freshness::Invalid
        || (current && status_state == ServiceState::Invalid)
        || reconciled(ReconciliationState::Invalid)
    {
        State::Invalid
    } else if unsupported(policy, components) {
        State::Unsupported
    } else if unexpected || reconciled(ReconciliationState::ReportedMismatch) {
        State::ReportedMismatch
    } else if !current
        || matches!(
            status_state,
            ServiceState::Partial | ServiceState::Unavailable
        )
        || any(&|c| c.reconciliation.state != ReconciliationState::Consistent)
    {
        State::Partial
    } else {
        State::Consistent
    }
}

fn object_ref(object: &RuntimeObject, observed: bool) -> ObjectRef {
    ObjectRef {
        api_version: crate::ome::API_VERSION,
        kind: object.kind.to_string(),
        namespace: object.namespace.clone().unwrap_or_default(),
        name: object.name.clone(),
        uid: object.uid.clone().filter(|_| observed),
        generation: object.generation.filter(|_| observed),
    }
}

fn configuration(active: Option<&Active<'_>>) -> ActiveConfiguration {
    let Some(Active {
        origin,
        runtime,
        revision,
        parents,
        model,
        inheritance_unavailable,
        ..
    }) = active
    else {
        return ActiveConfiguration {
            state: "Unavailable",
            origin: None,
            consistency: None,
            runtime: None,
            revision: None,
            inheritance: None,
            selection: None,
        };
    };
    let live = *origin == Origin::LiveRuntime;
    ActiveConfiguration {
        state: "Available",
        origin: Some(origin.as_str()),
        consistency: Some("Consistent"),
        runtime: Some(object_ref(runtime, live)),
        revision: revision.as_ref().map(|r| RevisionRef {
            namespace: r.namespace.clone().unwrap_or_default(),
            name: r.name.clone(),
            uid: r.uid.clone(),
            role: "Active",
        }),
        inheritance: Some(if let Some(reason) = inheritance_unavailable {
            Inheritance {
                state: "Unavailable",
                unavailable_reason: Some(reason),
                sources: Vec::new(),
            }
        } else if live {
            Inheritance {
                state: "Observed",
                unavailable_reason: None,
                sources: parents.iter().map(|p| object_ref(p, true)).collect(),
            }
        } else {
            Inheritance {
                state: "NotRecorded",
                unavailable_reason: None,
                sources: Vec::new(),
            }
        }),
        selection: model.as_ref().map(|_| "Selected"),
    }
}

fn sources(
    isvc: &InferenceService,
    active: Option<&Active<'_>>,
    collected_at: &str,
) -> Vec<Source> {
    let source = |object: &RuntimeObject, evidence: SourceEvidence| {
        let observed = evidence == SourceEvidence::Observed;
        let mut source = Source::named(
            object.kind,
            object.namespace.as_deref().unwrap_or_default(),
            &object.name,
        )
        .with_evidence(evidence)
        .at(collected_at);
        if observed {
            source.uid = object.uid.clone();
            source.generation = object.generation;
        }
        source
    };
    let meta = &isvc.metadata;
    let mut out = vec![Source::of_object(
        SourceKind::InferenceService,
        meta,
        SourceEvidence::Observed,
        collected_at,
    )];
    if let Some(Active {
        origin,
        runtime,
        revision,
        parents,
        model,
        ..
    }) = active
    {
        let live = *origin == Origin::LiveRuntime;
        out.push(source(
            runtime,
            if live {
                SourceEvidence::Observed
            } else {
                SourceEvidence::Computed
            },
        ));
        out.extend(revision.iter().map(|r| source(r, SourceEvidence::Observed)));
        out.extend(parents.iter().map(|p| source(p, SourceEvidence::Observed)));
        out.extend(model.iter().map(|m| source(m, SourceEvidence::Observed)));
    }
    out
}

#[cfg(test)]
pub(crate) mod tests;
