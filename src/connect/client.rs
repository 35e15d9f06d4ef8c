//! From the selection to kube's client: the server address, the certificate authority, the
//! client identity, the token, the impersonation, the proxy, compression and the User-Agent.
//! kube's errors are classified here and kept only as causes.

use super::exec::{Credential, Plugin, Terminal};
use super::material::{self, Pem};
use super::proxy;
use super::refresh::Bearer;
use super::select::{REDACTED, Selected};
use crate::errors::{
    AuthProviderProblem, ClientProblem, ConnectError, Material, MaterialError, MaterialOrigin,
    MaterialProblem, Redacted,
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

/// kube's configuration holds the credentials and the proxy URL: only the plugin's name shows.
impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared")
            .field("server_host", &self.config.cluster_url.host())
            .field("config", &REDACTED)
            .field("plugin", &self.plugin)
            .finish()
    }
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
    set_auth_provider(&mut user, &user_name)?;
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

    /// The exec plugin (if any) gets no terminal: stdin empty, stderr dropped.
    pub(crate) fn without_terminal(&mut self) {
        if let Some(plugin) = &mut self.plugin {
            plugin.terminal = Terminal::None;
        }
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
            cause: Redacted(Box::new(e)),
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
        terminal: Terminal::Shared,
    })
}

/// kubectl's rule for `auth-provider`: only `oidc` exists (kubectl 1.26 removed `gcp` and
/// `azure`, and no other is registered), and it cannot be combined with an exec plugin. Of
/// `oidc` only the stored `id-token` is used, as a bearer token when the user has no token or
/// basic auth of its own (kubectl's oidc sends nothing over an existing Authorization); it is
/// never refreshed. kube never sees the provider, so it can never run a provider's command
/// (kube's `gcp` runs `cmd-path` synchronously, unbounded, while the client is built).
fn set_auth_provider(user: &mut AuthInfo, user_name: &str) -> Result<(), ConnectError> {
    let Some(provider) = user.auth_provider.take() else {
        return Ok(());
    };
    let refuse = |problem| ConnectError::AuthProvider {
        user: user_name.to_string(),
        problem,
    };
    if provider.name != "oidc" {
        let known = ["gcp", "azure"]
            .into_iter()
            .find(|known| *known == provider.name);
        return Err(refuse(AuthProviderProblem::Unsupported(known)));
    }
    if user.exec.is_some() {
        return Err(refuse(AuthProviderProblem::WithExec));
    }
    let token = provider
        .config
        .get("id-token")
        .filter(|t| !t.is_empty())
        .ok_or_else(|| refuse(AuthProviderProblem::NoIdToken))?;
    if http::HeaderValue::from_str(&format!("Bearer {token}")).is_err() {
        return Err(refuse(AuthProviderProblem::IdTokenNotHeaderText));
    }
    let has_own = user.token.is_some()
        || user.token_file.as_deref().is_some_and(|f| !f.is_empty())
        || user.username.is_some();
    if !has_own {
        user.token = Some(SecretString::from(token.clone()));
    }
    Ok(())
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

    fn selected(user: &str) -> Selected {
        let yaml = format!(
            "clusters: [{{name: c, cluster: {{server: 'https://h:1'}}}}]\n\
             users: [{{name: u, user: {user}}}]\n\
             contexts: [{{name: m, context: {{cluster: c, user: u}}}}]\ncurrent-context: m\n"
        );
        let kubeconfig = Kubeconfig::from_yaml(&yaml).unwrap();
        let flags = super::super::ConnectionFlags::default();
        super::super::select::select(&kubeconfig, &flags).unwrap()
    }

    fn prepared(user: &str) -> Result<Prepared, ConnectError> {
        prepare(selected(user), &|_| None)
    }

    #[test]
    fn oidc_uses_only_the_stored_id_token_and_kube_never_sees_the_provider() {
        let p =
            prepared("{auth-provider: {name: oidc, config: {id-token: idt, refresh-token: r}}}")
                .ok()
                .unwrap();
        assert!(p.config.auth_info.auth_provider.is_none());
        assert_eq!(
            p.config.auth_info.token.as_ref().map(|t| t.expose_secret()),
            Some("idt")
        );
        // The user's own token wins, as kubectl's oidc adds nothing over an Authorization.
        let p = prepared("{token: own, auth-provider: {name: oidc, config: {id-token: idt}}}")
            .ok()
            .unwrap();
        assert_eq!(
            p.config.auth_info.token.as_ref().map(|t| t.expose_secret()),
            Some("own")
        );
    }

    #[test]
    fn other_providers_and_unusable_oidc_are_refused() {
        let problem = |user: &str| match prepared(user) {
            Err(ConnectError::AuthProvider { user, problem }) if user == "u" => problem,
            other => panic!("{user}: {:?}", other.err()),
        };
        let gcp = "{auth-provider: {name: gcp, config: {cmd-path: /bin/sleep, cmd-args: '120'}}}";
        assert_eq!(problem(gcp), AuthProviderProblem::Unsupported(Some("gcp")));
        // Even with a token of its own (kubectl builds the provider regardless).
        assert_eq!(
            problem("{token: t, auth-provider: {name: azure}}"),
            AuthProviderProblem::Unsupported(Some("azure"))
        );
        assert_eq!(
            problem("{auth-provider: {name: oidc, config: {refresh-token: r}}}"),
            AuthProviderProblem::NoIdToken
        );
        assert_eq!(
            problem("{auth-provider: {name: oidc, config: {id-token: \"a\\nb\"}}}"),
            AuthProviderProblem::IdTokenNotHeaderText
        );
        assert_eq!(
            problem(
                "{auth-provider: {name: oidc, config: {id-token: t}}, exec: {command: x, apiVersion: client.authentication.k8s.io/v1}}"
            ),
            AuthProviderProblem::WithExec
        );
    }

    const SECRET: &str = "s3cr3t-7f3a";

    fn assert_redacted(what: &str, debug: String) {
        assert!(!debug.contains(SECRET), "{what} leaks: {debug}");
        assert!(debug.contains("<redacted>"), "{what}: {debug}");
    }

    #[test]
    fn debug_prints_no_credential_of_any_connection_type() {
        let yaml = format!(
            "clusters: [{{name: c, cluster: {{server: 'https://u:{SECRET}@h:1', proxy-url: 'http://p:{SECRET}@proxy:3128'}}}}]\n\
             users:\n\
             - {{name: tok, user: {{token: {SECRET}, username: a, password: {SECRET}}}}}\n\
             - {{name: key, user: {{client-certificate-data: {SECRET}, client-key-data: {SECRET}}}}}\n\
             - {{name: ex, user: {{exec: {{command: /bin/{SECRET}/login, apiVersion: client.authentication.k8s.io/v1, args: [--k={SECRET}], env: [{{name: K, value: {SECRET}}}]}}}}}}\n\
             - {{name: oidc, user: {{auth-provider: {{name: oidc, config: {{id-token: {SECRET}, refresh-token: {SECRET}}}}}}}}}\n\
             contexts: [{{name: m, context: {{cluster: c, user: tok}}}}]\ncurrent-context: m\n"
        );
        let kubeconfig = Kubeconfig::from_yaml(&yaml).unwrap();
        for user in ["tok", "key", "ex", "oidc"] {
            let flags = super::super::ConnectionFlags {
                user: Some(user.to_string()),
                ..Default::default()
            };
            let selected = super::super::select::select(&kubeconfig, &flags).unwrap();
            assert_redacted(user, format!("{selected:?}"));
            if user == "key" {
                // Not base64: only the selection is made.
                continue;
            }
            let prepared = prepare(selected, &|_| None).ok().unwrap();
            assert_redacted(user, format!("{prepared:?}"));
            if let Some(plugin) = &prepared.plugin {
                assert_redacted(user, format!("{plugin:?}"));
                assert!(format!("{plugin:?}").contains("\"login\""));
            }
        }
        let token = Credential::Token {
            token: SecretString::from(SECRET),
            expires: None,
        };
        assert_redacted("token", format!("{token:?}"));
        let certificate = Credential::Certificate {
            certificate: SECRET.to_string(),
            key: SecretString::from(SECRET),
        };
        assert_redacted("certificate", format!("{certificate:?}"));
        let kube_error = kube::Error::Auth(AuthError::AuthExec(SECRET.to_string()));
        let error = ConnectError::Client {
            problem: ClientProblem::AuthProvider,
            cause: Redacted(Box::new(kube_error)),
        };
        assert_redacted("connect error", format!("{error:?}"));
        let transport =
            crate::ome::evidence::TransportError::new(std::io::Error::other(SECRET.to_string()));
        assert_redacted("transport error", format!("{transport:?}"));
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
