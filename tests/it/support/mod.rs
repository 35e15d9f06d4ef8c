//! Running the built plugin the way a user does, and capturing what they would see.

pub mod measure;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

pub mod terminal;

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

/// The API server every test of this binary shares (each test in its own namespaces).
pub fn cluster() -> &'static ome_testenv::TestCluster {
    ome_testenv::shared().expect("shared test cluster")
}

/// The plugin binary cargo built for this test run.
pub fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_kubectl-ome"))
}

/// The one way the tests start the plugin: `kubectl-ome`, seeing only `kubeconfig` (no ambient
/// KUBECONFIG or HOME), without colour and with no stdin, as in a CI job.
pub fn command(kubeconfig: Option<&Path>) -> Command {
    let mut command = Command::new(binary());
    isolate(&mut command, kubeconfig);
    command
}

/// The completion entry kubectl ≥ 1.26 runs for `kubectl ome <TAB>` (a `kubectl_complete-ome`
/// link to the plugin, as `kubectl ome completion install` makes it), isolated like
/// [`command`]; `kubeconfig` may be a path list.
pub fn completion_command(kubeconfig: Option<&Path>) -> Command {
    let mut command = Command::new(completion_entry());
    isolate(&mut command, kubeconfig);
    command
}

/// Runs `script` in bash, where `kubectl ome …` runs the plugin (isolated like [`command`]),
/// as a user would type a documented example.
pub fn shell(kubeconfig: Option<&Path>, script: &str) -> Command {
    let mut command = Command::new("bash");
    let prelude = r#"kubectl() { if [ "$1" = ome ]; then shift; "$KUBECTL_OME" "$@"; else echo "not a kubectl ome command" >&2; return 127; fi; }"#;
    command
        .args(["-c", &format!("{prelude}\n{script}")])
        .env("KUBECTL_OME", binary());
    isolate(&mut command, kubeconfig);
    command
}

/// The environment every run of the plugin gets (also when it runs under another program).
fn isolate(command: &mut Command, kubeconfig: Option<&Path>) {
    command
        .env_remove("KUBECONFIG")
        .env("HOME", "/nonexistent-home-for-tests")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    if let Some(path) = kubeconfig {
        command.env("KUBECONFIG", path);
    }
}

impl From<Output> for Run {
    fn from(output: Output) -> Run {
        let run = Run {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            code: output.status.code().unwrap_or(-1),
        };
        assert_nothing_leaked(&run.stdout, &run.stderr);
        run
    }
}

/// Fails the test when the plugin printed anything it was trusted with: a test cluster's user
/// token or client key, or the sentinel tests plant in kubeconfigs, exec plugins and proxy
/// URLs (issue 10). Every run of the plugin through this module is checked.
pub fn assert_nothing_leaked(stdout: &str, stderr: &str) {
    for (stream, text) in [("stdout", stdout), ("stderr", stderr)] {
        if let Some(secret) = ome_testenv::secrets::leaked_in(text) {
            panic!("the plugin printed the {} on {stream}", secret.label);
        }
    }
}

/// Runs a command made by [`command`] or [`completion_command`] and checks its output like
/// every other run.
pub fn checked_output(command: &mut Command) -> Output {
    let output = command.output().expect("run the plugin");
    assert_nothing_leaked(
        &String::from_utf8_lossy(&output.stdout),
        &String::from_utf8_lossy(&output.stderr),
    );
    output
}

/// Runs `kubectl-ome` with `args`, using only `kubeconfig` (no ambient KUBECONFIG or HOME).
pub fn plugin(kubeconfig: Option<&Path>, args: &[&str]) -> Run {
    plugin_with_env(kubeconfig, args, &[])
}

/// [`plugin`] with extra environment variables.
pub fn plugin_with_env(kubeconfig: Option<&Path>, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut command = command(kubeconfig);
    command.args(args);
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("run kubectl-ome").into()
}

/// Async wrapper so tokio tests do not block their runtime while the plugin runs.
pub async fn plugin_async(kubeconfig: Option<&Path>, args: &[&str]) -> Run {
    plugin_async_with_env(kubeconfig, args, &[]).await
}

/// [`plugin_async`] with extra environment variables.
pub async fn plugin_async_with_env(
    kubeconfig: Option<&Path>,
    args: &[&str],
    env: &[(&str, &str)],
) -> Run {
    let kubeconfig = kubeconfig.map(Path::to_path_buf);
    let owned = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<String>>();
    let args = owned(args);
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    tokio::task::spawn_blocking(move || {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        plugin_with_env(kubeconfig.as_deref(), &refs, &env)
    })
    .await
    .expect("join plugin run")
}

/// The plugin running in the background, as a user would start it in a shell.
pub struct Background {
    child: tokio::process::Child,
}

/// Starts the plugin in the background (killed if the test drops it).
pub fn spawn(kubeconfig: &Path, args: &[&str]) -> Background {
    let mut command = command(Some(kubeconfig));
    command
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = tokio::process::Command::from(command)
        .kill_on_drop(true)
        .spawn()
        .expect("spawn kubectl-ome");
    Background { child }
}

impl Background {
    /// The process ID, for signals.
    pub fn pid(&self) -> u32 {
        self.child.id().expect("child pid")
    }

    /// Waits (at most 90 s) for the plugin to exit.
    pub async fn finish(self) -> Run {
        tokio::time::timeout(Duration::from_secs(90), self.child.wait_with_output())
            .await
            .expect("plugin exits within its timeout")
            .expect("collect plugin output")
            .into()
    }
}

/// `kubectl_complete-ome`: a link to the plugin binary, which then runs as the completion
/// entry.
fn completion_entry() -> std::path::PathBuf {
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

/// The stderr of a refused command line: `error: <message>`, after the check lines a
/// message lists before its last line (`wait check: …\nInvalidWaitFlags`).
pub fn stderr_of(message: &str) -> String {
    match message.rsplit_once('\n') {
        Some((checks, last)) => format!("{checks}\nerror: {last}\n"),
        None => format!("error: {message}\n"),
    }
}

/// Runs each argument list as a twin of `user` (its rights and context name; other tests run as
/// `user` meanwhile) and asserts what a user sees for a rejected command line: exit 1, empty
/// stdout, exactly `error: <message>` on stderr (after its check lines: [`stderr_of`]). Then proves from the audit log that the API
/// server received no request from the twin.
pub async fn assert_rejected_without_requests(
    cluster: &ome_testenv::TestCluster,
    user: &str,
    cases: &[(Vec<&str>, impl AsRef<str>)],
) {
    let twin = cluster.twin(user).await.expect("twin");
    let (kubeconfig, user) = (twin.kubeconfig.clone(), twin.username());
    let audit = cluster.audit();
    audit.sync().await.expect("audit sync");
    let mark = audit.mark().expect("audit mark");
    for (args, message) in cases {
        let run = plugin_async(Some(&kubeconfig), args).await;
        // A message may carry its check lines and its `error:` line already (difference y), or
        // its check lines before a bare last line.
        let message = message.as_ref();
        let stderr = if message.contains("\nerror: ") {
            format!("{message}\n")
        } else {
            stderr_of(message)
        };
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

/// How many cases of one evidence table run at once: they mostly wait on the server and on the
/// plugin's processes, so a table costs about its slowest cases instead of their sum.
const CASES_AT_ONCE: usize = 8;

/// Fault cases race the plugin's request time limits against the proxy, so fewer run at once:
/// a machine saturated by the suite must not turn a size-limit case into a timeout.
const FAULT_CASES_AT_ONCE: usize = 3;

/// Runs every `(label, case)` of a table with `run`, concurrently, and fails naming each case
/// that failed (with its panic message) after all have finished. The cases must be independent:
/// each in its own namespace, or only reading a shared one.
pub async fn each_case<L, C, F, Fut>(cases: impl IntoIterator<Item = (L, C)>, run: F)
where
    L: std::fmt::Display + Clone,
    F: Fn(L, C) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    cases_at_once(CASES_AT_ONCE, cases, run).await;
}

/// [`each_case`] for the cases of a fault matrix.
pub async fn each_fault<L, C, F, Fut>(cases: impl IntoIterator<Item = (L, C)>, run: F)
where
    L: std::fmt::Display + Clone,
    F: Fn(L, C) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    cases_at_once(FAULT_CASES_AT_ONCE, cases, run).await;
}

async fn cases_at_once<L, C, F, Fut>(
    at_once: usize,
    cases: impl IntoIterator<Item = (L, C)>,
    run: F,
) where
    L: std::fmt::Display + Clone,
    F: Fn(L, C) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    use futures::{FutureExt, StreamExt};
    let failures: Vec<String> = futures::stream::iter(cases)
        .map(|(label, case)| {
            let name = label.to_string();
            std::panic::AssertUnwindSafe(run(label, case))
                .catch_unwind()
                .map(move |outcome| outcome.err().map(|panic| (name, panic)))
        })
        .buffer_unordered(at_once)
        .filter_map(|failed| async move { failed })
        .map(|(name, panic)| format!("case {name}: {}", panic_message(panic.as_ref())))
        .collect()
        .await;
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> &str {
    panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)")
}
