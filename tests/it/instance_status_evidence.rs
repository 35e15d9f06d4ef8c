//! `instance status` against the real API server, the evidence OME's own objects carry
//! (issue 23, diagnose.md §1.4): Pods without the optional revision-hash and ordinal labels,
//! the deployment evidence as reported, an impostor InferenceReplica of the component, and the
//! controller's own words about a stuck Instance (the operation's reason, the migration's
//! reason, message, allocation, nodes and outcome), shown only sanitised.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::instance_status::Env;
use k8s_openapi::api::core::v1::Pod;
use kube::api::{Api, Patch, PatchParams};
use ome_testenv::ChatFixture;
use ome_testenv::controller::{operation, rows_of};
use ome_testenv::pods::{InstancePod, back_off};
use serde_json::{Value, json};

/// The report as JSON (exit 0, nothing on stderr).
async fn json(env: &Env, index: &str) -> Value {
    let run = env.status("reader", index, &["-o", "json"]).await;
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run:?}");
    run.json()
}

fn lines_with<'a>(text: &'a str, field: &str) -> Vec<&'a str> {
    text.lines().filter(|l| l.starts_with(field)).collect()
}

#[tokio::test]
async fn a_pod_without_the_optional_labels_is_shown_with_its_warnings() {
    let env = Env::new("ise-labels", ChatFixture::new()).await;
    let ir = env.ctl.ir(&env.ns, "chat-engine").await.unwrap();
    let pod = InstancePod::of(&ir, 0)
        .unwrap()
        .create(&env.admin, &env.ns)
        .await
        .unwrap();
    // OME's documentation Pods carry neither label: an absent ordinal means slot 0.
    let pods: Api<Pod> = Api::namespaced(env.admin.clone(), &env.ns);
    let unlabelled = json!({"metadata": {"labels": {
        "ome.io/revision-hash": null, "ome.io/pod-ordinal": null}}});
    pods.patch(
        "chat-engine-0",
        &PatchParams::default(),
        &Patch::Merge(&unlabelled),
    )
    .await
    .unwrap();
    back_off()
        .create(&env.admin, &env.ns, &pod, "backoff")
        .await
        .unwrap();

    let json = json(&env, "0").await;
    let content = &json["content"];
    assert_eq!(
        content["pods"],
        json!([{"name": "chat-engine-0", "runner": "default", "incarnation": 1,
                "phase": "Running", "ready": "True", "servingReady": "True",
                "node": "gpu-node-0", "restartCount": 0, "deleting": false}])
    );
    assert_eq!(content["events"][0]["targetName"], "chat-engine-0");
    assert_eq!(content["events"][0]["reason"], "BackOff");
    assert_eq!(content["issues"], json!([]));
    assert_eq!(content["summary"]["state"], "Reported");
    // The mode was read from the runtime as the API server returned it: Reported evidence.
    assert_eq!(
        content["deployment"],
        json!({"mode": "OMENative", "source": "ServiceSpec", "origin": "LiveRuntime",
               "evidence": "Reported"})
    );

    let run = env.status("reader", "0", &[]).await;
    assert_eq!(
        lines_with(run.ok(), "event"),
        [
            "event        Pod/chat-engine-0 reason=BackOff count=4",
            "event msg    Back-off restarting failed container ome-container"
        ]
    );
    // The Pod was accepted, so its events were read: one event LIST per run.
    let requests = env.requests("reader").await;
    assert_eq!(
        requests.iter().filter(|r| *r == "list events").count(),
        2,
        "{requests:?}"
    );
}

#[tokio::test]
async fn an_impostor_replica_of_the_component_is_reported() {
    let env = Env::new("ise-impostor", ChatFixture::new()).await;
    // The engine IR now names another controller: `instance list` rejects it.
    env.ctl
        .set_owner_uid(
            &env.ns,
            "chat-engine",
            "0b4e1f3a-9c2d-4a8e-8d6b-2e5f7a9c3d22",
        )
        .await
        .unwrap();

    let json = json(&env, "0").await;
    let content = &json["content"];
    assert_eq!(content["summary"]["state"], "NotProjected");
    assert_eq!(
        content["issues"],
        json!([{"code": "IdentityRejected"},
               {"code": "InstanceMissing", "unavailableReason": "NotFound"}])
    );
    assert!(
        json["warnings"]
            .as_array()
            .unwrap()
            .contains(&json!({"code": "PartialData"})),
        "{json}"
    );
    let run = env.status("reader", "0", &[]).await;
    assert_eq!(
        lines_with(run.ok(), "issue"),
        [
            "issue        IdentityRejected",
            "issue        InstanceMissing reason=NotFound"
        ]
    );
    // Nothing of the impostor is shown: no Instance, so no Pod or event read.
    let requests = env.requests("reader").await;
    assert!(
        !requests
            .iter()
            .any(|r| r.contains("pods") || r.contains("events")),
        "{requests:?}"
    );
}

#[tokio::test]
async fn the_controllers_words_about_a_stuck_instance_are_shown_sanitised() {
    let env = Env::new("ise-stuck", ChatFixture::new()).await;
    let ir = env.ctl.ir(&env.ns, "chat-engine").await.unwrap();
    let (mut rows, encoding) = rows_of(&ir).unwrap();
    let target = ir["status"]["updateRevision"].as_str().unwrap().to_string();
    let mut op = operation("Migrate", 0, &target);
    op["reason"] = json!("NodeMaintenance");
    rows[0]["phase"] = json!("Migrating");
    rows[0]["operation"] = op;
    env.ctl
        .write_rows(&env.ns, &ir, rows, encoding, json!({}))
        .await
        .unwrap();
    let completed = env
        .ctl
        .add_migration(&env.ns, "chat-engine", "Completed")
        .await
        .unwrap();
    // The controller's message, with an escape sequence that would clear a terminal.
    let ir = env.ctl.ir(&env.ns, "chat-engine").await.unwrap();
    let mut migrations = ir["status"]["migrations"].clone();
    migrations[0]["message"] = json!("surge pod\u{1b}[2J never became ready");
    migrations[0]["hintTargetNodes"] = json!(["gpu-node-c", "gpu-node-b"]);
    env.ctl
        .patch_ir_status(
            &env.ns,
            "chat-engine",
            json!({"status": {"migrations": migrations}}),
        )
        .await
        .unwrap();
    let relocated = env
        .ctl
        .add_migration(&env.ns, "chat-engine", "Relocated")
        .await
        .unwrap();
    let stored = env.ctl.ir(&env.ns, "chat-engine").await.unwrap();
    let allocated = stored["status"]["migrations"][0]["allocatedAt"]
        .as_str()
        .unwrap()
        .to_string();

    let run = env.status("reader", "0", &[]).await;
    let text = run.ok();
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert_eq!(
        lines_with(text, "op reason"),
        ["op reason    NodeMaintenance"]
    );
    assert_eq!(
        lines_with(text, "mig nodes"),
        [
            format!("mig nodes    from=gpu-node-a allocated={allocated}"),
            "mig nodes    from=gpu-node-a allocated=-".to_string()
        ]
    );
    assert_eq!(
        lines_with(text, "mig hints"),
        ["mig hints    gpu-node-b,gpu-node-c"]
    );
    assert_eq!(
        lines_with(text, "mig reason"),
        [
            "mig reason   fragmentation succeeded=- surge pod\\u001B[2J never became ready",
            "mig reason   fragmentation succeeded=true -"
        ]
    );

    let json = json(&env, "0").await;
    let instance = &json["content"]["instance"];
    assert_eq!(instance["operation"]["reason"], "NodeMaintenance");
    let shown: Vec<&Value> = instance["migrations"].as_array().unwrap().iter().collect();
    assert_eq!(shown[0]["requestUUID"], completed.as_str());
    assert_eq!(shown[0]["reason"], "fragmentation");
    // The JSON renderer sanitises every string: the escape arrives as text.
    assert_eq!(
        shown[0]["message"],
        "surge pod\\u001B[2J never became ready"
    );
    assert_eq!(shown[0]["allocatedAt"], allocated.as_str());
    assert_eq!(shown[0]["fromNode"], "gpu-node-a");
    assert_eq!(
        shown[0]["targetNodeHints"],
        json!(["gpu-node-b", "gpu-node-c"])
    );
    assert!(shown[0].get("succeeded").is_none());
    assert_eq!(shown[1]["requestUUID"], relocated.as_str());
    assert_eq!(shown[1]["succeeded"], true);
    assert_eq!(json["content"]["issues"], json!([]));
}

#[tokio::test]
async fn an_unavailable_or_malformed_component_says_why() {
    let env = Env::new("ise-component", ChatFixture::new()).await;
    // No parent-generation stamp: the component's evidence is unavailable.
    env.ctl
        .annotate_ir(&env.ns, "chat-engine", "ome.io/parent-generation", None)
        .await
        .unwrap();
    let content = json(&env, "0").await["content"].clone();
    assert_eq!(
        (
            &content["summary"]["state"],
            &content["summary"]["evidence"]
        ),
        (&json!("Unavailable"), &json!("Unavailable"))
    );
    assert_eq!(
        content["issues"],
        json!([{"code": "ParentGenerationMissing"}])
    );
    // A stamp that is not a canonical decimal: malformed.
    env.ctl
        .annotate_ir(
            &env.ns,
            "chat-engine",
            "ome.io/parent-generation",
            Some("01"),
        )
        .await
        .unwrap();
    let content = json(&env, "0").await["content"].clone();
    assert_eq!(
        (
            &content["summary"]["state"],
            &content["summary"]["evidence"]
        ),
        (&json!("Partial"), &json!("Malformed"))
    );
    assert_eq!(
        content["issues"],
        json!([{"code": "ParentGenerationInvalid"}, {"code": "AuthoritativeInvalid"}])
    );
    assert!(content.get("instance").is_none());
}
