//! kubectl's selection of the context, cluster and user, and the precedence of the connection
//! flags over the kubeconfig. No I/O: the kubeconfig is already read.
//!
//! The rules, as kubectl applies them:
//! - the context is `--context`, else the current-context; naming one that does not exist is
//!   refused; the cluster and user are `--cluster`/`--user`, else the context's, and naming one
//!   that does not exist is refused (a context's own missing user means no credentials);
//! - `--server` replaces the cluster's address and drops the cluster's tls-server-name unless
//!   `--tls-server-name` is given too;
//! - `--certificate-authority` or `--insecure-skip-tls-verify` replace the cluster's CA and
//!   insecure settings together; a CA together with insecure is refused;
//! - `--token` replaces the user's token and token file; `--client-certificate`/`--client-key`
//!   replace the user's certificate and key; `--as`, `--as-group`, `--as-uid` replace the user's
//!   impersonation; groups or a UID without a user to impersonate are refused;
//! - the namespace is `-n`, else the context's, else `default`.

use super::flags::ConnectionFlags;
use crate::errors::ConnectError;
use kube::config::{AuthInfo, Cluster, Context, Kubeconfig};
use secrecy::SecretString;

/// What the kubeconfig and the flags select, before any file is read.
#[derive(Clone)]
pub(crate) struct Selected {
    /// The context in use (`--context`, else current-context), if any.
    pub(crate) context_name: Option<String>,
    /// The cluster's name in the kubeconfig (empty with `--server` alone).
    pub(crate) cluster_name: String,
    /// The user's name in the kubeconfig (empty without one).
    pub(crate) user_name: String,
    /// The cluster with the flags applied.
    pub(crate) cluster: Cluster,
    /// The user with the flags applied.
    pub(crate) user: AuthInfo,
    /// The namespace.
    pub(crate) namespace: String,
}

/// Names and the server only: the user (token, password, key, exec arguments and environment,
/// auth-provider tokens) and the cluster's proxy URL (its password) are never printed.
impl std::fmt::Debug for Selected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Selected")
            .field("context_name", &self.context_name)
            .field("cluster_name", &self.cluster_name)
            .field("user_name", &self.user_name)
            .field("server_host", &server_host(self.cluster.server.as_deref()))
            .field(
                "proxy_url",
                &self.cluster.proxy_url.as_ref().map(|_| REDACTED),
            )
            .field("user", &REDACTED)
            .field("namespace", &self.namespace)
            .finish()
    }
}

/// The server's host only (an address may carry a user and password).
fn server_host(server: Option<&str>) -> Option<String> {
    let uri: http::Uri = server?.parse().ok()?;
    uri.host().map(str::to_string)
}

/// What a `Debug` print shows in place of a credential.
pub(crate) const REDACTED: &str = "<redacted>";

/// Selects from `kubeconfig` (empty when there is no file) with the flags applied.
pub(crate) fn select(
    kubeconfig: &Kubeconfig,
    flags: &ConnectionFlags,
) -> Result<Selected, ConnectError> {
    let context_name = flags
        .context
        .clone()
        .or_else(|| kubeconfig.current_context.clone())
        .filter(|name| !name.is_empty());
    let context = match &context_name {
        Some(name) => find_context(kubeconfig, name)?,
        None => Context::default(),
    };
    let (cluster_name, cluster) = select_cluster(kubeconfig, flags, &context, &context_name)?;
    let (user_name, user) = select_user(kubeconfig, flags, &context)?;
    let namespace = flags
        .namespace
        .clone()
        .or_else(|| context.namespace.clone().filter(|ns| !ns.is_empty()))
        .unwrap_or_else(|| "default".to_string());
    let selected = Selected {
        context_name,
        cluster_name,
        user_name,
        cluster: override_cluster(cluster, flags),
        user: override_user(user, flags),
        namespace,
    };
    refuse_conflicts(&selected)?;
    Ok(selected)
}

fn find_context(kubeconfig: &Kubeconfig, name: &str) -> Result<Context, ConnectError> {
    kubeconfig
        .contexts
        .iter()
        .find(|c| c.name == name)
        .map(|c| c.context.clone().unwrap_or_default())
        .ok_or_else(|| ConnectError::ContextNotFound(name.to_string()))
}

fn select_cluster(
    kubeconfig: &Kubeconfig,
    flags: &ConnectionFlags,
    context: &Context,
    context_name: &Option<String>,
) -> Result<(String, Cluster), ConnectError> {
    let named = |name: &str| {
        kubeconfig
            .clusters
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.cluster.clone().unwrap_or_default())
    };
    if let Some(name) = &flags.cluster {
        let cluster = named(name).ok_or_else(|| ConnectError::ClusterNotFound(name.clone()))?;
        return Ok((name.clone(), cluster));
    }
    let name = context.cluster.clone();
    match named(&name) {
        Some(cluster) => Ok((name, cluster)),
        // `--server` alone needs no cluster entry.
        None if flags.server.is_some() => Ok((name, Cluster::default())),
        None if context_name.is_none() => Err(ConnectError::NoContext),
        None => Err(ConnectError::NoServer { cluster: name }),
    }
}

fn select_user(
    kubeconfig: &Kubeconfig,
    flags: &ConnectionFlags,
    context: &Context,
) -> Result<(String, AuthInfo), ConnectError> {
    let named = |name: &str| {
        kubeconfig
            .auth_infos
            .iter()
            .find(|u| u.name == name)
            .map(|u| u.auth_info.clone().unwrap_or_default())
    };
    if let Some(name) = &flags.user {
        let user = named(name).ok_or_else(|| ConnectError::UserNotFound(name.clone()))?;
        return Ok((name.clone(), user));
    }
    // Like kubectl, a context whose user is missing connects without credentials.
    let name = context.user.clone().unwrap_or_default();
    let user = named(&name).unwrap_or_default();
    Ok((name, user))
}

fn override_cluster(mut cluster: Cluster, flags: &ConnectionFlags) -> Cluster {
    if let Some(server) = &flags.server {
        cluster.server = Some(server.clone());
        cluster.tls_server_name = None;
    }
    if flags.insecure_skip_tls_verify || flags.certificate_authority.is_some() {
        cluster.insecure_skip_tls_verify = Some(flags.insecure_skip_tls_verify);
        cluster.certificate_authority = flags
            .certificate_authority
            .as_ref()
            .map(|p| p.display().to_string());
        cluster.certificate_authority_data = None;
    }
    if let Some(name) = &flags.tls_server_name {
        cluster.tls_server_name = Some(name.clone());
    }
    if flags.disable_compression {
        cluster.disable_compression = Some(true);
    }
    cluster
}

fn override_user(mut user: AuthInfo, flags: &ConnectionFlags) -> AuthInfo {
    if let Some(token) = &flags.token {
        user.token = Some(SecretString::from(token.clone()));
        user.token_file = None;
    }
    if let Some(path) = &flags.client_certificate {
        user.client_certificate = Some(path.display().to_string());
        user.client_certificate_data = None;
    }
    if let Some(path) = &flags.client_key {
        user.client_key = Some(path.display().to_string());
        user.client_key_data = None;
    }
    if let Some(name) = &flags.as_user {
        user.impersonate = Some(name.clone());
    }
    if !flags.as_group.is_empty() {
        user.impersonate_groups = Some(flags.as_group.clone());
    }
    if let Some(uid) = &flags.as_uid {
        user.impersonate_uid = Some(uid.clone());
    }
    user
}

fn refuse_conflicts(selected: &Selected) -> Result<(), ConnectError> {
    let cluster = &selected.cluster;
    if cluster.server.as_deref().is_none_or(str::is_empty) {
        return Err(ConnectError::NoServer {
            cluster: selected.cluster_name.clone(),
        });
    }
    let has_ca = cluster
        .certificate_authority
        .as_deref()
        .is_some_and(|p| !p.is_empty())
        || cluster
            .certificate_authority_data
            .as_deref()
            .is_some_and(|d| !d.is_empty());
    if cluster.insecure_skip_tls_verify == Some(true) && has_ca {
        return Err(ConnectError::InsecureWithCa);
    }
    let user = &selected.user;
    let impersonates_parts = user
        .impersonate_groups
        .as_ref()
        .is_some_and(|g| !g.is_empty())
        || user.impersonate_uid.as_ref().is_some_and(|u| !u.is_empty())
        || user
            .impersonate_user_extra
            .as_ref()
            .is_some_and(|e| !e.is_empty());
    if impersonates_parts && user.impersonate.as_deref().is_none_or(str::is_empty) {
        return Err(ConnectError::ImpersonationWithoutUser);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use secrecy::ExposeSecret;

    fn kubeconfig() -> Kubeconfig {
        Kubeconfig::from_yaml(
            r#"
apiVersion: v1
kind: Config
current-context: main
clusters:
- name: prod
  cluster: {server: "https://prod:6443", certificate-authority-data: "Q0E=", tls-server-name: prod.internal}
- name: lab
  cluster: {server: "https://lab:6443", insecure-skip-tls-verify: true}
users:
- name: alice
  user: {token: alice-token, as: bob}
- name: carol
  user: {client-certificate: /c.crt, client-key: /c.key}
contexts:
- name: main
  context: {cluster: prod, user: alice, namespace: team}
- name: dangling
  context: {cluster: gone, user: nobody}
"#,
        )
        .unwrap()
    }

    fn flags(args: &[&str]) -> ConnectionFlags {
        use clap::{Args, FromArgMatches};
        let command = ConnectionFlags::augment_args(clap::Command::new("t"));
        let matches = command
            .try_get_matches_from(std::iter::once("t").chain(args.iter().copied()))
            .unwrap();
        ConnectionFlags::from_arg_matches(&matches).unwrap()
    }

    fn pick(args: &[&str]) -> Result<Selected, ConnectError> {
        select(&kubeconfig(), &flags(args))
    }

    #[test]
    fn the_current_context_selects_cluster_user_and_namespace() {
        let s = pick(&[]).unwrap();
        assert_eq!(s.context_name.as_deref(), Some("main"));
        assert_eq!(s.cluster.server.as_deref(), Some("https://prod:6443"));
        assert_eq!(s.user.token.unwrap().expose_secret(), "alice-token");
        assert_eq!(s.namespace, "team");
    }

    #[test]
    fn unknown_names_are_refused() {
        assert!(
            matches!(pick(&["--context", "nope"]), Err(ConnectError::ContextNotFound(n)) if n == "nope")
        );
        assert!(
            matches!(pick(&["--cluster", "nope"]), Err(ConnectError::ClusterNotFound(n)) if n == "nope")
        );
        assert!(
            matches!(pick(&["--user", "nope"]), Err(ConnectError::UserNotFound(n)) if n == "nope")
        );
        assert!(matches!(
            pick(&["--context", "dangling"]),
            Err(ConnectError::NoServer { cluster }) if cluster == "gone"
        ));
    }

    #[test]
    fn a_context_missing_its_user_connects_without_credentials() {
        let s = pick(&["--context", "dangling", "--server", "https://x"]).unwrap();
        assert!(s.user.token.is_none());
        assert_eq!(s.namespace, "default");
    }

    #[test]
    fn server_flag_drops_the_clusters_tls_server_name() {
        let s = pick(&["--server", "https://other:1"]).unwrap();
        assert_eq!(s.cluster.server.as_deref(), Some("https://other:1"));
        assert_eq!(s.cluster.tls_server_name, None);
        let s = pick(&["-s", "https://other:1", "--tls-server-name", "n"]).unwrap();
        assert_eq!(s.cluster.tls_server_name.as_deref(), Some("n"));
    }

    #[test]
    fn insecure_flag_replaces_the_ca_and_a_ca_flag_replaces_insecure() {
        let s = pick(&["--insecure-skip-tls-verify"]).unwrap();
        assert_eq!(s.cluster.certificate_authority_data, None);
        let s = pick(&["--cluster", "lab", "--certificate-authority", "/ca.pem"]).unwrap();
        assert_eq!(s.cluster.insecure_skip_tls_verify, Some(false));
        assert!(matches!(
            pick(&[
                "--insecure-skip-tls-verify",
                "--certificate-authority",
                "/ca.pem"
            ]),
            Err(ConnectError::InsecureWithCa)
        ));
    }

    #[test]
    fn credential_flags_replace_the_users() {
        let s = pick(&["--token", "t2"]).unwrap();
        assert_eq!(s.user.token.unwrap().expose_secret(), "t2");
        let s = pick(&["--user", "carol", "--client-key", "/k2"]).unwrap();
        assert_eq!(s.user.client_key.as_deref(), Some("/k2"));
        assert_eq!(s.user.client_certificate.as_deref(), Some("/c.crt"));
    }

    #[test]
    fn impersonation_needs_a_user() {
        let s = pick(&["--as-group", "g1", "--as-group", "g2"]).unwrap();
        assert_eq!(s.user.impersonate.as_deref(), Some("bob"));
        assert_eq!(
            s.user.impersonate_groups,
            Some(vec!["g1".into(), "g2".into()])
        );
        assert!(matches!(
            pick(&["--user", "carol", "--as-uid", "u"]),
            Err(ConnectError::ImpersonationWithoutUser)
        ));
    }

    #[test]
    fn server_and_token_alone_need_no_kubeconfig() {
        let s = select(
            &Kubeconfig::default(),
            &flags(&["--server", "https://h:1", "--token", "t"]),
        )
        .unwrap();
        assert_eq!(s.context_name, None);
        assert_eq!(s.namespace, "default");
        assert!(matches!(
            select(&Kubeconfig::default(), &flags(&[])),
            Err(ConnectError::NoContext)
        ));
    }
}
