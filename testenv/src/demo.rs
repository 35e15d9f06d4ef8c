//! The demo of the README's first command (`ome-demo`): a real API server with the guide's
//! `chat` example (and a service shaped like OME's documentation examples) in namespace `prod`,
//! the user guide's walkthrough run against it, and, for a kept cluster, the controller's part
//! played on (`crate::keeper`).

// JSON documents are read by key (serde_json's `Value`: a missing key reads as `Null`); the
// lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use anyhow::{Context, Result};
use k8s_openapi::api::authorization::v1::SubjectAccessReview;
use k8s_openapi::api::rbac::v1::{Role, RoleBinding};
use kube::api::{Api, DynamicObject, ListParams, PostParams};
use serde_json::json;

use crate::crds::cluster_serving_runtime_resource;
use crate::crds::ir_resource;
use crate::fixtures::ChatObjects;
use crate::kubelet::Kubelet;
use crate::objects::create_if_absent;
use crate::operator::{ManagerDeployment, ensure_model_crds};
use crate::pods::{InstancePod, PodState, failed_scheduling};
use crate::selection::Runtime;
use crate::wait::poll_until;
use crate::walkthrough::{self, ControllerAction, Step};
use crate::{ChatFixture, Component, Controller, DocsShape, TestCluster};

/// The demo's workload namespace.
pub const NAMESPACE: &str = "prod";
/// Where the OME operator runs (its `ome-controller-manager` Deployment).
pub const OME_NAMESPACE: &str = "ome";

/// Creates the demo's objects on `cluster` and prints the example's replicas.
pub async fn prepare(cluster: &TestCluster) -> Result<()> {
    cluster.ensure_namespace(NAMESPACE).await?;
    cluster.ensure_namespace(OME_NAMESPACE).await?;
    let admin = cluster.admin().await?;
    // What an OME install has besides the CRDs: the model CRDs and the operator Deployment.
    ensure_model_crds(&admin).await?;
    ManagerDeployment::default()
        .create(&admin, OME_NAMESPACE)
        .await?;
    grant_rollout_operator(&admin).await?;
    let objs = ChatFixture::new().create(&admin, NAMESPACE).await?;
    // Next to `chat`, a service shaped like OME's documentation examples.
    DocsShape::BareName
        .fixture(walkthrough::DOCS_SERVICE)
        .create(&admin, NAMESPACE)
        .await?;
    // And one created from OME's minimal example, with the runtime OME selects for its model.
    create_minimal_service(&admin).await?;
    println!();
    print_objects(&objs);
    Ok(())
}

/// OME's minimal InferenceService [`walkthrough::MINIMAL_SERVICE`] in the demo's namespace
/// (engine only, the guide's model, no runtime named), with the ClusterServingRuntime OME
/// selects for it (created if absent).
pub async fn create_minimal_service(admin: &kube::Client) -> Result<()> {
    let manifest = json!({"metadata": {"name": walkthrough::SELECTED_RUNTIME},
                          "spec": selected_runtime().spec});
    create_if_absent(admin, &cluster_serving_runtime_resource(), None, manifest).await?;
    ChatFixture::new()
        .name(walkthrough::MINIMAL_SERVICE)
        .without(Component::Decoder)
        .without(Component::Router)
        .selecting(Some(walkthrough::SELECTED_RUNTIME))
        .create(admin, NAMESPACE)
        .await?;
    Ok(())
}

/// The ClusterServingRuntime OME selects for the guide's model: it supports the model's format
/// with `autoSelect`, and serves the engine natively.
fn selected_runtime() -> Runtime {
    Runtime::new(
        walkthrough::SELECTED_RUNTIME,
        json!({
            "supportedModelFormats": [{"name": "safetensors", "autoSelect": true, "priority": 2,
                                       "modelFormat": {"name": "safetensors", "version": "1.0.0"},
                                       "modelFramework": {"name": "transformers", "version": "4.45.0"},
                                       "modelArchitecture": "LlamaForCausalLM"}],
            "modelSizeRange": {"min": "1B", "max": "8B"},
            "engineConfig": {"annotations": {"ome.io/deploymentMode": "OMENative"},
                             "minReplicas": 1, "maxReplicas": 4,
                             "runner": {"name": "ome-container", "image": "lmsysorg/sglang:latest"}},
        }),
    )
}

/// What the walkthrough leaves running: the kubelet that runs the demo's Pods and serves their
/// logs. Keep it as long as the cluster is explored.
#[derive(Debug)]
pub struct Walked {
    kubelet: Kubelet,
}

impl Walked {
    /// The kubelet of the demo's Node (the kept cluster's controller goes on using it).
    pub fn kubelet(&self) -> &Kubelet {
        &self.kubelet
    }
}

/// Runs the walkthrough's steps with `plugin` as the `scaler` user, printing each command, its
/// output and its exit code, and playing the controller's steps in between. After each of them
/// the kubelet runs a Pod for every Instance the controller reports Ready.
pub async fn walk_through(cluster: &TestCluster, plugin: &Path) -> Result<Walked> {
    let admin = cluster.admin().await?;
    let kubeconfig = cluster.kubeconfig("scaler")?;
    let controller = Controller::new(admin.clone());
    let kubelet = Kubelet::start(cluster).await?;
    for step in walkthrough::steps() {
        match step {
            Step::Plugin { note, args } => {
                let plugin = plugin.to_path_buf();
                let kubeconfig = kubeconfig.clone();
                tokio::task::spawn_blocking(move || run_plugin(&plugin, &kubeconfig, note, &args))
                    .await??;
            }
            Step::Controller { note, action } => {
                println!();
                println!("# controller: {note}");
                act(&controller, &admin, action).await?;
                run_pods(&controller, &kubelet, NAMESPACE).await?;
            }
        }
    }
    Ok(Walked { kubelet })
}

/// The kubelet's part for every InferenceReplica of `ns`: a Ready Pod for each Ready Instance,
/// logging [`walkthrough::SERVING_LOG`], and none for Instances that are gone.
pub async fn run_pods(controller: &Controller, kubelet: &Kubelet, ns: &str) -> Result<()> {
    let replicas: Api<DynamicObject> =
        Api::namespaced_with(controller.client().clone(), ns, &ir_resource());
    for ir in replicas.list(&ListParams::default()).await? {
        let ir = serde_json::to_value(ir)?;
        kubelet
            .run_instances(controller.client(), &ir, &walkthrough::serving_log)
            .await?;
    }
    Ok(())
}

async fn act(
    controller: &Controller,
    admin: &kube::Client,
    action: ControllerAction,
) -> Result<()> {
    match action {
        ControllerAction::ObserveReplica(c) => {
            controller
                .observe_replica(NAMESPACE, &format!("chat-{c}"))
                .await?;
        }
        ControllerAction::MarkReady(c) => {
            controller
                .mark_instances_ready(NAMESPACE, &format!("chat-{c}"))
                .await?;
        }
        ControllerAction::StartUpdate(c) => {
            let update = json!({"status": {"updateRevision": walkthrough::UPDATE_REVISION}});
            controller
                .patch_ir_status(NAMESPACE, &format!("chat-{c}"), update)
                .await?;
        }
        ControllerAction::ProjectPause => {
            let isvc = controller.isvc(NAMESPACE, "chat").await?;
            let value = isvc["metadata"]["annotations"]["ome.io/rollout-paused"].as_str();
            project_pause(controller, value).await?;
        }
        ControllerAction::HoldRevision(c) => {
            let ir = format!("chat-{c}");
            controller
                .add_retry_block(NAMESPACE, &ir, walkthrough::HELD_REVISION, "Held")
                .await?;
            let hold = json!({"status": {"rolloutHold": {"gate": "Held",
                "reason": "retry attempts exhausted",
                "target": walkthrough::HELD_REVISION,
                "since": jiff::Timestamp::now().to_string()}}});
            controller.patch_ir_status(NAMESPACE, &ir, hold).await?;
        }
        ControllerAction::ResumeAndRelease => {
            project_pause(controller, None).await?;
            let ir = controller.ir(NAMESPACE, "chat-decoder").await?;
            let back = json!({"status": {"updateRevision": ir["status"]["currentRevision"]}});
            controller
                .patch_ir_status(NAMESPACE, "chat-decoder", back)
                .await?;
        }
        // The kubelet's part, played by `walk_through` after every action.
        ControllerAction::RunPods => {}
        ControllerAction::PendingPod(c, index) => {
            let ir = controller.ir(NAMESPACE, &format!("chat-{c}")).await?;
            let pod = InstancePod::of(&ir, index)?
                .state(PodState::Unschedulable)
                .create(admin, NAMESPACE)
                .await?;
            failed_scheduling()
                .create(admin, NAMESPACE, &pod, "scheduling")
                .await?;
        }
    }
    Ok(())
}

/// Projects the pause value of `chat` (`None`: not paused) onto every InferenceReplica; a
/// resume also clears retry blocks and rollout holds. The annotation itself is written by
/// `rollout pause` and `rollout resume`.
async fn project_pause(controller: &Controller, value: Option<&str>) -> Result<()> {
    let spec = match value {
        Some("freeze") => json!({"paused": true, "pauseMode": "Freeze"}),
        Some(_) => json!({"paused": true, "pauseMode": null}),
        None => json!({"paused": null, "pauseMode": null}),
    };
    for c in ["engine", "decoder", "router"] {
        let ir = format!("chat-{c}");
        controller
            .patch_ir_observed(NAMESPACE, &ir, json!({ "spec": spec }))
            .await?;
        if value.is_none() {
            let clear = json!({"status": {"retryBlocks": null, "rolloutHold": null}});
            controller.patch_ir_status(NAMESPACE, &ir, clear).await?;
        }
    }
    Ok(())
}

/// Binds the Role of `docs/rbac/rollout-operator.yaml` to `scaler` in the demo's namespace, as
/// the docs tell an operator to, so the walkthrough can pause and resume; waits until the
/// authorizer grants it.
async fn grant_rollout_operator(admin: &kube::Client) -> Result<()> {
    const ROLE: &str = include_str!("../../docs/rbac/rollout-operator.yaml");
    let role: Role = serde_saphyr::from_str(ROLE).context("parsing rollout-operator.yaml")?;
    let binding: RoleBinding = serde_json::from_value(json!({
        "metadata": {"name": "ome-rollout-operator"},
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role",
                    "name": "ome-rollout-operator"},
        "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "scaler"}],
    }))?;
    let params = PostParams::default();
    Api::<Role>::namespaced(admin.clone(), NAMESPACE)
        .create(&params, &role)
        .await
        .context("creating the rollout-operator Role")?;
    Api::<RoleBinding>::namespaced(admin.clone(), NAMESPACE)
        .create(&params, &binding)
        .await
        .context("binding the rollout-operator Role")?;
    let review: SubjectAccessReview = serde_json::from_value(json!({"spec": {"user": "scaler",
        "resourceAttributes": {"namespace": NAMESPACE, "verb": "patch", "group": "ome.io",
                               "resource": "inferenceservices"}}}))?;
    let api: Api<SubjectAccessReview> = Api::all(admin.clone());
    // The binding reaches the authorizer through an informer cache.
    poll_until(Duration::from_secs(30), Duration::from_millis(100), || {
        let (api, review) = (api.clone(), review.clone());
        async move {
            let answer = api.create(&PostParams::default(), &review).await?;
            Ok(answer.status.is_some_and(|s| s.allowed).then_some(()))
        }
    })
    .await
    .context("waiting for the rollout-operator grant")
}

fn print_objects(objs: &ChatObjects) {
    let isvc = &objs.isvc;
    println!(
        "InferenceService {}/{}: runtime {}, model {}, generation {}",
        objs.namespace,
        objs.name,
        isvc["spec"]["runtime"]["name"].as_str().unwrap_or("-"),
        isvc["spec"]["model"]["name"].as_str().unwrap_or("-"),
        isvc["metadata"]["generation"],
    );
    println!(
        "  {:<14} {:>7} {:>7} {:>5}  AUTOSCALER",
        "REPLICA", "DESIRED", "CURRENT", "READY"
    );
    for c in Component::ALL {
        if let Ok(ir) = objs.ir(c) {
            println!(
                "  {:<14} {:>7} {:>7} {:>5}  {}",
                ir["metadata"]["name"].as_str().unwrap_or("-"),
                ir["spec"]["replicas"].to_string(),
                ir["status"]["replicas"].to_string(),
                ir["status"]["readyReplicas"].to_string(),
                ir["spec"]["autoscaler"]["class"].as_str().unwrap_or("-"),
            );
        }
    }
}

fn run_plugin(plugin: &Path, kubeconfig: &Path, note: &str, args: &[&str]) -> Result<()> {
    println!();
    println!("# {note}");
    println!("$ kubectl ome {}", args.join(" "));
    let output = Command::new(plugin)
        .args(args)
        .env("KUBECONFIG", kubeconfig)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running {}", plugin.display()))?;
    // The preview (stderr) comes before the result (stdout) in the plugin's own run.
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    print!("{}", String::from_utf8_lossy(&output.stdout));
    let code = output
        .status
        .code()
        .map_or_else(|| "signal".to_string(), |c| c.to_string());
    println!("[exit {code}]");
    Ok(())
}
