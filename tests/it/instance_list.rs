//! `kubectl ome instance list` against the real API server (read-commands.md §3).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use crate::support::cluster;
use ome_testenv::{ChatFixture, Controller, Encoding};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::Instant;
use support::{Run, plugin_async};

fn reader() -> PathBuf {
    cluster().kubeconfig("reader").unwrap()
}

async fn list(ns: &str, name: &str, extra: &[&str]) -> Run {
    let mut args = vec!["instance", "list", name, "-n", ns];
    args.extend_from_slice(extra);
    plugin_async(Some(&reader()), &args).await
}

/// collectedAt is the real clock; everything else must be identical.
fn without_clock(json: &str) -> Value {
    let mut value: Value = serde_json::from_str(json).unwrap();
    value["collectedAt"] = json!("<now>");
    for source in value["sources"].as_array_mut().unwrap() {
        source["collectedAt"] = json!("<now>");
    }
    value
}

const CHAT_TABLE: &str = "\
COMP      IDX/INC   PHASE   PODS    REVS          AOF   EVIDENCE
engine    0/1       Ready   1/1/1   chat...4d2b   A--   OK
engine    1/1       Ready   1/1/1   chat...4d2b   A--   OK
decoder   0/1       Ready   1/1/1   chat...9a60   A--   OK
router    0/1       Ready   1/1/1   chat...8e12   A--   OK
";

#[tokio::test]
async fn chat_example_table_json_yaml() {
    let c = cluster();
    let ns = c.namespace("il-chat").await.unwrap();
    let admin = c.admin().await.unwrap();
    let objs = ChatFixture::new().create(&admin, &ns).await.unwrap();

    let table = list(&ns, "chat", &[]).await;
    assert_eq!(table.ok(), CHAT_TABLE);

    let run = list(&ns, "chat", &["-o", "json"]).await;
    let json: Value = run.json();
    assert_eq!(json["apiVersion"], "cli.ome.io/v1alpha1");
    assert_eq!(json["kind"], "InstanceListReport");
    assert_eq!(json["metadata"], json!({"namespace": ns, "name": "chat"}));
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
    assert_eq!(
        json["content"]["summary"],
        json!({"state": "Reported", "components": 3, "instances": 4, "truncated": false})
    );
    assert_eq!(json["content"]["issues"], json!([]));
    assert_eq!(json["warnings"], json!([]));
    let sources = json["sources"].as_array().unwrap();
    assert_eq!(sources.len(), 4);
    assert_eq!(sources[0]["kind"], "InferenceService");
    assert_eq!(sources[0]["uid"], objs.isvc_uid());
    assert_eq!(sources[0]["generation"], objs.isvc_generation());
    let engine = &json["content"]["components"][0];
    assert_eq!(engine["type"], "engine");
    assert_eq!(engine["indexSet"], "Dense");
    assert_eq!(engine["currentRevision"], "chat-engine-7f9c4d2b");
    assert_eq!(
        json["content"]["instances"][0],
        json!({"component": "engine", "inferenceReplica": "chat-engine", "index": 0,
               "incarnation": 1, "phase": "Ready", "runningRevision": "chat-engine-7f9c4d2b",
               "pods": {"total": 1, "serving": 1, "available": 1}, "admitted": true,
               "operationPresent": false, "lastFailurePresent": false, "evidence": "Reported"})
    );
    assert!(!run.stdout.contains("resourceVersion") && !run.stdout.contains("DenseV1"));

    let run = list(&ns, "chat", &["-o", "yaml"]).await;
    let yaml = run.ok();
    assert!(yaml.starts_with("apiVersion: cli.ome.io/v1alpha1\ncollectedAt: \""));
    assert!(yaml.contains("\nkind: InstanceListReport\n"));
    assert!(yaml.contains("\n  summary:\n    components: 3\n    instances: 4\n    state: Reported\n    truncated: false\n"));
    assert!(yaml.contains("\nwarnings: []\n"));

    // Exactly the ISVC GET and one LIST page, and nothing written.
    c.audit().sync().await.unwrap();
    let requests = c.audit().requests_by(&ns, "reader").unwrap();
    assert_eq!(requests.len(), 6, "{requests:?}");
    assert!(requests.iter().all(|e| e.verb == "get" || e.verb == "list"));
    let lists: Vec<_> = requests.iter().filter(|e| e.verb == "list").collect();
    assert_eq!(lists.len(), 3);
    assert!(
        lists[0]
            .request_uri
            .contains("labelSelector=ome.io%2Finferenceservice%3Dchat")
    );
    assert!(lists[0].request_uri.contains("limit=50"));
}

#[tokio::test]
async fn scale_two_to_three_shows_creating_then_ready() {
    let c = cluster();
    let ns = c.namespace("il-scale").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let controller = Controller::new(admin);

    controller
        .scale_ir_as_autoscaler(&ns, "chat-engine", 3)
        .await
        .unwrap();
    // Before the IR controller observes the new generation the evidence is stale.
    let run = list(&ns, "chat", &[]).await;
    assert!(
        run.ok()
            .contains("engine    0/1       Ready   1/1/1   chat...4d2b   A--   STALE:1/2\n"),
        "{}",
        run.stdout
    );

    controller
        .observe_replica(&ns, "chat-engine")
        .await
        .unwrap();
    let run = list(&ns, "chat", &[]).await;
    assert_eq!(
        run.ok(),
        "\
COMP      IDX/INC   PHASE      PODS    REVS          AOF   EVIDENCE
engine    0/1       Ready      1/1/1   chat...4d2b   A--   OK
engine    1/1       Ready      1/1/1   chat...4d2b   A--   OK
engine    2/1       Creating   0/0/1   >cha...4d2b   AO-   OK
decoder   0/1       Ready      1/1/1   chat...9a60   A--   OK
router    0/1       Ready      1/1/1   chat...8e12   A--   OK
"
    );

    controller
        .mark_instances_ready(&ns, "chat-engine")
        .await
        .unwrap();
    let run = list(&ns, "chat", &["-o", "json"]).await;
    let json: Value = run.json();
    let phases: Vec<(String, i64, String)> = json["content"]["instances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["component"].as_str().unwrap().to_string(),
                i["index"].as_i64().unwrap(),
                i["phase"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expect = |c: &str, i: i64| (c.to_string(), i, "Ready".to_string());
    assert_eq!(
        phases,
        vec![
            expect("engine", 0),
            expect("engine", 1),
            expect("engine", 2),
            expect("decoder", 0),
            expect("router", 0)
        ]
    );
    assert_eq!(json["content"]["summary"]["state"], "Reported");
}

#[tokio::test]
async fn dense_and_columnar_render_identically() {
    let c = cluster();
    let ns = c.namespace("il-enc").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new()
        .encoding(Encoding::ColumnarV2)
        .create(&admin, &ns)
        .await
        .unwrap();
    let controller = Controller::new(admin);
    let stored = controller.ir(&ns, "chat-engine").await.unwrap();
    assert_eq!(stored["status"]["instanceStatusEncoding"], "ColumnarV2");

    let columnar_table = list(&ns, "chat", &[]).await;
    let columnar_json = list(&ns, "chat", &["-o", "json"]).await;
    for ir in ["chat-engine", "chat-decoder", "chat-router"] {
        controller.write_dense(&ns, ir).await.unwrap();
    }
    let stored = controller.ir(&ns, "chat-engine").await.unwrap();
    assert!(stored["status"]["instanceStatuses"].is_array());
    let dense_table = list(&ns, "chat", &[]).await;
    let dense_json = list(&ns, "chat", &["-o", "json"]).await;

    assert_eq!(columnar_table.ok(), CHAT_TABLE);
    assert_eq!(dense_table.ok(), columnar_table.ok());
    assert_eq!(
        without_clock(dense_json.ok()),
        without_clock(columnar_json.ok())
    );
    assert!(!columnar_json.stdout.contains("ColumnarV2"));
}

#[tokio::test]
async fn malformed_columnar_status_is_reported_without_payload() {
    let c = cluster();
    let ns = c.namespace("il-bad").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new()
        .encoding(Encoding::ColumnarV2)
        .create(&admin, &ns)
        .await
        .unwrap();
    let controller = Controller::new(admin);
    controller
        .patch_ir_status(
            &ns,
            "chat-engine",
            // A descending range: malformed, and long enough that no UID or name in the report
            // contains it by chance.
            json!({"status": {"instanceStatusColumns": {"members": "65534-65533"}}}),
        )
        .await
        .unwrap();

    let run = list(&ns, "chat", &[]).await;
    assert_eq!(
        run.ok(),
        "COMP   IDX/INC   PHASE   PODS   REVS   AOF   EVIDENCE\n\
         -      -         -       -      -      ---   SOURCE-UNAVL\n"
    );
    let run = list(&ns, "chat", &["-o", "json"]).await;
    let json: Value = run.json();
    assert_eq!(json["content"]["summary"]["state"], "Unavailable");
    assert_eq!(
        json["content"]["issues"],
        json!([{"code": "CollectionUnavailable", "unavailableReason": "Unreadable"}])
    );
    assert!(!run.stdout.contains("65534-65533"), "payload text leaked");
    let warnings: Vec<&str> = json["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap())
        .collect();
    assert_eq!(warnings, ["SourceUnavailable"]);
}

#[tokio::test]
async fn sparse_router_indices_show_sparse() {
    let c = cluster();
    let ns = c.namespace("il-sparse").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let controller = Controller::new(admin);
    let router = controller.ir(&ns, "chat-router").await.unwrap();
    let row = ome_testenv::fixtures::ready_row(1, "chat-router-c4d58e12", "2026-09-21T09:12:00Z");
    controller
        .write_rows(&ns, &router, vec![row], Encoding::DenseV1, json!({}))
        .await
        .unwrap();

    let run = list(&ns, "chat", &[]).await;
    assert!(
        run.ok()
            .ends_with("router    1/1       Ready   1/1/1   chat...8e12   A--   SPARSE\n"),
        "{}",
        run.stdout
    );
    let run = list(&ns, "chat", &["-o", "json"]).await;
    let json: Value = run.json();
    assert_eq!(json["content"]["components"][2]["indexSet"], "Sparse");
    assert_eq!(
        json["content"]["issues"],
        json!([{"code": "SparseIndices", "component": "router", "inferenceReplica": "chat-router"}])
    );
    assert_eq!(json["content"]["summary"]["state"], "Reported");
}

#[tokio::test]
async fn bad_input_is_rejected_before_any_request() {
    let c = cluster();
    let ns = c.namespace("il-args").await.unwrap();
    let cases: [(&[&str], &str); 8] = [
        (
            &["instance", "list", "chat", "-o", "wide"],
            "unsupported output format \"wide\" (supported: table, json, yaml)",
        ),
        (
            &["instance", "list", "chat", "-o", "JSON"],
            "unsupported output format \"JSON\" (supported: table, json, yaml)",
        ),
        (
            &["instance", "list", "Chat_1"],
            "inference service name is invalid",
        ),
        (&["instance", "list"], "accepts 1 arg(s), received 0"),
        (
            &["instance", "list", "a", "b"],
            "accepts 1 arg(s), received 2",
        ),
        (
            &["instance", "list", "chat", "--foo"],
            "unknown flag: --foo",
        ),
        (
            &["instance", "list", "chat", "-n", "Bad_NS"],
            "namespace is invalid",
        ),
        (
            &["instance", "list", "chat", "-o", "wide", "-n", "Bad_NS"],
            "unsupported output format \"wide\" (supported: table, json, yaml)",
        ),
    ];
    let cases: Vec<(Vec<&str>, String)> = cases
        .iter()
        .map(|(args, message)| {
            let mut args = args.to_vec();
            if !args.contains(&"-n") {
                args.extend(["-n", &ns]);
            }
            (args, message.to_string())
        })
        .collect();
    support::assert_rejected_without_requests(c, "ome-reader", &cases).await;
}

#[tokio::test]
async fn missing_service_is_a_get_error() {
    let c = cluster();
    let ns = c.namespace("il-missing").await.unwrap();
    let run = list(&ns, "chat", &[]).await;
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!(
            "instance list check: read object=InferenceService/{ns}/chat cause=NotFound\n\
             next: kubectl get inferenceservices.ome.io -n {ns}\n\
             error: get InferenceService \"{ns}/chat\": inferenceservices.ome.io \"chat\" not found\n"
        )
    );
}

#[tokio::test]
async fn scale_200_services_and_2000_instances_stay_bounded() {
    let c = cluster();
    let ns = c.namespace("il-bulk").await.unwrap();
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
    eprintln!(
        "fixtures: 200 services + 2000-Instance engine in {:?}",
        started.elapsed()
    );

    c.audit().sync().await.unwrap();
    let before = c.audit().requests_by(&ns, "reader").unwrap().len();
    let started = Instant::now();
    let run = list(&ns, &names[137], &[]).await;
    eprintln!(
        "instance list {} (200 services in namespace): {:?}",
        names[137],
        started.elapsed()
    );
    let out = run.ok();
    assert_eq!(out.lines().count(), 5, "{out}");
    assert!(out.lines().skip(1).all(|l| l.ends_with("   OK")), "{out}");

    let started = Instant::now();
    let run = list(&ns, "big", &[]).await;
    eprintln!(
        "instance list big (2000 Instances): {:?}",
        started.elapsed()
    );
    assert_eq!(
        run.ok(),
        "COMP      IDX/INC   PHASE   PODS   REVS   AOF   EVIDENCE\n\
         engine    -         -       -      -      ---   ROWS-LIMIT\n\
         summary   -         -       -      -      ---   TRUNCATED\n"
    );
    let started = Instant::now();
    let run = list(&ns, "big", &["-o", "json"]).await;
    eprintln!("instance list big -o json: {:?}", started.elapsed());
    let json: Value = run.json();
    assert_eq!(
        json["content"]["summary"],
        json!({"state": "Partial", "components": 1, "instances": 0, "truncated": true})
    );
    let codes: Vec<&str> = json["content"]["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["StatusRowsTruncated", "OutputTruncated"]);

    c.audit().sync().await.unwrap();
    let requests = c.audit().requests_by(&ns, "reader").unwrap();
    let ours = &requests[before..];
    eprintln!(
        "requests by the plugin for 3 runs: {} ({} get, {} list)",
        ours.len(),
        ours.iter().filter(|e| e.verb == "get").count(),
        ours.iter().filter(|e| e.verb == "list").count()
    );
    assert_eq!(ours.len(), 6);
}

#[tokio::test]
async fn stale_parent_and_foreign_owner_are_evidence() {
    let c = cluster();
    let ns = c.namespace("il-stale").await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let controller = Controller::new(admin);
    controller
        .bump_isvc_generation_without_restamp(&ns, "chat")
        .await
        .unwrap();
    controller
        .set_owner_uid(&ns, "chat-router", "0b4e1f3a-9c2d-4a8e-8d6b-2e5f7a9c3d22")
        .await
        .unwrap();

    let run = list(&ns, "chat", &[]).await;
    assert_eq!(
        run.ok(),
        "\
COMP      IDX/INC   PHASE   PODS    REVS          AOF   EVIDENCE
engine    0/1       Ready   1/1/1   chat...4d2b   A--   STALE:PARENT
engine    1/1       Ready   1/1/1   chat...4d2b   A--   STALE:PARENT
decoder   0/1       Ready   1/1/1   chat...9a60   A--   STALE:PARENT
summary   -         -       -       -             ---   REJECTED
"
    );
    let json: Value = list(&ns, "chat", &["-o", "json"]).await.json();
    assert_eq!(json["content"]["summary"]["state"], "Partial");
    assert_eq!(
        json["content"]["issues"][0],
        json!({"code": "IdentityRejected", "inferenceReplica": "chat-router",
               "rejectionReason": "OwnerReference"})
    );
    let warnings: Vec<&str> = json["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap())
        .collect();
    assert_eq!(warnings, ["PartialData", "StaleEvidence"]);
}
