//! The fault matrix for `wait`, one predicate of each family, through the test proxy in front
//! of the real API server. Each predicate already holds, so a wait that gets one good read
//! matches. The fault hits the first read of the InferenceService (every predicate starts
//! there). A transient fault (429, 5xx, a dropped or cut connection, a read past its time limit)
//! is skipped and the 5 s poll matches; any other ends the wait at once with
//! `AcquisitionFailed` (docs/wait.md). When no read succeeds before `--timeout`, the wait ends
//! with `AcquisitionUnavailable`, exit 1, not "predicate unmet".

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{faults_support, support};
use faults_support::*;
use ome_testenv::{ChatFixture, Controller, FAULT_SENTINEL};
use serde_json::json;
use support::Run;

const SYNC_ID: &str = "3f1c2b7a-9d4e-4a5b-8c6d-7e8f90a1b2c3";

/// A namespace with `chat` and the controller stand-in.
async fn chat(prefix: &str) -> (String, Controller) {
    let c = cluster();
    let ns = c.namespace(prefix).await.unwrap();
    let admin = c.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    (ns, Controller::new(admin))
}

/// The value of one FIELD row of the report table.
fn field(stdout: &str, name: &str) -> Option<String> {
    stdout.lines().find_map(|line| {
        line.strip_prefix(name)
            .filter(|rest| rest.starts_with("  "))
            .map(|rest| rest.trim().to_string())
    })
}

fn assert_matched(run: &Run, what: &str) {
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{what}: {run:?}");
    assert_eq!(
        field(&run.stdout, "Outcome").as_deref(),
        Some("Matched"),
        "{what}"
    );
}

/// Matched by the poll after one skipped read.
fn assert_matched_after_a_skip(run: &Run, what: &str) {
    assert_matched(run, what);
    assert_eq!(
        (
            field(&run.stdout, "Source method").as_deref(),
            field(&run.stdout, "Skipped reads").as_deref()
        ),
        (Some("Poll"), Some("1")),
        "{what}: {}",
        run.stdout
    );
}

/// Whether `wait` skips a read that failed this way (docs/wait.md, "Transient faults").
fn transient(trouble: Trouble) -> bool {
    match trouble {
        Trouble::PastTimeout
        | Trouble::ResetBefore
        | Trouble::ResetAfter
        | Trouble::Throttled
        | Trouble::ThrottledRetryAfter
        | Trouble::Status(_)
        | Trouble::Truncated => true,
        Trouble::Latency
        | Trouble::Oversize
        | Trouble::InvalidJson
        | Trouble::Redirect
        | Trouble::ForeignCa => false,
    }
}

/// Runs `wait chat -n NS <predicate args> --timeout=12s` under every fault on the first read.
async fn under_faults(family: &str, ns: &str, predicate: &[String]) {
    let mut args: Vec<String> = ["wait", "chat", "-n", ns].map(String::from).to_vec();
    args.extend(predicate.iter().cloned());
    args.push("--timeout=12s".into());
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    // Without faults, the predicate holds at once.
    let clean = support::plugin_async(Some(&cluster().kubeconfig("reader").unwrap()), &refs).await;
    assert_matched(&clean, family);
    let refs = &refs;
    support::each_fault(ALL.map(|t| (t.name(), t)), |_, trouble| async move {
        let rig = Rig::new(trouble, "reader", &Target::isvc(ns), false);
        let run = rig.run(trouble, refs).await;
        let what = format!("{} on wait {family}", trouble.name());
        print_row(trouble, &format!("wait {family}"), &run, None);
        assert!(!run.stderr.contains(FAULT_SENTINEL), "{what}");
        match trouble {
            Trouble::Latency => assert_matched(&run, &what),
            t if transient(t) => assert_matched_after_a_skip(&run, &what),
            _ => {
                let object = format!("InferenceService/{ns}/chat");
                let stderr = format!(
                    "{}error: AcquisitionFailed\n",
                    read_line("wait", &object, trouble)
                );
                assert_eq!(
                    (run.code, run.stdout.as_str(), run.stderr.as_str()),
                    (1, "", stderr.as_str()),
                    "{what}"
                );
            }
        }
        rig.assert_foreign_untouched();
    })
    .await;
}

fn strings(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|s| s.to_string()).collect()
}

#[tokio::test]
async fn condition_ready_under_faults() {
    let (ns, _) = chat("faults-wait-cond").await;
    under_faults("condition=Ready", &ns, &strings(&["--for=condition=Ready"])).await;
}

#[tokio::test]
async fn rollout_stable_under_faults() {
    let (ns, _) = chat("faults-wait-rollout").await;
    under_faults("rollout=stable", &ns, &strings(&["--for=rollout=stable"])).await;
}

#[tokio::test]
async fn replicas_under_faults() {
    let (ns, _) = chat("faults-wait-replicas").await;
    let ns = &ns;
    let cases = ["current", "ready"].map(|p| (p, p));
    support::each_fault(cases, |_, predicate| async move {
        let for_arg = format!("--for=replicas={predicate}");
        under_faults(
            &format!("replicas={predicate}"),
            ns,
            &strings(&[&for_arg, "--component=engine", "--replicas=2"]),
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn migration_terminal_under_faults() {
    let (ns, ctl) = chat("faults-wait-migration").await;
    // A finished manual migration, shaped as the controller writes it.
    let id = ctl
        .add_migration(&ns, "chat-engine", "Completed")
        .await
        .unwrap();
    let request_id = format!("--request-id={id}");
    under_faults(
        "migration=terminal",
        &ns,
        &strings(&["--for=migration=terminal", &request_id]),
    )
    .await;
}

#[tokio::test]
async fn runtime_sync_under_faults() {
    let (ns, ctl) = chat("faults-wait-sync").await;
    ctl.patch_isvc(
        &ns,
        "chat",
        json!({"spec": {"runtime": {"autoSync": false}}}),
    )
    .await
    .unwrap();
    // The pin the controller reports (a sync is judged on a managed, reported pin).
    ctl.patch_isvc_status(
        &ns,
        "chat",
        json!({"status": {"pinnedRevisionName": "cr-srt-llama-3-2-1b-instruct-pd-7f9c4d2b"}}),
    )
    .await
    .unwrap();
    let token = format!("cli-runtime-sync-{SYNC_ID}");
    ctl.set_runtime_sync(&ns, "chat", Some(&token), Some(&token))
        .await
        .unwrap();
    let request_id = format!("--request-id={SYNC_ID}");
    under_faults(
        "runtime-sync=acknowledged",
        &ns,
        &strings(&["--for=runtime-sync=acknowledged", &request_id]),
    )
    .await;
}

#[tokio::test]
async fn held_revision_under_faults() {
    let (ns, ctl) = chat("faults-wait-held").await;
    let engine = ctl.ir(&ns, "chat-engine").await.unwrap();
    let revision = engine["status"]["updateRevision"]
        .as_str()
        .unwrap()
        .to_string();
    let uid = engine["metadata"]["uid"].as_str().unwrap().to_string();
    // The release was consumed: the block is retrying and the mailbox is gone.
    ctl.patch_ir_status(
        &ns,
        "chat-engine",
        json!({"status": {"retryBlocks": [{"targetRevision": revision, "state": "RetryInProgress", "attemptsStarted": 1}]}}),
    )
    .await
    .unwrap();
    let revision_arg = format!("--revision={revision}");
    let uid_arg = format!("--ir-uid={uid}");
    under_faults(
        "held-revision=unheld",
        &ns,
        &strings(&[
            "--for=held-revision=unheld",
            "--component=engine",
            &revision_arg,
            "--ir-name=chat-engine",
            &uid_arg,
        ]),
    )
    .await;
}

/// Every read of the service fails transiently until `--timeout`: no report, its own error,
/// exit 1 (a CI script tells an unreachable API server from a predicate that did not hold,
/// exit 2).
#[tokio::test]
async fn no_read_succeeding_before_the_timeout_is_its_own_error() {
    let (ns, _) = chat("faults-wait-unavailable").await;
    let args = [
        "wait",
        "chat",
        "-n",
        &ns,
        "--for=condition=Ready",
        "--timeout=8s",
    ];
    let (ns, args) = (&ns, &args);
    let troubles = [
        Trouble::Status(503),
        Trouble::ThrottledRetryAfter,
        Trouble::ResetBefore,
        Trouble::PastTimeout,
    ];
    support::each_fault(troubles.map(|t| (t.name(), t)), |_, trouble| async move {
        let rig = Rig::new(trouble, "reader", &Target::isvc(ns), true);
        let run = rig.run(trouble, args).await;
        print_row(trouble, "wait condition=Ready (every read)", &run, None);
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (
                1,
                "",
                "error: AcquisitionUnavailable: no read succeeded before the timeout\n"
            ),
            "{}",
            trouble.name()
        );
        // The first read and the polls at 5 s: every one of them was tried and failed.
        assert!(rig.sent("GET") >= 2, "{:#?}", rig.requests());
    })
    .await;
}
