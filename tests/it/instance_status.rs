//! `kubectl ome instance status SERVICE INDEX --component C` against the real API server
//! (diagnose.md §1): one Instance from the IR's status, with its Pods and their Warning Events,
//! built for real (Pods with the contract's labels and owner, status written through the
//! status subresource; Events through the API).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use crate::support::cluster;
use ome_testenv::controller::rows_of;
use ome_testenv::pods::{
    EventFixture, InstancePod, PodState, back_off, failed_scheduling, many_warnings,
};
use ome_testenv::{ChatFixture, Controller, Encoding};
use serde_json::{Value, json};
use std::path::PathBuf;
use support::{Run, plugin_async};

fn kubeconfig(user: &str) -> PathBuf {
    cluster().kubeconfig(user).unwrap()
}

pub(crate) struct Env {
    pub(crate) ns: String,
    pub(crate) admin: kube::Client,
    pub(crate) ctl: Controller,
}

impl Env {
    pub(crate) async fn new(prefix: &str, fixture: ChatFixture) -> Env {
        let c = cluster();
        let ns = c.namespace(prefix).await.unwrap();
        let admin = c.admin().await.unwrap();
        fixture.create(&admin, &ns).await.unwrap();
        Env {
            ctl: Controller::new(admin.clone()),
            ns,
            admin,
        }
    }

    async fn engine(&self) -> Value {
        self.ctl.ir(&self.ns, "chat-engine").await.unwrap()
    }

    pub(crate) async fn status(&self, user: &str, index: &str, extra: &[&str]) -> Run {
        let mut args = vec![
            "instance",
            "status",
            "chat",
            index,
            "--component",
            "engine",
            "-n",
            &self.ns,
        ];
        args.extend_from_slice(extra);
        plugin_async(Some(&kubeconfig(user)), &args).await
    }

    /// Requests `user` made in the namespace, as `verb resource`, in order (cluster-scoped
    /// reads are not attributed to a namespace and do not appear).
    pub(crate) async fn requests(&self, user: &str) -> Vec<String> {
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

fn pad(field: &str) -> String {
    format!("{field:<13}")
}

fn table(rows: &[(&str, String)]) -> String {
    let mut out = format!("{}VALUE\n", pad("FIELD"));
    for (field, value) in rows {
        out.push_str(&format!("{}{value}\n", pad(field)));
    }
    out
}

fn ready_since(ir: &Value, index: i64) -> String {
    let (rows, _) = rows_of(ir).unwrap();
    rows.iter()
        .find(|r| r["index"].as_i64() == Some(index))
        .and_then(|r| r["readySince"].as_str())
        .unwrap()
        .to_string()
}

const DEPLOYMENT: &str = "mode=OMENative source=ServiceSpec origin=LiveRuntime evidence...";

#[tokio::test]
async fn a_ready_instance_in_both_encodings() {
    for (encoding, name) in [
        (Encoding::DenseV1, "DenseV1"),
        (Encoding::ColumnarV2, "ColumnarV2"),
    ] {
        // A namespaced runtime, so that every read of the command is attributed to the
        // namespace in the audit log.
        let fixture = ChatFixture::new().encoding(encoding).namespaced_runtime();
        let env = Env::new("is-ready", fixture).await;
        let ir = env.engine().await;
        let pod = InstancePod::of(&ir, 0)
            .unwrap()
            .create(&env.admin, &env.ns)
            .await
            .unwrap();
        EventFixture::normal("Started", "Started container")
            .create(&env.admin, &env.ns, &pod, "started")
            .await
            .unwrap();

        let run = env.status("reader", "0", &[]).await;
        let expected = table(&[
            ("state", "Reported engine[0] evidence=Reported".into()),
            ("deployment", DEPLOYMENT.into()),
            (
                "encoding",
                format!("name={name} evidence=Reported reason=-"),
            ),
            (
                "instance",
                "chat-engine inc=1 phase=Ready admitted=true".into(),
            ),
            ("revisions", "running=chat-engine-7f9c4d2b target=-".into()),
            ("persisted", "pods=1 serving=1 available=1".into()),
            (
                "lifecycle",
                format!("activeOrdinal=0 readySince={}", ready_since(&ir, 0)),
            ),
            (
                "pod",
                "chat-engine-0 default/Running ready=True serving=True restart...".into(),
            ),
        ]);
        assert_eq!(run.ok(), expected);

        let json = env.status("reader", "0", &["-o", "json"]).await.json();
        assert_eq!(json["apiVersion"], "cli.ome.io/v1alpha1");
        assert_eq!(json["kind"], "InstanceStatusReport");
        assert_eq!(
            json["metadata"],
            json!({"namespace": env.ns, "name": "chat"})
        );
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
                "deployment",
                "encoding",
                "instance",
                "pods",
                "events",
                "issues"
            ]
        );
        assert_eq!(
            content["summary"],
            json!({"state": "Reported", "component": "engine", "index": 0,
                   "evidence": "Reported", "truncated": false})
        );
        assert_eq!(
            content["deployment"],
            json!({"mode": "OMENative", "source": "ServiceSpec", "origin": "LiveRuntime",
                   "evidence": "Reported"})
        );
        assert_eq!(
            content["encoding"],
            json!({"name": name, "evidence": "Reported"})
        );
        assert_eq!(content["instance"]["inferenceReplica"], "chat-engine");
        assert_eq!(content["instance"]["phase"], "Ready");
        assert_eq!(
            content["instance"]["pods"],
            json!({"total": 1, "serving": 1, "available": 1})
        );
        assert_eq!(
            content["pods"],
            json!([{"name": "chat-engine-0", "runner": "default", "revision": "7f9c4d2b",
                    "incarnation": 1, "phase": "Running", "ready": "True",
                    "servingReady": "True", "node": "gpu-node-0", "restartCount": 0,
                    "deleting": false}])
        );
        // The Normal event is not a Warning: not shown.
        assert_eq!(content["events"], json!([]));
        assert_eq!(content["issues"], json!([]));
        assert_eq!(json["warnings"], json!([]));
        let kinds: Vec<&str> = json["sources"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["kind"].as_str().unwrap())
            .collect();
        // The sources of `instance list` (the service and each accepted IR), then the Pods
        // and Events of this Instance.
        assert_eq!(
            kinds,
            [
                "InferenceService",
                "InferenceReplica",
                "InferenceReplica",
                "InferenceReplica",
                "PodList",
                "EventList"
            ]
        );
        let pod_list = &json["sources"][4];
        assert_eq!(pod_list["name"], "chat/engine/0");
        assert_eq!(pod_list["evidence"], "Observed");

        let yaml = env.status("reader", "0", &["-o", "yaml"]).await;
        let yaml = yaml.ok();
        assert!(
            yaml.starts_with("apiVersion: cli.ome.io/v1alpha1\ncollectedAt: \""),
            "{yaml}"
        );
        assert!(yaml.contains("\nkind: InstanceStatusReport\n"));
        // Upper case is accepted (the value is lower-cased first).
        let upper = env.status("reader", "0", &["-o", "JSON"]).await;
        assert_eq!(upper.code, 0, "{upper:?}");

        // Reads: the service, its runtime (the deployment mode), one IR page, one Pod page and
        // one Event page per accepted Pod; nothing written.
        let requests = env.requests("reader").await;
        let per_run = [
            "get inferenceservices",
            "get servingruntimes",
            "list inferencereplicas",
            "list pods",
            "list events",
        ];
        assert_eq!(requests.len(), 4 * per_run.len(), "{requests:?}");
        for chunk in requests.chunks(per_run.len()) {
            let mut sorted = chunk.to_vec();
            sorted.sort();
            let mut expected = per_run.map(String::from).to_vec();
            expected.sort();
            assert_eq!(sorted, expected);
        }
        assert!(
            cluster()
                .audit()
                .writes_by(&env.ns, "reader")
                .unwrap()
                .is_empty()
        );
    }
}

#[tokio::test]
async fn a_creating_instance_with_a_pending_pod_and_its_warning() {
    let env = Env::new("is-creating", ChatFixture::new()).await;
    env.ctl
        .set_instance_phase(&env.ns, "chat-engine", 1, "Creating", Some("Create"))
        .await
        .unwrap();
    let ir = env.engine().await;
    let pod = InstancePod::of(&ir, 1)
        .unwrap()
        .state(PodState::Unschedulable)
        .create(&env.admin, &env.ns)
        .await
        .unwrap();
    failed_scheduling()
        .create(&env.admin, &env.ns, &pod, "sched")
        .await
        .unwrap();

    let run = env.status("reader", "1", &[]).await;
    let text = run.ok();
    assert!(
        text.contains("\ninstance     chat-engine inc=1 phase=Creating admitted=true\n"),
        "{text}"
    );
    assert!(
        text.contains("\noperation    Create/CreatePods id=create-0001 retries=0\n"),
        "{text}"
    );
    assert!(
        text.contains("\nop target    chat-engine-7f9c4d2b\n"),
        "{text}"
    );
    assert!(text.contains("\nop timing    started="), "{text}");
    assert!(
        text.contains(
            "\npod          chat-engine-1 default/Pending ready=Unknown serving=Unknown r...\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("\nevent        Pod/chat-engine-1 reason=FailedScheduling count=2\n"),
        "{text}"
    );
    // The scheduler's message says what is missing.
    assert!(
        text.contains("\nevent msg    0/3 nodes are available: 3 Insufficient nvidia.com/gpu.\n"),
        "{text}"
    );

    let json = env.status("reader", "1", &["-o", "json"]).await.json();
    let content = &json["content"];
    assert_eq!(content["instance"]["operation"]["type"], "Create");
    assert_eq!(content["pods"][0]["phase"], "Pending");
    assert_eq!(content["pods"][0]["ready"], "Unknown");
    assert!(content["pods"][0].get("node").is_none());
    let event = &content["events"][0];
    assert_eq!(event["targetKind"], "Pod");
    assert_eq!(event["targetName"], "chat-engine-1");
    assert_eq!(event["reason"], "FailedScheduling");
    assert_eq!(event["count"], 2);
    assert!(event["firstSeen"].is_string() && event["lastSeen"].is_string());
    assert_eq!(
        event["message"],
        "0/3 nodes are available: 3 Insufficient nvidia.com/gpu."
    );
}

#[tokio::test]
async fn a_failing_instance_with_a_crash_looping_pod() {
    let env = Env::new("is-failing", ChatFixture::new()).await;
    env.ctl
        .set_instance_phase(&env.ns, "chat-engine", 0, "Restarting", Some("Restart"))
        .await
        .unwrap();
    let failure = json!({"podName": "chat-engine-0", "containerName": "ome-container",
        "reason": "CrashLoopBackOff", "exitCode": 137, "message": "secret stack trace",
        "time": "2026-09-20T08:10:00Z"});
    let ir = env.engine().await;
    let (mut rows, encoding) = rows_of(&ir).unwrap();
    rows[0]["lastFailure"] = failure;
    env.ctl
        .write_rows(&env.ns, &ir, rows, encoding, json!({}))
        .await
        .unwrap();
    let ir = env.engine().await;
    let crash = InstancePod::of(&ir, 0)
        .unwrap()
        .state(PodState::CrashLoop(7))
        .create(&env.admin, &env.ns)
        .await
        .unwrap();
    back_off()
        .create(&env.admin, &env.ns, &crash, "backoff")
        .await
        .unwrap();
    EventFixture::warning(
        "Unhealthy",
        "Readiness probe failed: connection refused",
        12,
    )
    .create(&env.admin, &env.ns, &crash, "probe")
    .await
    .unwrap();

    let run = env.status("reader", "0", &[]).await;
    let text = run.ok();
    assert!(
        text.contains("\nstate        Reported engine[0] evidence=Reported\n"),
        "{text}"
    );
    assert!(
        text.contains("\noperation    Restart/Recreate id=restart-0000 retries=0\n"),
        "{text}"
    );
    assert!(
        // Bounded(64): 61 characters and "...".
        text.contains(
            "\nfailure      pod=chat-engine-0 container=ome-container reason=CrashLoopBac...\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("\nfail time    2026-09-20T08:10:00Z\n"),
        "{text}"
    );
    assert!(
        text.contains("\nevent        Pod/chat-engine-0 reason=BackOff count=4\n"),
        "{text}"
    );
    assert!(
        text.contains("\nevent        Pod/chat-engine-0 reason=Unhealthy count=12\n"),
        "{text}"
    );
    // The last failure's message is never shown; a Warning event's is, on its own row.
    assert!(!text.contains("secret stack trace"));
    assert!(
        text.contains("\nevent msg    Readiness probe failed: connection refused\n"),
        "{text}"
    );

    let json = env.status("reader", "0", &["-o", "json"]).await.json();
    let content = &json["content"];
    assert_eq!(content["pods"][0]["restartCount"], 7);
    assert_eq!(content["pods"][0]["ready"], "False");
    assert_eq!(
        content["instance"]["lastFailure"],
        json!({"podName": "chat-engine-0", "containerName": "ome-container",
               "reason": "CrashLoopBackOff", "exitCode": 137, "time": "2026-09-20T08:10:00Z"})
    );
    let reasons: Vec<&str> = content["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, ["BackOff", "Unhealthy"]);

    // The wide table has one row per fact, bounded at 256.
    let wide = env.status("reader", "0", &["-o", "wide"]).await;
    let wide = wide.ok();
    assert!(wide.contains("pod[0] name"), "{wide}");
    assert!(wide.contains("chat-engine-0"), "{wide}");
}

#[tokio::test]
async fn more_than_sixteen_pods_and_more_than_a_hundred_events_are_truncated() {
    let env = Env::new("is-trunc", ChatFixture::new()).await;
    let ir = env.engine().await;
    // A multi-node Instance: a leader and 16 workers (17 Pods).
    let mut pods = vec![
        InstancePod::of(&ir, 0)
            .unwrap()
            .runner("leader", 0)
            .create(&env.admin, &env.ns)
            .await
            .unwrap(),
    ];
    for ordinal in 1..=16 {
        pods.push(
            InstancePod::of(&ir, 0)
                .unwrap()
                .runner("worker", ordinal)
                .create(&env.admin, &env.ns)
                .await
                .unwrap(),
        );
    }
    let json = env.status("reader", "0", &["-o", "json"]).await.json();
    let content = &json["content"];
    assert_eq!(content["pods"].as_array().unwrap().len(), 16);
    assert_eq!(content["summary"]["state"], "Partial");
    assert_eq!(content["summary"]["truncated"], true);
    assert!(
        content["issues"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["code"] == "PodsTruncated"),
        "{content}"
    );
    assert!(
        json["warnings"]
            .as_array()
            .unwrap()
            .contains(&json!({"code": "Truncated"}))
    );

    // 3 Pods × 40 Warnings = 120 events, over the cap of 100.
    let env = Env::new("is-events", ChatFixture::new()).await;
    let ir = env.engine().await;
    let mut targets = Vec::new();
    for ordinal in 0..3 {
        let pod = InstancePod::of(&ir, 1)
            .unwrap()
            .runner("worker", ordinal)
            .create(&env.admin, &env.ns)
            .await
            .unwrap();
        many_warnings(&env.admin, &env.ns, &pod, "Flapping", 40)
            .await
            .unwrap();
        targets.push(pod);
    }
    let json = env.status("reader", "1", &["-o", "json"]).await.json();
    let content = &json["content"];
    assert_eq!(content["events"].as_array().unwrap().len(), 100);
    assert!(
        content["issues"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["code"] == "EventsTruncated"),
        "{content}"
    );
    assert_eq!(content["summary"]["truncated"], true);
    // Each Pod's events take two pages of 25: 6 event LISTs in all.
    let requests = env.requests("reader").await;
    let event_lists = requests.iter().filter(|r| *r == "list events").count();
    assert_eq!(event_lists, 6, "{requests:?}");
}

#[tokio::test]
async fn a_foreign_pod_with_matching_labels_is_rejected() {
    let env = Env::new("is-foreign", ChatFixture::new()).await;
    let ir = env.engine().await;
    let own = InstancePod::of(&ir, 0)
        .unwrap()
        .create(&env.admin, &env.ns)
        .await
        .unwrap();
    // Same labels, a canonical name, but owned by another object.
    let foreign_owner = json!({"apiVersion": "apps/v1", "kind": "ReplicaSet",
        "name": "chat-engine-impostor", "uid": "0b4e1f3a-9c2d-4a8e-8d6b-2e5f7a9c3d22",
        "controller": true});
    let foreign = InstancePod::of(&ir, 0)
        .unwrap()
        .runner("default", 1)
        .owner(foreign_owner)
        .create(&env.admin, &env.ns)
        .await
        .unwrap();
    back_off()
        .create(&env.admin, &env.ns, &foreign, "backoff")
        .await
        .unwrap();
    back_off()
        .create(&env.admin, &env.ns, &own, "backoff")
        .await
        .unwrap();

    let json = env.status("reader", "0", &["-o", "json"]).await.json();
    let content = &json["content"];
    let names: Vec<&str> = content["pods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["chat-engine-0"]);
    let targets: Vec<&str> = content["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["targetName"].as_str().unwrap())
        .collect();
    assert_eq!(targets, ["chat-engine-0"]);
    assert!(
        content["issues"]
            .as_array()
            .unwrap()
            .contains(&json!({"code": "PodIdentityRejected"})),
        "{content}"
    );
    assert_eq!(content["summary"]["state"], "Partial");
    assert!(!json.to_string().contains("impostor"));
    // The rejected Pod's events are never read: one event LIST.
    let requests = env.requests("reader").await;
    assert_eq!(
        requests.iter().filter(|r| *r == "list events").count(),
        1,
        "{requests:?}"
    );
}

#[tokio::test]
async fn missing_instances_forbidden_pods_and_not_native_services() {
    let env = Env::new("is-missing", ChatFixture::new()).await;
    let json = env.status("reader", "7", &["-o", "json"]).await.json();
    let content = &json["content"];
    assert_eq!(content["summary"]["state"], "Missing");
    assert!(content.get("instance").is_none());
    assert!(
        content["issues"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["code"] == "InstanceMissing"),
        "{content}"
    );
    // No Pod or Event read without a projected Instance.
    let requests = env.requests("reader").await;
    assert!(
        !requests
            .iter()
            .any(|r| r.contains("pods") || r.contains("events")),
        "{requests:?}"
    );

    // `ome-reader` may read OME objects but not Pods or Events: evidence, not an error.
    let ir = env.engine().await;
    InstancePod::of(&ir, 0)
        .unwrap()
        .create(&env.admin, &env.ns)
        .await
        .unwrap();
    let json = env.status("ome-reader", "0", &["-o", "json"]).await.json();
    let content = &json["content"];
    assert_eq!(content["summary"]["state"], "Partial");
    assert_eq!(content["pods"], json!([]));
    assert!(
        content["issues"]
            .as_array()
            .unwrap()
            .contains(&json!({"code": "PodsUnavailable", "unavailableReason": "Forbidden"})),
        "{content}"
    );
    let pod_list = json["sources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["kind"] == "PodList")
        .cloned()
        .unwrap();
    assert_eq!(pod_list["evidence"], "Unavailable");
    assert_eq!(pod_list["unavailableReason"], "Forbidden");
    assert!(
        json["warnings"]
            .as_array()
            .unwrap()
            .contains(&json!({"code": "SourceUnavailable"}))
    );

    // A service whose engine is not OMENative (its component annotation decides; the
    // service annotation decides only VirtualDeployment): no IR, Pod or Event read.
    let env = Env::new("is-raw", ChatFixture::new()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"engine": {"annotations": {"ome.io/deploymentMode": "RawDeployment"}}}}),
        )
        .await
        .unwrap();
    let json = env.status("reader", "0", &["-o", "json"]).await.json();
    let content = &json["content"];
    assert_eq!(content["summary"]["state"], "NotOMENative");
    assert_eq!(
        content["deployment"],
        json!({"mode": "RawDeployment", "source": "ComponentAnnotation",
               "origin": "InferenceService", "evidence": "Reported"})
    );
    let requests = env.requests("reader").await;
    assert_eq!(requests, ["get inferenceservices"]);
}

#[tokio::test]
async fn command_line_errors_and_a_missing_service() {
    let c = cluster();
    let ns = c.namespace("is-errors").await.unwrap();
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec!["instance", "status", "chat", "--component", "engine"],
            "accepts 2 arg(s), received 1".into(),
        ),
        (
            vec![
                "instance",
                "status",
                "chat",
                "0",
                "--component",
                "engine",
                "-o",
                "XML",
            ],
            "unsupported output format \"xml\" (supported: table, json, yaml)".into(),
        ),
        (
            vec!["instance", "status", "Chat", "0", "--component", "engine"],
            "inference service name is invalid".into(),
        ),
        (
            vec!["instance", "status", "chat", "0"],
            "--component is required".into(),
        ),
        (
            vec!["instance", "status", "chat", "0", "--component", " "],
            "--component is required".into(),
        ),
        (
            vec!["instance", "status", "chat", "0", "--component", "gpu"],
            "component must be engine, decoder, or router".into(),
        ),
        (
            vec!["instance", "status", "chat", "-1", "--component", "engine"],
            "instance index must be an integer from 0 through 2147483647".into(),
        ),
        (
            vec![
                "instance",
                "status",
                "chat",
                "2147483648",
                "--component",
                "engine",
            ],
            "instance index must be an integer from 0 through 2147483647".into(),
        ),
        (
            vec![
                "instance",
                "status",
                "chat",
                "0",
                "--component",
                "engine",
                "-n",
                "Bad_NS",
            ],
            "namespace is invalid".into(),
        ),
        (
            vec![
                "instance",
                "status",
                "chat",
                "0",
                "--component",
                "engine",
                "--ome-namespace",
                "",
            ],
            "OME namespace must not be empty".into(),
        ),
    ];
    support::assert_rejected_without_requests(c, "scaler", &cases).await;

    let run = plugin_async(
        Some(&kubeconfig("reader")),
        &[
            "instance",
            "status",
            "missing",
            "0",
            "--component",
            "engine",
            "-n",
            &ns,
        ],
    )
    .await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            1,
            "",
            format!(
                "instance status check: read object=InferenceService/{ns}/missing cause=NotFound\n\
                 next: kubectl get inferenceservices.ome.io -n {ns}\n\
                 error: get InferenceService \"{ns}/missing\": inferenceservices.ome.io \"missing\" not found\n"
            )
            .as_str()
        )
    );
}
