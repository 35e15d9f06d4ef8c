//! The runtime lookup of every command, as OME's controller looks runtimes up (README
//! difference p), against the real API server: for the runtime a service names and for a
//! parent it inherits from, each arrangement of a cluster-scoped and a namespaced runtime of
//! the same name, and a 403 on the first read, which stops the lookup with no fallback.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::crds::{cluster_serving_runtime_resource, serving_runtime_resource};
use ome_testenv::objects::{create, delete, merge_patch};
use ome_testenv::wait::poll_until;
use ome_testenv::{DocsShape, RuntimeRef};
use serde_json::{Value, json};
use std::time::Duration;
use support::{Run, cluster, plugin_async};

const UNAVAILABLE: &str =
    "error: require active runtime configuration: active runtime configuration is unavailable\n";
const FORBIDDEN: &str = "error: collect active runtime configuration: runtime read was forbidden\n";
const RUNTIME: &str =
    "error: action refused: active runtime is unavailable, inconsistent or unbound\n";

/// Where runtimes of one name exist.
#[derive(Clone, Copy, Debug)]
enum Arrangement {
    ClusterOnly,
    NamespacedOnly,
    Both,
    Neither,
}

fn runtime_spec() -> Value {
    json!({"engineConfig": {"runner": {"name": "ome-container", "image": "hashicorp/http-echo:1.0"}}})
}

/// One namespace with an engine-only service (the documentation shape, no model) whose
/// runtime reference is `reference`; the runtimes are arranged by the test.
struct Lookup {
    ns: String,
    admin: kube::Client,
    /// Cluster-scoped runtimes this test created (removed at the end).
    cluster_runtimes: Vec<String>,
}

impl Lookup {
    async fn new(prefix: &str) -> Lookup {
        let c = cluster();
        Lookup {
            ns: c.namespace(prefix).await.unwrap(),
            admin: c.admin().await.unwrap(),
            cluster_runtimes: Vec::new(),
        }
    }

    /// A name of this test's own for a runtime that may exist at cluster scope (the cluster is
    /// shared by every test).
    fn unique(&self, role: &str) -> String {
        // The namespace's random part and counter, without its prefix: short enough that a
        // check line naming the runtime stays whole within its 80 columns.
        let tail: Vec<&str> = self.ns.rsplitn(3, '-').take(2).collect();
        format!("{role}-{}-{}", tail[1], tail[0])
    }

    /// The service `lab`, naming the runtime `name` as `reference` says. The fixture creates
    /// the ServingRuntime `name` in the namespace; each case arranges the rest.
    async fn service(&self, name: &str, reference: RuntimeRef) {
        DocsShape::KindOnly
            .fixture("lab")
            .runtime(name)
            .namespaced_runtime_as(reference)
            .create(&self.admin, &self.ns)
            .await
            .unwrap();
    }

    async fn cluster_runtime(&mut self, name: &str, spec: Value) {
        let manifest = json!({"metadata": {"name": name}, "spec": spec});
        create(
            &self.admin,
            &cluster_serving_runtime_resource(),
            None,
            manifest,
        )
        .await
        .unwrap();
        self.cluster_runtimes.push(name.to_string());
    }

    async fn namespaced_runtime(&self, name: &str, spec: Value) {
        let manifest = json!({"metadata": {"name": name}, "spec": spec});
        create(
            &self.admin,
            &serving_runtime_resource(),
            Some(&self.ns),
            manifest,
        )
        .await
        .unwrap();
    }

    async fn delete_namespaced(&self, name: &str) {
        delete(
            &self.admin,
            &serving_runtime_resource(),
            Some(&self.ns),
            name,
        )
        .await
        .unwrap();
    }

    async fn inherit(&self, child: &str, parent: &str) {
        merge_patch(
            &self.admin,
            &serving_runtime_resource(),
            Some(&self.ns),
            child,
            json!({"metadata": {"annotations": {"ome.io/inherit-from": parent}}}),
        )
        .await
        .unwrap();
    }

    async fn run(&self, args: &[&str]) -> Run {
        let kubeconfig = cluster().kubeconfig("admin").unwrap();
        let mut all = args.to_vec();
        all.extend(["-n", &self.ns]);
        plugin_async(Some(&kubeconfig), &all).await
    }

    async fn run_as(&self, user: &str, args: &[&str]) -> Run {
        let mut all = args.to_vec();
        all.extend(["--as", user]);
        self.run(&all).await
    }

    async fn cleanup(self) {
        for name in &self.cluster_runtimes {
            delete(&self.admin, &cluster_serving_runtime_resource(), None, name)
                .await
                .unwrap();
        }
    }
}

/// The runtimes `autoscale explain -o json` reports as the active configuration's sources,
/// `Kind/namespace/name`, the named runtime first, then its parents.
fn runtime_sources(run: &Run) -> Vec<String> {
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run:?}");
    run.json()["sources"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["kind"].as_str().unwrap().ends_with("ServingRuntime"))
        .map(|s| {
            format!(
                "{}/{}/{}",
                s["kind"].as_str().unwrap(),
                s["namespace"].as_str().unwrap_or_default(),
                s["name"].as_str().unwrap()
            )
        })
        .collect()
}

const EXPLAIN: [&str; 5] = ["autoscale", "explain", "lab", "-o", "json"];
const SCALE: [&str; 10] = [
    "scale",
    "lab",
    "--component",
    "engine",
    "--replicas",
    "3",
    "--override-autoscaler",
    "--yes",
    "--dry-run",
    "client",
];

/// A scale refusal of the runtime check: its check lines (wrapped at 80 columns) name the
/// runtime and the cause; nothing on stdout.
fn assert_runtime_refusal(run: &Run, runtime: &str, cause: &str) {
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
    let checks: String = run
        .stderr
        .lines()
        .filter_map(|l| l.strip_prefix("scale check: native-runtime "))
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(
        checks,
        format!("runtime={runtime} pin=AutoSync cause={cause}"),
        "{run:?}"
    );
    assert!(run.stderr.ends_with(RUNTIME), "{run:?}");
}

#[tokio::test]
async fn the_runtime_a_service_names_is_found_where_the_controller_finds_it() {
    for arrangement in [
        Arrangement::ClusterOnly,
        Arrangement::NamespacedOnly,
        Arrangement::Both,
        Arrangement::Neither,
    ] {
        for reference in [RuntimeRef::BareName, RuntimeRef::KindAndGroup] {
            let mut t = Lookup::new("rl-head").await;
            let name = t.unique("rt");
            t.service(&name, reference).await;
            if matches!(arrangement, Arrangement::ClusterOnly | Arrangement::Both) {
                t.cluster_runtime(&name, runtime_spec()).await;
            }
            if matches!(arrangement, Arrangement::ClusterOnly | Arrangement::Neither) {
                t.delete_namespaced(&name).await;
            }
            let ns = t.ns.clone();
            let explain = t.run(&EXPLAIN).await;
            let scale = t.run(&SCALE).await;
            let case = format!("{arrangement:?} {reference:?}");
            let namespaced = format!("ServingRuntime/{ns}/{name}");
            let clustered = format!("ClusterServingRuntime//{name}");
            match (arrangement, reference) {
                // The stored default kind: the cluster first, the namespace after a 404.
                (Arrangement::ClusterOnly | Arrangement::Both, RuntimeRef::BareName) => {
                    assert_eq!(runtime_sources(&explain), [clustered], "{case}");
                    assert_eq!(scale.code, 0, "{case} {scale:?}");
                }
                (Arrangement::NamespacedOnly, RuntimeRef::BareName)
                | (Arrangement::NamespacedOnly | Arrangement::Both, RuntimeRef::KindAndGroup) => {
                    assert_eq!(runtime_sources(&explain), [namespaced], "{case}");
                    assert_eq!(scale.code, 0, "{case} {scale:?}");
                }
                // `kind: ServingRuntime` never reads the cluster scope.
                (Arrangement::ClusterOnly, RuntimeRef::KindAndGroup) => {
                    assert_eq!(explain.stderr, UNAVAILABLE, "{case} {explain:?}");
                    assert_runtime_refusal(&scale, &format!("ServingRuntime/{name}"), "NotFound");
                }
                (Arrangement::Neither, RuntimeRef::BareName) => {
                    assert_eq!(explain.stderr, UNAVAILABLE, "{case} {explain:?}");
                    assert_runtime_refusal(
                        &scale,
                        &format!("ClusterServingRuntime/{name}"),
                        "NotFound",
                    );
                }
                (Arrangement::Neither, _) => {
                    assert_eq!(explain.stderr, UNAVAILABLE, "{case} {explain:?}");
                    assert_runtime_refusal(&scale, &format!("ServingRuntime/{name}"), "NotFound");
                }
                (_, RuntimeRef::KindOnly) => unreachable!(),
            }
            t.cleanup().await;
        }
    }
}

#[tokio::test]
async fn a_parent_is_found_in_the_childs_namespace_then_at_cluster_scope() {
    for arrangement in [
        Arrangement::ClusterOnly,
        Arrangement::NamespacedOnly,
        Arrangement::Both,
        Arrangement::Neither,
    ] {
        let mut t = Lookup::new("rl-parent").await;
        let parent = t.unique("base");
        t.service("child", RuntimeRef::KindOnly).await;
        t.inherit("child", &parent).await;
        if matches!(arrangement, Arrangement::ClusterOnly | Arrangement::Both) {
            t.cluster_runtime(&parent, runtime_spec()).await;
        }
        if matches!(arrangement, Arrangement::NamespacedOnly | Arrangement::Both) {
            t.namespaced_runtime(&parent, runtime_spec()).await;
        }
        let ns = t.ns.clone();
        let explain = t.run(&EXPLAIN).await;
        let scale = t.run(&SCALE).await;
        let child = format!("ServingRuntime/{ns}/child");
        let case = format!("{arrangement:?}");
        match arrangement {
            Arrangement::ClusterOnly => {
                assert_eq!(
                    runtime_sources(&explain),
                    [child, format!("ClusterServingRuntime//{parent}")],
                    "{case}"
                );
                assert_eq!(scale.code, 0, "{case} {scale:?}");
            }
            // A ServingRuntime's parent in its own namespace wins.
            Arrangement::NamespacedOnly | Arrangement::Both => {
                assert_eq!(
                    runtime_sources(&explain),
                    [child, format!("ServingRuntime/{ns}/{parent}")],
                    "{case}"
                );
                assert_eq!(scale.code, 0, "{case} {scale:?}");
            }
            Arrangement::Neither => {
                assert_eq!(explain.stderr, UNAVAILABLE, "{case} {explain:?}");
                assert_runtime_refusal(&scale, "ServingRuntime/child", "NotFound");
            }
        }
        t.cleanup().await;
    }
}

/// Lets `user` (impersonated by the admin) read the service and, in the namespace, exactly the
/// ServingRuntimes `names`, and, when `cluster_runtimes`, every ClusterServingRuntime: real RBAC,
/// so the 403 is the server's own.
async fn grant(t: &Lookup, user: &str, names: &[&str], cluster_runtimes: bool) {
    let rbac = |kind: &str, ns: Option<&str>, name: &str, rules: Value| {
        let mut metadata = json!({"name": name});
        if let Some(ns) = ns {
            metadata["namespace"] = json!(ns);
        }
        json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": kind, "metadata": metadata,
               "rules": rules})
    };
    let roles: kube::Api<kube::api::DynamicObject> = kube::Api::namespaced_with(
        t.admin.clone(),
        &t.ns,
        &kube::api::ApiResource::from_gvk(&kube::api::GroupVersionKind::gvk(
            "rbac.authorization.k8s.io",
            "v1",
            "Role",
        )),
    );
    let role = rbac(
        "Role",
        Some(&t.ns),
        user,
        json!([
            {"apiGroups": ["ome.io"], "resources": ["inferenceservices", "inferencereplicas",
                                                   "inferencereplicas/scale"], "verbs": ["get"]},
            {"apiGroups": ["ome.io"], "resources": ["servingruntimes"], "resourceNames": names,
             "verbs": ["get"]},
        ]),
    );
    roles
        .create(&Default::default(), &serde_json::from_value(role).unwrap())
        .await
        .unwrap();
    let binding = json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
        "metadata": {"name": user, "namespace": t.ns},
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": user},
        "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": user}]});
    let bindings: kube::Api<kube::api::DynamicObject> = kube::Api::namespaced_with(
        t.admin.clone(),
        &t.ns,
        &kube::api::ApiResource::from_gvk(&kube::api::GroupVersionKind::gvk(
            "rbac.authorization.k8s.io",
            "v1",
            "RoleBinding",
        )),
    );
    bindings
        .create(
            &Default::default(),
            &serde_json::from_value(binding).unwrap(),
        )
        .await
        .unwrap();
    if cluster_runtimes {
        let cluster_api = |kind: &str| -> kube::Api<kube::api::DynamicObject> {
            kube::Api::all_with(
                t.admin.clone(),
                &kube::api::ApiResource::from_gvk(&kube::api::GroupVersionKind::gvk(
                    "rbac.authorization.k8s.io",
                    "v1",
                    kind,
                )),
            )
        };
        let role = rbac(
            "ClusterRole",
            None,
            user,
            json!([{"apiGroups": ["ome.io"], "resources": ["clusterservingruntimes"],
                    "verbs": ["get"]}]),
        );
        cluster_api("ClusterRole")
            .create(&Default::default(), &serde_json::from_value(role).unwrap())
            .await
            .unwrap();
        let binding = json!({"apiVersion": "rbac.authorization.k8s.io/v1",
            "kind": "ClusterRoleBinding", "metadata": {"name": user},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole",
                        "name": user},
            "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": user}]});
        cluster_api("ClusterRoleBinding")
            .create(
                &Default::default(),
                &serde_json::from_value(binding).unwrap(),
            )
            .await
            .unwrap();
    }
    // The grants reach the authorizer through an informer cache.
    let last = names.last().copied().unwrap_or_default();
    poll_until(Duration::from_secs(30), Duration::from_millis(100), || {
        let admin = t.admin.clone();
        let ns = t.ns.clone();
        async move {
            let granted = allowed(&admin, user, &ns, "servingruntimes", last).await
                && (!cluster_runtimes
                    || allowed(&admin, user, "", "clusterservingruntimes", "any").await);
            Ok(granted.then_some(()))
        }
    })
    .await
    .unwrap();
}

async fn allowed(admin: &kube::Client, user: &str, ns: &str, resource: &str, name: &str) -> bool {
    let reviews: kube::Api<k8s_openapi::api::authorization::v1::SubjectAccessReview> =
        kube::Api::all(admin.clone());
    let review = serde_json::from_value(json!({"spec": {"user": user, "resourceAttributes": {
        "verb": "get", "group": "ome.io", "resource": resource, "name": name, "namespace": ns}}}))
    .unwrap();
    let answer = reviews.create(&Default::default(), &review).await.unwrap();
    answer.status.is_some_and(|s| s.allowed)
}

#[tokio::test]
async fn a_403_stops_the_lookup_with_no_fallback() {
    // The head: the cluster read is forbidden; the ServingRuntime of that name, which the user
    // may read, is not used.
    let t = Lookup::new("rl-403").await;
    let name = t.unique("rt");
    t.service(&name, RuntimeRef::BareName).await;
    let user = format!("{}-lookup", t.ns);
    grant(&t, &user, &[&name], false).await;
    let explain = t.run_as(&user, &EXPLAIN).await;
    assert_eq!(
        (
            explain.code,
            explain.stdout.as_str(),
            explain.stderr.as_str()
        ),
        (1, "", FORBIDDEN),
        "{explain:?}"
    );
    let scale = t.run_as(&user, &SCALE).await;
    assert_runtime_refusal(
        &scale,
        &format!("ClusterServingRuntime/{name}"),
        "Forbidden",
    );
    t.cleanup().await;

    // A parent: the read in the child's namespace is forbidden; the ClusterServingRuntime of
    // that name, which the user may read, is not used.
    let mut t = Lookup::new("rl-403-parent").await;
    let parent = t.unique("base");
    t.service("child", RuntimeRef::KindOnly).await;
    t.inherit("child", &parent).await;
    t.cluster_runtime(&parent, runtime_spec()).await;
    let user = format!("{}-lookup", t.ns);
    grant(&t, &user, &["child"], true).await;
    let explain = t.run_as(&user, &EXPLAIN).await;
    assert_eq!(
        (
            explain.code,
            explain.stdout.as_str(),
            explain.stderr.as_str()
        ),
        (1, "", FORBIDDEN),
        "{explain:?}"
    );
    let scale = t.run_as(&user, &SCALE).await;
    assert_runtime_refusal(&scale, "ServingRuntime/child", "Forbidden");
    // As the admin, the same service resolves through the cluster-scoped parent.
    assert_eq!(
        runtime_sources(&t.run(&EXPLAIN).await),
        [
            format!("ServingRuntime/{}/child", t.ns),
            format!("ClusterServingRuntime//{parent}"),
        ]
    );
    t.cleanup().await;
}
