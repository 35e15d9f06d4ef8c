//! A guarded write the API server refused before storing anything exits 1 (website.md §6,
//! README difference ad): the command's `write` check line naming the object and the cause,
//! `next: kubectl ome admin doctor --access` for a refused identity, and the read-failure
//! message. The 403s come from the real authorizer (the testenv `reader` may read everything
//! these commands read and patch nothing); the audit log then holds the one refused PATCH and
//! no other write. A 401 and a 404 come from the test proxy (the real server would refuse the
//! reads first). `scale`'s 403 keeps the user guide's message, with exit 1 (`scale_permission.rs`);
//! its 401 and 404 are here.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::scale_support::{API, CONFIRMED, Env, args, chat};
use crate::support::{cluster, plugin_async};
use ome_testenv::proxy::{Hook, Proxy, ProxyOptions};
use serde_json::{Value, json};

/// A service whose decoder is being updated (work `pause` can hold).
async fn updating(prefix: &str) -> Env {
    let env = Env::new(prefix, chat()).await;
    env.ctl
        .patch_ir_status(
            &env.ns,
            "chat-decoder",
            json!({"status": {"updateRevision": "chat-decoder-aaaaaaaa"}}),
        )
        .await
        .unwrap();
    env
}

/// A service whose engine holds a releasable revision.
async fn held(prefix: &str) -> Env {
    let env = Env::new(prefix, chat()).await;
    env.ctl
        .add_retry_block(&env.ns, "chat-engine", "chat-engine-7f9c4d2b", "Held")
        .await
        .unwrap();
    env
}

fn pause(ns: &str) -> Vec<&str> {
    vec!["rollout", "pause", "chat", "-n", ns, "--yes"]
}

fn resume(ns: &str) -> Vec<&str> {
    vec!["rollout", "resume", "chat", "-n", ns, "--yes"]
}

fn release_held(ns: &str) -> Vec<&str> {
    vec![
        "instance",
        "release-held",
        "chat",
        "-n",
        ns,
        "--component",
        "engine",
        "--revision",
        "7f9c4d2b",
        "--yes",
    ]
}

/// Runs `args` as `reader` (with `extra`): exit 1, nothing on stdout, stderr ending with the
/// `write` check, the access check and the error; then the audit log holds exactly one write
/// in the namespace, the PATCH of `resource` answered 403.
async fn refused(env: &Env, args: &[&str], extra: &[&str], tail: &str, resource: &str) {
    let reader = cluster().kubeconfig("reader").unwrap();
    let args = [args, extra].concat();
    let run = plugin_async(Some(&reader), &args).await;
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
    assert!(run.stderr.ends_with(tail), "{tail}\n{}", run.stderr);
    let writes = env.writes().await;
    let seen: Vec<_> = writes
        .iter()
        .map(|w| {
            (
                w.user.username.as_str(),
                w.verb.as_str(),
                w.resource(),
                w.code(),
            )
        })
        .collect();
    assert_eq!(seen, [("reader", "patch", resource.to_string(), 403)]);
}

fn annotations(object: &Value) -> Value {
    object["metadata"]["annotations"].clone()
}

#[tokio::test]
async fn a_forbidden_pause_exits_1_and_changes_nothing() {
    let env = updating("rw-pause").await;
    let before = env.isvc().await;
    let ns = env.ns.as_str();
    let tail = format!(
        "pause check: write object=InferenceService/{ns}/chat cause=Forbidden\n\
         next: kubectl ome admin doctor --access -n {ns}\nerror: {API}\n"
    );
    refused(&env, &pause(ns), &[], &tail, "inferenceservices").await;
    let after = env.isvc().await;
    assert_eq!(annotations(&after), annotations(&before));
    assert_eq!(
        after["metadata"]["resourceVersion"],
        before["metadata"]["resourceVersion"]
    );
}

#[tokio::test]
async fn a_forbidden_server_dry_run_resume_with_a_context_exits_1() {
    let env = Env::new("rw-resume", chat()).await;
    env.ctl
        .annotate_isvc(&env.ns, "chat", "ome.io/rollout-paused", Some("freeze"))
        .await
        .unwrap();
    let before = env.isvc().await;
    let ns = env.ns.as_str();
    let tail = format!(
        "resume check: write object=InferenceService/{ns}/chat cause=Forbidden\n\
         next: kubectl ome admin doctor --access -n {ns} --context reader\nerror: {API}\n"
    );
    let extra = ["--dry-run", "server", "--context", "reader"];
    refused(&env, &resume(ns), &extra, &tail, "inferenceservices").await;
    assert_eq!(annotations(&env.isvc().await), annotations(&before));
}

#[tokio::test]
async fn a_forbidden_release_held_exits_1_and_changes_nothing() {
    let env = held("rw-release").await;
    let before = env.ir("chat-engine").await;
    let ns = env.ns.as_str();
    let tail = format!(
        "release-held check: write object=InferenceReplica/{ns}/chat-engine cause=Forbidden\n\
         next: kubectl ome admin doctor --access -n {ns}\nerror: {API}\n"
    );
    refused(&env, &release_held(ns), &[], &tail, "inferencereplicas").await;
    let after = env.ir("chat-engine").await;
    assert_eq!(annotations(&after), annotations(&before));
    assert_eq!(
        after["metadata"]["resourceVersion"],
        before["metadata"]["resourceVersion"]
    );
}

/// A 401 (an identity the server no longer accepts) and a 404 (the target deleted between the
/// reads and the PATCH), answered by the proxy: exit 1; only the refused identity points to the
/// access check.
#[tokio::test]
async fn unauthorized_and_not_found_patches_exit_1() {
    let env = updating("rw-proxy").await;
    let ns = env.ns.as_str();
    let path = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat");
    let status = |code: u16, reason: &str| {
        format!(
            r#"{{"kind":"Status","apiVersion":"v1","status":"Failure","message":"SECRET-SERVER-TEXT","reason":"{reason}","code":{code}}}"#
        )
    };
    let cases = [
        (
            401,
            "Unauthorized",
            format!("next: kubectl ome admin doctor --access -n {ns}\n"),
        ),
        (404, "NotFound", String::new()),
    ];
    for (code, cause, next) in cases {
        let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
        proxy.add_hook(Hook::new("PATCH", &path).respond(code, &status(code, cause)));
        let kubeconfig = proxy.kubeconfig_via_proxy("reader").unwrap();
        let run = plugin_async(Some(&kubeconfig), &pause(ns)).await;
        assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
        let tail = format!(
            "pause check: write object=InferenceService/{ns}/chat cause={cause}\n{next}error: {API}\n"
        );
        assert!(run.stderr.ends_with(&tail), "{tail}\n{}", run.stderr);
        assert!(!run.stderr.contains("SECRET-SERVER-TEXT"), "{}", run.stderr);
    }
    // The proxy answered every PATCH: nothing reached the server.
    assert!(env.writes().await.is_empty());
}

/// `scale`'s 401 and 404, answered by the proxy: exit 1 with the `write` check of the `/scale`.
#[tokio::test]
async fn unauthorized_and_not_found_scale_patches_exit_1() {
    let env = Env::new("rw-scale", chat()).await;
    let ns = env.ns.as_str();
    let path = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/chat-engine/scale");
    for (code, cause, next) in [
        (
            401,
            "Unauthorized",
            format!("next: kubectl ome admin doctor --access -n {ns}\n"),
        ),
        (404, "NotFound", String::new()),
    ] {
        let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
        let body = format!(
            r#"{{"kind":"Status","apiVersion":"v1","status":"Failure","message":"SECRET-SERVER-TEXT","reason":"{cause}","code":{code}}}"#
        );
        proxy.add_hook(Hook::new("PATCH", &path).respond(code, &body));
        let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
        let run = plugin_async(Some(&kubeconfig), &args(ns, "engine", "3", &CONFIRMED)).await;
        assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
        let tail = format!(
            "scale check: write object=InferenceReplica/{ns}/chat-engine/scale cause={cause}\n{next}error: {API}\n"
        );
        assert!(run.stderr.ends_with(&tail), "{tail}\n{}", run.stderr);
        assert!(!run.stderr.contains("SECRET-SERVER-TEXT"), "{}", run.stderr);
    }
    assert_eq!(env.stored("chat-engine").await.0, 2);
    assert!(env.writes().await.is_empty());
}
