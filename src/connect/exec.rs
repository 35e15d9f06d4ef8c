//! The kubeconfig's exec credential plugin, run by the plugin itself rather than by kube: once
//! per invocation (kube would run it for each part of the client it builds), asynchronously so
//! that a signal or the command's deadline stops it (it is killed when dropped), under a time
//! limit, with its output bounded. Its stderr passes through to the terminal, as kubectl lets
//! it (login prompts); its command line, environment and stdout are never shown.

use super::material::has_pem_block;
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
            .stderr(Stdio::inherit())
            .kill_on_drop(true);
        for name in self.exec.drop_env.iter().flatten() {
            command.env_remove(name);
        }
        let mut child = command.spawn().map_err(|e| fail(ExecProblem::Start(e)))?;
        let stdout = child.stdout.take();
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
        // On the time limit, or when the caller stops waiting, `child` is dropped and killed.
        let (output, status) = match tokio::time::timeout(limit, finished).await {
            Err(_) => return Err(fail(ExecProblem::TimedOut(limit))),
            Ok(Err(e)) => return Err(fail(ExecProblem::Start(e))),
            Ok(Ok(done)) => done,
        };
        match status {
            None => Err(fail(ExecProblem::OutputTooLarge)),
            Some(status) if !status.success() => Err(fail(ExecProblem::Failed(status))),
            Some(_) => parse_credential(&output, api_version)
                .map_err(|bad| fail(ExecProblem::BadOutput(bad))),
        }
    }

    /// Whether the plugin gets our stdin: `Never` no, `Always` yes (a terminal is required),
    /// `IfAvailable` (the default) when stdin is a terminal.
    fn interactive(&self) -> Result<bool, ExecProblem> {
        let terminal = std::io::stdin().is_terminal();
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
            },
        )
    }

    #[tokio::test]
    async fn a_failing_plugin_is_named_by_its_file_name_and_exit_status() {
        let (_dir, plugin) = plugin("echo s3cr3t-on-stdout; exit 3");
        let err = plugin.run(PLUGIN_TIME_LIMIT).await.err().unwrap();
        assert_eq!(
            err.to_string(),
            "exec credential plugin \"login-helper\" failed with exit status 3"
        );
    }

    #[tokio::test]
    async fn a_hanging_plugin_is_stopped_at_its_time_limit() {
        let (_dir, plugin) = plugin("exec sleep 30");
        let started = std::time::Instant::now();
        let err = plugin.run(Duration::from_secs(1)).await.err().unwrap();
        assert!(started.elapsed() < Duration::from_secs(10));
        assert_eq!(
            err.to_string(),
            "exec credential plugin \"login-helper\" did not finish within 1s"
        );
    }

    #[tokio::test]
    async fn the_plugin_gets_its_environment_and_the_exec_info() {
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
