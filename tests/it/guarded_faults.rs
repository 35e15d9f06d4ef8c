//! Exit 4 ("outcome unknown") of the three guarded annotation actions through the test proxy
//! (unblock.md §0.6, §1.6, §2.5, §3.5): a PATCH whose connection is cut after it was
//! forwarded, a 5xx answer and a 200 answer that is not the target. Each ends with the
//! command's own message and check line, never the server's text, and nothing on stdout.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::rollout_actions::grant_patch;
use crate::{scale_support, support};
use ome_testenv::proxy::{Hook, Proxy, ProxyOptions};
use scale_support::{Env, chat};
use serde_json::json;
use support::{cluster, plugin_async};

/// The three faults of the PATCH and the check line each gives.
fn faults(path: &str) -> Vec<(Hook, &'static str)> {
    let unbound = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"}}"#;
    vec![
        (
            Hook::new("PATCH", path).cut_after_forward(),
            "patch outcome=unknown cause=network",
        ),
        (
            Hook::new("PATCH", path).respond(
                503,
                r#"{"kind":"Status","apiVersion":"v1","status":"Failure","message":"SECRET-SERVER-TEXT","code":503}"#,
            ),
            "patch outcome=unknown cause=http=503",
        ),
        (
            Hook::new("PATCH", path).respond(200, unbound),
            "patch outcome=unknown cause=identity",
        ),
    ]
}

/// What one command prints on exit 4: its check-line prefix, its `next:` command, and its
/// messages for an unknown outcome and for an unbound answer.
struct Expected {
    prefix: &'static str,
    next: &'static str,
    unknown: &'static str,
    unbound: &'static str,
}

/// Runs `args` once per fault, after `reset` (a cut PATCH may have been stored), each through a
/// proxy of its own: exit 4, the fault's check line, `next:`, the message; no server text.
async fn each_fault<F, Fut>(env: &Env, path: &str, args: &[&str], expected: &Expected, reset: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    for (hook, line) in faults(path) {
        reset().await;
        let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
        proxy.add_hook(hook);
        let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
        let run = plugin_async(Some(&kubeconfig), args).await;
        let message = if line.ends_with("identity") {
            expected.unbound
        } else {
            expected.unknown
        };
        assert_eq!(run.code, 4, "{args:?} {line}: {run:?}");
        assert!(run.stdout.is_empty(), "{run:?}");
        let tail = format!(
            "{}{line}\n{} -n {}\nerror: {message}\n",
            expected.prefix, expected.next, env.ns
        );
        assert!(run.stderr.ends_with(&tail), "{tail}\n{}", run.stderr);
        assert!(!run.stderr.contains("SECRET-SERVER-TEXT"));
    }
}

async fn env(prefix: &str) -> Env {
    let env = Env::new(prefix, chat()).await;
    grant_patch(&env.admin, &env.ns).await;
    env
}

const ROLLOUT_UNBOUND: &str =
    "API response is not bound to the request; outcome unknown, check rollout status";

fn isvc_path(env: &Env) -> String {
    format!(
        "/apis/ome.io/v1beta1/namespaces/{}/inferenceservices/chat",
        env.ns
    )
}

#[tokio::test]
async fn pause_outcome_unknown() {
    let env = env("gf-pause").await;
    env.ctl
        .patch_ir_status(
            &env.ns,
            "chat-decoder",
            json!({"status": {"updateRevision": "chat-decoder-aaaaaaaa"}}),
        )
        .await
        .unwrap();
    let expected = Expected {
        prefix: "pause check: ",
        next: "next: kubectl ome rollout status chat",
        unknown: "rollout pause request outcome unknown; check rollout status before another request",
        unbound: ROLLOUT_UNBOUND,
    };
    let args = ["rollout", "pause", "chat", "-n", &env.ns, "--yes"];
    each_fault(&env, &isvc_path(&env), &args, &expected, || async {
        env.ctl
            .annotate_isvc(&env.ns, "chat", "ome.io/rollout-paused", None)
            .await
            .unwrap();
    })
    .await;
}

#[tokio::test]
async fn resume_outcome_unknown() {
    let env = env("gf-resume").await;
    let expected = Expected {
        prefix: "resume check: ",
        next: "next: kubectl ome rollout status chat",
        unknown: "rollout resume request outcome unknown; check rollout status before another request",
        unbound: ROLLOUT_UNBOUND,
    };
    let args = ["rollout", "resume", "chat", "-n", &env.ns, "--yes"];
    each_fault(&env, &isvc_path(&env), &args, &expected, || async {
        env.ctl
            .annotate_isvc(&env.ns, "chat", "ome.io/rollout-paused", Some("freeze"))
            .await
            .unwrap();
    })
    .await;
}

#[tokio::test]
async fn release_held_outcome_unknown() {
    let env = env("gf-release").await;
    let path = format!(
        "/apis/ome.io/v1beta1/namespaces/{}/inferencereplicas/chat-engine",
        env.ns
    );
    let expected = Expected {
        prefix: "release-held check: ",
        next: "next: kubectl ome instance retry-blocks chat --component engine",
        unknown: "held-release request outcome unknown; inspect instance retry-blocks before another explicit request",
        unbound: "held-release API response is unbound or unavailable; outcome unknown, inspect instance retry-blocks",
    };
    let args = [
        "instance",
        "release-held",
        "chat",
        "-n",
        &env.ns,
        "--component",
        "engine",
        "--revision",
        "7f9c4d2b",
        "--yes",
    ];
    each_fault(&env, &path, &args, &expected, || async {
        env.ctl
            .annotate_ir(&env.ns, "chat-engine", "ome.io/release-held-revision", None)
            .await
            .unwrap();
        env.ctl
            .patch_ir_status(
                &env.ns,
                "chat-engine",
                json!({"status": {"retryBlocks": []}}),
            )
            .await
            .unwrap();
        env.ctl
            .add_retry_block(&env.ns, "chat-engine", "chat-engine-7f9c4d2b", "Held")
            .await
            .unwrap();
    })
    .await;
}
