//! `status` reads AcceleratorClasses only on an accelerator base (issue 23, diagnose.md §3.2):
//! a service that is not virtual, names a runtime, and whose runtime resolved. A reader with
//! the namespaced rights of docs/rbac/reader.yaml and no cluster-scoped rights (a real RBAC
//! identity) gets no Forbidden noise about classes the report cannot use; the audit log counts
//! the cluster-scoped GETs it made.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::{cluster, plugin_async};
use ome_testenv::identity::{Access, FreshUser, Grant, apply_rbac, wait_for_access};
use ome_testenv::{ChatFixture, Controller};
use serde_json::json;

/// A user with the namespaced reads `status` makes and nothing cluster-scoped.
async fn namespace_reader(admin: &kube::Client, ns: &str) -> FreshUser {
    let user = cluster().fresh_user(ns, "ns-reader").await.unwrap();
    let grant = Grant {
        kind: "Role".into(),
        name: "ns-reader".into(),
        namespace: Some(ns.to_string()),
        rules: json!([
            {"apiGroups": ["ome.io"], "resources": ["inferenceservices", "servingruntimes"],
             "verbs": ["get"]},
            {"apiGroups": [""], "resources": ["pods", "events"], "verbs": ["list"]},
        ]),
    };
    apply_rbac(admin, &user, &[grant]).await.unwrap();
    let access = |resource: &str, namespace: Option<&str>| Access {
        verb: "get".into(),
        group: "ome.io".into(),
        resource: resource.into(),
        subresource: String::new(),
        name: String::new(),
        namespace: namespace.map(str::to_string),
    };
    wait_for_access(
        admin,
        &user.username(),
        &[
            access("inferenceservices", Some(ns)),
            access("servingruntimes", Some(ns)),
        ],
        &[
            access("clusterservingruntimes", None),
            access("acceleratorclasses", None),
        ],
    )
    .await
    .unwrap();
    user
}

/// `chat` named `name`, whose engine reports the AcceleratorClass `a100` it selected.
async fn accelerated(ctl: &Controller, ns: &str, name: &str, fixture: ChatFixture) {
    fixture.create(ctl.client(), ns).await.unwrap();
    ctl.patch_isvc_status(
        ns,
        name,
        json!({"status": {"components": {"engine": {"selectedAccelerator": "a100"}}}}),
    )
    .await
    .unwrap();
}

/// The `Accelerator…` rows of the table, with their values' words joined by one space.
fn accelerator_rows(table: &str) -> Vec<String> {
    table
        .lines()
        .filter(|l| l.starts_with("Accelerator") && !l.starts_with("Accelerator detail"))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

#[tokio::test]
async fn accelerator_classes_are_read_only_on_a_resolved_runtime() {
    let c = cluster();
    let ns = c.namespace("st-accel").await.unwrap();
    let admin = c.admin().await.unwrap();
    let ctl = Controller::new(admin.clone());
    // Its runtime is the shared ClusterServingRuntime: this reader cannot read it.
    accelerated(&ctl, &ns, "chat", ChatFixture::new()).await;
    // Virtual: no runtime is read at all.
    let virtual_chat = ChatFixture::new().name("virtual-chat");
    accelerated(&ctl, &ns, "virtual-chat", virtual_chat).await;
    ctl.annotate_isvc(
        &ns,
        "virtual-chat",
        "ome.io/deploymentMode",
        Some("VirtualDeployment"),
    )
    .await
    .unwrap();
    // A ServingRuntime in the namespace (`kind: ServingRuntime`): it resolves.
    let ns_chat = ChatFixture::new().name("ns-chat").namespaced_runtime();
    accelerated(&ctl, &ns, "ns-chat", ns_chat).await;
    let user = namespace_reader(&admin, &ns).await;

    let audit = c.audit();
    audit.sync().await.unwrap();
    let mark = audit.mark().unwrap();
    let mut seen = Vec::new();
    for service in ["chat", "virtual-chat", "ns-chat"] {
        let run = plugin_async(Some(&user.kubeconfig), &["status", service, "-n", &ns]).await;
        seen.push((service, accelerator_rows(run.ok())));
    }
    assert_eq!(
        seen,
        [
            (
                "chat",
                vec!["Accelerator Unavailable / Unavailable ReadFailed".to_string()]
            ),
            (
                "virtual-chat",
                vec!["Accelerator NotConfigured / NotApplicable VirtualDeployment".to_string()]
            ),
            (
                "ns-chat",
                vec![
                    "Accelerator Partial / Unavailable".to_string(),
                    "Accelerator engine a100 Forbidden".to_string()
                ]
            ),
        ]
    );

    // The cluster-scoped reads this reader made: the ClusterServingRuntime `chat` names
    // (Forbidden, so no fallback and no accelerator read) and the one AcceleratorClass of the
    // service whose runtime resolved.
    audit.sync().await.unwrap();
    let mut cluster_scoped: Vec<String> = audit
        .events_since(mark)
        .unwrap()
        .into_iter()
        .filter(|e| e.user.username == user.username() && e.namespace().is_empty())
        .map(|e| format!("{} {} {} {}", e.verb, e.resource(), e.name(), e.code()))
        .collect();
    cluster_scoped.sort();
    assert_eq!(
        cluster_scoped,
        [
            "get acceleratorclasses a100 403",
            "get clusterservingruntimes srt-llama-3-2-1b-instruct-pd 403"
        ]
    );
}
