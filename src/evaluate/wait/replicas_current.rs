//! `replicas=current` (§4.5): the component's IR both asks for and reports exactly N logical
//! Instances, at one verified IR snapshot.

use super::Validity;
use super::identity::{is_deleting, is_owned_child};
use crate::ome::Component;
use crate::ome::closed_set;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::replica::INSTANCE_PHASES;
use crate::ome::request::IrBinding;
use crate::ome::{InferenceReplica, InferenceService, InstanceEncoding, meta_name, meta_uid};
use serde::Serialize;
use std::collections::BTreeSet;

/// Row limit for decoding the IR's Instance status.
pub(crate) const MAX_ROWS: usize = 20_000;

closed_set! {
    pub(crate) enum ScaleReason {
        ReplicaScaleMatched => "ReplicaScaleMatched",
        ReplicaScaleNotMatched => "ReplicaScaleNotMatched",
        ReplicaScaleNotRecorded => "ReplicaScaleNotRecorded",
        UnsupportedReplicaScaleTarget => "UnsupportedReplicaScaleTarget",
        InvalidReplicaScaleEvidence => "InvalidReplicaScaleEvidence",
    }
}

closed_set! {
    pub(crate) enum Freshness {
        Current => "Current",
        Stale => "Stale",
        Unavailable => "Unavailable",
    }
}

/// `content.scale`. Counts and encoding are present only when validity is Valid.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ScaleObservation {
    pub(crate) component: Component,
    pub(crate) requested: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) spec_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) current_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) ready_replicas: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) encoding: Option<InstanceEncoding>,
    pub(crate) validity: Validity,
    pub(crate) freshness: Freshness,
    #[serde(skip)]
    pub(crate) reason: ScaleReason,
}

impl ScaleObservation {
    /// No verified count (also the state before the first observation).
    pub(crate) fn unavailable(component: Component, requested: i32, reason: ScaleReason) -> Self {
        ScaleObservation {
            component,
            requested,
            spec_replicas: None,
            current_replicas: None,
            ready_replicas: None,
            encoding: None,
            validity: Validity::Unavailable,
            freshness: Freshness::Unavailable,
            reason,
        }
    }

    fn invalid(component: Component, requested: i32) -> Self {
        ScaleObservation {
            validity: Validity::Invalid,
            ..Self::unavailable(
                component,
                requested,
                ScaleReason::InvalidReplicaScaleEvidence,
            )
        }
    }
}

/// Which IR to read, decided from the parent status (§4.5 step 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Selection {
    Read(String),
    Refused(ScaleReason),
}

/// Step 2: the IR named by `scaleTargetRef`, or `--ir-name` when the status agrees.
pub(crate) fn select_ir(
    parent: &InferenceService,
    component: Component,
    bound: Option<&IrBinding>,
) -> Selection {
    if is_deleting(parent) {
        return Selection::Refused(ScaleReason::ReplicaScaleNotRecorded);
    }
    let target = parent
        .status
        .components
        .get(component.as_str())
        .and_then(|c| c.scale_target_ref.as_ref());
    match (target, bound) {
        (Some(t), _) if !t.is_inference_replica() => {
            Selection::Refused(ScaleReason::UnsupportedReplicaScaleTarget)
        }
        (Some(t), Some(b)) if t.name.as_deref() != Some(b.name.as_str()) => {
            Selection::Refused(ScaleReason::InvalidReplicaScaleEvidence)
        }
        (_, Some(b)) => Selection::Read(b.name.clone()),
        (Some(t), None) => match t.name.as_deref() {
            // The name becomes a request path: only a valid name is read.
            Some(name) if is_dns1123_subdomain(name) => Selection::Read(name.to_string()),
            Some(name) if !name.is_empty() => {
                Selection::Refused(ScaleReason::InvalidReplicaScaleEvidence)
            }
            _ => Selection::Refused(ScaleReason::ReplicaScaleNotRecorded),
        },
        (None, None) => Selection::Refused(ScaleReason::ReplicaScaleNotRecorded),
    }
}

/// True when the parent re-read still describes the same binding (§4.5 step 4).
pub(crate) fn parent_unchanged(
    first: &InferenceService,
    again: &InferenceService,
    component: Component,
) -> bool {
    let target = |p: &InferenceService| {
        p.status
            .components
            .get(component.as_str())
            .and_then(|c| c.scale_target_ref.clone())
    };
    meta_uid(&first.metadata) == meta_uid(&again.metadata)
        && first.metadata.generation == again.metadata.generation
        && target(first) == target(again)
        && !is_deleting(again)
}

/// The evidence of one acquisition.
#[derive(Debug, Clone)]
pub(crate) struct ScaleEvidence<'a> {
    pub(crate) parent: &'a InferenceService,
    pub(crate) selection: Selection,
    /// The IR read, when it was selected, found, and survived the parent re-read.
    pub(crate) ir: Option<&'a InferenceReplica>,
}

/// The request of a replicas=current wait.
#[derive(Debug, Clone)]
pub(crate) struct ScaleRequest {
    pub(crate) component: Component,
    pub(crate) replicas: i32,
    pub(crate) bound: Option<IrBinding>,
}

/// Evaluates one acquisition. `pinned` is the IR (name, UID) seen first; it is set here on the
/// first IR read and never changes afterwards.
pub(crate) fn evaluate(
    evidence: &ScaleEvidence<'_>,
    request: &ScaleRequest,
    pinned: &mut Option<(String, String)>,
) -> ScaleObservation {
    let (component, n) = (request.component, request.replicas);
    let name = match &evidence.selection {
        Selection::Refused(reason) => {
            let obs = ScaleObservation::unavailable(component, n, *reason);
            return match reason {
                ScaleReason::InvalidReplicaScaleEvidence => ScaleObservation::invalid(component, n),
                _ => obs,
            };
        }
        Selection::Read(name) => name,
    };
    let Some(ir) = evidence.ir else {
        return ScaleObservation::unavailable(component, n, ScaleReason::ReplicaScaleNotRecorded);
    };
    let identity = (
        meta_name(&ir.metadata).to_string(),
        meta_uid(&ir.metadata).to_string(),
    );
    let first_sight = pinned.get_or_insert_with(|| identity.clone());
    let identity_ok = meta_name(&ir.metadata) == name
        && is_owned_child(ir, evidence.parent, component.as_str())
        && request.bound.as_ref().is_none_or(|b| b.uid == identity.1)
        && *first_sight == identity;
    if !identity_ok || !counts_valid(ir) {
        return ScaleObservation::invalid(component, n);
    }
    let status = &ir.status;
    let generation = ir.metadata.generation.unwrap_or(0);
    let observed = status.observed_generation.unwrap_or(0);
    if observed <= 0 || observed != generation {
        return ScaleObservation {
            freshness: Freshness::Stale,
            ..ScaleObservation::unavailable(component, n, ScaleReason::ReplicaScaleNotRecorded)
        };
    }
    let Ok(decoded) = crate::ome::instances::decode(status, MAX_ROWS) else {
        return ScaleObservation::invalid(component, n);
    };
    let current = status.replicas.unwrap_or(0);
    if !rows_valid(&decoded.rows, current) {
        return ScaleObservation::invalid(component, n);
    }
    let spec = ir.spec.replicas.unwrap_or(0);
    let reason = if spec == i64::from(n) && current == i64::from(n) {
        ScaleReason::ReplicaScaleMatched
    } else {
        ScaleReason::ReplicaScaleNotMatched
    };
    ScaleObservation {
        component,
        requested: n,
        spec_replicas: Some(spec),
        current_replicas: Some(current),
        ready_replicas: status.ready_replicas,
        encoding: Some(decoded.encoding),
        validity: Validity::Valid,
        freshness: Freshness::Current,
        reason,
    }
}

/// Spec and status counts are present where required, non-negative and consistent.
fn counts_valid(ir: &InferenceReplica) -> bool {
    let s = &ir.status;
    let Some(spec) = ir.spec.replicas else {
        return false;
    };
    let get = |v: Option<i64>| v.unwrap_or(0);
    let (replicas, ready, serving, available, updated, updated_ready) = (
        get(s.replicas),
        get(s.ready_replicas),
        get(s.serving_replicas),
        get(s.available_replicas),
        get(s.updated_replicas),
        get(s.updated_ready_replicas),
    );
    spec >= 0
        && [replicas, ready, serving, available, updated, updated_ready]
            .iter()
            .all(|c| *c >= 0)
        && [ready, serving, available, updated]
            .iter()
            .all(|c| *c <= replicas)
        && updated_ready <= updated
        && updated_ready <= ready
}

/// Row count equals `status.replicas`; indices unique and non-negative; phases known.
pub(crate) fn rows_valid(rows: &[crate::ome::InstanceRow], replicas: i64) -> bool {
    let mut seen = BTreeSet::new();
    i64::try_from(rows.len()).is_ok_and(|len| len == replicas)
        && rows.iter().all(|r| {
            r.index >= 0 && seen.insert(r.index) && INSTANCE_PHASES.contains(&r.phase.as_str())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parent(target: serde_json::Value) -> InferenceService {
        serde_json::from_value(json!({
            "metadata": {"name": "chat", "namespace": "prod", "uid": "isvc-uid",
                         "resourceVersion": "10", "generation": 7},
            "status": {"components": {"engine": {"scaleTargetRef": target}}}
        }))
        .unwrap()
    }

    fn ir_target() -> serde_json::Value {
        json!({"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "chat-engine"})
    }

    fn replica(spec: i64, rows: usize, observed: i64) -> InferenceReplica {
        let rows: Vec<_> = (0..rows)
            .map(|i| json!({"index": i, "phase": if i == 0 { "Ready" } else { "Creating" }}))
            .collect();
        serde_json::from_value(json!({
            "apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica",
            "metadata": {"name": "chat-engine", "namespace": "prod", "uid": "ir-uid",
                         "resourceVersion": "11", "generation": 3,
                         "annotations": {"ome.io/parent-generation": "7"},
                         "ownerReferences": [{"apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
                                              "name": "chat", "uid": "isvc-uid", "controller": true}]},
            "spec": {"parentRef": {"name": "chat"}, "component": "engine", "replicas": spec},
            "status": {"observedGeneration": observed, "replicas": rows.len(), "readyReplicas": 1,
                       "instanceStatuses": rows}
        }))
        .unwrap()
    }

    fn run(
        parent: &InferenceService,
        ir: Option<&InferenceReplica>,
        pinned: &mut Option<(String, String)>,
    ) -> ScaleObservation {
        let request = ScaleRequest {
            component: Component::Engine,
            replicas: 3,
            bound: None,
        };
        let evidence = ScaleEvidence {
            parent,
            selection: select_ir(parent, Component::Engine, None),
            ir,
        };
        evaluate(&evidence, &request, pinned)
    }

    #[test]
    fn a_target_name_that_is_not_a_name_is_never_read() {
        for name in ["a?watch=1", "../x", "chat-engine/scale", &"a".repeat(254)] {
            let target = json!({"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica",
                                "name": name});
            assert!(matches!(
                select_ir(&parent(target), Component::Engine, None),
                Selection::Refused(ScaleReason::InvalidReplicaScaleEvidence)
            ));
        }
        assert!(matches!(
            select_ir(&parent(ir_target()), Component::Engine, None),
            Selection::Read(name) if name == "chat-engine"
        ));
    }

    #[test]
    fn matches_only_when_spec_and_status_agree() {
        let p = parent(ir_target());
        let obs = run(&p, Some(&replica(3, 3, 3)), &mut None);
        assert_eq!(obs.reason, ScaleReason::ReplicaScaleMatched);
        assert_eq!(
            (obs.spec_replicas, obs.current_replicas, obs.ready_replicas),
            (Some(3), Some(3), Some(1))
        );
        assert_eq!(
            run(&p, Some(&replica(3, 2, 3)), &mut None).reason,
            ScaleReason::ReplicaScaleNotMatched
        );
        let mut miscounted = replica(3, 2, 3);
        miscounted.status.replicas = Some(3);
        assert_eq!(
            run(&p, Some(&miscounted), &mut None).reason,
            ScaleReason::InvalidReplicaScaleEvidence
        );
        assert_eq!(
            run(&p, Some(&replica(2, 2, 3)), &mut None).reason,
            ScaleReason::ReplicaScaleNotMatched
        );
    }

    #[test]
    fn stale_status_is_not_recorded() {
        let obs = run(&parent(ir_target()), Some(&replica(3, 3, 2)), &mut None);
        assert_eq!(obs.reason, ScaleReason::ReplicaScaleNotRecorded);
        assert_eq!(
            (obs.validity, obs.freshness),
            (Validity::Unavailable, Freshness::Stale)
        );
    }

    #[test]
    fn targets_and_identity() {
        let deployment =
            json!({"apiVersion": "apps/v1", "kind": "Deployment", "name": "chat-engine"});
        assert_eq!(
            run(&parent(deployment), None, &mut None).reason,
            ScaleReason::UnsupportedReplicaScaleTarget
        );
        assert_eq!(
            run(&parent(json!(null)), None, &mut None).reason,
            ScaleReason::ReplicaScaleNotRecorded
        );
        let p = parent(ir_target());
        let bound = IrBinding {
            name: "other".into(),
            uid: "u".into(),
        };
        assert_eq!(
            select_ir(&p, Component::Engine, Some(&bound)),
            Selection::Refused(ScaleReason::InvalidReplicaScaleEvidence)
        );
        // Pinned at first sight: a recreated IR (new UID) never matches.
        let mut pinned = Some(("chat-engine".to_string(), "old-uid".to_string()));
        let obs = run(&p, Some(&replica(3, 3, 3)), &mut pinned);
        assert_eq!(obs.reason, ScaleReason::InvalidReplicaScaleEvidence);
        assert_eq!(obs.validity, Validity::Invalid);
    }
}
