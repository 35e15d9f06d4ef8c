//! Tests of the test environment itself, against the real API server.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use std::time::Duration;

use k8s_openapi::api::autoscaling::v1::Scale;
use k8s_openapi::api::core::v1::Namespace;
use kube::api::{Api, DynamicObject, ListParams, Patch, PatchParams};
use ome_testenv::controller::rows_of;
use ome_testenv::crds::{ir_resource, isvc_resource};
use ome_testenv::fixtures::label_selector;
use ome_testenv::objects::{generation, resource_version, uid};
use ome_testenv::{
    AutoscalerClass, ChatFixture, Component, Controller, Encoding, Hook, Proxy, ProxyOptions,
    TestCluster, shared,
};
use serde_json::{Value, json};

fn cluster() -> &'static TestCluster {
    shared().expect("shared test cluster")
}

fn scale_path(ns: &str, ir: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/{ir}/scale")
}

/// A raw PATCH, returning (status code, body).
async fn raw_patch(
    client: &kube::Client,
    path: &str,
    content_type: &str,
    body: Value,
) -> (u16, Value) {
    let req = http::Request::patch(path)
        .header("content-type", content_type)
        .body(serde_json::to_vec(&body).unwrap())
        .unwrap();
    match client.request::<Value>(req).await {
        Ok(v) => (200, v),
        Err(kube::Error::Api(s)) => (s.code, json!({"message": s.message, "reason": s.reason})),
        Err(e) => panic!("transport error: {e}"),
    }
}

async fn chat(ns_prefix: &str) -> (String, kube::Client, ome_testenv::ChatObjects) {
    let c = cluster();
    let ns = c.namespace(ns_prefix).await.unwrap();
    let admin = c.admin().await.unwrap();
    let objs = ChatFixture::new().create(&admin, &ns).await.unwrap();
    (ns, admin, objs)
}

async fn stored_replicas(admin: &kube::Client, ns: &str, ir: &str) -> i64 {
    let api: Api<DynamicObject> = Api::namespaced_with(admin.clone(), ns, &ir_resource());
    api.get(ir).await.unwrap().data["spec"]["replicas"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn server_reports_pinned_version() {
    let c = cluster();
    eprintln!("cluster {} started in {:?}", c.url(), c.startup_time());
    let admin = c.admin().await.unwrap();
    let info = admin.apiserver_version().await.unwrap();
    assert_eq!(info.git_version, "v1.37.2");
}

#[tokio::test]
async fn fixture_is_consistent() {
    let (ns, _admin, objs) = chat("fixture").await;
    let isvc = &objs.isvc;
    let g = objs.isvc_generation();
    assert_eq!(isvc["status"]["observedGeneration"].as_i64(), Some(g));
    assert_eq!(isvc["spec"]["engine"]["autoscaler"]["class"], "External");
    for c in Component::ALL {
        let ir = objs.ir(c).unwrap();
        let name = format!("chat-{}", c.as_str());
        assert_eq!(
            ir["metadata"]["annotations"]["ome.io/parent-generation"],
            g.to_string()
        );
        assert_eq!(
            ir["metadata"]["annotations"]["ome.io/controller-write"],
            "true"
        );
        assert_eq!(ir["metadata"]["ownerReferences"][0]["uid"], objs.isvc_uid());
        assert_eq!(
            ir["status"]["observedGeneration"].as_i64(),
            Some(generation(ir))
        );
        assert_eq!(ir["status"]["labelSelector"], label_selector("chat", c));
        let comp = &isvc["status"]["components"][c.as_str()];
        assert_eq!(comp["scaleTargetRef"]["name"], name);
        assert_eq!(comp["lifecycle"]["observedGeneration"].as_i64(), Some(g));
        assert_eq!(comp["lifecycle"]["replicas"], ir["status"]["replicas"]);
    }
    let engine = objs.ir(Component::Engine).unwrap();
    assert_eq!(engine["status"]["currentRevision"], "chat-engine-7f9c4d2b");
    assert_eq!(
        engine["status"]["instanceStatuses"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        isvc["status"]["components"]["decoder"]["autoscaler"]["specSource"],
        "default"
    );
    // OME-owned HPAs for decoder and router, none for the External engine.
    let hpas: Api<k8s_openapi::api::autoscaling::v2::HorizontalPodAutoscaler> =
        Api::namespaced(cluster().admin().await.unwrap(), &ns);
    let names: Vec<String> = hpas
        .list(&ListParams::default())
        .await
        .unwrap()
        .items
        .into_iter()
        .filter_map(|h| h.metadata.name)
        .collect();
    assert_eq!(names, vec!["chat-decoder", "chat-router"]);
}

#[tokio::test]
async fn reader_is_forbidden_to_scale_and_scaler_succeeds() {
    let (ns, admin, _) = chat("rbac").await;
    let path = scale_path(&ns, "chat-engine");
    let reader = cluster().client_for("reader").await.unwrap();
    let (code, _) = raw_patch(
        &reader,
        &path,
        "application/merge-patch+json",
        json!({"spec": {"replicas": 3}}),
    )
    .await;
    assert_eq!(code, 403);
    assert_eq!(stored_replicas(&admin, &ns, "chat-engine").await, 2);
    // The reader may read the Scale.
    let api: Api<DynamicObject> = Api::namespaced_with(reader, &ns, &ir_resource());
    assert_eq!(
        api.get_scale("chat-engine")
            .await
            .unwrap()
            .spec
            .unwrap()
            .replicas,
        Some(2)
    );

    let scaler = cluster().client_for("scaler").await.unwrap();
    let (code, body) = raw_patch(
        &scaler,
        &path,
        "application/merge-patch+json",
        json!({"spec": {"replicas": 3}}),
    )
    .await;
    assert_eq!(code, 200, "{body}");
    assert_eq!(body["kind"], "Scale");
    assert_eq!(stored_replicas(&admin, &ns, "chat-engine").await, 3);

    // ome-reader may read IRs but not HPAs; nobody may read nothing.
    let ome_reader = cluster().client_for("ome-reader").await.unwrap();
    let hpas: Api<k8s_openapi::api::autoscaling::v2::HorizontalPodAutoscaler> =
        Api::namespaced(ome_reader, &ns);
    match hpas.get("chat-decoder").await {
        Err(kube::Error::Api(s)) => assert_eq!(s.code, 403),
        other => panic!("expected 403, got {other:?}"),
    }
    let nobody = cluster().client_for("nobody").await.unwrap();
    let isvcs: Api<DynamicObject> = Api::namespaced_with(nobody, &ns, &isvc_resource());
    match isvcs.get("chat").await {
        Err(kube::Error::Api(s)) => assert_eq!(s.code, 403),
        other => panic!("expected 403, got {other:?}"),
    }
}

#[tokio::test]
async fn scale_subresource_mirrors_the_replica() {
    let (ns, admin, objs) = chat("scaleview").await;
    let ir = objs.ir(Component::Engine).unwrap();
    let req = http::Request::get(scale_path(&ns, "chat-engine"))
        .body(Vec::new())
        .unwrap();
    let scale: Value = admin.request(req).await.unwrap();
    assert_eq!(scale["apiVersion"], "autoscaling/v1");
    assert_eq!(scale["kind"], "Scale");
    assert_eq!(scale["spec"]["replicas"], ir["spec"]["replicas"]);
    assert_eq!(scale["status"]["replicas"], ir["status"]["replicas"]);
    assert_eq!(scale["status"]["selector"], ir["status"]["labelSelector"]);
    assert_eq!(scale["metadata"]["uid"], ir["metadata"]["uid"]);
    assert_eq!(
        scale["metadata"]["resourceVersion"],
        ir["metadata"]["resourceVersion"]
    );
    let typed: Scale = serde_json::from_value(scale).unwrap();
    assert_eq!(typed.spec.unwrap().replicas, Some(2));
}

#[tokio::test]
async fn guarded_scale_writes_conflict_on_stale_versions() {
    let (ns, admin, objs) = chat("guard").await;
    let path = scale_path(&ns, "chat-engine");
    let ir = objs.ir(Component::Engine).unwrap();
    let stale_rv = resource_version(ir).to_string();
    let ir_uid = uid(ir).to_string();
    // Something else changes the IR: its resourceVersion moves on.
    let ctl = Controller::new(admin.clone());
    ctl.annotate_ir(&ns, "chat-engine", "example.com/touched", Some("yes"))
        .await
        .unwrap();
    let scaler = cluster().client_for("scaler").await.unwrap();

    // Merge patch with a stale metadata.resourceVersion: 409.
    let (code, body) = raw_patch(
        &scaler,
        &path,
        "application/merge-patch+json",
        json!({"metadata": {"resourceVersion": stale_rv}, "spec": {"replicas": 3}}),
    )
    .await;
    assert_eq!(code, 409, "{body}");
    // JSON Patch whose test op fails: 422.
    let (code, body) = raw_patch(
        &scaler,
        &path,
        "application/json-patch+json",
        json!([
        {"op": "test", "path": "/metadata/uid", "value": ir_uid},
        {"op": "test", "path": "/metadata/resourceVersion", "value": stale_rv},
        {"op": "replace", "path": "/spec/replicas", "value": 3}]),
    )
    .await;
    assert_eq!(code, 422, "{body}");
    assert_eq!(stored_replicas(&admin, &ns, "chat-engine").await, 2);

    // Both forms succeed with the current version.
    let current = ctl.ir(&ns, "chat-engine").await.unwrap();
    let rv = resource_version(&current).to_string();
    let (code, body) = raw_patch(
        &scaler,
        &path,
        "application/json-patch+json",
        json!([
        {"op": "test", "path": "/metadata/uid", "value": ir_uid},
        {"op": "test", "path": "/metadata/resourceVersion", "value": rv},
        {"op": "replace", "path": "/spec/replicas", "value": 3}]),
    )
    .await;
    assert_eq!(code, 200, "{body}");
    let rv = body["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .to_string();
    let (code, body) = raw_patch(
        &scaler,
        &path,
        "application/merge-patch+json",
        json!({"metadata": {"resourceVersion": rv}, "spec": {"replicas": 4}}),
    )
    .await;
    assert_eq!(code, 200, "{body}");
    assert_eq!(stored_replicas(&admin, &ns, "chat-engine").await, 4);
    // A /scale write bumps the IR generation.
    let after = ctl.ir(&ns, "chat-engine").await.unwrap();
    assert_eq!(generation(&after), generation(ir) + 2);
}

#[tokio::test]
async fn server_dry_run_stores_nothing_and_audit_counts_writes() {
    let (ns, admin, _) = chat("dryrun").await;
    let c = cluster();
    let scaler = c.client_for("scaler").await.unwrap();
    let api: Api<DynamicObject> = Api::namespaced_with(scaler.clone(), &ns, &ir_resource());
    let patch = Patch::Merge(json!({"spec": {"replicas": 3}}));
    let dry = api
        .patch_scale("chat-engine", &PatchParams::default().dry_run(), &patch)
        .await
        .unwrap();
    assert_eq!(dry.spec.unwrap().replicas, Some(3));
    assert_eq!(stored_replicas(&admin, &ns, "chat-engine").await, 2);
    // Dry run checks authorization too.
    let reader = c.client_for("reader").await.unwrap();
    let reader_api: Api<DynamicObject> = Api::namespaced_with(reader, &ns, &ir_resource());
    match reader_api
        .patch_scale("chat-engine", &PatchParams::default().dry_run(), &patch)
        .await
    {
        Err(kube::Error::Api(s)) => assert_eq!(s.code, 403),
        other => panic!("expected 403, got {other:?}"),
    }
    // One real write.
    api.patch_scale("chat-engine", &PatchParams::default(), &patch)
        .await
        .unwrap();
    api.get_scale("chat-engine").await.unwrap();

    let audit = c.audit();
    audit.sync().await.unwrap();
    let writes = audit.writes_by(&ns, "scaler").unwrap();
    assert_eq!(writes.len(), 2, "{writes:#?}");
    assert!(
        writes
            .iter()
            .all(|w| w.verb == "patch" && w.resource() == "inferencereplicas/scale")
    );
    assert_eq!(writes.iter().filter(|w| w.is_dry_run()).count(), 1);
    assert_eq!(audit.stored_writes_by(&ns, "scaler").unwrap().len(), 1);
    let reader_writes = audit.writes_by(&ns, "reader").unwrap();
    assert_eq!(reader_writes.len(), 1);
    assert_eq!(reader_writes[0].code(), 403);
    // Writes by anyone but the harness's admin: scaler's two and reader's one.
    assert_eq!(audit.writes_in(&ns).unwrap().len(), 3);
    assert!(
        audit
            .requests_by(&ns, "scaler")
            .unwrap()
            .iter()
            .any(|e| e.verb == "get")
    );
}

#[tokio::test]
async fn proxy_cuts_a_patch_after_the_server_stored_it() {
    let (ns, admin, _) = chat("proxycut").await;
    let c = cluster();
    let proxy = Proxy::start(c, ProxyOptions::default()).unwrap();
    let path = scale_path(&ns, "chat-engine");
    proxy.add_hook(Hook::new("PATCH", &path).cut_after_forward());
    let scaler = proxy.client_for("scaler").await.unwrap();
    // Reads pass through.
    let api: Api<DynamicObject> = Api::namespaced_with(scaler.clone(), &ns, &ir_resource());
    assert_eq!(
        api.get_scale("chat-engine")
            .await
            .unwrap()
            .spec
            .unwrap()
            .replicas,
        Some(2)
    );
    let result = api
        .patch_scale(
            "chat-engine",
            &PatchParams::default(),
            &Patch::Merge(json!({"spec": {"replicas": 3}})),
        )
        .await;
    assert!(
        result.is_err(),
        "the client must see a dropped connection: {result:?}"
    );
    assert!(
        !matches!(result, Err(kube::Error::Api(_))),
        "not an API answer: {result:?}"
    );
    assert_eq!(stored_replicas(&admin, &ns, "chat-engine").await, 3);
    let log = proxy.requests();
    let patch = log.iter().find(|r| r.method == "PATCH").unwrap();
    assert!(patch.cut);
    assert_eq!(patch.status, Some(200));
    assert_eq!(patch.path(), path);
    // The hook fired once: a second PATCH goes through.
    api.patch_scale(
        "chat-engine",
        &PatchParams::default(),
        &Patch::Merge(json!({"spec": {"replicas": 2}})),
    )
    .await
    .unwrap();
    assert_eq!(stored_replicas(&admin, &ns, "chat-engine").await, 2);
}

#[tokio::test]
async fn proxy_hook_and_latency() {
    let (ns, admin, objs) = chat("proxyhook").await;
    let c = cluster();
    let proxy = Proxy::start(
        c,
        ProxyOptions {
            latency: Duration::from_millis(100),
        },
    )
    .unwrap();
    let path = scale_path(&ns, "chat-engine");
    let hook_ns = ns.clone();
    // Just before the guarded PATCH reaches the server, an autoscaler writes the IR.
    proxy.add_hook(Hook::new("PATCH", &path).before(move |admin| {
        let ns = hook_ns.clone();
        async move {
            Controller::new(admin)
                .scale_ir_as_autoscaler(&ns, "chat-engine", 4)
                .await?;
            Ok(())
        }
    }));
    let scaler = proxy.client_for("scaler").await.unwrap();
    let rv = resource_version(objs.ir(Component::Engine).unwrap()).to_string();
    let started = std::time::Instant::now();
    let (code, _) = raw_patch(
        &scaler,
        &path,
        "application/merge-patch+json",
        json!({"metadata": {"resourceVersion": rv}, "spec": {"replicas": 3}}),
    )
    .await;
    assert_eq!(code, 409);
    assert!(started.elapsed() >= Duration::from_millis(100));
    assert_eq!(stored_replicas(&admin, &ns, "chat-engine").await, 4);

    // Stage counting: two parallel reads, then one read.
    proxy.clear_log();
    let api: Api<DynamicObject> = Api::namespaced_with(scaler.clone(), &ns, &isvc_resource());
    let api2: Api<DynamicObject> = Api::namespaced_with(
        proxy.client_for("scaler").await.unwrap(),
        &ns,
        &ir_resource(),
    );
    let (a, b) = tokio::join!(api.get("chat"), api2.get("chat-engine"));
    a.unwrap();
    b.unwrap();
    api.get("chat").await.unwrap();
    assert_eq!(proxy.requests().len(), 3);
    assert_eq!(proxy.stages(), 2);
}

#[tokio::test]
async fn kubeconfigs_for_every_user_and_connection_variants() {
    let c = cluster();
    let ns = c.namespace("kubeconfig").await.unwrap();
    // cert-admin authenticates with the client certificate (system:masters).
    let cert = c.client_for("cert-admin").await.unwrap();
    let namespaces: Api<Namespace> = Api::all(cert);
    namespaces.get(&ns).await.unwrap();
    // Exec credential plugin.
    let exec =
        ome_testenv::client_from_kubeconfig(&c.kubeconfig_exec("reader", Some(&ns)).unwrap())
            .await
            .unwrap();
    assert_eq!(exec.default_namespace(), ns);
    let isvcs: Api<DynamicObject> = Api::namespaced_with(exec, &ns, &isvc_resource());
    isvcs.list(&ListParams::default()).await.unwrap();
    // Unreachable server.
    let down = ome_testenv::client_from_kubeconfig(&c.kubeconfig_unreachable("admin").unwrap())
        .await
        .unwrap();
    assert!(down.apiserver_version().await.is_err());
    // Several contexts split over two files, merged by kube's loader.
    let a = c.scratch_path("a.yaml");
    let b = c.scratch_path("b.yaml");
    let joined = c
        .base_kubeconfig()
        .unwrap()
        .context(
            "with-ns",
            ome_testenv::cluster::CLUSTER_NAME,
            "scaler",
            Some(&ns),
        )
        .context("no-ns", ome_testenv::cluster::CLUSTER_NAME, "reader", None)
        .current_context("with-ns")
        .write_split(&a, &b)
        .unwrap();
    assert!(joined.contains(':'));
    let merged = kube::config::Kubeconfig::read_from(&a)
        .unwrap()
        .merge(kube::config::Kubeconfig::read_from(&b).unwrap())
        .unwrap();
    let config = kube::Config::from_custom_kubeconfig(merged, &Default::default())
        .await
        .unwrap();
    assert_eq!(config.default_namespace, ns);
    let client = kube::Client::try_from(config).unwrap();
    Api::<DynamicObject>::namespaced_with(client, &ns, &isvc_resource())
        .list(&ListParams::default())
        .await
        .unwrap();
}

#[tokio::test]
async fn controller_stand_ins_change_one_thing_at_a_time() {
    let (ns, admin, objs) = chat("standins").await;
    let ctl = Controller::new(admin.clone());
    // An autoscaler-like /scale write, then the IR controller observes it.
    ctl.scale_ir_as_autoscaler(&ns, "chat-engine", 3)
        .await
        .unwrap();
    let ir = ctl.observe_replica(&ns, "chat-engine").await.unwrap();
    assert_eq!(
        ir["status"]["observedGeneration"].as_i64(),
        Some(generation(&ir))
    );
    let (rows, _) = rows_of(&ir).unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[2]["phase"], "Creating");
    assert_eq!(rows[2]["operation"]["type"], "Create");
    assert_eq!(ir["status"]["replicas"], 3);
    assert_eq!(ir["status"]["readyReplicas"], 2);
    let isvc = ctl.isvc(&ns, "chat").await.unwrap();
    assert_eq!(
        isvc["status"]["components"]["engine"]["lifecycle"]["replicas"],
        3
    );

    let ir = ctl.mark_instances_ready(&ns, "chat-engine").await.unwrap();
    assert_eq!(ir["status"]["readyReplicas"], 3);
    let ir = ctl.write_columnar(&ns, "chat-engine").await.unwrap();
    assert_eq!(ir["status"]["instanceStatusEncoding"], "ColumnarV2");
    assert!(ir["status"].get("instanceStatuses").is_none());
    assert_eq!(ir["status"]["instanceStatusColumns"]["members"], "0-2");
    // Operations on columnar IRs keep the encoding.
    let ir = ctl
        .set_instance_phase(&ns, "chat-engine", 1, "Updating", Some("Update"))
        .await
        .unwrap();
    assert_eq!(ir["status"]["instanceStatusEncoding"], "ColumnarV2");
    let (rows, enc) = rows_of(&ir).unwrap();
    assert_eq!(enc, Encoding::ColumnarV2);
    assert_eq!(rows[1]["operation"]["type"], "Update");
    // Scale down removes a row.
    ctl.scale_ir_as_autoscaler(&ns, "chat-engine", 2)
        .await
        .unwrap();
    let ir = ctl.observe_replica(&ns, "chat-engine").await.unwrap();
    let (rows, _) = rows_of(&ir).unwrap();
    let kept: Vec<i64> = rows.iter().map(|r| r["index"].as_i64().unwrap()).collect();
    assert_eq!(kept, vec![0, 2], "Ready rows are kept first");

    // Odd but well-typed evidence is stored verbatim.
    let uuid = ctl
        .add_migration(&ns, "chat-router", "Pending")
        .await
        .unwrap();
    let ir = ctl.ir(&ns, "chat-router").await.unwrap();
    assert_eq!(ir["status"]["migrations"][0]["requestUUID"], uuid);
    assert_eq!(ir["status"]["migrations"][0]["phase"], "Pending");
    ctl.set_instance_phase(&ns, "chat-router", 0, "Exploded", None)
        .await
        .unwrap();
    ctl.patch_ir_status(&ns, "chat-decoder", json!({"status": {
        "instanceStatusEncoding": "ColumnarV2", "instanceStatuses": null,
        "instanceStatusColumns": {"members": "1-0", "phases": [{"value": "Ready", "indexes": "1-0"}]},
        "currentRevision": "not a revision!"}})).await.unwrap();
    let dec = ctl.ir(&ns, "chat-decoder").await.unwrap();
    assert_eq!(dec["status"]["instanceStatusColumns"]["members"], "1-0");

    // Freshness evidence.
    let g = ctl
        .bump_isvc_generation_without_restamp(&ns, "chat")
        .await
        .unwrap();
    assert_eq!(g, objs.isvc_generation() + 1);
    let ir = ctl.ir(&ns, "chat-engine").await.unwrap();
    assert_eq!(
        ir["metadata"]["annotations"]["ome.io/parent-generation"],
        objs.isvc_generation().to_string()
    );
    ctl.observe_isvc(&ns, "chat").await.unwrap();
    let ir = ctl.ir(&ns, "chat-engine").await.unwrap();
    assert_eq!(
        ir["metadata"]["annotations"]["ome.io/parent-generation"],
        g.to_string()
    );
    let old_uid = uid(&ir).to_string();
    let ir = ctl
        .delete_and_recreate_ir(&ns, "chat-engine")
        .await
        .unwrap();
    assert_ne!(uid(&ir), old_uid);
    assert_eq!(
        ir["status"]["observedGeneration"].as_i64(),
        Some(generation(&ir))
    );
    ctl.set_owner_uid(&ns, "chat-engine", "00000000-0000-0000-0000-000000000000")
        .await
        .unwrap();
    ctl.set_ir_observed_generation(&ns, "chat-engine", 99)
        .await
        .unwrap();
    ctl.set_runtime_sync(
        &ns,
        "chat",
        Some("cli-runtime-sync-1"),
        Some("cli-runtime-sync-0"),
    )
    .await
    .unwrap();
    ctl.set_rollout_phase(&ns, "chat", Component::Engine, Some("Canarying"))
        .await
        .unwrap();
    ctl.set_active_run(&ns, "chat", Some("run-1"))
        .await
        .unwrap();
    ctl.set_group_phase(
        &ns,
        "chat",
        "0",
        &[Component::Engine, Component::Decoder],
        "Surging",
    )
    .await
    .unwrap();
    let isvc = ctl.isvc(&ns, "chat").await.unwrap();
    assert_eq!(isvc["status"]["rollout"]["activeRun"]["runID"], "run-1");
    assert_eq!(
        isvc["status"]["components"]["engine"]["rolloutPhase"],
        "Canarying"
    );
    assert_eq!(
        isvc["status"]["rolloutCoordination"]["groups"][0]["phase"],
        "Surging"
    );
    assert_eq!(isvc["status"]["lastRuntimeSyncToken"], "cli-runtime-sync-0");
    ctl.set_active_run(&ns, "chat", None).await.unwrap();
    let isvc = ctl.isvc(&ns, "chat").await.unwrap();
    assert!(isvc["status"]["rollout"].get("activeRun").is_none());
}

#[tokio::test]
async fn fixture_variants_for_each_ownership_class() {
    let c = cluster();
    let ns = c.namespace("classes").await.unwrap();
    let admin = c.admin().await.unwrap();
    for (name, class) in [
        ("hpa", Some(AutoscalerClass::Hpa)),
        ("keda", Some(AutoscalerClass::Keda)),
        ("none", Some(AutoscalerClass::None)),
        ("default", None),
    ] {
        let objs = ChatFixture::new()
            .name(name)
            .autoscaler(Component::Engine, class)
            .encoding(Encoding::ColumnarV2)
            .namespaced_runtime()
            .create(&admin, &ns)
            .await
            .unwrap();
        let status = &objs.isvc["status"]["components"]["engine"]["autoscaler"];
        let ir = objs.ir(Component::Engine).unwrap();
        match class {
            Some(AutoscalerClass::Keda) => {
                assert_eq!(status["managedBy"], "ome");
                assert_eq!(
                    ir["spec"]["autoscaler"],
                    objs.isvc["spec"]["engine"]["autoscaler"]
                );
            }
            Some(AutoscalerClass::None) => assert_eq!(status["managedBy"], "none"),
            Some(_) => assert_eq!(status["specSource"], "isvc"),
            None => assert_eq!(status["specSource"], "default"),
        }
        assert_eq!(ir["status"]["instanceStatusColumns"]["members"], "0-1");
    }
    let so: Api<DynamicObject> = Api::namespaced_with(
        admin.clone(),
        &ns,
        &ome_testenv::crds::scaled_object_resource(),
    );
    so.get("scaledobject-keda-engine").await.unwrap();
}

#[tokio::test]
async fn bulk_services_and_a_large_replica() {
    let c = cluster();
    let ns = c.namespace("bulk").await.unwrap();
    let admin = c.admin().await.unwrap();
    let template = ChatFixture::new().without_scalers();
    let names = ome_testenv::fixtures::bulk_services(&admin, &ns, "svc", 10, &template)
        .await
        .unwrap();
    assert_eq!(names.len(), 10);
    let large = ChatFixture::large_engine(2000)
        .name("big")
        .create(&admin, &ns)
        .await
        .unwrap();
    let ir = large.ir(Component::Engine).unwrap();
    assert_eq!(ir["status"]["replicas"], 2000);
    assert_eq!(
        ir["status"]["instanceStatuses"].as_array().unwrap().len(),
        2000
    );
    let ir = Controller::new(admin)
        .write_columnar(&ns, "big-engine")
        .await
        .unwrap();
    assert_eq!(ir["status"]["instanceStatusColumns"]["members"], "0-1999");
}
