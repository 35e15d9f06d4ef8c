//! `scale` during an active rollout run (conformance.md §2): which sibling InferenceReplicas
//! stage 2 reads (decided from the stage-1 service alone, so the reads join stage 2), their
//! proof (§2.2), the pinned-work check of preparation step 8 (§2.3) and their revalidation
//! (§2.4). Each refusal names its check (§2.6).

use super::checks::{binding, refuse, stale};
use super::{read_failure, replica};
use crate::errors::read_check::{ReadKind, ReadObject};
use crate::errors::scale_check::{CheckId, Evidence as Line};
use crate::errors::{Refusal, ScaleError};
use crate::evaluate::rollout::project;
use crate::evaluate::rollout::project::pinned::{ValidRun, check_run};
use crate::ome::evidence::ApiError;
use crate::ome::isvc::ScaleTargetRef;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::rollout_digest::canary_target_id;
use crate::ome::{Component, Fetched, InferenceReplica, InferenceService, meta_name};
use jiff::Timestamp;
use serde_json::Value;

/// At most this many targets (scale.md §2.4).
const MAX_TARGETS: usize = 3;

/// A sibling IR proved in stage 2, kept for the result and its revalidation.
#[derive(Debug, Clone)]
pub(crate) struct Sibling {
    pub(crate) component: Component,
    pub(crate) namespace: String,
    pub(crate) name: String,
    pub(crate) uid: String,
    pub(crate) generation: i64,
    pub(crate) raw: Value,
}

fn active_run(isvc: &Value) -> Option<&Value> {
    isvc.pointer("/status/rollout/activeRun")
        .filter(|run| !run.is_null())
}

fn target_count(isvc: &Value) -> usize {
    isvc.pointer("/status/rollout/activeRun/targetRevisions")
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

/// The status `scaleTargetRef` of `component`, when it is well formed (§2.2 step 2).
fn target_ref(isvc: &InferenceService, component: Component) -> Option<String> {
    let reference: &ScaleTargetRef = isvc
        .status
        .components
        .get(component.as_str())?
        .scale_target_ref
        .as_ref()?;
    let name = reference.name.as_deref()?;
    (reference.is_inference_replica() && is_dns1123_subdomain(name)).then(|| name.to_string())
}

/// Stage 2's sibling reads: with a valid run of at most 3 targets, the IR each other target's
/// own well-formed `scaleTargetRef` names, in target order (0–2 names, each DNS-1123).
pub(crate) fn sibling_names(isvc: &Fetched<InferenceService>, selected: Component) -> Vec<String> {
    if active_run(&isvc.raw).is_none() || target_count(&isvc.raw) > MAX_TARGETS {
        return Vec::new();
    }
    let Ok(run) = check_run(&isvc.raw) else {
        return Vec::new();
    };
    run.targets
        .iter()
        .filter(|(c, _)| *c != selected)
        .filter_map(|(c, _)| target_ref(&isvc.view, *c))
        .collect()
}

/// §2.2: with an active run, the run must check out and every target's IR be proven; the
/// selected IR is the one collected in stage 1, the others are the sibling reads `reads`
/// (by name). Nothing is checked without a run.
pub(crate) fn prove_siblings(
    isvc: &Fetched<InferenceService>,
    selected: Component,
    selected_ir: &str,
    reads: &[(String, Result<Value, ApiError>)],
    now: Timestamp,
) -> Result<Vec<Sibling>, Refusal> {
    if active_run(&isvc.raw).is_none() {
        return Ok(Vec::new());
    }
    let run = match check_run(&isvc.raw) {
        Ok(run) if target_count(&isvc.raw) <= MAX_TARGETS => run,
        _ => return Err(run_invalid()),
    };
    let mut siblings = Vec::new();
    for (component, _) in &run.targets {
        let Some(name) = target_ref(&isvc.view, *component) else {
            return Err(refuse(
                ScaleError::ScaleEvidence,
                CheckId::ReplicaBinding,
                Line::new()
                    .word("component", component.as_str())
                    .word("cause", "PinnedScaleTargetRef"),
            ));
        };
        if *component == selected {
            if name != selected_ir {
                return Err(binding(selected_ir, "PinnedScaleTargetRef", Line::new()));
            }
            continue;
        }
        let read = reads.iter().find(|(n, _)| *n == name).map(|(_, r)| r);
        siblings.push(prove_sibling(isvc, *component, &name, read, now)?);
    }
    Ok(siblings)
}

fn run_invalid() -> Refusal {
    refuse(
        ScaleError::Stale,
        CheckId::ControllerFreshness,
        Line::new().word("cause", "PinnedRunInvalid"),
    )
}

fn sibling_field(name: &str, field: &'static str) -> Refusal {
    binding(name, "PinnedSibling", Line::new().word("field", field))
}

/// One sibling: read, bound to its reference and component, inspected like the selected IR
/// (its own active work is not refused), and asking for at least one Instance.
fn prove_sibling(
    isvc: &Fetched<InferenceService>,
    component: Component,
    name: &str,
    read: Option<&Result<Value, ApiError>>,
    now: Timestamp,
) -> Result<Sibling, Refusal> {
    let object = ReadObject {
        kind: ReadKind::InferenceReplica,
        namespace: crate::ome::meta_namespace(&isvc.view.metadata),
        name,
    };
    let raw = match read {
        None => return Err(sibling_field(name, "name")),
        Some(read) => read.clone().map_err(|e| read_failure(object, &e))?,
    };
    let ir: Fetched<InferenceReplica> =
        Fetched::from_raw(raw).ok_or_else(|| binding(name, "IRUnreadable", Line::new()))?;
    if ir.view.metadata.name.as_deref() != Some(name) {
        return Err(sibling_field(name, "name"));
    }
    if ir.view.spec.component.as_deref() != Some(component.as_str()) {
        return Err(sibling_field(name, "component"));
    }
    replica::inspect(&ir.view, &ir.raw, &isvc.view, component, now)?;
    if ir.view.spec.replicas.is_none_or(|r| r < 1) {
        return Err(sibling_field(name, "spec.replicas"));
    }
    let meta = &ir.view.metadata;
    Ok(Sibling {
        component,
        namespace: meta.namespace.clone().unwrap_or_default(),
        name: name.to_string(),
        uid: meta.uid.clone().unwrap_or_default(),
        generation: meta.generation.unwrap_or(0),
        raw: ir.raw,
    })
}

/// §2.3: the pinned-work check of preparation step 8, with the selected IR and the proven
/// siblings as `irs`.
pub(crate) fn check_pinned_work(
    isvc: &Value,
    irs: &[(Component, &InferenceReplica)],
    now: Timestamp,
) -> Result<(), Refusal> {
    let projection = project::project(isvc);
    if let Some(issue) = projection.issues.iter().find(|i| !i.code.is_tolerated()) {
        return Err(refuse(
            ScaleError::Stale,
            CheckId::ControllerFreshness,
            Line::new().cause_with(
                "RolloutIssue",
                crate::errors::scale_check::CheckValue::Name(issue.code.to_string()),
            ),
        ));
    }
    let run = check_run(isvc).map_err(|_| run_invalid())?;
    if run.pinned_at > now {
        return Err(refuse(
            ScaleError::Stale,
            CheckId::ControllerFreshness,
            Line::new().word("cause", "PinnedAtFuture"),
        ));
    }
    check_targets(&run, irs)?;
    check_canaries(isvc, &run, now)
}

/// Step 4: each target's collected IR reports the target revision.
fn check_targets(run: &ValidRun, irs: &[(Component, &InferenceReplica)]) -> Result<(), Refusal> {
    for (component, target) in &run.targets {
        let Some((_, ir)) = irs.iter().find(|(c, _)| c == component) else {
            return Err(refuse(
                ScaleError::Stale,
                CheckId::ControllerFreshness,
                Line::new()
                    .word("cause", "PinnedTarget")
                    .name("target", target.clone())
                    .name("reported", "-"),
            ));
        };
        let name = meta_name(&ir.metadata);
        let update = ir.status.update_revision.as_deref().unwrap_or_default();
        let revision = if update.is_empty() {
            ir.status.current_revision.as_deref().unwrap_or_default()
        } else {
            update
        };
        let reported = revision
            .strip_prefix(name)
            .and_then(|r| r.strip_prefix('-'))
            .unwrap_or(revision);
        if reported != target {
            return Err(stale(
                name,
                "PinnedTarget",
                Line::new()
                    .name("target", target.clone())
                    .name("reported", if reported.is_empty() { "-" } else { reported }),
            ));
        }
    }
    Ok(())
}

fn pinned_canary(field: &'static str) -> Refusal {
    refuse(
        ScaleError::Stale,
        CheckId::ControllerFreshness,
        Line::new()
            .word("cause", "PinnedCanary")
            .word("field", field),
    )
}

/// Step 5: every pinned canary group is bound by the top-level `status.canary`.
fn check_canaries(isvc: &Value, run: &ValidRun, now: Timestamp) -> Result<(), Refusal> {
    let groups = isvc
        .pointer("/status/rollout/activeRun/plan/groups")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    for entry in groups {
        let group = &entry["group"];
        if group.get("canary").is_none_or(Value::is_null) {
            continue;
        }
        let members: Vec<Component> = group["components"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c.as_str().and_then(Component::parse))
            .collect();
        // Members unique and supported (the run check already proved them).
        let primary = [Component::Router, Component::Engine, Component::Decoder]
            .into_iter()
            .find(|c| members.contains(c));
        let status = isvc
            .pointer("/status/canary")
            .filter(|c| c.is_object())
            .ok_or_else(|| pinned_canary("status.canary"))?;
        let revision_of = |c: Component| {
            run.targets
                .iter()
                .find(|(t, _)| *t == c)
                .map(|(_, r)| r.as_str())
        };
        let canary_hash = status["canaryRevisionHash"].as_str();
        if primary.and_then(revision_of).is_none() || primary.and_then(revision_of) != canary_hash {
            return Err(pinned_canary("canaryRevisionHash"));
        }
        let id = canary_target_id(members.iter().map(|c| c.as_str()), |c| {
            Component::parse(c).and_then(revision_of)
        });
        if id.is_none() || id.as_deref() != status["targetID"].as_str() {
            return Err(pinned_canary("targetID"));
        }
        for field in [
            "stepEnteredTime",
            "lastEvaluationTime",
            "lastConclusiveEvaluationTime",
        ] {
            let Some(value) = status.get(field).filter(|v| !v.is_null()) else {
                continue;
            };
            let time = value.as_str().and_then(|t| {
                let parsed: Timestamp = t.parse().ok()?;
                (!crate::evaluate::read::is_zero_time(t) && parsed <= now).then_some(parsed)
            });
            if time.is_none() {
                return Err(pinned_canary(field));
            }
        }
    }
    Ok(())
}

/// §2.4: a sibling re-read at revalidation must be the very object proven.
pub(crate) fn revalidate_sibling(
    isvc: &InferenceService,
    sibling: &Sibling,
    read: Option<&Result<Value, ApiError>>,
    now: Timestamp,
) -> Result<(), Refusal> {
    let object = ReadObject {
        kind: ReadKind::InferenceReplica,
        namespace: &sibling.namespace,
        name: &sibling.name,
    };
    let raw = match read {
        None => return Err(sibling_field(&sibling.name, "name")),
        Some(read) => read.clone().map_err(|e| read_failure(object, &e))?,
    };
    let ir: Fetched<InferenceReplica> = Fetched::from_raw(raw)
        .ok_or_else(|| binding(&sibling.name, "IRUnreadable", Line::new()))?;
    if ir.view.metadata.name.as_deref() != Some(sibling.name.as_str()) {
        return Err(sibling_field(&sibling.name, "name"));
    }
    if ir.view.spec.component.as_deref() != Some(sibling.component.as_str()) {
        return Err(sibling_field(&sibling.name, "component"));
    }
    if ir.view.spec.replicas.is_none_or(|r| r < 1) {
        return Err(sibling_field(&sibling.name, "spec.replicas"));
    }
    replica::inspect(&ir.view, &ir.raw, isvc, sibling.component, now)?;
    let same = |pointer: &str| ir.raw.pointer(pointer) == sibling.raw.pointer(pointer);
    let unchanged = [
        "/metadata/uid",
        "/metadata/resourceVersion",
        "/metadata/generation",
        "/spec",
        "/status",
        "/metadata/ownerReferences",
        "/metadata/annotations",
    ]
    .iter()
    .all(|p| same(p));
    if unchanged {
        Ok(())
    } else {
        Err(stale(&sibling.name, "IRChangedSinceRead", Line::new()))
    }
}
