//! Services whose runtime OME selects (runtime-selection.md), against the real API server:
//! `scale`, `runtime explain`, `autoscale explain`, `runtime effective` and the guarded actions
//! on OME's minimal InferenceService, and the test vectors of §8 as live objects.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::{Run, plugin_async};
use ome_testenv::selection::{ClusterScope, Runtime, cluster_scope, create_model, create_runtimes};
use ome_testenv::{AuditEvent, ChatFixture, Component, ModelFixture, TestCluster};
use serde_json::{Value, json};

/// One test's namespace on the selection cluster, whose cluster scope it holds.
struct Scoped {
    scope: ClusterScope,
    ns: String,
    admin: kube::Client,
}

impl Scoped {
    async fn new(prefix: &str) -> Scoped {
        let scope = cluster_scope().await.unwrap();
        let ns = scope.cluster().namespace(prefix).await.unwrap();
        let admin = scope.cluster().admin().await.unwrap();
        Scoped { scope, ns, admin }
    }

    fn cluster(&self) -> &'static TestCluster {
        self.scope.cluster()
    }

    async fn run(&self, user: &str, args: &[&str]) -> Run {
        let kubeconfig = self.cluster().kubeconfig(user).unwrap();
        let mut all = args.to_vec();
        all.extend(["-n", self.ns.as_str()]);
        plugin_async(Some(&kubeconfig), &all).await
    }

    async fn writes(&self) -> Vec<AuditEvent> {
        let audit = self.cluster().audit();
        audit.sync().await.unwrap();
        audit.writes_in(&self.ns).unwrap()
    }
}

/// A runtime that qualifies for the guide's model and serves its engine natively.
fn native_runtime(priority: i64) -> Value {
    json!({
        "supportedModelFormats": [{"name": "safetensors", "modelFormat": {"name": "safetensors", "version": "1.0.0"},
                                   "modelFramework": {"name": "transformers", "version": "4.45.0"},
                                   "modelArchitecture": "LlamaForCausalLM", "autoSelect": true,
                                   "priority": priority}],
        "engineConfig": {"annotations": {"ome.io/deploymentMode": "OMENative"},
                         "minReplicas": 1, "maxReplicas": 4},
    })
}

#[tokio::test]
async fn explore_minimal_scale() {
    let s = Scoped::new("sel-min").await;
    create_runtimes(&s.admin, None, &[Runtime::new("srt", native_runtime(1))])
        .await
        .unwrap();
    ChatFixture::new()
        .without(Component::Decoder)
        .without(Component::Router)
        .model(ModelFixture::Cluster("m".into()))
        .selecting(Some("srt"))
        .create(&s.admin, &s.ns)
        .await
        .unwrap();
    for args in [
        vec![
            "scale",
            "chat",
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
            "--dry-run",
            "client",
        ],
        vec![
            "scale",
            "chat",
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
            "-o",
            "json",
        ],
        vec![
            "scale",
            "chat",
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
            "-o",
            "wide",
            "--dry-run",
            "server",
        ],
    ] {
        let run = s.run("scaler", &args).await;
        eprintln!(
            "=== {args:?}\n{}\n--- stderr\n{}\n--- code {}",
            run.stdout, run.stderr, run.code
        );
    }
    let _ = create_model;
    eprintln!("{:?}", s.writes().await.len());
}
