//! `scale` names its failed check (README difference i, diagnose.md §5.1): before the unchanged
//! final `error:` line, at most 6 `scale check: <check-id> key=value …` lines (≤ 80 columns,
//! safe values only), and for active work the `next:` command that shows it. Each refusal of
//! the §5.1 table is built from real evidence on the API server (the proxy only where the
//! server cannot show the evidence: an unsafe identity, a canned PATCH answer), and each test
//! proves that stdout is empty, the exit code is unchanged and nothing was written.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use ome_testenv::objects::{generation, resource_version};
use ome_testenv::{ChatFixture, Component, Controller, Encoding, Hook, Proxy, ProxyOptions};
use scale_support::*;
use serde_json::{Value, json};
use std::path::Path;
use support::{Run, plugin_async};

const ENGINE: Component = Component::Engine;
/// The guide's runtime on a check line: printed whole (difference ae).
const RUNTIME_TOKEN: &str = "runtime=ClusterServingRuntime/srt-llama-3-2-1b-instruct-pd";

fn scale_path(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/chat-engine/scale")
}

fn ir_path(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/chat-engine")
}

fn isvc_path(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat")
}

/// stderr is exactly the check lines, then `error: <message>`; stdout is empty.
fn assert_lines(run: &Run, lines: &[String], message: &str, code: i32) {
    let mut expected: String = lines.iter().map(|l| format!("{l}\n")).collect();
    expected.push_str(&format!("error: {message}\n"));
    assert_eq!(run.stderr, expected, "{run:?}");
    assert_eq!(run.stdout, "", "{run:?}");
    assert_eq!(run.code, code, "{run:?}");
    assert_whole_lines(&run.stderr);
}

/// The preview, then exactly the check lines and `error: <message>`.
fn assert_lines_after_preview(run: &Run, lines: &[String], message: &str, code: i32) {
    let mut tail: String = lines.iter().map(|l| format!("{l}\n")).collect();
    tail.push_str(&format!("error: {message}\n"));
    assert!(
        run.stderr
            .starts_with("ALPHA guarded scale preview (not controller convergence)\n"),
        "{run:?}"
    );
    assert!(
        run.stderr
            .ends_with(&format!("multi-object transaction.\n{tail}")),
        "{run:?}"
    );
    assert_eq!(run.stdout, "", "{run:?}");
    assert_eq!(run.code, code, "{run:?}");
}

fn assert_whole_lines(stderr: &str) {
    let checks: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("scale check: ") || l.starts_with("next: "))
        .collect();
    assert!(checks.len() <= 6, "{checks:?}");
    // Nothing is shortened around `...` (difference ae).
    assert!(checks.iter().all(|l| !l.contains("...")), "{checks:?}");
}

fn lines(items: &[&str]) -> Vec<String> {
    items.iter().map(|l| l.to_string()).collect()
}

/// Runs `scale chat` as `scaler` and asserts the check lines, the refusal, that the IR is
/// unchanged and that nothing was written.
async fn assert_checked(
    env: &Env,
    component: &str,
    replicas: &str,
    extra: &[&str],
    message: &str,
    expected: &[String],
) {
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    assert_checked_as(
        env,
        &kubeconfig,
        component,
        replicas,
        extra,
        message,
        expected,
    )
    .await;
}

async fn assert_checked_as(
    env: &Env,
    kubeconfig: &Path,
    component: &str,
    replicas: &str,
    extra: &[&str],
    message: &str,
    expected: &[String],
) {
    let ir_name = format!("chat-{component}");
    let before = env.stored(&ir_name).await;
    let run = plugin_async(Some(kubeconfig), &args(&env.ns, component, replicas, extra)).await;
    assert_lines(&run, expected, message, 1);
    assert_eq!(env.stored(&ir_name).await, before);
    let writes = env.writes().await;
    assert!(writes.is_empty(), "{writes:#?}");
}

/// The `next:` line names the namespace the scale ran in.
fn next_instance(ns: &str, index: i64, component: &str) -> String {
    format!("next: kubectl ome instance status chat {index} --component {component} -n {ns}")
}

fn next_autoscale(ns: &str) -> String {
    format!("next: kubectl ome autoscale status chat --live-scale -n {ns}")
}

fn next_rollout(ns: &str) -> String {
    format!("next: kubectl ome rollout status chat -n {ns}")
}

/// Where a rollout phase refusal sends the user: why the rollout holds (rollout-explain.md §4).
fn next_explain(ns: &str) -> String {
    format!("next: kubectl ome rollout explain chat -n {ns}")
}

#[tokio::test]
async fn every_argument_rule_is_named_without_its_value_and_nothing_is_read() {
    let c = cluster();
    // A user no other test of this file runs as, so the audit log shows only these runs.
    // A twin of nobody: other tests run as nobody at the same time.
    let twin = c.twin("nobody").await.unwrap();
    let kubeconfig = twin.kubeconfig.clone();
    let base = ["--component", "engine", "--replicas", "3"];
    let with = |extra: &[&'static str]| {
        let mut v = vec!["scale", "chat"];
        v.extend_from_slice(&base);
        v.extend_from_slice(extra);
        v
    };
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["scale", "--component", "engine", "--replicas", "3"],
            "name",
        ),
        (
            vec![
                "scale",
                "chat",
                "other",
                "--component",
                "engine",
                "--replicas",
                "3",
            ],
            "name",
        ),
        (
            vec![
                "scale",
                "Chat_1",
                "--component",
                "engine",
                "--replicas",
                "3",
            ],
            "name",
        ),
        (
            vec!["scale", "chat", "--component", "gpu", "--replicas", "3"],
            "component",
        ),
        (
            vec!["scale", "chat", "--component", "engine"],
            "replicas-missing",
        ),
        (
            vec!["scale", "chat", "--component", "engine", "--replicas", ""],
            "replicas-missing",
        ),
        (
            vec!["scale", "chat", "--component", "engine", "--replicas", "+3"],
            "replicas-digits",
        ),
        (
            vec!["scale", "chat", "--component", "engine", "--replicas", "0"],
            "replicas-range",
        ),
        (
            vec![
                "scale",
                "chat",
                "--component",
                "engine",
                "--replicas",
                "2147483648",
            ],
            "replicas-range",
        ),
        (with(&["--override-autoscaler"]), "override-needs-yes"),
        (with(&["--dry-run", "maybe"]), "dry-run"),
        (with(&["--ome-namespace", "Bad@sentinel"]), "ome-namespace"),
        (with(&["-n", "Bad_NS"]), "namespace"),
        (with(&["--context", "user:pw@host"]), "context"),
        (with(&["--request-timeout", "10"]), "request-timeout"),
        (with(&["-o", "xml"]), "output"),
        (with(&["--force"]), "flags"),
        (with(&["--yes=bad"]), "flags"),
    ];
    let audit = c.audit();
    audit.sync().await.unwrap();
    let mark = audit.mark().unwrap();
    for (argv, rule) in cases {
        let run = plugin_async(Some(&kubeconfig), &argv).await;
        assert_lines(
            &run,
            &[format!("scale check: arguments rule={rule}")],
            ARGUMENTS,
            1,
        );
        for secret in [
            "Bad@sentinel",
            "user:pw@host",
            "xml",
            "maybe",
            "Chat_1",
            "gpu",
        ] {
            assert!(!run.stderr.contains(secret), "{argv:?} echoed: {run:?}");
        }
    }
    audit.sync().await.unwrap();
    let requests: Vec<_> = audit
        .events_since(mark)
        .unwrap()
        .into_iter()
        .filter(|e| e.user.username == twin.username())
        .collect();
    assert!(requests.is_empty(), "{requests:?}");
}

#[tokio::test]
async fn target_identity_deletion_bounds_and_placement() {
    // A returned object that is not the one asked for (the server cannot show it: the proxy).
    let env = Env::new("chk-identity", chat()).await;
    let mut isvc = env.isvc().await;
    isvc["metadata"]["name"] = json!("other");
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    proxy.add_hook(Hook::new("GET", &isvc_path(&env.ns)).respond(200, &isvc.to_string()));
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    assert_checked_as(
        &env,
        &kubeconfig,
        "engine",
        "3",
        &CONFIRMED,
        "action refused: target identity is missing or unsafe",
        &lines(&["scale check: target-identity field=name problem=mismatch"]),
    )
    .await;
    let mut isvc = env.isvc().await;
    isvc["metadata"]["uid"] = json!("sk-0123456789abcdefghijklmnop");
    proxy.clear_hooks();
    proxy.add_hook(Hook::new("GET", &isvc_path(&env.ns)).respond(200, &isvc.to_string()));
    assert_checked_as(
        &env,
        &kubeconfig,
        "engine",
        "3",
        &CONFIRMED,
        "action refused: target identity is missing or unsafe",
        &lines(&["scale check: target-identity field=uid problem=unsafe"]),
    )
    .await;

    // Being deleted: a finalizer holds the deleted service.
    let env = Env::new("chk-deleting", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"metadata": {"finalizers": ["example.com/hold"]}}),
        )
        .await
        .unwrap();
    ome_testenv::objects::delete(
        &env.admin,
        &ome_testenv::crds::isvc_resource(),
        Some(&env.ns),
        "chat",
    )
    .await
    .unwrap();
    let deleted = env.isvc().await;
    let at = deleted["metadata"]["deletionTimestamp"].as_str().unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        "action refused: target is being deleted",
        &[format!(
            "scale check: target-deleting deletionTimestamp={at}"
        )],
    )
    .await;

    // More status conditions than are inspected.
    let env = Env::new("chk-bounds", chat()).await;
    let conditions: Vec<Value> = (0..65)
        .map(|i| json!({"type": format!("Extra{i}"), "status": "True"}))
        .collect();
    env.ctl
        .patch_isvc_status(
            &env.ns,
            "chat",
            json!({"status": {"conditions": conditions}}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        "action refused: safety inputs exceed inspection bounds",
        &lines(&[
            "scale check: inspection-bounds object=InferenceService limit=status.conditions observed=65 max=64",
        ]),
    )
    .await;

    // A placement source.
    let env = Env::new("chk-placement", chat()).await;
    env.ctl
        .annotate_isvc(&env.ns, "chat", "ome.io/cluster-selector", Some("gpu=h100"))
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        "action refused: placement sources and derived services cannot be mutated",
        &lines(&["scale check: placement-ownership signal=annotation:ome.io/cluster-selector"]),
    )
    .await;
}

#[tokio::test]
async fn the_native_runtime_check_names_runtime_pin_and_cause() {
    let env = Env::new("chk-noruntime", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"runtime": {"name": "no-such-runtime"}}}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        RUNTIME,
        &lines(&[
            "scale check: native-runtime runtime=ClusterServingRuntime/no-such-runtime pin=AutoSync cause=NotFound",
        ]),
    )
    .await;

    // Neither a runtime nor a model: nothing to select from (a service naming only its model
    // is served from the runtime OME selects: tests/it/runtime_selection.rs).
    let env = Env::new("chk-noruntime", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"runtime": null, "model": null}}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        RUNTIME,
        &lines(&["scale check: native-runtime runtime=- pin=AutoSync cause=RuntimeNotSet"]),
    )
    .await;

    let env = Env::new("chk-raw", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"deploymentMode": "RawDeployment"}}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        RUNTIME,
        &[format!(
            "scale check: native-runtime {RUNTIME_TOKEN} pin=AutoSync cause=NoOMENativeComponent"
        )],
    )
    .await;

    let env = Env::new("chk-disabled", chat().namespaced_runtime()).await;
    ome_testenv::objects::merge_patch(
        &env.admin,
        &ome_testenv::crds::serving_runtime_resource(),
        Some(&env.ns),
        ome_testenv::fixtures::CHAT_RUNTIME,
        json!({"spec": {"disabled": true}}),
    )
    .await
    .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        RUNTIME,
        &lines(&[
            "scale check: native-runtime runtime=ServingRuntime/srt-llama-3-2-1b-instruct-pd pin=AutoSync cause=Disabled",
        ]),
    )
    .await;
}

#[tokio::test]
async fn manual_scale_source_and_policy_resolution() {
    let cases = [
        (Some("cli-runtime-sync-1"), None, "SyncTokenPending"),
        (None, Some("old"), "SyncTokenStatusOnly"),
        (Some("b"), Some("a"), "SyncTokenPending"),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (annotation, token, cause)| async move {
        let env = Env::new("chk-sync", chat()).await;
        env.ctl
            .set_runtime_sync(&env.ns, "chat", annotation, token)
            .await
            .unwrap();
        assert_checked(
            &env,
            "engine",
            "3",
            &CONFIRMED,
            SOURCE,
            &[format!("scale check: manual-scale-source cause={cause}")],
        )
        .await;
    })
    .await;

    let env = Env::new("chk-mirror", chat()).await;
    env.ctl
        .set_autoscaler_status(
            &env.ns,
            "chat",
            ENGINE,
            json!({"class": "HPA", "managedBy": "ome", "specSource": "isvc"}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        SOURCE,
        &lines(&[
            "scale check: manual-scale-source cause=StatusMirror field=class expected=External reported=HPA",
        ]),
    )
    .await;

    let env = Env::new("chk-scalingpolicy", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"scalingPolicy": {"mode": "Proportional"}}}),
        )
        .await
        .unwrap();
    env.ctl.observe_isvc(&env.ns, "chat").await.unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        SOURCE,
        &lines(&["scale check: manual-scale-source cause=ScalingPolicy=Proportional"]),
    )
    .await;

    let env = Env::new("chk-drift", chat()).await;
    let mut isvc = env.isvc().await;
    let conditions = isvc["status"]["conditions"].as_array_mut().unwrap();
    conditions.push(json!({"type": "RuntimeDrifted", "status": "True", "reason": "Drift"}));
    let conditions = conditions.clone();
    env.ctl
        .patch_isvc_status(
            &env.ns,
            "chat",
            json!({"status": {"conditions": conditions}}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        SOURCE,
        &lines(&["scale check: manual-scale-source cause=RuntimeDrifted=True"]),
    )
    .await;

    let env = Env::new("chk-policy", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"decoder": {"autoscalerPolicyRef": {"name": "burst"}}}}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "decoder",
        "1",
        &CONFIRMED,
        POLICY,
        &lines(&[
            "scale check: autoscaling-resolution component=decoder autoscalerPolicyRef=burst inlineAutoscaler=false",
        ]),
    )
    .await;
}

#[tokio::test]
async fn replica_and_scale_binding() {
    let env = Env::new("chk-target", chat()).await;
    env.ctl
        .patch_isvc_status(
            &env.ns,
            "chat",
            json!({"status": {"components": {"engine": {"scaleTargetRef": {"name": "chat-engine-v2"}}}}}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        EVIDENCE,
        &lines(&[
            "scale check: replica-binding ir=chat-engine cause=ScaleTargetRef expected=chat-engine reported=chat-engine-v2",
        ]),
    )
    .await;

    let env = Env::new("chk-irblock", chat()).await;
    env.ctl
        .patch_ir_observed(
            &env.ns,
            "chat-engine",
            json!({"spec": {"autoscaler": {"class": "None"}}}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        EVIDENCE,
        &lines(&["scale check: replica-binding ir=chat-engine cause=AutoscalerBlockMismatch"]),
    )
    .await;

    // The IR moved between its GET and the /scale GET: the IR read answers with the version
    // the server stored before the move (the proxy replays it), /scale with the current one.
    let env = Env::new("chk-scalerv", chat()).await;
    let before = env.ir("chat-engine").await;
    env.ctl
        .annotate_ir(&env.ns, "chat-engine", "example.com/touched", Some("yes"))
        .await
        .unwrap();
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    proxy.add_hook(Hook::new("GET", &ir_path(&env.ns)).respond(200, &before.to_string()));
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_lines(
        &run,
        &lines(&["scale check: replica-binding ir=chat-engine cause=ScaleRVMismatch"]),
        EVIDENCE,
        1,
    );
    assert!(env.writes().await.is_empty());
}

#[tokio::test]
async fn active_work_names_the_instance_and_the_command_that_shows_it() {
    let cases = [Encoding::DenseV1, Encoding::ColumnarV2]
        .into_iter()
        .map(|c| (format!("{c:?}"), c));
    support::each_case(cases, |_, encoding| async move {
        let env = Env::new("chk-work", chat().encoding(encoding)).await;
        env.ctl
            .set_instance_phase(&env.ns, "chat-engine", 1, "Creating", Some("Create"))
            .await
            .unwrap();
        assert_checked(
            &env,
            "engine",
            "3",
            &CONFIRMED,
            WORK,
            &[
                "scale check: active-work ir=chat-engine cause=Instance index=1 phase=Creating \
                 op=Create/CreatePods"
                    .into(),
                next_instance(&env.ns, 1, "engine"),
            ],
        )
        .await;
    })
    .await;
    let env = Env::new("chk-work-noop", chat()).await;
    env.ctl
        .set_instance_phase(&env.ns, "chat-engine", 0, "Deleting", None)
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        WORK,
        &[
            "scale check: active-work ir=chat-engine cause=Instance index=0 phase=Deleting op=-"
                .into(),
            next_instance(&env.ns, 0, "engine"),
        ],
    )
    .await;

    let env = Env::new("chk-migration", chat()).await;
    env.ctl
        .add_migration(&env.ns, "chat-engine", "Draining")
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        WORK,
        &[
            "scale check: active-work ir=chat-engine cause=Migration phase=Draining".into(),
            next_instance(&env.ns, 0, "engine"),
        ],
    )
    .await;

    // A blue-green group holding the engine rests Idle, never Stable: its members are work
    // (the engine takes the group's phase).
    let env = Env::new("chk-group", chat()).await;
    env.ctl
        .patch_isvc(
            &env.ns,
            "chat",
            json!({"spec": {"rollout": {"groups": [
                {"components": ["engine", "decoder"], "blueGreen": {}}]}}}),
        )
        .await
        .unwrap();
    env.ctl.observe_isvc(&env.ns, "chat").await.unwrap();
    env.ctl
        .set_group_phase(&env.ns, "chat", "0", &[ENGINE, Component::Decoder], "Idle")
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        WORK,
        &lines(&[
            "scale check: active-work ir=chat-engine cause=RolloutPhase=Idle",
            &next_explain(&env.ns),
        ]),
    )
    .await;

    // A rolloutPhase that contradicts the engine's lifecycle is inconsistent evidence
    // (evidence-strictness.md §1.3): the projection's issue is named.
    let env = Env::new("chk-phase", chat()).await;
    env.ctl
        .set_rollout_phase(&env.ns, "chat", ENGINE, Some("Canarying"))
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        STALE,
        &lines(&[
            "scale check: controller-freshness ir=chat-engine cause=RolloutIssue=StatusMalformed",
        ]),
    )
    .await;

    let env = Env::new("chk-run", chat()).await;
    env.ctl
        .set_active_run(&env.ns, "chat", Some("chat-0123456789ab"))
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        STALE,
        // The harness's run has no digest: it never checks out (conformance.md §2.2 step 1).
        &lines(&["scale check: controller-freshness cause=PinnedRunInvalid"]),
    )
    .await;

    let env = Env::new("chk-rollback", chat()).await;
    env.ctl
        .patch_ir_observed(
            &env.ns,
            "chat-engine",
            json!({"spec": {"pacing": {"rollbackToRevision": "chat-engine-7f9c4d2b"}}}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        WORK,
        &lines(&[
            "scale check: active-work ir=chat-engine cause=RollbackToRevision",
            &next_rollout(&env.ns),
        ]),
    )
    .await;

    let env = Env::new("chk-update", chat()).await;
    env.ctl
        .patch_ir_status(
            &env.ns,
            "chat-engine",
            json!({"status": {"updateRevision": "chat-engine-5d6e7f80"}}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        WORK,
        &lines(&[
            "scale check: active-work ir=chat-engine cause=UpdateRevision current=chat-engine-7f9c4d2b update=chat-engine-5d6e7f80",
            &next_rollout(&env.ns),
        ]),
    )
    .await;
}

#[tokio::test]
async fn controller_freshness_names_the_stale_stamp() {
    let env = Env::new("chk-observed", chat()).await;
    let generation = generation(&env.ir("chat-engine").await);
    env.ctl
        .set_ir_observed_generation(&env.ns, "chat-engine", generation - 1)
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        STALE,
        &[format!(
            "scale check: controller-freshness ir=chat-engine cause=ObservedGeneration \
                 observed={} generation={generation}",
            generation - 1
        )],
    )
    .await;

    let env = Env::new("chk-stamp", chat()).await;
    let stamp = generation_of_isvc(&env).await;
    let parent = env
        .ctl
        .bump_isvc_generation_without_restamp(&env.ns, "chat")
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        STALE,
        &[format!(
            "scale check: controller-freshness ir=chat-engine cause=ParentStamp stamp={stamp} \
             parent={parent}"
        )],
    )
    .await;

    let env = Env::new("chk-owner", chat()).await;
    env.ctl
        .set_owner_uid(
            &env.ns,
            "chat-engine",
            "0b4e1f3a-9c2d-4a8e-8d6b-2e5f7a9c3d22",
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        STALE,
        &lines(&["scale check: controller-freshness ir=chat-engine cause=OwnerReference"]),
    )
    .await;

    // Coordination status for a group the spec does not declare.
    let env = Env::new("chk-stray", chat()).await;
    env.ctl
        .set_group_phase(&env.ns, "chat", "0", &[ENGINE], "Surging")
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        STALE,
        &lines(&[
            "scale check: controller-freshness ir=chat-engine cause=RolloutIssue=GroupStatusUnexpected",
        ]),
    )
    .await;

    // The IR changes between collection and revalidation.
    let env = Env::new("chk-irchanged", chat()).await;
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
    assert_lines_after_preview(
        &run,
        &lines(&["scale check: controller-freshness ir=chat-engine cause=IRChangedSinceRead"]),
        STALE,
        1,
    );
    assert_eq!(env.stored("chat-engine").await.0, 2);
    assert!(env.writes().await.is_empty());
}

async fn generation_of_isvc(env: &Env) -> i64 {
    generation(&env.isvc().await)
}

#[tokio::test]
async fn source_revalidation_names_the_changed_source() {
    let env = Env::new("chk-reval", chat()).await;
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
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_lines_after_preview(
        &run,
        &lines(&[
            "scale check: source-revalidation kind=InferenceService name=chat changed=resourceVersion",
        ]),
        CHANGED,
        1,
    );
    assert!(env.writes().await.is_empty());
}

#[tokio::test]
async fn ownership_bounds_partition_and_mailbox() {
    let env = Env::new("chk-ownership", chat()).await;
    assert_checked(
        &env,
        "engine",
        "3",
        &["--yes"],
        OWNERSHIP,
        &lines(&[
            "scale check: ownership class=External managedBy=external specSource=isvc override=false yes=true",
        ]),
    )
    .await;
    assert_checked(
        &env,
        "decoder",
        "1",
        &[],
        OWNERSHIP,
        &lines(&[
            "scale check: ownership class=HPA managedBy=ome specSource=default override=false yes=false",
        ]),
    )
    .await;

    assert_checked(
        &env,
        "engine",
        "5",
        &CONFIRMED,
        BOUNDS,
        &lines(&["scale check: bounds requested=5 min=2 max=4"]),
    )
    .await;

    let env = Env::new("chk-partition", chat()).await;
    env.ctl
        .patch_ir_observed(
            &env.ns,
            "chat-engine",
            json!({"spec": {"pacing": {"partition": 4}}}),
        )
        .await
        .unwrap();
    assert_checked(
        &env,
        "engine",
        "3",
        &CONFIRMED,
        BOUNDS,
        &lines(&["scale check: partition field=spec.pacing.partition value=4"]),
    )
    .await;

    // OME's lifecycle validation (scale.md §6a): an unknown strategy, then a budget.
    for (name, lifecycle, line) in [
        (
            "chk-strategy",
            json!({"updateStrategy": {"type": "Bogus"}}),
            "scale check: lifecycle updateStrategy=Bogus",
        ),
        (
            "chk-budget",
            json!({"updateStrategy": {"rollingUpdate": {"maxUnavailable": "150%"}}}),
            // Over 80 columns: the value is shortened in the middle.
            "scale check: lifecycle field=lifecycle.updateStrategy.rollingUpdate.maxUnavailable",
        ),
    ] {
        let env = Env::new(name, chat()).await;
        env.ctl
            .patch_ir_observed(
                &env.ns,
                "chat-engine",
                json!({"spec": {"lifecycle": lifecycle}}),
            )
            .await
            .unwrap();
        assert_checked(&env, "engine", "3", &CONFIRMED, BOUNDS, &lines(&[line])).await;
    }

    for (key, value) in [
        ("ome.io/rollout-promote", "7f9c4d2b"),
        ("ome.io/rollout-rollback", "true"),
    ] {
        let env = Env::new("chk-mailbox", chat()).await;
        env.ctl
            .annotate_isvc(&env.ns, "chat", key, Some(value))
            .await
            .unwrap();
        assert_checked(
            &env,
            "engine",
            "3",
            &CONFIRMED,
            PENDING,
            &[format!("scale check: rollout-mailbox annotation={key}")],
        )
        .await;
    }
}

/// A source whose identity cannot be a stamp. (The preview's own safety check,
/// `preview-safety`, comes after this one and cannot be reached with a real server: the
/// context is checked before any read and `--ome-namespace` is a DNS label.)
#[tokio::test]
async fn an_unsafe_source_identity_is_an_invalid_stamp() {
    // The server never assigns an unsafe UID: the proxy answers the runtime read.
    let env = Env::new("chk-stamp-uid", chat().namespaced_runtime()).await;
    let mut forged = ome_testenv::objects::get(
        &env.admin,
        &ome_testenv::crds::serving_runtime_resource(),
        Some(&env.ns),
        ome_testenv::fixtures::CHAT_RUNTIME,
    )
    .await
    .unwrap();
    forged["metadata"]["uid"] = json!("uid:with@colon:pw@host");
    let path = format!(
        "/apis/ome.io/v1beta1/namespaces/{}/servingruntimes/{}",
        env.ns,
        ome_testenv::fixtures::CHAT_RUNTIME
    );
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    proxy.add_hook(Hook::new("GET", &path).respond(200, &forged.to_string()));
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    assert_checked_as(
        &env,
        &kubeconfig,
        "engine",
        "3",
        &CONFIRMED,
        SOURCE,
        &lines(&["scale check: manual-scale-source cause=StampInvalid kind=ServingRuntime"]),
    )
    .await;
}

#[tokio::test]
async fn the_guarded_patch_names_its_outcome() {
    // A write between the read and the PATCH: the guard (409).
    let env = Env::new("chk-guard", chat()).await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let ns = env.ns.clone();
    proxy.add_hook(Hook::new("PATCH", &scale_path(&ns)).before(move |admin| {
        let ns = ns.clone();
        async move {
            Controller::new(admin)
                .annotate_ir(&ns, "chat-engine", "example.com/touched", Some("yes"))
                .await?;
            Ok(())
        }
    }));
    let rv = resource_version(&env.ir("chat-engine").await).to_string();
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_lines_after_preview(
        &run,
        &[format!(
            "scale check: patch-guard ir=chat-engine sentRV={rv} http=409"
        )],
        PRECONDITION,
        3,
    );
    assert!(
        cluster()
            .audit()
            .stored_writes_by(&env.ns, "scaler")
            .unwrap()
            .is_empty()
    );

    // A failed JSON-Patch test answer (the plugin sends a merge patch: the proxy answers).
    let generic_422 = r#"{"kind":"Status","apiVersion":"v1","status":"Failure","message":"the server rejected our request due to an error in our request","reason":"Invalid","details":{},"code":422}"#;
    let env = Env::new("chk-guard422", chat()).await;
    let rv = resource_version(&env.ir("chat-engine").await).to_string();
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    proxy.add_hook(Hook::new("PATCH", &scale_path(&env.ns)).respond(422, generic_422));
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_lines_after_preview(
        &run,
        &[format!(
            "scale check: patch-guard ir=chat-engine sentRV={rv} http=422"
        )],
        PRECONDITION,
        3,
    );
    assert!(env.writes().await.is_empty());

    // No patch permission: the server's 403 is named on the `write` line, the error is the
    // guide's, and the access check is what to run next (tests/it/scale_permission.rs).
    let env = Env::new("chk-forbidden", chat()).await;
    let reader = cluster().kubeconfig("reader").unwrap();
    let run = plugin_async(Some(&reader), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    let ns = &env.ns;
    assert_lines_after_preview(
        &run,
        &lines(&[
            &format!(
                "scale check: write object=InferenceReplica/{ns}/chat-engine/scale cause=Forbidden"
            ),
            &format!("next: kubectl ome admin doctor --access -n {ns}"),
        ]),
        UNKNOWN,
        1,
    );
    assert_eq!(env.stored("chat-engine").await.0, 2);

    // A connection cut after the server stored it.
    let env = Env::new("chk-cut", chat()).await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    proxy.add_hook(Hook::new("PATCH", &scale_path(&env.ns)).cut_after_forward());
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_lines_after_preview(
        &run,
        &lines(&[
            "scale check: patch outcome=unknown cause=network",
            &next_autoscale(&env.ns),
        ]),
        UNKNOWN,
        4,
    );

    // An accepted answer that is not this IR's Scale.
    let env = Env::new("chk-identity-answer", chat()).await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let body = format!(
        r#"{{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{{"name":"chat-engine","namespace":"{}","uid":"another-uid","resourceVersion":"999"}},"spec":{{"replicas":3}},"status":{{"replicas":2}}}}"#,
        env.ns
    );
    proxy.add_hook(Hook::new("PATCH", &scale_path(&env.ns)).respond(200, &body));
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_lines_after_preview(
        &run,
        &lines(&[
            "scale check: patch outcome=unknown cause=identity",
            &next_autoscale(&env.ns),
        ]),
        UNKNOWN,
        4,
    );
    assert!(env.writes().await.is_empty());
}

#[tokio::test]
async fn check_lines_are_written_for_every_output_format_and_none_without_a_refusal() {
    let env = Env::new("chk-formats", ChatFixture::new()).await;
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    for output in ["table", "wide", "json", "yaml"] {
        let run = plugin_async(
            Some(&kubeconfig),
            &args(
                &env.ns,
                "engine",
                "5",
                &["--override-autoscaler", "--yes", "-o", output],
            ),
        )
        .await;
        assert_lines(
            &run,
            &lines(&["scale check: bounds requested=5 min=2 max=4"]),
            BOUNDS,
            1,
        );
    }
    // An accepted request has no check line.
    let run = plugin_async(
        Some(&kubeconfig),
        &args(
            &env.ns,
            "engine",
            "3",
            &["--override-autoscaler", "--yes", "--dry-run", "client"],
        ),
    )
    .await;
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stderr.contains("scale check:"), "{run:?}");
    // A failed read names the read (the `read` row), wrapped at 80 columns.
    let run = plugin_async(
        Some(&kubeconfig),
        &[
            "scale",
            "missing",
            "-n",
            &env.ns,
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
        ],
    )
    .await;
    let ns = &env.ns;
    assert_eq!(
        run.stderr,
        format!(
            "scale check: read object=InferenceService/{ns}/missing cause=NotFound\n\
             next: kubectl get inferenceservices.ome.io -n {ns}\n\
             error: {API}\n"
        )
    );
    assert!(env.writes().await.is_empty());
}
