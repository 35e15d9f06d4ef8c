//! Wait predicate strictness (evidence-strictness.md §3) against the real API server: each
//! predicate's validity rules, from the spec's example evidence. A wait on malformed,
//! contradictory or incomplete evidence does not match and says why (the report's reason and
//! validity); the valid side of each rule still matches.

// The whole file is test code (clippy.toml allows panicking shortcuts in tests).
#![cfg(test)]

use crate::{evidence_support, scale_support, support};
use evidence_support::*;
use ome_testenv::objects::uid;
use ome_testenv::util::rfc3339_in;
use ome_testenv::{Encoding, Hook, Proxy, ProxyOptions};
use scale_support::*;
use serde_json::{Value, json};
use std::time::Duration;
use support::plugin_async;

const REQUEST: &str = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const SYNC_ID: &str = "3f1c2b7a-9d4e-4a5b-8c6d-7e8f90a1b2c3";

// §3.1 — migration=terminal.

fn migration_args() -> String {
    format!("--request-id={REQUEST}")
}

/// A consistent completed manual surge migration of engine Instance 0 (request `REQUEST`).
fn completed_record() -> Value {
    json!({"requestUUID": REQUEST, "trigger": "Manual", "phase": "Completed",
           "sourceInstance": 0, "attempt": 0, "fromNode": "gpu-node-a",
           "startedAt": rfc3339_in(-600), "deadline": rfc3339_in(300),
           "surgeInstance": 2, "allocatedAt": rfc3339_in(-590), "completedAt": rfc3339_in(-60)})
}

#[tokio::test]
async fn m1_a_record_without_its_required_fields_never_matches() {
    // The control: a consistent completed record matches.
    let env = Env::new("ev-m-ok", chat()).await;
    edit_ir_status(
        &env,
        "chat-engine",
        json!({"migrations": [completed_record()]}),
    )
    .await;
    let content = wait_matched(&env, "migration=terminal", &[&migration_args()]).await;
    assert_eq!(content["reason"], "MigrationMatched");

    // The spec's example: only an ID and a terminal phase.
    let env = Env::new("ev-m1", chat()).await;
    edit_ir_status(
        &env,
        "chat-engine",
        json!({"migrations": [{"requestUUID": REQUEST, "phase": "Completed"}]}),
    )
    .await;
    let content = wait_unmet(&env, "migration=terminal", &[&migration_args()]).await;
    assert_eq!(content["reason"], "InvalidMigration", "{content}");

    // Each shape rule on its own.
    let with = |change: Value| {
        let mut r = completed_record();
        for (k, v) in change.as_object().unwrap() {
            r[k] = v.clone();
        }
        r
    };
    for (label, record) in [
        ("manual with attempts", with(json!({"attempt": 2}))),
        (
            "succeeded on a manual record",
            with(json!({"succeeded": true})),
        ),
        (
            "terminal without completedAt",
            with(json!({"completedAt": null})),
        ),
        (
            "allocation without surge",
            with(json!({"surgeInstance": null})),
        ),
        (
            "deadline before start",
            with(json!({"deadline": rfc3339_in(-700)})),
        ),
        (
            "completed before start",
            with(json!({"completedAt": rfc3339_in(-900)})),
        ),
    ] {
        let env = Env::new("ev-m1-rule", chat()).await;
        edit_ir_status(&env, "chat-engine", json!({"migrations": [record]})).await;
        eprintln!("case: {label}");
        let content = wait_unmet(&env, "migration=terminal", &[&migration_args()]).await;
        assert_eq!(content["reason"], "InvalidMigration", "{label}: {content}");
    }
}

#[tokio::test]
async fn m2_a_bad_record_of_another_request_blocks_the_match() {
    let env = Env::new("ev-m2", chat()).await;
    let mut other = completed_record();
    other["requestUUID"] = json!("0b4e1f3a-9c2d-4a8e-8d6b-2e5f7a9c3d22");
    other["completedAt"] = Value::Null;
    edit_ir_status(
        &env,
        "chat-engine",
        json!({"migrations": [completed_record(), other]}),
    )
    .await;
    let content = wait_unmet(&env, "migration=terminal", &[&migration_args()]).await;
    assert_eq!(content["reason"], "InvalidMigration", "{content}");

    // Another IR whose status is not current makes the whole evidence incomplete.
    let env = Env::new("ev-m2-stale", chat()).await;
    edit_ir_status(
        &env,
        "chat-engine",
        json!({"migrations": [completed_record()]}),
    )
    .await;
    let router = env.ir("chat-router").await;
    let generation = router["metadata"]["generation"].as_i64().unwrap();
    env.ctl
        .set_ir_observed_generation(&env.ns, "chat-router", generation - 1)
        .await
        .unwrap();
    let content = wait_unmet(&env, "migration=terminal", &[&migration_args()]).await;
    assert_eq!(content["reason"], "InvalidMigration", "{content}");
}

#[tokio::test]
async fn m3_the_record_stays_bound_to_the_ir_it_was_first_seen_on() {
    let env = Env::new("ev-m3", chat()).await;
    let mut running = completed_record();
    running["phase"] = json!("Draining");
    running["completedAt"] = Value::Null;
    edit_ir_status(&env, "chat-engine", json!({"migrations": [running]})).await;
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let ns = env.ns.clone();
    let args = migration_args();
    let wait = tokio::spawn(async move {
        plugin_async(
            Some(&kubeconfig),
            &[
                "wait",
                "chat",
                "-n",
                &ns,
                "--for=migration=terminal",
                &args,
                "--timeout=9s",
                "-o",
                "json",
            ],
        )
        .await
    });
    // Once the first poll has read the IRs, the IR is replaced by one that reports the record
    // completed: a record on another IR (new UID) never completes this wait.
    ome_testenv::wait::poll_until(
        Duration::from_secs(10),
        Duration::from_millis(100),
        || async {
            cluster().audit().sync().await?;
            let seen = cluster()
                .audit()
                .requests_by(&env.ns, "reader")?
                .iter()
                .any(|e| e.resource() == "inferencereplicas");
            Ok(seen.then_some(()))
        },
    )
    .await
    .unwrap();
    env.ctl
        .delete_and_recreate_ir(&env.ns, "chat-engine")
        .await
        .unwrap();
    edit_ir_status(
        &env,
        "chat-engine",
        json!({"migrations": [completed_record()]}),
    )
    .await;
    let run = wait.await.unwrap();
    assert_eq!(run.code, 2, "{run:?}");
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        report["content"]["reason"], "InvalidMigration",
        "{}",
        run.stdout
    );
}

// §3.2 — runtime-sync=acknowledged.

fn sync_args() -> String {
    format!("--request-id={SYNC_ID}")
}

fn token() -> String {
    format!("cli-runtime-sync-{SYNC_ID}")
}

/// A managed pin whose sync request the controller acknowledged, with the pin reported unless
/// `pinned` is `None`.
async fn acknowledged(env: &Env, pinned: Option<&str>) {
    edit_spec(env, json!({"runtime": {"autoSync": false}})).await;
    env.ctl
        .set_runtime_sync(&env.ns, "chat", Some(&token()), Some(&token()))
        .await
        .unwrap();
    if let Some(name) = pinned {
        edit_status(env, json!({"pinnedRevisionName": name})).await;
    }
}

#[tokio::test]
async fn t1_the_pin_must_be_applied() {
    let env = Env::new("ev-t1", chat()).await;
    acknowledged(&env, None).await;
    let content = wait_unmet(&env, "runtime-sync=acknowledged", &[&sync_args()]).await;
    assert_eq!(content["reason"], "RuntimeSyncNotAcknowledged", "{content}");
    assert_eq!(content["runtimeSync"]["validity"], "Unavailable");

    let env = Env::new("ev-t1-pinned", chat()).await;
    acknowledged(&env, Some("cr-srt-llama-3-2-1b-instruct-pd-1a2b3c4d")).await;
    let content = wait_matched(&env, "runtime-sync=acknowledged", &[&sync_args()]).await;
    assert_eq!(content["reason"], "RuntimeSyncObserved");

    // An explicitly empty revision is still a managed pin.
    let env = Env::new("ev-t1-empty-rev", chat()).await;
    acknowledged(&env, Some("cr-srt-llama-3-2-1b-instruct-pd-1a2b3c4d")).await;
    edit_spec(&env, json!({"runtime": {"revision": ""}})).await;
    let content = wait_matched(&env, "runtime-sync=acknowledged", &[&sync_args()]).await;
    assert_eq!(content["reason"], "RuntimeSyncObserved");

    // A reported pin that is not a name is invalid.
    let env = Env::new("ev-t1-bad-pin", chat()).await;
    acknowledged(&env, Some("Bad_Revision")).await;
    let content = wait_unmet(&env, "runtime-sync=acknowledged", &[&sync_args()]).await;
    assert_eq!(content["reason"], "InvalidCondition", "{content}");
    assert_eq!(content["runtimeSync"]["validity"], "Invalid");
}

#[tokio::test]
async fn t2_a_runtime_drifted_condition_blocks_the_match() {
    let drifted = |status: &str, severity: &str| {
        json!({"type": "RuntimeDrifted", "status": status, "severity": severity,
               "reason": "PinAdvanced", "lastTransitionTime": rfc3339_in(-60)})
    };
    let cases: Vec<(&str, Vec<Value>, &str)> = vec![
        (
            "present, even False",
            vec![drifted("False", "")],
            "RuntimeSyncNotAcknowledged",
        ),
        (
            "two of them",
            vec![drifted("False", ""), drifted("False", "")],
            "InvalidCondition",
        ),
        (
            "status Maybe",
            vec![drifted("Maybe", "")],
            "InvalidCondition",
        ),
        // The reference admits severity Error (conformance.md §3.2 step 5): reported drift.
        (
            "severity Error",
            vec![drifted("True", "Error")],
            "RuntimeSyncNotAcknowledged",
        ),
        (
            "severity Fatal",
            vec![drifted("True", "Fatal")],
            "InvalidCondition",
        ),
        (
            "a condition without a type",
            vec![json!({"type": "", "status": "True", "lastTransitionTime": rfc3339_in(-60)})],
            "InvalidCondition",
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, conditions, reason)| async move {
        let env = Env::new("ev-t2", chat()).await;
        acknowledged(&env, Some("cr-srt-llama-3-2-1b-instruct-pd-1a2b3c4d")).await;
        edit_status(&env, json!({"conditions": conditions})).await;
        eprintln!("case: {label}");
        let content = wait_unmet(&env, "runtime-sync=acknowledged", &[&sync_args()]).await;
        assert_eq!(content["reason"], reason, "{label}: {content}");
    })
    .await;
}

#[tokio::test]
async fn t3_placement_owned_services_never_match() {
    let env = Env::new("ev-t3", chat()).await;
    acknowledged(&env, Some("cr-srt-llama-3-2-1b-instruct-pd-1a2b3c4d")).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"metadata": {"labels": {"ome.io/placement-control-plane": "cp-a"}}}),
        )
        .await
        .unwrap();
    let content = wait_unmet(&env, "runtime-sync=acknowledged", &[&sync_args()]).await;
    assert_eq!(content["reason"], "UnsupportedPlacement", "{content}");
}

#[tokio::test]
async fn t_an_oversized_token_is_invalid() {
    let env = Env::new("ev-t-token", chat()).await;
    acknowledged(&env, Some("cr-srt-llama-3-2-1b-instruct-pd-1a2b3c4d")).await;
    let long = format!("{}{}", token(), "x".repeat(250));
    env.ctl
        .set_runtime_sync(&env.ns, "chat", Some(&token()), Some(&long))
        .await
        .unwrap();
    let content = wait_unmet(&env, "runtime-sync=acknowledged", &[&sync_args()]).await;
    assert_eq!(content["reason"], "InvalidCondition", "{content}");
    assert_eq!(content["runtimeSync"]["validity"], "Invalid");
}

#[tokio::test]
async fn t_more_than_64_conditions_or_finalizers_end_the_wait_without_a_report() {
    // A matching sync, then 65 conditions; and another one with 65 finalizers.
    let env = Env::new("ev-t-conds", chat()).await;
    acknowledged(&env, Some("cr-srt-llama-3-2-1b-instruct-pd-1a2b3c4d")).await;
    let conditions: Vec<Value> = (0..65)
        .map(|i| json!({"type": format!("Extra{i}"), "status": "True"}))
        .collect();
    edit_status(&env, json!({"conditions": conditions})).await;
    let run = run_wait(&env, "runtime-sync=acknowledged", &[&sync_args()]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", "error: ConditionInspectionLimit\n")
    );

    let env = Env::new("ev-t-fins", chat()).await;
    acknowledged(&env, Some("cr-srt-llama-3-2-1b-instruct-pd-1a2b3c4d")).await;
    let finalizers: Vec<String> = (0..65).map(|i| format!("example.com/f{i}")).collect();
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"metadata": {"finalizers": finalizers}}),
        )
        .await
        .unwrap();
    let run = run_wait(&env, "runtime-sync=acknowledged", &[&sync_args()]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", "error: ConditionInspectionLimit\n")
    );
}

// §3.3 — held-revision=unheld.

/// The arguments of a held-revision wait on the engine IR for `revision`.
async fn held_args(env: &Env, revision: &str) -> Vec<String> {
    let engine = env.ir("chat-engine").await;
    vec![
        "--component=engine".into(),
        format!("--revision={revision}"),
        "--ir-name=chat-engine".into(),
        format!("--ir-uid={}", uid(&engine)),
    ]
}

async fn held_wait(env: &Env, revision: &str, matched: bool) -> Value {
    let args = held_args(env, revision).await;
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let content = if matched {
        wait_matched(env, "held-revision=unheld", &refs).await
    } else {
        wait_unmet(env, "held-revision=unheld", &refs).await
    };
    // The report carries held-revision observations, never a migration object.
    assert!(content.get("heldRevision").is_some(), "{content}");
    assert!(content.get("migration").is_none(), "{content}");
    content
}

const HELD_REV: &str = "chat-engine-0a1b2c3d";

#[tokio::test]
async fn h1_every_retry_block_is_well_formed() {
    // The control: a block in backoff is not held.
    let env = Env::new("ev-h1-ok", chat()).await;
    env.ctl
        .add_retry_block(&env.ns, "chat-engine", HELD_REV, "Backoff")
        .await
        .unwrap();
    let content = held_wait(&env, HELD_REV, true).await;
    assert_eq!(content["reason"], "Unheld");

    // The spec's example: a block without a state.
    let env = Env::new("ev-h1", chat()).await;
    edit_ir_status(
        &env,
        "chat-engine",
        json!({"retryBlocks": [{"targetRevision": HELD_REV, "attemptsStarted": 2}]}),
    )
    .await;
    let content = held_wait(&env, HELD_REV, false).await;
    assert_eq!(content["reason"], "InvalidRetryBlocks", "{content}");

    let block = |change: Value| {
        let mut b = json!({"targetRevision": HELD_REV, "state": "Held", "attemptsStarted": 3,
            "firstFailureAt": rfc3339_in(-3600), "lastFailureAt": rfc3339_in(-600),
            "reason": "container-restart"});
        for (k, v) in change.as_object().unwrap() {
            b[k] = v.clone();
        }
        b
    };
    let cases: Vec<(&str, Vec<Value>)> = vec![
        (
            "held with a next retry",
            vec![block(json!({"nextRetryAt": rfc3339_in(60)}))],
        ),
        (
            "held without attempts",
            vec![block(json!({"attemptsStarted": 0}))],
        ),
        (
            "backoff without a next retry",
            vec![block(json!({"state": "Backoff"}))],
        ),
        ("unknown state", vec![block(json!({"state": "Waiting"}))]),
        (
            "last failure before the first",
            vec![block(json!({"lastFailureAt": rfc3339_in(-7200)}))],
        ),
        (
            "first failure in the future",
            vec![block(json!({"firstFailureAt": rfc3339_in(600),
            "lastFailureAt": rfc3339_in(700)}))],
        ),
        (
            "a revision of another component",
            vec![block(json!({"targetRevision": "chat-decoder-0a1b2c3d"}))],
        ),
        (
            "the same revision twice",
            vec![block(json!({})), block(json!({}))],
        ),
        (
            "another block malformed",
            vec![
                block(json!({"state": "Backoff", "nextRetryAt": rfc3339_in(60)})),
                block(json!({"targetRevision": "chat-engine-11111111", "state": null})),
            ],
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, blocks)| async move {
        let env = Env::new("ev-h1-rule", chat()).await;
        edit_ir_status(&env, "chat-engine", json!({"retryBlocks": blocks})).await;
        eprintln!("case: {label}");
        let content = held_wait(&env, HELD_REV, false).await;
        assert_eq!(
            content["reason"], "InvalidRetryBlocks",
            "{label}: {content}"
        );
    })
    .await;
}

#[tokio::test]
async fn h2_stale_replicas_are_not_evidence() {
    let env = Env::new("ev-h2", chat()).await;
    env.ctl
        .add_retry_block(&env.ns, "chat-engine", HELD_REV, "Backoff")
        .await
        .unwrap();
    let generation = env.ir("chat-engine").await["metadata"]["generation"]
        .as_i64()
        .unwrap();
    env.ctl
        .set_ir_observed_generation(&env.ns, "chat-engine", generation - 1)
        .await
        .unwrap();
    let content = held_wait(&env, HELD_REV, false).await;
    assert_eq!(content["reason"], "SourceStale", "{content}");

    let env = Env::new("ev-h2-parent", chat()).await;
    env.ctl
        .add_retry_block(&env.ns, "chat-engine", HELD_REV, "Backoff")
        .await
        .unwrap();
    env.ctl
        .bump_isvc_generation_without_restamp(&env.ns, "chat")
        .await
        .unwrap();
    let content = held_wait(&env, HELD_REV, false).await;
    assert_eq!(content["reason"], "SourceStale", "{content}");
}

#[tokio::test]
async fn h3_the_replica_must_carry_the_controller_write_stamp() {
    let env = Env::new("ev-h3", chat()).await;
    env.ctl
        .add_retry_block(&env.ns, "chat-engine", HELD_REV, "Backoff")
        .await
        .unwrap();
    env.ctl
        .annotate_ir(&env.ns, "chat-engine", "ome.io/controller-write", None)
        .await
        .unwrap();
    let content = held_wait(&env, HELD_REV, false).await;
    assert_eq!(content["reason"], "SourceInvalid", "{content}");
}

#[tokio::test]
async fn h4_placement_mailboxes_and_holds() {
    let env = Env::new("ev-h4-placement", chat()).await;
    env.ctl
        .add_retry_block(&env.ns, "chat-engine", HELD_REV, "Backoff")
        .await
        .unwrap();
    env.ctl
        .annotate_isvc(
            &env.ns,
            "chat",
            "ome.io/placement-control-plane",
            Some("cp-a"),
        )
        .await
        .unwrap();
    let content = held_wait(&env, HELD_REV, false).await;
    assert_eq!(content["reason"], "UnsupportedPlacement", "{content}");

    for (mailbox, reason) in [
        (HELD_REV, "MailboxPending"),
        ("chat-engine-22222222", "MailboxSuperseded"),
    ] {
        let env = Env::new("ev-h4-mailbox", chat()).await;
        env.ctl
            .add_retry_block(&env.ns, "chat-engine", HELD_REV, "Held")
            .await
            .unwrap();
        env.ctl
            .annotate_ir(
                &env.ns,
                "chat-engine",
                "ome.io/release-held-revision",
                Some(mailbox),
            )
            .await
            .unwrap();
        let content = held_wait(&env, HELD_REV, false).await;
        assert_eq!(content["reason"], reason, "{content}");
    }

    let env = Env::new("ev-h4-held", chat()).await;
    env.ctl
        .add_retry_block(&env.ns, "chat-engine", HELD_REV, "Held")
        .await
        .unwrap();
    let content = held_wait(&env, HELD_REV, false).await;
    assert_eq!(content["reason"], "Held", "{content}");
}

// §3.4 — condition=Ready.

async fn set_conditions(env: &Env, conditions: Vec<Value>) {
    edit_status(env, json!({"conditions": conditions})).await;
}

fn ready(status: &str) -> Value {
    json!({"type": "Ready", "status": status, "lastTransitionTime": rfc3339_in(-60)})
}

#[tokio::test]
async fn c1_c2_a_ready_record_is_valid_before_it_decides() {
    let with = |change: Value| {
        let mut c = ready("True");
        for (k, v) in change.as_object().unwrap() {
            c[k] = v.clone();
        }
        c
    };
    let cases: Vec<(&str, Vec<Value>, &str)> = vec![
        (
            "severity Error (C2)",
            vec![with(json!({"severity": "Error"}))],
            "InvalidConditionRecord",
        ),
        (
            "message over 4096 bytes (C1)",
            vec![with(json!({"message": "m".repeat(5000)}))],
            "OversizedConditionRecord",
        ),
        (
            "reason over 1024 bytes",
            vec![with(json!({"reason": "r".repeat(1025)}))],
            "OversizedConditionRecord",
        ),
        (
            "status Maybe",
            vec![with(json!({"status": "Maybe"}))],
            "InvalidConditionRecord",
        ),
        (
            "from the future",
            vec![with(json!({"lastTransitionTime": rfc3339_in(3600)}))],
            "FutureConditionTimestamp",
        ),
        (
            "conflicting Ready records",
            vec![ready("True"), ready("False")],
            "ConflictingReadyConditions",
        ),
        (
            "a later Ready of another severity",
            vec![ready("True"), with(json!({"severity": "Warning"}))],
            "ConflictingReadyConditions",
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, conditions, warning)| async move {
        let env = Env::new("ev-c", chat()).await;
        set_conditions(&env, conditions).await;
        eprintln!("case: {label}");
        let content = wait_unmet(&env, "condition=Ready", &[]).await;
        assert_eq!(content["reason"], "InvalidCondition", "{label}: {content}");
        assert_eq!(content["observed"]["validity"], "Invalid", "{label}");
        assert_warning(&content["observed"]["inspection"], warning);
    })
    .await;

    // Identical duplicates never match (difference o).
    let env = Env::new("ev-c-dup", chat()).await;
    set_conditions(&env, vec![ready("True"), ready("True")]).await;
    let content = wait_unmet(&env, "condition=Ready", &[]).await;
    assert_eq!(content["reason"], "InvalidCondition", "{content}");

    // An invalid record of another type only warns.
    let env = Env::new("ev-c-other", chat()).await;
    set_conditions(
        &env,
        vec![
            ready("True"),
            json!({"type": "IngressReady", "status": "True", "severity": "Error",
                   "lastTransitionTime": rfc3339_in(-60)}),
        ],
    )
    .await;
    let content = wait_matched(&env, "condition=Ready", &[]).await;
    assert_eq!(content["observed"]["inspection"]["state"], "Partial");
    assert_warning(&content["observed"]["inspection"], "InvalidConditionRecord");

    // A message of 4096 bytes is within bounds.
    let env = Env::new("ev-c-4096", chat()).await;
    set_conditions(&env, vec![with(json!({"message": "m".repeat(4096)}))]).await;
    wait_matched(&env, "condition=Ready", &[]).await;
}

#[tokio::test]
async fn c3_a_timestamp_in_another_form_fails_the_read() {
    let env = Env::new("ev-c3", chat()).await;
    let mut condition = ready("True");
    condition["lastTransitionTime"] = json!("2026-11-30 12:00:00");
    set_conditions(&env, vec![condition]).await;
    let run = run_wait(&env, "condition=Ready", &[]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", "error: AcquisitionFailed\n")
    );
}

// §3.5 — replicas=ready.

#[tokio::test]
async fn q1_replica_sources_are_unique_and_complete() {
    let env = Env::new("ev-q1", chat()).await;
    // A LIST answer in which two replicas share one UID (the server would never send it; the
    // proxy does, to show the check).
    let mut list = json!({"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplicaList",
                          "metadata": {"resourceVersion": "1"}, "items": []});
    let engine = env.ir("chat-engine").await;
    for name in ["chat-engine", "chat-decoder", "chat-router"] {
        let mut ir = env.ir(name).await;
        if name == "chat-decoder" {
            ir["metadata"]["uid"] = engine["metadata"]["uid"].clone();
        }
        list["items"].as_array_mut().unwrap().push(ir);
    }
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let path = format!(
        "/apis/ome.io/v1beta1/namespaces/{}/inferencereplicas",
        env.ns
    );
    proxy.add_hook(
        Hook::new("GET", &path)
            .every()
            .respond(200, &list.to_string()),
    );
    let kubeconfig = proxy.kubeconfig_via_proxy("reader").unwrap();
    let run = plugin_async(
        Some(&kubeconfig),
        &[
            "wait",
            "chat",
            "-n",
            &env.ns,
            "--for=replicas=ready",
            "--component=engine",
            "--replicas=2",
            "--timeout=1s",
            "-o",
            "json",
        ],
    )
    .await;
    assert_eq!(run.code, 2, "{run:?}");
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        report["content"]["reason"], "InvalidReplicaReadyEvidence",
        "{}",
        run.stdout
    );
    assert_eq!(report["content"]["readyReplicas"]["validity"], "Invalid");
}

// §3.6 — the ColumnarV2 canonical form.

/// The engine (ColumnarV2) with one change to its columns.
async fn columnar_env(prefix: &str, change: Value) -> Env {
    let env = Env::new(prefix, chat().encoding(Encoding::ColumnarV2)).await;
    edit_ir_status(
        &env,
        "chat-engine",
        json!({"instanceStatusColumns": change}),
    )
    .await;
    env
}

#[tokio::test]
async fn s1_columnar_status_is_canonical_for_every_consumer() {
    let cases: Vec<(&str, Value)> = vec![
        (
            "an ascending row order (the spec's example)",
            json!({"rowOrder": [0, 1]}),
        ),
        ("an empty optional column", json!({"podCounts": []})),
        (
            "an entry with only empty conditions",
            json!({"entries": [{"index": 0, "conditions": []}]}),
        ),
        (
            "an entry with only announced",
            json!({"entries": [{"index": 0, "announced": ["engine"]}]}),
        ),
        (
            "groups out of order",
            json!({"runningRevisions": [
                {"value": "chat-engine-7f9c4d2b", "indexes": "1"},
                {"value": "chat-engine-1a2b3c4d", "indexes": "0"}]}),
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, change)| async move {
        let env = columnar_env("ev-s1", change).await;
        eprintln!("case: {label}");
        let content = wait_unmet(
            &env,
            "replicas=current",
            &["--component=engine", "--replicas=2"],
        )
        .await;
        assert_eq!(
            content["reason"], "InvalidReplicaScaleEvidence",
            "{label}: {content}"
        );
        let content = held_wait(&env, HELD_REV, false).await;
        assert_eq!(content["reason"], "InvalidStatus", "{label}: {content}");
        assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
    })
    .await;

    // Columns beside dense rows are not one encoding.
    let env = Env::new("ev-s1-both", chat().encoding(Encoding::ColumnarV2)).await;
    edit_ir_status(
        &env,
        "chat-engine",
        json!({"instanceStatuses": [{"index": 0, "incarnation": 1, "phase": "Ready"}]}),
    )
    .await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
}
