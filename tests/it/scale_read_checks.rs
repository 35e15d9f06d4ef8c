//! A `scale` whose required read failed names the read and its cause (diagnose.md §5.1, the
//! `read` row; README differences i, s and y): `scale check: read object=<Kind>/<ns>/<name>
//! [/scale] cause=<cause>`, the command that helps next where the row gives one, then the
//! unchanged final line, exit 1 and an empty stdout. Each failure is real: the API server's
//! 404s and RBAC denials, a closed port, a server certificate from another CA, the test proxy
//! holding an answer past the request's limit, and a forward proxy refusing its client. Every
//! run passes the test support's leak checks (no token, proxy password or server text), and
//! the audit log of the test's namespace shows no write.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use kube::api::{Api, DeleteParams, DynamicObject};
use ome_testenv::identity::{Access, Grant, apply_rbac, wait_for_access};
use ome_testenv::secrets::SENTINEL;
use ome_testenv::{
    ChatFixture, Fault, ForeignCaServer, ForwardOptions, ForwardProxy, Hook, PROXIED_HOST, Proxy,
    ProxyOptions,
};
use scale_support::*;
use serde_json::json;
use std::path::Path;
use std::time::Duration;
use support::{Run, plugin_async};

const DEADLINE: &str = "context deadline exceeded";

/// The `read` line for `object` and `cause`: one whole line (difference ae).
fn read_lines(object: &str, cause: &str) -> Vec<String> {
    vec![format!("scale check: read object={object} cause={cause}")]
}

/// stderr is exactly `lines` then `error: <message>`; stdout is empty; exit 1.
fn assert_read_refusal(run: &Run, lines: &[String], message: &str) {
    let mut expected: String = lines.iter().map(|l| format!("{l}\n")).collect();
    expected.push_str(&format!("error: {message}\n"));
    assert_eq!(run.stderr, expected, "{run:?}");
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
    // Nothing is shortened around `...` (difference ae).
    assert!(!run.stderr.contains("..."), "{run:?}");
}

/// Runs `scale chat` (or `service`) for the engine with `kubeconfig`.
async fn scale(env: &Env, kubeconfig: &Path, service: &str, extra: &[&str]) -> Run {
    let mut args = args(&env.ns, "engine", "3", &CONFIRMED);
    args[1] = service;
    args.extend_from_slice(extra);
    plugin_async(Some(kubeconfig), &args).await
}

/// Nothing in the test's namespace was written, and the engine's replicas are as created.
async fn assert_unchanged(env: &Env) {
    let writes = env.writes().await;
    assert!(writes.is_empty(), "{writes:#?}");
    assert_eq!(env.stored("chat-engine").await.0, 2);
}

#[tokio::test]
async fn a_missing_service_names_its_read_and_the_list_to_look_in() {
    let env = Env::new("rd-svc", chat()).await;
    let scaler = cluster().kubeconfig("scaler").unwrap();
    let object = format!("InferenceService/{}/chatt", env.ns);
    let mut expected = read_lines(&object, "NotFound");
    expected.push(format!(
        "next: kubectl get inferenceservices.ome.io -n {}",
        env.ns
    ));
    let run = scale(&env, &scaler, "chatt", &[]).await;
    assert_read_refusal(&run, &expected, API);
    // With --context the command names it too (the context of this kubeconfig is `scaler`).
    let run = scale(&env, &scaler, "chatt", &["--context", "scaler"]).await;
    let last = expected.len() - 1;
    expected[last].push_str(" --context scaler");
    assert_read_refusal(&run, &expected, API);
    assert_unchanged(&env).await;
}

#[tokio::test]
async fn a_missing_replica_is_named_after_the_checks_before_it() {
    let env = Env::new("rd-ir", chat()).await;
    let replicas: Api<DynamicObject> = Api::namespaced_with(
        env.admin.clone(),
        &env.ns,
        &ome_testenv::crds::ir_resource(),
    );
    replicas
        .delete("chat-engine", &DeleteParams::default())
        .await
        .unwrap();
    let scaler = cluster().kubeconfig("scaler").unwrap();
    let run = scale(&env, &scaler, "chat", &[]).await;
    let object = format!("InferenceReplica/{}/chat-engine", env.ns);
    assert_read_refusal(&run, &read_lines(&object, "NotFound"), API);
    let writes = env.writes().await;
    assert!(writes.is_empty(), "{writes:#?}");
}

/// A user granted everything `scale` reads except `get` on `inferencereplicas/scale` (and
/// allowed to patch it).
async fn user_without_scale_get(env: &Env) -> std::path::PathBuf {
    let c = cluster();
    let user = c.fresh_user(&env.ns, "no-scale-get").await.unwrap();
    let rule = |resources: &[&str], verbs: &[&str]| json!({"apiGroups": ["ome.io"], "resources": resources, "verbs": verbs});
    let grants = [
        Grant {
            kind: "Role".into(),
            name: "no-scale-get".into(),
            namespace: Some(env.ns.clone()),
            rules: json!([
                rule(&["inferenceservices", "inferencereplicas"], &["get"]),
                rule(&["inferencereplicas/scale"], &["patch"]),
                rule(&["servingruntimes", "basemodels"], &["get"]),
            ]),
        },
        Grant {
            kind: "ClusterRole".into(),
            name: format!("no-scale-get-{}", env.ns),
            namespace: None,
            rules: json!([rule(
                &["clusterservingruntimes", "clusterbasemodels"],
                &["get"]
            )]),
        },
    ];
    apply_rbac(&env.admin, &user, &grants).await.unwrap();
    let access = |resource: &str, subresource: &str, verb: &str| Access {
        verb: verb.into(),
        group: "ome.io".into(),
        resource: resource.into(),
        subresource: subresource.into(),
        name: String::new(),
        namespace: Some(env.ns.clone()),
    };
    wait_for_access(
        &env.admin,
        &user.username(),
        &[
            access("inferenceservices", "", "get"),
            access("inferencereplicas", "", "get"),
            access("inferencereplicas", "scale", "patch"),
        ],
        &[access("inferencereplicas", "scale", "get")],
    )
    .await
    .unwrap();
    user.kubeconfig
}

#[tokio::test]
async fn a_forbidden_scale_read_points_to_the_access_check() {
    let env = Env::new("rd-403", chat()).await;
    let kubeconfig = user_without_scale_get(&env).await;
    let run = scale(&env, &kubeconfig, "chat", &[]).await;
    let object = format!("InferenceReplica/{}/chat-engine/scale", env.ns);
    let mut expected = read_lines(&object, "Forbidden");
    expected.push(format!(
        "next: kubectl ome admin doctor --access -n {}",
        env.ns
    ));
    assert_read_refusal(&run, &expected, API);
    assert_unchanged(&env).await;
}

#[tokio::test]
async fn an_identity_without_rbac_is_forbidden_the_service() {
    let env = Env::new("rd-nobody", chat()).await;
    let nobody = cluster().kubeconfig("nobody").unwrap();
    let run = scale(&env, &nobody, "chat", &[]).await;
    let object = format!("InferenceService/{}/chat", env.ns);
    let mut expected = read_lines(&object, "Forbidden");
    expected.push(format!(
        "next: kubectl ome admin doctor --access -n {}",
        env.ns
    ));
    assert_read_refusal(&run, &expected, API);
    assert_unchanged(&env).await;
}

#[tokio::test]
async fn an_unreachable_server_and_a_certificate_from_another_ca() {
    let env = Env::new("rd-conn", chat()).await;
    let object = format!("InferenceService/{}/chat", env.ns);
    let closed = cluster().kubeconfig_unreachable("scaler").unwrap();
    let run = scale(&env, &closed, "chat", &[]).await;
    assert_read_refusal(&run, &read_lines(&object, "Unreachable"), API);

    let foreign = ForeignCaServer::start().unwrap();
    let kubeconfig = foreign.kubeconfig(cluster(), "scaler").unwrap();
    let run = scale(&env, &kubeconfig, "chat", &[]).await;
    assert_read_refusal(&run, &read_lines(&object, "TLS"), API);
    assert_eq!(foreign.requests(), 0);
    assert_unchanged(&env).await;
}

#[tokio::test]
async fn a_read_past_its_limit_is_a_timeout_and_the_context_error() {
    let env = Env::new("rd-slow", chat()).await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let path = format!(
        "/apis/ome.io/v1beta1/namespaces/{}/inferencereplicas/chat-engine/scale",
        env.ns
    );
    proxy.add_hook(Hook::new("GET", &path).fault(Fault::Delay(Duration::from_secs(5))));
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = scale(&env, &kubeconfig, "chat", &["--request-timeout", "1s"]).await;
    let object = format!("InferenceReplica/{}/chat-engine/scale", env.ns);
    assert_read_refusal(&run, &read_lines(&object, "Timeout"), DEADLINE);
    assert_unchanged(&env).await;
}

#[tokio::test]
async fn a_proxy_that_refuses_the_client_is_named_without_its_url() {
    let c = cluster();
    let env = Env::new("rd-proxy", ChatFixture::new()).await;
    let server: std::net::SocketAddr = c.url().trim_start_matches("https://").parse().unwrap();
    let forward = ForwardProxy::start(ForwardOptions {
        hosts: vec![(PROXIED_HOST.to_string(), server)],
        credentials: Some(("ops".into(), format!("{SENTINEL}-right"))),
    })
    .unwrap();
    let wrong = forward.url_with_credentials("http", "ops", &format!("{SENTINEL}-wrong"));
    let doc = json!({
        "apiVersion": "v1", "kind": "Config", "current-context": "main",
        "clusters": [{"name": "proxied", "cluster": {
            "server": format!("https://{PROXIED_HOST}:{}", server.port()),
            "certificate-authority": c.dir().join("ca.crt"),
            "tls-server-name": "localhost",
            "proxy-url": wrong,
        }}],
        "users": [{"name": "scaler", "user": {"token": c.token("scaler").unwrap()}}],
        "contexts": [{"name": "main", "context": {"cluster": "proxied", "user": "scaler"}}],
    });
    let kubeconfig = c.scratch_path("read-check-proxy.json");
    std::fs::write(&kubeconfig, doc.to_string()).unwrap();
    let run = scale(&env, &kubeconfig, "chat", &[]).await;
    let object = format!("InferenceService/{}/chat", env.ns);
    assert_read_refusal(&run, &read_lines(&object, "Proxy"), API);
    assert!(forward.tunnels().iter().all(|t| !t.authorized));
    assert_unchanged(&env).await;
}
