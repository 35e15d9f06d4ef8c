//! `cargo run -p ome-testenv --bin ome-demo [-- --keep]`: builds the plugin, starts a real API
//! server with the guide's `chat` example in namespace `prod`, and runs the walkthrough
//! (`ome_testenv::walkthrough::steps`), printing each command, its output and its exit code.
//!
//! With `--keep` it then prints `export KUBECONFIG=...` and waits for Ctrl-C. Either way the
//! server is stopped before exit (and exits by itself if this process is killed).

// JSON documents are read by key (serde_json's `Value`: a missing key reads as `Null`); the
// lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};
use ome_testenv::fixtures::ChatObjects;
use ome_testenv::operator::{ManagerDeployment, ensure_model_crds};
use ome_testenv::pods::{InstancePod, PodState, failed_scheduling};
use ome_testenv::walkthrough::{self, ControllerAction, Step};
use ome_testenv::{ChatFixture, Component, Controller, DocsShape, TestCluster};
use serde_json::json;

const NAMESPACE: &str = "prod";
/// Where the OME operator runs (its `ome-controller-manager` Deployment).
const OME_NAMESPACE: &str = "ome";

fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
}

fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR").filter(|v| !v.is_empty()) {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            if dir.is_absolute() {
                dir
            } else {
                root.join(dir)
            }
        }
        None => root.join("target"),
    }
}

fn build_plugin() -> Result<PathBuf> {
    let root = workspace_root();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    eprintln!("building kubectl-ome ...");
    let status = Command::new(cargo)
        .current_dir(&root)
        .args(["build", "-q", "--workspace", "--bins"])
        .stdin(Stdio::null())
        .status()
        .context("running cargo build")?;
    if !status.success() {
        bail!("building kubectl-ome failed ({status})");
    }
    let binary = target_dir(&root).join("debug").join("kubectl-ome");
    if !binary.is_file() {
        bail!("{} not found after the build", binary.display());
    }
    Ok(binary)
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

async fn demo(keep: bool) -> Result<()> {
    let plugin = tokio::task::spawn_blocking(build_plugin).await??;
    eprintln!("starting kube-apiserver ...");
    let cluster = TestCluster::start().await?;
    eprintln!(
        "API server ready at {} in {:.1?}",
        cluster.url(),
        cluster.startup_time()
    );
    cluster.ensure_namespace(NAMESPACE).await?;
    cluster.ensure_namespace(OME_NAMESPACE).await?;
    let admin = cluster.admin().await?;
    // What an OME install has besides the CRDs: the model CRDs and the operator Deployment.
    ensure_model_crds(&admin).await?;
    ManagerDeployment::default()
        .create(&admin, OME_NAMESPACE)
        .await?;
    let objs = ChatFixture::new().create(&admin, NAMESPACE).await?;
    // Next to `chat`, a service shaped like OME's documentation examples.
    DocsShape::BareName
        .fixture(walkthrough::DOCS_SERVICE)
        .create(&admin, NAMESPACE)
        .await?;
    println!();
    print_objects(&objs);
    let kubeconfig = cluster.kubeconfig("scaler")?;
    let controller = Controller::new(admin.clone());
    for step in walkthrough::steps() {
        match step {
            Step::Plugin { note, args } => {
                let plugin = plugin.clone();
                let kubeconfig = kubeconfig.clone();
                tokio::task::spawn_blocking(move || run_plugin(&plugin, &kubeconfig, note, &args))
                    .await??;
            }
            Step::Controller { note, action } => {
                println!();
                println!("# controller: {note}");
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
                    ControllerAction::Pause(value) => pause(&controller, Some(value)).await?,
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
                    ControllerAction::ResumeAndRelease => pause(&controller, None).await?,
                    ControllerAction::PendingPod(c, index) => {
                        let ir = controller.ir(NAMESPACE, &format!("chat-{c}")).await?;
                        let pod = InstancePod::of(&ir, index)?
                            .state(PodState::Unschedulable)
                            .create(&admin, NAMESPACE)
                            .await?;
                        failed_scheduling()
                            .create(&admin, NAMESPACE, &pod, "scheduling")
                            .await?;
                    }
                }
            }
        }
    }
    if keep {
        println!();
        println!("export KUBECONFIG={}", kubeconfig.display());
        println!("# API server: {}  (Ctrl-C stops it)", cluster.url());
        tokio::signal::ctrl_c()
            .await
            .context("waiting for Ctrl-C")?;
    } else {
        println!();
        println!("# The API server is stopped now. To keep it up for exploring, run:");
        println!("#   cargo run -p ome-testenv --bin ome-demo -- --keep");
        println!("# which prints `export KUBECONFIG=...` for this local cluster.");
    }
    drop(cluster);
    Ok(())
}

/// Sets (`Some`) or removes (`None`) the pause of `chat` and its projection onto every
/// InferenceReplica; removing it also clears retry blocks and rollout holds.
async fn pause(controller: &Controller, value: Option<&str>) -> Result<()> {
    controller
        .annotate_isvc(NAMESPACE, "chat", "ome.io/rollout-paused", value)
        .await?;
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

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let keep = args.iter().any(|a| a == "--keep");
    if let Some(bad) = args.iter().find(|a| *a != "--keep") {
        eprintln!("usage: ome-demo [--keep]  (unknown argument {bad:?})");
        return std::process::ExitCode::from(2);
    }
    // Ctrl-C during the walkthrough drops the cluster (stopping the server) before exiting.
    let result = tokio::select! {
        r = demo(keep) => r,
        _ = tokio::signal::ctrl_c() => Ok(()),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ome-demo: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
