//! The test environment's models and runtime pins, against the real API server: the guide's
//! model exists and every reading user may read it; a pin's `data` bytes are served exactly as
//! written, so a hash of the received bytes is the hash of the stored ones.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use ome_testenv::crds::{base_model_resource, cluster_base_model_resource};
use ome_testenv::fixtures::CHAT_MODEL;
use ome_testenv::objects::{get, get_opt};
use ome_testenv::rbac::allowed;
use ome_testenv::revisions::{RevisionSource, create_revision, served_data_bytes};
use ome_testenv::{ChatFixture, Controller, ModelFixture, TestCluster, shared};
use serde_json::json;

fn cluster() -> &'static TestCluster {
    shared().expect("shared test cluster")
}

#[tokio::test]
async fn the_chat_fixture_names_an_enabled_cluster_base_model() {
    let c = cluster();
    let ns = c.namespace("model").await.unwrap();
    let admin = c.admin().await.unwrap();
    let objs = ChatFixture::new().create(&admin, &ns).await.unwrap();
    assert_eq!(objs.isvc["spec"]["model"], json!({"name": CHAT_MODEL}));
    let model = get(&admin, &cluster_base_model_resource(), None, CHAT_MODEL)
        .await
        .unwrap();
    assert_eq!(model["spec"]["disabled"], false);
    assert_eq!(model["spec"]["modelFormat"]["name"], "safetensors");
    assert!(model["spec"].get("distribution").is_none());
    for user in ["reader", "scaler", "ome-reader"] {
        for resource in ["basemodels", "clusterbasemodels"] {
            assert!(
                allowed(&admin, user, "get", "ome.io", resource, "")
                    .await
                    .unwrap(),
                "{user} {resource}"
            );
        }
    }
    assert!(
        !allowed(&admin, "nobody", "get", "ome.io", "clusterbasemodels", "")
            .await
            .unwrap()
    );
}

#[tokio::test]
async fn model_variants_namespaced_missing_and_absent() {
    let c = cluster();
    let admin = c.admin().await.unwrap();
    let ctl = Controller::new(admin.clone());

    let ns = c.namespace("model-ns").await.unwrap();
    let objs = ChatFixture::new()
        .model(ModelFixture::Namespaced)
        .create(&admin, &ns)
        .await
        .unwrap();
    assert_eq!(objs.isvc["spec"]["model"]["kind"], "BaseModel");
    let patched = ctl
        .patch_model(Some(&ns), CHAT_MODEL, json!({"spec": {"disabled": true}}))
        .await
        .unwrap();
    assert_eq!(patched["spec"]["disabled"], true);

    let ns = c.namespace("model-missing").await.unwrap();
    let missing = format!("no-such-model-{}", ns.get(ns.len() - 8..).unwrap());
    let objs = ChatFixture::new()
        .model(ModelFixture::Missing(missing.clone()))
        .create(&admin, &ns)
        .await
        .unwrap();
    assert_eq!(objs.isvc["spec"]["model"]["name"], missing.as_str());
    assert!(
        get_opt(&admin, &cluster_base_model_resource(), None, &missing)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        get_opt(&admin, &base_model_resource(), Some(&ns), &missing)
            .await
            .unwrap()
            .is_none()
    );

    let ns = c.namespace("model-absent").await.unwrap();
    let objs = ChatFixture::new()
        .model(ModelFixture::Absent)
        .create(&admin, &ns)
        .await
        .unwrap();
    assert!(objs.isvc["spec"].get("model").is_none());
}

#[tokio::test]
async fn a_pins_data_bytes_are_served_as_written() {
    let c = cluster();
    let admin = c.admin().await.unwrap();
    c.ensure_namespace("ome").await.unwrap();
    let ns = c.namespace("pin").await.unwrap();
    // A key order that differs from a sorted encoding.
    let source = RevisionSource::namespaced(
        &ns,
        "srt-pin",
        json!({"engineConfig": {"minReplicas": 1, "maxReplicas": 4},
               "disabled": false,
               "protocolVersions": ["openAI"]}),
    );
    let name = source.name().unwrap();
    assert_eq!(name, format!("r-{ns}-srt-pin-{}", source.hash().unwrap()));
    let stored = create_revision(&admin, "ome", source.body(|_| {}).unwrap())
        .await
        .unwrap();
    assert_eq!(stored["metadata"]["name"], name.as_str());
    let labels = &stored["metadata"]["labels"];
    assert_eq!(labels["ome.io/revision-hash"], source.hash().unwrap());
    assert_eq!(labels["ome.io/runtime-of-kind"], "ServingRuntime");
    assert_eq!(labels["ome.io/runtime-of-namespace"], ns.as_str());
    assert_eq!(stored["revision"], 1);
    let served = served_data_bytes(&admin, "ome", &name).await.unwrap();
    assert_eq!(
        String::from_utf8(served).unwrap(),
        String::from_utf8(source.data_bytes().unwrap()).unwrap()
    );
}
