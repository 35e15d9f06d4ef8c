//! `kubectl ome autoscale explain SERVICE` against the real API server (diagnose.md §2): the
//! runtime's desired autoscaling next to what the parent reports, per component.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use crate::support::cluster;
use ome_testenv::{ChatFixture, Component, Controller, TestCluster};
use serde_json::{Value, json};
use std::path::PathBuf;
use support::{Run, plugin_async};

fn kubeconfig(user: &str) -> PathBuf {
    cluster().kubeconfig(user).unwrap()
}

struct Env {
    ns: String,
    ctl: Controller,
}

impl Env {
    async fn new(prefix: &str, fixture: ChatFixture) -> Env {
        let c = cluster();
        let ns = c.namespace(prefix).await.unwrap();
        let admin = c.admin().await.unwrap();
        fixture.create(&admin, &ns).await.unwrap();
        Env {
            ns,
            ctl: Controller::new(admin),
        }
    }

    async fn explain(&self, user: &str, extra: &[&str]) -> Run {
        let mut args = vec!["autoscale", "explain", "chat", "-n", &self.ns];
        args.extend_from_slice(extra);
        plugin_async(Some(&kubeconfig(user)), &args).await
    }

    async fn requests(&self, user: &str) -> Vec<String> {
        let audit = cluster().audit();
        audit.sync().await.unwrap();
        audit
            .requests_by(&self.ns, user)
            .unwrap()
            .iter()
            .map(|e| format!("{} {}", e.verb, e.resource()))
            .collect()
    }
}

/// The contract's golden service: a RawDeployment engine, 1..4, the default HPA, reported
/// 2/2 with AbleToScale=True on its Deployment.
async fn raw_engine(env: &Env) {
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"deploymentMode": "RawDeployment"}}),
        )
        .await
        .unwrap();
    let generation = env.ctl.isvc(&env.ns, "chat").await.unwrap()["metadata"]["generation"].clone();
    env.ctl
        .patch_isvc_status(
            &env.ns,
            "chat",
            json!({"status": {"observedGeneration": generation, "components": {"engine": {
                "lifecycle": null, "traffic": null,
                "autoscaler": {"class": "HPA", "managedBy": "ome", "specSource": "default",
                    "currentReplicas": 2, "desiredReplicas": 2,
                    "conditions": [{"type": "AbleToScale", "status": "True",
                        "lastTransitionTime": "2026-08-31T18:15:00Z"}]},
                "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment",
                    "name": "chat-engine"}}}}}),
        )
        .await
        .unwrap();
}

fn raw_fixture() -> ChatFixture {
    ChatFixture::new()
        .without(Component::Decoder)
        .without(Component::Router)
        .bounds(Component::Engine, Some(1), Some(4))
        .autoscaler(Component::Engine, None)
        .without_scalers()
        .namespaced_runtime()
}

const GOLDEN: &str = "\
FIELD                ENGINE
STATE                OK
MODE                 Raw
POLICY               Independent
DESIRED              HPA/default
RANGE                1..4
ZERO                 -
EXPECTED-TARGET      Deployment/chat-engine
REPORTED             HPA/default/ome
REPORTED-TARGET      Deployment/chat-engine
CUR/DES              2/2
LAST-SCALE           -
CONDITION-EVIDENCE   reported
CONDITIONS           AbleToScale=True
CHECK                match
WHY                  -
";

#[tokio::test]
async fn the_golden_raw_engine_in_table_json_and_yaml() {
    let env = Env::new("ae-raw", raw_fixture()).await;
    raw_engine(&env).await;
    assert_eq!(env.explain("reader", &[]).await.ok(), GOLDEN);

    let json = env.explain("reader", &["-o", "json"]).await.json();
    assert_eq!(json["kind"], "AutoscaleExplainReport");
    let content = &json["content"];
    let keys: Vec<&str> = content
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "summary",
            "activeConfiguration",
            "scalingPolicy",
            "components",
            "issues"
        ]
    );
    assert_eq!(
        content["summary"],
        json!({"state": "Consistent", "statusFreshness": "Current"})
    );
    assert_eq!(content["activeConfiguration"]["state"], "Available");
    assert_eq!(content["activeConfiguration"]["origin"], "LiveRuntime");
    assert_eq!(
        content["activeConfiguration"]["runtime"]["kind"],
        "ServingRuntime"
    );
    assert_eq!(
        content["scalingPolicy"],
        json!({"state": "Supported", "mode": "Independent", "source": "default"})
    );
    let engine = &content["components"][0];
    assert_eq!(engine["type"], "engine");
    assert_eq!(engine["deploymentMode"], "RawDeployment");
    assert_eq!(engine["deploymentModeSource"], "ServiceSpec");
    assert_eq!(
        engine["desired"]["target"],
        json!({"apiVersion": "apps/v1", "kind": "Deployment", "name": "chat-engine"})
    );
    assert_eq!(
        engine["desired"]["bounds"],
        json!({"state": "Resolved", "minReplicas": 1, "maxReplicas": 4})
    );
    assert_eq!(engine["desired"]["metricCount"], 1);
    assert_eq!(engine["reconciliation"]["state"], "Consistent");
    assert_eq!(content["issues"], json!([]));
    let kinds: Vec<&str> = json["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["InferenceService", "ServingRuntime"]);

    let yaml = env.explain("reader", &["-o", "yaml"]).await;
    assert!(yaml.ok().contains("\nkind: AutoscaleExplainReport\n"));

    // Three runs: each the service and its runtime, nothing else (no HPA, IR or policy).
    let requests = env.requests("reader").await;
    assert_eq!(requests.len(), 6, "{requests:?}");
    for chunk in requests.chunks(2) {
        assert_eq!(chunk, ["get inferenceservices", "get servingruntimes"]);
    }
    assert!(
        cluster()
            .audit()
            .writes_by(&env.ns, "reader")
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn the_guide_example_reconciles_every_component() {
    let env = Env::new("ae-chat", ChatFixture::new().namespaced_runtime()).await;
    let run = env.explain("reader", &[]).await;
    let text = run.ok();
    // Column widths follow the longest cell; compare the cells.
    let first: Vec<Vec<&str>> = text
        .lines()
        .take(5)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        first,
        [
            ["FIELD", "ENGINE", "DECODER", "ROUTER"],
            ["STATE", "OK", "OK", "OK"],
            ["MODE", "Native", "Native", "Native"],
            ["POLICY", "Independent", "Independent", "Independent"],
            ["DESIRED", "External/isvc", "HPA/default", "HPA/default"],
        ],
        "{text}"
    );
    assert!(
        text.contains("\nEXPECTED-TARGET      InferenceReplica/chat-engine "),
        "{text}"
    );
    assert!(text.contains("\nRANGE                2..4 "), "{text}");
    assert!(text.contains("\nCHECK                match "), "{text}");
}

#[tokio::test]
async fn mismatches_policies_and_stale_status_are_diagnoses_not_errors() {
    // The parent reports another class than the runtime resolves.
    let env = Env::new("ae-mismatch", ChatFixture::new().namespaced_runtime()).await;
    env.ctl
        .set_autoscaler_status(
            &env.ns,
            "chat",
            Component::Engine,
            json!({"class": "HPA", "managedBy": "ome", "specSource": "isvc"}),
        )
        .await
        .unwrap();
    let json = env.explain("reader", &["-o", "json"]).await.json();
    let engine = &json["content"]["components"][0];
    assert_eq!(engine["reconciliation"]["state"], "ReportedMismatch");
    assert!(
        engine["issues"]
            .as_array()
            .unwrap()
            .contains(&json!("ReportedClassMismatch"))
    );
    assert_eq!(json["content"]["summary"]["state"], "ReportedMismatch");
    let table = env.explain("reader", &[]).await;
    let text = table.ok();
    assert!(text.contains("\nSTATE                Mismatch "), "{text}");
    assert!(
        text.contains("\nWHY                  class-mismatch"),
        "{text}"
    );

    // An AutoscalerPolicy reference wins for the decoder: its policy is never read.
    let env = Env::new("ae-policy", ChatFixture::new().namespaced_runtime()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"decoder": {"autoscalerPolicyRef": {"name": "burst"}}}}),
        )
        .await
        .unwrap();
    env.ctl.observe_isvc(&env.ns, "chat").await.unwrap();
    let json = env.explain("reader", &["-o", "json"]).await.json();
    let decoder = &json["content"]["components"][1];
    assert_eq!(decoder["desired"]["state"], "Unavailable");
    assert_eq!(decoder["desired"]["specSource"], "policy");
    assert_eq!(decoder["desired"]["metricCount"], Value::Null);
    assert!(
        decoder["issues"]
            .as_array()
            .unwrap()
            .contains(&json!("PolicyResolutionUnavailable"))
    );

    // A spec change the controller has not observed: the reported side is not compared.
    let env = Env::new("ae-stale", ChatFixture::new().namespaced_runtime()).await;
    env.ctl
        .bump_isvc_generation_without_restamp(&env.ns, "chat")
        .await
        .unwrap();
    let run = env.explain("reader", &["-o", "json"]).await;
    let json = run.json();
    assert_eq!(json["content"]["summary"]["statusFreshness"], "Stale");
    assert_eq!(json["content"]["summary"]["state"], "Partial");
    assert_eq!(
        json["content"]["components"][0]["reported"]["state"],
        "Unavailable"
    );
    assert!(
        json["warnings"]
            .as_array()
            .unwrap()
            .contains(&json!({"code": "StaleEvidence"}))
    );
}

#[tokio::test]
async fn a_virtual_service_reads_no_runtime() {
    let env = Env::new("ae-virtual", ChatFixture::new().namespaced_runtime()).await;
    env.ctl
        .annotate_isvc(
            &env.ns,
            "chat",
            "ome.io/deploymentMode",
            Some("VirtualDeployment"),
        )
        .await
        .unwrap();
    let json = env.explain("reader", &["-o", "json"]).await.json();
    let components = json["content"]["components"].as_array().unwrap();
    assert_eq!(components.len(), 3);
    for c in components {
        assert_eq!(c["deploymentMode"], "VirtualDeployment");
        assert_eq!(c["deploymentModeSource"], "ServiceAnnotation");
        assert_eq!(c["desired"]["state"], "Unsupported");
    }
    assert_eq!(json["content"]["summary"]["state"], "Unsupported");
    assert_eq!(env.requests("reader").await, ["get inferenceservices"]);
}

#[tokio::test]
async fn read_failures() {
    let env = Env::new("ae-fail", ChatFixture::new().namespaced_runtime()).await;
    // Forbidden: the API server's answer for a user without access.
    let run = env.explain("nobody", &[]).await;
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stdout, "");
    let ns = &env.ns;
    assert!(
        run.stderr.starts_with(&format!(
            "autoscale explain check: read object=InferenceService/{ns}/chat cause=Forbidden\n\
             next: kubectl ome admin doctor --access -n {ns}\n\
             error: get InferenceService \"{ns}/chat\": "
        )),
        "{run:?}"
    );
    assert!(run.stderr.contains("forbidden"), "{run:?}");

    // The runtime is gone: the active configuration is unavailable.
    let env = Env::new("ae-noruntime", ChatFixture::new().namespaced_runtime()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"runtime": {"name": "no-such-runtime", "kind": "ServingRuntime"}}}),
        )
        .await
        .unwrap();
    let run = env.explain("reader", &[]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            1,
            "",
            "error: require active runtime configuration: active runtime configuration is unavailable\n"
        )
    );

    // An inheritance chain longer than the CLI follows (a truncated read).
    let env = Env::new("ae-deep", ChatFixture::new().namespaced_runtime()).await;
    let admin = cluster().admin().await.unwrap();
    let runtime = ome_testenv::crds::serving_runtime_resource();
    for i in 0..33 {
        let mut manifest = json!({"metadata": {"name": format!("level-{i}")},
            "spec": {"engineConfig": {"minReplicas": 1}}});
        if i < 32 {
            manifest["metadata"]["annotations"] =
                json!({"ome.io/inherit-from": format!("level-{}", i + 1)});
        }
        ome_testenv::objects::create(&admin, &runtime, Some(&env.ns), manifest)
            .await
            .unwrap();
    }
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"runtime": {"name": "level-0", "kind": "ServingRuntime"}}}),
        )
        .await
        .unwrap();
    let run = env.explain("reader", &[]).await;
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(
        run.stderr,
        "error: require active runtime configuration: active runtime configuration is unavailable\n"
    );

    // Command-line errors.
    let c = cluster();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["autoscale", "explain"], "accepts 1 arg(s), received 0"),
        (
            vec!["autoscale", "explain", "chat", "-o", "wide"],
            "unsupported output format \"wide\" (supported: table, json, yaml)",
        ),
        (
            vec!["autoscale", "explain", "chat", "--ome-namespace", ""],
            "OME namespace must not be empty",
        ),
    ];
    support::assert_rejected_without_requests(c, "scaler", &cases).await;
}

/// A cluster without OME's API: the fixed message, not the server's.
#[tokio::test]
async fn a_cluster_without_the_ome_api() {
    let private = TestCluster::start().await.unwrap();
    let admin = private.admin().await.unwrap();
    ome_testenv::operator::remove_crd(&admin, "ome.io", "v1beta1", "inferenceservices")
        .await
        .unwrap();
    let kubeconfig = private.kubeconfig("reader").unwrap();
    let run = plugin_async(Some(&kubeconfig), &["autoscale", "explain", "chat"]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            1,
            "",
            "autoscale explain check: read object=InferenceService/default/chat cause=NotFound\n\
             next: kubectl get inferenceservices.ome.io -n default\n\
             error: get InferenceService \"default/chat\": OME does not appear to be installed on this cluster (the ome.io API is not available; install OME first — see https://github.com/ome-projects/ome#installation)\n"
        )
    );
}
