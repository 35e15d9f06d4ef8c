//! `scale` during an active pinned rollout run (conformance.md §2) against the real API server:
//! with a run that checks out and a completed canary, the scale reads each pinned sibling IR
//! exactly twice (stage 2 and revalidation), shows it in the preview and the result, and
//! writes once; every refusal of §2 exits 1 and writes nothing.
//!
//! The 21 replayed cases of §2.7, by test:
//! * `completed`, `ExactPrivateSnapshots` (sources: runtime + sibling):
//!   `a_completed_pinned_canary_scales_after_proving_its_sibling`;
//! * `AtMostTwoExactSiblingReads`: `two_pinned_siblings_are_each_read_twice`;
//! * `contradictory`: `a_contradictory_sibling_revision_is_stale`;
//! * `missing status ref`, `wrong ref kind`, `wrong ref version`, `unsafe ref path`, matrix
//!   `invalid ref`: `a_bad_sibling_reference_is_refused_unread`;
//! * `missing sibling`: `a_missing_sibling_is_the_generic_api_error`;
//! * `wrong component` (native and matrix), `wrong parent owner`, `stale own status`,
//!   `future own status`, `wrong parent stamp`, `unknown phase`, `oversize private payload`,
//!   matrix `missing replicas`: `a_sibling_that_fails_its_proof_is_refused`;
//! * `invalid run provenance`, matrix `invalid pinned run`:
//!   `a_run_that_does_not_check_out_is_stale_before_any_sibling_read`.

// The whole file is test code (clippy.toml allows panicking shortcuts in tests).
#![cfg(test)]

use crate::{evidence_support, scale_support, support};
use evidence_support::*;
use ome_testenv::pinned::{completed_canary, target_id};
use scale_support::*;
use serde_json::{Value, json};
use support::plugin_async;

const ENGINE: &str = "7f9c4d2b";
const DECODER: &str = "3b1e9a60";
const ROUTER: &str = "c4d58e12";

/// The completed pinned canary over `members` (V2 plan, each member at its IR's revision),
/// with the top-level `status.canary` the controller writes.
async fn completed_pinned(prefix: &str, members: &[(&str, &str)]) -> Env {
    let env = Env::new(prefix, chat()).await;
    // The primary: router, else engine.
    let primary = if members.iter().any(|(c, _)| *c == "router") {
        ROUTER
    } else {
        ENGINE
    };
    edit_status(
        &env,
        completed_canary(members, &target_id(members), primary),
    )
    .await;
    env
}

async fn completed_engine_decoder(prefix: &str) -> Env {
    completed_pinned(prefix, &[("engine", ENGINE), ("decoder", DECODER)]).await
}

/// The scaler's requests to `ir` in the test's namespace, as `(verb, path)`.
async fn requests_for(env: &Env, needle: &str) -> Vec<(String, String)> {
    let audit = cluster().audit();
    audit.sync().await.unwrap();
    audit
        .requests_by(&env.ns, "scaler")
        .unwrap()
        .into_iter()
        .filter(|e| e.path().contains(needle))
        .map(|e| (e.verb.clone(), e.path().to_string()))
        .collect()
}

async fn scale_engine(env: &Env, dry_run: &str) -> crate::support::Run {
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--dry-run", dry_run, "-o", "json"]);
    plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &extra)).await
}

#[tokio::test]
async fn a_completed_pinned_canary_scales_after_proving_its_sibling() {
    let env = completed_engine_decoder("pin-scale-ok").await;
    let status = rollout(&env).await;
    assert_clean(&status);
    let run = scale_engine(&env, "none").await;
    assert_eq!(run.code, 0, "{run:?}");
    let sibling = format!("{}/chat-decoder", env.ns);
    assert!(
        run.stderr
            .contains(&format!("\npinned sibling proof    {sibling}\n")),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("\nIR proofs revalidated   2\n"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.ends_with(
        "Pinned target proofs require conditional exact sibling IR reads and best-effort\nrevalidation.\n"
    ), "{}", run.stderr);
    let result: Value = serde_json::from_str(&run.stdout).unwrap();
    let sources = result["scale"]["sources"].as_array().unwrap();
    let decoder = env.ir("chat-decoder").await;
    // The runtime and the sibling, nothing else (TestCollectScalePinnedTargetsExactPrivateSnapshots).
    assert_eq!(sources.len(), 2, "{sources:?}");
    assert_eq!(sources[0]["kind"], "ClusterServingRuntime", "{sources:?}");
    assert_eq!(
        sources[1],
        json!({"kind": "InferenceReplica", "namespace": env.ns,
            "name": "chat-decoder", "uid": decoder["metadata"]["uid"],
            "generation": decoder["metadata"]["generation"]})
    );
    assert!(
        result["scale"]["warnings"]
            .as_array()
            .unwrap()
            .contains(&json!("ConditionalPinnedIRReads"))
    );
    // The sibling is read exactly twice, never its /scale; one write, to the engine.
    let decoder_reads = requests_for(&env, "/inferencereplicas/chat-decoder").await;
    let gets: Vec<&(String, String)> = decoder_reads.iter().filter(|(v, _)| v == "get").collect();
    assert_eq!(gets.len(), 2, "{decoder_reads:?}");
    assert_eq!(decoder_reads.len(), 2, "{decoder_reads:?}");
    let all = requests_for(&env, "/").await;
    assert!(
        all.iter()
            .all(|(v, p)| v != "list" && !p.contains("secrets")),
        "{all:?}"
    );
    let writes = env.writes().await;
    assert_eq!(writes.len(), 1, "{writes:#?}");
    assert!(
        writes[0]
            .path()
            .ends_with("/inferencereplicas/chat-engine/scale")
    );
    assert_eq!(env.stored("chat-engine").await.0, 3);
}

#[tokio::test]
async fn two_pinned_siblings_are_each_read_twice() {
    let env = completed_pinned(
        "pin-scale-two",
        &[("engine", ENGINE), ("decoder", DECODER), ("router", ROUTER)],
    )
    .await;
    let run = scale_engine(&env, "client").await;
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr.contains("\nIR proofs revalidated   3\n"),
        "{}",
        run.stderr
    );
    for ir in ["chat-decoder", "chat-router"] {
        let reads = requests_for(&env, &format!("/inferencereplicas/{ir}")).await;
        assert_eq!(reads.len(), 2, "{ir}: {reads:?}");
    }
    assert!(env.writes().await.is_empty());
}

/// Runs the refused scale of the engine and checks the message, the exact check lines (joined
/// by newlines), that nothing was written and how often the sibling was read.
async fn assert_pinned_refusal(env: &Env, message: &str, check: &str, sibling_reads: usize) {
    let before = env.stored("chat-engine").await;
    let run = scale_engine(env, "none").await;
    assert_refused(&run, message);
    let lines = check_lines(&run.stderr, message).map(|l| l.join("\n"));
    assert_eq!(lines.as_deref(), Some(check), "{}", run.stderr);
    assert!(env.writes().await.is_empty());
    assert_eq!(env.stored("chat-engine").await, before);
    let reads = requests_for(env, "/inferencereplicas/chat-decoder").await;
    assert_eq!(reads.len(), sibling_reads, "{reads:?}");
}

#[tokio::test]
async fn a_run_that_does_not_check_out_is_stale_before_any_sibling_read() {
    let env = completed_engine_decoder("pin-scale-digest").await;
    edit_status(
        &env,
        json!({"rollout": {"activeRun": {"plan": {"groups": [{"source": "Inline",
            "portableDigest": "other", "group": {"components": ["engine", "decoder"],
            "canary": {"steps": [{"capacity": "100%", "traffic": 100}]}}}]}}}}),
    )
    .await;
    assert_pinned_refusal(
        &env,
        STALE,
        "scale check: controller-freshness cause=PinnedRunInvalid",
        0,
    )
    .await;
}

#[tokio::test]
async fn a_contradictory_sibling_revision_is_stale() {
    let env = completed_engine_decoder("pin-scale-contra").await;
    let revision = "chat-decoder-cccccccc";
    edit_ir_status(
        &env,
        "chat-decoder",
        json!({"currentRevision": revision, "updateRevision": revision}),
    )
    .await;
    assert_pinned_refusal(
        &env,
        STALE,
        "scale check: controller-freshness ir=chat-decoder cause=PinnedTarget \
         target=3b1e9a60 reported=cccccccc",
        1,
    )
    .await;
}

#[tokio::test]
async fn a_bad_sibling_reference_is_refused_unread() {
    let cases = [
        ("missing status ref", Value::Null),
        (
            "wrong ref kind",
            json!({"apiVersion": "ome.io/v1beta1", "kind": "Deployment", "name": "chat-decoder"}),
        ),
        (
            "wrong ref version",
            json!({"apiVersion": "ome.io/v1", "kind": "InferenceReplica", "name": "chat-decoder"}),
        ),
        (
            "unsafe ref path",
            json!({"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "../../secrets/x"}),
        ),
    ];
    for (label, reference) in cases {
        let env = completed_engine_decoder("pin-scale-ref").await;
        edit_status(
            &env,
            json!({"components": {"decoder": {"scaleTargetRef": null}}}),
        )
        .await;
        edit_status(
            &env,
            json!({"components": {"decoder": {"scaleTargetRef": reference}}}),
        )
        .await;
        eprintln!("case: {label}");
        assert_pinned_refusal(
            &env,
            EVIDENCE,
            "scale check: replica-binding component=decoder cause=PinnedScaleTargetRef",
            0,
        )
        .await;
        let all = requests_for(&env, "secrets").await;
        assert!(all.is_empty(), "{all:?}");
    }
}

#[tokio::test]
async fn a_missing_sibling_is_the_generic_api_error() {
    let env = completed_engine_decoder("pin-scale-missing").await;
    edit_status(
        &env,
        json!({"components": {"decoder": {"scaleTargetRef": {"name": "chat-decoder-gone"}}}}),
    )
    .await;
    let run = scale_engine(&env, "none").await;
    assert_refused(&run, API);
    // The whole object and its cause on one line (difference ae).
    let lines = check_lines(&run.stderr, API).unwrap();
    assert_eq!(
        lines,
        [format!(
            "scale check: read object=InferenceReplica/{}/chat-decoder-gone cause=NotFound",
            env.ns
        )]
    );
    assert!(env.writes().await.is_empty());
    // One read of the sibling, the 404; nothing else of it.
    let reads = requests_for(&env, "/inferencereplicas/chat-decoder").await;
    assert_eq!(reads.len(), 1, "{reads:?}");
}

/// How a case of [`a_sibling_that_fails_its_proof_is_refused`] spoils the decoder sibling.
#[derive(Clone, Copy, Debug)]
enum Spoil {
    /// `spec.component` set to this (not restamped: the binding is checked first).
    Component(&'static str),
    /// The controller ownerReference carries a foreign UID.
    ForeignOwner,
    /// `status.observedGeneration` = `metadata.generation` + this.
    ObservedOffset(i64),
    /// The `ome.io/parent-generation` stamp says this.
    ParentStamp(&'static str),
    /// Instance 0 in this phase.
    Phase(&'static str),
    /// A spec that passes the API server but not the generic payload bound (restamped).
    Oversize,
    /// `spec.replicas` removed (restamped, so only the replicas check fails).
    NoReplicas,
}

async fn spoil(env: &Env, how: Spoil) {
    let (ctl, ns, ir) = (&env.ctl, env.ns.as_str(), "chat-decoder");
    match how {
        Spoil::Component(c) => {
            ctl.patch_ir(ns, ir, json!({"spec": {"component": c}}))
                .await
                .unwrap();
        }
        Spoil::ForeignOwner => {
            ctl.set_owner_uid(ns, ir, "0b4e1f3a-9c2d-4a8e-8d6b-2e5f7a9c3d22")
                .await
                .unwrap();
        }
        Spoil::ObservedOffset(offset) => {
            let generation = env.ir(ir).await["metadata"]["generation"].as_i64().unwrap();
            ctl.set_ir_observed_generation(ns, ir, generation + offset)
                .await
                .unwrap();
        }
        Spoil::ParentStamp(stamp) => {
            ctl.annotate_ir(ns, ir, "ome.io/parent-generation", Some(stamp))
                .await
                .unwrap();
        }
        Spoil::Phase(phase) => {
            ctl.set_instance_phase(ns, ir, 0, phase, None)
                .await
                .unwrap();
        }
        Spoil::Oversize => {
            // One env value of 1 MiB: the strings of the IR then pass 1 MiB in total.
            let env_var = json!({"name": "BIG", "value": "x".repeat(1 << 20)});
            let runner = json!({"name": "main", "template": {"spec": {"containers": [
                {"name": "main", "env": [env_var]}]}}});
            ctl.patch_ir_observed(ns, ir, json!({"spec": {"runners": [runner]}}))
                .await
                .unwrap();
        }
        Spoil::NoReplicas => {
            ctl.patch_ir_observed(ns, ir, json!({"spec": {"replicas": null}}))
                .await
                .unwrap();
        }
    }
}

/// §2.7's sibling refusals after the sibling was read (once, in stage 2): the binding
/// (`ErrScaleEvidence`), the replica inspection of scale.md §2.5 step 3 (`ErrStale`,
/// `ErrBounds`) and `spec.replicas`; each exits 1 with its check line and writes nothing.
#[tokio::test]
async fn a_sibling_that_fails_its_proof_is_refused() {
    let cases: Vec<(&str, Spoil, &str, &str)> = vec![
        (
            "wrong component (engine)",
            Spoil::Component("engine"),
            EVIDENCE,
            "scale check: replica-binding ir=chat-decoder cause=PinnedSibling field=component",
        ),
        (
            "wrong component (router)",
            Spoil::Component("router"),
            EVIDENCE,
            "scale check: replica-binding ir=chat-decoder cause=PinnedSibling field=component",
        ),
        (
            "wrong parent owner",
            Spoil::ForeignOwner,
            STALE,
            "scale check: controller-freshness ir=chat-decoder cause=OwnerReference",
        ),
        (
            "stale own status",
            Spoil::ObservedOffset(-1),
            STALE,
            "scale check: controller-freshness ir=chat-decoder cause=ObservedGeneration \
             observed=0 generation=1",
        ),
        (
            "future own status",
            Spoil::ObservedOffset(1),
            STALE,
            "scale check: controller-freshness ir=chat-decoder cause=ObservedGeneration \
             observed=2 generation=1",
        ),
        (
            "wrong parent stamp",
            Spoil::ParentStamp("99"),
            STALE,
            "scale check: controller-freshness ir=chat-decoder cause=ParentStamp stamp=99 \
             parent=1",
        ),
        (
            "unknown phase",
            Spoil::Phase("Bogus"),
            STALE,
            "scale check: controller-freshness ir=chat-decoder cause=InstanceInvalid index=0",
        ),
        (
            "oversize private payload",
            Spoil::Oversize,
            INSPECTION_BOUNDS,
            "scale check: inspection-bounds object=InferenceReplica limit=payload observed=1 \
             max=0",
        ),
        (
            "missing replicas",
            Spoil::NoReplicas,
            EVIDENCE,
            "scale check: replica-binding ir=chat-decoder cause=PinnedSibling \
             field=spec.replicas",
        ),
    ];
    let cases = cases.into_iter().map(|c| (c.0, c));
    support::each_case(cases, |_, (label, how, message, check)| async move {
        let env = completed_engine_decoder("pin-scale-sib").await;
        spoil(&env, how).await;
        eprintln!("case: {label}");
        assert_pinned_refusal(&env, message, check, 1).await;
    })
    .await;
}

#[tokio::test]
async fn a_canary_group_without_its_top_level_status_is_stale() {
    let env = completed_engine_decoder("pin-scale-canary").await;
    edit_status(&env, json!({"canary": {"targetID": "ct1:000000000000"}})).await;
    assert_pinned_refusal(
        &env,
        STALE,
        "scale check: controller-freshness cause=PinnedCanary field=targetID",
        1,
    )
    .await;
}
