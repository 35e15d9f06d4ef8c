//! Locating and building the `ome-testenv-apiserver` Go binary (embedded etcd + kube-apiserver).
//!
//! The binary is built from the Go module in `testenv/apiserver` and cached outside the
//! repository, keyed by the pinned Kubernetes version and a hash of the module's sources, so a
//! fresh clone builds it once and later runs reuse it. A file lock keeps concurrent test
//! binaries and the demo from building it twice.

use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, anyhow, bail};
use sha2::{Digest, Sha256};

/// Name of the built binary.
pub const BINARY_NAME: &str = "ome-testenv-apiserver";

/// Environment variable naming a prebuilt binary to use instead of the cache (for debugging).
pub const BINARY_ENV: &str = "OME_TESTENV_APISERVER";

/// Directory of the Go module, as seen when this crate was compiled.
pub fn module_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("apiserver")
}

/// The pinned Kubernetes version (content of `apiserver/K8S_VERSION`), e.g. `v1.37.2`.
pub fn k8s_version() -> Result<String> {
    let path = module_dir().join("K8S_VERSION");
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    Ok(text.trim().to_string())
}

/// Returns the path of a ready-to-run binary, building it first if the cache has none.
pub fn apiserver_binary() -> Result<PathBuf> {
    if let Some(path) = std::env::var_os(BINARY_ENV) {
        let path = PathBuf::from(path);
        if path.is_file() {
            return Ok(path);
        }
        bail!("{BINARY_ENV}={} is not a file", path.display());
    }
    let module = module_dir();
    let version = k8s_version()?;
    let hash = source_hash(&module)?;
    let dir = cache_root()?.join(format!("{version}-{}", &hash[..12]));
    let binary = dir.join(BINARY_NAME);
    if binary.is_file() {
        return Ok(binary);
    }
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let lock_path = dir.join(".lock");
    let lock = File::create(&lock_path)
        .with_context(|| format!("creating lock file {}", lock_path.display()))?;
    lock.lock()
        .with_context(|| format!("locking {}", lock_path.display()))?;
    // Another process may have finished the build while this one waited for the lock.
    if binary.is_file() {
        return Ok(binary);
    }
    build(&module, &version, &dir, &binary)?;
    drop(lock);
    Ok(binary)
}

fn cache_root() -> Result<PathBuf> {
    let base = match std::env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => {
            let home = std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .ok_or_else(|| anyhow!("neither XDG_CACHE_HOME nor HOME is set"))?;
            PathBuf::from(home).join(".cache")
        }
    };
    Ok(base.join("kubectl-ome-testenv"))
}

/// SHA-256 over the module's inputs (K8S_VERSION, go.mod, go.sum and every `*.go` file), hex.
fn source_hash(module: &Path) -> Result<String> {
    let mut names: Vec<String> = Vec::new();
    for entry in fs::read_dir(module).with_context(|| format!("reading {}", module.display()))? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if name.ends_with(".go") || name == "go.mod" || name == "go.sum" || name == "K8S_VERSION" {
            names.push(name);
        }
    }
    names.sort();
    let mut hasher = Sha256::new();
    for name in &names {
        let mut content = Vec::new();
        File::open(module.join(name))
            .and_then(|mut f| f.read_to_end(&mut content))
            .with_context(|| format!("reading {name}"))?;
        hasher.update(name.as_bytes());
        hasher.update([0]);
        hasher.update((content.len() as u64).to_le_bytes());
        hasher.update(&content);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

fn go_command() -> Result<PathBuf> {
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join("go");
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    let fallback = PathBuf::from("/usr/local/go/bin/go");
    if fallback.is_file() {
        return Ok(fallback);
    }
    bail!(
        "the Go toolchain (`go`) is not installed or not on PATH; it is needed to build {BINARY_NAME}"
    )
}

fn build(module: &Path, version: &str, dir: &Path, binary: &Path) -> Result<()> {
    let go = go_command()?;
    let minor = version
        .trim_start_matches('v')
        .split('.')
        .nth(1)
        .ok_or_else(|| anyhow!("malformed K8S_VERSION {version}"))?;
    let ldflags = format!(
        "-s -w -X k8s.io/component-base/version.gitVersion={version} \
         -X k8s.io/component-base/version.gitMajor=1 \
         -X k8s.io/component-base/version.gitMinor={minor}"
    );
    let tmp = dir.join(format!("{BINARY_NAME}.tmp-{}", std::process::id()));
    let log_path = dir.join("build.log");
    let log =
        File::create(&log_path).with_context(|| format!("creating {}", log_path.display()))?;
    let mut stderr = std::io::stderr();
    let _ = writeln!(
        stderr,
        "building kube-apiserver {version} from Go modules (first run only; several minutes)"
    );
    let status = Command::new(&go)
        .current_dir(module)
        .env("CGO_ENABLED", "0")
        .args(["build", "-trimpath", "-ldflags", &ldflags, "-o"])
        .arg(&tmp)
        .arg(".")
        .stdin(Stdio::null())
        .stdout(log.try_clone()?)
        .stderr(log)
        .status()
        .with_context(|| format!("running {}", go.display()))?;
    if !status.success() {
        let _ = fs::remove_file(&tmp);
        bail!(
            "building {BINARY_NAME} failed ({status}); log {}:\n{}",
            log_path.display(),
            tail(&log_path, 40)
        );
    }
    fs::rename(&tmp, binary)
        .with_context(|| format!("moving {} to {}", tmp.display(), binary.display()))?;
    Ok(())
}

/// The last `lines` lines of a text file (empty if unreadable).
pub(crate) fn tail(path: &Path, lines: usize) -> String {
    let text = fs::read_to_string(path).unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}
