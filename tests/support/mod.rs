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

/// `kubectl_complete-ome`: a link to the plugin binary, which then runs as the completion
/// entry (as `kubectl ome completion install` sets it up).
pub fn completion_entry() -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("completion-entry");
    let link = dir.join("kubectl_complete-ome");
    std::fs::create_dir_all(&dir).expect("create the completion entry's directory");
    match std::os::unix::fs::symlink(binary(), &link) {
        Ok(()) => {}
        // Another test binary made it: the same link to the same binary.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => panic!("link {}: {e}", link.display()),
    }
    link
}

/// Runs each argument list as `user` and asserts what a user sees for a rejected command line:
/// exit 1, empty stdout, exactly `error: <message>` on stderr. Then proves from the audit log
/// that the API server received no request from `user` meanwhile.
pub async fn assert_rejected_without_requests(
    cluster: &ome_testenv::TestCluster,
    user: &str,
    cases: &[(Vec<&str>, impl AsRef<str>)],
) {
    let kubeconfig = cluster.kubeconfig(user).expect("kubeconfig");
    let audit = cluster.audit();
    audit.sync().await.expect("audit sync");
    let mark = audit.mark().expect("audit mark");
    for (args, message) in cases {
        let run = plugin_async(Some(&kubeconfig), args).await;
        let stderr = format!("error: {}\n", message.as_ref());
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (1, "", stderr.as_str()),
            "{args:?}"
        );
    }
    audit.sync().await.expect("audit sync");
    let requests: Vec<_> = audit
        .events_since(mark)
        .expect("audit events")
        .into_iter()
        .filter(|e| e.user.username == user)
        .collect();
    assert!(requests.is_empty(), "{requests:?}");
}
