use super::live::scaled_object_name;
use super::*;
use crate::ome::reads::ScalerKind;
use crate::ome::report::{Source, SourceKind};
use serde_json::{Value, json};

pub(crate) fn chat() -> InferenceService {
    serde_json::from_value(chat_json()).unwrap()
}

pub(crate) fn chat_json() -> Value {
    json!({
        "metadata": {"name": "chat", "namespace": "prod", "uid": "uid-chat", "generation": 7},
        "spec": {"engine": {"autoscaler": {"class": "External"}}, "decoder": {}, "router": {}},
        "status": {"components": {
            "engine": {"autoscaler": {"class": "External", "managedBy": "external", "specSource": "isvc"},
                "scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "chat-engine"}},
            "decoder": {"autoscaler": {"class": "HPA", "managedBy": "ome", "specSource": "default", "currentReplicas": 1, "desiredReplicas": 1,
                "conditions": [
                    {"type": "AbleToScale", "status": "True", "lastTransitionTime": "2026-09-20T08:05:00Z"},
                    {"type": "ScalingActive", "status": "True", "lastTransitionTime": "2026-09-20T08:07:00Z"},
                    {"type": "ScalingLimited", "status": "True", "lastTransitionTime": "2026-09-20T08:07:00Z"}]},
                "scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "chat-decoder"}},
            "router": {"autoscaler": {"class": "HPA", "managedBy": "ome", "specSource": "default", "currentReplicas": 1, "desiredReplicas": 1},
                "scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "chat-router"}}
        }}
    })
}

fn codes(p: &AutoscaleProjection) -> Vec<(String, Option<String>)> {
    p.content
        .issues
        .iter()
        .map(|i| (i.code.to_string(), i.component.clone()))
        .collect()
}

#[test]
fn chat_base_projection() {
    let mut p = project(&chat());
    canonicalize(&mut p, "2026-08-31T18:30:00Z");
    let c = &p.content.components;
    assert_eq!(c.len(), 3);
    assert_eq!(
        (
            c[0].state.as_str(),
            c[0].replicas.state.as_str(),
            c[0].conditions.state.as_str()
        ),
        ("Reported", "Unavailable", "Unavailable")
    );
    assert_eq!(c[1].state, "Reported");
    assert_eq!(c[1].conditions.items.len(), 3);
    assert_eq!(c[2].state, "Partial");
    assert_eq!(c[2].conditions.state, "NotReported");
    assert_eq!(p.content.summary.state, "Partial");
    assert!(p.partial);
    assert!(codes(&p).is_empty());
    assert_eq!(p.sources.len(), 1);
    assert_eq!(p.sources[0].collected_at, "2026-08-31T18:30:00Z");
}

#[test]
fn invalid_enums_and_ownership() {
    let mut v = chat_json();
    v["status"]["components"]["engine"]["autoscaler"] =
        json!({"class": "HPA", "managedBy": "external", "specSource": "bogus"});
    v["status"]["components"]["decoder"]["autoscaler"]["class"] = json!("Weird");
    v["status"]["components"]["router"]["scaleTargetRef"]["kind"] = json!("StatefulSet");
    v["status"]["components"]["other"] = json!({});
    let mut p = project(&serde_json::from_value(v).unwrap());
    canonicalize(&mut p, "t");
    assert_eq!(p.content.summary.state, "Invalid");
    let e = &p.content.components[0];
    assert_eq!(
        (
            e.state.as_str(),
            e.replicas.state.as_str(),
            e.conditions.state.as_str()
        ),
        ("Invalid", "Invalid", "Invalid")
    );
    assert_eq!(
        codes(&p),
        vec![
            ("OwnershipMismatch".into(), Some("engine".into())),
            ("SpecSourceInvalid".into(), Some("engine".into())),
            ("ClassInvalid".into(), Some("decoder".into())),
            ("ScaleTargetInvalid".into(), Some("router".into())),
            ("UnknownComponentStatus".into(), None),
        ]
    );
}

#[test]
fn keda_zero_is_ambiguous_and_missing_autoscaler_not_reported() {
    let mut v = chat_json();
    v["status"]["components"]["engine"]["autoscaler"] = json!({"class": "KEDA", "managedBy": "ome", "specSource": "runtime",
        "conditions": [{"type": "Ready", "status": "True"}, {"type": "Active", "status": "False"}]});
    v["status"]["components"]["decoder"]
        .as_object_mut()
        .unwrap()
        .remove("autoscaler");
    v["status"]["components"]
        .as_object_mut()
        .unwrap()
        .remove("router");
    let mut p = project(&serde_json::from_value(v).unwrap());
    canonicalize(&mut p, "t");
    let c = &p.content.components;
    assert_eq!(
        (c[0].state.as_str(), c[0].replicas.state.as_str()),
        ("Partial", "Ambiguous")
    );
    assert_eq!(c[0].replicas.current_replicas, Some(0));
    assert_eq!(
        c[0].conditions
            .items
            .iter()
            .map(|i| i.type_.as_str())
            .collect::<Vec<_>>(),
        ["Ready", "Active"]
    );
    assert_eq!(c[1].state, "NotReported");
    assert_eq!(c[1].class, "Unknown");
    assert_eq!(p.content.summary.state, "Partial");
    assert_eq!(
        codes(&p),
        vec![
            ("ReplicaEvidenceAmbiguous".into(), Some("engine".into())),
            ("AutoscalerNotReported".into(), Some("decoder".into())),
        ]
    );
}

#[test]
fn condition_conflicts_and_invalid() {
    let mut v = chat_json();
    v["status"]["components"]["decoder"]["autoscaler"]["conditions"] = json!([
        {"type": "AbleToScale", "status": "True"},
        {"type": "AbleToScale", "status": "False"},
        {"type": "ScalingActive", "status": "True"},
        {"type": "AutoscalerResolved", "status": "True"}
    ]);
    v["status"]["components"]["router"]["autoscaler"]["conditions"] =
        json!([{"type": "Ready", "status": "True"}]);
    let mut p = project(&serde_json::from_value(v).unwrap());
    canonicalize(&mut p, "t");
    let d = &p.content.components[1];
    assert_eq!(d.conditions.state, "Unavailable");
    assert_eq!(d.conditions.items.len(), 1);
    // The unbound AutoscalerResolved condition fails the policy check.
    assert_eq!(d.state, "Invalid");
    assert!(codes(&p).contains(&("ConditionConflict".into(), Some("decoder".into()))));
    assert!(codes(&p).contains(&("ConditionInvalid".into(), Some("router".into()))));
    // AutoscalerResolved without a ref is policy evidence that cannot be bound.
    assert!(codes(&p).contains(&("PolicyEvidenceInvalid".into(), Some("decoder".into()))));
}

#[test]
fn policy_current() {
    let mut v = chat_json();
    v["spec"]["decoder"] = json!({"autoscalerPolicyRef": {"name": "fast"}});
    v["status"]["components"]["decoder"]["autoscaler"]["specSource"] = json!("policy");
    v["status"]["components"]["decoder"]["autoscaler"]["policy"] = json!({"name": "fast", "observedGeneration": 3, "portableDigest": "pv1:0123456789ab", "resolvedDigest": "rv1:0123456789ab"});
    v["status"]["components"]["decoder"]["autoscaler"]["conditions"].as_array_mut().unwrap().push(
        json!({"type": "AutoscalerResolved", "status": "True", "reason": "RenderedFromPolicy", "observedGeneration": 7}));
    let p = project(&serde_json::from_value(v).unwrap());
    let policy = p.content.components[1].policy.as_ref().unwrap();
    assert_eq!(policy.state, "Current");
    assert_eq!(policy.name.as_deref(), Some("fast"));
    assert_eq!(policy.generation, Some(3));
    assert_eq!(p.content.components[1].state, "Reported");
}

#[test]
fn scaled_object_name_keeps_last_50() {
    assert_eq!(
        scaled_object_name("chat-engine"),
        "scaledobject-chat-engine"
    );
    let long = format!("{}-engine", "a".repeat(60));
    let name = scaled_object_name(&long);
    assert_eq!(name.len(), "scaledobject-".len() + 50);
    assert!(name.ends_with("aaaa-engine"));
}

fn ir(generation: i64, observed: i64, replicas: i64, status_replicas: i64) -> Value {
    json!({
        "apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica",
        "metadata": {"name": "chat-engine", "namespace": "prod", "uid": "ir-uid", "resourceVersion": "10", "generation": generation,
            "annotations": {"ome.io/parent-generation": "7"},
            "ownerReferences": [{"apiVersion": "ome.io/v1beta1", "kind": "InferenceService", "name": "chat", "uid": "uid-chat", "controller": true}]},
        "spec": {"parentRef": {"name": "chat"}, "component": "engine", "replicas": replicas},
        "status": {"observedGeneration": observed, "replicas": status_replicas}
    })
}

fn scale(replicas: i64, status: i64) -> Value {
    json!({"apiVersion": "autoscaling/v1", "kind": "Scale",
        "metadata": {"name": "chat-engine", "namespace": "prod", "uid": "ir-uid", "resourceVersion": "10"},
        "spec": {"replicas": replicas}, "status": {"replicas": status}})
}

fn live(results: ComponentResults) -> AutoscaleProjection {
    let isvc = chat();
    let mut p = project(&isvc);
    let mut all = vec![results];
    all.push(ComponentResults::default());
    all.push(ComponentResults::default());
    attach_live(
        &isvc,
        &mut p,
        LiveFlags {
            live_scale: true,
            live_scaler: false,
        },
        &all,
    );
    canonicalize(&mut p, "t");
    p
}

#[test]
fn live_scale_stale_shows_only_the_written_spec() {
    let p = live(ComponentResults {
        ir: Some(Ok(ir(2, 1, 3, 2))),
        scale: Some(Ok(scale(3, 2))),
        scaler: None,
    });
    let l = p.content.components[0].live_scale.as_ref().unwrap();
    assert_eq!(
        (
            l.evidence.as_str(),
            l.count_comparison.as_str(),
            l.spec_replicas
        ),
        // The count just written shows (difference z); nothing is compared with it.
        ("Stale", "Unknown", Some(3))
    );
    let kinds: Vec<_> = p.sources.iter().map(|s| s.kind).collect();
    assert_eq!(kinds, ["InferenceService", "InferenceReplica"]);
    assert!(p.partial);
}

#[test]
fn live_scale_reported_changed_and_errors() {
    let p = live(ComponentResults {
        ir: Some(Ok(ir(2, 2, 3, 3))),
        scale: Some(Ok(scale(3, 3))),
        scaler: None,
    });
    let l = p.content.components[0].live_scale.as_ref().unwrap();
    assert_eq!(
        (l.evidence.as_str(), l.spec_replicas, l.current_replicas),
        ("Reported", Some(3), Some(3))
    );
    assert_eq!(p.sources.len(), 3);
    let p = live(ComponentResults {
        ir: Some(Ok(ir(2, 2, 3, 3))),
        scale: Some(Ok(scale(4, 3))),
        scaler: None,
    });
    assert_eq!(
        p.content.components[0]
            .live_scale
            .as_ref()
            .unwrap()
            .evidence,
        "Changed"
    );
    let forbidden = crate::ome::evidence::ApiError::Forbidden {
        message: "secret text".into(),
    };
    let p = live(ComponentResults {
        ir: Some(Ok(ir(2, 2, 3, 3))),
        scale: Some(Err(forbidden)),
        scaler: None,
    });
    assert_eq!(
        p.content.components[0]
            .live_scale
            .as_ref()
            .unwrap()
            .evidence,
        "Forbidden"
    );
    assert_eq!(p.sources[2].evidence, Some(SourceEvidence::Unavailable));
    let mut bad = ir(2, 2, 3, 3);
    bad["metadata"]["annotations"]["ome.io/parent-generation"] = json!("6");
    let p = live(ComponentResults {
        ir: Some(Ok(bad)),
        scale: Some(Ok(scale(3, 3))),
        scaler: None,
    });
    assert_eq!(
        p.content.components[0]
            .live_scale
            .as_ref()
            .unwrap()
            .evidence,
        "Invalid"
    );
}

fn decoder_ir() -> Value {
    let mut v = ir(1, 1, 1, 1);
    v["metadata"]["name"] = json!("chat-decoder");
    v["metadata"]["uid"] = json!("dec-uid");
    v["spec"]["component"] = json!("decoder");
    v
}

fn hpa(generation: i64, observed: Option<i64>, owner_uid: &str) -> Value {
    let mut v = json!({
        "apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler",
        "metadata": {"name": "chat-decoder", "namespace": "prod", "uid": "hpa-uid", "generation": generation,
            "ownerReferences": [{"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "chat-decoder", "uid": owner_uid, "controller": true}]},
        "spec": {"scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "chat-decoder"}},
        "status": {"currentReplicas": 1, "desiredReplicas": 2, "conditions": [
            {"type": "ScalingActive", "status": "True"}, {"type": "AbleToScale", "status": "True"}, {"type": "Other", "status": "x"}]}
    });
    if let Some(g) = observed {
        v["status"]["observedGeneration"] = json!(g);
    }
    v
}

fn scaler(results: ComponentResults) -> (LiveScaler, Vec<Source>) {
    let isvc = chat();
    let mut p = project(&isvc);
    let all = vec![
        ComponentResults::default(),
        results,
        ComponentResults::default(),
    ];
    attach_live(
        &isvc,
        &mut p,
        LiveFlags {
            live_scale: false,
            live_scaler: true,
        },
        &all,
    );
    canonicalize(&mut p, "t");
    (
        p.content.components[1].live_scaler.clone().unwrap(),
        p.sources,
    )
}

#[test]
fn live_scaler_plan_reads_the_ir_once() {
    let isvc = chat();
    let p = project(&isvc);
    let reads = plan(&isvc, &p.content.components, true, true);
    assert_eq!(reads[0].scaler, None);
    assert_eq!(reads[0].ir.as_deref(), Some("chat-engine"));
    assert_eq!(reads[1].ir.as_deref(), Some("chat-decoder"));
    assert_eq!(reads[1].scale.as_deref(), Some("chat-decoder"));
    assert_eq!(
        reads[1].scaler,
        Some((ScalerKind::Hpa, "chat-decoder".to_string()))
    );
    let reads = plan(&isvc, &p.content.components, false, false);
    assert!(
        reads
            .iter()
            .all(|r| r.ir.is_none() && r.scale.is_none() && r.scaler.is_none())
    );
}

#[test]
fn live_scaler_outcomes() {
    let ok = |h: Value| ComponentResults {
        ir: Some(Ok(decoder_ir())),
        scale: None,
        scaler: Some(Ok(h)),
    };
    let (s, sources) = scaler(ok(hpa(2, Some(2), "dec-uid")));
    assert_eq!(
        (s.evidence.as_str(), s.generation_state.as_str()),
        ("Reported", "Matched")
    );
    assert_eq!((s.current_replicas, s.desired_replicas), (Some(1), Some(2)));
    assert_eq!(
        s.conditions
            .iter()
            .map(|c| c.type_.as_str())
            .collect::<Vec<_>>(),
        ["AbleToScale", "ScalingActive"]
    );
    let kinds: Vec<_> = sources.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        [
            "InferenceService",
            "InferenceReplica",
            "HorizontalPodAutoscaler"
        ]
    );
    let (s, _) = scaler(ok(hpa(3, Some(2), "dec-uid")));
    assert_eq!(
        (
            s.evidence.as_str(),
            s.generation_state.as_str(),
            s.current_replicas
        ),
        ("Stale", "Unproven", None)
    );
    let (s, _) = scaler(ok(hpa(2, None, "dec-uid")));
    assert_eq!(
        (s.evidence.as_str(), s.generation_state.as_str()),
        ("Reported", "Unproven")
    );
    // Owned by someone else: never trusted.
    let (s, sources) = scaler(ok(hpa(2, Some(2), "other-uid")));
    assert_eq!(s.evidence, "Invalid");
    assert_eq!(
        sources.last().unwrap().evidence,
        Some(SourceEvidence::Unavailable)
    );
    // The IR read failed: the scaler read is not reached.
    let nf = crate::ome::evidence::ApiError::NotFound {
        named: true,
        message: "m".into(),
    };
    let (s, sources) = scaler(ComponentResults {
        ir: Some(Err(nf)),
        scale: None,
        scaler: Some(Ok(hpa(2, Some(2), "dec-uid"))),
    });
    assert_eq!(s.evidence, "NotFound");
    assert!(
        !sources
            .iter()
            .any(|s| s.kind == SourceKind::HorizontalPodAutoscaler)
    );
    // External engine: not selected, kind is its class.
    let isvc = chat();
    let mut p = project(&isvc);
    attach_live(
        &isvc,
        &mut p,
        LiveFlags {
            live_scale: false,
            live_scaler: true,
        },
        &[],
    );
    let e = p.content.components[0].live_scaler.as_ref().unwrap();
    assert_eq!(
        (e.kind.as_str(), e.evidence.as_str()),
        ("External", "NotSelected")
    );
}
