//! Scale evidence strictness (evidence-strictness.md §2) against the real API server: the model
//! gate in stage 2, autoscaling re-checks, the pinned ControllerRevision's writer contract, a
//! disabled parent runtime, placement marker keys, migration record consistency and the minor
//! points. Every refusal starts from an otherwise valid `chat` example, names the stated error
//! and proves that nothing was written; each rule's valid side still scales.

// The whole file is test code (clippy.toml allows panicking shortcuts in tests).
#![cfg(test)]

use crate::{evidence_support, scale_support, support};
use evidence_support::*;
use ome_testenv::controller::{operation, rows_of};
use ome_testenv::crds::serving_runtime_resource;
use ome_testenv::fixtures::{CHAT_MODEL, CHAT_RUNTIME, Encoding};
use ome_testenv::objects::{create, get, merge_patch};
use ome_testenv::revisions::{RevisionSource, create_revision};
use ome_testenv::util::rfc3339_in;
use ome_testenv::{AutoscalerClass, Component, ModelFixture, Proxy, ProxyOptions};
use scale_support::*;
use serde_json::{Value, json};
use std::time::Duration;
use support::plugin_async;

/// A ClusterBaseModel name of this test's own (cluster-scoped objects outlive namespaces).
fn own_model(env: &Env) -> String {
    format!("llama-{}", env.ns)
}

// §2.1 — the model gate (D1).

#[tokio::test]
async fn d1_a_disabled_cluster_base_model_is_refused() {
    let env = Env::new("ev-model-off", chat()).await;
    let name = own_model(&env);
    env.ctl.create_model(None, &name, json!({})).await.unwrap();
    edit_spec(&env, json!({"model": {"name": name}})).await;
    assert_scale_accepted(&env, "engine", "3").await;
    env.ctl
        .patch_model(None, &name, json!({"spec": {"disabled": true}}))
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;
}

#[tokio::test]
async fn d1_a_missing_model_is_refused() {
    let env = Env::new(
        "ev-model-missing",
        chat().model(ModelFixture::Missing("no-such-model".into())),
    )
    .await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;
    assert_refusal(&env, "decoder", "1", &CONFIRMED, RUNTIME).await;
}

#[tokio::test]
async fn d1_a_base_model_in_the_namespace_wins_over_the_cluster_model() {
    // The namespace's BaseModel is disabled while the ClusterBaseModel of the same name is
    // enabled: the BaseModel decides.
    let env = Env::new("ev-model-ns", chat().model(ModelFixture::Namespaced)).await;
    assert_scale_accepted(&env, "engine", "3").await;
    env.ctl
        .patch_model(
            Some(&env.ns),
            CHAT_MODEL,
            json!({"spec": {"disabled": true}}),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;

    // A BaseModel with no ClusterBaseModel of that name is enough.
    let env = Env::new(
        "ev-model-ns-only",
        chat().model(ModelFixture::Missing("ns-only-model".into())),
    )
    .await;
    env.ctl
        .create_model(Some(&env.ns), "ns-only-model", json!({}))
        .await
        .unwrap();
    assert_scale_accepted(&env, "engine", "3").await;
}

#[tokio::test]
async fn d1_compatibility_is_checked_only_for_autosync() {
    // No model format under AutoSync.
    let env = Env::new("ev-model-format", chat()).await;
    let name = own_model(&env);
    env.ctl
        .create_model(None, &name, json!({"modelFormat": {"name": ""}}))
        .await
        .unwrap();
    edit_spec(&env, json!({"model": {"name": name}})).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;

    // A sharded model under AutoSync (no compatibility matcher: refused).
    let env = Env::new("ev-model-sharded", chat()).await;
    let name = own_model(&env);
    env.ctl
        .create_model(None, &name, json!({"distribution": "Sharded"}))
        .await
        .unwrap();
    edit_spec(&env, json!({"model": {"name": name}})).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;

    // A managed pin skips compatibility, but not the disabled check.
    let env = pinned_env("ev-model-pin").await;
    let name = own_model(&env);
    env.ctl
        .create_model(None, &name, json!({"modelFormat": {"name": ""}}))
        .await
        .unwrap();
    edit_spec(&env, json!({"model": {"name": name}})).await;
    assert_scale_accepted(&env, "engine", "3").await;
    env.ctl
        .patch_model(None, &name, json!({"spec": {"disabled": true}}))
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;
}

#[tokio::test]
async fn d1_the_model_reads_join_stage_2() {
    // New request trace of the basic example (explicit runtime, model set, dry-run none):
    // stage 1 ISVC + IR + /scale; stage 2 runtime (the ClusterServingRuntime and, sent with it,
    // the ServingRuntime of that name the lookup falls back to: difference p) + BaseModel +
    // ClusterBaseModel; stage 3
    // ISVC + runtime + IR; stage 4 the PATCH. Four sequential stages, no model re-read.
    let env = Env::new("ev-trace", chat()).await;
    let proxy = Proxy::start(
        cluster(),
        ProxyOptions {
            latency: Duration::from_millis(150),
        },
    )
    .unwrap();
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    proxy.clear_log();
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_eq!(run.code, 0, "{run:?}");
    let ns = env.ns.as_str();
    let stages = waves(&proxy.requests());
    let isvc = format!("GET /apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat");
    let ir = format!("GET /apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/chat-engine");
    let runtime = format!("GET /apis/ome.io/v1beta1/clusterservingruntimes/{CHAT_RUNTIME}");
    let expected = vec![
        sorted(vec![isvc.clone(), ir.clone(), format!("{ir}/scale")]),
        sorted(vec![
            runtime.clone(),
            format!("GET /apis/ome.io/v1beta1/namespaces/{ns}/servingruntimes/{CHAT_RUNTIME}"),
            format!("GET /apis/ome.io/v1beta1/namespaces/{ns}/basemodels/{CHAT_MODEL}"),
            format!("GET /apis/ome.io/v1beta1/clusterbasemodels/{CHAT_MODEL}"),
        ]),
        sorted(vec![isvc, runtime, ir.clone()]),
        vec![format!("PATCH {}/scale", ir.replace("GET ", ""))],
    ];
    assert_eq!(stages, expected);
}

/// The requests as waves of overlapping requests, each wave's `METHOD path` sorted.
fn waves(records: &[ome_testenv::RequestRecord]) -> Vec<Vec<String>> {
    let mut spans: Vec<_> = records
        .iter()
        .map(|r| {
            (
                r.start,
                r.end.unwrap_or(r.start),
                format!("{} {}", r.method, r.path()),
            )
        })
        .collect();
    spans.sort_by_key(|s| s.0);
    let mut waves: Vec<(std::time::Instant, Vec<String>)> = Vec::new();
    for (start, end, request) in spans {
        match waves.last_mut() {
            Some((wave_end, wave)) if start <= *wave_end => {
                *wave_end = (*wave_end).max(end);
                wave.push(request);
            }
            _ => waves.push((end, vec![request])),
        }
    }
    waves.into_iter().map(|(_, w)| sorted(w)).collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

// §2.2 — autoscaling validity re-checks (D4).

/// Makes `block` the engine's inline autoscaler everywhere the controller would: the ISVC spec,
/// the status mirror and the IR's resolved block, all observed — so only the rule under test can
/// refuse.
async fn engine_block(env: &Env, block: Value, class: &str, managed_by: &str) {
    edit_spec(env, json!({"engine": {"autoscaler": null}})).await;
    edit_spec(env, json!({"engine": {"autoscaler": block.clone()}})).await;
    env.ctl
        .set_autoscaler_status(
            &env.ns,
            "chat",
            Component::Engine,
            json!({"class": class, "managedBy": managed_by, "specSource": "isvc"}),
        )
        .await
        .unwrap();
    env.ctl
        .patch_ir(
            &env.ns,
            "chat-engine",
            json!({"spec": {"autoscaler": null}}),
        )
        .await
        .unwrap();
    env.ctl
        .patch_ir_observed(
            &env.ns,
            "chat-engine",
            json!({"spec": {"autoscaler": block}}),
        )
        .await
        .unwrap();
}

fn keda(extra: Value) -> Value {
    let mut keda = AutoscalerClass::Keda.block();
    for (k, v) in extra.as_object().unwrap() {
        keda["keda"][k] = v.clone();
    }
    keda
}

#[tokio::test]
async fn a1_a_legacy_autoscaler_annotation_beside_a_typed_block_refuses_every_component() {
    let env = Env::new("ev-a1", chat()).await;
    env.ctl
        .annotate_isvc(&env.ns, "chat", "ome.io/autoscalerClass", Some("hpa"))
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, SOURCE).await;
    assert_refusal(&env, "decoder", "1", &CONFIRMED, SOURCE).await;

    for (key, value) in [
        ("ome.io/autoscalerClass", "custom"),
        ("ome.io/targetUtilizationPercentage", "150"),
    ] {
        let env = Env::new("ev-a1-value", chat().autoscaler(Component::Engine, None)).await;
        env.ctl
            .annotate_isvc(&env.ns, "chat", key, Some(value))
            .await
            .unwrap();
        eprintln!("case: {key}={value}");
        assert_refusal(&env, "engine", "2", &CONFIRMED, SOURCE).await;
    }
}

#[tokio::test]
async fn a2_a3_the_runtime_block_is_checked_even_when_the_service_block_wins() {
    for (label, config) in [
        (
            "policy reference",
            json!({"autoscalerPolicyRef": {"name": "p"}}),
        ),
        (
            "KEDA without triggers",
            json!({"autoscaler": {"class": "KEDA"}}),
        ),
    ] {
        let env = Env::new("ev-a2", chat().namespaced_runtime()).await;
        merge_patch(
            &env.admin,
            &serving_runtime_resource(),
            Some(&env.ns),
            CHAT_RUNTIME,
            json!({"spec": {"engineConfig": config}}),
        )
        .await
        .unwrap();
        eprintln!("case: {label}");
        assert_refusal(&env, "engine", "3", &CONFIRMED, SOURCE).await;
    }
}

#[tokio::test]
async fn a4_replica_bounds_are_not_normalised() {
    for (label, bounds) in [
        ("min above max", json!({"minReplicas": 5, "maxReplicas": 3})),
        ("negative min", json!({"minReplicas": -1, "maxReplicas": 4})),
        ("negative max", json!({"minReplicas": 2, "maxReplicas": -1})),
        (
            "max beyond int32",
            json!({"minReplicas": 2, "maxReplicas": 2147483648_i64}),
        ),
    ] {
        let env = Env::new("ev-a4", chat()).await;
        edit_spec(&env, json!({"engine": bounds})).await;
        eprintln!("case: {label}");
        assert_refusal(&env, "engine", "3", &CONFIRMED, SOURCE).await;
    }
}

#[tokio::test]
async fn a5_a_policy_reference_needs_a_name() {
    let env = Env::new("ev-a5", chat()).await;
    edit_spec(
        &env,
        json!({"engine": {"autoscalerPolicyRef": {"name": ""}}}),
    )
    .await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, SOURCE).await;
}

#[tokio::test]
async fn a6_to_a9_the_winning_block_is_valid() {
    let cases: Vec<(&str, Value, &str, &str)> = vec![
        (
            "KEDA without triggers",
            json!({"class": "KEDA"}),
            "KEDA",
            "ome",
        ),
        ("unknown class", json!({"class": "Custom"}), "Custom", "ome"),
        (
            "HPA metric without type",
            json!({"class": "HPA", "hpa": {"metrics": [{"type": ""}]}}),
            "HPA",
            "ome",
        ),
        (
            "KEDA idle not below the minimum",
            keda(json!({"idleReplicaCount": 2})),
            "KEDA",
            "ome",
        ),
        (
            "KEDA HPA name collides with the OME HPA",
            keda(json!({"advanced": {"horizontalPodAutoscalerConfig": {"name": "chat-engine"}}})),
            "KEDA",
            "ome",
        ),
        (
            "HPA metric source of another type",
            json!({"class": "HPA", "hpa": {"metrics": [{"type": "Pods", "resource": {"name": "cpu",
                "target": {"type": "Utilization", "averageUtilization": 80}}}]}}),
            "HPA",
            "ome",
        ),
        (
            "HPA behavior window above an hour",
            json!({"class": "HPA", "hpa": {"behavior": {"scaleDown": {"stabilizationWindowSeconds": 3601}}}}),
            "HPA",
            "ome",
        ),
        (
            "KEDA polling interval 0",
            keda(json!({"pollingInterval": 0})),
            "KEDA",
            "ome",
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, block, class, managed_by)| async move {
        let env = Env::new("ev-a6", chat()).await;
        engine_block(&env, block, class, managed_by).await;
        eprintln!("case: {label}");
        assert_refusal(&env, "engine", "3", &CONFIRMED, SOURCE).await;
    })
    .await;
    // The fixture's valid KEDA block, set the same way, scales.
    let env = Env::new("ev-a6-valid", chat()).await;
    engine_block(&env, AutoscalerClass::Keda.block(), "KEDA", "ome").await;
    assert_scale_accepted(&env, "engine", "3").await;
}

#[tokio::test]
async fn a10_scale_to_zero_only_with_keda() {
    let env = Env::new("ev-a10", chat()).await;
    edit_spec(&env, json!({"engine": {"minReplicas": 0}})).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, SOURCE).await;
}

// §2.3 — the pinned ControllerRevision's writer contract (D5).

/// The runtime's spec as the pin's `data`.
async fn runtime_spec(env: &Env) -> Value {
    get(
        &env.admin,
        &serving_runtime_resource(),
        Some(&env.ns),
        CHAT_RUNTIME,
    )
    .await
    .unwrap()["spec"]
        .clone()
}

/// A managed pin (`autoSync: false`) of the namespace's ServingRuntime, reported by the
/// controller; the revision is written by [`RevisionSource::body`] with `edit` applied.
async fn pin(env: &Env, source: &RevisionSource, edit: impl FnOnce(&mut Value)) -> String {
    cluster().ensure_namespace("ome").await.unwrap();
    let body = source.body(edit).unwrap();
    let stored = create_revision(&env.admin, "ome", body).await.unwrap();
    let name = stored["metadata"]["name"].as_str().unwrap().to_string();
    edit_spec(env, json!({"runtime": {"autoSync": false}})).await;
    edit_status(env, json!({"pinnedRevisionName": name})).await;
    name
}

async fn pinned_env(prefix: &str) -> Env {
    let env = Env::new(prefix, chat().namespaced_runtime()).await;
    let source = RevisionSource::namespaced(&env.ns, CHAT_RUNTIME, runtime_spec(&env).await);
    pin(&env, &source, |_| {}).await;
    env
}

#[tokio::test]
async fn d5_a_pin_written_by_the_controller_is_the_source() {
    let env = Env::new("ev-pin", chat().namespaced_runtime()).await;
    let source = RevisionSource::namespaced(&env.ns, CHAT_RUNTIME, runtime_spec(&env).await);
    let name = pin(&env, &source, |_| {}).await;
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "client", "-o", "wide"]);
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &extra)).await;
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains(&format!(
            "source identity     {}\n",
            clip(&format!("ControllerRevision/ome/{name}"))
        )),
        "{}",
        run.stdout
    );
}

#[tokio::test]
async fn d5_each_writer_contract_rule() {
    type Edit = Box<dyn FnOnce(&mut Value)>;
    let label = |key: &'static str, value: &'static str| -> Edit {
        Box::new(move |r: &mut Value| r["metadata"]["labels"][key] = json!(value))
    };
    let unlabel = |key: &'static str| -> Edit {
        Box::new(move |r: &mut Value| {
            if let Some(labels) = r["metadata"]["labels"].as_object_mut() {
                labels.remove(key);
            }
        })
    };
    let cases: Vec<(&str, Edit)> = vec![
        (
            "no created-by annotation",
            Box::new(|r| r["metadata"]["annotations"] = json!({})),
        ),
        ("no runtime-of label", unlabel("ome.io/runtime-of")),
        (
            "runtime-of another runtime",
            label("ome.io/runtime-of", "other-runtime"),
        ),
        (
            "runtime-of-kind of the cluster kind",
            label("ome.io/runtime-of-kind", "ClusterServingRuntime"),
        ),
        (
            "runtime-of-namespace of another namespace",
            label("ome.io/runtime-of-namespace", "team-b"),
        ),
        ("revision 2", Box::new(|r| r["revision"] = json!(2))),
        (
            "stale hash label",
            label("ome.io/revision-hash", "00000000"),
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (name, edit)| async move {
        let env = Env::new("ev-pin-rule", chat().namespaced_runtime()).await;
        let source = RevisionSource::namespaced(&env.ns, CHAT_RUNTIME, runtime_spec(&env).await);
        pin(&env, &source, edit).await;
        eprintln!("case: {name}");
        assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;
    })
    .await;

    // A name that is not cr-/r-<...>-<hash>.
    let env = Env::new("ev-pin-name", chat().namespaced_runtime()).await;
    let source = RevisionSource::namespaced(&env.ns, CHAT_RUNTIME, runtime_spec(&env).await);
    let odd = format!("srt-abc-{}", env.ns.rsplit('-').next().unwrap());
    pin(&env, &source, |r| r["metadata"]["name"] = json!(odd)).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;

    // Data that is not the runtime spec itself.
    type Data = fn(Value) -> Value;
    let cases: [(&str, Data); 3] = [
        ("a spec wrapper", |spec: Value| json!({"spec": spec})),
        ("disabled", |mut spec: Value| {
            spec["disabled"] = json!(true);
            spec
        }),
        ("an unknown key", |mut spec: Value| {
            spec["notARuntimeField"] = json!(1);
            spec
        }),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (name, data)| async move {
        let env = Env::new("ev-pin-data", chat().namespaced_runtime()).await;
        let source =
            RevisionSource::namespaced(&env.ns, CHAT_RUNTIME, data(runtime_spec(&env).await));
        pin(&env, &source, |_| {}).await;
        eprintln!("case: {name}");
        assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;
    })
    .await;
}

// §2.4 — a disabled parent runtime (D6).

#[tokio::test]
async fn d6_disabled_is_inherited_from_the_nearest_runtime_that_sets_it() {
    let env = Env::new("ev-parent", chat().namespaced_runtime()).await;
    create(
        &env.admin,
        &serving_runtime_resource(),
        Some(&env.ns),
        json!({"metadata": {"name": "base-profile", "annotations": {"ome.io/runtime-profile": "true"}},
               "spec": {"disabled": true, "engineConfig": {"maxReplicas": 4}}}),
    )
    .await
    .unwrap();
    merge_patch(
        &env.admin,
        &serving_runtime_resource(),
        Some(&env.ns),
        CHAT_RUNTIME,
        json!({"metadata": {"annotations": {"ome.io/inherit-from": "base-profile"}},
               "spec": {"disabled": null}}),
    )
    .await
    .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;
    // The child says `disabled: false`: the child wins.
    merge_patch(
        &env.admin,
        &serving_runtime_resource(),
        Some(&env.ns),
        CHAT_RUNTIME,
        json!({"spec": {"disabled": false}}),
    )
    .await
    .unwrap();
    assert_scale_accepted(&env, "engine", "3").await;
}

// §2.5 — placement marker keys (D9).

#[tokio::test]
async fn d9_the_placement_control_plane_key_is_refused() {
    let env = Env::new("ev-placement", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"metadata": {"labels": {"ome.io/placement-control-plane": "cp-a"}}}),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, PLACEMENT).await;

    let env = Env::new("ev-placement-annotation", chat()).await;
    env.ctl
        .annotate_isvc(
            &env.ns,
            "chat",
            "ome.io/placement-control-plane",
            Some("cp-a"),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, PLACEMENT).await;
}

// §2.6 — migration record consistency (D8).

fn completed_record() -> Value {
    json!({"requestUUID": "7c9e6679-7425-40de-944b-e07fc1f90ae7", "trigger": "Manual",
           "phase": "Completed", "sourceInstance": 0, "attempt": 0,
           "startedAt": rfc3339_in(-600), "deadline": rfc3339_in(300),
           "surgeInstance": 2, "allocatedAt": rfc3339_in(-590),
           "completedAt": rfc3339_in(-60), "fromNode": "gpu-node-a"})
}

#[tokio::test]
async fn d8_every_migration_record_is_consistent() {
    // A consistent terminal record is fine.
    let env = Env::new("ev-migration-ok", chat()).await;
    edit_ir_status(
        &env,
        "chat-engine",
        json!({"migrations": [completed_record()]}),
    )
    .await;
    assert_scale_accepted(&env, "engine", "3").await;

    let with = |change: Value| {
        let mut r = completed_record();
        for (k, v) in change.as_object().unwrap() {
            r[k] = v.clone();
        }
        vec![r]
    };
    let cases: Vec<(&str, Vec<Value>)> = vec![
        (
            "the spec's example: Completed without completedAt or surge",
            vec![
                json!({"requestUUID": "7c9e6679-7425-40de-944b-e07fc1f90ae7", "trigger": "Manual",
                        "phase": "Completed", "sourceInstance": 0,
                        "startedAt": rfc3339_in(-600), "deadline": rfc3339_in(300)}),
            ],
        ),
        (
            "uppercase UUID",
            with(json!({"requestUUID": "7C9E6679-7425-40DE-944B-E07FC1F90AE7"})),
        ),
        ("duplicate UUID", {
            let mut two = with(json!({}));
            two.extend(with(json!({})));
            two
        }),
        ("negative source", with(json!({"sourceInstance": -1}))),
        (
            "started in the future",
            with(json!({"startedAt": rfc3339_in(3600)})),
        ),
        (
            "deadline before start",
            with(json!({"deadline": rfc3339_in(-700)})),
        ),
        ("manual with attempts", with(json!({"attempt": 1}))),
        (
            "auto with attempt 0",
            with(json!({"trigger": "Auto", "phase": "Relocated",
            "surgeInstance": null, "allocatedAt": null, "succeeded": true})),
        ),
        (
            "manual relocated",
            with(json!({"phase": "Relocated", "surgeInstance": null, "allocatedAt": null})),
        ),
        ("surge equals source", with(json!({"surgeInstance": 0}))),
        (
            "surge without allocation",
            with(json!({"allocatedAt": null})),
        ),
        (
            "succeeded on a manual record",
            with(json!({"succeeded": true})),
        ),
        (
            "completed before allocation",
            with(json!({"completedAt": rfc3339_in(-595)})),
        ),
        (
            "oversized reason",
            with(json!({"reason": "r".repeat(4097)})),
        ),
        (
            "too many hint nodes",
            with(
                json!({"hintTargetNodes": (0..65).map(|i| format!("node-{i}")).collect::<Vec<_>>()}),
            ),
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, records)| async move {
        let env = Env::new("ev-migration", chat()).await;
        edit_ir_status(&env, "chat-engine", json!({"migrations": records})).await;
        eprintln!("case: {label}");
        // The IR's payload bounds (scale.md §2.5) are checked before record consistency, so
        // the two over-long records are refused as out of bounds.
        let want = match label {
            "oversized reason" | "too many hint nodes" => INSPECTION_BOUNDS,
            _ => STALE,
        };
        assert_refusal(&env, "engine", "3", &CONFIRMED, want).await;
    })
    .await;
}

// conformance.md §5 (a), (b) — a Migrate operation's role and its hint bound.

/// Instance 0 of the engine migrating to surge Instance 2 under a manual `SurgeReady` record,
/// written in `encoding`; `edit` may change the record and the operation first.
async fn migrating(
    prefix: &str,
    encoding: Encoding,
    edit: impl FnOnce(&mut Value, &mut Value),
) -> Env {
    let env = Env::new(prefix, chat()).await;
    let uuid = env
        .ctl
        .add_migration(&env.ns, "chat-engine", "SurgeReady")
        .await
        .unwrap();
    let ir = env.ir("chat-engine").await;
    let (mut rows, _) = rows_of(&ir).unwrap();
    let target = ir["status"]["updateRevision"].as_str().unwrap().to_string();
    let mut op = operation("Migrate", 0, &target);
    op["requestUUID"] = json!(uuid);
    op["surgeIndex"] = json!(2);
    let mut migrations = ir["status"]["migrations"].clone();
    assert_eq!(migrations[0]["surgeInstance"], 2, "{migrations}");
    edit(&mut migrations[0], &mut op);
    rows[0]["phase"] = json!("Migrating");
    rows[0]["operation"] = op;
    env.ctl
        .write_rows(
            &env.ns,
            &ir,
            rows,
            encoding,
            json!({"migrations": migrations}),
        )
        .await
        .unwrap();
    env
}

/// The engine's scale is refused with `message` and exactly the check lines `check`, and
/// nothing is written.
async fn assert_checked_refusal(env: &Env, message: &str, check: &[&str]) {
    let before = env.stored("chat-engine").await;
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_refused(&run, message);
    assert_eq!(
        check_lines(&run.stderr, message),
        Some(check.iter().map(|l| l.to_string()).collect()),
        "{}",
        run.stderr
    );
    assert_eq!(env.stored("chat-engine").await, before);
    assert!(env.writes().await.is_empty());
}

/// An edit of the migration record and the Migrate operation.
type Edit = fn(&mut Value, &mut Value);

#[tokio::test]
async fn c5a_a_migrate_operation_outside_its_records_roles_is_stale() {
    // The paired operation is active migration work (the control case).
    let env = migrating("c5a-paired", Encoding::DenseV1, |_, _| {}).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, WORK).await;
    let stale = ["scale check: controller-freshness ir=chat-engine cause=MigrateRole index=0"];
    let cases: Vec<(&str, Edit)> = vec![
        // The reference's `surgeRole=false/record sourceInstance 4`: Instance 0 is neither
        // the record's source nor its surge.
        ("record sourceInstance 4", |record, _| {
            record["sourceInstance"] = json!(4)
        }),
        // The operation points at another surge than the record's.
        ("operation surgeIndex 1", |_, op| {
            op["surgeIndex"] = json!(1)
        }),
        // A queued record (no surge yet) never pairs.
        ("queued record", |record, _| {
            record["phase"] = json!("Accepted");
            record["surgeInstance"] = json!(-1);
            record["allocatedAt"] = Value::Null;
        }),
    ];
    let cases = cases.into_iter().map(|c| (c.0, c));
    support::each_case(cases, |_, (label, edit)| async move {
        let env = migrating("c5a-role", Encoding::DenseV1, edit).await;
        eprintln!("case: {label}");
        assert_checked_refusal(&env, STALE, &stale).await;
    })
    .await;
}

#[tokio::test]
async fn c5b_an_operations_hints_over_the_bound_are_bounds() {
    let many: Vec<String> = (0..65).map(|i| format!("node-{i}")).collect();
    let count = ["scale check: inspection-bounds object=InferenceReplica \
         limit=status.instanceStatuses.operation.hintTargetNodes observed=65 max=64"];
    let long = ["scale check: inspection-bounds object=InferenceReplica \
         limit=status.instanceStatuses.operation.hintTargetNodes observed=257 max=256"];
    let cases: Vec<(&str, Encoding, Value, &[&str])> = vec![
        ("65 hints, DenseV1", Encoding::DenseV1, json!(many), &count),
        (
            "65 hints, ColumnarV2",
            Encoding::ColumnarV2,
            json!(many),
            &count,
        ),
        (
            "a hint of 257 bytes",
            Encoding::DenseV1,
            json!(["n".repeat(257)]),
            &long,
        ),
    ];
    let cases = cases.into_iter().map(|c| (c.0, c));
    support::each_case(cases, |_, (label, encoding, hints, check)| async move {
        let env = migrating("c5b-hints", encoding, |_, op| op["hintTargetNodes"] = hints).await;
        eprintln!("case: {label}");
        assert_checked_refusal(&env, INSPECTION_BOUNDS, check).await;
    })
    .await;
    // 64 hints of 256 bytes are within the bound: the paired operation is active work.
    let env = migrating("c5b-fine", Encoding::ColumnarV2, |_, op| {
        op["hintTargetNodes"] = json!(vec!["n".repeat(256); 64])
    })
    .await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, WORK).await;
}

// §2.7 — minor points (D10).

#[tokio::test]
async fn d10_minor_points_refuse() {
    for (label, runtime) in [
        ("explicit empty kind", json!({"kind": ""})),
        ("explicit empty apiGroup", json!({"apiGroup": ""})),
    ] {
        let env = Env::new("ev-d10-runtime", chat()).await;
        edit_spec(&env, json!({"runtime": runtime})).await;
        eprintln!("case: {label}");
        assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;
    }

    let env = Env::new("ev-d10-rollback", chat()).await;
    env.ctl
        .patch_ir_observed(
            &env.ns,
            "chat-engine",
            json!({"spec": {"pacing": {"rollbackToRevision": ""}}}),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, WORK).await;

    let env = Env::new("ev-d10-virtual", chat()).await;
    env.ctl
        .annotate_isvc(
            &env.ns,
            "chat",
            "ome.io/deploymentMode",
            Some("VirtualDeployment"),
        )
        .await
        .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;

    let env = Env::new("ev-d10-no-engine", chat().without(Component::Engine)).await;
    assert_refusal(&env, "decoder", "1", &CONFIRMED, RUNTIME).await;
}
