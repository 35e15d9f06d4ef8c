//! The kubeconfig's exec credential plugin, run by the plugin itself rather than by kube: once
//! per invocation (kube would run it for each part of the client it builds), asynchronously so
//! that a signal or the command's deadline stops it, under a time limit, with its output
//! bounded. Unless it reads the terminal, it runs in its own process group, and the whole group
//! (a wrapper script's children too) is killed when the plugin is stopped or the process exits
//! while it runs. Its stderr
//! passes through to the terminal, as kubectl lets it (login prompts), except during shell
//! completion, which never writes to the terminal; its command line, environment and stdout are
//! never shown.

use super::group;
use super::material::has_pem_block;
use super::select::REDACTED;
use crate::errors::{BadCredential, ExecError, ExecProblem, Material};
use kube::config::{ExecAuthCluster, ExecConfig, ExecInteractiveMode};
use secrecy::SecretString;
use serde::Deserialize;
use std::io::IsTerminal;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncReadExt;

/// The longest a plugin may run (an interactive login included).
pub(crate) const PLUGIN_TIME_LIMIT: Duration = Duration::from_secs(60);

/// More output than any credential.
const MAX_OUTPUT: u64 = 1 << 20;

/// The API versions of the exec protocol kubectl still supports.
const API_VERSIONS: [&str; 2] = [
    "client.authentication.k8s.io/v1",
    "client.authentication.k8s.io/v1beta1",
];

/// What the plugin printed.
pub(crate) enum Credential {
    /// A bearer token, and when it expires (if the plugin says).
    Token {
        token: SecretString,
        expires: Option<jiff::Timestamp>,
    },
    /// A client certificate and its key, PEM.
    Certificate {
        /// The certificate chain.
        certificate: String,
        /// The private key.
        key: SecretString,
    },
}

/// A plugin ready to run: the exec block and, with `provideClusterInfo`, the cluster for it.
#[derive(Clone)]
pub(crate) struct Plugin {
    pub(crate) exec: ExecConfig,
    pub(crate) cluster: Option<ExecAuthCluster>,
    /// Whether the plugin may use the terminal (stdin, stderr); not during completion.
    pub(crate) terminal: Terminal,
}

/// The command's file name only: its path, arguments and environment may hold secrets.
impl std::fmt::Debug for Plugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plugin")
            .field("command", &self.name())
            .field("exec", &REDACTED)
            .field("cluster", &self.cluster.as_ref().map(|_| REDACTED))
            .field("terminal", &self.terminal)
            .finish()
    }
}

impl std::fmt::Debug for Credential {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Credential::Token { expires, .. } => f
                .debug_struct("Token")
                .field("token", &REDACTED)
                .field("expires", expires)
                .finish(),
            Credential::Certificate { .. } => f
                .debug_struct("Certificate")
                .field("certificate", &REDACTED)
                .field("key", &REDACTED)
                .finish(),
        }
    }
}

/// What of the terminal an exec plugin gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Terminal {
    /// stdin when `interactiveMode` allows it, and stderr passed through (kubectl's behaviour).
    Shared,
    /// Neither: stdin is empty and stderr is read and dropped (shell completion).
    None,
}

impl Plugin {
    /// The command's file name: all a message may say about the plugin.
    pub(crate) fn name(&self) -> String {
        self.exec
            .command
            .as_deref()
            .map(|c| {
                Path::new(c)
                    .file_name()
                    .map_or_else(|| c.to_string(), |n| n.to_string_lossy().into_owned())
            })
            .unwrap_or_default()
    }

    /// Runs the plugin once within `limit`.
    pub(crate) async fn run(&self, limit: Duration) -> Result<Credential, ExecError> {
        let fail = |problem| ExecError {
            plugin: self.name(),
            problem,
        };
        let api_version = self
            .exec
            .api_version
            .as_deref()
            .filter(|v| API_VERSIONS.contains(v))
            .ok_or_else(|| fail(ExecProblem::UnsupportedApiVersion))?;
        let program = self
            .exec
            .command
            .as_deref()
            .filter(|c| !c.is_empty())
            .ok_or_else(|| fail(ExecProblem::NoCommand))?;
        let interactive = self.interactive().map_err(fail)?;
        let mut command = self.command(program, api_version, interactive);
        let mut child = command.spawn().map_err(|e| fail(ExecProblem::Start(e)))?;
        // Killed, with everything it started, if it is still running when this is dropped.
        let mut group = child.id().filter(|_| !interactive).map(group::Running::new);
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        let finished = async {
            let mut output = Vec::new();
            if let Some(stdout) = stdout {
                stdout.take(MAX_OUTPUT + 1).read_to_end(&mut output).await?;
            }
            if output.len() as u64 > MAX_OUTPUT {
                return Ok((output, None));
            }
            child.wait().await.map(|status| (output, Some(status)))
        };
        // Captured stderr is drained (so the plugin never blocks writing it) and dropped.
        let drained = async {
            if let Some(mut stderr) = stderr {
                let _ = tokio::io::copy(&mut stderr, &mut tokio::io::sink()).await;
            }
            std::future::pending().await
        };
        let finished = async {
            tokio::select! {
                done = finished => done,
                never = drained => never,
            }
        };
        // On the time limit, or when the caller stops waiting, `group` is dropped and killed.
        let (output, status) = match tokio::time::timeout(limit, finished).await {
            Err(_) => return Err(fail(ExecProblem::TimedOut(limit))),
            Ok(Err(e)) => return Err(fail(ExecProblem::Start(e))),
            Ok(Ok(done)) => done,
        };
        if status.is_some()
            && let Some(group) = group.as_mut()
        {
            // It finished by itself: what it left running is its own business, as in kubectl.
            group.finished();
        }
        match status {
            None => Err(fail(ExecProblem::OutputTooLarge)),
            Some(status) if !status.success() => Err(fail(ExecProblem::Failed(status))),
            Some(_) => parse_credential(&output, api_version)
                .map_err(|bad| fail(ExecProblem::BadOutput(bad))),
        }
    }

    /// The plugin's command: its arguments and environment, `KUBERNETES_EXEC_INFO`, its
    /// process group, and what of the terminal it gets.
    fn command(
        &self,
        program: &str,
        api_version: &str,
        interactive: bool,
    ) -> tokio::process::Command {
        let mut command = tokio::process::Command::new(program);
        command
            .args(self.exec.args.iter().flatten())
            .envs(
                self.exec.env.iter().flatten().filter_map(|pair| {
                    Some((pair.get("name")?.as_str(), pair.get("value")?.as_str()))
                }),
            )
            .env(
                "KUBERNETES_EXEC_INFO",
                self.exec_info(api_version, interactive),
            )
            .stdin(if interactive {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(match self.terminal {
                Terminal::Shared => Stdio::inherit(),
                Terminal::None => Stdio::piped(),
            })
            .kill_on_drop(true);
        // A group of its own, except for an interactive plugin: a process outside the
        // terminal's foreground group is stopped when it reads the terminal (SIGTTIN), so that
        // one stays in ours and only it is killed.
        #[cfg(unix)]
        if !interactive {
            command.process_group(0);
        }
        for name in self.exec.drop_env.iter().flatten() {
            command.env_remove(name);
        }
        command
    }

    /// Whether the plugin gets our stdin: `Never` no, `Always` yes (a terminal is required),
    /// `IfAvailable` (the default) when stdin is a terminal.
    fn interactive(&self) -> Result<bool, ExecProblem> {
        let terminal = self.terminal == Terminal::Shared && std::io::stdin().is_terminal();
        match self.exec.interactive_mode {
            Some(ExecInteractiveMode::Never) => Ok(false),
            Some(ExecInteractiveMode::Always) if !terminal => Err(ExecProblem::NeedsTerminal),
            _ => Ok(terminal),
        }
    }

    /// `KUBERNETES_EXEC_INFO`: the request and, with `provideClusterInfo`, the cluster.
    fn exec_info(&self, api_version: &str, interactive: bool) -> String {
        let mut spec = serde_json::Map::new();
        spec.insert("interactive".to_string(), interactive.into());
        if self.exec.provide_cluster_info
            && let Some(cluster) = &self.cluster
            && let Ok(cluster) = serde_json::to_value(cluster)
        {
            spec.insert("cluster".to_string(), cluster);
        }
        serde_json::json!({
            "apiVersion": api_version,
            "kind": "ExecCredential",
            "spec": spec,
        })
        .to_string()
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ExecCredentialOutput {
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    api_version: Option<String>,
    #[serde(default)]
    status: Option<ExecCredentialStatus>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ExecCredentialStatus {
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    client_certificate_data: Option<String>,
    #[serde(default)]
    client_key_data: Option<String>,
    #[serde(default)]
    expiration_timestamp: Option<String>,
}

/// The plugin's stdout as a credential (JSON, or YAML as client-go also accepts).
fn parse_credential(output: &[u8], api_version: &str) -> Result<Credential, BadCredential> {
    let parsed: ExecCredentialOutput =
        serde_saphyr::from_slice(output).map_err(|_| BadCredential::NotExecCredential)?;
    if parsed.kind.as_deref() != Some("ExecCredential") {
        return Err(BadCredential::NotExecCredential);
    }
    if parsed.api_version.as_deref() != Some(api_version) {
        return Err(BadCredential::ApiVersionMismatch);
    }
    let status = parsed.status.ok_or(BadCredential::NoCredential)?;
    let expires = match status
        .expiration_timestamp
        .as_deref()
        .filter(|e| !e.is_empty())
    {
        Some(text) => Some(
            text.parse::<jiff::Timestamp>()
                .map_err(|_| BadCredential::BadExpiry)?,
        ),
        None => None,
    };
    let nonempty = |v: Option<String>| v.filter(|s| !s.is_empty());
    match (
        nonempty(status.token),
        nonempty(status.client_certificate_data),
        nonempty(status.client_key_data),
    ) {
        (_, Some(certificate), Some(key)) => {
            if !has_pem_block(certificate.as_bytes(), Material::ClientCertificate)
                || !has_pem_block(key.as_bytes(), Material::ClientKey)
            {
                return Err(BadCredential::BadCertificate);
            }
            Ok(Credential::Certificate {
                certificate,
                key: SecretString::from(key),
            })
        }
        (Some(token), _, _) => {
            if http::HeaderValue::from_str(&format!("Bearer {token}")).is_err() {
                return Err(BadCredential::TokenNotHeaderText);
            }
            Ok(Credential::Token {
                token: SecretString::from(token),
                expires,
            })
        }
        _ => Err(BadCredential::NoCredential),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use secrecy::ExposeSecret;

    const V1: &str = "client.authentication.k8s.io/v1";

    /// The tests that start plugins run one at a time: one of them kills every running group,
    /// as the process does on its way out.
    async fn serial() -> tokio::sync::MutexGuard<'static, ()> {
        static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
        SERIAL.lock().await
    }

    #[test]
    fn a_token_credential_parses_in_json_and_yaml() {
        let json = br#"{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{"token":"abc","expirationTimestamp":"2030-01-01T00:00:00Z"}}"#;
        let Ok(Credential::Token { token, expires }) = parse_credential(json, V1) else {
            panic!("token expected")
        };
        assert_eq!(token.expose_secret(), "abc");
        assert_eq!(
            expires.map(|e| e.to_string()),
            Some("2030-01-01T00:00:00Z".to_string())
        );
        let yaml = b"kind: ExecCredential\napiVersion: client.authentication.k8s.io/v1\nstatus:\n  token: abc\n";
        assert!(matches!(
            parse_credential(yaml, V1),
            Ok(Credential::Token { .. })
        ));
    }

    #[test]
    fn unusable_output_is_refused_by_kind() {
        let bad = |text: &str| parse_credential(text.as_bytes(), V1).err();
        assert_eq!(bad("not json {"), Some(BadCredential::NotExecCredential));
        assert_eq!(
            bad(
                r#"{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1beta1","status":{"token":"a"}}"#
            ),
            Some(BadCredential::ApiVersionMismatch)
        );
        assert_eq!(
            bad(
                r#"{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{}}"#
            ),
            Some(BadCredential::NoCredential)
        );
        assert_eq!(
            bad(
                r#"{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{"token":"a\nb"}}"#
            ),
            Some(BadCredential::TokenNotHeaderText)
        );
        assert_eq!(
            bad(
                r#"{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{"token":"a","expirationTimestamp":"soon"}}"#
            ),
            Some(BadCredential::BadExpiry)
        );
    }

    fn plugin(script: &str) -> (tempfile::TempDir, Plugin) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("login-helper");
        std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).unwrap();
        let mut permissions = std::fs::metadata(&path).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
        std::fs::set_permissions(&path, permissions).unwrap();
        let exec = ExecConfig {
            api_version: Some(V1.to_string()),
            command: Some(path.display().to_string()),
            args: Some(vec!["--secret-arg=s3cr3t".to_string()]),
            ..ExecConfig::default()
        };
        (
            dir,
            Plugin {
                exec,
                cluster: None,
                terminal: Terminal::Shared,
            },
        )
    }

    #[tokio::test]
    async fn a_failing_plugin_is_named_by_its_file_name_and_exit_status() {
        let _serial = serial().await;
        let (_dir, plugin) = plugin("echo s3cr3t-on-stdout; exit 3");
        let err = plugin.run(PLUGIN_TIME_LIMIT).await.err().unwrap();
        assert_eq!(
            err.to_string(),
            "exec credential plugin \"login-helper\" failed with exit status 3"
        );
    }

    #[tokio::test]
    async fn a_hanging_plugin_is_stopped_at_its_time_limit() {
        let _serial = serial().await;
        let (_dir, plugin) = plugin("exec sleep 30");
        let started = std::time::Instant::now();
        let err = plugin.run(Duration::from_secs(1)).await.err().unwrap();
        assert!(started.elapsed() < Duration::from_secs(10));
        assert_eq!(
            err.to_string(),
            "exec credential plugin \"login-helper\" did not finish within 1s"
        );
    }

    /// Whether process `pid` is gone (a zombie no one reaped yet counts as gone).
    fn gone(pid: &str) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(stat) => stat
                .rsplit(')')
                .next()
                .unwrap()
                .trim_start()
                .starts_with('Z'),
        }
    }

    /// A wrapper script that starts a grandchild (writing its PID to a file) and waits.
    fn wrapper(pids: &Path) -> (tempfile::TempDir, Plugin) {
        plugin(&format!("sleep 60 &\necho $! > '{}'\nwait", pids.display()))
    }

    async fn grandchild_of(pids: &Path) -> String {
        for _ in 0..200 {
            if let Ok(pid) = std::fs::read_to_string(pids)
                && !pid.trim().is_empty()
            {
                return pid.trim().to_string();
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the wrapper never started its child");
    }

    async fn until_gone(pid: &str) {
        for _ in 0..200 {
            if gone(pid) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the plugin's grandchild {pid} outlived it");
    }

    #[tokio::test]
    async fn a_timeout_kills_the_wrapper_scripts_children_too() {
        let _serial = serial().await;
        let dir = tempfile::tempdir().unwrap();
        let pids = dir.path().join("pids");
        let (_plugin_dir, plugin) = wrapper(&pids);
        let err = plugin.run(Duration::from_secs(1)).await.err().unwrap();
        assert!(matches!(err.problem, ExecProblem::TimedOut(_)));
        until_gone(&grandchild_of(&pids).await).await;
    }

    #[tokio::test]
    async fn a_cancelled_run_kills_the_wrapper_scripts_children_too() {
        let _serial = serial().await;
        let dir = tempfile::tempdir().unwrap();
        let pids = dir.path().join("pids");
        let (_plugin_dir, plugin) = wrapper(&pids);
        let run = plugin.run(PLUGIN_TIME_LIMIT);
        tokio::select! {
            _ = run => panic!("the wrapper waits for its child"),
            pid = grandchild_of(&pids) => {
                // The run is dropped here, as a signal or a deadline drops it.
                until_gone(&pid).await;
            }
        }
    }

    #[tokio::test]
    async fn the_groups_still_running_are_killed_at_exit() {
        let _serial = serial().await;
        let dir = tempfile::tempdir().unwrap();
        let pids = dir.path().join("pids");
        let (_plugin_dir, plugin) = wrapper(&pids);
        let run = plugin.run(PLUGIN_TIME_LIMIT);
        tokio::pin!(run);
        let pid = tokio::select! {
            _ = &mut run => panic!("the wrapper waits for its child"),
            pid = grandchild_of(&pids) => pid,
        };
        // What the process does on its way out, with the run still in progress.
        group::kill_running();
        until_gone(&pid).await;
        assert!(matches!(
            run.await.err().map(|e| e.problem),
            Some(ExecProblem::Failed(_))
        ));
    }

    #[tokio::test]
    async fn without_a_terminal_the_plugins_stderr_is_drained_and_dropped() {
        let _serial = serial().await;
        // 1 MiB on stderr would block a plugin whose stderr is a pipe no one reads.
        let (_dir, mut plugin) = plugin(
            r#"head -c 1048576 /dev/zero >&2
echo '{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{"token":"tok"}}'"#,
        );
        plugin.terminal = Terminal::None;
        assert!(matches!(
            plugin.run(Duration::from_secs(20)).await,
            Ok(Credential::Token { .. })
        ));
    }

    #[tokio::test]
    async fn the_plugin_gets_its_environment_and_the_exec_info() {
        let _serial = serial().await;
        let (_dir, mut plugin) = plugin(
            r#"test "$GREETING" = hello || exit 9
case "$KUBERNETES_EXEC_INFO" in *'"interactive":false'*) ;; *) exit 8;; esac
echo '{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{"token":"tok"}}'"#,
        );
        let pair = [("name", "GREETING"), ("value", "hello")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        plugin.exec.env = Some(vec![pair]);
        assert!(matches!(
            plugin.run(PLUGIN_TIME_LIMIT).await,
            Ok(Credential::Token { .. })
        ));
    }
}
