//! Running the built plugin the way a user does, and capturing what they would see.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// What a command printed and how it exited.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs `kubectl-ome` with `args`, using only `kubeconfig` (no ambient KUBECONFIG or HOME).
pub fn plugin(kubeconfig: Option<&Path>, args: &[&str]) -> Run {
    plugin_with_env(kubeconfig, args, &[])
}

pub fn plugin_with_env(kubeconfig: Option<&Path>, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut command = Command::new(binary());
    command
        .args(args)
        .env_remove("KUBECONFIG")
        .env("HOME", "/nonexistent-home-for-tests")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    if let Some(path) = kubeconfig {
        command.env("KUBECONFIG", path);
    }
    for (key, value) in env {
        command.env(key, value);
    }
    let output = command.output().expect("run kubectl-ome");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    }
}

/// Async wrapper so tokio tests do not block their runtime while the plugin runs.
pub async fn plugin_async(kubeconfig: Option<&Path>, args: &[&str]) -> Run {
    let kubeconfig = kubeconfig.map(Path::to_path_buf);
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        plugin(kubeconfig.as_deref(), &refs)
    })
    .await
    .expect("join plugin run")
}

/// The plugin binary, pinned (hard-linked) once per test process: worktrees that share one
/// target directory relink `debug/kubectl-ome`, and a test must keep running the binary it was
/// built with. Call it at the start of a test to pin early. Falls back to the built path.
pub fn binary() -> &'static Path {
    static PINNED: OnceLock<PathBuf> = OnceLock::new();
    PINNED.get_or_init(|| {
        let built = PathBuf::from(env!("CARGO_BIN_EXE_kubectl-ome"));
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
        // Links of test processes that have exited are stale.
        if let Ok(entries) = std::fs::read_dir(dir) {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let stale = name
                    .strip_prefix("kubectl-ome-pinned-")
                    .is_some_and(|pid| !Path::new("/proc").join(pid).exists());
                if stale {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
        let pinned = dir.join(format!("kubectl-ome-pinned-{}", std::process::id()));
        let _ = std::fs::remove_file(&pinned);
        match std::fs::hard_link(&built, &pinned) {
            Ok(()) => pinned,
            Err(_) => built,
        }
    })
}
