//! `kubectl ome instance retry-blocks` against the real API server (after-the-write.md §2):
//! Held, Backoff and RetryInProgress blocks written through the IR's status subresource as the
//! controller does, an invalid block, a block list over the budget, a rejected IR, the errors,
//! and the reads it makes (never a write).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::{Run, cluster, plugin_async};
use ome_testenv::{AutoscalerClass, ChatFixture, Component, Controller};
use serde_json::{Value, json};

struct Env {
    ns: String,
    ctl: Controller,
}

async fn env(prefix: &str, fixture: ChatFixture) -> Env {
    let c = cluster();
    let ns = c.namespace(prefix).await.unwrap();
    let admin = c.admin().await.unwrap();
    fixture.create(&admin, &ns).await.unwrap();
    Env {
        ns,
        ctl: Controller::new(admin),
    }
}

async fn retry_blocks(ns: &str, extra: &[&str]) -> Run {
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let mut args = vec!["instance", "retry-blocks", "chat", "-n", ns];
    args.extend_from_slice(extra);
    plugin_async(Some(&kubeconfig), &args).await
}

/// Every request `reader` sent in `ns`: (verb, resource) pairs, and that none was a write.
async fn reads(ns: &str) -> Vec<(String, String)> {
    let audit = cluster().audit();
    audit.sync().await.unwrap();
    let events = audit.requests_by(ns, "reader").unwrap();
    assert!(events.iter().all(|e| !e.is_write()), "{events:#?}");
    events
        .iter()
        .map(|e| (e.verb.clone(), e.resource()))
        .collect()
}

async fn set_blocks(env: &Env, ir: &str, blocks: Value) {
    env.ctl
        .patch_ir_status(&env.ns, ir, json!({"status": {"retryBlocks": blocks}}))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_held_revision_is_shown_and_eligible() {
    let env = env("rb-held", ChatFixture::new()).await;
    let ns = env.ns.as_str();
    let empty = retry_blocks(ns, &["--component", "engine"]).await;
    assert_eq!(
        empty.ok(),
        "COMP   STATE   TARGET   ATT   NEXT   REL   REASON\n-      EMPTY   -        -     -      NO    -\n"
    );
    set_blocks(
        &env,
        "chat-engine",
        json!([{"targetRevision": "chat-engine-aaaaaaaa", "state": "Held", "attemptsStarted": 3,
            "firstFailureAt": "2026-09-20T07:00:00Z", "lastFailureAt": "2026-09-20T07:50:00Z",
            "reason": "image pull failed"}]),
    )
    .await;
    let run = retry_blocks(ns, &["--component", "engine"]).await;
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (
            0,
            "\
COMP     STATE   TARGET           ATT   NEXT   REL   REASON
engine   HELD    chat-#a29b545d   3     -      YES   image pull...
"
        )
    );
    // The exact command that releases it, on stderr (README difference af).
    assert_eq!(
        run.stderr,
        format!(
            "next: kubectl ome instance release-held chat --component engine \
             --revision aaaaaaaa -n {ns} --yes\n"
        )
    );
    // With the context given; JSON and YAML carry the revision (no line).
    let with_context = retry_blocks(ns, &["--component", "engine", "--context", "reader"]).await;
    assert_eq!(with_context.code, 0, "{with_context:?}");
    assert_eq!(
        with_context.stderr,
        format!(
            "next: kubectl ome instance release-held chat --component engine \
             --revision aaaaaaaa -n {ns} --context reader --yes\n"
        )
    );
    let report = retry_blocks(ns, &["--component", "engine", "-o", "json"])
        .await
        .json();
    assert_eq!(report["kind"], "InstanceRetryBlocksReport");
    assert_eq!(
        report["content"],
        json!({
            "summary": {"state": "Reported", "blocks": 1, "held": 1, "eligible": 1,
                "truncated": false},
            "blocks": [{"component": "engine", "inferenceReplica": "chat-engine",
                "targetRevision": "chat-engine-aaaaaaaa", "state": "Held", "attemptsStarted": 3,
                "firstFailureAt": "2026-09-20T07:00:00Z", "lastFailureAt": "2026-09-20T07:50:00Z",
                "reason": "image pull failed", "reasonTruncated": false,
                "releaseEligible": true, "freshness": "Current"}],
            "issues": []
        })
    );
    assert_eq!(report["warnings"], json!([]));
    let yaml = retry_blocks(ns, &["--component", "engine", "-o", "yaml"]).await;
    let yaml = yaml.ok();
    assert!(
        yaml.contains("\nkind: InstanceRetryBlocksReport\n"),
        "{yaml}"
    );
    assert!(yaml.contains(
        "\n  summary:\n    blocks: 1\n    eligible: 1\n    held: 1\n    state: Reported\n    truncated: false\n"
    ));
    assert!(
        yaml.contains("targetRevision: chat-engine-aaaaaaaa"),
        "{yaml}"
    );
    // Each run: the InferenceService GET and one IR LIST page, nothing else.
    let reads = reads(ns).await;
    assert_eq!(reads.len(), 10, "{reads:?}");
    assert_eq!(
        reads
            .iter()
            .filter(|(verb, resource)| verb == "get" && resource == "inferenceservices")
            .count(),
        5
    );
    assert_eq!(
        reads
            .iter()
            .filter(|(verb, resource)| verb == "list" && resource == "inferencereplicas")
            .count(),
        5
    );
}

#[tokio::test]
async fn backoff_running_and_invalid_blocks_on_an_engine_only_service() {
    let fixture = ChatFixture::new()
        .without(Component::Decoder)
        .without(Component::Router)
        .autoscaler(Component::Engine, Some(AutoscalerClass::None))
        .namespaced_runtime();
    let env = env("rb-states", fixture).await;
    let ns = env.ns.as_str();
    set_blocks(
        &env,
        "chat-engine",
        json!([
            {"targetRevision": "chat-engine-3b1e9a60", "state": "Backoff", "attemptsStarted": 1,
                "firstFailureAt": "2026-09-20T08:00:00Z", "nextRetryAt": "2026-09-20T08:10:00Z",
                "reason": "ImagePullBackOff"},
            {"targetRevision": "chat-engine-0000beef", "state": "RetryInProgress",
                "attemptsStarted": 120, "firstFailureAt": "2026-09-20T06:00:00Z"},
            {"targetRevision": "chat-engine-ffff0000", "state": "Exploded", "attemptsStarted": 2}
        ]),
    )
    .await;
    let run = retry_blocks(ns, &["--component", "engine"]).await;
    assert_eq!(
        run.ok(),
        "\
COMP     STATE     TARGET           ATT   NEXT              REL   REASON
engine   RUNNING   chat-#75cb4149   99+   -                 NO    -
engine   BACKOFF   chat-#c6a8f892   1     26-09-20T08:10Z   NO    ImagePullB...
engine   INVALID   chat-#c7b86f3a   2     -                 NO    -
engine   ISSUE     chat-#c7b86f3a   -     -                 NO    STATE_BAD
"
    );
    let report = retry_blocks(ns, &["--component", "engine", "-o", "json"])
        .await
        .json();
    assert_eq!(
        report["content"]["summary"],
        json!({"state": "Partial", "blocks": 3, "held": 0, "eligible": 0, "truncated": false})
    );
    assert_eq!(
        report["content"]["issues"],
        json!([{"code": "StateInvalid", "component": "engine", "inferenceReplica": "chat-engine",
            "targetRevision": "chat-engine-ffff0000"}])
    );
    assert_eq!(report["warnings"], json!([{"code": "PartialData"}]));
}

#[tokio::test]
async fn over_the_block_budget_nothing_is_shown() {
    let env = env("rb-budget", ChatFixture::new()).await;
    let ns = env.ns.as_str();
    let blocks: Vec<Value> = (0..1001)
        .map(|i| {
            json!({"targetRevision": format!("chat-engine-{i:08x}"), "state": "Held",
            "attemptsStarted": 3})
        })
        .collect();
    set_blocks(&env, "chat-engine", Value::Array(blocks)).await;
    let run = retry_blocks(ns, &["--component", "engine"]).await;
    assert_eq!(
        run.ok(),
        "\
COMP     STATE   TARGET   ATT   NEXT   REL   REASON
engine   ISSUE   -        -     -      NO    BLOCK_TRUNC
"
    );
    let report = retry_blocks(ns, &["--component", "engine", "-o", "json"])
        .await
        .json();
    assert_eq!(report["content"]["summary"]["truncated"], true);
    assert_eq!(report["warnings"], json!([{"code": "Truncated"}]));
}

#[tokio::test]
async fn a_rejected_replica_makes_no_block_eligible() {
    let env = env("rb-rejected", ChatFixture::new()).await;
    let ns = env.ns.as_str();
    set_blocks(
        &env,
        "chat-engine",
        json!([{"targetRevision": "chat-engine-aaaaaaaa", "state": "Held", "attemptsStarted": 3}]),
    )
    .await;
    env.ctl
        .set_owner_uid(ns, "chat-router", "00000000-0000-0000-0000-000000000000")
        .await
        .unwrap();
    let run = retry_blocks(ns, &["--component", "engine"]).await;
    assert_eq!(
        run.ok(),
        "\
COMP     STATE   TARGET           ATT   NEXT   REL   REASON
engine   HELD    chat-#a29b545d   3     -      NO    -
engine   ISSUE   -                -     -      NO    ID_REJECT
"
    );
    let report = retry_blocks(ns, &["--component", "router", "-o", "json"])
        .await
        .json();
    let codes: Vec<&str> = report["content"]["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["ComponentNotProjected", "IdentityRejected"]);
}

#[tokio::test]
async fn errors_come_before_any_request_or_name_the_read() {
    let env = env("rb-errors", ChatFixture::new()).await;
    let ns = env.ns.as_str();
    let cases: [(&[&str], &str); 4] = [
        (&[], "--component is required"),
        (
            &["--component", "gpu"],
            "component must be engine, decoder, or router",
        ),
        (
            &["--component", "engine", "-o", "wide"],
            "unsupported output format \"wide\" (supported: table, json, yaml)",
        ),
        (
            &["--component", "engine", "extra"],
            "accepts 1 arg(s), received 2",
        ),
    ];
    for (extra, message) in cases {
        let run = retry_blocks(ns, extra).await;
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (1, "", format!("error: {message}\n").as_str())
        );
    }
    assert!(reads(ns).await.is_empty());
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let run = plugin_async(
        Some(&kubeconfig),
        &[
            "instance",
            "retry-blocks",
            "gone",
            "-n",
            ns,
            "--component",
            "engine",
        ],
    )
    .await;
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!(
            "instance retry-blocks check: read object=InferenceService/{ns}/gone cause=NotFound\n\
             next: kubectl get inferenceservices.ome.io -n {ns}\n\
             error: get InferenceService \"{ns}/gone\": inferenceservices.ome.io \"gone\" not found\n"
        )
    );
    // Without the right to read the service: the check names the cause and the access check.
    let nobody = cluster().kubeconfig("nobody").unwrap();
    let run = plugin_async(
        Some(&nobody),
        &[
            "instance",
            "retry-blocks",
            "chat",
            "-n",
            ns,
            "--component",
            "engine",
            "--context",
            "nobody",
        ],
    )
    .await;
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        lines[..2],
        [
            format!("instance retry-blocks check: read object=InferenceService/{ns}/chat cause=Forbidden").as_str(),
            format!("next: kubectl ome admin doctor --access -n {ns} --context nobody").as_str(),
        ]
    );
    assert!(lines[2].starts_with(&format!("error: get InferenceService \"{ns}/chat\": ")));
}
