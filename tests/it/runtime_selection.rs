//! Services whose runtime OME selects (runtime-selection.md), against the real API server:
//! `scale` of OME's minimal InferenceService (a service that names only its model) and every
//! refusal of §5.5 with what the audit log shows was written, the budget of §2.2 and the
//! revalidation of §5.4, `autoscale explain`, `runtime effective` and `rollout pause` on a
//! selected runtime. Every ClusterServingRuntime in a cluster is a candidate, so these tests run
//! on the selection cluster, one at a time ([`cluster_scope`]).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::scale_support::{CHANGED, RUNTIME};
use crate::support::{Run, plugin_async};
use ome_testenv::objects::{generation, resource_version, uid};
use ome_testenv::selection::{
    ClusterScope, Runtime, catalog, cluster_scope, create_model, create_runtimes,
};
use ome_testenv::{
    AuditEvent, ChatFixture, Component, Controller, Hook, ModelFixture, Proxy, ProxyOptions,
    TestCluster,
};
use serde_json::{Value, json};

/// One test's namespace on the selection cluster, whose cluster scope it holds.
struct Scoped {
    scope: ClusterScope,
    ns: String,
    admin: kube::Client,
    ctl: Controller,
}

impl Scoped {
    async fn new(prefix: &str) -> Scoped {
        let scope = cluster_scope().await.unwrap();
        let ns = scope.cluster().namespace(prefix).await.unwrap();
        let admin = scope.cluster().admin().await.unwrap();
        Scoped {
            scope,
            ns,
            ctl: Controller::new(admin.clone()),
            admin,
        }
    }

    fn cluster(&self) -> &'static TestCluster {
        self.scope.cluster()
    }

    async fn run(&self, user: &str, args: &[&str]) -> Run {
        let kubeconfig = self.cluster().kubeconfig(user).unwrap();
        let mut all = args.to_vec();
        all.extend(["-n", self.ns.as_str()]);
        plugin_async(Some(&kubeconfig), &all).await
    }

    /// `scale chat --component engine --replicas 3 --override-autoscaler --yes` plus `extra`.
    async fn scale(&self, extra: &[&str]) -> Run {
        let mut args = vec![
            "scale",
            "chat",
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
        ];
        args.extend_from_slice(extra);
        self.run("scaler", &args).await
    }

    /// Every write in the namespace by a user other than the harness's admin.
    async fn writes(&self) -> Vec<AuditEvent> {
        let audit = self.cluster().audit();
        audit.sync().await.unwrap();
        audit.writes_in(&self.ns).unwrap()
    }

    /// The LISTs of each runtime kind `scaler` sent in this namespace and at cluster scope.
    async fn lists(&self) -> (usize, usize) {
        let audit = self.cluster().audit();
        audit.sync().await.unwrap();
        let events = audit.events().unwrap();
        let count = |resource: &str, namespace: &str| {
            events
                .iter()
                .filter(|e| {
                    e.user.username == "scaler"
                        && e.verb == "list"
                        && e.resource() == resource
                        && e.namespace() == namespace
                })
                .count()
        };
        (
            count("servingruntimes", &self.ns),
            count("clusterservingruntimes", ""),
        )
    }

    /// OME's minimal InferenceService `chat`: the engine only, the ClusterBaseModel `model`, its
    /// IR labelled `serving-runtime: <label>`.
    async fn minimal(&self, model: &str, label: Option<&str>) {
        ChatFixture::new()
            .without(Component::Decoder)
            .without(Component::Router)
            .model(ModelFixture::Cluster(model.into()))
            .selecting(label)
            .create(&self.admin, &self.ns)
            .await
            .unwrap();
    }

    /// [`Scoped::minimal`] on the ClusterBaseModel `m`, with the ClusterServingRuntime `srt`
    /// OME selects for it.
    async fn minimal_on_srt(&self, label: Option<&str>) {
        create_runtimes(&self.admin, None, &[native("srt")])
            .await
            .unwrap();
        self.minimal("m", label).await;
    }

    async fn engine_replicas(&self) -> i64 {
        let ir = self.ctl.ir(&self.ns, "chat-engine").await.unwrap();
        ir["spec"]["replicas"].as_i64().unwrap()
    }

    fn next_explain(&self) -> String {
        format!(
            "next: kubectl ome runtime explain --isvc chat -n {}",
            self.ns
        )
    }
}

/// The guide's model's entry: it matches [`ChatFixture`]'s models (`model_manifest`).
fn llama_entry(auto_select: bool) -> Value {
    json!({"name": "safetensors",
           "modelFormat": {"name": "safetensors", "version": "1.0.0"},
           "modelFramework": {"name": "transformers", "version": "4.45.0"},
           "modelArchitecture": "LlamaForCausalLM", "autoSelect": auto_select})
}

/// A runtime that qualifies for the guide's model and serves the engine natively.
fn native(name: &str) -> Runtime {
    Runtime::new(
        name,
        json!({
            "supportedModelFormats": [llama_entry(true)],
            "engineConfig": {"annotations": {"ome.io/deploymentMode": "OMENative"},
                             "minReplicas": 1, "maxReplicas": 4},
        }),
    )
}

/// A refusal before the preview: the check lines, the error, nothing on stdout, exit `code`,
/// and nothing written.
async fn assert_refused(s: &Scoped, run: &Run, lines: &[String], message: &str, code: i32) {
    let mut expected: String = lines.iter().map(|l| format!("{l}\n")).collect();
    expected.push_str(&format!("error: {message}\n"));
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (code, "", expected.as_str()),
        "{run:?}"
    );
    assert!(s.writes().await.is_empty());
    assert_eq!(s.engine_replicas().await, 2);
}

fn native_runtime_line(runtime: &str, cause: &str) -> String {
    format!("scale check: native-runtime runtime={runtime} pin=AutoSync cause={cause}")
}

/// The preview of the minimal service's scale to 3 (`dry_run`), its selected runtime and model
/// shown after the verified source.
fn preview(s: &Scoped, isvc: &Value, ir: &Value, dry_run: &str) -> String {
    let rows = [
        ("context", "scaler".to_string()),
        ("workload namespace", s.ns.clone()),
        ("OME namespace", "ome".to_string()),
        ("parent", "chat".to_string()),
        ("parent UID", uid(isvc).to_string()),
        ("parent generation", generation(isvc).to_string()),
        ("IR", "chat-engine".to_string()),
        ("IR UID", uid(ir).to_string()),
        ("IR RV", resource_version(ir).to_string()),
        ("IR generation", generation(ir).to_string()),
        ("parent stamp", "1".to_string()),
        ("component", "engine".to_string()),
        ("/scale spec.replicas", "2 -> 3".to_string()),
        ("bounds", "2..4".to_string()),
        ("verified ownership", "External / external".to_string()),
        ("verified source", "isvc".to_string()),
        (
            "runtime",
            "ClusterServingRuntime/srt (selected)".to_string(),
        ),
        ("model", "ClusterBaseModel/m".to_string()),
        ("override / transient", "true / true".to_string()),
        ("dry-run", dry_run.to_string()),
        (
            "reported Instances",
            "2 total; 2 ready; 2 serving; 2 available".to_string(),
        ),
        (
            "lifecycle / canary",
            "No observed selected active work".to_string(),
        ),
        ("parent freshness", "Unverifiable (advisory)".to_string()),
        ("IR proofs revalidated", "1".to_string()),
    ];
    let mut out = String::from("ALPHA guarded scale preview (not controller convergence)\n");
    out.push_str(&format!("{:<24}VALUE\n", "FIELD"));
    for (label, value) in rows {
        out.push_str(&format!("{label:<24}{value}\n"));
    }
    out.push_str(
        "This is a transient /scale request, not a change to parent replica intent.\n\
         The operator-owned scaler is not observed and can overwrite the request\n\
         immediately.\n\
         Scale-down may drain/delete logical Instances; pause does not freeze teardown.\n\
         The runtime was auto-selected the way OME selects it; OME records no choice.\n\
         IR UID/resourceVersion CAS is not a multi-object transaction.\n",
    );
    out
}

/// §8.4 #6: OME's minimal service scales from the runtime OME selects for its model: the
/// preview and the result name the runtime and the model, and the one write is the PATCH.
#[tokio::test]
async fn a_minimal_service_scales_on_its_selected_runtime() {
    let s = Scoped::new("sel-minimal").await;
    s.minimal_on_srt(Some("srt")).await;
    let isvc = s.ctl.isvc(&s.ns, "chat").await.unwrap();
    let ir = s.ctl.ir(&s.ns, "chat-engine").await.unwrap();

    let dry = s.scale(&["--dry-run", "client", "-o", "wide"]).await;
    assert_eq!(dry.code, 0, "{dry:?}");
    assert_eq!(dry.stderr, preview(&s, &isvc, &ir, "client"));
    let rows: Vec<&str> = dry.stdout.lines().collect();
    let at = rows.iter().position(|l| l.starts_with("source ")).unwrap();
    assert_eq!(
        rows[at + 1..at + 4]
            .iter()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>(),
        [
            "runtime ClusterServingRuntime/srt (selected)",
            "model ClusterBaseModel/m",
            "runtime label Confirmed",
        ]
    );
    assert!(s.writes().await.is_empty());

    let run = s.scale(&["-o", "json"]).await;
    assert_eq!(
        (run.code, run.stderr.clone()),
        (0, preview(&s, &isvc, &ir, "none"))
    );
    let result: Value = serde_json::from_str(&run.stdout).unwrap();
    let scale = &result["scale"];
    let sources: Vec<String> = scale["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            format!(
                "{}/{}",
                s["kind"].as_str().unwrap(),
                s["name"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(sources, ["ClusterBaseModel/m", "ClusterServingRuntime/srt"]);
    let selection = &scale["runtimeSelection"];
    assert_eq!(selection["source"], "Selected");
    assert_eq!(selection["runtime"]["kind"], "ClusterServingRuntime");
    assert_eq!(selection["runtime"]["name"], "srt");
    assert_eq!(selection["model"]["kind"], "ClusterBaseModel");
    assert_eq!(selection["model"]["name"], "m");
    assert_eq!(selection["candidates"], 1);
    assert_eq!(selection["labelEvidence"], "Confirmed");
    assert!(
        scale["warnings"]
            .as_array()
            .unwrap()
            .contains(&json!("RuntimeAutoSelected"))
    );
    // The key order of the contract: runtimeSelection last.
    assert_eq!(
        scale
            .as_object()
            .unwrap()
            .keys()
            .next_back()
            .map(String::as_str),
        Some("runtimeSelection")
    );
    let writes = s.writes().await;
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert_eq!(
        (writes[0].verb.as_str(), writes[0].path()),
        (
            "patch",
            format!(
                "/apis/ome.io/v1beta1/namespaces/{}/inferencereplicas/chat-engine/scale",
                s.ns
            )
            .as_str()
        )
    );
    assert_eq!(s.engine_replicas().await, 3);
}

/// §8.4 #7: what OME recorded of its choice is cross-checked: an IR labelled with another
/// runtime, and a `RuntimeReady` condition that is not one `True`, refuse the scale.
#[tokio::test]
async fn what_the_controller_recorded_must_agree_with_the_selection() {
    let s = Scoped::new("sel-cross").await;
    s.minimal_on_srt(Some("other")).await;
    let run = s.scale(&[]).await;
    let expected = [
        native_runtime_line("ClusterServingRuntime/srt", "SelectedRuntimeMismatch"),
        "scale check: runtime-label ir=chat-engine label=other selected=srt".to_string(),
        s.next_explain(),
    ];
    assert_refused(&s, &run, &expected, RUNTIME, 1).await;

    // The label agrees, the condition does not.
    s.ctl
        .patch_ir(
            &s.ns,
            "chat-engine",
            json!({"metadata": {"labels": {"serving-runtime": "srt"}}}),
        )
        .await
        .unwrap();
    let conditions = |ready: Value| json!({"status": {"conditions": ready}});
    let now = "2026-12-05T08:00:00Z";
    let cases = [
        (
            json!([{"type": "RuntimeReady", "status": "False", "reason": "RuntimeNotFound",
                    "lastTransitionTime": now}]),
            "status=False reason=RuntimeNotFound",
        ),
        (
            json!([{"type": "RuntimeReady", "status": "True", "lastTransitionTime": now},
                   {"type": "RuntimeReady", "status": "True", "lastTransitionTime": now}]),
            "status=Duplicate reason=-",
        ),
    ];
    for (ready, shown) in cases {
        s.ctl
            .patch_isvc_status(&s.ns, "chat", conditions(ready))
            .await
            .unwrap();
        let run = s.scale(&[]).await;
        let expected = [
            native_runtime_line("ClusterServingRuntime/srt", "RuntimeNotReady"),
            format!("scale check: runtime-ready {shown}"),
            s.next_explain(),
        ];
        assert_refused(&s, &run, &expected, RUNTIME, 1).await;
    }
}

/// The model of OME's troubleshooting guide (runtime-selection.md §8.2).
fn qwen() -> Value {
    json!({"modelFormat": {"name": "safetensors", "version": "1.0.0"},
           "modelArchitecture": "Qwen2ForCausalLM",
           "modelFramework": {"name": "transformers", "version": "4.40.1"},
           "modelParameterSize": "7.62B"})
}

/// §8.2's **E**, changed by `change`.
fn qwen_runtime(name: &str, change: impl FnOnce(&mut Value)) -> Runtime {
    let mut spec = json!({
        "acceleratorRequirements": {"acceleratorClasses": ["nvidia-h100"]},
        "supportedModelFormats": [{
            "modelFormat": {"name": "safetensors", "version": "1.0.0", "operator": "Equal", "weight": 1},
            "modelFramework": {"name": "transformers", "version": "4.40.1", "operator": "Equal", "weight": 1},
            "modelArchitecture": "Qwen2ForCausalLM", "autoSelect": true, "priority": 1}]});
    change(&mut spec);
    Runtime::new(name, spec)
}

/// §8.2: with the six excluded runtimes of the troubleshooting guide only, nothing is selected:
/// the refusal counts the candidates and points to `runtime explain`.
#[tokio::test]
async fn nothing_selected_names_the_candidates_and_the_model() {
    let s = Scoped::new("sel-none").await;
    create_model(&s.admin, None, "qwen2-5-7b", qwen())
        .await
        .unwrap();
    let runtimes = [
        qwen_runtime("r1-disabled", |spec| {
            spec["disabled"] = json!(true);
            spec.as_object_mut()
                .unwrap()
                .remove("acceleratorRequirements");
        }),
        qwen_runtime("r2-no-class", |spec| {
            spec.as_object_mut()
                .unwrap()
                .remove("acceleratorRequirements");
        }),
        qwen_runtime("r3-multinode", |spec| {
            spec["engineConfig"] = json!({"annotations": {"ome.io/deploymentMode": "MultiNode"}});
        }),
        qwen_runtime("r4-mistral", |spec| {
            spec["supportedModelFormats"][0]["modelArchitecture"] = json!("MistralForCausalLM");
            spec["supportedModelFormats"][0]["modelFramework"]["version"] = json!("4.36.0");
        }),
        qwen_runtime("r5-small", |spec| {
            spec["modelSizeRange"] = json!({"min": "500M", "max": "2B"});
        }),
        qwen_runtime("r6-no-auto", |spec| {
            spec["supportedModelFormats"][0]["autoSelect"] = json!(false);
        }),
    ];
    create_runtimes(&s.admin, None, &runtimes).await.unwrap();
    s.minimal("qwen2-5-7b", None).await;
    s.ctl
        .patch_isvc(
            &s.ns,
            "chat",
            json!({"spec": {"acceleratorSelector": {"acceleratorClass": "nvidia-h100"},
                            "engine": {"annotations": {"ome.io/deploymentMode": "OMENative"}}}}),
        )
        .await
        .unwrap();
    s.ctl.observe_isvc(&s.ns, "chat").await.unwrap();
    let run = s.scale(&[]).await;
    let expected = [
        native_runtime_line("-", "NoRuntimeSelected"),
        "scale check: runtime-selection candidates=6 model=ClusterBaseModel/qwen2-5-7b".to_string(),
        s.next_explain(),
    ];
    assert_refused(&s, &run, &expected, RUNTIME, 1).await;
}

/// The model gate (§2.1) and a Sharded model (§8.4 #4), each with what the refusal names.
#[tokio::test]
async fn the_model_decides_before_any_runtime() {
    let s = Scoped::new("sel-model").await;
    s.minimal_on_srt(Some("srt")).await;
    let ctl = &s.ctl;
    let model = |spec: Value| async move {
        ctl.patch_model(None, "m", json!({"spec": spec}))
            .await
            .unwrap();
    };
    model(json!({"distribution": "Sharded"})).await;
    let run = s.scale(&[]).await;
    let expected = [
        native_runtime_line("-", "ModelSharded"),
        "scale check: runtime-selection candidates=1 model=ClusterBaseModel/m".to_string(),
        s.next_explain(),
    ];
    assert_refused(&s, &run, &expected, RUNTIME, 1).await;
    model(json!({"distribution": null, "disabled": true})).await;
    let run = s.scale(&[]).await;
    assert_refused(
        &s,
        &run,
        &[native_runtime_line("-", "ModelDisabled")],
        RUNTIME,
        1,
    )
    .await;
    model(json!({"disabled": false, "modelFormat": {"name": ""}})).await;
    let run = s.scale(&[]).await;
    assert_refused(
        &s,
        &run,
        &[native_runtime_line("-", "ModelIncompatible")],
        RUNTIME,
        1,
    )
    .await;
    s.ctl
        .patch_isvc(
            &s.ns,
            "chat",
            json!({"spec": {"model": {"name": "missing"}}}),
        )
        .await
        .unwrap();
    s.ctl.observe_isvc(&s.ns, "chat").await.unwrap();
    let run = s.scale(&[]).await;
    assert_refused(
        &s,
        &run,
        &[native_runtime_line("-", "ModelNotFound")],
        RUNTIME,
        1,
    )
    .await;
}

/// §8.3 #14: a selected ServingRuntime is judged on its raw spec, but `scale` binds its
/// declared chain: a parent missing from the snapshot refuses it.
#[tokio::test]
async fn a_selected_runtime_whose_parent_is_missing_is_refused() {
    let s = Scoped::new("sel-chain").await;
    create_runtimes(
        &s.admin,
        Some(&s.ns),
        &[native("child").inherits("private-missing-parent")],
    )
    .await
    .unwrap();
    s.minimal("m", Some("child")).await;
    let run = s.scale(&[]).await;
    let expected = [native_runtime_line("ServingRuntime/child", "NotFound")];
    assert_refused(&s, &run, &expected, RUNTIME, 1).await;
}

/// §8.4 #5 and difference ai: 1000 candidates still select (one ServingRuntime page, four
/// ClusterServingRuntime pages); 1001 are over the budget, refused with advice to name the
/// runtime. A catalog the size of OME's public one (205) selects in one page of each kind.
#[tokio::test]
async fn the_selection_budget_is_a_thousand_candidates() {
    let s = Scoped::new("sel-budget").await;
    create_runtimes(&s.admin, Some(&s.ns), &[native("srt")])
        .await
        .unwrap();
    s.minimal("m", Some("srt")).await;
    let mut runtimes = catalog(205);
    create_runtimes(&s.admin, None, &runtimes).await.unwrap();
    let before = s.lists().await;
    let run = s.scale(&["--dry-run", "client"]).await;
    assert_eq!(run.code, 0, "{run:?}");
    let after = s.lists().await;
    // Stage 2 and stage 3 list each kind once.
    assert_eq!((after.0 - before.0, after.1 - before.1), (2, 2));

    runtimes = catalog(999);
    create_runtimes(&s.admin, None, &runtimes[205..])
        .await
        .unwrap();
    let before = s.lists().await;
    let run = s.scale(&["--dry-run", "client", "-o", "json"]).await;
    assert_eq!(run.code, 0, "{run:?}");
    let result: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(result["scale"]["runtimeSelection"]["candidates"], 1000);
    let after = s.lists().await;
    assert_eq!((after.0 - before.0, after.1 - before.1), (2, 8));

    create_runtimes(&s.admin, None, &catalog(1000)[999..])
        .await
        .unwrap();
    let run = s.scale(&[]).await;
    let expected = [
        native_runtime_line("-", "SelectionTruncated"),
        "scale check: runtime-selection kind=ClusterServingRuntime limit=1000 pageSize=250 maxPages=4"
            .to_string(),
        "scale check: runtime-selection advice=name-the-runtime field=spec.runtime.name".to_string(),
        s.next_explain(),
    ];
    assert_refused(&s, &run, &expected, RUNTIME, 1).await;
}

/// §8.4 #8 and §5.4: a runtime edited between the preview and the write so that another wins
/// is a changed source: refused after the preview, nothing written.
#[tokio::test]
async fn a_selection_that_changes_before_the_write_is_refused() {
    let s = Scoped::new("sel-changed").await;
    create_runtimes(&s.admin, None, &[native("srt"), native("srt-b")])
        .await
        .unwrap();
    s.minimal("m", Some("srt")).await;
    let proxy = Proxy::start(s.cluster(), ProxyOptions::default()).unwrap();
    // The second LIST of ClusterServingRuntimes is stage 3's: just before it, `srt` is
    // disabled, so `srt-b` wins the new snapshot.
    proxy.add_hook(
        Hook::new("GET", "/apis/ome.io/v1beta1/clusterservingruntimes")
            .nth(2)
            .before(move |admin| async move {
                let api: kube::Api<kube::api::DynamicObject> = kube::Api::all_with(
                    admin,
                    &ome_testenv::crds::cluster_serving_runtime_resource(),
                );
                api.patch(
                    "srt",
                    &kube::api::PatchParams::default(),
                    &kube::api::Patch::Merge(json!({"spec": {"disabled": true}})),
                )
                .await?;
                Ok(())
            }),
    );
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let args = [
        "scale",
        "chat",
        "-n",
        &s.ns,
        "--component",
        "engine",
        "--replicas",
        "3",
        "--override-autoscaler",
        "--yes",
    ];
    let run = plugin_async(Some(&kubeconfig), &args).await;
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
    assert!(
        run.stderr.ends_with(&format!(
            "multi-object transaction.\n\
             scale check: source-revalidation kind=ClusterServingRuntime name=srt changed=selection\n\
             error: {CHANGED}\n"
        )),
        "{run:?}"
    );
    assert!(s.writes().await.is_empty());
    assert_eq!(s.engine_replicas().await, 2);
}

/// §6.1 and §6.2: `autoscale explain` and `runtime effective` explain the selected runtime.
#[tokio::test]
async fn the_read_commands_explain_the_selected_runtime() {
    let s = Scoped::new("sel-reads").await;
    s.minimal_on_srt(Some("srt")).await;
    let explain = s
        .run("reader", &["autoscale", "explain", "chat", "-o", "json"])
        .await
        .json();
    let configuration = &explain["content"]["activeConfiguration"];
    assert_eq!(configuration["state"], "Available");
    assert_eq!(configuration["origin"], "LiveRuntime");
    assert_eq!(configuration["selection"], "Selected");
    assert_eq!(configuration["runtime"]["kind"], "ClusterServingRuntime");
    assert_eq!(configuration["runtime"]["name"], "srt");
    assert_eq!(configuration["inheritance"]["state"], "Observed");
    let kinds: Vec<&str> = explain["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "InferenceService",
            "ClusterServingRuntime",
            "ClusterBaseModel"
        ]
    );
    let component = &explain["content"]["components"][0];
    assert_eq!(
        (&component["type"], &component["deploymentMode"]),
        (&json!("engine"), &json!("OMENative"))
    );

    let effective = s.run("reader", &["runtime", "effective", "chat"]).await;
    assert_eq!(
        effective.ok(),
        "\
SCOPE     FIELD           VALUE
Live      STATE           Available
Live      RUNTIME         CSR/srt
Live      ENGINE          OMENative (ComponentAnnotation)
Active    STATE           Available
Active    RUNTIME         CSR/srt
Active    ENGINE          OMENative (ComponentAnnotation)
Service   SELECTION       Selected
Service   PIN             AutoSync/NotApplicable
Service   SYNC            Absent
Service   STATUS          Current
Service   DRIFT           NotReported
Service   LIVE-RELATION   Equal
"
    );
    let json = s
        .run("reader", &["runtime", "effective", "chat", "-o", "json"])
        .await
        .json();
    assert_eq!(json["content"]["selection"]["source"], "Selected");
    assert_eq!(json["content"]["selection"]["runtime"]["name"], "srt");
    assert!(s.writes().await.is_empty());

    // Over the budget: `autoscale explain` fails with §2.4's words, `runtime effective`
    // reports it.
    create_runtimes(&s.admin, None, &catalog(1000))
        .await
        .unwrap();
    let explain = s.run("reader", &["autoscale", "explain", "chat"]).await;
    assert_eq!(
        (
            explain.code,
            explain.stdout.as_str(),
            explain.stderr.as_str()
        ),
        (
            1,
            "",
            "error: collect active runtime configuration: runtime selection candidates exceeded the CLI collection limit\n"
        )
    );
    let effective = s
        .run("reader", &["runtime", "effective", "chat", "-o", "json"])
        .await
        .json();
    let content = &effective["content"];
    assert_eq!(content["live"]["state"], "Unavailable");
    assert_eq!(content["live"]["unavailableReason"], "Unreadable");
    assert!(
        content["issues"]
            .as_array()
            .unwrap()
            .contains(&json!({"code": "RuntimeSelectionTruncated"}))
    );
}

/// §6.4: the guarded actions resolve a selected runtime the same way, and refuse on the
/// cross-check with their own prefix.
#[tokio::test]
async fn rollout_pause_runs_on_a_selected_runtime() {
    let s = Scoped::new("sel-pause").await;
    s.minimal_on_srt(Some("other")).await;
    let run = s
        .run("scaler", &["rollout", "pause", "chat", "--yes"])
        .await;
    let expected = format!(
        "pause check: native-runtime runtime=ClusterServingRuntime/srt pin=AutoSync cause=SelectedRuntimeMismatch\n\
         pause check: runtime-label ir=chat-engine label=other selected=srt\n\
         {}\n\
         error: action refused: active runtime is unavailable, inconsistent or unbound\n",
        s.next_explain()
    );
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", expected.as_str())
    );
    assert!(s.writes().await.is_empty());
}

/// `runtime explain`'s one row for a runtime `rt` of a fresh namespace: `Yes`, or the reason
/// with its spaces removed (the REASON column wraps).
async fn explained(s: &Scoped, ns: &str, args: &[&str]) -> (bool, String) {
    let kubeconfig = s.cluster().kubeconfig("reader").unwrap();
    let mut all = vec!["runtime", "explain"];
    all.extend_from_slice(args);
    all.extend(["-n", ns]);
    let run = plugin_async(Some(&kubeconfig), &all).await;
    assert_eq!(run.code, 0, "{run:?}");
    let rows: Vec<&str> = run.stdout.lines().skip(1).collect();
    let first: Vec<&str> = rows[0].split_whitespace().collect();
    assert_eq!(first[..2], ["rt", "Namespaced"], "{run:?}");
    let reason: String = first
        .iter()
        .skip(5)
        .copied()
        .chain(rows.iter().skip(1).flat_map(|row| row.split_whitespace()))
        .collect();
    (first[2] == "Yes", reason)
}

/// A namespace of its own with the BaseModel `m` (`model`) and the ServingRuntime `rt`
/// (`runtime`).
async fn case(s: &Scoped, model: Value, runtime: Value) -> String {
    let ns = s.cluster().namespace("sel-case").await.unwrap();
    create_model(&s.admin, Some(&ns), "m", model).await.unwrap();
    create_runtimes(&s.admin, Some(&ns), &[Runtime::new("rt", runtime)])
        .await
        .unwrap();
    ns
}

/// §8.3 #16 (versions and their operators), §8.4 #1 (the size table) and §8.4 #2 (deployment
/// modes, service against runtime), each a live model and runtime judged by `runtime explain`.
#[tokio::test]
async fn versions_sizes_and_modes_are_judged_on_live_objects() {
    let s = Scoped::new("sel-rules").await;
    // (entry version, operator, model version, matches)
    let versions = [
        ("1.0.0", Some("GreaterThan"), "1.0.0", false),
        ("1.8.0", Some("GreaterThan"), "1.7.0", true),
        ("1.7.0", Some("GreaterThan"), "1.8.0", false),
        ("1.8.0", Some("GreaterThanOrEqual"), "1.8.0", true),
        ("1.9.0", Some("GreaterThanOrEqual"), "1.8.0", true),
        ("1.7.0", Some("GreaterThanOrEqual"), "1.8.0", false),
        ("1.8.0-dev", Some("GreaterThan"), "1.8.0-dev", true),
        ("1.8.0-dev", Some("GreaterThan"), "1.8.0-alpha", false),
        ("1", None, "1", true),
        ("1.0", Some("GreaterThan"), "1.0.0", false),
        ("v1.0.0", Some("GreaterThan"), "1.0.0", false),
        ("v2.0.0", None, "v2.0.0", true),
    ];
    for (runtime, operator, model, matches) in versions {
        let mut format = json!({"name": "pytorch", "version": runtime});
        if let Some(operator) = operator {
            format["operator"] = json!(operator);
        }
        let ns = case(
            &s,
            json!({"modelFormat": {"name": "pytorch", "version": model}}),
            json!({"supportedModelFormats": [{"modelFormat": format, "autoSelect": true}]}),
        )
        .await;
        let (yes, reason) = explained(&s, &ns, &["--model", "m"]).await;
        let case = format!("{runtime} {operator:?} {model}");
        assert_eq!(yes, matches, "{case}: {reason}");
        if !matches {
            let expected = format!(
                "modelformat'mt:pytorch:{model}'notinsupportedformats:formatversionmismatch(model={model},runtime={runtime})"
            );
            assert_eq!(reason, expected, "{case}");
        }
    }
    // (min, max, model size, inside)
    let sizes = [
        (Some("2B"), Some("4B"), "3.21B", true),
        (Some("2B"), Some("4B"), "4B", true),
        (Some("500M"), Some("2B"), "3.21B", false),
        (Some("1B"), Some("4B"), "1500M", true),
        (Some("70B"), None, "405B", true),
        (None, Some("13B"), "3.21B", true),
        (Some("2B"), Some("4b"), "3.21B", false),
    ];
    for (min, max, size, inside) in sizes {
        let ns = case(
            &s,
            json!({"modelFormat": {"name": "pytorch"}, "modelParameterSize": size}),
            json!({"supportedModelFormats": [{"modelFormat": {"name": "pytorch"}, "autoSelect": true}],
                   "modelSizeRange": {"min": min, "max": max}}),
        )
        .await;
        let (yes, reason) = explained(&s, &ns, &["--model", "m"]).await;
        assert_eq!(yes, inside, "{min:?}-{max:?} {size}: {reason}");
    }
    // (the service's engine annotation or spec.deploymentMode, the runtime's engine annotation,
    // passes)
    let modes: [(Value, Option<&str>, bool); 7] = [
        (json!({"engine": {}}), Some("MultiNode"), true),
        (
            json!({"engine": {"annotations": {"ome.io/deploymentMode": "OMENative"}}}),
            None,
            true,
        ),
        (
            json!({"engine": {"annotations": {"ome.io/deploymentMode": "OMENative"}}}),
            Some("OMENative"),
            true,
        ),
        (
            json!({"engine": {"annotations": {"ome.io/deploymentMode": "OMENative"}}}),
            Some("MultiNode"),
            false,
        ),
        (
            json!({"engine": {"annotations": {"ome.io/deploymentMode": "RawDeployment"}}}),
            Some("OMENative"),
            false,
        ),
        (
            json!({"deploymentMode": "OMENative", "engine": {}}),
            Some("MultiNode"),
            false,
        ),
        (
            json!({"engine": {"annotations": {"ome.io/deploymentMode": "multinode"}}}),
            Some("RawDeployment"),
            true,
        ),
    ];
    for (service, runtime_mode, passes) in modes {
        let mut runtime = json!({"supportedModelFormats": [{"modelFormat": {"name": "pytorch"}, "autoSelect": true}]});
        if let Some(mode) = runtime_mode {
            runtime["engineConfig"] = json!({"annotations": {"ome.io/deploymentMode": mode}});
        }
        let ns = case(&s, json!({"modelFormat": {"name": "pytorch"}}), runtime).await;
        let mut spec = service.clone();
        spec["model"] = json!({"name": "m"});
        ome_testenv::objects::create(
            &s.admin,
            &ome_testenv::crds::isvc_resource(),
            Some(&ns),
            json!({"metadata": {"name": "svc"}, "spec": spec}),
        )
        .await
        .unwrap();
        let (yes, reason) = explained(&s, &ns, &["--isvc", "svc"]).await;
        assert_eq!(yes, passes, "{service} {runtime_mode:?}: {reason}");
    }
    // `runtime explain` reads; nothing in any of these namespaces was written by the plugin.
    let audit = s.cluster().audit();
    audit.sync().await.unwrap();
    assert!(
        audit
            .events()
            .unwrap()
            .iter()
            .all(|e| e.user.username != "reader" || !e.is_write())
    );
}
