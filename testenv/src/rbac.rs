//! ClusterRoles and ClusterRoleBindings for the test users (bound by user name).
//!
//! * `reader`: get/list/watch on the OME kinds (BaseModels and ClusterBaseModels included), HPAs,
//!   ScaledObjects and ControllerRevisions, `get` on `inferencereplicas/scale`, get/list on
//!   namespaces, and what the diagnosis commands read: get/list on pods and events, get on
//!   deployments. No write on `/scale`.
//! * `scaler`: everything `reader` has plus get/patch/update on `inferencereplicas/scale`.
//! * `ome-reader`: like `reader` without HPAs, ScaledObjects, pods, events and deployments
//!   (the user for "forbidden" evidence of the diagnosis commands).
//! * `nobody`: nothing. `admin` and `cert-admin` are `system:masters`.
//!
//! Every authenticated user may create SelfSubjectAccessReviews and read discovery (the
//! server's default `system:basic-user` and `system:discovery` roles); nothing is added here.

use std::time::Duration;

use anyhow::{Context, Result};
use k8s_openapi::api::authorization::v1::SubjectAccessReview;
use k8s_openapi::api::rbac::v1::{ClusterRole, ClusterRoleBinding};
use kube::api::{Api, PostParams};
use serde_json::{Value, json};

use crate::wait::poll_until;

const READ: [&str; 3] = ["get", "list", "watch"];

/// `full_read`: also the scalers (HPAs, ScaledObjects) and the workloads the diagnosis
/// commands read (pods, events, deployments).
fn rules(full_read: bool, scale_write: bool) -> Value {
    let mut rules = vec![
        json!({"apiGroups": ["ome.io"], "resources": [
            "inferenceservices", "inferencereplicas", "servingruntimes", "clusterservingruntimes",
            "basemodels", "clusterbasemodels"
        ], "verbs": READ}),
        json!({"apiGroups": ["ome.io"], "resources": ["inferencereplicas/scale"], "verbs":
            if scale_write { json!(["get", "patch", "update"]) } else { json!(["get"]) }}),
        json!({"apiGroups": ["apps"], "resources": ["controllerrevisions"], "verbs": READ}),
        json!({"apiGroups": [""], "resources": ["namespaces"], "verbs": ["get", "list"]}),
    ];
    if full_read {
        rules.push(json!({"apiGroups": ["autoscaling"], "resources": ["horizontalpodautoscalers"], "verbs": READ}));
        rules
            .push(json!({"apiGroups": ["keda.sh"], "resources": ["scaledobjects"], "verbs": READ}));
        rules.push(
            json!({"apiGroups": [""], "resources": ["pods", "events"], "verbs": ["get", "list"]}),
        );
        rules.push(json!({"apiGroups": ["apps"], "resources": ["deployments"], "verbs": ["get"]}));
        rules.push(json!({"apiGroups": [""], "resources": ["pods/log"], "verbs": ["get"]}));
    }
    Value::Array(rules)
}

/// (user, rules) for every bound test user.
fn roles() -> Vec<(&'static str, Value)> {
    vec![
        ("reader", rules(true, false)),
        ("scaler", rules(true, true)),
        ("ome-reader", rules(false, false)),
    ]
}

/// Creates the roles and bindings, then waits until the authorizer grants them.
pub async fn install(client: &kube::Client) -> Result<()> {
    let role_api: Api<ClusterRole> = Api::all(client.clone());
    let binding_api: Api<ClusterRoleBinding> = Api::all(client.clone());
    for (user, rules) in roles() {
        let name = format!("ome-testenv-{user}");
        let role: ClusterRole =
            serde_json::from_value(json!({"metadata": {"name": name}, "rules": rules}))?;
        let binding: ClusterRoleBinding = serde_json::from_value(json!({
            "metadata": {"name": name},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": name},
            "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": user}],
        }))?;
        ignore_conflict(role_api.create(&PostParams::default(), &role).await)
            .with_context(|| format!("creating ClusterRole {name}"))?;
        ignore_conflict(binding_api.create(&PostParams::default(), &binding).await)
            .with_context(|| format!("creating ClusterRoleBinding {name}"))?;
    }
    // The bindings reach the authorizer through an informer cache: wait for the last grants.
    let checks = [
        ("reader", "get", "ome.io", "inferencereplicas", "scale"),
        ("scaler", "patch", "ome.io", "inferencereplicas", "scale"),
        ("ome-reader", "get", "ome.io", "inferenceservices", ""),
        ("reader", "list", "", "events", ""),
        ("scaler", "list", "", "pods", ""),
    ];
    for (user, verb, group, resource, subresource) in checks {
        poll_until(Duration::from_secs(30), Duration::from_millis(100), || {
            let client = client.clone();
            async move {
                Ok(allowed(&client, user, verb, group, resource, subresource)
                    .await?
                    .then_some(()))
            }
        })
        .await
        .with_context(|| format!("waiting for RBAC: {user} {verb} {resource}/{subresource}"))?;
    }
    Ok(())
}

fn ignore_conflict<T>(r: kube::Result<T>) -> kube::Result<()> {
    match r {
        Ok(_) => Ok(()),
        Err(kube::Error::Api(s)) if s.code == 409 => Ok(()),
        Err(e) => Err(e),
    }
}

/// Asks the authorizer (SubjectAccessReview, as `client`) whether `user` may `verb` the resource
/// in any namespace.
pub async fn allowed(
    client: &kube::Client,
    user: &str,
    verb: &str,
    group: &str,
    resource: &str,
    subresource: &str,
) -> Result<bool> {
    let api: Api<SubjectAccessReview> = Api::all(client.clone());
    let review: SubjectAccessReview = serde_json::from_value(json!({
        "spec": {"user": user, "resourceAttributes": {
            "verb": verb, "group": group, "resource": resource, "subresource": subresource,
            "namespace": "default",
        }},
    }))?;
    let result = api.create(&PostParams::default(), &review).await?;
    Ok(result.status.map(|s| s.allowed).unwrap_or(false))
}
