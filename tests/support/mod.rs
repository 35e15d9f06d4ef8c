//! Running the built plugin the way a user does, and capturing what they would see.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Stdio};

/// What a command printed and how it exited.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

impl Run {
    /// The stdout of a successful run: exit 0 and nothing on stderr.
    pub fn ok(&self) -> &str {
        assert_eq!(self.code, 0, "stderr: {}", self.stderr);
        assert_eq!(self.stderr, "");
        &self.stdout
    }

    /// The stdout of a successful run, parsed as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(self.ok()).expect("stdout is JSON")
    }
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

/// The plugin binary cargo built for this test run.
pub fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_kubectl-ome"))
}
