//! `kubectl ome rollout status` against a real API server: the guide's `chat` example in every
//! output format, canary and coordinated groups driven by the controller stand-in, and
//! argument errors.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::proxy::{Hook, Proxy, ProxyOptions};
use ome_testenv::{ChatFixture, Component, Controller, shared};
use serde_json::{Value, json};
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

fn row<'a>(table: &'a str, field: &str) -> Option<Vec<&'a str>> {
    table
        .lines()
        .find(|l| l.split_whitespace().next() == Some(field))
        .map(|l| l.split_whitespace().collect())
}

#[tokio::test]
async fn chat_is_independent_and_stable() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("ro-chat").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    let objs = ChatFixture::new().create(&admin, &ns).await.unwrap();
    let kc = cluster.kubeconfig("reader").unwrap();

    let run = plugin_async(Some(&kc), &["rollout", "status", "chat", "-n", &ns]).await;
    run_ok(&run);
    assert_eq!(
        run.stdout,
        "\
FIELD          SERVICE             ENGINE        DECODER       ROUTER
STATE          Unknown             -             -             -
REPORTED       Succeeded           -             -             -
EVIDENCE       Reported            -             -             -
EPOCH          Unverifiable        -             -             -
COORDINATION   NotApplicable       -             -             -
STRATEGY       -                   Independent   Independent   Independent
PHASE          -                   Stable        Stable        Stable
ROLLED-OUT     -                   7f9c4d2b      3b1e9a60      c4d58e12
READY          -                   7f9c4d2b      3b1e9a60      c4d58e12
ISSUES         EpochUnverifiable   -             -             -
"
    );
    assert_eq!(requests(&ns, "reader").await, 1);

    let run = plugin_async(
        Some(&kc),
        &["rollout", "status", "chat", "-n", &ns, "-o", "wide"],
    )
    .await;
    run_ok(&run);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        [
            "STATE",
            "REPORTED-STATE",
            "EVIDENCE",
            "EPOCH",
            "GROUP",
            "STRATEGY",
            "GROUP-PHASE",
            "CURRENT-COMPONENT",
            "PREVIOUS-COMPONENT",
            "COMPONENT",
            "COMPONENT-PHASE",
            "STEP",
            "GATE",
            "CAPACITY",
            "TARGET-TRAFFIC",
            "OBSERVED-TRAFFIC",
            "ROLLED-OUT",
            "READY",
            "PREVIOUS",
            "ISSUES"
        ]
    );
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        [
            "Unknown",
            "Succeeded",
            "Reported",
            "Unverifiable",
            "-",
            "Independent",
            "-",
            "-",
            "-",
            "engine",
            "Stable",
            "-",
            "-",
            "-",
            "-",
            "-",
            "7f9c4d2b",
            "7f9c4d2b",
            "-",
            "EpochUnverifiable"
        ]
    );

    let run = plugin_async(
        Some(&kc),
        &["rollout", "status", "chat", "-n", &ns, "-o", "json"],
    )
    .await;
    run_ok(&run);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["kind"], "RolloutStatusReport");
    assert_eq!(
        report["sources"],
        json!([{"kind": "InferenceService", "namespace": ns, "name": "chat",
            "uid": objs.isvc_uid(), "generation": objs.isvc_generation(), "evidence": "Observed",
            "collectedAt": report["collectedAt"]}])
    );
    assert_eq!(
        report["content"]["summary"],
        json!({"state": "Unknown", "reportedState": "Succeeded", "evidence": "Reported",
            "epoch": "Unverifiable", "coordinationReady": "NotApplicable"})
    );
    assert_eq!(report["content"]["groups"], json!([]));
    assert_eq!(
        report["content"]["components"][0],
        json!({"type": "engine", "strategy": "Independent", "phase": "Stable",
            "rolledOutRevisionHash": "7f9c4d2b", "readyRevisionHash": "7f9c4d2b",
            "traffic": [{"revisionHash": "7f9c4d2b", "percent": 100, "role": "Current"}]})
    );
    assert_eq!(
        report["content"]["issues"],
        json!([{"code": "EpochUnverifiable"}])
    );
    assert_eq!(report["warnings"], json!([{"code": "PartialData"}]));

    let run = plugin_async(
        Some(&kc),
        &["rollout", "status", "chat", "-n", &ns, "-o", "yaml"],
    )
    .await;
    run_ok(&run);
    assert!(
        run.stdout
            .starts_with("apiVersion: cli.ome.io/v1alpha1\ncollectedAt: \"")
    );
    assert!(run.stdout.contains(
        "  summary:\n    coordinationReady: NotApplicable\n    epoch: Unverifiable\n    evidence: Reported\n    reportedState: Succeeded\n    state: Unknown\n"
    ));
    assert!(run.stdout.ends_with("warnings:\n- code: PartialData\n"));
}

#[tokio::test]
async fn canary_and_coordinated_groups_from_the_stand_in() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("ro-groups").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let controller = Controller::new(admin.clone());
    // A canary over the prefill-decode unit (the engine is its primary) and a blue-green
    // router, rolled out concurrently (sequential ordering of two groups needs single-component
    // blue-green groups, §1.7). The canary evidence is valid (evidence-strictness.md §1.4): the
    // canary revision 1a2b3c4d beside the stable 7f9c4d2b, traffic exactly at the weight.
    controller
        .patch_isvc(
            &ns,
            "chat",
            json!({"spec": {"rollout": {"groupOrdering": "Concurrent", "groups": [
                {"components": ["decoder", "engine"], "canary": {"steps": [
                    {"capacity": "25%", "traffic": 10, "pause": {}},
                    {"capacity": "100%", "traffic": 100}
                ]}},
                {"components": ["router"], "blueGreen": {}}
            ]}}}),
        )
        .await
        .unwrap();
    controller
        .patch_isvc_status(
            &ns,
            "chat",
            json!({"status": {"components": {"engine": {
                "canary": {"currentStep": 0, "observedTrafficWeight": 10,
                           "canaryRevisionHash": "1a2b3c4d", "stableRevisionHash": "7f9c4d2b",
                           "stepEnteredTime": ome_testenv::util::rfc3339_in(-60)},
                "traffic": [{"revisionName": "chat-engine-rev-1a2b3c4d", "percent": 10},
                            {"revisionName": "chat-engine-rev-7f9c4d2b", "percent": 90}]}}}}),
        )
        .await
        .unwrap();
    controller
        .set_rollout_phase(&ns, "chat", Component::Engine, Some("Paused"))
        .await
        .unwrap();
    controller
        .set_group_phase(&ns, "chat", "1", &[Component::Router], "Shifting")
        .await
        .unwrap();
    let kc = cluster.kubeconfig("reader").unwrap();
    let run = plugin_async(Some(&kc), &["rollout", "status", "chat", "-n", &ns]).await;
    // The canary paused at its gate holds the rollout: `rollout explain` says why
    // (rollout-explain.md §4 item 2).
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (
            0,
            format!("next: kubectl ome rollout explain chat -n {ns}\n").as_str()
        )
    );
    let t = &run.stdout;
    assert_eq!(
        row(t, "REPORTED").unwrap(),
        ["REPORTED", "Paused", "-", "-", "-"],
        "{t}"
    );
    assert_eq!(
        row(t, "COORDINATION").unwrap(),
        ["COORDINATION", "Unobserved", "-", "-", "-"]
    );
    assert_eq!(row(t, "GROUP").unwrap(), ["GROUP", "-", "0", "0", "1"]);
    assert_eq!(
        row(t, "STRATEGY").unwrap(),
        ["STRATEGY", "-", "Canary", "Canary", "BlueGreen"]
    );
    assert_eq!(
        row(t, "GROUP-PHASE").unwrap(),
        ["GROUP-PHASE", "-", "Paused", "Paused", "Shifting"]
    );
    assert_eq!(row(t, "STEP").unwrap(), ["STEP", "-", "1/2", "1/2", "-"]);
    assert_eq!(
        row(t, "GATE").unwrap(),
        ["GATE", "-", "Manual", "Manual", "-"]
    );
    assert_eq!(
        row(t, "CAPACITY").unwrap(),
        ["CAPACITY", "-", "25%", "25%", "-"]
    );
    assert_eq!(
        row(t, "ISSUES").unwrap(),
        ["ISSUES", "EpochUnverifiable", "-", "-", "-"]
    );

    // The controller settles: the canary completes (step 2 of 2, all traffic on one revision)
    // and the coordinated group idles.
    controller
        .patch_isvc_status(
            &ns,
            "chat",
            json!({"status": {"components": {"engine": {"canary": null}}}}),
        )
        .await
        .unwrap();
    controller
        .patch_isvc_status(
            &ns,
            "chat",
            json!({"status": {"components": {"engine": {
                "canary": {"currentStep": 2, "observedTrafficWeight": 100,
                           "canaryRevisionHash": "7f9c4d2b",
                           "stepEnteredTime": ome_testenv::util::rfc3339_in(-60)},
                "traffic": [{"revisionName": "chat-engine-rev-7f9c4d2b", "percent": 100,
                             "latestRevision": true}]}}}}),
        )
        .await
        .unwrap();
    controller
        .set_rollout_phase(&ns, "chat", Component::Engine, Some("Stable"))
        .await
        .unwrap();
    controller
        .set_group_phase(&ns, "chat", "1", &[Component::Router], "Idle")
        .await
        .unwrap();
    let run = plugin_async(
        Some(&kc),
        &["rollout", "status", "chat", "-n", &ns, "-o", "json"],
    )
    .await;
    run_ok(&run);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["content"]["summary"]["reportedState"], "Succeeded");
    let groups = report["content"]["groups"].as_array().unwrap();
    assert_eq!(groups[0]["phase"], "Stable");
    assert_eq!(groups[0]["strategy"], "Canary");
    // A coordination group never maps to Stable: it rests Idle (evidence-strictness.md §1.5).
    assert_eq!(groups[1]["phase"], "Idle");
    assert_eq!(groups[1]["components"], json!(["router"]));
    let phases: Vec<&str> = report["content"]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["phase"].as_str().unwrap())
        .collect();
    assert_eq!(phases, ["Stable", "Stable", "Idle"]);

    // A failed coordinated group outranks everything else.
    controller
        .set_group_phase(&ns, "chat", "1", &[Component::Router], "Failed")
        .await
        .unwrap();
    let run = plugin_async(Some(&kc), &["rollout", "status", "chat", "-n", &ns]).await;
    run_ok(&run);
    assert_eq!(
        row(&run.stdout, "REPORTED").unwrap(),
        ["REPORTED", "Failed", "-", "-", "-"]
    );
    assert_eq!(
        row(&run.stdout, "GROUP-PHASE").unwrap(),
        ["GROUP-PHASE", "-", "Stable", "Stable", "Failed"]
    );
}

#[tokio::test]
async fn argument_errors_make_no_request() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("ro-args").await.unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["rollout", "status", "chat", "-n", &ns, "-o", "xml"],
            "unsupported output format \"xml\" (supported: table, wide, json, yaml)",
        ),
        (
            vec!["rollout", "status", "Bad_Name", "-n", &ns],
            "inference service name is invalid",
        ),
        (
            vec!["rollout", "status", "chat", "-n", "Bad_NS"],
            "namespace is invalid",
        ),
        (
            vec!["rollout", "status", "-n", &ns],
            "accepts 1 arg(s), received 0",
        ),
        (
            vec!["rollout", "status", "a", "b", "-n", &ns],
            "accepts 1 arg(s), received 2",
        ),
        (
            vec!["rollout", "status", "chat", "-n", &ns, "--foo"],
            "unknown flag: --foo",
        ),
    ];
    support::assert_rejected_without_requests(cluster, "nobody", &cases).await;

    let kc = cluster.kubeconfig("reader").unwrap();
    let run = plugin_async(Some(&kc), &["rollout", "status", "missing", "-n", &ns]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            1,
            "",
            format!(
                "rollout status check: read object=InferenceService/{ns}/missing cause=NotFound\n\
                 next: kubectl get inferenceservices.ome.io -n {ns}\n\
                 error: inferenceservices.ome.io \"missing\" not found\n"
            )
            .as_str()
        )
    );
}

/// A service the server returns without a UID (the test proxy answers the GET with the stored
/// object minus its `metadata.uid`): the reference's message, exit 1, nothing on stdout.
#[tokio::test]
async fn a_service_without_a_uid_is_refused_with_the_references_words() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("ro-nouid").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    let objs = ChatFixture::new().create(&admin, &ns).await.unwrap();
    let mut isvc = objs.isvc.clone();
    isvc["metadata"].as_object_mut().unwrap().remove("uid");
    let proxy = Proxy::start(cluster, ProxyOptions::default()).unwrap();
    let path = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat");
    proxy.add_hook(
        Hook::new("GET", &path)
            .every()
            .respond(200, &isvc.to_string()),
    );
    let kc = proxy.kubeconfig_via_proxy("reader").unwrap();
    for output in ["table", "json"] {
        let run = plugin_async(
            Some(&kc),
            &["rollout", "status", "chat", "-n", &ns, "-o", output],
        )
        .await;
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (1, "", "error: inference service UID is required\n"),
            "{output}"
        );
    }
}
