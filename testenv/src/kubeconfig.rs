//! Writing kubeconfig files: one per test user, plus custom ones for connection-flag tests
//! (several contexts, an unreachable server, an exec credential plugin, split files).
//!
//! Every cluster entry carries `certificate-authority-data`: TLS is always verified.

// JSON documents are read and written by key (serde_json's `Value`: a missing key reads as
// `Null`, a write inserts); the lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use base64::Engine as _;
use serde_json::{Value, json};

fn b64(data: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(data)
}

/// Builds a kubeconfig document entry by entry. Entries are added in order; the file is written
/// as YAML.
#[derive(Debug, Clone, Default)]
pub struct KubeconfigBuilder {
    clusters: Vec<Value>,
    users: Vec<Value>,
    contexts: Vec<Value>,
    current_context: Option<String>,
}

impl KubeconfigBuilder {
    /// An empty kubeconfig.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a cluster `name` at `server` whose certificates are verified with `ca_pem`.
    pub fn cluster(mut self, name: &str, server: &str, ca_pem: &[u8]) -> Self {
        self.clusters.push(json!({
            "name": name,
            "cluster": {"server": server, "certificate-authority-data": b64(ca_pem)},
        }));
        self
    }

    /// Adds a user authenticating with a bearer token.
    pub fn user_token(mut self, name: &str, token: &str) -> Self {
        self.users
            .push(json!({"name": name, "user": {"token": token}}));
        self
    }

    /// Adds a user authenticating with an embedded client certificate and key (PEM).
    pub fn user_cert(mut self, name: &str, cert_pem: &[u8], key_pem: &[u8]) -> Self {
        self.users.push(json!({
            "name": name,
            "user": {"client-certificate-data": b64(cert_pem), "client-key-data": b64(key_pem)},
        }));
        self
    }

    /// Adds a user whose credentials come from an exec plugin (`client.authentication.k8s.io/v1`),
    /// e.g. a script written by [`write_exec_plugin`].
    pub fn user_exec(mut self, name: &str, command: &Path) -> Self {
        self.users.push(json!({
            "name": name,
            "user": {"exec": {
                "apiVersion": "client.authentication.k8s.io/v1",
                "command": command.display().to_string(),
                "interactiveMode": "Never",
            }},
        }));
        self
    }

    /// Adds a context; `namespace: None` leaves the context without a namespace.
    pub fn context(
        mut self,
        name: &str,
        cluster: &str,
        user: &str,
        namespace: Option<&str>,
    ) -> Self {
        let mut ctx = json!({"cluster": cluster, "user": user});
        if let Some(ns) = namespace {
            ctx["namespace"] = json!(ns);
        }
        self.contexts.push(json!({"name": name, "context": ctx}));
        self
    }

    /// Sets `current-context`.
    pub fn current_context(mut self, name: &str) -> Self {
        self.current_context = Some(name.to_string());
        self
    }

    /// The whole document as JSON.
    pub fn to_value(&self) -> Value {
        self.document(true, true)
    }

    fn document(&self, clusters_and_users: bool, contexts: bool) -> Value {
        let mut doc = json!({"apiVersion": "v1", "kind": "Config", "preferences": {}});
        if clusters_and_users {
            doc["clusters"] = json!(self.clusters);
            doc["users"] = json!(self.users);
        }
        if contexts {
            doc["contexts"] = json!(self.contexts);
            if let Some(current) = &self.current_context {
                doc["current-context"] = json!(current);
            }
        }
        doc
    }

    /// Writes the kubeconfig to `path` (mode 0600) and returns the path.
    pub fn write(&self, path: &Path) -> Result<PathBuf> {
        write_yaml(path, &self.to_value())?;
        Ok(path.to_path_buf())
    }

    /// Splits the kubeconfig over two files for `KUBECONFIG=a:b` merge tests: clusters and users
    /// go to `first`, contexts and `current-context` to `second`. Returns the `KUBECONFIG` value.
    pub fn write_split(&self, first: &Path, second: &Path) -> Result<String> {
        write_yaml(first, &self.document(true, false))?;
        write_yaml(second, &self.document(false, true))?;
        let joined = std::env::join_paths([first, second]).context("joining kubeconfig paths")?;
        Ok(joined.to_string_lossy().into_owned())
    }
}

fn write_yaml(path: &Path, value: &Value) -> Result<()> {
    let text = serde_saphyr::to_string(value).context("serializing kubeconfig")?;
    write_private(path, text.as_bytes())
}

pub(crate) fn write_private(path: &Path, content: &[u8]) -> Result<()> {
    fs::write(path, content).with_context(|| format!("writing {}", path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(0o600))
            .with_context(|| format!("chmod {}", path.display()))?;
    }
    Ok(())
}

/// Writes an executable shell script at `path` that prints an `ExecCredential`
/// (`client.authentication.k8s.io/v1`) carrying `token`, for exec-plugin kubeconfigs.
pub fn write_exec_plugin(path: &Path, token: &str) -> Result<PathBuf> {
    let credential = json!({
        "apiVersion": "client.authentication.k8s.io/v1",
        "kind": "ExecCredential",
        "status": {"token": token},
    });
    let script = format!("#!/bin/sh\ncat <<'EOF'\n{credential}\nEOF\n");
    fs::write(path, script).with_context(|| format!("writing {}", path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(0o700))
            .with_context(|| format!("chmod {}", path.display()))?;
    }
    Ok(path.to_path_buf())
}

/// A loopback URL on which nothing listens (a port bound and released just now).
pub fn unreachable_server() -> Result<String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").context("binding a probe port")?;
    let port = listener.local_addr()?.port();
    drop(listener);
    Ok(format!("https://127.0.0.1:{port}"))
}
