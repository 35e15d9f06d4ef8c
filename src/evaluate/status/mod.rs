//! `status` projection (diagnose.md §3.3): the readiness story of a service, from its status,
//! its Pods, the Warning events of the service and its unhealthy Pods, the active runtime and
//! the accelerator classes its components selected. Pure.

pub(crate) mod events;
mod families;
pub(crate) mod pods;
pub(crate) mod report;

pub(crate) use report::{StatusContent, StatusReport};

use crate::evaluate::condition;
use crate::evaluate::condition::Validity;
use crate::evaluate::scale::runtime::Origin;
use crate::ome::Component;
use crate::ome::evidence::ApiError;
use crate::ome::listing::{EventTarget, Listed, TargetEvents};
use crate::ome::report::report_time;
use crate::ome::report::{Report, Source, SourceEvidence, SourceKind};
use crate::ome::request::ConditionStatus;
use crate::ome::{Fetched, InferenceService, meta_name, meta_namespace};
use report::{Code, ComponentStatus, Issue, Observation, ObservationState, Ready};

/// Issues listed at most; more collapse into `CollectionLimitExceeded`.
const MAX_ISSUES: usize = 64;

/// What the runtime reads established.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RuntimeEvidence {
    /// The service names no runtime: the controller selects one, which is not probed.
    AutoSelection,
    /// A virtual service: no runtime is read.
    Virtual,
    /// A runtime or pin read failed.
    ReadFailed,
    /// The reads succeeded but do not bind to one active configuration.
    Invalid,
    Resolved {
        name: String,
        kind: &'static str,
        origin: Origin,
        pin: &'static str,
    },
}

/// One AcceleratorClass a component selected, and its read.
#[derive(Debug, Clone)]
pub(crate) struct AcceleratorRead {
    pub(crate) component: Component,
    pub(crate) class: String,
    pub(crate) read: Result<serde_json::Value, ApiError>,
}

/// Every read, as collected.
#[derive(Debug, Clone)]
pub(crate) struct Evidence<'a> {
    pub(crate) isvc: &'a Fetched<InferenceService>,
    /// The service's Pod LIST.
    pub(crate) pods: Listed,
    pub(crate) events: Vec<TargetEvents>,
    /// Unhealthy or other Pods beyond the target limit.
    pub(crate) skipped_targets: usize,
    pub(crate) runtime: RuntimeEvidence,
    pub(crate) accelerators: Vec<AcceleratorRead>,
}

/// The objects whose events are read: the service, then at most 15 accepted Pods (deleting,
/// not Running or not Ready first). Returns the targets and how many Pods were left out.
pub(crate) fn event_targets(
    isvc: &InferenceService,
    accepted: &pods::Accepted,
) -> (Vec<EventTarget>, usize) {
    let mut targets = vec![EventTarget {
        kind: "InferenceService",
        name: meta_name(&isvc.metadata).to_string(),
        uid: crate::ome::meta_uid(&isvc.metadata).to_string(),
    }];
    let (pods, skipped) = pods::targets(&accepted.pods);
    targets.extend(pods.into_iter().map(|p| EventTarget {
        kind: "Pod",
        name: p.name.clone(),
        uid: p.uid.clone(),
    }));
    (targets, skipped)
}

/// The AcceleratorClasses to read: those the components selected, only for a service that is
/// not virtual and names a runtime that resolved (the accelerator family's base). Anything
/// else reads none: a reader without cluster-scoped rights would only collect Forbidden noise
/// about classes the report cannot use.
pub(crate) fn accelerators_to_read(
    raw: &serde_json::Value,
    runtime: &RuntimeEvidence,
) -> Vec<(Component, String)> {
    if matches!(runtime, RuntimeEvidence::Resolved { .. }) {
        selected_accelerators(raw)
    } else {
        Vec::new()
    }
}

/// The AcceleratorClasses named in the engine and decoder status (at most 2).
pub(crate) fn selected_accelerators(raw: &serde_json::Value) -> Vec<(Component, String)> {
    [Component::Engine, Component::Decoder]
        .into_iter()
        .filter_map(|c| {
            let selected = raw.pointer(&format!(
                "/status/components/{}/selectedAccelerator",
                c.as_str()
            ))?;
            let name = selected
                .as_str()
                .or_else(|| selected.get("name").and_then(serde_json::Value::as_str))?;
            crate::ome::names::is_dns1123_subdomain(name).then(|| (c, name.to_string()))
        })
        .collect()
}

pub(crate) fn project(evidence: &Evidence<'_>, now: jiff::Timestamp) -> StatusReport {
    let isvc = &evidence.isvc.view;
    let namespace = meta_namespace(&isvc.metadata).to_string();
    let name = meta_name(&isvc.metadata).to_string();
    let collected_at = report_time(now);
    let mut issues: Vec<Code> = Vec::new();

    let accepted = pods::accept(&evidence.pods.items, &namespace, &name);
    issues.extend(accepted.issues.iter().copied());
    let pods = pod_observation(&evidence.pods, &accepted);
    let kept = events::accept(&namespace, &evidence.events, now);
    issues.extend(kept.issues.iter().copied());
    let events = event_observation(&evidence.events, &kept, evidence.skipped_targets);

    let generation = isvc.metadata.generation.unwrap_or(0);
    let observed = isvc.status.observed_generation.unwrap_or(0);
    if generation < 0 || observed < 0 || observed > generation {
        issues.push(Code::InvalidGeneration);
    }
    let families = families::project(evidence, &mut issues);
    issues.sort_unstable_by_key(|c| c.as_str());
    issues.dedup();
    if issues.len() > MAX_ISSUES {
        issues = vec![Code::CollectionLimitExceeded];
    }
    let content = StatusContent {
        ready: ready(evidence.isvc, now),
        runtime: isvc
            .spec
            .runtime
            .as_ref()
            .and_then(|r| r.name.clone())
            .filter(|n| !n.is_empty()),
        model: isvc
            .spec
            .model
            .as_ref()
            .and_then(|m| m.name.clone())
            .filter(|n| !n.is_empty()),
        generation,
        observed_generation: observed,
        generation_freshness: "Unverifiable",
        components: components(
            evidence.isvc,
            &accepted,
            pods.state == ObservationState::Unavailable,
            now,
        ),
        pods,
        events,
        recent_events: kept.events,
        rollout: families.rollout,
        autoscale: families.autoscale,
        placement: families.placement,
        traffic: families.traffic,
        runtime_summary: families.runtime,
        accelerator: families.accelerator,
        issues: issues.into_iter().map(|code| Issue { code }).collect(),
    };
    let mut report = Report::new(
        report::KIND,
        &namespace,
        &name,
        collected_at.clone(),
        content,
    );
    report.sources = vec![
        Source::named(SourceKind::InferenceService, &namespace, &name)
            .with_generation(generation)
            .with_evidence(SourceEvidence::Observed)
            .at(&collected_at),
    ];
    report
}

fn pod_observation(read: &Listed, accepted: &pods::Accepted) -> Observation {
    let count = accepted.pods.len();
    let (state, reason, truncated) = match &read.error {
        Some(error) if read.items.is_empty() => (
            ObservationState::Unavailable,
            Some(events::failure_reason(error)),
            false,
        ),
        Some(_) => (ObservationState::Partial, None, true),
        None if read.truncated => (ObservationState::Partial, None, true),
        None if !accepted.issues.is_empty() => {
            (ObservationState::Partial, Some("MalformedPayload"), false)
        }
        None => (ObservationState::Reported, None, false),
    };
    Observation {
        state,
        reason,
        count,
        truncated,
        skipped_targets: None,
    }
}

fn event_observation(
    reads: &[TargetEvents],
    kept: &events::Accepted,
    skipped: usize,
) -> Observation {
    let failed = reads.iter().filter(|r| r.listed.error.is_some()).count();
    let truncated = kept.truncated || skipped > 0;
    let (state, reason) = if !reads.is_empty() && failed == reads.len() {
        (
            ObservationState::Unavailable,
            kept.failures.first().copied(),
        )
    } else if failed > 0 {
        (ObservationState::Partial, kept.failures.first().copied())
    } else if truncated || !kept.issues.is_empty() {
        (ObservationState::Partial, None)
    } else {
        (ObservationState::Reported, None)
    };
    Observation {
        state,
        reason,
        count: kept.events.len(),
        truncated,
        skipped_targets: (skipped > 0).then_some(skipped),
    }
}

/// Status, validity and (only from a valid record) reason and message of a condition type.
fn condition_of(
    isvc: &Fetched<InferenceService>,
    type_: &str,
    now: jiff::Timestamp,
) -> (
    &'static str,
    Validity,
    Option<String>,
    Option<String>,
    condition::Inspection,
) {
    let observation = condition::evaluate_type(&isvc.raw, type_, ConditionStatus::True, now)
        .unwrap_or_else(|why| condition::unreadable(&isvc.raw, why));
    let observed = observation.observed;
    let record = isvc
        .view
        .status
        .conditions
        .iter()
        .find(|c| c.type_ == type_)
        .filter(|_| observed.validity == Validity::Valid);
    let text =
        |v: Option<&String>, max: usize| v.filter(|s| !s.is_empty()).map(|s| events::shown(s, max));
    (
        observed.status,
        observed.validity,
        text(record.and_then(|c| c.reason.as_ref()), 1024),
        text(record.and_then(|c| c.message.as_ref()), 1024),
        observed.inspection,
    )
}

fn ready(isvc: &Fetched<InferenceService>, now: jiff::Timestamp) -> Ready {
    let (status, validity, reason, message, inspection) = condition_of(isvc, "Ready", now);
    Ready {
        status,
        validity: validity.as_str(),
        reason,
        message,
        inspection,
    }
}

fn title(c: Component) -> &'static str {
    match c {
        Component::Engine => "EngineReady",
        Component::Decoder => "DecoderReady",
        Component::Router => "RouterReady",
    }
}

/// A row for each component declared in the spec or seen among the Pods.
fn components(
    isvc: &Fetched<InferenceService>,
    accepted: &pods::Accepted,
    pods_unavailable: bool,
    now: jiff::Timestamp,
) -> Vec<ComponentStatus> {
    let seen = pods::components(&accepted.pods);
    Component::ALL
        .into_iter()
        .filter(|c| isvc.view.spec.component(c.as_str()).is_some() || seen.contains(c))
        .map(|c| {
            let (ready, validity, reason, _, _) = condition_of(isvc, title(c), now);
            ComponentStatus {
                type_: c.as_str().to_string(),
                ready,
                validity: validity.as_str(),
                reason,
                pods: pods::counts(&accepted.pods, c),
                evidence: if pods_unavailable {
                    "Unavailable"
                } else {
                    "Observed"
                },
            }
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests;
