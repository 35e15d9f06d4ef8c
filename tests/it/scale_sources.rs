//! The runtime sources of a scale against the real API server: a declared inheritance chain
//! (bounds from the parent, every runtime stamped and revalidated) and a pinned
//! ControllerRevision in the OME namespace.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use ome_testenv::crds::serving_runtime_resource;
use ome_testenv::fixtures::CHAT_RUNTIME;
use ome_testenv::objects::{create, get, merge_patch, uid};
use ome_testenv::revisions::{RevisionSource, create_revision};
use scale_support::*;
use serde_json::json;
use support::plugin_async;

fn client_dry_run() -> Vec<&'static str> {
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "client", "-o", "wide"]);
    extra
}

#[tokio::test]
async fn an_inheritance_chain_gives_bounds_and_sources() {
    let env = Env::new("scale-chain", chat().namespaced_runtime()).await;
    let ns = env.ns.as_str();
    let parent = create(
        &env.admin,
        &serving_runtime_resource(),
        Some(ns),
        json!({"metadata": {"name": "base-runtime"},
               "spec": {"engineConfig": {"maxReplicas": 5}}}),
    )
    .await
    .unwrap();
    merge_patch(
        &env.admin,
        &serving_runtime_resource(),
        Some(ns),
        CHAT_RUNTIME,
        json!({"metadata": {"annotations": {"ome.io/inherit-from": "base-runtime"}}}),
    )
    .await
    .unwrap();
    // The engine's own maximum goes away, so the runtime chain supplies it.
    env.ctl
        .patch_isvc(
            ns,
            "chat",
            json!({"spec": {"engine": {"maxReplicas": null}}}),
        )
        .await
        .unwrap();
    env.ctl.observe_isvc(ns, "chat").await.unwrap();
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let run = plugin_async(
        Some(&kubeconfig),
        &args(ns, "engine", "5", &client_dry_run()),
    )
    .await;
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains(&wide_row("bounds", "2..5")),
        "{}",
        run.stdout
    );
    let identities: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("source identity"))
        .collect();
    assert_eq!(
        identities,
        [
            format!(
                "source identity     {}",
                clip(&format!("ServingRuntime/{ns}/base-runtime"))
            ),
            format!(
                "source identity     {}",
                clip(&format!("ServingRuntime/{ns}/{CHAT_RUNTIME}"))
            ),
        ]
    );
    assert!(
        run.stdout
            .contains(&format!("source UID          {}\n", uid(&parent)))
    );
    assert_refusal(&env, "engine", "6", &CONFIRMED, BOUNDS).await;

    // A declared parent that does not exist.
    merge_patch(
        &env.admin,
        &serving_runtime_resource(),
        Some(ns),
        CHAT_RUNTIME,
        json!({"metadata": {"annotations": {"ome.io/inherit-from": "missing-parent"}}}),
    )
    .await
    .unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;
}

#[tokio::test]
async fn a_pinned_controller_revision_is_the_source() {
    // A pin of the namespace's ServingRuntime written as OME writes it
    // (evidence-strictness.md §2.3): `data` is the runtime spec, its hash in name and label.
    let env = Env::new("scale-pin", chat().namespaced_runtime()).await;
    let ns = env.ns.as_str();
    cluster().ensure_namespace("ome").await.unwrap();
    let spec = get(
        &env.admin,
        &serving_runtime_resource(),
        Some(ns),
        CHAT_RUNTIME,
    )
    .await
    .unwrap()["spec"]
        .clone();
    let source = RevisionSource::namespaced(ns, CHAT_RUNTIME, spec);
    let stored = create_revision(&env.admin, "ome", source.body(|_| {}).unwrap())
        .await
        .unwrap();
    let name = stored["metadata"]["name"].as_str().unwrap().to_string();
    assert_eq!(name, source.name().unwrap());
    let revision_uid = stored["metadata"]["uid"].as_str().unwrap().to_string();
    // Awaiting a pin (autoSync off, no revision reported yet) is refused.
    env.ctl
        .patch_isvc(
            ns,
            "chat",
            json!({"spec": {"runtime": {"autoSync": false}}}),
        )
        .await
        .unwrap();
    env.ctl.observe_isvc(ns, "chat").await.unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;
    // The controller reports the pin: the revision is the source.
    env.ctl
        .patch_isvc_status(ns, "chat", json!({"status": {"pinnedRevisionName": name}}))
        .await
        .unwrap();
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let run = plugin_async(
        Some(&kubeconfig),
        &args(ns, "engine", "3", &client_dry_run()),
    )
    .await;
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains(&format!(
            "source identity     {}\n",
            clip(&format!("ControllerRevision/ome/{name}"))
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains(&format!("source UID          {revision_uid}\n"))
    );
    assert!(run.stdout.contains("source generation   0\n"));
    // An explicit pin to a revision that is not there.
    env.ctl
        .patch_isvc(
            ns,
            "chat",
            json!({"spec": {"runtime": {"revision": "no-such-revision"}}}),
        )
        .await
        .unwrap();
    env.ctl.observe_isvc(ns, "chat").await.unwrap();
    assert_refusal(&env, "engine", "3", &CONFIRMED, RUNTIME).await;
    assert!(env.writes().await.is_empty());
}
