//! Paused and held work in `scale`, `autoscale status` and `instance list` against the real API
//! server (after-the-write.md §4, difference q): a paused service (`true`, `freeze`) and an
//! ignored annotation value are shown; `scale` writes exactly as it does unpaused.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use ome_testenv::{AutoscalerClass, ChatFixture, Component};
use scale_support::*;
use serde_json::{Value, json};
use support::{Run, plugin_async};

const PAUSED: &str = "ome.io/rollout-paused";
const HELD_TARGET: &str = "chat-engine-6c4f8b1d";

/// The engine-only fixture: class None, a namespaced ServingRuntime.
fn engine_only() -> ChatFixture {
    ChatFixture::new()
        .without(Component::Decoder)
        .without(Component::Router)
        .autoscaler(Component::Engine, Some(AutoscalerClass::None))
        .namespaced_runtime()
}

/// The service annotation, and the IR's projection of it (observed, as the controller would).
async fn pause(env: &Env, value: &str, ir: Option<Value>) {
    env.ctl
        .annotate_isvc(&env.ns, "chat", PAUSED, Some(value))
        .await
        .unwrap();
    if let Some(spec) = ir {
        env.ctl
            .patch_ir_observed(&env.ns, "chat-engine", json!({ "spec": spec }))
            .await
            .unwrap();
    }
}

/// The unpaused preview with the pause row and warning line of `value`.
fn paused_preview(unpaused: &str, row: &str, value: Option<&str>) -> String {
    let freshness = "parent freshness        Unverifiable (advisory)\n";
    let mut out = unpaused.replacen(
        freshness,
        &format!("pause                   {row}\n{freshness}"),
        1,
    );
    if let Some(value) = value {
        let wrapped = match value {
            "freeze" => {
                "The service is paused (freeze): added Instances wait for resume; scale-down\nstill drains.\n"
            }
            _ => {
                "The service is paused (true): added Instances wait for resume; scale-down still\ndrains.\n"
            }
        };
        let cas = "IR UID/resourceVersion CAS is not a multi-object transaction.\n";
        out = out.replacen(cas, &format!("{wrapped}{cas}"), 1);
    }
    out
}

/// Runs the real scale 2 → 3 and checks preview, result, stored replicas and the one write.
async fn scale_up(env: &Env, preview: &str, table: &str) -> Run {
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let (_, rv) = env.stored("chat-engine").await;
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stderr, preview);
    assert_eq!(run.stdout, table);
    let (replicas, after) = env.stored("chat-engine").await;
    assert_eq!(replicas, 3);
    assert_ne!(after, rv);
    let writes = env.writes().await;
    assert_eq!(writes.len(), 1, "{writes:#?}");
    assert_eq!(writes[0].verb, "patch");
    assert_eq!(writes[0].resource(), "inferencereplicas/scale");
    assert!(!writes[0].is_dry_run());
    run
}

fn expect<'a>(env: &'a Env, isvc: &'a Value, ir: &'a Value, none_class: bool) -> Expect<'a> {
    Expect {
        context: "scaler",
        ns: &env.ns,
        isvc,
        ir,
        component: "engine",
        prior: 2,
        requested: 3,
        bounds: "2..4",
        ownership: if none_class {
            "None / none"
        } else {
            "External / external"
        },
        source: "isvc",
        owner_warning: if none_class {
            "The ISVC projector restores ISVC/runtime-derived desired replicas on\nreconciliation.\n"
        } else {
            EXTERNAL_WARNING
        },
        dry_run: "none",
        instances: "2 total; 2 ready; 2 serving; 2 available",
    }
}

fn with_pause_row(table: &str, depth: &str) -> String {
    let freshness = "parent freshness   Unverifiable\n";
    table.replacen(
        freshness,
        &format!("{freshness}pause              {depth}\n"),
        1,
    )
}

#[tokio::test]
async fn scale_of_an_unpaused_service_is_unchanged() {
    let env = Env::new("pw-scale-none", engine_only()).await;
    let (isvc, ir) = (env.isvc().await, env.ir("chat-engine").await);
    let e = expect(&env, &isvc, &ir, true);
    let run = scale_up(&env, &e.preview(), &e.table(true, true)).await;
    assert!(!run.stdout.contains("pause"));
}

#[tokio::test]
async fn scale_of_a_paused_service_shows_the_pause_and_writes_as_before() {
    let env = Env::new("pw-scale-true", engine_only()).await;
    pause(&env, "true", Some(json!({"paused": true}))).await;
    let (isvc, ir) = (env.isvc().await, env.ir("chat-engine").await);
    let e = expect(&env, &isvc, &ir, true);
    let preview = paused_preview(&e.preview(), "paused", Some("true"));
    scale_up(
        &env,
        &preview,
        &with_pause_row(&e.table(true, true), "Paused"),
    )
    .await;
}

#[tokio::test]
async fn scale_of_a_frozen_service_shows_the_pause_in_json() {
    let env = Env::new("pw-scale-freeze", chat()).await;
    pause(
        &env,
        "freeze",
        Some(json!({"paused": true, "pauseMode": "Freeze"})),
    )
    .await;
    let (isvc, ir) = (env.isvc().await, env.ir("chat-engine").await);
    let e = expect(&env, &isvc, &ir, false);
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["-o", "json"]);
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &extra)).await;
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        run.stderr,
        paused_preview(&e.preview(), "freeze", Some("freeze"))
    );
    let result: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(result["scale"]["pause"], "Freeze");
    assert_eq!(
        result["scale"]["warnings"],
        json!([
            "AlphaAction",
            "AutoscalerCanOverwrite",
            "LifecyclePaused",
            "NotMultiObjectTransaction",
            "ScaleDownCanDrain",
            "TransientReplicaRequest"
        ])
    );
    assert_eq!(result["applied"], true);
    assert_eq!(env.stored("chat-engine").await.0, 3);
    let writes = env.writes().await;
    assert_eq!(writes.len(), 1, "{writes:#?}");
    assert_eq!(writes[0].resource(), "inferencereplicas/scale");
}

#[tokio::test]
async fn scale_names_an_ignored_pause_value() {
    let env = Env::new("pw-scale-odd", chat()).await;
    pause(&env, "True", None).await;
    let (isvc, ir) = (env.isvc().await, env.ir("chat-engine").await);
    let e = expect(&env, &isvc, &ir, false);
    let preview = paused_preview(&e.preview(), "unrecognized (not paused)", None);
    let run = scale_up(
        &env,
        &preview,
        &with_pause_row(&e.table(true, true), "Unrecognized"),
    )
    .await;
    assert!(!run.stderr.contains("The service is paused"));
}

async fn reader(args: &[&str]) -> Run {
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    plugin_async(Some(&kubeconfig), args).await
}

#[tokio::test]
async fn autoscale_status_shows_the_pause_and_the_lagging_projection() {
    let env = Env::new("pw-autoscale", chat()).await;
    let ns = env.ns.as_str();
    let base = reader(&["autoscale", "status", "chat", "-n", ns]).await;
    assert!(!base.ok().contains("PAUSE"));
    pause(
        &env,
        "freeze",
        Some(json!({"paused": true, "pauseMode": "Freeze"})),
    )
    .await;
    let run = reader(&["autoscale", "status", "chat", "-n", ns]).await;
    let expected = base.ok().replacen(
        "\nCLASS",
        "\nPAUSE              Freeze     -             -              -\nCLASS",
        1,
    );
    assert_eq!(run.ok(), expected);

    let run = reader(&["autoscale", "status", "chat", "-n", ns, "--live-scale"]).await;
    let lines: Vec<&str> = run.ok().lines().collect();
    assert_eq!(
        lines[2].split_whitespace().collect::<Vec<_>>(),
        ["PAUSE", "Freeze", "Freeze", "-", "-"]
    );
    let issues: Vec<Vec<&str>> = lines
        .iter()
        .filter(|l| l.starts_with("ISSUES"))
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        issues,
        vec![vec!["ISSUES", "-", "-", "PauseLag", "PauseLag"]]
    );

    let run = reader(&[
        "autoscale",
        "status",
        "chat",
        "-n",
        ns,
        "--live-scale",
        "-o",
        "json",
    ])
    .await;
    let report = run.json();
    assert_eq!(
        report["content"]["pause"],
        json!({"depth": "Freeze", "evidence": "Declared"})
    );
    let engine = &report["content"]["components"][0];
    assert_eq!(engine["type"], "engine");
    assert_eq!(engine["liveScale"]["pause"], "Freeze");
    assert_eq!(
        report["content"]["components"][1]["liveScale"].get("pause"),
        None
    );
    assert_eq!(
        report["content"]["issues"],
        json!([
            {"code": "PauseProjectionPending", "component": "decoder"},
            {"code": "PauseProjectionPending", "component": "router"}
        ])
    );
    let wide = reader(&["autoscale", "status", "chat", "-n", ns, "-o", "wide"]).await;
    assert!(
        wide.ok()
            .starts_with("STATE      PAUSE    COMPONENT   COMPONENT-STATE   COMPONENT-PAUSE   ")
    );
}

const CHAT_ROWS: &str = "\
COMP      IDX/INC   PHASE   PODS    REVS          AOF   EVIDENCE
engine    0/1       Ready   1/1/1   chat...4d2b   A--   OK
engine    1/1       Ready   1/1/1   chat...4d2b   A--   OK
";

#[tokio::test]
async fn instance_list_shows_hold_held_blocks_and_pause() {
    let env = Env::new("pw-instances", chat()).await;
    let ns = env.ns.as_str();
    let before = reader(&["instance", "list", "chat", "-n", ns]).await;
    assert!(before.ok().starts_with(CHAT_ROWS));
    pause(
        &env,
        "freeze",
        Some(json!({"paused": true, "pauseMode": "Freeze"})),
    )
    .await;
    env.ctl
        .add_retry_block(ns, "chat-engine", HELD_TARGET, "Held")
        .await
        .unwrap();
    env.ctl
        .patch_ir_status(
            ns,
            "chat-engine",
            json!({"status": {"rolloutHold": {"gate": "Held", "reason": "attempts exhausted",
                "target": HELD_TARGET, "since": "2026-09-20T08:10:00Z"}}}),
        )
        .await
        .unwrap();
    let run = reader(&["instance", "list", "chat", "-n", ns]).await;
    assert_eq!(
        run.ok(),
        "\
COMP      IDX/INC   PHASE    PODS    REVS          AOF   EVIDENCE
engine    0/1       Ready    1/1/1   chat...4d2b   A--   OK
engine    1/1       Ready    1/1/1   chat...4d2b   A--   OK
engine    -         HOLD     -       chat...8b1d   ---   GATE:HELD
engine    -         HELD     -       -             ---   HELD:1
decoder   0/1       Ready    1/1/1   chat...9a60   A--   OK
router    0/1       Ready    1/1/1   chat...8e12   A--   OK
pause     -         FREEZE   -       -             ---   IR-LAG
"
    );
    let report = reader(&["instance", "list", "chat", "-n", ns, "-o", "json"])
        .await
        .json();
    assert_eq!(report["content"]["summary"]["pause"], "Freeze");
    let engine = &report["content"]["components"][0];
    assert_eq!(engine["pause"], "Freeze");
    assert_eq!(
        engine["rolloutHold"],
        json!({"gate": "Held", "target": HELD_TARGET, "since": "2026-09-20T08:10:00Z"})
    );
    assert_eq!(engine["heldRevisions"], 1);
    assert_eq!(report["content"]["components"][1].get("pause"), None);
    let pending: Vec<&Value> = report["content"]["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["code"] == "PauseProjectionPending")
        .collect();
    assert_eq!(pending.len(), 2, "{report:#}");
}

#[tokio::test]
async fn instance_list_of_a_projected_pause_and_an_ignored_value() {
    let env = Env::new("pw-projected", engine_only()).await;
    let ns = env.ns.as_str();
    pause(&env, "true", Some(json!({"paused": true}))).await;
    let run = reader(&["instance", "list", "chat", "-n", ns]).await;
    assert_eq!(
        run.ok(),
        "\
COMP     IDX/INC   PHASE    PODS    REVS          AOF   EVIDENCE
engine   0/1       Ready    1/1/1   chat...4d2b   A--   OK
engine   1/1       Ready    1/1/1   chat...4d2b   A--   OK
pause    -         PAUSED   -       -             ---   SERVICE
"
    );
    env.ctl
        .annotate_isvc(ns, "chat", PAUSED, Some("1"))
        .await
        .unwrap();
    env.ctl
        .patch_ir_observed(ns, "chat-engine", json!({"spec": {"paused": null}}))
        .await
        .unwrap();
    let run = reader(&["instance", "list", "chat", "-n", ns]).await;
    assert_eq!(
        run.ok(),
        "\
COMP     IDX/INC   PHASE     PODS    REVS          AOF   EVIDENCE
engine   0/1       Ready     1/1/1   chat...4d2b   A--   OK
engine   1/1       Ready     1/1/1   chat...4d2b   A--   OK
pause    -         IGNORED   -       -             ---   SERVICE
"
    );
    let report = reader(&["instance", "list", "chat", "-n", ns, "-o", "json"])
        .await
        .json();
    assert_eq!(report["content"]["summary"]["pause"], "Unrecognized");
    assert_eq!(report["content"]["issues"], json!([]));
}
