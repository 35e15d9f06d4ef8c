//! `cargo run -p ome-testenv --bin ome-demo [-- --keep]`: builds the plugin, starts a real API
//! server with the guide's `chat` example in namespace `prod`, and runs the walkthrough
//! (`ome_testenv::walkthrough::steps`), printing each command, its output and its exit code.
//!
//! With `--keep` it then prints `export KUBECONFIG=...` and plays the controller for the demo's
//! services until Ctrl-C (`ome_testenv::keeper`). Either way the server is stopped before exit
//! (and exits by itself if this process is killed).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};
use ome_testenv::{Controller, TestCluster, demo, keeper};

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

async fn run(keep: bool) -> Result<()> {
    let plugin = tokio::task::spawn_blocking(build_plugin).await??;
    eprintln!("starting kube-apiserver ...");
    let cluster = TestCluster::start().await?;
    eprintln!(
        "API server ready at {} in {:.1?}",
        cluster.url(),
        cluster.startup_time()
    );
    demo::prepare(&cluster).await?;
    // Kept until the cluster stops: its kubelet runs the demo's Pods and serves their logs.
    let walked = demo::walk_through(&cluster, &plugin).await?;
    if keep {
        let kubeconfig = cluster.kubeconfig("scaler")?;
        let controller = Controller::new(cluster.admin().await?);
        println!();
        println!("export KUBECONFIG={}", kubeconfig.display());
        println!(
            "# API server: {}  (Ctrl-C stops it). The controller's part goes on playing in \
             namespace {}: every command of the guide works here, in order.",
            cluster.url(),
            demo::NAMESPACE
        );
        tokio::select! {
            () = keeper::keep_reconciling(&controller, walked.kubelet(), demo::NAMESPACE) => {}
            r = tokio::signal::ctrl_c() => r.context("waiting for Ctrl-C")?,
        }
    } else {
        println!();
        println!("# The API server is stopped now. To keep it up for exploring, run:");
        println!("#   cargo run -p ome-testenv --bin ome-demo -- --keep");
        println!("# which prints `export KUBECONFIG=...` for this local cluster.");
    }
    drop(cluster);
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
        r = run(keep) => r,
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
