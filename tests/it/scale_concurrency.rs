//! Races and failures around the write, made deterministic with the test proxy: a change to the
//! IR between the read and the PATCH (exit 3), changes caught by revalidation, permissions, a
//! connection cut after the PATCH reached the server (exit 4), and a signal before the write.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use ome_testenv::{Controller, Hook, Proxy, ProxyOptions};
use scale_support::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use support::plugin_async;

fn scale_path(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/chat-engine/scale")
}

fn ir_path(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/chat-engine")
}

fn isvc_path(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat")
}

#[tokio::test]
async fn a_change_between_read_and_write_is_a_precondition_conflict() {
    let env = Env::new("scale-race", chat()).await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let ns = env.ns.clone();
    // Just before the guarded PATCH reaches the server, something else writes the IR.
    proxy.add_hook(Hook::new("PATCH", &scale_path(&ns)).before(move |admin| {
        let ns = ns.clone();
        async move {
            Controller::new(admin)
                .annotate_ir(&ns, "chat-engine", "example.com/touched", Some("yes"))
                .await?;
            Ok(())
        }
    }));
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let (_, rv0) = env.stored("chat-engine").await;
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_after_preview(&run, PRECONDITION, 3);
    let (replicas, rv1) = env.stored("chat-engine").await;
    assert_eq!(replicas, 2);
    assert_ne!(rv1, rv0, "the hook's write moved the resourceVersion");
    let writes = env.writes().await;
    assert_eq!(writes.len(), 1, "{writes:#?}");
    assert_eq!(writes[0].code(), 409);
    assert!(
        cluster()
            .audit()
            .stored_writes_by(&env.ns, "scaler")
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn changes_caught_by_revalidation_refuse_without_writing() {
    // The ISVC changes after collection: its second read (revalidation) sees a new version.
    let env = Env::new("scale-reval-isvc", chat()).await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let ns = env.ns.clone();
    proxy.add_hook(
        Hook::new("GET", &isvc_path(&ns))
            .nth(2)
            .before(move |admin| {
                let ns = ns.clone();
                async move {
                    Controller::new(admin)
                        .annotate_isvc(&ns, "chat", "example.com/touched", Some("yes"))
                        .await?;
                    Ok(())
                }
            }),
    );
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let before = env.stored("chat-engine").await;
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_after_preview(&run, CHANGED, 1);
    assert_eq!(env.stored("chat-engine").await, before);
    assert!(env.writes().await.is_empty());

    // The IR changes after collection.
    let env = Env::new("scale-reval-ir", chat()).await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let ns = env.ns.clone();
    proxy.add_hook(Hook::new("GET", &ir_path(&ns)).nth(2).before(move |admin| {
        let ns = ns.clone();
        async move {
            Controller::new(admin)
                .annotate_ir(&ns, "chat-engine", "example.com/touched", Some("yes"))
                .await?;
            Ok(())
        }
    }));
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_after_preview(&run, STALE, 1);
    assert_eq!(env.stored("chat-engine").await.0, 2);
    assert!(env.writes().await.is_empty());
}

#[tokio::test]
async fn reader_cannot_write_even_in_a_server_dry_run_while_scaler_can() {
    let env = Env::new("scale-rbac", chat()).await;
    let reader = cluster().kubeconfig("reader").unwrap();
    let before = env.stored("chat-engine").await;
    // The guide's message; the authorizer stored nothing, so exit 1 (difference ad).
    let run = plugin_async(Some(&reader), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_after_preview(&run, UNKNOWN, 1);
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", "server"]);
    let run = plugin_async(Some(&reader), &args(&env.ns, "engine", "3", &extra)).await;
    assert_after_preview(&run, UNKNOWN, 1);
    assert_eq!(env.stored("chat-engine").await, before);
    let audit = cluster().audit();
    audit.sync().await.unwrap();
    let writes = audit.writes_by(&env.ns, "reader").unwrap();
    assert_eq!(writes.len(), 2, "{writes:#?}");
    assert!(writes.iter().all(|w| w.code() == 403));

    let scaler = cluster().kubeconfig("scaler").unwrap();
    let run = plugin_async(Some(&scaler), &args(&env.ns, "engine", "3", &extra)).await;
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains(&row("accepted", "Yes")));
    assert!(run.stdout.contains(&row("applied", "No")));
    assert_eq!(env.stored("chat-engine").await, before);
    let writes = env.writes().await;
    assert_eq!(writes.len(), 3);
    assert_eq!(
        writes
            .iter()
            .filter(|w| w.code() == 200 && w.is_dry_run())
            .count(),
        1
    );
}

#[tokio::test]
async fn a_connection_cut_after_the_patch_leaves_the_outcome_unknown() {
    let env = Env::new("scale-cut", chat()).await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    proxy.add_hook(Hook::new("PATCH", &scale_path(&env.ns)).cut_after_forward());
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_after_preview(&run, UNKNOWN, 4);
    // The server stored it; the client never learned.
    assert_eq!(env.stored("chat-engine").await.0, 3);
    let stored = cluster()
        .audit()
        .stored_writes_by(&env.ns, "scaler")
        .unwrap();
    let writes = env.writes().await;
    assert_eq!(writes.len(), 1, "{writes:#?}");
    assert_eq!(stored.len(), 1);
    let patches: Vec<_> = proxy
        .requests()
        .into_iter()
        .filter(|r| r.method == "PATCH")
        .collect();
    assert_eq!(patches.len(), 1, "never retried");
    assert!(patches[0].cut);
}

#[tokio::test]
async fn a_signal_before_the_write_cancels_without_writing() {
    let env = Env::new("scale-sigint", chat()).await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let release = Arc::new(AtomicBool::new(false));
    let held = release.clone();
    // Hold the revalidation read of the ISVC until the test has sent SIGINT.
    proxy.add_hook(
        Hook::new("GET", &isvc_path(&env.ns))
            .nth(2)
            .before(move |_| {
                let held = held.clone();
                async move {
                    for _ in 0..200 {
                        if held.load(Ordering::SeqCst) {
                            break;
                        }
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    Ok(())
                }
            }),
    );
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let child = support::spawn(&kubeconfig, &args(&env.ns, "engine", "3", &CONFIRMED));
    // Wait (bounded) until the held read is in flight.
    let isvc = isvc_path(&env.ns);
    let mut in_flight = false;
    for _ in 0..200 {
        if proxy.requests().iter().filter(|r| r.path() == isvc).count() >= 2 {
            in_flight = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(in_flight, "the revalidation read never started");
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.pid().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let run = child.finish().await;
    release.store(true, Ordering::SeqCst);
    assert_after_preview(&run, "context canceled", 1);
    assert_eq!(env.stored("chat-engine").await.0, 2);
    assert!(env.writes().await.is_empty());
    assert!(!proxy.requests().iter().any(|r| r.method == "PATCH"));
}

/// How each PATCH answer is classified: only a 409 or the generic empty-details 422 is the
/// precondition conflict; anything else, including an accepted but malformed, ambiguous or
/// oversized body and a redirect, leaves the outcome unknown. Nothing is retried.
#[tokio::test]
async fn patch_answers_are_classified_strictly() {
    let generic_422 = r#"{"kind":"Status","apiVersion":"v1","status":"Failure","message":"the server rejected our request due to an error in our request","reason":"Invalid","details":{},"code":422}"#;
    let causes_422 = r#"{"kind":"Status","apiVersion":"v1","status":"Failure","message":"the server rejected our request due to an error in our request","reason":"Invalid","details":{"causes":[{"field":"spec.replicas"}]},"code":422}"#;
    let admission_422 = r#"{"kind":"Status","apiVersion":"v1","status":"Failure","message":"InferenceReplica.ome.io \"chat-engine\" is invalid","reason":"Invalid","details":{"name":"chat-engine"},"code":422}"#;
    let conflict = r#"{"kind":"Status","apiVersion":"v1","status":"Failure","message":"the object has been modified","reason":"Conflict","code":409}"#;
    let env = Env::new("scale-answers", chat()).await;
    let ir = env.ir("chat-engine").await;
    let ir_uid = ir["metadata"]["uid"].as_str().unwrap().to_string();
    let scale_body = |uid: &str, replicas: i64, extra: &str| {
        format!(
            r#"{{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{{"name":"chat-engine","namespace":"{}","uid":"{uid}","resourceVersion":"999"{extra}}},"spec":{{"replicas":{replicas}}},"status":{{"replicas":2}}}}"#,
            env.ns
        )
    };
    let huge = format!(
        r#"{{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{{"name":"chat-engine","annotations":{{"x":"{}"}}}}}}"#,
        "x".repeat(1 << 20)
    );
    let cases: Vec<(u16, String, &str, i32)> = vec![
        (409, conflict.to_string(), PRECONDITION, 3),
        (422, generic_422.to_string(), PRECONDITION, 3),
        (422, causes_422.to_string(), UNKNOWN, 4),
        (422, admission_422.to_string(), UNKNOWN, 4),
        (
            403,
            r#"{"kind":"Status","code":403}"#.to_string(),
            UNKNOWN,
            1,
        ),
        (
            500,
            r#"{"kind":"Status","code":500}"#.to_string(),
            UNKNOWN,
            4,
        ),
        (307, "{}".to_string(), UNKNOWN, 4),
        (200, scale_body(&ir_uid, 4, ""), UNKNOWN, 4),
        (200, scale_body("another-uid", 3, ""), UNKNOWN, 4),
        (200, scale_body(&ir_uid, 3, r#","UID":"x""#), UNKNOWN, 4),
        (200, huge, UNKNOWN, 4),
        (200, "not json".to_string(), UNKNOWN, 4),
    ];
    let kubeconfig_for = |proxy: &Proxy| proxy.kubeconfig_via_proxy("scaler").unwrap();
    for (code, body, message, exit) in cases {
        let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
        proxy.add_hook(Hook::new("PATCH", &scale_path(&env.ns)).respond(code, &body));
        let run = plugin_async(
            Some(&kubeconfig_for(&proxy)),
            &args(&env.ns, "engine", "3", &CONFIRMED),
        )
        .await;
        assert_after_preview(&run, message, exit);
        assert!(!run.stderr.contains("modified"), "no server text: {run:?}");
        let patches = proxy
            .requests()
            .into_iter()
            .filter(|r| r.method == "PATCH")
            .count();
        assert_eq!(patches, 1, "never retried ({code})");
    }
    // The canned answers never reached the server.
    assert_eq!(env.stored("chat-engine").await.0, 2);
    assert!(env.writes().await.is_empty());
    // A well-formed answer bound to the plan is accepted.
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    proxy.add_hook(
        Hook::new("PATCH", &scale_path(&env.ns)).respond(200, &scale_body(&ir_uid, 3, "")),
    );
    let run = plugin_async(
        Some(&kubeconfig_for(&proxy)),
        &args(&env.ns, "engine", "3", &CONFIRMED),
    )
    .await;
    assert_eq!(run.code, 0, "{run:?}");
}
