use super::*;
use serde_json::json;

fn isvc(spec: Value, annotations: Value) -> InferenceService {
    serde_json::from_value(json!({
        "metadata": {"name": "chat", "namespace": "prod", "annotations": annotations},
        "spec": spec,
    }))
    .unwrap()
}

fn chat() -> InferenceService {
    isvc(
        json!({"engine": {"minReplicas": 2, "maxReplicas": 4, "autoscaler": {"class": "External"}},
               "decoder": {"minReplicas": 1, "maxReplicas": 1}}),
        json!({}),
    )
}

fn inputs(isvc: &InferenceService) -> Inputs<'_> {
    Inputs {
        isvc,
        component: Component::Engine,
        runtime: None,
        chain_len: 1,
    }
}

fn keda(extra: Value) -> Value {
    let mut block = json!({"class": "KEDA", "keda": {"triggers": [
        {"type": "cpu", "metricType": "Utilization", "metadata": {"value": "80"}}]}});
    for (k, v) in extra.as_object().unwrap() {
        block["keda"][k] = v.clone();
    }
    block
}

#[test]
fn the_chat_example_passes() {
    let s = chat();
    assert_eq!(before_resolution(inputs(&s)), Ok(()));
    assert_eq!(scale_to_zero(inputs(&s)), Ok(()));
    assert_eq!(
        winning_block(inputs(&s), &json!({"class": "External"}), true, 2),
        Ok(())
    );
    assert_eq!(winning_block(inputs(&s), &keda(json!({})), true, 2), Ok(()));
    assert_eq!(
        winning_block(inputs(&s), &json!({"class": "HPA"}), false, 2),
        Ok(())
    );
}

#[test]
fn a1_legacy_annotations() {
    for annotations in [
        json!({"ome.io/autoscalerClass": "hpa"}),
        json!({"ome.io/autoscalerClass": "custom"}),
        json!({"ome.io/targetUtilizationPercentage": "150"}),
        json!({"ome.io/targetUtilizationPercentage": "5x"}),
    ] {
        let s = isvc(chat_spec(), annotations.clone());
        assert_eq!(
            before_resolution(inputs(&s)),
            Err(LegacyAutoscalerInvalid),
            "{annotations}"
        );
    }
    let plain = isvc(
        json!({"engine": {"minReplicas": 2}}),
        json!({"ome.io/autoscalerClass": "hpa", "ome.io/metrics": "gpu"}),
    );
    assert_eq!(
        before_resolution(inputs(&plain)),
        Err(LegacyAutoscalerInvalid)
    );
    let fine = isvc(
        json!({"engine": {"minReplicas": 2}}),
        json!({"ome.io/autoscalerClass": "hpa", "ome.io/targetUtilizationPercentage": "+80"}),
    );
    assert_eq!(before_resolution(inputs(&fine)), Ok(()));
}

fn chat_spec() -> Value {
    json!({"engine": {"minReplicas": 2, "maxReplicas": 4, "autoscaler": {"class": "External"}}})
}

#[test]
fn a2_a3_the_runtime_block() {
    let s = chat();
    let with_ref: ComponentSpec =
        serde_json::from_value(json!({"autoscalerPolicyRef": {"name": "p"}})).unwrap();
    let keda_no_triggers: ComponentSpec =
        serde_json::from_value(json!({"autoscaler": {"class": "KEDA"}})).unwrap();
    for (runtime, issue) in [
        (&with_ref, PolicyReferenceInvalid),
        (&keda_no_triggers, KedaTriggersRequired),
    ] {
        let i = Inputs {
            runtime: Some(runtime),
            ..inputs(&s)
        };
        assert_eq!(before_resolution(i), Err(issue));
    }
}

#[test]
fn a4_a5_bounds_and_references() {
    for engine in [
        json!({"minReplicas": 5, "maxReplicas": 3}),
        json!({"minReplicas": -1}),
        json!({"maxReplicas": -1}),
        json!({"maxReplicas": 2147483648_i64}),
    ] {
        let s = isvc(json!({"engine": engine}), json!({}));
        assert_eq!(
            before_resolution(inputs(&s)),
            Err(ReplicaBoundsInvalid),
            "{engine}"
        );
    }
    let s = isvc(
        json!({"engine": {"autoscalerPolicyRef": {"name": ""}}}),
        json!({}),
    );
    assert_eq!(before_resolution(inputs(&s)), Err(PolicyReferenceInvalid));
    let s = isvc(
        json!({"engine": {"autoscalerPolicyRef": {"name": "p", "kind": "Other"}}}),
        json!({}),
    );
    assert_eq!(before_resolution(inputs(&s)), Err(PolicyReferenceInvalid));
}

#[test]
fn a6_to_a9_the_winning_block() {
    let s = chat();
    let cases = [
        (json!({"class": "KEDA"}), KedaTriggersRequired),
        (json!({"class": "Custom"}), AutoscalerClassInvalid),
        (
            json!({"class": "HPA", "hpa": {"metrics": [{"type": ""}]}}),
            HpaMetricMalformed,
        ),
        (
            json!({"class": "HPA", "hpa": {"metrics": [{"type": "Resource"}]}}),
            HpaMetricMalformed,
        ),
        (
            json!({"class": "HPA", "hpa": {"metrics": [{"type": "Pods", "resource": {"name": "cpu",
            "target": {"type": "Utilization", "averageUtilization": 80}}}]}}),
            HpaMetricMalformed,
        ),
        (
            json!({"class": "HPA", "hpa": {"metrics": [{"type": "Resource", "resource": {"name": "cpu",
            "target": {"type": "Utilization", "averageUtilization": 0}}}]}}),
            HpaMetricMalformed,
        ),
        (
            json!({"class": "HPA", "hpa": {"behavior": {"scaleDown": {"stabilizationWindowSeconds": 3601}}}}),
            HpaMetricMalformed,
        ),
        (
            json!({"class": "HPA", "hpa": {"behavior": {"scaleUp": {"policies": []}}}}),
            HpaMetricMalformed,
        ),
        (
            keda(json!({"idleReplicaCount": 2})),
            KedaIdleNotBelowMinimum,
        ),
        (
            keda(json!({"advanced": {"horizontalPodAutoscalerConfig": {"name": "chat-engine"}}})),
            ReservedHpaNameCollision,
        ),
        (
            keda(json!({"pollingInterval": 0})),
            KedaConfigurationInvalid,
        ),
        (
            keda(json!({"fallback": {"failureThreshold": 0, "replicas": 1}})),
            KedaConfigurationInvalid,
        ),
    ];
    for (block, issue) in cases {
        assert_eq!(
            winning_block(inputs(&s), &block, true, 2),
            Err(issue),
            "{block}"
        );
    }
    let valid_hpa = json!({"class": "HPA", "hpa": {"metrics": [{"type": "Resource", "resource": {"name": "cpu",
        "target": {"type": "Utilization", "averageUtilization": 80}}}],
        "behavior": {"scaleDown": {"stabilizationWindowSeconds": 300,
            "policies": [{"type": "Percent", "value": 50, "periodSeconds": 60}]}}}});
    assert_eq!(winning_block(inputs(&s), &valid_hpa, true, 2), Ok(()));
}

#[test]
fn a10_zero_replicas_only_with_keda() {
    let s = isvc(
        json!({"engine": {"minReplicas": 0, "autoscaler": {"class": "External"}}}),
        json!({}),
    );
    assert_eq!(scale_to_zero(inputs(&s)), Err(ScaleToZeroInvalid));
    let s = isvc(
        json!({"engine": {"minReplicas": 0, "autoscaler": keda(json!({}))}}),
        json!({}),
    );
    assert_eq!(scale_to_zero(inputs(&s)), Ok(()));
    assert!(positive_quantity("100m") && positive_quantity("1Gi") && positive_quantity("1e3"));
    assert!(!positive_quantity("0") && !positive_quantity("-1") && !positive_quantity("1x"));
}
