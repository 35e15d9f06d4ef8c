//! A shell like a user's, for the documentation tests: `kubectl` (the test server's pinned
//! kubectl), `kubectl-ome` (this build) and its completion entry `kubectl_complete-ome` on PATH,
//! a private HOME, and nothing else of the caller's environment. Commands run exactly as they
//! are written in the docs, through `sh -c`, from the repository root.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

/// How long one documented command may run (the longest documented wait is far below it).
const COMMAND_LIMIT: Duration = Duration::from_secs(120);

/// What a shell command printed and how it exited.
#[derive(Debug)]
pub struct ShellRun {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// The temporary directories of the shell (deleted on drop).
pub struct Sandbox {
    dir: tempfile::TempDir,
}

/// The repository root (the working directory of every command).
pub fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

impl Sandbox {
    /// Lays out `bin/` (kubectl, kubectl-ome, kubectl_complete-ome) and `home/`.
    pub fn new() -> Sandbox {
        let dir = tempfile::Builder::new()
            .prefix("docs-shell-")
            .tempdir()
            .expect("create the sandbox directory");
        let bin = dir.path().join("bin");
        std::fs::create_dir_all(&bin).expect("create bin/");
        std::fs::create_dir_all(dir.path().join("home")).expect("create home/");
        let server = ome_testenv::binary::apiserver_binary().expect("the test server binary");
        let wrapper = format!(
            "#!/bin/sh\nexec '{}' kubectl \"$@\"\n",
            server.display().to_string().replace('\'', r"'\''")
        );
        let kubectl = bin.join("kubectl");
        std::fs::write(&kubectl, wrapper).expect("write the kubectl wrapper");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&kubectl, std::fs::Permissions::from_mode(0o755))
            .expect("make kubectl executable");
        let plugin = Path::new(env!("CARGO_BIN_EXE_kubectl-ome"));
        std::os::unix::fs::symlink(plugin, bin.join("kubectl-ome")).expect("link kubectl-ome");
        // As `kubectl ome completion install` makes it: a relative link next to the plugin.
        std::os::unix::fs::symlink("kubectl-ome", bin.join("kubectl_complete-ome"))
            .expect("link kubectl_complete-ome");
        Sandbox { dir }
    }

    /// The directory on PATH before the system directories.
    pub fn bin(&self) -> PathBuf {
        self.dir.path().join("bin")
    }

    /// Runs `script` with `sh -c` as the user of `kubeconfig`, with the extra environment `env`
    /// (e.g. `NS`). With `merged`, stderr goes to the same pipe as stdout, in the order a
    /// terminal would show them, and `stderr` stays empty.
    pub async fn run(
        &self,
        script: &str,
        kubeconfig: &Path,
        env: &[(&str, &str)],
        merged: bool,
    ) -> ShellRun {
        let path = format!("{}:/usr/bin:/bin", self.bin().display());
        let script = if merged {
            format!("exec 2>&1\n{script}")
        } else {
            script.to_string()
        };
        let mut command = tokio::process::Command::new("/bin/sh");
        command
            .arg("-c")
            .arg(&script)
            .current_dir(repo_root())
            .env_clear()
            .env("PATH", path)
            .env("HOME", self.dir.path().join("home"))
            .env("KUBECONFIG", kubeconfig)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        for (key, value) in env {
            command.env(key, value);
        }
        let output = tokio::time::timeout(COMMAND_LIMIT, command.output())
            .await
            .unwrap_or_else(|_| panic!("{script:?} did not finish within {COMMAND_LIMIT:?}"))
            .expect("run sh");
        let run = ShellRun {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            code: output.status.code().unwrap_or(-1),
        };
        // What the plugin was trusted with never reaches a user's terminal (as tests/support
        // checks for every other run of the plugin).
        for text in [&run.stdout, &run.stderr] {
            if let Some(secret) = ome_testenv::secrets::leaked_in(text) {
                panic!("{script:?} printed the {}", secret.label);
            }
        }
        run
    }
}
