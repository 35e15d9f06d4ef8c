//! Rollout projection strictness (evidence-strictness.md §1) against the real API server. Each
//! rule starts from the `chat` example with the spec's example evidence stored on the service and
//! checks the three consumers of the one projection: `rollout status` shows the issue code,
//! `wait --for=rollout=stable` does not match and says why, and `scale` refuses (nothing
//! written) — or, where the rule says so, still accepts.

// The whole file is test code (clippy.toml allows panicking shortcuts in tests).
#![cfg(test)]

use crate::{evidence_support, scale_support, support};
use evidence_support::*;
use ome_testenv::util::rfc3339_in;
use scale_support::*;
use serde_json::{Value, json};
use support::plugin_async;

// §1.0 — how an issue acts.

#[tokio::test]
async fn scope_an_issue_without_component_blocks_every_scale_even_outside_its_group() {
    // K4 on group 0 (engine, decoder): StatusMalformed(group=0) refuses a router scale too.
    let env = paused_canary_env("ev-scope").await;
    report_canary(&env, "BlueGreenStandby", paused_canary(), paused_traffic()).await;
    let content = rollout(&env).await;
    assert_issue(&content, "StatusMalformed", Some(0), None);
    assert_eq!(reported(&content), "Unknown");
    assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn scope_an_issue_of_another_component_does_not_block() {
    let env = Env::new("ev-scope-other", chat()).await;
    edit_status(
        &env,
        json!({"components": {"decoder": {"rolloutPhase": "Progressing"}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "StatusMalformed", None, Some("decoder"));
    assert_refusal(&env, "decoder", "1", &CONFIRMED, STALE).await;
    assert_scale_accepted(&env, "engine", "3").await;
}

#[tokio::test]
async fn scope_valid_paused_canary_is_work_for_its_members_only() {
    let env = paused_canary_env("ev-paused").await;
    let content = rollout(&env).await;
    assert_clean(&content);
    assert_eq!(reported(&content), "Paused");
    let wait = wait_unmet(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "RolloutNotMatched", "{wait}");
    assert_eq!(wait["rollout"]["validity"], "Valid");
    assert_refusal(&env, "engine", "3", &CONFIRMED, WORK).await;
    assert_scale_accepted(&env, "router", "1").await;
}

// §1.1 — the pinned plan of an active run.

fn active_run(run_id: &str, group: Value) -> Value {
    json!({"runID": run_id, "openedAt": rfc3339_in(-300), "pinnedAt": rfc3339_in(-240),
           "targetRevisions": [
               {"component": "decoder", "revision": "3b1e9a60", "stableRevision": "3b1e9a60"},
               {"component": "engine", "revision": H2, "stableRevision": H1}],
           "plan": {"groups": [{"source": "Inline", "portableDigest": "rp1:0123456789ab",
                                "group": group}]}})
}

#[tokio::test]
async fn p1_an_active_run_projects_its_pinned_plan_not_the_live_spec() {
    let env = Env::new("ev-p1", chat()).await;
    report_canary(&env, "Paused", paused_canary(), paused_traffic()).await;
    edit_status(
        &env,
        json!({"rollout": {"activeRun": active_run("chat-0123456789ab",
            json!({"components": ["decoder", "engine"], "canary": canary_plan()}))}}),
    )
    .await;
    let content = rollout(&env).await;
    let groups = content["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 1, "{content}");
    assert_eq!(groups[0]["strategy"], "Canary");
    assert_eq!(groups[0]["phase"], "Paused");
    let engine = content["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["type"] == "engine")
        .unwrap();
    assert_eq!(engine["group"], 0);
    assert_eq!(reported(&content), "Paused");
    // The fixture's digest is not the plan's (conformance.md §1.2): the run never checks out.
    let wait = wait_unmet(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "InvalidRollout", "{wait}");
    // A run that does not check out is stale evidence for every scale (conformance.md §2.2).
    assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn p2_a_pinned_group_with_an_order_is_malformed() {
    let env = Env::new("ev-p2", chat()).await;
    edit_status(
        &env,
        json!({"rollout": {"activeRun": active_run("chat-0123456789ab",
            json!({"components": ["engine"], "order": ["engine"], "blueGreen": {}}))}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "SpecMalformed", Some(0), None);
    assert_eq!(reported(&content), "Unknown");
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn p3_an_invalid_run_never_matches() {
    let env = Env::new("ev-p3", chat()).await;
    edit_status(
        &env,
        json!({"rollout": {"activeRun": active_run("chat-xyz",
            json!({"components": ["decoder", "engine"], "canary": canary_plan()}))}}),
    )
    .await;
    let wait = wait_unmet(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "InvalidRollout", "{wait}");
    assert_eq!(wait["rollout"]["validity"], "Invalid");
    assert_warning(&wait["rollout"], "InvalidPinnedRun");
}

// §1.2 — revision-name formats.

#[tokio::test]
async fn revision_names_traffic_with_a_repeated_revision_is_invalid() {
    let env = Env::new("ev-traffic-dup", chat()).await;
    edit_status(
        &env,
        json!({"components": {"engine": {"traffic": [
            {"revisionName": rev("engine", H1), "percent": 60},
            {"revisionName": rev("engine", H1), "percent": 40}]}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "TrafficInvalid", None, Some("engine"));
    assert_eq!(reported(&content), "Unknown");
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
    assert_scale_accepted(&env, "decoder", "1").await;
}

#[tokio::test]
async fn revision_names_traffic_percents_in_range_adding_to_100() {
    for (label, traffic) in [
        (
            "sum 90",
            json!([{"revisionName": rev("engine", H1), "percent": 90}]),
        ),
        (
            "percent out of range",
            json!([{"revisionName": rev("engine", H1), "percent": 150},
                   {"revisionName": rev("engine", H2), "percent": -50}]),
        ),
        (
            "another component's revision",
            json!([{"revisionName": rev("decoder", H1), "percent": 100}]),
        ),
    ] {
        let env = Env::new("ev-traffic", chat()).await;
        edit_status(
            &env,
            json!({"components": {"engine": {"traffic": traffic}}}),
        )
        .await;
        eprintln!("case: {label}");
        let content = rollout(&env).await;
        assert_issue(&content, "TrafficInvalid", None, Some("engine"));
        assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
    }
}

#[tokio::test]
async fn revision_names_latest_revisions_name_this_service_and_component() {
    for (field, value) in [
        ("latestReadyRevision", rev("decoder", H1)),
        (
            "latestRolledoutRevision",
            "chat-engine-rev-7F9C4D2B".to_string(),
        ),
        (
            "previousRolledoutRevision",
            "chat-engine-rev-7f9c4d2".to_string(),
        ),
        (
            "latestReadyRevision",
            "other-engine-rev-7f9c4d2b".to_string(),
        ),
    ] {
        let env = Env::new("ev-revname", chat()).await;
        edit_status(&env, json!({"components": {"engine": {field: value}}})).await;
        eprintln!("case: {field}={value}");
        let content = rollout(&env).await;
        assert_issue(&content, "RevisionNameInvalid", None, Some("engine"));
        assert_wait_invalid(&env).await;
        assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
    }
}

#[tokio::test]
async fn revision_names_lifecycle_revisions_are_component_revisions() {
    let env = Env::new("ev-lc-rev", chat()).await;
    edit_status(
        &env,
        json!({"components": {"engine": {"lifecycle": {
            "currentRevision": "chat-engine-zzzzzzzz", "updateRevision": "chat-engine-zzzzzzzz"}}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "RevisionNameInvalid", None, Some("engine"));
    let engine = &content["components"][0];
    assert_eq!(engine["type"], "engine");
    assert_eq!(engine["phase"], "Unknown");
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn revision_names_canary_hashes_are_bare_hashes() {
    let cases = [rev("engine", H2), String::new(), "1A2B3C4D".to_string()]
        .into_iter()
        .map(|c| (format!("{c:?}"), c));
    support::each_case(cases, |_, hash| async move {
        let env = paused_canary_env("ev-canary-hash").await;
        let mut canary = paused_canary();
        canary["canaryRevisionHash"] = json!(hash);
        report_canary(&env, "Paused", canary, paused_traffic()).await;
        eprintln!("case: canaryRevisionHash={hash:?}");
        let content = rollout(&env).await;
        assert_issue(&content, "RevisionNameInvalid", Some(0), None);
        assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;
    })
    .await;
}

#[tokio::test]
async fn revision_names_long_services_use_the_truncated_service_name() {
    // 50 characters: `<name>-engine-rev-<h>` is 70 bytes, so OME names the revision
    // `<8 hex of sha256>-<last 54 bytes>`; the fixture writes that form.
    let name = format!("chat-{}", "x".repeat(45));
    let c = cluster();
    let ns = c.namespace("ev-long").await.unwrap();
    let admin = c.admin().await.unwrap();
    let objs = chat().name(&name).create(&admin, &ns).await.unwrap();
    let ready = objs.isvc["status"]["components"]["engine"]["latestReadyRevision"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(ready.len() <= 63, "{ready}");
    let kubeconfig = c.kubeconfig("reader").unwrap();
    let report = |ns: String| {
        let kubeconfig = kubeconfig.clone();
        let name = name.clone();
        async move {
            let run = plugin_async(
                Some(&kubeconfig),
                &["rollout", "status", &name, "-n", &ns, "-o", "json"],
            )
            .await;
            assert_eq!(run.code, 0, "{run:?}");
            serde_json::from_str::<Value>(&run.stdout).unwrap()["content"].clone()
        }
    };
    assert_clean(&report(ns.clone()).await);
    // The untruncated name is not a name OME writes.
    let hash = ready.rsplit('-').next().unwrap().to_string();
    let ctl = ome_testenv::Controller::new(admin);
    ctl.patch_isvc_status(
        &ns,
        &name,
        json!({"status": {"components": {"engine": {
            "latestReadyRevision": format!("{name}-engine-rev-{hash}")}}}}),
    )
    .await
    .unwrap();
    assert_issue(
        &report(ns).await,
        "RevisionNameInvalid",
        None,
        Some("engine"),
    );
}

// §1.3 — component rolloutPhase, lifecycle and missing status.

#[tokio::test]
async fn r_a_an_unrecognised_rollout_phase_is_malformed() {
    let cases = ["Progressing", "Unknown", "stable"]
        .into_iter()
        .map(|c| (format!("{c:?}"), c));
    support::each_case(cases, |_, phase| async move {
        let env = Env::new("ev-ra", chat()).await;
        env.ctl
            .set_rollout_phase(&env.ns, "chat", ome_testenv::Component::Engine, Some(phase))
            .await
            .unwrap();
        eprintln!("case: {phase}");
        let content = rollout(&env).await;
        assert_issue(&content, "StatusMalformed", None, Some("engine"));
        assert_eq!(content["components"][0]["phase"], "Unknown");
        assert_eq!(reported(&content), "Unknown");
        assert_wait_invalid(&env).await;
        assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
    })
    .await;
}

#[tokio::test]
async fn r_b_a_canary_phase_without_rollout_groups_is_malformed() {
    let env = Env::new("ev-rb", chat()).await;
    env.ctl
        .set_rollout_phase(
            &env.ns,
            "chat",
            ome_testenv::Component::Engine,
            Some("Paused"),
        )
        .await
        .unwrap();
    let content = rollout(&env).await;
    assert_issue(&content, "StatusMalformed", None, Some("engine"));
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn r_c_the_lifecycle_never_yields_to_the_rollout_phase() {
    // Stable contradicted by differing revisions.
    let env = Env::new("ev-rc", chat()).await;
    edit_status(
        &env,
        json!({"components": {"engine": {"rolloutPhase": "Stable", "lifecycle": {
            "currentRevision": format!("chat-engine-{H1}"),
            "updateRevision": format!("chat-engine-{H2}")}}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "StatusMalformed", None, Some("engine"));
    assert_eq!(content["components"][0]["phase"], "Unknown");
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;

    // Without a rollout phase the lifecycle says Updating: valid, active work.
    let env = Env::new("ev-rc-updating", chat()).await;
    edit_status(
        &env,
        json!({"components": {"engine": {"lifecycle": {
            "currentRevision": format!("chat-engine-{H1}"),
            "updateRevision": format!("chat-engine-{H2}")}}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_clean(&content);
    assert_eq!(content["components"][0]["phase"], "Updating");
    assert_eq!(reported(&content), "InProgress");
    let wait = wait_unmet(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "RolloutNotMatched", "{wait}");
    assert_refusal(&env, "engine", "3", &CONFIRMED, WORK).await;

    // An empty revision is missing evidence.
    let env = Env::new("ev-rc-empty", chat()).await;
    edit_status(
        &env,
        json!({"components": {"engine": {"lifecycle": {"updateRevision": ""}}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "ComponentStatusMissing", None, Some("engine"));
    assert_wait_unrecorded(&env).await;
}

#[tokio::test]
async fn r_d_latest_revisions_alone_do_not_prove_a_phase() {
    let env = Env::new("ev-rd", chat()).await;
    edit_status(&env, json!({"components": {"engine": {"lifecycle": null}}})).await;
    let content = rollout(&env).await;
    assert_issue(&content, "ComponentStatusMissing", None, Some("engine"));
    let engine = &content["components"][0];
    assert_eq!(engine["phase"], "Unknown");
    assert_eq!(engine["strategy"], "Unknown");
    assert_wait_unrecorded(&env).await;
    // The tolerance of scale.md §2.6: the selected IR itself is settled.
    assert_scale_accepted(&env, "engine", "3").await;
}

#[tokio::test]
async fn r_e_a_declared_component_without_status_is_missing() {
    let env = Env::new("ev-re", chat()).await;
    edit_status(&env, json!({"components": {"decoder": null}})).await;
    let content = rollout(&env).await;
    assert_issue(&content, "ComponentStatusMissing", None, Some("decoder"));
    assert_wait_unrecorded(&env).await;
    assert_scale_accepted(&env, "engine", "3").await;
}

#[tokio::test]
async fn r_f_an_unknown_status_component_key_is_malformed() {
    let env = Env::new("ev-rf", chat().without(ome_testenv::Component::Router)).await;
    edit_status(&env, json!({"components": {"prefill": {}}})).await;
    let content = rollout(&env).await;
    assert_issue(&content, "StatusMalformed", None, None);
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
}

// §1.4 — canary groups.

#[tokio::test]
async fn k1_k5_canary_status_on_a_secondary_is_unexpected() {
    // The primary of [decoder, engine] is the engine, whatever the list order.
    let env = paused_canary_env("ev-k1").await;
    edit_status(
        &env,
        json!({"components": {"decoder": {"canary": paused_canary()}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "CanaryStatusUnexpected", None, Some("decoder"));
    assert_eq!(content["groups"][0]["step"]["index"], 0, "{content}");
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "decoder", "1", &CONFIRMED, STALE).await;
    assert_scale_accepted(&env, "router", "1").await;
}

#[tokio::test]
async fn k2_the_service_alias_locates_the_only_canary_status() {
    let env = Env::new("ev-k2", chat()).await;
    declare_canary(&env).await;
    edit_status(
        &env,
        json!({"canary": paused_canary(),
               "components": {"engine": {"rolloutPhase": "Paused", "traffic": paused_traffic()}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_clean(&content);
    assert_eq!(content["groups"][0]["phase"], "Paused");
    assert_eq!(content["groups"][0]["step"]["total"], 3);
    let wait = wait_unmet(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "RolloutNotMatched", "{wait}");
}

#[tokio::test]
async fn k3_members_agree_with_the_primary() {
    // A secondary in another phase.
    let env = paused_canary_env("ev-k3").await;
    edit_status(
        &env,
        json!({"components": {"decoder": {"rolloutPhase": "Canarying"}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "StatusMalformed", Some(0), Some("decoder"));
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "decoder", "1", &CONFIRMED, STALE).await;

    // A primary without a phase is a gap.
    let env = paused_canary_env("ev-k3-empty").await;
    edit_status(
        &env,
        json!({"components": {"engine": {"rolloutPhase": null, "canary": null}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "ComponentStatusMissing", Some(0), Some("engine"));
    assert_eq!(content["groups"][0]["phase"], "Unknown");
    assert_wait_unrecorded(&env).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn k4_a_canary_primary_is_never_blue_green_standby() {
    let env = paused_canary_env("ev-k4").await;
    report_canary(&env, "BlueGreenStandby", paused_canary(), paused_traffic()).await;
    let content = rollout(&env).await;
    assert_issue(&content, "StatusMalformed", Some(0), None);
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn k5_stray_canary_status_without_groups() {
    // (i) the spec's example: no spec.rollout, a service-level canary block.
    let env = Env::new("ev-k5i", chat()).await;
    edit_status(
        &env,
        json!({"canary": {"currentStep": 0, "observedTrafficWeight": 0}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "CanaryStatusUnexpected", None, None);
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;

    // (ii) a component canary block without groups blocks every component.
    let env = Env::new("ev-k5ii", chat()).await;
    edit_status(
        &env,
        json!({"components": {"decoder": {"canary": {"currentStep": 0, "observedTrafficWeight": 0}}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "CanaryStatusUnexpected", None, None);
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;

    // (iv) status located while the group phase needs none.
    let env = paused_canary_env("ev-k5iv").await;
    edit_status(
        &env,
        json!({"components": {"engine": {"rolloutPhase": null}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "CanaryStatusUnexpected", Some(0), None);
    assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn k6_a_phase_that_needs_canary_status_without_one_is_a_gap() {
    let env = paused_canary_env("ev-k6").await;
    edit_status(&env, json!({"components": {"engine": {"canary": null}}})).await;
    let content = rollout(&env).await;
    assert_issue(&content, "CanaryStatusMissing", Some(0), None);
    assert_eq!(reported(&content), "Paused");
    assert_wait_unrecorded(&env).await;
    assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn k7_a_stable_canary_must_be_complete() {
    // The wait sweep's R1 example: Stable at step 1 of 3, weight 20, two traffic entries.
    let env = paused_canary_env("ev-k7").await;
    report_canary(&env, "Stable", paused_canary(), paused_traffic()).await;
    let content = rollout(&env).await;
    assert_issue(&content, "CanaryStepInvalid", Some(0), None);
    assert_eq!(reported(&content), "Unknown");
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;

    // The completed canary: the wait matches and every component may scale.
    let env = paused_canary_env("ev-k7-done").await;
    report_canary(&env, "Stable", completed_canary(), completed_traffic()).await;
    let content = rollout(&env).await;
    assert_clean(&content);
    assert_eq!(reported(&content), "Succeeded");
    let wait = wait_matched(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "RolloutMatched");
    assert_scale_accepted(&env, "engine", "3").await;
    assert_scale_accepted(&env, "router", "1").await;

    // Each completion field on its own.
    let cases: Vec<(&str, Value)> = vec![
        ("step 2 of 3", json!({"currentStep": 2})),
        ("weight 90", json!({"observedTrafficWeight": 90})),
        ("stable hash left", json!({"stableRevisionHash": H2})),
        ("promotedThrough left", json!({"promotedThrough": H1})),
        ("pre-step hold", json!({"preStepHold": true})),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, change)| async move {
        let env = paused_canary_env("ev-k7-field").await;
        let mut canary = completed_canary();
        for (k, v) in change.as_object().unwrap() {
            canary[k] = v.clone();
        }
        report_canary(&env, "Stable", canary, completed_traffic()).await;
        eprintln!("case: {label}");
        let content = rollout(&env).await;
        assert_issue(&content, "CanaryStepInvalid", Some(0), None);
        assert_wait_invalid(&env).await;
    })
    .await;
}

#[tokio::test]
async fn k8_an_active_step_index_lies_within_the_plan() {
    let env = paused_canary_env("ev-k8").await;
    let mut canary = paused_canary();
    canary["currentStep"] = json!(3);
    report_canary(&env, "Paused", canary, paused_traffic()).await;
    let content = rollout(&env).await;
    assert_issue(&content, "CanaryStepInvalid", Some(0), None);
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;
}

#[tokio::test]
async fn k9_step_residue_matches_the_phase() {
    let full = json!([{"revisionName": rev("engine", H2), "percent": 100}]);
    let cases: Vec<(&str, &str, Value, Value)> = vec![
        (
            "Paused at the last step",
            "Paused",
            json!({"currentStep": 2, "observedTrafficWeight": 100}),
            full.clone(),
        ),
        (
            "rolled-back hash while Paused",
            "Paused",
            json!({"rolledBackRevisionHash": H2}),
            paused_traffic(),
        ),
        (
            "pre-step hold (repin boundary unproven)",
            "Paused",
            json!({"preStepHold": true}),
            paused_traffic(),
        ),
        (
            "Promoting short of the last step",
            "Promoting",
            json!({}),
            paused_traffic(),
        ),
        (
            "promotedThrough at step 0",
            "Paused",
            json!({"promotedThrough": H2}),
            paused_traffic(),
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, phase, change, traffic)| async move {
        let env = paused_canary_env("ev-k9").await;
        let mut canary = paused_canary();
        for (k, v) in change.as_object().unwrap() {
            canary[k] = v.clone();
        }
        report_canary(&env, phase, canary, traffic).await;
        eprintln!("case: {label}");
        let content = rollout(&env).await;
        assert_issue(&content, "StatusMalformed", Some(0), None);
        assert_wait_invalid(&env).await;
        assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;
    })
    .await;
}

#[tokio::test]
async fn k10_traffic_is_bound_to_the_canary_weight() {
    let cases: Vec<(&str, Value, Value)> = vec![
        (
            "weight 20, all traffic on stable",
            json!({}),
            json!([{"revisionName": rev("engine", H1), "percent": 100}]),
        ),
        (
            "stable equals canary",
            json!({"stableRevisionHash": H2}),
            json!([{"revisionName": rev("engine", H2), "percent": 100}]),
        ),
        (
            "traffic split differs from the weight",
            json!({}),
            json!([{"revisionName": rev("engine", H2), "percent": 30},
                   {"revisionName": rev("engine", H1), "percent": 70}]),
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, change, traffic)| async move {
        let env = paused_canary_env("ev-k10").await;
        let mut canary = paused_canary();
        for (k, v) in change.as_object().unwrap() {
            canary[k] = v.clone();
        }
        report_canary(&env, "Canarying", canary, traffic).await;
        eprintln!("case: {label}");
        let content = rollout(&env).await;
        assert_issue(&content, "StatusMalformed", Some(0), None);
        assert_wait_invalid(&env).await;
    })
    .await;
}

#[tokio::test]
async fn k11_the_weight_is_the_current_step_traffic() {
    let env = paused_canary_env("ev-k11").await;
    let mut canary = paused_canary();
    canary["observedTrafficWeight"] = json!(30);
    report_canary(
        &env,
        "Paused",
        canary,
        json!([{"revisionName": rev("engine", H2), "percent": 30},
               {"revisionName": rev("engine", H1), "percent": 70}]),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "StatusMalformed", Some(0), None);
    assert_wait_invalid(&env).await;
}

#[tokio::test]
async fn k12_step_capacity_and_traffic_values() {
    // A current-step capacity that is neither an integer nor a percentage.
    let env = Env::new("ev-k12", chat()).await;
    edit_spec(
        &env,
        json!({"rollout": {"groups": [{"components": ["decoder", "engine"], "canary": {"steps": [
            {"traffic": 20, "capacity": "25", "pause": {}},
            {"traffic": 100, "capacity": "100%"}]}}]}}),
    )
    .await;
    report_canary(&env, "Paused", paused_canary(), paused_traffic()).await;
    let content = rollout(&env).await;
    assert_issue(&content, "CanaryStepInvalid", Some(0), None);
    assert_wait_invalid(&env).await;

    // An observed weight outside 0–100.
    let env = paused_canary_env("ev-k12-weight").await;
    let mut canary = paused_canary();
    canary["observedTrafficWeight"] = json!(150);
    report_canary(&env, "Paused", canary, paused_traffic()).await;
    let content = rollout(&env).await;
    assert_issue(&content, "TrafficInvalid", Some(0), None);
    assert_wait_invalid(&env).await;
}

/// The canary plan with an analysis at step 2 (Canarying at index 1, weight 50), evaluated at
/// `at`.
async fn analysis_canary_env(prefix: &str, at: &str, results: Value) -> Env {
    let env = Env::new(prefix, chat()).await;
    edit_spec(
        &env,
        json!({"rollout": {"groups": [{"components": ["decoder", "engine"], "canary": {"steps": [
            {"traffic": 20, "capacity": "25%", "pause": {}},
            {"traffic": 50, "capacity": "50%", "analysis": {"interval": "1m", "failureLimit": 2,
                "metrics": [{"name": "p99", "query": "histogram_quantile(0.99, x)",
                             "threshold": "0.5", "operator": "LT"}]}},
            {"traffic": 100, "capacity": "100%"}]}}]}}),
    )
    .await;
    let mut canary = paused_canary();
    canary["currentStep"] = json!(1);
    canary["observedTrafficWeight"] = json!(50);
    canary["promotedThrough"] = json!(H2);
    canary["analysisFailedChecks"] = json!(0);
    canary["lastEvaluationTime"] = json!(at);
    canary["metricResults"] = results;
    report_canary(
        &env,
        "Canarying",
        canary,
        json!([{"revisionName": rev("engine", H2), "percent": 50},
               {"revisionName": rev("engine", H1), "percent": 50}]),
    )
    .await;
    env
}

#[tokio::test]
async fn k13_analysis_evidence_is_self_consistent() {
    // The spec's example: passed with an empty value.
    let at = rfc3339_in(-30);
    let env = analysis_canary_env(
        "ev-k13",
        &at,
        json!([{"name": "p99", "value": "", "passed": true, "time": at}]),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "StatusMalformed", Some(0), None);
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;

    // An undeclared metric is merely inconclusive: tolerated everywhere.
    let env = analysis_canary_env(
        "ev-k13-inconclusive",
        &at,
        json!([{"name": "p50", "value": "0.1", "passed": true, "time": at}]),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "AnalysisInconclusive", Some(0), None);
    assert_no_issue(&content, "StatusMalformed");
    let wait = wait_unmet(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "RolloutNotMatched", "{wait}");
    assert_scale_accepted(&env, "router", "1").await;
}

// §1.5 — coordination groups never become Stable.

#[tokio::test]
async fn d2_an_idle_blue_green_group_is_not_stable_for_scale() {
    let env = blue_green_env("ev-d2", "Idle").await;
    let content = rollout(&env).await;
    assert_clean(&content);
    assert_eq!(content["groups"][0]["phase"], "Idle");
    assert_eq!(reported(&content), "Succeeded");
    let wait = wait_matched(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "RolloutMatched");
    assert_refusal(&env, "engine", "3", &CONFIRMED, WORK).await;
    assert_scale_accepted(&env, "router", "1").await;
}

#[tokio::test]
async fn coordination_phases_map_to_group_phases() {
    let env = blue_green_env("ev-coord-empty", "").await;
    let content = rollout(&env).await;
    assert_issue(&content, "GroupStatusMissing", Some(0), None);
    assert_wait_unrecorded(&env).await;
    assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;

    let env = blue_green_env("ev-coord-unknown", "Progressing").await;
    let content = rollout(&env).await;
    assert_issue(&content, "StatusMalformed", Some(0), None);
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;

    let env = blue_green_env("ev-coord-staged", "Staged").await;
    let content = rollout(&env).await;
    assert_clean(&content);
    assert_eq!(reported(&content), "Staged");
    let wait = wait_unmet(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "RolloutNotMatched", "{wait}");
    assert_refusal(&env, "engine", "3", &CONFIRMED, WORK).await;
}

#[tokio::test]
async fn coordination_entries_match_the_spec_groups() {
    let idle = || coordination_entry("0", "Idle", "BlueGreen", &["engine"]);
    let with = |change: Value| {
        let mut entry = idle();
        for (k, v) in change.as_object().unwrap() {
            entry[k] = v.clone();
        }
        entry
    };
    let cases: Vec<(&str, Vec<Value>, &str, Option<u64>)> = vec![
        (
            "duplicate name",
            vec![idle(), idle()],
            "StatusMalformed",
            None,
        ),
        (
            "unexpected name",
            vec![
                idle(),
                coordination_entry("5", "Idle", "BlueGreen", &["engine"]),
            ],
            "GroupStatusUnexpected",
            None,
        ),
        ("no entry", vec![], "GroupStatusMissing", Some(0)),
        (
            "policy of another progression",
            vec![with(json!({"policy": "RollingUpdate"}))],
            "StatusMalformed",
            Some(0),
        ),
        (
            "other components",
            vec![with(json!({"components": ["decoder"]}))],
            "StatusMalformed",
            Some(0),
        ),
        (
            "a cursor on a blue-green group",
            vec![with(json!({"currentComponent": "engine"}))],
            "StatusMalformed",
            Some(0),
        ),
        (
            "observed surge above 100%",
            vec![with(json!({"observedSurge": "150%"}))],
            "StatusMalformed",
            Some(0),
        ),
        (
            "zero transition time",
            vec![with(json!({"lastTransitionTime": "0001-01-01T00:00:00Z"}))],
            "StatusMalformed",
            Some(0),
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, entries, code, group)| async move {
        let env = blue_green_env("ev-coord-entry", "Idle").await;
        set_coordination(&env, entries).await;
        eprintln!("case: {label}");
        let content = rollout(&env).await;
        assert_issue(&content, code, group, None);
        assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;
    })
    .await;
}

#[tokio::test]
async fn coordination_sequential_groups_collapse_and_keep_a_consistent_cursor() {
    let env = Env::new("ev-seq", chat()).await;
    edit_spec(
        &env,
        json!({"rollout": {"groups": [{"components": ["engine"]}, {"components": ["decoder"]}]}}),
    )
    .await;
    let sequential = |phase: &str, current: &str, previous: &str| {
        let mut entry = coordination_entry("0", phase, "Sequential", &["engine", "decoder"]);
        entry["order"] = json!(["engine", "decoder"]);
        entry["currentComponent"] = json!(current);
        entry["previousComponent"] = json!(previous);
        entry
    };
    set_coordination(&env, vec![sequential("Idle", "", "")]).await;
    let content = rollout(&env).await;
    assert_clean(&content);
    let groups = content["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 1, "{content}");
    assert_eq!(groups[0]["strategy"], "Sequential");
    assert_eq!(groups[0]["phase"], "Idle");
    assert_refusal(&env, "decoder", "1", &CONFIRMED, WORK).await;

    for (label, entry) in [
        (
            "active without a current component",
            sequential("Surging", "", ""),
        ),
        (
            "current outside the group",
            sequential("Surging", "router", ""),
        ),
        (
            "previous not the one before current",
            sequential("Surging", "decoder", "router"),
        ),
        ("paused with a cursor", sequential("Paused", "engine", "")),
    ] {
        set_coordination(&env, vec![entry]).await;
        eprintln!("case: {label}");
        let content = rollout(&env).await;
        assert_issue(&content, "StatusMalformed", Some(0), None);
        assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;
    }
}

#[tokio::test]
async fn coordination_a_member_contradicting_its_group_is_malformed() {
    let env = blue_green_env("ev-member", "Idle").await;
    env.ctl
        .set_rollout_phase(
            &env.ns,
            "chat",
            ome_testenv::Component::Engine,
            Some("Canarying"),
        )
        .await
        .unwrap();
    let content = rollout(&env).await;
    assert_issue(&content, "StatusMalformed", Some(0), Some("engine"));
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
}

// §1.6 — RolloutCoordinationReady.

#[tokio::test]
async fn coordination_ready_must_agree_with_the_groups() {
    let condition = |status: &str| {
        json!({"type": "RolloutCoordinationReady", "status": status,
               "lastTransitionTime": rfc3339_in(-60)})
    };
    let with_conditions = |env: &Env, extra: Vec<Value>| {
        let env_ns = env.ns.clone();
        let ctl = env.ctl.clone();
        async move {
            let isvc = ctl.isvc(&env_ns, "chat").await.unwrap();
            let mut conditions = isvc["status"]["conditions"].as_array().cloned().unwrap();
            conditions.extend(extra);
            ctl.patch_isvc_status(
                &env_ns,
                "chat",
                json!({"status": {"conditions": conditions}}),
            )
            .await
            .unwrap();
        }
    };

    let env = blue_green_env("ev-ready-true", "Idle").await;
    with_conditions(&env, vec![condition("True")]).await;
    let content = rollout(&env).await;
    assert_clean(&content);
    assert_eq!(content["summary"]["coordinationReady"], "True");

    // The spec's example: all groups Idle, condition False.
    let env = blue_green_env("ev-ready-false", "Idle").await;
    with_conditions(&env, vec![condition("False")]).await;
    let content = rollout(&env).await;
    assert_eq!(content["summary"]["coordinationReady"], "Invalid");
    assert_issue(&content, "StatusMalformed", None, None);
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "router", "1", &CONFIRMED, STALE).await;

    let env = blue_green_env("ev-ready-two", "Idle").await;
    with_conditions(&env, vec![condition("True"), condition("True")]).await;
    let content = rollout(&env).await;
    assert_eq!(content["summary"]["coordinationReady"], "Invalid");
    assert_issue(&content, "StatusMalformed", None, None);
}

// §1.7 — spec validity.

/// What `wait --for=rollout=stable` does with a malformed spec.
#[derive(Clone, Copy)]
enum Wait {
    /// Not matched: `InvalidRollout`.
    Invalid,
    /// Beyond the inspection limits of §1.8: exit 1, no report.
    Limit,
}

#[tokio::test]
async fn spec_validity_rules() {
    let bg = |c: &str| json!({"components": [c], "blueGreen": {}});
    let canary =
        |steps: Value| json!({"components": ["decoder", "engine"], "canary": {"steps": steps}});
    let last = json!({"traffic": 100, "capacity": "100%"});
    let analysis = |extra: Value| {
        let mut a = json!({"interval": "1m", "failureLimit": 1,
            "metrics": [{"name": "p99", "query": "q", "threshold": "0.5", "operator": "LT"}]});
        for (k, v) in extra.as_object().unwrap() {
            a[k] = v.clone();
        }
        canary(json!([{"traffic": 20, "capacity": "25%", "analysis": a}, last]))
    };
    let many_steps: Vec<Value> = (0..21)
        .map(|i| json!({"traffic": if i == 20 { 100 } else { 5 }, "capacity": if i == 20 { "100%" } else { "10%" }}))
        .collect();
    // (label, spec.rollout, what `wait rollout=stable` does, the scale refusal)
    let cases: Vec<(&str, Value, Wait, &str)> = vec![
        (
            "four groups",
            json!({"groups": [bg("engine"), bg("decoder"), bg("router"), bg("engine")]}),
            Wait::Limit,
            STALE,
        ),
        (
            "a component in two groups",
            json!({"groups": [bg("engine"), bg("engine")]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "an unknown member",
            json!({"groups": [{"components": ["prefill"], "blueGreen": {}}]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "a member twice in a group",
            json!({"groups": [{"components": ["engine", "engine"], "blueGreen": {}}]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "a live order",
            json!({"groups": [{"components": ["engine"], "order": ["engine"], "blueGreen": {}}]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "two progressions",
            json!({"groups": [{"components": ["engine"], "blueGreen": {}, "rollingUpdate": {}}]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "canary with maintainRatio",
            json!({"groups": [{"components": ["decoder", "engine"], "canary": {"steps": [last]}, "maintainRatio": {"tolerance": 10}}]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "canary engine without the declared decoder",
            json!({"groups": [{"components": ["engine"], "canary": {"steps": [last]}}]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "canary without steps",
            json!({"groups": [canary(json!([]))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "last step traffic below 100",
            json!({"groups": [canary(json!([{"traffic": 50, "capacity": "100%"}]))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "last step capacity below 100%",
            json!({"groups": [canary(json!([{"traffic": 100, "capacity": "50%"}]))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "decreasing traffic",
            json!({"groups": [canary(json!([{"traffic": 50, "capacity": "50%"}, {"traffic": 20, "capacity": "60%"}, last]))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "traffic without capacity",
            json!({"groups": [canary(json!([{"traffic": 10, "capacity": 0}, last]))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "capacity not a percentage",
            json!({"groups": [canary(json!([{"traffic": 10, "capacity": "25"}, last]))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "zero ready timeout",
            json!({"groups": [{"components": ["decoder", "engine"], "canary": {"steps": [last], "readyTimeout": "0s"}}]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "analysis failureLimit 0",
            json!({"groups": [analysis(json!({"failureLimit": 0}))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "analysis operator EQ",
            json!({"groups": [analysis(json!({"metrics": [{"name": "p99", "query": "q", "threshold": "0.5", "operator": "EQ"}]}))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "analysis duplicate metric names",
            json!({"groups": [analysis(json!({"metrics": [
            {"name": "p99", "query": "q", "threshold": "0.5", "operator": "LT"},
            {"name": "p99", "query": "q", "threshold": "0.5", "operator": "LT"}]}))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "analysis blank query",
            json!({"groups": [analysis(json!({"metrics": [{"name": "p99", "query": " ", "threshold": "0.5", "operator": "LT"}]}))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "analysis threshold not numeric",
            json!({"groups": [analysis(json!({"metrics": [{"name": "p99", "query": "q", "threshold": "fast", "operator": "LT"}]}))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "analysis onInconclusive unknown",
            json!({"groups": [analysis(json!({"onInconclusive": "Retry"}))]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "rolling update both budgets zero",
            json!({"groups": [{"components": ["engine"], "rollingUpdate": {"maxSurge": 0, "maxUnavailable": "0%"}}]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "rolling update budget above 100%",
            json!({"groups": [{"components": ["engine"], "rollingUpdate": {"maxSurge": "150%"}}]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "tolerance above 100",
            json!({"groups": [{"components": ["engine"], "blueGreen": {}, "maintainRatio": {"tolerance": 101}}]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "soak without sequential groups",
            json!({"groups": [{"components": ["engine"], "blueGreen": {}, "soak": "5m"}]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "sequential ordering of a multi-component group",
            json!({"groups": [{"components": ["engine", "decoder"], "blueGreen": {}}, bg("router")]}),
            Wait::Invalid,
            STALE,
        ),
        (
            "more than 20 canary steps",
            json!({"groups": [canary(Value::Array(many_steps))]}),
            Wait::Limit,
            INSPECTION_BOUNDS,
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(
        cases,
        |_, (label, rollout_spec, wait, scale_error)| async move {
            let env = Env::new("ev-spec", chat()).await;
            edit_spec(&env, json!({"rollout": rollout_spec})).await;
            eprintln!("case: {label}");
            let content = rollout(&env).await;
            assert!(
                issues(&content)
                    .iter()
                    .any(|(code, _, _)| code == "SpecMalformed"),
                "{label}: {}",
                content["issues"]
            );
            assert_eq!(reported(&content), "Unknown", "{label}");
            match wait {
                Wait::Invalid => assert_wait_invalid(&env).await,
                Wait::Limit => {
                    let run = run_wait(&env, "rollout=stable", &[]).await;
                    assert_eq!(
                        (run.code, run.stdout.as_str(), run.stderr.as_str()),
                        (1, "", "error: RolloutInspectionLimit\n"),
                        "{label}"
                    );
                }
            }
            assert_refusal(&env, "engine", "3", &CONFIRMED, scale_error).await;
        },
    )
    .await;
}

#[tokio::test]
async fn spec_validity_includes_the_lifecycle_rules() {
    let env = Env::new("ev-spec-lc", chat()).await;
    edit_spec(
        &env,
        json!({"decoder": {"lifecycle": {"updateStrategy": {"rollingUpdate": {"maxSurge": "25"}}}}}),
    )
    .await;
    let content = rollout(&env).await;
    assert_issue(&content, "SpecMalformed", None, Some("decoder"));
    assert_wait_invalid(&env).await;
    assert_refusal(&env, "engine", "3", &CONFIRMED, STALE).await;
}

// §1.8 — `wait rollout=*` inspection before the projection.

#[tokio::test]
async fn wait_rollout_inspection_limits_end_the_wait_with_an_error() {
    let env = Env::new("ev-limit", chat()).await;
    let conditions: Vec<Value> = (0..65)
        .map(|i| {
            json!({"type": format!("Extra{i}"), "status": "True",
                         "lastTransitionTime": rfc3339_in(-60)})
        })
        .collect();
    edit_status(&env, json!({"conditions": conditions})).await;
    let run = run_wait(&env, "rollout=stable", &[]).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", "error: RolloutInspectionLimit\n")
    );

    let env = Env::new("ev-limit-traffic", chat()).await;
    let traffic: Vec<Value> = (0..17)
        .map(|i| json!({"revisionName": rev("engine", &format!("{i:08x}")), "percent": if i == 0 { 100 } else { 0 }}))
        .collect();
    edit_status(
        &env,
        json!({"components": {"engine": {"traffic": traffic}}}),
    )
    .await;
    let run = run_wait(&env, "rollout=stable", &[]).await;
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (1, "error: RolloutInspectionLimit\n")
    );
}

#[tokio::test]
async fn wait_rollout_a_large_unread_annotation_never_blocks() {
    // Difference n: the per-string limits apply only to the fields the projection reads.
    let env = Env::new("ev-annotation", chat()).await;
    env.ctl
        .annotate_isvc(
            &env.ns,
            "chat",
            "kubectl.kubernetes.io/last-applied-configuration",
            Some(&"x".repeat(6000)),
        )
        .await
        .unwrap();
    let wait = wait_matched(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "RolloutMatched");
}

#[tokio::test]
async fn wait_rollout_invalid_records_never_match() {
    let future = rfc3339_in(3600);
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "negative observedGeneration",
            json!({"observedGeneration": -1}),
            "InvalidRolloutRecord",
        ),
        (
            "an invalid condition status",
            json!({"conditions": [{"type": "RolloutPlanReady", "status": "Maybe", "lastTransitionTime": rfc3339_in(-60)}]}),
            "InvalidConditionRecord",
        ),
        (
            "an oversized condition message",
            json!({"conditions": [{"type": "IngressReady", "status": "True", "reason": "r".repeat(1025), "lastTransitionTime": rfc3339_in(-60)}]}),
            "OversizedConditionRecord",
        ),
        (
            "a future condition",
            json!({"conditions": [{"type": "IngressReady", "status": "True", "lastTransitionTime": future}]}),
            "FutureConditionTimestamp",
        ),
        (
            "conflicting Ready conditions",
            json!({"conditions": [
                {"type": "Ready", "status": "True", "lastTransitionTime": rfc3339_in(-60)},
                {"type": "Ready", "status": "False", "lastTransitionTime": rfc3339_in(-60)}]}),
            "ConflictingReadyConditions",
        ),
        (
            "two RolloutPlanReady conditions",
            json!({"conditions": [
                {"type": "RolloutPlanReady", "status": "True", "lastTransitionTime": rfc3339_in(-60)},
                {"type": "RolloutPlanReady", "status": "True", "lastTransitionTime": rfc3339_in(-60)}]}),
            "InvalidConditionRecord",
        ),
        (
            "a negative lifecycle count",
            json!({"components": {"engine": {"lifecycle": {"readyReplicas": -1}}}}),
            "InvalidRolloutRecord",
        ),
        (
            "a negative lifecycle observedGeneration",
            json!({"components": {"engine": {"lifecycle": {"observedGeneration": -1}}}}),
            "InvalidRolloutRecord",
        ),
        (
            "a lifecycle condition without a type",
            json!({"components": {"engine": {"lifecycle": {"conditions": [
                {"type": "", "status": "True", "lastTransitionTime": rfc3339_in(-60)}]}}}}),
            "InvalidConditionRecord",
        ),
        (
            "a lifecycle condition from the future",
            json!({"components": {"engine": {"lifecycle": {"conditions": [
                {"type": "Available", "status": "True", "lastTransitionTime": future}]}}}}),
            "InvalidConditionRecord",
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (label, status, warning)| async move {
        let env = Env::new("ev-record", chat()).await;
        edit_status(&env, status).await;
        eprintln!("case: {label}");
        let wait = wait_unmet(&env, "rollout=stable", &[]).await;
        assert_eq!(wait["reason"], "InvalidRollout", "{label}: {wait}");
        assert_eq!(wait["rollout"]["validity"], "Invalid", "{label}");
        assert_warning(&wait["rollout"], warning);
    })
    .await;

    // Timestamps of coordination and canary status.
    let env = blue_green_env("ev-record-coord", "Idle").await;
    let mut entry = coordination_entry("0", "Idle", "BlueGreen", &["engine"]);
    entry["lastTransitionTime"] = json!(future);
    set_coordination(&env, vec![entry]).await;
    let wait = wait_unmet(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "InvalidRollout", "{wait}");
    assert_warning(&wait["rollout"], "InvalidRolloutTimestamp");

    let env = paused_canary_env("ev-record-canary").await;
    let mut canary = paused_canary();
    canary["stepEnteredTime"] = json!(future);
    report_canary(&env, "Paused", canary, paused_traffic()).await;
    let wait = wait_unmet(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "InvalidRollout", "{wait}");
    assert_warning(&wait["rollout"], "InvalidRolloutTimestamp");
}

/// conformance.md §5 (c): a lifecycle condition's `observedGeneration` below 0 is an invalid
/// record and nothing else (never also `StaleReportedCondition`); one from 0 up to below the
/// lifecycle's is stale only. Neither is a refusal: the wait reports and keeps waiting.
#[tokio::test]
async fn c5c_a_negative_condition_generation_is_invalid_only() {
    let warnings = |rollout: &Value| -> Vec<String> {
        rollout["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().or(w["code"].as_str()).unwrap().to_string())
            .collect()
    };
    let condition = |generation: i64| {
        json!({"components": {"engine": {"lifecycle": {"observedGeneration": 2, "conditions": [
            {"type": "Available", "status": "True", "observedGeneration": generation,
             "lastTransitionTime": rfc3339_in(-60)}]}}}})
    };
    let env = Env::new("c5c-negative", chat()).await;
    edit_status(&env, condition(-1)).await;
    let wait = wait_unmet(&env, "rollout=stable", &[]).await;
    assert_eq!(wait["reason"], "InvalidRollout", "{wait}");
    assert_eq!(wait["rollout"]["validity"], "Invalid", "{wait}");
    assert_eq!(
        warnings(&wait["rollout"]),
        ["InvalidConditionRecord"],
        "{wait}"
    );

    let env = Env::new("c5c-older", chat()).await;
    edit_status(&env, condition(1)).await;
    let run = run_wait(&env, "rollout=stable", &[]).await;
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    let found = warnings(&report["content"]["rollout"]);
    assert!(
        found.contains(&"StaleReportedCondition".to_string())
            && !found.contains(&"InvalidConditionRecord".to_string()),
        "{}",
        run.stdout
    );
}
