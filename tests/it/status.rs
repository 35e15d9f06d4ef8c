//! `kubectl ome status SERVICE` against the real API server (diagnose.md §3): the parent's
//! readiness, its components with their Pods, recent Warning Events and the family summaries.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use crate::support::cluster;
use ome_testenv::pods::{InstancePod, PodState, back_off, many_warnings};
use ome_testenv::{ChatFixture, Controller, TestCluster};
use serde_json::{Value, json};
use std::path::PathBuf;
use support::{Run, plugin_async};

fn kubeconfig(user: &str) -> PathBuf {
    cluster().kubeconfig(user).unwrap()
}

struct Env {
    ns: String,
    admin: kube::Client,
    ctl: Controller,
}

impl Env {
    async fn new(prefix: &str) -> Env {
        let c = cluster();
        let ns = c.namespace(prefix).await.unwrap();
        let admin = c.admin().await.unwrap();
        ChatFixture::new()
            .namespaced_runtime()
            .create(&admin, &ns)
            .await
            .unwrap();
        Env {
            ctl: Controller::new(admin.clone()),
            ns,
            admin,
        }
    }

    /// One Ready Pod per Instance; Instance 1 of the engine crash-loops with a BackOff warning.
    /// Returns every Pod, the crash-looping one first.
    async fn pods(&self) -> Vec<Value> {
        let mut crash = Value::Null;
        let mut all = Vec::new();
        for (component, count) in [("engine", 2), ("decoder", 1), ("router", 1)] {
            let ir = self
                .ctl
                .ir(&self.ns, &format!("chat-{component}"))
                .await
                .unwrap();
            for index in 0..count {
                let mut pod = InstancePod::of(&ir, index).unwrap();
                if component == "engine" && index == 1 {
                    pod = pod.state(PodState::CrashLoop(7));
                }
                let stored = pod.create(&self.admin, &self.ns).await.unwrap();
                if component == "engine" && index == 1 {
                    crash = stored;
                } else {
                    all.push(stored);
                }
            }
        }
        back_off()
            .create(&self.admin, &self.ns, &crash, "backoff")
            .await
            .unwrap();
        all.insert(0, crash);
        all
    }

    async fn status(&self, user: &str, extra: &[&str]) -> Run {
        let mut args = vec!["status", "chat", "-n", &self.ns];
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

fn value_of<'a>(table: &'a str, field: &str) -> Vec<&'a str> {
    table
        .lines()
        // A row with an empty value ends after its field.
        .map(|l| (l.get(..21).unwrap_or(l), l.get(21..).unwrap_or("")))
        .filter(|(head, _)| head.trim_end() == field)
        .map(|(_, value)| value.trim_end())
        .collect()
}

#[tokio::test]
async fn the_readiness_story_of_the_guide_example() {
    let env = Env::new("st-chat").await;
    env.pods().await;
    let run = env.status("reader", &[]).await;
    let table = run.ok();
    assert!(table.starts_with("FIELD                VALUE\n"), "{table}");
    for (field, value) in [
        ("Name", "chat".to_string()),
        ("Namespace", env.ns.clone()),
        ("Ready", "True / Valid".to_string()),
        ("Ready reason", String::new()),
        (
            "Declared runtime",
            "srt-llama-3-2-1b-instruct-pd".to_string(),
        ),
        ("Model", "llama-3-2-1b-instruct".to_string()),
        (
            "Generation",
            "1 observed=1; advisory Unverifiable".to_string(),
        ),
        (
            "Pod observation",
            "Reported count=4 truncated=false".to_string(),
        ),
        (
            "Event observation",
            "Reported count=1 truncated=false".to_string(),
        ),
        (
            "engine",
            "True / Valid; Ready pods=1/2 restarts=7".to_string(),
        ),
        (
            "decoder",
            "True / Valid; Ready pods=1/1 restarts=0".to_string(),
        ),
        (
            "router",
            "True / Valid; Ready pods=1/1 restarts=0".to_string(),
        ),
        (
            "Scale engine",
            "Reported External/external - (Unavailable)".to_string(),
        ),
        (
            "Placement",
            "NotConfigured / NotApplicable / NotRecorded".to_string(),
        ),
        ("Warning Pod", "chat-engine-1 BackOff count=4".to_string()),
        // The commands name the namespace (difference z, tests/it/next_steps.rs).
        (
            "Rollout detail",
            format!("kubectl ome rollout status chat -n {}", env.ns),
        ),
        (
            "Autoscale detail",
            format!("kubectl ome autoscale status chat -n {}", env.ns),
        ),
    ] {
        assert_eq!(value_of(table, field), [value.as_str()], "{field}\n{table}");
    }
    let fields: Vec<&str> = table
        .lines()
        .map(|l| l.get(..21).unwrap_or(l).trim_end())
        .collect();
    let pointers = [
        "Full safe values",
        "Rollout detail",
        "Autoscale detail",
        "Placement detail",
        "Traffic detail",
        "Runtime detail",
        "Accelerator detail",
    ];
    assert_eq!(&fields[fields.len() - 7..], pointers);
    assert!(table.lines().all(|l| l.chars().count() <= 80), "{table}");

    let json = env.status("reader", &["-o", "json"]).await.json();
    assert_eq!(json["kind"], "StatusReport");
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
            "ready",
            "runtime",
            "model",
            "generation",
            "observedGeneration",
            "generationFreshness",
            "components",
            "pods",
            "events",
            "recentEvents",
            "rollout",
            "autoscale",
            "placement",
            "traffic",
            "runtimeSummary",
            "accelerator",
            "issues"
        ]
    );
    assert_eq!(content["generationFreshness"], "Unverifiable");
    let engine = &content["components"][0];
    assert_eq!(engine["type"], "engine");
    assert_eq!(engine["pods"]["total"], 2);
    assert_eq!(engine["pods"]["ready"], 1);
    assert_eq!(engine["pods"]["restarts"], 7);
    assert_eq!(engine["pods"]["running"], 2);
    let event = &content["recentEvents"][0];
    assert_eq!(event["kind"], "Pod");
    assert_eq!(event["name"], "chat-engine-1");
    assert_eq!(event["reason"], "BackOff");
    // The event message is shown (sanitised).
    assert_eq!(
        event["message"],
        "Back-off restarting failed container ome-container"
    );
    assert_eq!(event["count"], 4);
    let sources = json["sources"].as_array().unwrap();
    assert_eq!(sources.len(), 1);
    assert_eq!(sources[0]["kind"], "InferenceService");
    assert!(sources[0].get("uid").is_none());
    assert_eq!(json["warnings"], json!([]));

    // Reads: the service, its Pods, the Warning events of each target, and the runtime.
    let requests = env.requests("reader").await;
    let runs = 2;
    assert_eq!(
        requests
            .iter()
            .filter(|r| *r == "get inferenceservices")
            .count(),
        runs,
        "{requests:?}"
    );
    assert_eq!(requests.iter().filter(|r| *r == "list pods").count(), runs);
    // The service and its 4 Pods are the event targets.
    assert_eq!(
        requests.iter().filter(|r| *r == "list events").count(),
        runs * 5
    );
    assert_eq!(
        requests
            .iter()
            .filter(|r| *r == "get servingruntimes")
            .count(),
        runs
    );
    assert!(
        cluster()
            .audit()
            .writes_by(&env.ns, "reader")
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn forbidden_pods_and_events_are_evidence() {
    let env = Env::new("st-forbidden").await;
    env.pods().await;
    let run = env.status("ome-reader", &[]).await;
    let table = run.ok();
    assert_eq!(
        value_of(table, "Pod observation"),
        ["Unavailable count=0 truncated=false Forbidden"]
    );
    assert_eq!(
        value_of(table, "Event observation"),
        ["Unavailable count=0 truncated=false Forbidden"]
    );
    let json = env.status("ome-reader", &["-o", "json"]).await.json();
    assert_eq!(
        json["content"]["pods"],
        json!({"state": "Unavailable", "reason": "Forbidden", "count": 0, "truncated": false})
    );
}

#[tokio::test]
async fn more_than_a_hundred_events_are_partial() {
    let env = Env::new("st-events").await;
    // 25 Warnings (one page) for the service and each of its 4 Pods: 125 in all.
    let mut targets = env.pods().await;
    targets.push(env.ctl.isvc(&env.ns, "chat").await.unwrap());
    for (i, target) in targets.iter().enumerate() {
        let n = if i == 0 { 24 } else { 25 };
        many_warnings(&env.admin, &env.ns, target, "Flapping", n)
            .await
            .unwrap();
    }
    let json = env.status("reader", &["-o", "json"]).await.json();
    assert_eq!(json["content"]["events"]["state"], "Partial");
    assert_eq!(
        json["content"]["recentEvents"].as_array().unwrap().len(),
        100
    );
    // The report's warnings are always empty; the observation says Partial.
    assert_eq!(json["warnings"], json!([]));
}

#[tokio::test]
async fn errors_read_nothing_or_name_the_failed_read() {
    let c = cluster();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["status", "--bogus", "chat"],
            "status check: flags flag=--bogus rule=unknown-flag\nstatus flags are invalid",
        ),
        (
            vec!["status"],
            "status requires exactly one InferenceService name",
        ),
        (
            vec!["status", "chat", "-o", "JSON"],
            "status output must be table, wide, json, or yaml",
        ),
        (
            vec!["status", "Chat_1"],
            "status requires a valid InferenceService name",
        ),
        (
            vec!["status", "chat", "-n", "Bad_NS"],
            "status requires a valid namespace",
        ),
        (
            vec!["status", "chat", "--ome-namespace", "Bad_NS"],
            "status requires a valid OME namespace",
        ),
    ];
    support::assert_rejected_without_requests(c, "scaler", &cases).await;

    let env = Env::new("st-errors").await;
    let run = plugin_async(
        Some(&kubeconfig("reader")),
        &["status", "missing", "-n", &env.ns],
    )
    .await;
    let ns = &env.ns;
    assert_eq!(
        run.stderr,
        format!(
            "status check: read object=InferenceService/{ns}/missing cause=NotFound\n\
             next: kubectl get inferenceservices.ome.io -n {ns}\n\
             error: status InferenceService was not found\n"
        )
    );
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    let run = env.status("nobody", &[]).await;
    assert_eq!(
        run.stderr,
        format!(
            "status check: read object=InferenceService/{ns}/chat cause=Forbidden\n\
             next: kubectl ome admin doctor --access -n {ns}\n\
             error: status InferenceService could not be read\n"
        )
    );
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
}

/// A cluster without OME's API.
#[tokio::test]
async fn a_cluster_without_the_ome_api() {
    let private = TestCluster::start().await.unwrap();
    let admin = private.admin().await.unwrap();
    ome_testenv::operator::remove_crd(&admin, "ome.io", "v1beta1", "inferenceservices")
        .await
        .unwrap();
    let kubeconfig = private.kubeconfig("reader").unwrap();
    let run = plugin_async(Some(&kubeconfig), &["status", "chat"]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            1,
            "",
            "status check: read object=InferenceService/default/chat cause=NotFound\n\
             next: kubectl get inferenceservices.ome.io -n default\n\
             error: status InferenceService was not found\n"
        )
    );
}
