//! `kubectl ome migration status` against the real API server (read-commands.md §6).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use crate::support::cluster;
use futures::{StreamExt, TryStreamExt};
use k8s_openapi::api::rbac::v1::{Role, RoleBinding};
use kube::api::{Api, PostParams};
use ome_testenv::crds::ir_resource;
use ome_testenv::{ChatFixture, Controller};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::Instant;
use support::{Run, plugin_async};

fn reader() -> PathBuf {
    cluster().kubeconfig("reader").unwrap()
}

async fn status(ns: &str, name: &str, extra: &[&str]) -> Run {
    let mut args = vec!["migration", "status", name, "-n", ns];
    args.extend_from_slice(extra);
    plugin_async(Some(&reader()), &args).await
}

const EMPTY: &str = "SUBJECT/COMP   STATUS          DETAIL\n-/-            Empty/Current   -\n";

#[tokio::test]
async fn chat_example_without_migrations() {
    let c = cluster();
    let ns = c.namespace("ms-chat").await.unwrap();
    let admin = c.admin().await.unwrap();
    let objs = ChatFixture::new().create(&admin, &ns).await.unwrap();

    assert_eq!(status(&ns, "chat", &[]).await.ok(), EMPTY);

    let json = status(&ns, "chat", &["-o", "json"]).await.json();
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "apiVersion",
            "kind",
            "metadata",
            "collectedAt",
            "sources",
            "content",
            "warnings"
        ]
    );
    assert_eq!(json["kind"], "MigrationStatusReport");
    assert_eq!(json["metadata"], json!({"namespace": ns, "name": "chat"}));
    assert_eq!(
        json["content"],
        json!({
            "summary": {"state": "Empty", "records": 0, "active": 0, "terminal": 0, "invalid": 0},
            "capacity": {"evidence": "Computed", "activeAllocated": 0,
                         "concurrencyLimitEvidence": "Unavailable", "rateLimitEvidence": "Unavailable"},
            "migrations": [],
            "issues": []
        })
    );
    let sources = json["sources"].as_array().unwrap();
    assert_eq!(sources.len(), 4);
    assert_eq!(sources[0]["kind"], "InferenceService");
    assert_eq!(sources[0]["uid"], objs.isvc_uid());
    assert_eq!(sources[0]["freshness"], "Current");
    let names: Vec<&str> = sources[1..]
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["chat-decoder", "chat-engine", "chat-router"]);
    assert!(sources[1..].iter().all(|s| s["freshness"] == "Current"));

    let run = status(&ns, "chat", &["-o", "yaml"]).await;
    let yaml = run.ok();
    assert!(yaml.starts_with("apiVersion: cli.ome.io/v1alpha1\ncollectedAt: \""));
    assert!(yaml.contains("\n  migrations: []\n"));
    assert!(yaml.contains("\n  summary:\n    active: 0\n    invalid: 0\n    records: 0\n    state: Empty\n    terminal: 0\n"));
    assert!(yaml.contains("\nkind: MigrationStatusReport\n"));

    c.audit().sync().await.unwrap();
    let requests = c.audit().requests_by(&ns, "reader").unwrap();
    assert_eq!(requests.len(), 6);
    let list = requests.iter().find(|e| e.verb == "list").unwrap();
    assert!(list.request_uri.contains("limit=32"));
    assert!(
        list.request_uri
            .contains("labelSelector=ome.io%2Finferenceservice%3Dchat")
    );
}

/// Table lines after the header, sorted (request IDs are random).
fn record_lines(table: &str) -> Vec<String> {
    let mut lines: Vec<String> = table
        .lines()
        .skip(1)
        .map(|l| {
            // Replace the random 8-character request prefix.
            let (_, rest) = l.split_at(8);
            format!("<id>{rest}")
        })
        .collect();
    lines.sort();
    lines
}

#[tokio::test]
async fn records_in_each_classification_and_component_filter() {
    let c = cluster();
    let ns = c.namespace("ms-records").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let controller = Controller::new(admin);
    let active = controller
        .add_migration(&ns, "chat-engine", "SurgePending")
        .await
        .unwrap();
    let completed = controller
        .add_migration(&ns, "chat-decoder", "Completed")
        .await
        .unwrap();
    let relocated = controller
        .add_migration(&ns, "chat-decoder", "Relocated")
        .await
        .unwrap();
    let legacy = controller
        .add_migration(&ns, "chat-router", "Pending")
        .await
        .unwrap();

    let run = status(&ns, "chat", &[]).await;
    let table = run.ok();
    assert!(
        table.starts_with("SUBJECT/COMP       STATUS                        DETAIL\n"),
        "{table}"
    );
    assert_eq!(
        record_lines(table),
        [
            "<id>/decoder   Completed/Terminal/Current    -",
            "<id>/decoder   Relocated/Terminal/Current    -",
            "<id>/engine    SurgePending/Active/Current   -",
            "<id>/router    ?/Invalid/Current             PhaseInvalid",
        ]
    );
    assert!(table.contains(&format!("{}/router", legacy.get(..8).unwrap())));

    let json = status(&ns, "chat", &["-o", "json"]).await.json();
    assert_eq!(
        json["content"]["summary"],
        json!({"state": "Partial", "records": 4, "active": 1, "terminal": 2, "invalid": 1})
    );
    assert_eq!(json["warnings"], json!([{"code": "PartialData"}]));
    let by_id = |id: &str| -> Value {
        json["content"]["migrations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["requestID"] == id)
            .cloned()
            .unwrap()
    };
    let r = by_id(&active);
    assert_eq!(
        (
            &r["phase"],
            &r["classification"],
            &r["outcome"],
            &r["component"]
        ),
        (
            &json!("SurgePending"),
            &json!("Active"),
            &json!("InProgress"),
            &json!("engine")
        )
    );
    assert_eq!(r["reasonEvidence"], "OperatorSupplied");
    assert_eq!(r["requestedAtEvidence"], "Unavailable");
    assert_eq!(r["fromNode"], "gpu-node-a");
    let r = by_id(&completed);
    assert_eq!(
        (&r["classification"], &r["outcome"]),
        (&json!("Terminal"), &json!("Completed"))
    );
    let r = by_id(&relocated);
    assert_eq!(r["trigger"], "Auto");
    assert_eq!(r["reasonEvidence"], "AutoRecover");
    assert_eq!(r["outcome"], "RelocationConfirmed");
    let r = by_id(&legacy);
    assert_eq!(
        (&r["phase"], &r["classification"], &r["outcome"]),
        (&json!("Unknown"), &json!("Invalid"), &json!("Unknown"))
    );
    assert_eq!(
        json["content"]["issues"],
        json!([{"code": "PhaseInvalid", "sourceName": "chat-router", "requestID": legacy,
                "component": "router"}])
    );
    assert!(
        !run.stdout.contains("fragmentation"),
        "reason text is never printed"
    );

    let run = status(&ns, "chat", &["--component", "decoder"]).await;
    assert_eq!(
        record_lines(run.ok()),
        [
            "<id>/decoder   Completed/Terminal/Current   -",
            "<id>/decoder   Relocated/Terminal/Current   -",
        ]
    );
    let json = status(&ns, "chat", &["--component=router", "-o", "json"])
        .await
        .json();
    assert_eq!(json["content"]["summary"]["records"], 1);
    assert_eq!(json["sources"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn stale_and_unobserved_sources() {
    let c = cluster();
    let ns = c.namespace("ms-fresh").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let controller = Controller::new(admin);
    let id = controller
        .add_migration(&ns, "chat-engine", "Accepted")
        .await
        .unwrap();
    controller
        .scale_ir_as_autoscaler(&ns, "chat-engine", 3)
        .await
        .unwrap();
    controller
        .set_ir_observed_generation(&ns, "chat-router", 0)
        .await
        .unwrap();
    let run = status(&ns, "chat", &[]).await;
    assert_eq!(
        run.ok(),
        format!(
            "SUBJECT/COMP      STATUS                  DETAIL\n\
             {}/engine   Accepted/Active/Stale   -\n\
             cha...ne/engine   Partial/Unobserved      SourceGenerationStale\n\
             cha...er/router   Partial/Unobserved      SourceGenerationUnobserved\n",
            id.get(..8).unwrap()
        )
    );
}

#[tokio::test]
async fn list_forbidden_is_fatal() {
    let c = cluster();
    let ns = c.namespace("ms-forbid").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let nobody = c.kubeconfig("nobody").unwrap();

    // Without any grant the GET fails first, in the documented order.
    let run = plugin_async(Some(&nobody), &["migration", "status", "chat", "-n", &ns]).await;
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!(
            "migration status check: read object=InferenceService/{ns}/chat cause=Forbidden\n\
             next: kubectl ome admin doctor --access -n {ns}\n\
             error: collect migration status: get InferenceService: inferenceservices.ome.io \"chat\" is forbidden: User \"nobody\" cannot get resource \"inferenceservices\" in API group \"ome.io\" in the namespace \"{ns}\"\n"
        )
    );

    // Allowed to GET the service but not to LIST its replicas: the LIST failure is fatal.
    grant_isvc_get(&admin, &ns, "nobody").await;
    let run = plugin_async(Some(&nobody), &["migration", "status", "chat", "-n", &ns]).await;
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!(
            "migration status check: read object=InferenceReplicaList/{ns}/chat cause=Forbidden\n\
             next: kubectl ome admin doctor --access -n {ns}\n\
             error: collect migration status: list related InferenceReplicas: inferencereplicas.ome.io is forbidden: User \"nobody\" cannot list resource \"inferencereplicas\" in API group \"ome.io\" in the namespace \"{ns}\"\n"
        )
    );
    // instance list keeps going with the failure as evidence.
    let run = plugin_async(Some(&nobody), &["instance", "list", "chat", "-n", &ns]).await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "COMP   IDX/INC   PHASE   PODS   REVS   AOF   EVIDENCE\n\
         -      -         -       -      -      ---   SOURCE-UNAVL\n"
    );
    c.audit().sync().await.unwrap();
    assert!(c.audit().writes_by(&ns, "nobody").unwrap().is_empty());
}

async fn grant_isvc_get(admin: &kube::Client, ns: &str, user: &str) {
    let role: Role = serde_json::from_value(json!({
        "metadata": {"name": "isvc-get"},
        "rules": [{"apiGroups": ["ome.io"], "resources": ["inferenceservices"], "verbs": ["get"]}]
    }))
    .unwrap();
    let binding: RoleBinding = serde_json::from_value(json!({
        "metadata": {"name": "isvc-get"},
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "isvc-get"},
        "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": user}]
    }))
    .unwrap();
    Api::<Role>::namespaced(admin.clone(), ns)
        .create(&PostParams::default(), &role)
        .await
        .unwrap();
    Api::<RoleBinding>::namespaced(admin.clone(), ns)
        .create(&PostParams::default(), &binding)
        .await
        .unwrap();
}

#[tokio::test]
async fn bad_input_is_rejected_before_any_request() {
    let c = cluster();
    let ns = c.namespace("ms-args").await.unwrap();
    let unsupported =
        |v: &str| format!("unsupported output format \"{v}\" (supported: table, json, yaml)");
    let cases: Vec<(Vec<&str>, String)> = vec![
        (vec!["chat", "-o", "wide"], unsupported("wide")),
        (vec!["chat", "-o", "xml"], unsupported("xml")),
        (
            vec!["chat.", "--component", "x"],
            "inference service name is invalid".into(),
        ),
        (
            vec!["chat", "--component", "Engine"],
            "component must be engine, decoder, or router".into(),
        ),
        (
            vec!["chat", "--component", "x", "-n", "NS!"],
            "component must be engine, decoder, or router".into(),
        ),
        (vec!["chat", "-n", "Bad_NS"], "namespace is invalid".into()),
        (vec![], "accepts 1 arg(s), received 0".into()),
        (vec!["chat", "chat2"], "accepts 1 arg(s), received 2".into()),
        (vec!["chat", "--foo"], "unknown flag: --foo".into()),
    ];
    let cases: Vec<(Vec<&str>, String)> = cases
        .into_iter()
        .map(|(extra, message)| {
            let mut args = vec!["migration", "status"];
            args.extend(&extra);
            if !extra.contains(&"-n") {
                args.extend(["-n", &ns]);
            }
            (args, message)
        })
        .collect();
    support::assert_rejected_without_requests(c, "ome-reader", &cases).await;
}

#[tokio::test]
async fn scale_200_services_large_engine_and_bounded_sources() {
    let c = cluster();
    let ns = c.namespace("ms-bulk").await.unwrap();
    let admin = c.admin().await.unwrap();
    let started = Instant::now();
    let names = ome_testenv::fixtures::bulk_services(&admin, &ns, "svc", 200, &ChatFixture::new())
        .await
        .unwrap();
    ChatFixture::large_engine(2000)
        .name("big")
        .create(&admin, &ns)
        .await
        .unwrap();
    let controller = Controller::new(admin.clone());
    controller
        .add_migration(&ns, "big-engine", "Draining")
        .await
        .unwrap();
    // 110 foreign IRs that carry `svc-0000`'s label: more than either command reads.
    futures::stream::iter(0..110)
        .map(|i| {
            let admin = admin.clone();
            let ns = ns.clone();
            async move {
                ome_testenv::objects::create(
                    &admin,
                    &ir_resource(),
                    Some(&ns),
                    json!({"metadata": {"name": format!("svc-0000-extra-{i:03}"),
                            "labels": {"ome.io/inferenceservice": "svc-0000", "component": "engine"}},
                           "spec": {"component": "engine", "parentRef": {"name": "svc-0000"}}}),
                )
                .await
                .map(|_| ())
            }
        })
        .buffer_unordered(8)
        .try_collect::<Vec<()>>()
        .await
        .unwrap();
    eprintln!(
        "fixtures: 200 services + 2000-Instance engine + 110 foreign IRs in {:?}",
        started.elapsed()
    );

    c.audit().sync().await.unwrap();
    let mark = c.audit().mark().unwrap();
    let started = Instant::now();
    let run = status(&ns, &names[137], &[]).await;
    eprintln!(
        "migration status {} (200 services): {:?}",
        names[137],
        started.elapsed()
    );
    assert_eq!(run.ok(), EMPTY);

    let started = Instant::now();
    let run = status(&ns, "big", &["-o", "json"]).await;
    eprintln!(
        "migration status big (2000 Instances): {:?}",
        started.elapsed()
    );
    let json = run.json();
    assert_eq!(
        json["content"]["summary"],
        json!({"state": "Reported", "records": 1, "active": 1, "terminal": 0, "invalid": 0})
    );

    let started = Instant::now();
    let run = status(&ns, "svc-0000", &["-o", "json"]).await;
    eprintln!(
        "migration status svc-0000 (113 labelled IRs): {:?}",
        started.elapsed()
    );
    let json = run.json();
    assert_eq!(json["content"]["summary"]["state"], "Partial");
    let issues = json["content"]["issues"].as_array().unwrap();
    assert_eq!(issues.last().unwrap(), &json!({"code": "SourcesTruncated"}));
    // 64 IRs read: 1 InferenceService source + 64 IR sources.
    assert_eq!(json["sources"].as_array().unwrap().len(), 65);
    let warnings: Vec<&str> = json["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap())
        .collect();
    assert_eq!(warnings, ["PartialData", "Truncated"]);

    let started = Instant::now();
    let run = plugin_async(
        Some(&reader()),
        &["instance", "list", "svc-0000", "-n", &ns],
    )
    .await;
    eprintln!(
        "instance list svc-0000 (113 labelled IRs): {:?}",
        started.elapsed()
    );
    assert!(
        run.ok()
            .ends_with("summary   -         -       -       -             ---   TRUNCATED\n"),
        "{}",
        run.stdout
    );

    c.audit().sync().await.unwrap();
    let events: Vec<_> = c
        .audit()
        .events_since(mark)
        .unwrap()
        .into_iter()
        // Other tests of this binary read as `reader` at the same time: only this namespace.
        .filter(|e| {
            e.user.username == "reader" && e.request_uri.contains(&format!("/namespaces/{ns}/"))
        })
        .collect();
    let count = |verb: &str| events.iter().filter(|e| e.verb == verb).count();
    eprintln!(
        "requests by the plugin for 4 runs: {} ({} get, {} list)",
        events.len(),
        count("get"),
        count("list")
    );
    // migration: 1 GET + 1 LIST, 1 + 1, 1 + 2 (bounded); instance list: 1 GET + 3 LIST pages.
    assert_eq!((count("get"), count("list")), (4, 7));
}
