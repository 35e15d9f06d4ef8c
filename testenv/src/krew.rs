//! krew for the krew install test: `krew` and krew's manifest validator
//! (`validate-krew-manifest`), built from their Go module (pinned in `krew/go.mod`) into the
//! same cache as the API server, and a sandbox that installs plugins into a temporary
//! `KREW_ROOT` and runs them through a real `kubectl` on PATH (the pinned kubectl of the
//! test server binary).

use crate::binary::{GoBuild, apiserver_binary, cached_go_binary, source_hash};
use anyhow::{Context, Result, bail};
use std::ffi::OsString;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The krew release the module pins.
pub const KREW_VERSION: &str = "v0.4.3";

/// Directory of the krew Go module, as seen when this crate was compiled.
pub fn module_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("krew")
}

/// The `krew` binary (built on first use; about a minute).
pub fn krew_binary() -> Result<PathBuf> {
    cached_go_binary(&krew_build("krew")?)
}

/// krew's index validator, `validate-krew-manifest` (built on first use).
pub fn validator_binary() -> Result<PathBuf> {
    cached_go_binary(&krew_build("validate-krew-manifest")?)
}

fn krew_build(tool: &str) -> Result<GoBuild> {
    let module = module_dir();
    let hash = source_hash(&module)?;
    let package = format!("sigs.k8s.io/krew/cmd/{tool}");
    let ldflags = format!("-s -w -X sigs.k8s.io/krew/internal/version.gitTag={KREW_VERSION}");
    Ok(GoBuild {
        label: format!("{tool} {KREW_VERSION}"),
        key: format!("krew-{KREW_VERSION}-{}", hash.get(..12).unwrap_or(&hash)),
        name: tool.to_string(),
        args: Box::new(move |out| {
            let flags = ["build", "-trimpath", "-ldflags", &ldflags, "-o"].map(OsString::from);
            let target = [out.as_os_str().to_owned(), OsString::from(&package)];
            flags.into_iter().chain(target).collect()
        }),
        dir: module,
        env: vec![("CGO_ENABLED".into(), "0".into())],
    })
}

/// A temporary `KREW_ROOT` and a PATH of `$KREW_ROOT/bin`, then a directory with `kubectl`
/// (the test server binary's pinned kubectl) and `kubectl-krew`, then the system directories.
/// Commands get a private HOME and no ambient KUBECONFIG.
pub struct KrewSandbox {
    dir: tempfile::TempDir,
}

impl KrewSandbox {
    /// Builds krew if needed and lays out the sandbox.
    pub fn new() -> Result<KrewSandbox> {
        let krew = krew_binary()?;
        let apiserver = apiserver_binary()?;
        let dir = tempfile::Builder::new().prefix("krew-sandbox-").tempdir()?;
        let tools = dir.path().join("tools");
        // `krew update` clones the plugin index from GitHub; commands other than install check
        // only that a cloned index exists, so an empty one stands in for it.
        let index = dir.path().join("krew/index/default/.git");
        for sub in [tools.as_path(), &dir.path().join("home"), &index] {
            std::fs::create_dir_all(sub).with_context(|| format!("creating {}", sub.display()))?;
        }
        let kubectl = tools.join("kubectl");
        let script = format!(
            "#!/bin/sh\nexec '{}' kubectl \"$@\"\n",
            apiserver.display().to_string().replace('\'', r"'\''")
        );
        std::fs::write(&kubectl, script).context("writing the kubectl wrapper")?;
        std::fs::set_permissions(&kubectl, std::fs::Permissions::from_mode(0o755))?;
        symlink(&krew, tools.join("kubectl-krew")).context("linking kubectl-krew")?;
        Ok(KrewSandbox { dir })
    }

    /// `KREW_ROOT`.
    pub fn krew_root(&self) -> PathBuf {
        self.dir.path().join("krew")
    }

    /// `$KREW_ROOT/bin`, where krew links the plugins' executables.
    pub fn bin_dir(&self) -> PathBuf {
        self.krew_root().join("bin")
    }

    /// The sandbox's PATH.
    pub fn path_var(&self) -> Result<OsString> {
        let dirs = [
            self.bin_dir(),
            self.dir.path().join("tools"),
            PathBuf::from("/usr/bin"),
            PathBuf::from("/bin"),
        ];
        Ok(std::env::join_paths(dirs)?)
    }

    /// `program` with the sandbox's environment (KREW_ROOT, PATH, HOME; no KUBECONFIG).
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Result<Command> {
        let mut command = Command::new(program);
        command
            .env("KREW_ROOT", self.krew_root())
            .env("PATH", self.path_var()?)
            .env("HOME", self.dir.path().join("home"))
            .env_remove("KUBECONFIG")
            .env_remove("KREW_OS")
            .env_remove("KREW_ARCH")
            .stdin(Stdio::null());
        Ok(command)
    }

    /// Runs `kubectl ARGS` (found on the sandbox's PATH) with `KUBECONFIG=kubeconfig`, if given.
    pub fn kubectl(&self, kubeconfig: Option<&Path>, args: &[&str]) -> Result<Output> {
        let mut command = self.command(self.dir.path().join("tools").join("kubectl"))?;
        if let Some(path) = kubeconfig {
            command.env("KUBECONFIG", path);
        }
        command.args(args).output().context("running kubectl")
    }

    /// `kubectl krew install --manifest=MANIFEST --archive=ARCHIVE`; an error with krew's
    /// output if it fails.
    pub fn install(&self, manifest: &Path, archive: &Path) -> Result<Output> {
        let manifest = format!("--manifest={}", manifest.display());
        let archive = format!("--archive={}", archive.display());
        let output = self.kubectl(None, &["krew", "install", &manifest, &archive])?;
        if !output.status.success() {
            bail!(
                "krew install failed ({}): {}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
        }
        Ok(output)
    }

    /// Every path under `KREW_ROOT` (directories too), relative to it, sorted.
    pub fn paths(&self) -> Result<Vec<PathBuf>> {
        let root = self.krew_root();
        let mut found = Vec::new();
        let mut pending = vec![root.clone()];
        while let Some(dir) = pending.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries {
                let entry = entry?;
                let path = entry.path();
                found.push(path.strip_prefix(&root)?.to_path_buf());
                if entry.file_type()?.is_dir() {
                    pending.push(path);
                }
            }
        }
        found.sort();
        Ok(found)
    }
}
