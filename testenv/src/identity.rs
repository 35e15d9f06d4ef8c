//! Fresh identities for permission tests: a ServiceAccount with a token from the TokenRequest
//! API, so every test (and every variant of a test) gets a user that nothing else is bound to.
//!
//! The token users of `tokens.csv` are fixed at server start and carry the harness's own
//! ClusterRoles, so a least-privilege test cannot use them. A ServiceAccount token is a real
//! bearer token the API server authenticates itself (the server signs it with `sa.key`): the
//! user is `system:serviceaccount:<namespace>:<name>`, in the groups `system:serviceaccounts`,
//! `system:serviceaccounts:<namespace>` and `system:authenticated`. The default bindings of
//! those groups grant discovery, `/version` and self-reviews only, nothing of OME's.
//!
//! [`apply_rbac`] creates Roles, ClusterRoles and their bindings for such a user from YAML
//! documents (the files in `docs/rbac/`), and [`wait_for_access`] waits until the authorizer,
//! which learns of RBAC objects through an informer, answers as expected.

// JSON documents are read and written by key (serde_json's `Value`: a missing key reads as
// `Null`, a write inserts); the lint cannot tell that indexing from a slice's.
#![allow(clippy::indexing_slicing)]

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use k8s_openapi::api::authorization::v1::SubjectAccessReview;
use k8s_openapi::api::core::v1::ServiceAccount;
use k8s_openapi::api::rbac::v1::{ClusterRole, ClusterRoleBinding, Role, RoleBinding};
use kube::api::{Api, PostParams};
use serde_json::{Value, json};

use crate::cluster::{CLUSTER_NAME, TestCluster};
use crate::wait::poll_until;

/// A user that exists only for one test: a ServiceAccount and a token for it.
#[derive(Debug, Clone)]
pub struct FreshUser {
    /// The ServiceAccount's namespace.
    pub namespace: String,
    /// The ServiceAccount's name.
    pub name: String,
    /// A kubeconfig with one context (named after the ServiceAccount) for this user, no
    /// namespace, TLS verified.
    pub kubeconfig: PathBuf,
}

impl FreshUser {
    /// The user name the authorizer sees.
    pub fn username(&self) -> String {
        format!("system:serviceaccount:{}:{}", self.namespace, self.name)
    }

    /// The RBAC subject for bindings.
    pub fn subject(&self) -> Value {
        json!({"kind": "ServiceAccount", "name": self.name, "namespace": self.namespace})
    }
}

/// How long a fresh token is valid (the API server's minimum is 10 minutes).
const TOKEN_LIFETIME_SECS: i64 = 3600;

impl TestCluster {
    /// Creates ServiceAccount `name` in `namespace` (which must exist), requests a token for it
    /// and writes a kubeconfig. The user has no permissions beyond the defaults every
    /// authenticated user has.
    pub async fn fresh_user(&self, namespace: &str, name: &str) -> Result<FreshUser> {
        let admin = self.admin().await?;
        let accounts: Api<ServiceAccount> = Api::namespaced(admin.clone(), namespace);
        let account: ServiceAccount = serde_json::from_value(json!({"metadata": {"name": name}}))?;
        accounts
            .create(&PostParams::default(), &account)
            .await
            .with_context(|| format!("creating ServiceAccount {namespace}/{name}"))?;
        let token = request_token(&admin, namespace, name).await?;
        crate::secrets::register(
            format!("token of system:serviceaccount:{namespace}:{name}"),
            &token,
        );
        let kubeconfig = self.scratch_path(&format!("kubeconfig-{namespace}-{name}.yaml"));
        crate::kubeconfig::KubeconfigBuilder::new()
            .cluster(CLUSTER_NAME, self.url(), self.ca_pem())
            .user_token(name, &token)
            .context(name, CLUSTER_NAME, name, None)
            .current_context(name)
            .write(&kubeconfig)?;
        Ok(FreshUser {
            namespace: namespace.to_string(),
            name: name.to_string(),
            kubeconfig,
        })
    }
}

impl TestCluster {
    /// A twin of the harness user `like` (`reader`, `scaler`, `ome-reader`, `nobody`): a fresh
    /// ServiceAccount named `like` in a new namespace, bound to `like`'s ClusterRole, so it has the
    /// same rights and its kubeconfig the same context name. Tests that count every request of a
    /// user, cluster-scoped ones too, run as a twin: other tests run as `like` at the same time.
    pub async fn twin(&self, like: &str) -> Result<FreshUser> {
        let namespace = self.namespace("twin").await?;
        let user = self.fresh_user(&namespace, like).await?;
        if like == "nobody" {
            return Ok(user);
        }
        let admin = self.admin().await?;
        let binding: ClusterRoleBinding = serde_json::from_value(json!({
            "metadata": {"name": format!("twin-{namespace}")},
            "roleRef": {
                "apiGroup": "rbac.authorization.k8s.io",
                "kind": "ClusterRole",
                "name": format!("ome-testenv-{like}"),
            },
            "subjects": [user.subject()],
        }))?;
        Api::<ClusterRoleBinding>::all(admin.clone())
            .create(&PostParams::default(), &binding)
            .await
            .with_context(|| format!("binding the twin of {like}"))?;
        // Every harness role but nobody's may read services anywhere.
        let read = Access {
            verb: "get".into(),
            group: "ome.io".into(),
            resource: "inferenceservices".into(),
            subresource: String::new(),
            name: String::new(),
            namespace: Some(namespace.clone()),
        };
        wait_for_access(&admin, &user.username(), &[read], &[]).await?;
        Ok(user)
    }
}

/// `POST .../serviceaccounts/<name>/token` (TokenRequest), as admin.
async fn request_token(admin: &kube::Client, namespace: &str, name: &str) -> Result<String> {
    let body = json!({
        "apiVersion": "authentication.k8s.io/v1",
        "kind": "TokenRequest",
        "spec": {"expirationSeconds": TOKEN_LIFETIME_SECS},
    });
    let request = http::Request::post(format!(
        "/api/v1/namespaces/{namespace}/serviceaccounts/{name}/token"
    ))
    .header("Content-Type", "application/json")
    .body(serde_json::to_vec(&body)?)?;
    let response: Value = admin
        .request(request)
        .await
        .with_context(|| format!("requesting a token for {namespace}/{name}"))?;
    response["status"]["token"]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| anyhow!("the TokenRequest for {namespace}/{name} returned no token"))
}

/// One RBAC object to create for a fresh user: a Role (in `namespace`) or a ClusterRole, with
/// its rules; the binding is created with it.
#[derive(Debug, Clone)]
pub struct Grant {
    /// `Role` or `ClusterRole`.
    pub kind: String,
    /// The name to create it under (make it unique per test for ClusterRoles).
    pub name: String,
    /// The namespace of a Role and its RoleBinding; `None` for a ClusterRole.
    pub namespace: Option<String>,
    /// The PolicyRules, as in the YAML.
    pub rules: Value,
}

/// Creates each grant and a binding of it to `user` (RoleBinding for a Role,
/// ClusterRoleBinding for a ClusterRole), as admin.
pub async fn apply_rbac(admin: &kube::Client, user: &FreshUser, grants: &[Grant]) -> Result<()> {
    for grant in grants {
        let role_ref = json!({
            "apiGroup": "rbac.authorization.k8s.io", "kind": grant.kind, "name": grant.name,
        });
        let metadata = match &grant.namespace {
            Some(ns) => json!({"name": grant.name, "namespace": ns}),
            None => json!({"name": grant.name}),
        };
        let role = json!({"metadata": metadata, "rules": grant.rules});
        let binding =
            json!({"metadata": metadata, "roleRef": role_ref, "subjects": [user.subject()]});
        let pp = PostParams::default();
        match (grant.kind.as_str(), &grant.namespace) {
            ("Role", Some(ns)) => {
                let roles: Api<Role> = Api::namespaced(admin.clone(), ns);
                roles.create(&pp, &serde_json::from_value(role)?).await?;
                let bindings: Api<RoleBinding> = Api::namespaced(admin.clone(), ns);
                bindings
                    .create(&pp, &serde_json::from_value(binding)?)
                    .await?;
            }
            ("ClusterRole", None) => {
                let roles: Api<ClusterRole> = Api::all(admin.clone());
                roles.create(&pp, &serde_json::from_value(role)?).await?;
                let bindings: Api<ClusterRoleBinding> = Api::all(admin.clone());
                bindings
                    .create(&pp, &serde_json::from_value(binding)?)
                    .await?;
            }
            (kind, ns) => bail!("cannot grant a {kind} with namespace {ns:?}"),
        }
    }
    Ok(())
}

/// One access question: may the user `verb` `group`/`resource`[/`subresource`] (named `name`,
/// when set) in `namespace` (`None` = cluster scope)?
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    /// The verb (`get`, `list`, `watch`, `patch`, ...).
    pub verb: String,
    /// The API group (`""` for core).
    pub group: String,
    /// The resource.
    pub resource: String,
    /// The subresource, or `""`.
    pub subresource: String,
    /// The object name, or `""` for any.
    pub name: String,
    /// The namespace; `None` for a cluster-scoped resource.
    pub namespace: Option<String>,
}

/// Asks the authorizer (a SubjectAccessReview, as admin) whether `username` has `access`.
pub async fn allowed(admin: &kube::Client, username: &str, access: &Access) -> Result<bool> {
    let mut attributes = json!({
        "verb": access.verb, "group": access.group, "resource": access.resource,
        "subresource": access.subresource, "name": access.name,
    });
    if let Some(ns) = &access.namespace {
        attributes["namespace"] = json!(ns);
    }
    let review: SubjectAccessReview = serde_json::from_value(json!({
        "spec": {"user": username, "resourceAttributes": attributes},
    }))?;
    let api: Api<SubjectAccessReview> = Api::all(admin.clone());
    let result = api.create(&PostParams::default(), &review).await?;
    Ok(result.status.map(|s| s.allowed).unwrap_or(false))
}

/// Waits (at most 30 s) until the authorizer grants `username` every access in `granted` and
/// none in `denied`: RBAC objects reach the authorizer through an informer, a moment after
/// they are stored.
pub async fn wait_for_access(
    admin: &kube::Client,
    username: &str,
    granted: &[Access],
    denied: &[Access],
) -> Result<()> {
    poll_until(Duration::from_secs(30), Duration::from_millis(100), || {
        let admin = admin.clone();
        async move {
            for access in granted {
                if !allowed(&admin, username, access).await? {
                    return Ok(None);
                }
            }
            for access in denied {
                if allowed(&admin, username, access).await? {
                    return Ok(None);
                }
            }
            Ok(Some(()))
        }
    })
    .await
    .with_context(|| format!("waiting for the RBAC of {username} to take effect"))
}
