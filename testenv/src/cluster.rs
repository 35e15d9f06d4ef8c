//! [`TestCluster`]: one real kube-apiserver (with embedded etcd) on a loopback port, with the
//! OME CRDs and the test users' RBAC installed, plus [`shared`], the per-test-binary instance.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use k8s_openapi::api::core::v1::Namespace;
use kube::api::{Api, PostParams};
use kube::config::{KubeConfigOptions, Kubeconfig};

use crate::audit::Audit;
use crate::binary::{apiserver_binary, tail};
use crate::kubeconfig::{KubeconfigBuilder, unreachable_server, write_exec_plugin};
use crate::util::env_duration_secs;
use crate::wait::poll_until;

/// Users that authenticate with a bearer token (from the server's `tokens.csv`).
pub const TOKEN_USERS: [&str; 5] = ["admin", "reader", "scaler", "ome-reader", "nobody"];

/// The user that authenticates with the client certificate `client-admin.crt` (system:masters).
pub const CERT_USER: &str = "cert-admin";

/// Name of the cluster entry in every kubeconfig written by the harness.
pub const CLUSTER_NAME: &str = "ome-testenv";

/// How long a spawned server may take to become ready (PKI written, `/readyz`, namespace
/// `default`); counted from the spawn, never including the build of the binary.
pub const DEFAULT_START_TIMEOUT: Duration = Duration::from_secs(120);

/// Environment variable overriding [`DEFAULT_START_TIMEOUT`], in seconds.
pub const START_TIMEOUT_ENV: &str = "OME_TESTENV_START_TIMEOUT_SECS";

/// A running API server. Non-shared instances kill and reap the server on drop and delete
/// their state directory. The server also exits by itself when this process dies, because it
/// watches its standard input, which only this process holds.
pub struct TestCluster {
    dir: PathBuf,
    _tempdir: Option<tempfile::TempDir>,
    url: String,
    ca_pem: Vec<u8>,
    tokens: BTreeMap<String, String>,
    kubeconfigs: BTreeMap<String, PathBuf>,
    process: Mutex<Option<(Child, ChildStdin)>>,
    startup: Duration,
    scratch: AtomicU64,
    pub(crate) audit_index: Mutex<crate::audit::AuditIndex>,
}

impl std::fmt::Debug for TestCluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TestCluster")
            .field("url", &self.url)
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}

const OWNER_FILE: &str = "owner.pid";

/// Deletes state directories of earlier shared clusters whose owning process has exited.
fn sweep_stale_state_dirs() {
    let Ok(entries) = fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let is_ours = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("ome-testenv-") && n != crate::binary::BINARY_NAME);
        if !is_ours || !path.is_dir() {
            continue;
        }
        let Ok(pid) = fs::read_to_string(path.join(OWNER_FILE)) else {
            continue;
        };
        let alive = Path::new("/proc").join(pid.trim()).exists();
        if !alive && Path::new("/proc/self").exists() {
            let _ = fs::remove_dir_all(&path);
        }
    }
}

static SHARED: OnceLock<std::result::Result<TestCluster, String>> = OnceLock::new();
static SHARED_DEMO: OnceLock<std::result::Result<TestCluster, String>> = OnceLock::new();
static SHARED_QUIET: OnceLock<std::result::Result<TestCluster, String>> = OnceLock::new();
static SHARED_SELECTION: OnceLock<std::result::Result<TestCluster, String>> = OnceLock::new();

/// The process-wide cluster for tests, started on first use (on a dedicated thread with its own
/// tokio runtime, so it works from any `#[tokio::test]` or plain test). It holds no client:
/// build clients with [`TestCluster::client_for`] on your own runtime. A failure to start is
/// returned to every caller (tests then fail, never skip).
pub fn shared() -> Result<&'static TestCluster> {
    start_once(&SHARED)
}

/// A second process-wide cluster, for the tests that need the demo's fixed names (namespaces
/// `prod` and `ome`, the operator's Deployment, exactly the demo's objects): on the cluster the
/// other tests share, their objects in those names would change what the demo shows.
pub fn shared_demo() -> Result<&'static TestCluster> {
    start_once(&SHARED_DEMO)
}

/// A third process-wide cluster, for the tests that age their objects out of the API server's
/// watch cache ([`crate::watch_cache::age_out`]). The cache keeps every event of the last 75 s
/// of a resource, so on the cluster the whole suite writes to it grows with the suite's traffic
/// and aging would take as long as the others keep writing; here it holds only these tests'
/// events, and aging takes the same time whatever else runs.
pub fn shared_quiet() -> Result<&'static TestCluster> {
    start_once(&SHARED_QUIET)
}

/// A fourth process-wide cluster, for the runtime selection tests that need the cluster scope
/// to themselves: every ClusterServingRuntime in the cluster is a candidate, so on the shared
/// cluster the others' runtimes would join each ranking. Take it through
/// [`crate::selection::cluster_scope`], one test at a time.
pub fn shared_selection() -> Result<&'static TestCluster> {
    start_once(&SHARED_SELECTION)
}

fn start_once(
    cell: &'static OnceLock<std::result::Result<TestCluster, String>>,
) -> Result<&'static TestCluster> {
    let result = cell.get_or_init(|| {
        let handle = std::thread::Builder::new()
            .name("ome-testenv-start".into())
            .spawn(|| -> std::result::Result<TestCluster, String> {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| format!("tokio runtime: {e}"))?;
                sweep_stale_state_dirs();
                let cluster = runtime
                    .block_on(TestCluster::start())
                    .map_err(|e| format!("{e:#}"))?;
                // The shared cluster is never dropped: record the owner so that a later run can
                // delete this directory once this process is gone.
                let _ = fs::write(cluster.dir.join(OWNER_FILE), std::process::id().to_string());
                Ok(cluster)
            });
        match handle {
            Ok(h) => h
                .join()
                .unwrap_or_else(|_| Err("cluster start-up thread panicked".into())),
            Err(e) => Err(format!("spawning start-up thread: {e}")),
        }
    });
    result
        .as_ref()
        .map_err(|e| anyhow!("starting the shared test cluster failed: {e}"))
}

impl TestCluster {
    /// Builds (if needed) and starts a server in a fresh temporary directory, waits until it is
    /// ready, installs the CRDs and RBAC, and waits until both take effect.
    pub async fn start() -> Result<TestCluster> {
        let tempdir = tempfile::Builder::new()
            .prefix("ome-testenv-")
            .tempdir()
            .context("creating state directory")?;
        let dir = tempdir.path().to_path_buf();
        let mut cluster = Self::start_in(&dir).await?;
        cluster._tempdir = Some(tempdir);
        Ok(cluster)
    }

    /// Like [`TestCluster::start`], in the given (existing or new) state directory, which is
    /// kept after the cluster stops.
    pub async fn start_in(dir: &Path) -> Result<TestCluster> {
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let start_timeout = env_duration_secs(START_TIMEOUT_ENV, DEFAULT_START_TIMEOUT)?;
        // The build (minutes on a fresh machine) has its own bound; the start-up deadline
        // below measures only the server.
        let binary = tokio::task::spawn_blocking(apiserver_binary)
            .await
            .context("binary build task")??;
        let mut last_error = None;
        for _attempt in 0..3 {
            let began = Instant::now();
            match Self::spawn_once(&binary, dir, began + start_timeout).await {
                Ok(cluster) => {
                    cluster.install().await?;
                    let mut cluster = cluster;
                    cluster.startup = began.elapsed();
                    return Ok(cluster);
                }
                Err(SpawnError::Retry(e)) => last_error = Some(e),
                Err(SpawnError::Fatal(e)) => return Err(e),
            }
        }
        Err(last_error.unwrap_or_else(|| anyhow!("server did not start")))
    }

    async fn spawn_once(
        binary: &Path,
        dir: &Path,
        deadline: Instant,
    ) -> std::result::Result<TestCluster, SpawnError> {
        let fatal = SpawnError::Fatal;
        // Remove what a previous attempt left so that readiness is not judged on stale files.
        for name in ["audit-policy.yaml", "tokens.csv", "etcd"] {
            let path = dir.join(name);
            let _ = fs::remove_file(&path);
            let _ = fs::remove_dir_all(&path);
        }
        let port = free_port().map_err(fatal)?;
        let log_path = dir.join("apiserver.log");
        let log = File::options()
            .create(true)
            .append(true)
            .open(&log_path)
            .with_context(|| format!("opening {}", log_path.display()))
            .map_err(fatal)?;
        let log2 = log
            .try_clone()
            .context("cloning log handle")
            .map_err(fatal)?;
        let mut child = Command::new(binary)
            // The server does most of a suite run's work, a quarter of it in garbage collection:
            // collecting less often trades memory (a few hundred MB) for CPU on two cores.
            .env(
                "GOGC",
                std::env::var("GOGC").unwrap_or_else(|_| "400".into()),
            )
            .arg("--dir")
            .arg(dir)
            .arg("--port")
            .arg(port.to_string())
            .stdin(Stdio::piped())
            .stdout(log)
            .stderr(log2)
            .spawn()
            .with_context(|| format!("spawning {}", binary.display()))
            .map_err(fatal)?;
        let stdin = match child.stdin.take() {
            Some(s) => s,
            None => return Err(fatal(anyhow!("child has no stdin pipe"))),
        };
        let mut cluster = TestCluster {
            dir: dir.to_path_buf(),
            _tempdir: None,
            url: format!("https://127.0.0.1:{port}"),
            ca_pem: Vec::new(),
            tokens: BTreeMap::new(),
            kubeconfigs: BTreeMap::new(),
            process: Mutex::new(Some((child, stdin))),
            startup: Duration::ZERO,
            scratch: AtomicU64::new(0),
            audit_index: Mutex::default(),
        };
        match cluster.wait_ready(deadline).await {
            Ok(()) => Ok(cluster),
            Err(e) => {
                let exited = cluster.exited();
                cluster.stop();
                let e = e.context(format!(
                    "kube-apiserver on port {port} did not become ready; log {}:\n{}",
                    log_path.display(),
                    tail(&log_path, 30)
                ));
                if exited {
                    Err(SpawnError::Retry(e))
                } else {
                    Err(SpawnError::Fatal(e))
                }
            }
        }
    }

    fn exited(&self) -> bool {
        match self.process.lock() {
            Ok(mut guard) => match guard.as_mut() {
                Some((child, _)) => !matches!(child.try_wait(), Ok(None)),
                None => true,
            },
            Err(_) => true,
        }
    }

    async fn wait_ready(&mut self, deadline: Instant) -> Result<()> {
        // The server writes its PKI first; the audit policy is the last file written.
        let marker = self.dir.join("audit-policy.yaml");
        loop {
            if self.exited() {
                bail!("the server process exited during start-up");
            }
            if marker.is_file() {
                break;
            }
            if Instant::now() > deadline {
                bail!("timed out waiting for the server's PKI");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.ca_pem = fs::read(self.dir.join("ca.crt")).context("reading ca.crt")?;
        self.tokens = parse_tokens(&fs::read_to_string(self.dir.join("tokens.csv"))?)?;
        for (user, token) in &self.tokens {
            crate::secrets::register(format!("token of user {user}"), token);
        }
        if let Ok(key) = fs::read_to_string(self.dir.join("client-admin.key")) {
            crate::secrets::register_key_pem("client key of cert-admin", &key);
        }
        self.write_user_kubeconfigs()?;
        let client = self.client_for("admin").await?;
        let remaining = deadline.saturating_duration_since(Instant::now());
        let ready = poll_until(remaining, Duration::from_millis(100), || {
            let client = client.clone();
            let alive = !self.exited();
            async move {
                if !alive {
                    return Err(anyhow!("the server process exited during start-up"));
                }
                let req = http::Request::get("/readyz").body(Vec::new())?;
                Ok(match client.request_text(req).await {
                    Ok(text) if text.trim() == "ok" => Some(()),
                    _ => None,
                })
            }
        })
        .await;
        ready.context("waiting for /readyz")?;
        let namespaces: Api<Namespace> = Api::all(client);
        let remaining = deadline.saturating_duration_since(Instant::now());
        poll_until(remaining, Duration::from_millis(100), || {
            let namespaces = namespaces.clone();
            async move {
                Ok(namespaces
                    .get_opt("default")
                    .await
                    .ok()
                    .flatten()
                    .map(|_| ()))
            }
        })
        .await
        .context("waiting for namespace default")?;
        Ok(())
    }

    async fn install(&self) -> Result<()> {
        let client = self.client_for("admin").await?;
        let (crds, rbac) =
            tokio::join!(crate::crds::install(&client), crate::rbac::install(&client));
        crds.context("installing CRDs")?;
        rbac.context("installing RBAC")?;
        Ok(())
    }

    fn write_user_kubeconfigs(&mut self) -> Result<()> {
        let users: Vec<String> = TOKEN_USERS
            .iter()
            .chain([&CERT_USER])
            .map(|s| s.to_string())
            .collect();
        for user in users {
            let path = self.dir.join(format!("kubeconfig-{user}.yaml"));
            self.base_kubeconfig()?
                .context(&user, CLUSTER_NAME, &user, None)
                .current_context(&user)
                .write(&path)?;
            self.kubeconfigs.insert(user, path);
        }
        Ok(())
    }

    /// Stops the server (kill + wait). Called on drop; idempotent.
    pub fn stop(&self) {
        if let Ok(mut guard) = self.process.lock()
            && let Some((mut child, stdin)) = guard.take()
        {
            drop(stdin);
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The server URL, `https://127.0.0.1:PORT`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The state directory (PKI, kubeconfigs, `apiserver.log`, `audit.log`).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The server's log file (kept for failing runs).
    pub fn log_path(&self) -> PathBuf {
        self.dir.join("apiserver.log")
    }

    /// PEM of the CA that signed the serving and client certificates.
    pub fn ca_pem(&self) -> &[u8] {
        &self.ca_pem
    }

    /// How long start-up took, from the spawn of the server to installed CRDs and RBAC (the
    /// build of the binary is never included).
    pub fn startup_time(&self) -> Duration {
        self.startup
    }

    /// The bearer token of a token user (see [`TOKEN_USERS`]).
    pub fn token(&self, user: &str) -> Result<&str> {
        self.tokens
            .get(user)
            .map(String::as_str)
            .ok_or_else(|| anyhow!("unknown token user {user:?}"))
    }

    /// Path of the kubeconfig for `user` (one of [`TOKEN_USERS`] or [`CERT_USER`]); its single
    /// context, named after the user, has no namespace.
    pub fn kubeconfig(&self, user: &str) -> Result<PathBuf> {
        self.kubeconfigs
            .get(user)
            .cloned()
            .ok_or_else(|| anyhow!("unknown user {user:?}"))
    }

    /// A builder pre-filled with the cluster entry [`CLUSTER_NAME`] and one user entry per test
    /// user (token users plus `cert-admin` with embedded certificate data); add contexts.
    pub fn base_kubeconfig(&self) -> Result<KubeconfigBuilder> {
        self.base_kubeconfig_at(&self.url)
    }

    /// Like [`TestCluster::base_kubeconfig`] with another server URL (e.g. a proxy).
    pub fn base_kubeconfig_at(&self, server: &str) -> Result<KubeconfigBuilder> {
        let mut b = KubeconfigBuilder::new().cluster(CLUSTER_NAME, server, &self.ca_pem);
        for (user, token) in &self.tokens {
            b = b.user_token(user, token);
        }
        let cert = fs::read(self.dir.join("client-admin.crt")).context("reading client cert")?;
        let key = fs::read(self.dir.join("client-admin.key")).context("reading client key")?;
        Ok(b.user_cert(CERT_USER, &cert, &key))
    }

    /// A fresh, unique path inside the state directory (for custom kubeconfigs and scripts).
    pub fn scratch_path(&self, name: &str) -> PathBuf {
        let n = self.scratch.fetch_add(1, Ordering::Relaxed);
        self.dir.join(format!("scratch-{n}-{name}"))
    }

    /// Writes a kubeconfig for `user` whose server is a closed loopback port.
    pub fn kubeconfig_unreachable(&self, user: &str) -> Result<PathBuf> {
        let server = unreachable_server()?;
        let path = self.scratch_path(&format!("unreachable-{user}.yaml"));
        self.base_kubeconfig_at(&server)?
            .context(user, CLUSTER_NAME, user, None)
            .current_context(user)
            .write(&path)
    }

    /// Writes a kubeconfig whose user `exec-<user>` gets `user`'s token from an exec credential
    /// plugin (a shell script printing an `ExecCredential`).
    pub fn kubeconfig_exec(&self, user: &str, namespace: Option<&str>) -> Result<PathBuf> {
        let script = write_exec_plugin(
            &self.scratch_path(&format!("exec-{user}.sh")),
            self.token(user)?,
        )?;
        let name = format!("exec-{user}");
        let path = self.scratch_path(&format!("{name}.yaml"));
        KubeconfigBuilder::new()
            .cluster(CLUSTER_NAME, &self.url, &self.ca_pem)
            .user_exec(&name, &script)
            .context(&name, CLUSTER_NAME, &name, namespace)
            .current_context(&name)
            .write(&path)
    }

    /// A kube client for `user` (any of [`TOKEN_USERS`] or [`CERT_USER`]) on the caller's runtime.
    pub async fn client_for(&self, user: &str) -> Result<kube::Client> {
        client_from_kubeconfig(&self.kubeconfig(user)?).await
    }

    /// Shorthand for `client_for("admin")`.
    pub async fn admin(&self) -> Result<kube::Client> {
        self.client_for("admin").await
    }

    /// Creates a uniquely named namespace `<prefix>-<suffix>` and returns its name.
    pub async fn namespace(&self, prefix: &str) -> Result<String> {
        let client = self.admin().await?;
        create_unique_namespace(&client, prefix).await
    }

    /// Creates namespace `name` if it does not exist (e.g. `prod` for the demo).
    pub async fn ensure_namespace(&self, name: &str) -> Result<()> {
        let client = self.admin().await?;
        let api: Api<Namespace> = Api::all(client);
        let ns: Namespace =
            serde_json::from_value(serde_json::json!({"metadata": {"name": name}}))?;
        match api.create(&PostParams::default(), &ns).await {
            Ok(_) => Ok(()),
            Err(kube::Error::Api(s)) if s.code == 409 => Ok(()),
            Err(e) => Err(e).context(format!("creating namespace {name}")),
        }
    }

    /// The audit log of this server.
    pub fn audit(&self) -> Audit<'_> {
        Audit::new(self)
    }
}

impl Drop for TestCluster {
    fn drop(&mut self) {
        self.stop();
    }
}

enum SpawnError {
    Retry(anyhow::Error),
    Fatal(anyhow::Error),
}

/// Builds a client from a kubeconfig file (its current context).
pub async fn client_from_kubeconfig(path: &Path) -> Result<kube::Client> {
    let kubeconfig = Kubeconfig::read_from(path)
        .with_context(|| format!("reading kubeconfig {}", path.display()))?;
    let config = kube::Config::from_custom_kubeconfig(kubeconfig, &KubeConfigOptions::default())
        .await
        .with_context(|| format!("loading kubeconfig {}", path.display()))?;
    kube::Client::try_from(config).context("building kube client")
}

/// Creates a uniquely named namespace `<prefix>-<suffix>` with `client`.
pub async fn create_unique_namespace(client: &kube::Client, prefix: &str) -> Result<String> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let api: Api<Namespace> = Api::all(client.clone());
    let prefix: String = prefix
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .take(40)
        .collect();
    for _ in 0..5 {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let name = format!("{prefix}-{}-{n}", crate::util::short_id());
        let ns: Namespace =
            serde_json::from_value(serde_json::json!({"metadata": {"name": name}}))?;
        match api.create(&PostParams::default(), &ns).await {
            Ok(_) => return Ok(name),
            Err(kube::Error::Api(s)) if s.code == 409 => continue,
            Err(e) => return Err(e).context(format!("creating namespace {name}")),
        }
    }
    bail!("could not create a unique namespace with prefix {prefix}")
}

fn free_port() -> Result<u16> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").context("binding a free port")?;
    Ok(listener.local_addr()?.port())
}

fn parse_tokens(csv: &str) -> Result<BTreeMap<String, String>> {
    let mut tokens = BTreeMap::new();
    for line in csv.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.splitn(3, ',');
        let (Some(token), Some(user)) = (fields.next(), fields.next()) else {
            bail!("malformed tokens.csv line");
        };
        tokens.insert(user.to_string(), token.to_string());
    }
    Ok(tokens)
}
