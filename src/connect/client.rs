//! From the selection to kube's client: the server address, the certificate authority, the
//! client identity, the token, the impersonation, the proxy, compression and the User-Agent.
//! kube's errors are classified here and kept only as causes.

use super::exec::{Credential, Plugin};
use super::material::{self, Pem};
use super::proxy;
use super::refresh::Bearer;
use super::select::Selected;
use crate::errors::{
    ClientProblem, ConnectError, Material, MaterialError, MaterialOrigin, MaterialProblem,
};
use base64::Engine as _;
use kube::client::{AuthError, ClientBuilder, RustlsTlsError};
use kube::config::{AuthInfo, Cluster, ExecAuthCluster, Kubeconfig};
use secrecy::{ExposeSecret, SecretString};
use std::time::Duration;

/// `User-Agent` of every request: `kubectl-ome/v<version> (<os>/<arch>)`, with Go's names for
/// the platform as kubectl uses them.
pub(crate) fn user_agent() -> String {
    format!(
        "kubectl-ome/v{} ({})",
        env!("CARGO_PKG_VERSION"),
        platform()
    )
}

/// `<os>/<arch>` in Go's names, as kubectl reports its platform (`linux/amd64`).
pub fn platform() -> String {
    format!(
        "{}/{}",
        std::env::consts::OS,
        go_arch(std::env::consts::ARCH)
    )
}

fn go_arch(arch: &str) -> &str {
    match arch {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        "x86" => "386",
        "powerpc64" => "ppc64",
        other => other,
    }
}

/// Everything but the exec plugin's credential, which is fetched when the client is built.
pub(crate) struct Prepared {
    config: kube::Config,
    plugin: Option<Plugin>,
}

/// Checks the selection's material and builds kube's configuration from it.
pub(crate) fn prepare(
    selected: Selected,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Prepared, ConnectError> {
    let Selected {
        cluster_name,
        user_name,
        cluster,
        mut user,
        namespace,
        ..
    } = selected;
    let server = server_uri(cluster.server.as_deref().unwrap_or_default())?;
    let ca = material::load(
        Material::CertificateAuthority,
        cluster.certificate_authority_data.as_deref(),
        cluster.certificate_authority.as_deref(),
        MaterialOrigin::ClusterData(cluster_name.clone()),
    )?;
    let plugin = plugin_for(&mut user, &cluster, ca.as_ref());
    set_identity(&mut user, &user_name)?;
    set_token(&mut user, &user_name)?;
    let mut config = kube::Config::new(server.clone());
    config.default_namespace = namespace;
    config.root_cert = ca.as_ref().map(|pem| material::certificates(&pem.bytes));
    config.accept_invalid_certs = cluster.insecure_skip_tls_verify == Some(true);
    config.tls_server_name = cluster.tls_server_name.clone().filter(|n| !n.is_empty());
    config.disable_compression = cluster.disable_compression == Some(true);
    config.proxy_url = proxy::choose(&server, &cluster_name, cluster.proxy_url.as_deref(), env)?;
    config.auth_info = user;
    if let Ok(agent) = http::HeaderValue::from_str(&user_agent()) {
        config.headers.push((http::header::USER_AGENT, agent));
    }
    // The plugin decides every retry itself (and never retries a write).
    config.default_retry = false;
    Ok(Prepared { config, plugin })
}

impl Prepared {
    /// Whether the client connects through a proxy.
    pub(crate) fn through_proxy(&self) -> bool {
        self.config.proxy_url.is_some()
    }

    /// The client: the exec plugin (if any) runs first, once, within `limit`.
    pub(crate) async fn client(&self, limit: Duration) -> Result<kube::Client, ConnectError> {
        let mut config = self.config.clone();
        let mut renewed = None;
        if let Some(plugin) = &self.plugin {
            let credential = plugin
                .run(limit)
                .await
                .map_err(|e| ConnectError::Exec(Box::new(e)))?;
            match credential {
                // An expiring token goes on each request from the renewal (kube never sees it).
                Credential::Token {
                    token,
                    expires: Some(expires),
                } => renewed = Bearer::start(plugin.clone(), &token, expires, limit),
                other => apply(&mut config.auth_info, other),
            }
        }
        let had_ca = config.root_cert.is_some();
        let builder = ClientBuilder::try_from(config).map_err(|e| ConnectError::Client {
            problem: classify(&e, had_ca),
            cause: Box::new(e),
        })?;
        Ok(match renewed {
            Some(bearer) => builder.with_layer(&bearer).build(),
            None => builder.build(),
        })
    }
}

/// The server address; without a scheme it is https, as in kubectl.
fn server_uri(server: &str) -> Result<http::Uri, ConnectError> {
    let with_scheme = if server.contains("://") {
        server.to_string()
    } else {
        format!("https://{server}")
    };
    let uri: http::Uri = with_scheme
        .parse()
        .map_err(|_| ConnectError::InvalidServer)?;
    let scheme_ok = matches!(uri.scheme_str(), Some("https" | "http"));
    if !scheme_ok || uri.host().is_none_or(str::is_empty) {
        return Err(ConnectError::InvalidServer);
    }
    Ok(uri)
}

/// The exec plugin runs only when the user has no token, token file, basic auth or client
/// certificate (kubectl's precedence); kube never runs it.
fn plugin_for(user: &mut AuthInfo, cluster: &Cluster, ca: Option<&Pem>) -> Option<Plugin> {
    let exec = user.exec.take()?;
    let has_other = user.token.is_some()
        || user.token_file.as_deref().is_some_and(|f| !f.is_empty())
        || user.username.is_some()
        || user.client_certificate.is_some()
        || user.client_certificate_data.is_some();
    if has_other {
        return None;
    }
    let cluster_info = exec.provide_cluster_info.then(|| ExecAuthCluster {
        server: cluster.server.clone(),
        insecure_skip_tls_verify: cluster.insecure_skip_tls_verify,
        certificate_authority_data: ca.map(|pem| pem.bytes.clone()),
        proxy_url: cluster.proxy_url.clone(),
        tls_server_name: cluster.tls_server_name.clone(),
        config: None,
    });
    Some(Plugin {
        exec,
        cluster: cluster_info,
    })
}

/// The client certificate and key, read and checked now, handed to kube as data.
fn set_identity(user: &mut AuthInfo, user_name: &str) -> Result<(), ConnectError> {
    let origin = || MaterialOrigin::UserData(user_name.to_string());
    let certificate = material::load(
        Material::ClientCertificate,
        user.client_certificate_data.as_deref(),
        user.client_certificate.as_deref(),
        origin(),
    )?;
    let key = material::load(
        Material::ClientKey,
        user.client_key_data
            .as_ref()
            .map(ExposeSecret::expose_secret),
        user.client_key.as_deref(),
        origin(),
    )?;
    user.client_certificate = None;
    user.client_key = None;
    let encode = |pem: &Pem| base64::engine::general_purpose::STANDARD.encode(&pem.bytes);
    match (certificate, key) {
        (Some(certificate), Some(key)) => {
            user.client_certificate_data = Some(encode(&certificate));
            user.client_key_data = Some(SecretString::from(encode(&key)));
            Ok(())
        }
        (Some(_), None) => Err(ConnectError::HalfIdentity {
            missing: Material::ClientKey,
        }),
        (None, Some(_)) => Err(ConnectError::HalfIdentity {
            missing: Material::ClientCertificate,
        }),
        (None, None) => Ok(()),
    }
}

/// The token (or the token file's content, trimmed as kubectl does) as one static bearer
/// token; one that cannot be an HTTP header is refused here, where kube would panic.
fn set_token(user: &mut AuthInfo, user_name: &str) -> Result<(), ConnectError> {
    let (token, origin) = match (&user.token, user.token_file.as_deref()) {
        (Some(token), _) => (
            token.expose_secret().to_string(),
            MaterialOrigin::UserData(user_name.to_string()),
        ),
        (None, Some(file)) if !file.is_empty() => (
            material::read_token_file(file)?,
            MaterialOrigin::File(file.into()),
        ),
        _ => return Ok(()),
    };
    if http::HeaderValue::from_str(&format!("Bearer {token}")).is_err() {
        return Err(ConnectError::Material(Box::new(MaterialError {
            material: Material::TokenFile,
            origin,
            problem: MaterialProblem::NotHeaderText,
        })));
    }
    user.token = Some(SecretString::from(token));
    user.token_file = None;
    Ok(())
}

fn apply(user: &mut AuthInfo, credential: Credential) {
    match credential {
        Credential::Token { token, .. } => user.token = Some(token),
        Credential::Certificate { certificate, key } => {
            let engine = base64::engine::general_purpose::STANDARD;
            user.client_certificate_data = Some(engine.encode(certificate));
            user.client_key_data = Some(SecretString::from(engine.encode(key.expose_secret())));
        }
    }
}

fn classify(error: &kube::Error, had_ca: bool) -> ClientProblem {
    match error {
        kube::Error::RustlsTls(tls) => match tls {
            RustlsTlsError::InvalidServerName(_) => ClientProblem::TlsServerName,
            RustlsTlsError::NoValidNativeRootCA(_) => ClientProblem::NoSystemRoots,
            RustlsTlsError::AddRootCertificate(_) if had_ca => ClientProblem::CertificateAuthority,
            RustlsTlsError::AddRootCertificate(_) => ClientProblem::NoSystemRoots,
            _ => ClientProblem::Identity,
        },
        kube::Error::Auth(AuthError::InvalidBasicAuth(_) | AuthError::InvalidBearerToken(_)) => {
            ClientProblem::HeaderValue
        }
        kube::Error::Auth(_) => ClientProblem::AuthProvider,
        kube::Error::HttpError(_) => ClientProblem::HeaderValue,
        _ => ClientProblem::Other,
    }
}

/// The service account's configuration when running in a pod (and no kubeconfig exists), as a
/// kubeconfig, so that the same selection and flags apply.
pub(crate) fn in_cluster() -> Option<Kubeconfig> {
    const DIR: &str = "/var/run/secrets/kubernetes.io/serviceaccount";
    let host = std::env::var("KUBERNETES_SERVICE_HOST").ok()?;
    let port = std::env::var("KUBERNETES_SERVICE_PORT").ok()?;
    let token_file = format!("{DIR}/token");
    if !std::path::Path::new(&token_file).exists() {
        return None;
    }
    let host = if host.contains(':') {
        format!("[{host}]")
    } else {
        host
    };
    let namespace = std::fs::read_to_string(format!("{DIR}/namespace"))
        .ok()
        .map(|ns| ns.trim().to_string());
    let document = serde_json::json!({
        "current-context": "in-cluster",
        "clusters": [{"name": "in-cluster", "cluster": {
            "server": format!("https://{host}:{port}"),
            "certificate-authority": format!("{DIR}/ca.crt"),
        }}],
        "users": [{"name": "in-cluster", "user": {"tokenFile": token_file}}],
        "contexts": [{"name": "in-cluster", "context": {
            "cluster": "in-cluster", "user": "in-cluster", "namespace": namespace,
        }}],
    });
    serde_json::from_value(document).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_agent_names_the_plugin_version_and_platform() {
        let agent = user_agent();
        assert!(agent.starts_with(&format!("kubectl-ome/v{} (", env!("CARGO_PKG_VERSION"))));
        assert!(!agent.contains("x86_64"));
    }

    #[test]
    fn server_addresses_default_to_https() {
        assert_eq!(
            server_uri("10.0.0.1:6443").unwrap().to_string(),
            "https://10.0.0.1:6443/"
        );
        assert!(matches!(
            server_uri("ftp://x"),
            Err(ConnectError::InvalidServer)
        ));
        assert!(matches!(
            server_uri("https://"),
            Err(ConnectError::InvalidServer)
        ));
    }
}
