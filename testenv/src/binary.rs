//! Locating and building the Go binaries of the test environment: `ome-testenv-apiserver`
//! (embedded etcd + kube-apiserver) and any other Go tool a test needs.
//!
//! Binaries are cached outside the repository under
//! `${XDG_CACHE_HOME:-~/.cache}/kubectl-ome-testenv/<key>/`, keyed by version and a hash of the
//! sources, so a fresh clone builds each one once and later runs reuse it. A file lock keeps
//! concurrent test binaries and the demo from building the same binary twice; the one that waits
//! prints progress too. A build has its own bound ([`BUILD_TIMEOUT_ENV`], default 60 min),
//! separate from the server's start-up deadline, and prints a progress line at least every 30 s.

use std::ffi::OsString;
use std::fs::{self, File, TryLockError};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use sha2::{Digest, Sha256};

use crate::util::{env_duration_secs, human_duration};

/// Name of the built API-server binary.
pub const BINARY_NAME: &str = "ome-testenv-apiserver";

/// Environment variable naming a prebuilt API-server binary to use instead of the cache.
pub const BINARY_ENV: &str = "OME_TESTENV_APISERVER";

/// Environment variable naming the `go` command to use (default: `go` on PATH).
pub const GO_ENV: &str = "OME_TESTENV_GO";

/// Environment variable bounding one Go build, in seconds (default [`DEFAULT_BUILD_TIMEOUT`]).
pub const BUILD_TIMEOUT_ENV: &str = "OME_TESTENV_BUILD_TIMEOUT_SECS";

/// Environment variable setting the interval of progress lines, in seconds (default 30).
pub const PROGRESS_ENV: &str = "OME_TESTENV_PROGRESS_SECS";

/// A cold build of the API server takes about 13 min on 2 cores; this leaves room for a busy
/// machine and slow downloads while still ending a build that hangs.
pub const DEFAULT_BUILD_TIMEOUT: Duration = Duration::from_secs(60 * 60);

const DEFAULT_PROGRESS: Duration = Duration::from_secs(30);
const POLL: Duration = Duration::from_millis(200);
/// How long an interrupted `go` gets to stop its compilers before it is killed.
const INTERRUPT_GRACE: Duration = Duration::from_secs(10);

/// Directory of the API server's Go module, as seen when this crate was compiled.
pub fn module_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("apiserver")
}

/// The pinned Kubernetes version (content of `apiserver/K8S_VERSION`), e.g. `v1.37.2`.
pub fn k8s_version() -> Result<String> {
    let path = module_dir().join("K8S_VERSION");
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    Ok(text.trim().to_string())
}

/// Builds the arguments to `go` for a given output path.
pub type GoArgs = Box<dyn Fn(&Path) -> Vec<OsString> + Send + Sync>;

/// One Go binary kept in the cache: where it lives and how to build it.
pub struct GoBuild {
    /// What the progress lines call it, e.g. `kube-apiserver v1.37.2`.
    pub label: String,
    /// Cache subdirectory (unique per version and sources).
    pub key: String,
    /// File name of the binary inside the cache subdirectory.
    pub name: String,
    /// Arguments to `go` that write the binary to the path given as the closure's argument,
    /// e.g. `build -o <out> .`.
    pub args: GoArgs,
    /// Working directory of `go`.
    pub dir: PathBuf,
    /// Extra environment for `go`.
    pub env: Vec<(String, String)>,
}

/// Returns the path of a ready-to-run API-server binary, building it first if the cache has none.
pub fn apiserver_binary() -> Result<PathBuf> {
    if let Some(path) = std::env::var_os(BINARY_ENV) {
        let path = PathBuf::from(path);
        if path.is_file() {
            return Ok(path);
        }
        bail!("{BINARY_ENV}={} is not a file", path.display());
    }
    cached_go_binary(&apiserver_build()?)
}

fn apiserver_build() -> Result<GoBuild> {
    let module = module_dir();
    let version = k8s_version()?;
    let hash = source_hash(&module)?;
    let minor = version
        .trim_start_matches('v')
        .split('.')
        .nth(1)
        .ok_or_else(|| anyhow!("malformed K8S_VERSION {version}"))?
        .to_string();
    let ldflags = format!(
        "-s -w -X k8s.io/component-base/version.gitVersion={version} \
         -X k8s.io/component-base/version.gitMajor=1 \
         -X k8s.io/component-base/version.gitMinor={minor}"
    );
    Ok(GoBuild {
        label: format!("kube-apiserver {version}"),
        key: format!("{version}-{}", hash.get(..12).unwrap_or(&hash)),
        name: BINARY_NAME.to_string(),
        args: Box::new(move |out| {
            let mut args: Vec<OsString> = ["build", "-trimpath", "-ldflags", &ldflags, "-o"]
                .iter()
                .map(OsString::from)
                .collect();
            args.push(out.as_os_str().to_owned());
            args.push(".".into());
            args
        }),
        dir: module,
        env: vec![("CGO_ENABLED".into(), "0".into())],
    })
}

/// Returns the cached binary of `build`, building it under the cache lock if it is missing.
pub fn cached_go_binary(build: &GoBuild) -> Result<PathBuf> {
    let dir = cache_root()?.join(&build.key);
    let binary = dir.join(&build.name);
    if binary.is_file() {
        return Ok(binary);
    }
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let limits = Limits::from_env()?;
    let log_path = dir.join("build.log");
    let _lock = lock_cache_dir(&dir, build, &log_path, &limits)?;
    // Another process may have finished the build while this one waited for the lock.
    if binary.is_file() {
        return Ok(binary);
    }
    run_build(build, &dir, &binary, &log_path, &limits)?;
    Ok(binary)
}

struct Limits {
    build: Duration,
    progress: Duration,
}

impl Limits {
    fn from_env() -> Result<Limits> {
        Ok(Limits {
            build: env_duration_secs(BUILD_TIMEOUT_ENV, DEFAULT_BUILD_TIMEOUT)?,
            progress: env_duration_secs(PROGRESS_ENV, DEFAULT_PROGRESS)?,
        })
    }
}

/// Prints a line at most every `interval`; the first one after `interval` has passed.
struct Progress {
    started: Instant,
    last: Instant,
    interval: Duration,
}

impl Progress {
    fn new(interval: Duration) -> Progress {
        let now = Instant::now();
        Progress {
            started: now,
            last: now,
            interval,
        }
    }

    fn tick(&mut self, line: impl FnOnce(Duration) -> String) {
        if self.last.elapsed() >= self.interval {
            self.last = Instant::now();
            say(&line(self.started.elapsed()));
        }
    }
}

fn say(line: &str) {
    // Straight to stderr: the test harness does not capture it, so a first run never looks hung.
    let _ = writeln!(std::io::stderr(), "ome-testenv: {line}");
}

/// Takes the cache directory's lock, waiting (with progress lines) while another process builds.
fn lock_cache_dir(dir: &Path, build: &GoBuild, log_path: &Path, limits: &Limits) -> Result<File> {
    let lock_path = dir.join(".lock");
    let lock = File::create(&lock_path)
        .with_context(|| format!("creating lock file {}", lock_path.display()))?;
    let mut progress = Progress::new(limits.progress);
    let mut announced = false;
    loop {
        match lock.try_lock() {
            Ok(()) => return Ok(lock),
            Err(TryLockError::WouldBlock) => {}
            Err(TryLockError::Error(e)) => {
                return Err(e).with_context(|| format!("locking {}", lock_path.display()));
            }
        }
        if !announced {
            announced = true;
            say(&format!(
                "waiting for another process that is building {}; log {}",
                build.label,
                log_path.display()
            ));
        }
        // The builder is bounded by the same limit; a little more covers its start-up.
        if progress.started.elapsed() > limits.build + Duration::from_secs(60) {
            bail!(
                "gave up waiting for another process to build {} after {}; log {}",
                build.label,
                human_duration(progress.started.elapsed()),
                log_path.display()
            );
        }
        progress.tick(|elapsed| {
            format!(
                "still waiting for the build of {} ({} so far); log {}",
                build.label,
                human_duration(elapsed),
                log_path.display()
            )
        });
        std::thread::sleep(POLL);
    }
}

fn run_build(
    build: &GoBuild,
    dir: &Path,
    binary: &Path,
    log_path: &Path,
    limits: &Limits,
) -> Result<()> {
    let go = go_command()?;
    let tmp = dir.join(format!("{}.tmp-{}", build.name, std::process::id()));
    let log = File::create(log_path).with_context(|| format!("creating {}", log_path.display()))?;
    say(&format!(
        "building {} with {} (first run only; about 13 min on 2 cores, bounded at {}); log {}",
        build.label,
        go.display(),
        human_duration(limits.build),
        log_path.display()
    ));
    let mut child = Command::new(&go)
        .current_dir(&build.dir)
        .envs(build.env.iter().map(|(k, v)| (k, v)))
        .args((build.args)(&tmp))
        .stdin(Stdio::null())
        .stdout(log.try_clone()?)
        .stderr(log)
        .spawn()
        .with_context(|| format!("running {}", go.display()))?;
    let outcome = supervise(&mut child, build, log_path, limits);
    let status = match outcome {
        Ok(status) => status,
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            return Err(e);
        }
    };
    if !status.success() || !tmp.is_file() {
        let _ = fs::remove_file(&tmp);
        bail!(
            "building {} failed ({status}); last lines of {}:\n{}",
            build.label,
            log_path.display(),
            tail(log_path, 40)
        );
    }
    fs::rename(&tmp, binary)
        .with_context(|| format!("moving {} to {}", tmp.display(), binary.display()))?;
    Ok(())
}

/// Waits for the build, printing progress, and stops it once it exceeds its bound.
fn supervise(
    child: &mut Child,
    build: &GoBuild,
    log_path: &Path,
    limits: &Limits,
) -> Result<ExitStatus> {
    let mut progress = Progress::new(limits.progress);
    loop {
        if let Some(status) = child.try_wait().context("waiting for go")? {
            say(&format!(
                "building {} finished after {}",
                build.label,
                human_duration(progress.started.elapsed())
            ));
            return Ok(status);
        }
        if progress.started.elapsed() > limits.build {
            stop(child);
            bail!(
                "building {} did not finish within {} ({BUILD_TIMEOUT_ENV}); stopped it; last \
                 lines of {}:\n{}",
                build.label,
                human_duration(limits.build),
                log_path.display(),
                tail(log_path, 40)
            );
        }
        progress.tick(|elapsed| {
            format!(
                "building {}: {} elapsed; log {}",
                build.label,
                human_duration(elapsed),
                log_path.display()
            )
        });
        std::thread::sleep(POLL);
    }
}

/// Interrupts `go` (which then stops its compiler processes), killing it if it lingers.
fn stop(child: &mut Child) {
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .stderr(Stdio::null())
        .status();
    let deadline = Instant::now() + INTERRUPT_GRACE;
    while Instant::now() < deadline {
        if matches!(child.try_wait(), Ok(Some(_))) {
            return;
        }
        std::thread::sleep(POLL);
    }
    let _ = child.kill();
    let _ = child.wait();
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
pub(crate) fn source_hash(module: &Path) -> Result<String> {
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

/// The `go` command: [`GO_ENV`] if set, else the first `go` on PATH, else the default location
/// of Go's official installer.
pub fn go_command() -> Result<PathBuf> {
    if let Some(path) = std::env::var_os(GO_ENV).filter(|v| !v.is_empty()) {
        let path = PathBuf::from(path);
        if path.is_file() {
            return Ok(path);
        }
        bail!("{GO_ENV}={} is not a file", path.display());
    }
    find_go(
        std::env::var_os("PATH"),
        &[PathBuf::from("/usr/local/go/bin/go")],
    )
}

fn find_go(path: Option<OsString>, fallbacks: &[PathBuf]) -> Result<PathBuf> {
    let on_path = path
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join("go"));
    if let Some(go) = on_path
        .chain(fallbacks.iter().cloned())
        .find(|p| p.is_file())
    {
        return Ok(go);
    }
    bail!(
        "the Go toolchain is needed to build the test API server, and `go` is not on PATH: \
         install Go 1.26 or newer (https://go.dev/doc/install) and put its bin directory on \
         PATH (e.g. export PATH=/usr/local/go/bin:$PATH), or name the command in {GO_ENV}"
    )
}

/// The last `lines` lines of a text file (empty if unreadable).
pub(crate) fn tail(path: &Path, lines: usize) -> String {
    let text = fs::read_to_string(path).unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    let skip = all.len().saturating_sub(lines);
    all.into_iter().skip(skip).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_go_names_what_to_install() {
        let empty = tempfile::tempdir().unwrap();
        let err = find_go(Some(empty.path().as_os_str().to_owned()), &[]).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("`go` is not on PATH"), "{msg}");
        assert!(msg.contains("install Go 1.26 or newer"), "{msg}");
    }

    #[test]
    fn go_on_path_wins_over_fallback() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("go"), "").unwrap();
        let found = find_go(
            Some(dir.path().as_os_str().to_owned()),
            &[PathBuf::from("/nonexistent/go")],
        )
        .unwrap();
        assert_eq!(found, dir.path().join("go"));
    }
}
