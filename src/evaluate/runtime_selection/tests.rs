//! The test vectors of runtime-selection.md §8, judged without a server (the same vectors run
//! live against the test API server in tests/it/runtime_selection.rs).

use super::*;
use crate::ome::evidence::ApiError;
use crate::ome::reads::RuntimeKind;
use crate::ome::selection::{KindRead, PageRead};
use judge::Exclusion;
use serde_json::{Value, json};

fn runtime(kind: RuntimeKind, name: &str, spec: Value) -> Candidate {
    let namespace = match kind {
        RuntimeKind::Namespaced => "default",
        RuntimeKind::Cluster => "",
    };
    Candidate::decode(
        kind,
        json!({"metadata": {"name": name, "namespace": namespace, "uid": format!("uid-{name}"),
                            "resourceVersion": "1", "generation": 1},
               "spec": spec}),
    )
    .unwrap()
}

fn sr(name: &str, spec: Value) -> Candidate {
    runtime(RuntimeKind::Namespaced, name, spec)
}

fn csr(name: &str, spec: Value) -> Candidate {
    runtime(RuntimeKind::Cluster, name, spec)
}

fn model(spec: Value) -> ModelSpec {
    serde_json::from_value(spec).unwrap()
}

/// One entry: a format (weight), a framework (weight), priority, autoSelect.
fn entry(format: &str, weight: i64, framework: Option<(&str, i64)>, priority: i64) -> Value {
    let mut e = json!({"modelFormat": {"name": format, "weight": weight},
                       "priority": priority, "autoSelect": true});
    if let Some((name, weight)) = framework {
        e["modelFramework"] = json!({"name": name, "weight": weight});
    }
    e
}

fn ranges(min: &str, max: &str) -> Value {
    json!({"min": min, "max": max})
}

/// `(name, Yes with score | No with reason)` rows in explain order.
fn rows(snapshot: &Snapshot, model: &ModelSpec, requested: &Requested) -> Vec<(String, String)> {
    select(snapshot, model, requested)
        .into_iter()
        .map(|v| {
            let shown = match &v.outcome {
                Ok(q) => format!("Yes {} {} {}", q.score, q.priority, q.weight),
                Err(e) => e.reason(),
            };
            (v.candidate.name.clone(), shown)
        })
        .collect()
}

fn snapshot(candidates: Vec<Candidate>) -> Snapshot {
    Snapshot { candidates }
}

fn names(rows: &[(String, String)]) -> Vec<&str> {
    rows.iter().map(|(n, _)| n.as_str()).collect()
}

fn llama_demo() -> ModelSpec {
    model(
        json!({"modelFormat": {"name": "safetensors", "version": "1.0.0"},
                 "modelFramework": {"name": "transformers", "version": "4.45.0.dev0"},
                 "modelArchitecture": "LlamaForCausalLM", "modelParameterSize": "3.21B"}),
    )
}

fn llama_entry(format_weight: i64, framework_weight: i64, priority: i64) -> Value {
    json!({"modelFormat": {"name": "safetensors", "version": "1.0.0", "weight": format_weight},
           "modelFramework": {"name": "transformers", "version": "4.45.0.dev0",
                              "weight": framework_weight},
           "modelArchitecture": "LlamaForCausalLM", "priority": priority, "autoSelect": true})
}

fn llama_runtime(
    kind: RuntimeKind,
    name: &str,
    weights: (i64, i64, i64),
    range: Option<Value>,
) -> Candidate {
    let mut spec = json!({"supportedModelFormats": [llama_entry(weights.0, weights.1, weights.2)]});
    if let Some(range) = range {
        spec["modelSizeRange"] = range;
    }
    runtime(kind, name, spec)
}

/// §8.1 (a): the ome-docs worked example, its variants and its exclusions.
#[test]
fn the_worked_example_ranks_as_documented() {
    let base = || {
        vec![
            llama_runtime(RuntimeKind::Namespaced, "team-llama", (1, 1, 1), None),
            llama_runtime(RuntimeKind::Cluster, "vllm-llama", (2, 1, 2), None),
            llama_runtime(
                RuntimeKind::Cluster,
                "srt-llama-small",
                (1, 1, 3),
                Some(ranges("1B", "8B")),
            ),
            llama_runtime(
                RuntimeKind::Cluster,
                "srt-llama-large",
                (1, 1, 3),
                Some(ranges("1B", "70B")),
            ),
        ]
    };
    let found = rows(&snapshot(base()), &llama_demo(), &Requested::nothing());
    assert_eq!(
        found,
        [
            ("team-llama".to_string(), "Yes 2 1 2".to_string()),
            ("vllm-llama".into(), "Yes 6 2 6".into()),
            ("srt-llama-small".into(), "Yes 6 3 6".into()),
            ("srt-llama-large".into(), "Yes 6 3 6".into()),
        ]
    );
    let mut variant = base();
    variant[2] = llama_runtime(
        RuntimeKind::Cluster,
        "srt-llama-small",
        (1, 1, 4),
        Some(ranges("1B", "8B")),
    );
    let found = rows(&snapshot(variant), &llama_demo(), &Requested::nothing());
    assert_eq!(
        names(&found),
        [
            "team-llama",
            "srt-llama-small",
            "vllm-llama",
            "srt-llama-large"
        ]
    );
    assert_eq!(found[1].1, "Yes 8 4 8");
    let mut more = base();
    more.push(llama_runtime(
        RuntimeKind::Cluster,
        "srt-llama-1b",
        (1, 1, 3),
        Some(ranges("500M", "2B")),
    ));
    let mut unset = llama_entry(1, 1, 1);
    unset.as_object_mut().unwrap().remove("autoSelect");
    more.push(csr("vllm-base", json!({"supportedModelFormats": [unset]})));
    more.push(csr(
        "vllm-legacy",
        json!({"disabled": true, "supportedModelFormats": [llama_entry(1, 1, 1)]}),
    ));
    let found = rows(&snapshot(more), &llama_demo(), &Requested::nothing());
    assert_eq!(
        found[4..].to_vec(),
        [
            (
                "srt-llama-1b".to_string(),
                "model size 3.21B is outside supported range [500M, 2B]".to_string()
            ),
            ("vllm-base".into(), Exclusion::NoAutoSelect.reason()),
            ("vllm-legacy".into(), "runtime is disabled".into()),
        ]
    );
}

/// §8.1 (a′): the ome site's example.
#[test]
fn the_site_example_prefers_the_namespace_then_the_tighter_range() {
    let model = model(json!({"modelFormat": {"name": "safetensors"},
                             "modelFramework": {"name": "transformers"},
                             "modelParameterSize": "7B"}));
    let rt = |kind, name: &str, fw: i64, frw: i64, p: i64, range: Option<Value>| {
        let mut spec = json!({"supportedModelFormats": [entry("safetensors", fw, Some(("transformers", frw)), p)]});
        if let Some(range) = range {
            spec["modelSizeRange"] = range;
        }
        runtime(kind, name, spec)
    };
    let found = rows(
        &snapshot(vec![
            rt(
                RuntimeKind::Cluster,
                "srt-llama-large",
                10,
                5,
                2,
                Some(ranges("1B", "70B")),
            ),
            rt(
                RuntimeKind::Cluster,
                "srt-llama-small",
                10,
                5,
                2,
                Some(ranges("1B", "8B")),
            ),
            rt(RuntimeKind::Cluster, "srt-generic", 1, 1, 1, None),
            rt(RuntimeKind::Namespaced, "team-runtime", 1, 1, 1, None),
        ]),
        &model,
        &Requested::nothing(),
    );
    assert_eq!(
        names(&found),
        [
            "team-runtime",
            "srt-llama-small",
            "srt-llama-large",
            "srt-generic"
        ]
    );
    assert_eq!(found[1].1, "Yes 30 2 30");
}

fn qwen() -> ModelSpec {
    model(
        json!({"modelFormat": {"name": "safetensors", "version": "1.0.0"},
                 "modelArchitecture": "Qwen2ForCausalLM",
                 "modelFramework": {"name": "transformers", "version": "4.40.1"},
                 "modelParameterSize": "7.62B"}),
    )
}

fn qwen_isvc() -> InferenceService {
    serde_json::from_value(json!({
        "metadata": {"name": "qwen2-5-7b", "namespace": "demo"},
        "spec": {"model": {"name": "qwen2-5-7b"},
                 "acceleratorSelector": {"acceleratorClass": "nvidia-h100"},
                 "engine": {"annotations": {"ome.io/deploymentMode": "OMENative"}}}}))
    .unwrap()
}

/// The entry **E** of §8.2, changed by `change`.
fn qwen_runtime(name: &str, change: impl FnOnce(&mut Value)) -> Candidate {
    let mut spec = json!({
        "acceleratorRequirements": {"acceleratorClasses": ["nvidia-h100"]},
        "supportedModelFormats": [{
            "modelFormat": {"name": "safetensors", "version": "1.0.0", "operator": "Equal", "weight": 1},
            "modelFramework": {"name": "transformers", "version": "4.40.1", "operator": "Equal", "weight": 1},
            "modelArchitecture": "Qwen2ForCausalLM", "autoSelect": true, "priority": 1}]});
    change(&mut spec);
    csr(name, spec)
}

/// §8.2: each exclusion reason of the troubleshooting guide.
#[test]
fn each_documented_exclusion_names_its_reason() {
    let candidates = vec![
        qwen_runtime("r7-ok", |_| {}),
        qwen_runtime("r1-disabled", |s| {
            s["disabled"] = json!(true);
            s.as_object_mut().unwrap().remove("acceleratorRequirements");
        }),
        qwen_runtime("r2-no-class", |s| {
            s.as_object_mut().unwrap().remove("acceleratorRequirements");
        }),
        qwen_runtime("r3-multinode", |s| {
            s["engineConfig"] = json!({"annotations": {"ome.io/deploymentMode": "MultiNode"}});
        }),
        qwen_runtime("r4-mistral", |s| {
            s["supportedModelFormats"][0]["modelArchitecture"] = json!("MistralForCausalLM");
            s["supportedModelFormats"][0]["modelFramework"]["version"] = json!("4.36.0");
        }),
        qwen_runtime("r5-small", |s| s["modelSizeRange"] = ranges("500M", "2B")),
        qwen_runtime("r6-no-auto", |s| {
            s["supportedModelFormats"][0]["autoSelect"] = json!(false)
        }),
    ];
    let requested = Requested::of(&qwen_isvc());
    let found = rows(&snapshot(candidates.clone()), &qwen(), &requested);
    let expected = [
        ("r7-ok", "Yes 2 1 2"),
        ("r1-disabled", "runtime is disabled"),
        (
            "r2-no-class",
            "runtime does not support the required accelerator class",
        ),
        (
            "r3-multinode",
            "runtime engine deployment mode MultiNode does not match requested engine deployment mode OMENative",
        ),
        (
            "r4-mistral",
            "model format 'mt:safetensors:1.0.0:Qwen2ForCausalLM:transformers:4.40.1' not in supported formats: architecture mismatch (model=Qwen2ForCausalLM, runtime=MistralForCausalLM), framework version mismatch (model=4.40.1, runtime=4.36.0)",
        ),
        (
            "r5-small",
            "model size 7.62B is outside supported range [500M, 2B]",
        ),
        (
            "r6-no-auto",
            "supports the model but has no supportedModelFormats[].autoSelect=true entry, so automatic selection skips it (pin it explicitly via spec.runtime.name instead)",
        ),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(n, r)| (n.to_string(), r.to_string()))
        .collect();
    assert_eq!(found, expected);
    // Without r7 nothing qualifies.
    let rest = snapshot(candidates.into_iter().skip(1).collect());
    assert!(
        select(&rest, &qwen(), &requested)
            .iter()
            .all(|v| v.outcome.is_err())
    );
}

fn pytorch(size: &str) -> ModelSpec {
    model(json!({"modelFormat": {"name": "pytorch"}, "modelParameterSize": size}))
}

fn sized(name: &str, kind: RuntimeKind, entries: Value, min: &str, max: &str) -> Candidate {
    runtime(
        kind,
        name,
        json!({"supportedModelFormats": entries, "modelSizeRange": ranges(min, max)}),
    )
}

fn yes_scores(rows: &[(String, String)]) -> Vec<(String, i64)> {
    rows.iter()
        .filter_map(|(n, r)| {
            let score = r.strip_prefix("Yes ")?.split(' ').next()?.parse().ok()?;
            Some((n.clone(), score))
        })
        .collect()
}

fn s1_snapshot() -> Snapshot {
    let ns = RuntimeKind::Namespaced;
    snapshot(vec![
        sized(
            "pytorch-rt",
            ns,
            json!([entry("pytorch", 10, None, 2)]),
            "1B",
            "10B",
        ),
        sized(
            "onnx-rt",
            ns,
            json!([entry("onnx", 8, None, 1)]),
            "10B",
            "20B",
        ),
        sized(
            "tensorflow-rt",
            ns,
            json!([entry("tensorflow", 12, None, 1)]),
            "50B",
            "100B",
        ),
        sized(
            "multi-format-rt",
            ns,
            json!([entry("pytorch", 5, None, 1), entry("onnx", 5, None, 1)]),
            "1B",
            "20B",
        ),
        sr(
            "disabled-rt",
            json!({"disabled": true, "supportedModelFormats": [entry("pytorch", 10, None, 1)]}),
        ),
        sr(
            "no-autoselect-rt",
            json!({"supportedModelFormats": [{"modelFormat": {"name": "pytorch", "weight": 20}, "autoSelect": false}]}),
        ),
        sized(
            "cluster-pytorch-rt",
            RuntimeKind::Cluster,
            json!([entry("pytorch", 7, None, 1)]),
            "5B",
            "15B",
        ),
    ])
}

/// §8.3 #1–#2: the selector's supporting runtimes by format and size.
#[test]
fn supporting_runtimes_by_format_and_size() {
    let cases: [(ModelSpec, Vec<(&str, i64)>); 5] = [
        (
            pytorch("7B"),
            vec![
                ("pytorch-rt", 20),
                ("multi-format-rt", 5),
                ("cluster-pytorch-rt", 7),
            ],
        ),
        (
            model(json!({"modelFormat": {"name": "onnx"}, "modelParameterSize": "13B"})),
            vec![("onnx-rt", 8), ("multi-format-rt", 5)],
        ),
        (
            model(json!({"modelFormat": {"name": "tensorflow"}, "modelParameterSize": "70B"})),
            vec![("tensorflow-rt", 12)],
        ),
        (
            model(json!({"modelFormat": {"name": "unknown-format"}, "modelParameterSize": "7B"})),
            vec![],
        ),
        (pytorch("200B"), vec![]),
    ];
    for (model, expected) in cases {
        let found = yes_scores(&rows(&s1_snapshot(), &model, &Requested::nothing()));
        let expected: Vec<(String, i64)> = expected
            .into_iter()
            .map(|(n, s)| (n.to_string(), s))
            .collect();
        assert_eq!(found, expected, "{model:?}");
    }
}

fn isvc_with(spec: Value, annotations: Value) -> InferenceService {
    serde_json::from_value(
        json!({"metadata": {"name": "s", "namespace": "default", "annotations": annotations},
                                  "spec": spec}),
    )
    .unwrap()
}

/// §8.3 #3: accelerator classes from every place a service names one.
#[test]
fn accelerator_classes_from_every_source() {
    let all = json!(["nvidia-tesla-t4", "nvidia-tesla-v100", "nvidia-tesla-a100"]);
    let ns = RuntimeKind::Namespaced;
    let with_classes = |name: &str, fw: i64, p: i64, min: &str, max: &str, classes: Value| {
        runtime(
            ns,
            name,
            json!({"supportedModelFormats": [entry("pytorch", fw, None, p)],
                                  "modelSizeRange": ranges(min, max),
                                  "acceleratorRequirements": {"acceleratorClasses": classes}}),
        )
    };
    let candidates = snapshot(vec![
        with_classes("pytorch-rt", 10, 2, "1B", "10B", all.clone()),
        with_classes("pytorch-rt-1", 8, 1, "1B", "8B", all.clone()),
        with_classes("pytorch-rt-2", 12, 1, "50B", "100B", all.clone()),
        with_classes("pytorch-rt-3", 12, 1, "1B", "10B", json!(["H100"])),
        with_classes(
            "pytorch-rt-4",
            12,
            1,
            "1B",
            "10B",
            json!([
                "H100",
                "nvidia-tesla-t4",
                "nvidia-tesla-v100",
                "nvidia-tesla-a100"
            ]),
        ),
    ]);
    let t4 = "nvidia-tesla-t4";
    let cases = [
        (
            isvc_with(json!({}), json!({})),
            vec!["pytorch-rt", "pytorch-rt-3", "pytorch-rt-4", "pytorch-rt-1"],
        ),
        (
            isvc_with(
                json!({"acceleratorSelector": {"acceleratorClass": t4}}),
                json!({}),
            ),
            vec!["pytorch-rt", "pytorch-rt-4", "pytorch-rt-1"],
        ),
        (
            isvc_with(
                json!({"engine": {"acceleratorOverride": {"acceleratorClass": t4}}}),
                json!({}),
            ),
            vec!["pytorch-rt", "pytorch-rt-4", "pytorch-rt-1"],
        ),
        (
            isvc_with(
                json!({"decoder": {"acceleratorOverride": {"acceleratorClass": t4}}}),
                json!({}),
            ),
            vec!["pytorch-rt", "pytorch-rt-4", "pytorch-rt-1"],
        ),
        (
            isvc_with(json!({}), json!({"ome.io/accelerator-class": t4})),
            vec!["pytorch-rt", "pytorch-rt-4", "pytorch-rt-1"],
        ),
        (
            isvc_with(
                json!({"acceleratorSelector": {"acceleratorClass": "H100"}}),
                json!({}),
            ),
            vec!["pytorch-rt-3", "pytorch-rt-4"],
        ),
        (
            isvc_with(
                json!({"engine": {"acceleratorOverride": {"acceleratorClass": "H100"}},
                          "decoder": {"acceleratorOverride": {"acceleratorClass": t4}}}),
                json!({}),
            ),
            vec!["pytorch-rt-4"],
        ),
    ];
    for (isvc, expected) in cases {
        let found = rows(&candidates, &pytorch("7B"), &Requested::of(&isvc));
        let yes: Vec<&str> = found
            .iter()
            .filter(|(_, r)| r.starts_with("Yes"))
            .map(|(n, _)| n.as_str())
            .collect();
        assert_eq!(yes, expected, "{:?}", Requested::of(&isvc));
    }
}

fn one(spec: Value, model: &ModelSpec) -> String {
    rows(
        &snapshot(vec![csr("rt", spec)]),
        model,
        &Requested::nothing(),
    )[0]
    .1
    .clone()
}

/// §8.3 #4–#10, #15: scores, weights and the reasons of single runtimes.
#[test]
fn single_runtime_reasons() {
    let pt = model(
        json!({"modelFormat": {"name": "PyTorch"}, "modelFramework": {"name": "transformers"}}),
    );
    let best = json!({"supportedModelFormats": [entry("PyTorch", 5, Some(("transformers", 8)), 1),
                                                entry("PyTorch", 10, Some(("transformers", 8)), 2)]});
    assert_eq!(one(best, &pt), "Yes 36 1 13");
    let other = json!({"supportedModelFormats": [entry("PyTorch", 8, Some(("different-framework", 4)), 2)]});
    assert_eq!(
        one(other, &pt),
        "model format 'mt:PyTorch:transformers' not in supported formats: framework name mismatch (model=transformers, runtime=different-framework)"
    );
    let bare = model(json!({"modelFormat": {"name": "PyTorch"}}));
    let wants =
        json!({"supportedModelFormats": [entry("PyTorch", 1, Some(("transformers", 1)), 1)]});
    assert_eq!(
        one(wants, &bare),
        "model format 'mt:PyTorch' not in supported formats: model has no framework but runtime requires transformers"
    );
    // #7.
    let st = model(json!({"modelFormat": {"name": "pytorch"}}));
    let no_auto = json!({"supportedModelFormats": [{"modelFormat": {"name": "pytorch", "weight": 5}, "autoSelect": false}]});
    assert_eq!(one(no_auto, &st), Exclusion::NoAutoSelect.reason());
    // #8.
    let big = pytorch("70B");
    assert_eq!(
        one(
            json!({"supportedModelFormats": [entry("onnx", 1, None, 1)]}),
            &big
        ),
        "model format 'mt:pytorch' not in supported formats: format name mismatch (model=pytorch, runtime=onnx)"
    );
    assert_eq!(
        one(
            json!({"supportedModelFormats": [entry("pytorch", 1, None, 1)], "modelSizeRange": ranges("1B", "10B")}),
            &big
        ),
        "model size 70B is outside supported range [1B, 10B]"
    );
    // #9, #10.
    let safetensors = model(json!({"modelFormat": {"name": "safetensors"}}));
    let mixed = json!({"supportedModelFormats": [{"modelFormat": {"name": "safetensors"}, "autoSelect": false},
                                                 {"modelFormat": {"name": "onnx"}, "autoSelect": true}]});
    assert_eq!(
        one(mixed, &safetensors),
        "matching format safetensors is not autoSelect-enabled (a different supportedModelFormats entry on this runtime has autoSelect=true, but not the one that matches this model)"
    );
    let zero = json!({"supportedModelFormats": [{"modelFormat": {"name": "safetensors"}, "autoSelect": true, "priority": 0}]});
    assert_eq!(
        one(zero, &safetensors),
        "auto-select score is 0 (format priority 0)"
    );
    // #15.
    let m = |format: &str, version: &str, size: &str| {
        model(
            json!({"modelFormat": {"name": format, "version": version}, "modelParameterSize": size}),
        )
    };
    let pt1 = json!({"supportedModelFormats": [{"modelFormat": {"name": "pytorch", "version": "1.0.0"}, "autoSelect": true}],
                     "modelSizeRange": ranges("1B", "13B")});
    assert!(one(pt1.clone(), &m("pytorch", "1.0.0", "7B")).starts_with("Yes"));
    assert_eq!(
        one(pt1.clone(), &m("tensorflow", "2.0.0", "7B")),
        "model format 'mt:tensorflow:2.0.0' not in supported formats: format name mismatch (model=tensorflow, runtime=pytorch)"
    );
    assert_eq!(
        one(pt1.clone(), &m("pytorch", "1.0.0", "70B")),
        "model size 70B is outside supported range [1B, 13B]"
    );
    assert!(one(pt1.clone(), &m("pytorch", "1.0.0", "1B")).starts_with("Yes"));
    assert!(one(pt1, &m("pytorch", "1.0.0", "13B")).starts_with("Yes"));
    assert_eq!(
        one(
            json!({}),
            &model(json!({"modelFormat": {"name": "pytorch"}}))
        ),
        "model format 'mt:pytorch' not in supported formats: no supported formats defined"
    );
}

/// §8.3 #11: a ServingRuntime and a ClusterServingRuntime of one name are two candidates.
#[test]
fn a_shadowed_cluster_runtime_keeps_its_own_row() {
    let safetensors = model(json!({"modelFormat": {"name": "safetensors"}}));
    let found = rows(
        &snapshot(vec![
            sr(
                "shared",
                json!({"supportedModelFormats": [entry("safetensors", 1, None, 1)]}),
            ),
            csr(
                "shared",
                json!({"supportedModelFormats": [entry("onnx", 1, None, 1)]}),
            ),
        ]),
        &safetensors,
        &Requested::nothing(),
    );
    assert_eq!(found[0], ("shared".to_string(), "Yes 1 1 1".to_string()));
    assert_eq!(
        found[1].1,
        "model format 'mt:safetensors' not in supported formats: format name mismatch (model=safetensors, runtime=onnx)"
    );
}

/// §8.4 #2: deployment modes, service against runtime.
#[test]
fn deployment_modes_reject_only_when_both_declare_and_differ() {
    let rt = |mode: Option<&str>| {
        let mut spec = json!({"supportedModelFormats": [entry("pytorch", 1, None, 1)]});
        if let Some(mode) = mode {
            spec["engineConfig"] = json!({"annotations": {"ome.io/deploymentMode": mode}});
        }
        snapshot(vec![csr("rt", spec)])
    };
    let svc = |spec: Value| Requested::of(&isvc_with(spec, json!({})));
    let annotated =
        |mode: &str| svc(json!({"engine": {"annotations": {"ome.io/deploymentMode": mode}}}));
    let cases = [
        (svc(json!({"engine": {}})), Some("MultiNode"), true),
        (annotated("OMENative"), None, true),
        (annotated("OMENative"), Some("OMENative"), true),
        (annotated("OMENative"), Some("MultiNode"), false),
        (annotated("RawDeployment"), Some("OMENative"), false),
        (
            svc(json!({"deploymentMode": "OMENative"})),
            Some("MultiNode"),
            false,
        ),
        (annotated("multinode"), Some("RawDeployment"), true),
    ];
    let st = model(json!({"modelFormat": {"name": "pytorch"}}));
    for (requested, runtime_mode, pass) in cases {
        let found = rows(&rt(runtime_mode), &st, &requested);
        assert_eq!(
            found[0].1.starts_with("Yes"),
            pass,
            "{requested:?} {runtime_mode:?}"
        );
    }
}

/// §8.4 #3, #4: absent and zero weights; a Sharded model.
#[test]
fn weights_absent_or_zero_and_a_sharded_model() {
    let with_framework =
        model(json!({"modelFormat": {"name": "st"}, "modelFramework": {"name": "tf"}}));
    let absent = json!({"supportedModelFormats": [{"modelFormat": {"name": "st"}, "modelFramework": {"name": "tf"},
                                                   "autoSelect": true, "priority": 3}]});
    assert_eq!(one(absent, &with_framework), "Yes 6 3 6");
    let zero = json!({"supportedModelFormats": [{"modelFormat": {"name": "st", "weight": 0},
                                                 "modelFramework": {"name": "tf", "weight": 0},
                                                 "autoSelect": true, "priority": 3}]});
    assert_eq!(one(zero, &with_framework), "Yes 45 3 0");
    let sharded = model(json!({"modelFormat": {"name": "st"}, "distribution": "Sharded"}));
    let fits = json!({"supportedModelFormats": [entry("st", 1, None, 1)]});
    assert_eq!(one(fits, &sharded), "auto-select score is 0");
}

fn page(
    kind: &str,
    items: Vec<Value>,
    version: &str,
    token: Option<&str>,
) -> Result<Value, ApiError> {
    Ok(json!({"kind": kind, "apiVersion": "ome.io/v1beta1",
              "metadata": {"resourceVersion": version, "continue": token}, "items": items}))
}

fn item(name: &str, namespace: Option<&str>) -> Value {
    json!({"metadata": {"name": name, "namespace": namespace, "uid": "u", "resourceVersion": "1", "generation": 1}})
}

fn reads(sr_pages: Vec<PageRead>, csr_pages: Vec<PageRead>, token_left: bool) -> SnapshotReads {
    SnapshotReads {
        namespace: "default".into(),
        namespaced: KindRead {
            kind: RuntimeKind::Namespaced,
            pages: sr_pages,
            token_left: false,
        },
        cluster: KindRead {
            kind: RuntimeKind::Cluster,
            pages: csr_pages,
            token_left,
        },
    }
}

fn read(limit: usize, sent: Option<&str>, page: Result<Value, ApiError>) -> PageRead {
    PageRead {
        limit,
        continue_sent: sent.map(str::to_string),
        page,
    }
}

fn problem(reads: &SnapshotReads) -> String {
    match snapshot::snapshot(reads) {
        Ok(s) => format!("ok {}", s.candidates.len()),
        Err(SnapshotProblem::Failed { kind, .. }) => format!("failed {kind}"),
        Err(SnapshotProblem::Truncated { kind }) => format!("truncated {kind}"),
        Err(SnapshotProblem::Inconsistent { kind, problem }) => format!("{problem} {kind}"),
    }
}

/// §2.2: a snapshot is complete and coherent, or it is not used.
#[test]
fn snapshots_are_used_whole_or_not_at_all() {
    let srs = || {
        vec![read(
            250,
            None,
            page(
                "ServingRuntimeList",
                vec![item("a", Some("default"))],
                "5",
                None,
            ),
        )]
    };
    let csr_page = |items, version, sent, token| {
        read(
            250,
            sent,
            page("ClusterServingRuntimeList", items, version, token),
        )
    };
    let good = reads(
        srs(),
        vec![
            csr_page(vec![item("b", None)], "5", None, Some("t1")),
            csr_page(vec![item("c", None)], "5", Some("t1"), None),
        ],
        false,
    );
    assert_eq!(problem(&good), "ok 3");
    let cases = [
        (
            reads(
                srs(),
                vec![
                    csr_page(vec![item("b", None)], "5", None, Some("t1")),
                    csr_page(vec![item("c", None)], "6", Some("t1"), None),
                ],
                false,
            ),
            "ResourceVersion ClusterServingRuntime",
        ),
        (
            reads(
                srs(),
                vec![csr_page(vec![item("b", None)], "", None, None)],
                false,
            ),
            "ResourceVersion ClusterServingRuntime",
        ),
        (
            reads(
                srs(),
                vec![read(
                    1,
                    None,
                    page(
                        "ClusterServingRuntimeList",
                        vec![item("b", None), item("c", None)],
                        "5",
                        None,
                    ),
                )],
                false,
            ),
            "PageOverLimit ClusterServingRuntime",
        ),
        (
            reads(
                srs(),
                vec![csr_page(vec![item("b", None)], "5", Some("t1"), Some("t1"))],
                false,
            ),
            "ContinueToken ClusterServingRuntime",
        ),
        (
            reads(
                srs(),
                vec![csr_page(vec![item("b", Some("default"))], "5", None, None)],
                false,
            ),
            "Identity ClusterServingRuntime",
        ),
        (
            reads(
                vec![read(
                    250,
                    None,
                    page(
                        "ServingRuntimeList",
                        vec![item("a", Some("other"))],
                        "5",
                        None,
                    ),
                )],
                vec![],
                false,
            ),
            "Identity ServingRuntime",
        ),
        (
            reads(
                srs(),
                vec![csr_page(vec![item("Bad_Name", None)], "5", None, None)],
                false,
            ),
            "Identity ClusterServingRuntime",
        ),
        (
            reads(
                srs(),
                vec![read(
                    250,
                    None,
                    page("ServingRuntimeList", vec![], "5", None),
                )],
                false,
            ),
            "Identity ClusterServingRuntime",
        ),
        (
            reads(
                srs(),
                vec![csr_page(
                    vec![item("b", None), item("b", None)],
                    "5",
                    None,
                    None,
                )],
                false,
            ),
            "Duplicate ClusterServingRuntime",
        ),
        (
            reads(
                srs(),
                vec![csr_page(
                    vec![json!({"metadata": {"name": "b"}, "spec": {"disabled": "yes"}})],
                    "5",
                    None,
                    None,
                )],
                false,
            ),
            "Malformed ClusterServingRuntime",
        ),
        (
            reads(
                srs(),
                vec![csr_page(vec![item("b", None)], "5", None, Some("t1"))],
                true,
            ),
            "truncated ClusterServingRuntime",
        ),
        (
            reads(srs(), vec![read(250, None, Err(ApiError::TimedOut))], false),
            "failed ClusterServingRuntime",
        ),
    ];
    for (reads, expected) in cases {
        assert_eq!(problem(&reads), expected);
    }
}

fn inheriting(kind: RuntimeKind, name: &str, parent: Option<&str>) -> Candidate {
    let namespace = if kind == RuntimeKind::Namespaced {
        "default"
    } else {
        ""
    };
    Candidate::decode(
        kind,
        json!({"metadata": {"name": name, "namespace": namespace, "uid": "u",
                                                "resourceVersion": "1", "generation": 1,
                                                "annotations": {"ome.io/inherit-from": parent}}}),
    )
    .unwrap()
}

/// §2.3, §8.3 #14: the chain comes from the snapshot; a missing parent or a loop is named.
#[test]
fn chains_resolve_from_the_snapshot() {
    let s = snapshot(vec![
        inheriting(RuntimeKind::Namespaced, "child", Some("base")),
        inheriting(RuntimeKind::Cluster, "base", None),
        inheriting(
            RuntimeKind::Namespaced,
            "orphan",
            Some("private-missing-parent"),
        ),
        inheriting(RuntimeKind::Namespaced, "a", Some("b")),
        inheriting(RuntimeKind::Namespaced, "b", Some("a")),
        inheriting(RuntimeKind::Cluster, "c-child", Some("child")),
    ]);
    let names = |c: Result<Vec<&Candidate>, ChainProblem>| {
        c.map(|c| c.iter().map(|c| c.kind_name()).collect::<Vec<_>>())
    };
    assert_eq!(
        names(chain::chain(&s, &s.candidates[0])),
        Ok(vec![
            "ClusterServingRuntime/base".to_string(),
            "ServingRuntime/child".to_string()
        ])
    );
    assert_eq!(
        names(chain::chain(&s, &s.candidates[2])),
        Err(ChainProblem::NotFound)
    );
    assert_eq!(
        names(chain::chain(&s, &s.candidates[3])),
        Err(ChainProblem::Cycle)
    );
    // A ClusterServingRuntime's parent is only ever a ClusterServingRuntime.
    assert_eq!(
        names(chain::chain(&s, &s.candidates[5])),
        Err(ChainProblem::NotFound)
    );
    let long: Vec<Candidate> = (0..40)
        .map(|i| {
            inheriting(
                RuntimeKind::Cluster,
                &format!("r{i}"),
                Some(&format!("r{}", i + 1)),
            )
        })
        .collect();
    let long = snapshot(long);
    assert_eq!(
        names(chain::chain(&long, &long.candidates[0])),
        Err(ChainProblem::MaxDepthExceeded)
    );
}
