//! `kubectl ome autoscale status` against a real API server: the guide's `chat` example in every
//! output format, live-scale right after a scale, live-scaler lookups, argument errors and a
//! crowded namespace.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::{AutoscalerClass, ChatFixture, Component, Controller, shared};
use serde_json::Value;
use support::{Run, plugin_async};

fn run_ok(run: &Run) {
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
}

async fn requests(ns: &str, user: &str) -> usize {
    let cluster = shared().unwrap();
    cluster.audit().sync().await.unwrap();
    cluster.audit().requests_by(ns, user).unwrap().len()
}

fn component<'a>(report: &'a Value, c: &str) -> &'a Value {
    report["content"]["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["type"] == c)
        .unwrap()
}

#[tokio::test]
async fn chat_in_every_format() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("as-chat").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    let objs = ChatFixture::new().create(&admin, &ns).await.unwrap();
    let kc = cluster.kubeconfig("reader").unwrap();

    let run = plugin_async(Some(&kc), &["autoscale", "status", "chat", "-n", &ns]).await;
    run_ok(&run);
    assert_eq!(
        run.stdout,
        "\
FIELD              SERVICE    ENGINE        DECODER        ROUTER
STATE              Reported   Reported      Reported       Reported
CLASS              -          External      HPA            HPA
MANAGED-BY         -          external      ome            ome
SPEC-SOURCE        -          isvc          default        default
TARGET-KIND        -          IR            IR             IR
TARGET-NAME        -          chat-engine   chat-decoder   chat-router
TARGET-EVIDENCE    -          Reported      Reported       Reported
CURRENT            -          -             1              1
DESIRED            -          -             1              1
REPLICA-EVIDENCE   -          Unavailable   Reported       Reported
COND-EVIDENCE      -          Unavailable   Reported       Reported
ABLE-TO-SCALE      -          -             True           True
SCALING-ACTIVE     -          -             True           True
"
    );
    // Default: exactly one request, the InferenceService GET.
    assert_eq!(requests(&ns, "reader").await, 1);

    let run = plugin_async(
        Some(&kc),
        &["autoscale", "status", "chat", "-n", &ns, "-o", "wide"],
    )
    .await;
    run_ok(&run);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].starts_with(
        "STATE      COMPONENT   COMPONENT-STATE   CLASS      MANAGED-BY   SPEC-SOURCE   TARGET "
    ));
    assert!(
        lines[0].ends_with("CONDITION-EVIDENCE   CONDITIONS                            ISSUES")
    );
    let decoder: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(
        decoder,
        [
            "Reported",
            "decoder",
            "Reported",
            "HPA",
            "ome",
            "default",
            &format!("InferenceReplica/{ns}/chat-decoder"),
            "Reported",
            "1",
            "1",
            "Reported",
            "-",
            "Reported",
            "AbleToScale=True,ScalingActive=True",
            "-"
        ]
    );

    let run = plugin_async(
        Some(&kc),
        &["autoscale", "status", "chat", "-n", &ns, "-o", "json"],
    )
    .await;
    run_ok(&run);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    let keys: Vec<&String> = report.as_object().unwrap().keys().collect();
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
    assert_eq!(report["kind"], "AutoscaleStatusReport");
    assert_eq!(report["metadata"]["namespace"], ns.as_str());
    assert_eq!(report["sources"].as_array().unwrap().len(), 1);
    let source = &report["sources"][0];
    assert_eq!(source["uid"], objs.isvc_uid());
    assert_eq!(source["generation"], objs.isvc_generation());
    assert_eq!(source["evidence"], "Reported");
    assert_eq!(source["collectedAt"], report["collectedAt"]);
    assert_eq!(report["content"]["summary"]["state"], "Reported");
    assert_eq!(report["content"]["issues"], serde_json::json!([]));
    assert_eq!(report["warnings"], serde_json::json!([]));
    let engine = component(&report, "engine");
    assert_eq!(
        engine["replicas"],
        serde_json::json!({"state": "Unavailable"})
    );
    assert!(engine.get("liveScale").is_none());
    let decoder = component(&report, "decoder");
    let keys: Vec<&String> = decoder.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "type",
            "state",
            "class",
            "managedBy",
            "specSource",
            "target",
            "replicas",
            "conditions"
        ]
    );
    assert_eq!(decoder["conditions"]["items"][1]["type"], "ScalingActive");

    let run = plugin_async(
        Some(&kc),
        &["autoscale", "status", "chat", "-n", &ns, "-o", "yaml"],
    )
    .await;
    run_ok(&run);
    assert!(
        run.stdout
            .starts_with("apiVersion: cli.ome.io/v1alpha1\ncollectedAt: \"")
    );
    assert!(run.stdout.contains("\nkind: AutoscaleStatusReport\n"));
    assert!(run.stdout.contains("  summary:\n    state: Reported\n"));
    assert!(run.stdout.ends_with("warnings: []\n"));
}

fn row<'a>(table: &'a str, field: &str) -> Option<Vec<&'a str>> {
    table
        .lines()
        .find(|l| l.split_whitespace().next() == Some(field))
        .map(|l| l.split_whitespace().collect())
}

#[tokio::test]
async fn live_scale_is_stale_until_the_replica_observes_the_scale() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("as-live").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let controller = Controller::new(admin.clone());
    let kc = cluster.kubeconfig("reader").unwrap();
    let args = ["autoscale", "status", "chat", "-n", &ns, "--live-scale"];

    let run = plugin_async(Some(&kc), &args).await;
    run_ok(&run);
    assert_eq!(
        row(&run.stdout, "LIVE-EVIDENCE").unwrap(),
        ["LIVE-EVIDENCE", "-", "Reported", "Reported", "Reported"]
    );
    assert_eq!(
        row(&run.stdout, "LIVE-SPEC").unwrap(),
        ["LIVE-SPEC", "-", "2", "1", "1"]
    );
    // One GET of the service plus an IR and a /scale GET per component.
    assert_eq!(requests(&ns, "reader").await, 7);

    controller
        .scale_ir_as_autoscaler(&ns, "chat-engine", 3)
        .await
        .unwrap();
    let run = plugin_async(Some(&kc), &args).await;
    run_ok(&run);
    assert_eq!(
        row(&run.stdout, "STATE").unwrap(),
        ["STATE", "Reported", "Reported", "Reported", "Reported"]
    );
    assert_eq!(
        row(&run.stdout, "LIVE-EVIDENCE").unwrap(),
        ["LIVE-EVIDENCE", "-", "Stale", "Reported", "Reported"]
    );
    // The count the autoscaler just wrote shows at once (difference z).
    assert_eq!(
        row(&run.stdout, "LIVE-SPEC").unwrap(),
        ["LIVE-SPEC", "-", "3", "1", "1"]
    );
    assert_eq!(row(&run.stdout, "LIVE-COUNT").unwrap()[2], "Unknown");

    let mut json_args = args.to_vec();
    json_args.extend(["-o", "json"]);
    let run = plugin_async(Some(&kc), &json_args).await;
    run_ok(&run);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        report["warnings"],
        serde_json::json!([{"code": "PartialData"}])
    );
    assert_eq!(
        component(&report, "engine")["liveScale"],
        serde_json::json!({"evidence": "Stale", "countComparison": "Unknown", "specReplicas": 3})
    );
    // Only the spec count of the stale engine's /scale read is kept: no InferenceReplicaScale
    // source for it.
    let sources = report["sources"].as_array().unwrap();
    assert!(
        !sources
            .iter()
            .any(|s| s["kind"] == "InferenceReplicaScale" && s["name"] == "chat-engine")
    );
    assert!(sources.iter().any(|s| s["kind"] == "InferenceReplica"
        && s["name"] == "chat-engine"
        && s["evidence"] == "Observed"));

    // With only the engine stale, the decoder/router-only table has no engine LIVE-SPEC.
    controller
        .observe_replica(&ns, "chat-engine")
        .await
        .unwrap();
    let run = plugin_async(Some(&kc), &args).await;
    run_ok(&run);
    assert_eq!(
        row(&run.stdout, "LIVE-EVIDENCE").unwrap(),
        ["LIVE-EVIDENCE", "-", "Reported", "Reported", "Reported"]
    );
    assert_eq!(
        row(&run.stdout, "LIVE-SPEC").unwrap(),
        ["LIVE-SPEC", "-", "3", "1", "1"]
    );
    assert_eq!(
        row(&run.stdout, "LIVE-CURRENT").unwrap(),
        ["LIVE-CURRENT", "-", "3", "1", "1"]
    );
}

#[tokio::test]
async fn live_scale_engine_only_stale_shows_the_written_live_spec() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("as-stale").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new()
        .without(Component::Decoder)
        .without(Component::Router)
        .create(&admin, &ns)
        .await
        .unwrap();
    let controller = Controller::new(admin.clone());
    controller
        .scale_ir_as_autoscaler(&ns, "chat-engine", 3)
        .await
        .unwrap();
    let kc = cluster.kubeconfig("reader").unwrap();
    let run = plugin_async(
        Some(&kc),
        &["autoscale", "status", "chat", "-n", &ns, "--live-scale"],
    )
    .await;
    run_ok(&run);
    assert_eq!(
        row(&run.stdout, "LIVE-EVIDENCE").unwrap(),
        ["LIVE-EVIDENCE", "-", "Stale", "-", "-"]
    );
    // The count just written shows at once (difference z); the current count waits.
    assert_eq!(
        row(&run.stdout, "LIVE-SPEC").unwrap(),
        ["LIVE-SPEC", "-", "3", "-", "-"]
    );
    assert!(row(&run.stdout, "LIVE-CURRENT").is_none());
}

#[tokio::test]
async fn live_scaler_finds_hpas_and_scaled_objects() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("as-scaler").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    // 53 characters: `<name>-engine` exceeds 50, so the ScaledObject keeps its last 50.
    let name = "chat-with-a-deliberately-long-name-for-the-keda-rule1";
    assert_eq!(name.len(), 53);
    ChatFixture::new()
        .name(name)
        .autoscaler(Component::Engine, Some(AutoscalerClass::Keda))
        .create(&admin, &ns)
        .await
        .unwrap();
    let kc = cluster.kubeconfig("reader").unwrap();
    let run = plugin_async(
        Some(&kc),
        &["autoscale", "status", name, "-n", &ns, "--live-scaler"],
    )
    .await;
    run_ok(&run);
    assert_eq!(
        row(&run.stdout, "SCALER-KIND").unwrap(),
        ["SCALER-KIND", "-", "KEDA", "HPA", "HPA"]
    );
    assert_eq!(
        row(&run.stdout, "SCALER-EVIDENCE").unwrap(),
        ["SCALER-EVIDENCE", "-", "Reported", "Reported", "Reported"]
    );
    assert_eq!(
        row(&run.stdout, "SCALER-READY").unwrap(),
        ["SCALER-READY", "-", "True", "-", "-"]
    );
    assert_eq!(
        row(&run.stdout, "SCALER-ABLE").unwrap(),
        ["SCALER-ABLE", "-", "-", "True", "True"]
    );

    let run = plugin_async(
        Some(&kc),
        &[
            "autoscale",
            "status",
            name,
            "-n",
            &ns,
            "--live-scaler",
            "-o",
            "json",
        ],
    )
    .await;
    run_ok(&run);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    let sources = report["sources"].as_array().unwrap();
    let tail: String = format!("{name}-engine")
        .chars()
        .rev()
        .take(50)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let so_name = format!("scaledobject-{tail}");
    assert!(
        sources.iter().any(|s| s["kind"] == "ScaledObject"
            && s["name"] == so_name.as_str()
            && s["evidence"] == "Observed"),
        "{sources:?}"
    );
    assert!(
        sources
            .iter()
            .any(|s| s["kind"] == "HorizontalPodAutoscaler"
                && s["name"] == format!("{name}-decoder").as_str())
    );
    let engine = component(&report, "engine");
    assert_eq!(engine["liveScaler"]["kind"], "KEDA");
    assert_eq!(engine["liveScaler"]["generationState"], "Unproven");
    assert_eq!(
        engine["liveScaler"]["conditions"],
        serde_json::json!([{"type": "Ready", "status": "True"}])
    );
    let keys: Vec<&String> = engine.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "type",
            "state",
            "class",
            "managedBy",
            "specSource",
            "target",
            "replicas",
            "liveScaler",
            "conditions"
        ]
    );
    // Three IR GETs, three scaler GETs and the service.
    assert_eq!(requests(&ns, "reader").await, 14);
}

#[tokio::test]
async fn live_scaler_reports_missing_and_forbidden_scalers() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("as-miss").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    // Remove the router's HPA: the report says NotFound.
    let hpas: kube::Api<k8s_openapi::api::autoscaling::v2::HorizontalPodAutoscaler> =
        kube::Api::namespaced(admin.clone(), &ns);
    hpas.delete("chat-router", &Default::default())
        .await
        .unwrap();

    let kc = cluster.kubeconfig("reader").unwrap();
    let run = plugin_async(
        Some(&kc),
        &["autoscale", "status", "chat", "-n", &ns, "--live-scaler"],
    )
    .await;
    run_ok(&run);
    assert_eq!(
        row(&run.stdout, "SCALER-EVIDENCE").unwrap(),
        [
            "SCALER-EVIDENCE",
            "-",
            "NotSelected",
            "Reported",
            "NotFound"
        ]
    );
    assert_eq!(
        row(&run.stdout, "SCALER-KIND").unwrap(),
        ["SCALER-KIND", "-", "External", "HPA", "HPA"]
    );

    // ome-reader may read IRs but not HPAs.
    let kc = cluster.kubeconfig("ome-reader").unwrap();
    let run = plugin_async(
        Some(&kc),
        &[
            "autoscale",
            "status",
            "chat",
            "-n",
            &ns,
            "--live-scaler",
            "-o",
            "json",
        ],
    )
    .await;
    run_ok(&run);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        component(&report, "decoder")["liveScaler"],
        serde_json::json!({"kind": "HPA", "evidence": "Forbidden", "generationState": "Unproven", "conditions": []})
    );
    assert_eq!(
        component(&report, "router")["liveScaler"]["evidence"],
        "Forbidden"
    );
    assert_eq!(
        report["warnings"],
        serde_json::json!([{"code": "PartialData"}])
    );
    let sources = report["sources"].as_array().unwrap();
    assert!(
        sources
            .iter()
            .any(|s| s["kind"] == "HorizontalPodAutoscaler"
                && s["name"] == "chat-decoder"
                && s["evidence"] == "Unavailable"
                && s["uid"] == ""
                && s["generation"] == 0)
    );
    // No server message text leaks into the report.
    assert!(!run.stdout.contains("forbidden"));
}

#[tokio::test]
async fn argument_errors_make_no_request() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("as-args").await.unwrap();
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec!["autoscale", "status", "chat", "-n", &ns, "-o", "xml"],
            "unsupported output format \"xml\" (supported: table, wide, json, yaml)".into(),
        ),
        (
            vec!["autoscale", "status", "Bad_Name", "-n", &ns],
            "invalid InferenceService name \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character".into(),
        ),
        (
            vec!["autoscale", "status", "chat", "-n", "Bad_NS"],
            "invalid resolved namespace: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character".into(),
        ),
        (vec!["autoscale", "status", "-n", &ns], "accepts 1 arg(s), received 0".into()),
        (
            vec!["autoscale", "status", "a", "b", "-n", &ns],
            "accepts 1 arg(s), received 2".into(),
        ),
        (
            vec!["autoscale", "status", "chat", "-n", &ns, "--foo"],
            "unknown flag: --foo".into(),
        ),
    ];
    support::assert_rejected_without_requests(cluster, "nobody", &cases).await;

    let kc = cluster.kubeconfig("reader").unwrap();
    let run = plugin_async(Some(&kc), &["autoscale", "status", "missing", "-n", &ns]).await;
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        format!(
            "autoscale status check: read object=InferenceService/{ns}/missing cause=NotFound\n\
             next: kubectl get inferenceservices.ome.io -n {ns}\n\
             error: get InferenceService \"{ns}/missing\": inferenceservices.ome.io \"missing\" not found\n"
        )
    );
    assert_eq!(run.stdout, "");
}

#[tokio::test]
async fn one_request_among_two_hundred_services() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("as-bulk").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    let names = ome_testenv::fixtures::bulk_services(&admin, &ns, "svc", 200, &ChatFixture::new())
        .await
        .unwrap();
    let target = &names[137];
    let kc = cluster.kubeconfig("reader").unwrap();
    let started = std::time::Instant::now();
    let run = plugin_async(
        Some(&kc),
        &["autoscale", "status", target, "-n", &ns, "-o", "json"],
    )
    .await;
    eprintln!(
        "autoscale status among 200 services: {:?}",
        started.elapsed()
    );
    run_ok(&run);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["metadata"]["name"], target.as_str());
    assert_eq!(report["content"]["summary"]["state"], "Reported");
    assert_eq!(
        component(&report, "engine")["target"]["name"],
        format!("{target}-engine").as_str()
    );
    assert_eq!(requests(&ns, "reader").await, 1);
}

#[tokio::test]
async fn both_live_flags_share_the_replica_read() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("as-both").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let kc = cluster.kubeconfig("reader").unwrap();
    let run = plugin_async(
        Some(&kc),
        &[
            "autoscale",
            "status",
            "chat",
            "-n",
            &ns,
            "--live-scale",
            "--live-scaler",
            "-o",
            "wide",
        ],
    )
    .await;
    run_ok(&run);
    let header: Vec<&str> = run
        .stdout
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(
        &header[header.len() - 10..],
        [
            "LIVE-EVIDENCE",
            "LIVE-SPEC",
            "LIVE-CURRENT",
            "LIVE-COUNT",
            "SCALER-KIND",
            "SCALER-EVIDENCE",
            "SCALER-GEN",
            "SCALER-CURRENT",
            "SCALER-DESIRED",
            "SCALER-CONDITIONS"
        ]
    );
    // The service, one IR and one /scale per component, and the two HPAs: each IR once.
    assert_eq!(requests(&ns, "reader").await, 9);
    let decoder: Vec<&str> = run
        .stdout
        .lines()
        .nth(2)
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(
        &decoder[decoder.len() - 10..],
        [
            "Reported",
            "1",
            "1",
            "Equal",
            "HPA",
            "Reported",
            "Unproven",
            "1",
            "1",
            "AbleToScale=True,ScalingActive=True"
        ]
    );
}
