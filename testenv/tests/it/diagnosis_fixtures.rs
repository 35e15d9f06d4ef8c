//! The diagnosis fixtures (Pods, Events, the manager Deployment, the model CRDs) against the
//! real API server: what they store is what a kubelet, a controller and an OME install would.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use k8s_openapi::api::core::v1::{Event, Pod};
use kube::api::{Api, ListParams};
use ome_testenv::operator::{MANAGER_DEPLOYMENT, ManagerDeployment, ensure_model_crds};
use ome_testenv::pods::{
    EventFixture, InstancePod, PodState, back_off, many_warnings, release_pod,
};
use ome_testenv::rbac::allowed;
use ome_testenv::{ChatFixture, Component, TestCluster, shared};
use serde_json::{Value, json};

fn cluster() -> &'static TestCluster {
    shared().expect("shared test cluster")
}

#[tokio::test]
async fn instance_pods_carry_the_contract_labels_owner_and_status() {
    let c = cluster();
    let ns = c.namespace("fx-pods").await.unwrap();
    let admin = c.admin().await.unwrap();
    let objs = ChatFixture::new().create(&admin, &ns).await.unwrap();
    let ir = objs.ir(Component::Engine).unwrap();

    let ready = InstancePod::of(ir, 0)
        .unwrap()
        .create(&admin, &ns)
        .await
        .unwrap();
    assert_eq!(ready["metadata"]["name"], "chat-engine-0");
    assert_eq!(
        ready["metadata"]["labels"],
        json!({"ome.io/inferenceservice": "chat", "component": "engine",
               "ome.io/managed-by": "OMENative", "ome.io/instance-index": "0",
               "ome.io/instance-incarnation": "1", "ome.io/runner": "default",
               "ome.io/pod-ordinal": "0", "ome.io/revision-hash": "7f9c4d2b"})
    );
    let owner = &ready["metadata"]["ownerReferences"][0];
    assert_eq!(owner["kind"], "InferenceReplica");
    assert_eq!(owner["uid"], ir["metadata"]["uid"]);
    assert_eq!(owner["controller"], true);
    assert_eq!(ready["status"]["phase"], "Running");

    let crash = InstancePod::of(ir, 1)
        .unwrap()
        .state(PodState::CrashLoop(5))
        .create(&admin, &ns)
        .await
        .unwrap();
    assert_eq!(crash["status"]["containerStatuses"][0]["restartCount"], 5);
    let pending = InstancePod::of(ir, 1)
        .unwrap()
        .runner("worker", 1)
        .state(PodState::Unschedulable)
        .create(&admin, &ns)
        .await
        .unwrap();
    assert_eq!(pending["status"]["phase"], "Pending");

    let deleting = InstancePod::of(ir, 1)
        .unwrap()
        .runner("worker", 2)
        .deleting()
        .create(&admin, &ns)
        .await
        .unwrap();
    assert!(deleting["metadata"]["deletionTimestamp"].is_string());

    // The plugin's selector finds exactly the Instance's Pods.
    let pods: Api<Pod> = Api::namespaced(admin.clone(), &ns);
    let selector = "ome.io/inferenceservice=chat,component=engine,ome.io/managed-by=OMENative,ome.io/instance-index=1";
    let listed = pods
        .list(&ListParams::default().labels(selector))
        .await
        .unwrap();
    assert_eq!(listed.items.len(), 3);
    release_pod(&admin, &ns, "chat-engine-0001-worker-2")
        .await
        .unwrap();

    // Warning events are selected by the involved Pod's name and UID and by type.
    back_off()
        .create(&admin, &ns, &crash, "backoff")
        .await
        .unwrap();
    EventFixture::normal("Pulled", "image pulled")
        .create(&admin, &ns, &crash, "pulled")
        .await
        .unwrap();
    many_warnings(&admin, &ns, &pending, "FailedScheduling", 3)
        .await
        .unwrap();
    let events: Api<Event> = Api::namespaced(admin.clone(), &ns);
    let uid = crash["metadata"]["uid"].as_str().unwrap();
    let fields = format!(
        "involvedObject.kind=Pod,involvedObject.name=chat-engine-1,involvedObject.uid={uid},type=Warning"
    );
    let warnings = events
        .list(&ListParams::default().fields(&fields))
        .await
        .unwrap();
    let reasons: Vec<_> = warnings.items.iter().map(|e| e.reason.clone()).collect();
    assert_eq!(reasons, [Some("BackOff".to_string())]);
    assert_eq!(warnings.items[0].count, Some(4));
}

#[tokio::test]
async fn manager_deployment_model_crds_and_diagnosis_rbac() {
    let c = cluster();
    let ns = c.namespace("fx-ome").await.unwrap();
    let admin = c.admin().await.unwrap();
    let deployment = ManagerDeployment::default()
        .create(&admin, &ns)
        .await
        .unwrap();
    assert_eq!(deployment["metadata"]["name"], MANAGER_DEPLOYMENT);
    let containers: Vec<&Value> = deployment["spec"]["template"]["spec"]["containers"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    assert_eq!(containers[0]["name"], "manager");
    assert_eq!(
        containers[0]["image"],
        "ghcr.io/ome-projects/ome-manager:v1.2.3"
    );

    ensure_model_crds(&admin).await.unwrap();
    ensure_model_crds(&admin).await.unwrap();

    for (user, verb, group, resource, expected) in [
        ("reader", "list", "", "pods", true),
        ("reader", "list", "", "events", true),
        ("reader", "get", "apps", "deployments", true),
        ("ome-reader", "list", "", "pods", false),
        ("ome-reader", "get", "apps", "deployments", false),
        ("nobody", "list", "", "pods", false),
    ] {
        assert_eq!(
            allowed(&admin, user, verb, group, resource, "")
                .await
                .unwrap(),
            expected,
            "{user} {verb} {resource}"
        );
    }
}
