//! `instance release-held` against the real API server (unblock.md §3, §4): both revision
//! forms, every eligibility refusal with its check lines and no write, the refresh after the
//! preview detecting each change (exit 3, no PATCH), the object after the PATCH equal to the
//! object before plus the mailbox (in every dry-run mode), `--yes` required with stdin a pipe or
//! a terminal, a concurrent write answered 409 (exit 3), and `wait --for=held-revision=unheld`
//! fed from the result. Retry blocks are written through the IR's status subresource, as the
//! controller writes them.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::rollout_actions::{grant_patch, with_terminal_stdin};
use crate::{scale_support, support};
use kube::api::{Api, ApiResource, DynamicObject, Patch, PatchParams};
use ome_testenv::crds::ir_resource;
use ome_testenv::fixtures::CHAT_RUNTIME;
use ome_testenv::objects;
use ome_testenv::proxy::{Hook, Proxy, ProxyOptions};
use ome_testenv::{ChatFixture, Controller, Fault};
use scale_support::{Env, chat};
use serde_json::{Value, json};
use std::path::Path;
use support::{Run, cluster, plugin_async};

const MAILBOX: &str = "ome.io/release-held-revision";
const REVISION: &str = "chat-engine-7f9c4d2b";
const HASH: &str = "7f9c4d2b";
/// Annotations that must stay untouched; the first needs JSON-Pointer escaping (`~1`).
const OTHER: [(&str, &str); 2] = [("example.com/owner", "ml"), ("plain", "kept")];
const HELD: &str = "action refused: no exact current valid Held retry block is releasable";
const REFRESH: &str =
    "held-release preview became stale; inspect instance retry-blocks and retry explicitly";
const NOT_CONFIRMED: &str = "action not confirmed; noninteractive input requires --yes";

/// A namespace whose `scaler` may patch InferenceReplicas (docs/rbac/rollout-operator.yaml),
/// with a Held engine block `chat-engine-7f9c4d2b` and other IR annotations.
async fn env_with(prefix: &str, fixture: ChatFixture) -> Env {
    let env = Env::new(prefix, fixture).await;
    grant_patch(&env.admin, &env.ns).await;
    for (key, value) in OTHER {
        env.ctl
            .annotate_ir(&env.ns, "chat-engine", key, Some(value))
            .await
            .unwrap();
    }
    env.ctl
        .add_retry_block(&env.ns, "chat-engine", REVISION, "Held")
        .await
        .unwrap();
    env
}

async fn env(prefix: &str) -> Env {
    env_with(prefix, chat()).await
}

async fn release_with(kubeconfig: &Path, env: &Env, args: &[&str]) -> Run {
    let mut all = vec![
        "instance",
        "release-held",
        "chat",
        "-n",
        &env.ns,
        "--component",
        "engine",
    ];
    all.extend_from_slice(args);
    plugin_async(Some(kubeconfig), &all).await
}

async fn release(env: &Env, args: &[&str]) -> Run {
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    release_with(&kubeconfig, env, args).await
}

/// The object without what every write changes.
fn without_bookkeeping(mut object: Value) -> Value {
    let meta = object["metadata"].as_object_mut().unwrap();
    meta.remove("resourceVersion");
    meta.remove("managedFields");
    object
}

/// The engine IR as stored, bookkeeping aside.
async fn engine(env: &Env) -> Value {
    without_bookkeeping(env.ir("chat-engine").await)
}

/// What the controller does with the mailbox (release_held.go): removes the named block and
/// deletes the annotation.
async fn controller_consumes(env: &Env) {
    let ir = env.ir("chat-engine").await;
    let wanted = ir["metadata"]["annotations"][MAILBOX].as_str().unwrap();
    let kept: Vec<Value> = ir["status"]["retryBlocks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["targetRevision"] != wanted)
        .cloned()
        .collect();
    env.ctl
        .patch_ir_status(
            &env.ns,
            "chat-engine",
            json!({"status": {"retryBlocks": kept}}),
        )
        .await
        .unwrap();
    env.ctl
        .annotate_ir(&env.ns, "chat-engine", MAILBOX, None)
        .await
        .unwrap();
}

#[tokio::test]
async fn both_forms_write_the_full_name_and_only_the_mailbox() {
    let env = env("rh-forms").await;
    let before = engine(&env).await;

    // client, the 8-hex form: preview, result, nothing sent.
    let client = release(
        &env,
        &[
            "--revision",
            HASH,
            "--yes",
            "--dry-run",
            "client",
            "-o",
            "json",
        ],
    )
    .await;
    assert_eq!(client.code, 0, "{client:?}");
    let result: Value = serde_json::from_str(&client.stdout).unwrap();
    assert_eq!(result["action"], "instance release-held");
    assert_eq!(result["target"]["kind"], "InferenceReplica");
    assert_eq!(result["target"]["name"], "chat-engine");
    assert_eq!(result["target"]["uid"], before["metadata"]["uid"]);
    assert_eq!(result["revisionHash"], HASH);
    assert_eq!(result["accepted"], false);
    assert_eq!(result["message"], "Validated locally; no patch sent.");
    assert!(
        client.stderr.starts_with(
            "HELD RELEASE PREVIEW   VALUE\nAction                 Alpha instance release-held\n"
        ),
        "{}",
        client.stderr
    );
    for row in [
        "Target                 InferenceReplica/chat-engine\n",
        "Revision               chat-engine-7f9c4d2b\nHash                   7f9c4d2b\nState                  Held\nAttempts               3\nDry-run                client\nPause depth            none\nMembership             3 IRs / 1 pages\n",
        "Exact value            chat-engine-7f9c4d2b\n",
        "Consumption            Fresh delete is not handled value/UID compare-and-dele\n(continued)            te\n",
        "Actor retention        Historical retry records may be retention-pruned\n",
    ] {
        assert!(client.stderr.contains(row), "{row}\n{}", client.stderr);
    }
    assert!(client.stderr.lines().all(|l| l.chars().count() <= 80));
    assert!(env.writes().await.is_empty());

    // server, the full form: accepted, not stored.
    let server = release(
        &env,
        &[
            "--revision",
            REVISION,
            "--yes",
            "--dry-run",
            "server",
            "-o",
            "json",
        ],
    )
    .await;
    assert_eq!(server.code, 0, "{server:?}");
    let result: Value = serde_json::from_str(&server.stdout).unwrap();
    assert_eq!(
        (result["accepted"].clone(), result["applied"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(engine(&env).await, before);
    let w = env.writes().await;
    assert_eq!(w.len(), 1, "{w:#?}");
    assert!(w[0].is_dry_run());
    assert_eq!(
        (w[0].verb.as_str(), w[0].resource().as_str(), w[0].code()),
        ("patch", "inferencereplicas", 200)
    );

    // none, the 8-hex form: the mailbox holds the full name; nothing else changed.
    let none = release(&env, &["--revision", HASH, "--yes"]).await;
    assert_eq!(none.code, 0, "{none:?}");
    let kubeconfig_context = none
        .stdout
        .lines()
        .find(|l| l.starts_with("follow-up"))
        .unwrap()
        .to_string();
    assert!(
        none.stdout.starts_with(
            "FIELD           VALUE\naction          instance release-held\ntarget          InferenceReplica/"
        ),
        "{}",
        none.stdout
    );
    assert!(
        none.stdout.contains("revision-hash   7f9c4d2b\n"),
        "{}",
        none.stdout
    );
    assert!(
        kubeconfig_context.contains(&format!(
            "kubectl ome instance retry-blocks chat --component=engine -n {} --context=",
            env.ns
        )),
        "{kubeconfig_context}"
    );
    let mut expected = before.clone();
    expected["metadata"]["annotations"][MAILBOX] = json!(REVISION);
    assert_eq!(engine(&env).await, expected);
    let w = env.writes().await;
    assert_eq!(w.len(), 2, "{w:#?}");
    assert!(!w[1].is_dry_run());
    assert_eq!(
        (w[1].verb.as_str(), w[1].resource().as_str(), w[1].code()),
        ("patch", "inferencereplicas", 200)
    );
}

/// The `wait --for=held-revision=unheld` built from the result's JSON fields.
fn wait_args(env: &Env, result: &Value, timeout: &str) -> Vec<String> {
    let hash = result["revisionHash"].as_str().unwrap();
    vec![
        "wait".into(),
        "chat".into(),
        "-n".into(),
        env.ns.clone(),
        "--for=held-revision=unheld".into(),
        "--component=engine".into(),
        format!("--revision=chat-engine-{hash}"),
        format!("--ir-name={}", result["target"]["name"].as_str().unwrap()),
        format!("--ir-uid={}", result["target"]["uid"].as_str().unwrap()),
        format!("--timeout={timeout}"),
    ]
}

#[tokio::test]
async fn the_follow_up_wait_matches_once_the_controller_consumes_the_release() {
    let env = env("rh-wait").await;
    let run = release(&env, &["--revision", HASH, "--yes", "-o", "json"]).await;
    assert_eq!(run.code, 0, "{run:?}");
    let result: Value = serde_json::from_str(&run.stdout).unwrap();
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    // Still held with the mailbox pending: unmet.
    let args = wait_args(&env, &result, "2s");
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let pending = plugin_async(Some(&kubeconfig), &refs).await;
    assert_eq!(pending.code, 2, "{pending:?}");
    controller_consumes(&env).await;
    let args = wait_args(&env, &result, "30s");
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let matched = plugin_async(Some(&kubeconfig), &refs).await;
    assert_eq!(matched.code, 0, "{matched:?}");
}

/// How a case prepares its namespace.
#[derive(Debug, Clone, Copy)]
enum Setup {
    Nothing,
    Annotate(&'static str, &'static str, Option<&'static str>),
    Blocks(&'static str),
    ObservedBehind(&'static str),
    OwnerUid(&'static str),
    Delete(&'static str),
    /// The IR is being deleted: a finalizer holds it (removed after the run).
    Deleting(&'static str),
    /// A copy of the engine IR under this name, claiming this component.
    Claim(&'static str, &'static str),
    /// The component runs RawDeployment (per-component annotation), the IRs restamped.
    NotNative(&'static str),
    /// The IR carries this many annotations in all.
    Annotations(&'static str, usize),
    /// The IR carries this many finalizers (removed after the run).
    Finalizers(&'static str, usize),
    /// A merge patch of the IR's status.
    Status(&'static str, &'static str),
    /// The run goes through a proxy with this hook.
    Proxied(Proxied),
}

/// What the proxy does between the plugin and the API server.
#[derive(Debug, Clone, Copy)]
enum Proxied {
    /// The first LIST is answered with this body.
    ListAnswer(&'static str),
    /// Just before the exact GET of the engine IR, this annotation is set on it.
    AnnotateBeforeGet(&'static str, Option<&'static str>),
    /// Just before the exact GET of the engine IR, its service label is removed.
    UnlabelBeforeGet,
    /// The exact GET of the engine IR is answered 500.
    GetFails,
}

async fn prepare(env: &Env, setup: Setup) {
    let ctl = &env.ctl;
    let ns = env.ns.as_str();
    match setup {
        Setup::Nothing => {}
        Setup::Annotate(ir, key, value) => {
            ctl.annotate_ir(ns, ir, key, value).await.unwrap();
        }
        Setup::Blocks(blocks) => {
            let blocks: Value = serde_json::from_str(blocks).unwrap();
            ctl.patch_ir_status(
                ns,
                "chat-engine",
                json!({"status": {"retryBlocks": blocks}}),
            )
            .await
            .unwrap();
        }
        Setup::ObservedBehind(ir) => {
            let generation = env.ir(ir).await["metadata"]["generation"].as_i64().unwrap();
            ctl.set_ir_observed_generation(ns, ir, generation - 1)
                .await
                .unwrap();
        }
        Setup::Delete(ir) => {
            let resource = ApiResource {
                group: "ome.io".into(),
                version: "v1beta1".into(),
                api_version: "ome.io/v1beta1".into(),
                kind: "InferenceReplica".into(),
                plural: "inferencereplicas".into(),
            };
            let api: Api<DynamicObject> = Api::namespaced_with(env.admin.clone(), ns, &resource);
            api.delete(ir, &Default::default()).await.unwrap();
        }
        Setup::OwnerUid(ir) => {
            ctl.set_owner_uid(ns, ir, "0b4e1f3a-9c2d-4a8e-8d6b-2e5f7a9c3d22")
                .await
                .unwrap();
        }
        Setup::Deleting(ir) => {
            ctl.patch_ir(ns, ir, json!({"metadata": {"finalizers": [HOLD]}}))
                .await
                .unwrap();
            objects::delete(&env.admin, &ir_resource(), Some(ns), ir)
                .await
                .unwrap();
        }
        Setup::Claim(name, component) => claim(env, name, component).await,
        Setup::NotNative(component) => {
            let mode = json!({"ome.io/deploymentMode": "RawDeployment"});
            ctl.patch_isvc(
                ns,
                "chat",
                json!({"spec": {component: {"annotations": mode}}}),
            )
            .await
            .unwrap();
            ctl.observe_isvc(ns, "chat").await.unwrap();
        }
        Setup::Annotations(ir, total) => {
            let have = env.ir(ir).await["metadata"]["annotations"]
                .as_object()
                .map_or(0, |a| a.len());
            let extra: serde_json::Map<String, Value> = (have..total)
                .map(|i| (format!("example.com/a{i}"), json!("x")))
                .collect();
            ctl.patch_ir(ns, ir, json!({"metadata": {"annotations": extra}}))
                .await
                .unwrap();
        }
        Setup::Finalizers(ir, total) => {
            let finalizers: Vec<String> = (0..total).map(|i| format!("example.com/f{i}")).collect();
            ctl.patch_ir(ns, ir, json!({"metadata": {"finalizers": finalizers}}))
                .await
                .unwrap();
        }
        Setup::Status(ir, status) => {
            let status: Value = serde_json::from_str(status).unwrap();
            ctl.patch_ir_status(ns, ir, json!({ "status": status }))
                .await
                .unwrap();
        }
        Setup::Proxied(_) => {}
    }
}

/// A finalizer nothing else removes.
const HOLD: &str = "example.com/hold";

/// Creates `name`, a copy of the engine IR (labels, annotations, owner, spec and status)
/// claiming `component`, observed at its generation, as the controller would leave it.
async fn claim(env: &Env, name: &str, component: &str) {
    let engine = env.ir("chat-engine").await;
    let meta = &engine["metadata"];
    let mut spec = engine["spec"].clone();
    spec["component"] = json!(component);
    let manifest = json!({
        "metadata": {"name": name, "labels": meta["labels"], "annotations": meta["annotations"],
                     "ownerReferences": meta["ownerReferences"]},
        "spec": spec,
    });
    let created = objects::create(&env.admin, &ir_resource(), Some(&env.ns), manifest)
        .await
        .unwrap();
    let mut status = engine["status"].clone();
    status["observedGeneration"] = json!(objects::generation(&created));
    env.ctl
        .patch_ir_status(&env.ns, name, json!({ "status": status }))
        .await
        .unwrap();
}

/// What a run needs after it: a held deletion is let go.
async fn clean_up(env: &Env, setup: Setup) {
    if let Setup::Deleting(ir) | Setup::Finalizers(ir, _) = setup {
        env.ctl
            .patch_ir(&env.ns, ir, json!({"metadata": {"finalizers": null}}))
            .await
            .unwrap();
    }
}

/// The proxy of a `Proxied` case, with its hook set.
fn proxy_for(env: &Env, proxied: Proxied) -> Proxy {
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let ns = env.ns.clone();
    let hook = match proxied {
        Proxied::ListAnswer(body) => Hook::new("GET", &list_path(&ns)).respond(200, body),
        Proxied::AnnotateBeforeGet(key, value) => {
            Hook::new("GET", &engine_path(&ns)).before(move |admin| {
                let ns = ns.clone();
                async move {
                    Controller::new(admin)
                        .annotate_ir(&ns, "chat-engine", key, value)
                        .await?;
                    Ok(())
                }
            })
        }
        Proxied::UnlabelBeforeGet => Hook::new("GET", &engine_path(&ns)).before(move |admin| {
            let ns = ns.clone();
            async move {
                let unlabel = json!({"metadata": {"labels": {"ome.io/inferenceservice": null}}});
                Controller::new(admin)
                    .patch_ir(&ns, "chat-engine", unlabel)
                    .await?;
                Ok(())
            }
        }),
        Proxied::GetFails => Hook::new("GET", &engine_path(&ns)).fault(Fault::Status {
            code: 500,
            retry_after: None,
        }),
    };
    proxy.add_hook(hook);
    proxy
}

/// (name, setup, --revision, the check lines ($NS: the namespace), the error message).
type Refusal = (
    &'static str,
    Setup,
    &'static str,
    &'static str,
    &'static str,
);

fn refusals() -> Vec<Refusal> {
    let held = r#"{"targetRevision":"chat-engine-7f9c4d2b","state":"Held","attemptsStarted":3,"firstFailureAt":"2026-01-01T00:00:00Z","lastFailureAt":"2026-01-01T01:00:00Z"}"#;
    let blocks =
        |second: &str| -> &'static str { Box::leak(format!("[{held},{second}]").into_boxed_str()) };
    vec![
        (
            "rh-r-cw",
            Setup::Annotate("chat-engine", "ome.io/controller-write", None),
            HASH,
            "release-held check: held-replica ir=chat-engine cause=ControllerWriteMissing",
            HELD,
        ),
        (
            "rh-r-cwf",
            Setup::Annotate("chat-engine", "ome.io/controller-write", Some("True")),
            HASH,
            "release-held check: held-replica ir=chat-engine cause=ControllerWriteMissing",
            HELD,
        ),
        (
            "rh-r-mbe",
            Setup::Annotate("chat-engine", MAILBOX, Some("")),
            HASH,
            "release-held check: held-mailbox ir=chat-engine pending=empty\nnext: kubectl ome instance retry-blocks chat --component engine -n $NS",
            "action refused: a release-held mailbox is already present; inspect instance retry-blocks",
        ),
        (
            "rh-r-mbr",
            Setup::Annotate("chat-engine", MAILBOX, Some(REVISION)),
            HASH,
            "release-held check: held-mailbox ir=chat-engine pending=requested\nnext: kubectl ome instance retry-blocks chat --component engine -n $NS",
            "action refused: a release-held mailbox is already present; inspect instance retry-blocks",
        ),
        (
            "rh-r-mbo",
            Setup::Annotate("chat-engine", MAILBOX, Some("chat-engine-00000000")),
            HASH,
            "release-held check: held-mailbox ir=chat-engine pending=other\nnext: kubectl ome instance retry-blocks chat --component engine -n $NS",
            "action refused: a release-held mailbox is already present; inspect instance retry-blocks",
        ),
        (
            "rh-r-tgt",
            Setup::Blocks(blocks(
                r#"{"targetRevision":"chat-decoder-aaaaaaaa","state":"Held","attemptsStarted":1}"#,
            )),
            HASH,
            "release-held check: held-block index=1 cause=TargetInvalid",
            HELD,
        ),
        (
            "rh-r-dup",
            Setup::Blocks(blocks(held)),
            HASH,
            "release-held check: held-block index=0 cause=Duplicate",
            HELD,
        ),
        (
            "rh-r-att",
            Setup::Blocks(blocks(
                r#"{"targetRevision":"chat-engine-aaaaaaaa","state":"Backoff","attemptsStarted":0,"nextRetryAt":"2026-01-01T00:00:00Z"}"#,
            )),
            HASH,
            "release-held check: held-block index=1 cause=Attempts",
            HELD,
        ),
        (
            "rh-r-st",
            Setup::Blocks(blocks(
                r#"{"targetRevision":"chat-engine-aaaaaaaa","state":"Held","attemptsStarted":1,"nextRetryAt":"2026-01-01T00:00:00Z"}"#,
            )),
            HASH,
            "release-held check: held-block index=1 cause=State",
            HELD,
        ),
        (
            "rh-r-ts",
            Setup::Blocks(blocks(
                r#"{"targetRevision":"chat-engine-aaaaaaaa","state":"Held","attemptsStarted":1,"firstFailureAt":"2999-01-01T00:00:00Z"}"#,
            )),
            HASH,
            "release-held check: held-block index=1 cause=Timestamps",
            HELD,
        ),
        (
            "rh-r-obs",
            Setup::ObservedBehind("chat-decoder"),
            HASH,
            "release-held check: held-replica ir=chat-decoder cause=ObservedGeneration observed=0 generation=1",
            HELD,
        ),
        (
            "rh-r-stamp",
            Setup::Annotate("chat-router", "ome.io/parent-generation", Some("01")),
            HASH,
            "release-held check: held-replica ir=chat-router cause=ParentStamp stamp=01 parent=1",
            HELD,
        ),
        (
            "rh-r-own",
            Setup::OwnerUid("chat-decoder"),
            HASH,
            "release-held check: held-replica ir=chat-decoder cause=OwnerReference",
            HELD,
        ),
        (
            "rh-r-missing",
            Setup::Delete("chat-engine"),
            HASH,
            "release-held check: held-membership cause=ComponentMissing",
            HELD,
        ),
        (
            "rh-r-plc",
            Setup::Annotate("chat-engine", "ome.io/placement-origin", Some("x")),
            HASH,
            "release-held check: placement-ownership object=InferenceReplica signal=ome.io/placement-origin",
            "action refused: placement sources and derived services cannot be mutated",
        ),
        (
            "rh-r-nomatch",
            Setup::Nothing,
            "9e02c7d4",
            "release-held check: held-selection revision=9e02c7d4 cause=NoMatch blocks=1\nnext: kubectl ome instance retry-blocks chat --component engine -n $NS",
            HELD,
        ),
        (
            "rh-r-short",
            Setup::Nothing,
            "7f9c4d2",
            "release-held check: held-selection revision=7f9c4d2 cause=NoMatch blocks=1\nnext: kubectl ome instance retry-blocks chat --component engine -n $NS",
            HELD,
        ),
        (
            "rh-r-long",
            Setup::Nothing,
            "7f9c4d2b0",
            "release-held check: held-selection revision=7f9c4d2b0 cause=NoMatch blocks=1\nnext: kubectl ome instance retry-blocks chat --component engine -n $NS",
            HELD,
        ),
        (
            "rh-r-other",
            Setup::Nothing,
            "chat-decoder-7f9c4d2b",
            "release-held check: held-selection revision=chat-decoder-7f9c4d2b cause=NoMatch blocks=1\nnext: kubectl ome instance retry-blocks chat --component engine -n $NS",
            HELD,
        ),
        (
            "rh-r-back",
            Setup::Blocks(
                r#"[{"targetRevision":"chat-engine-7f9c4d2b","state":"Backoff","attemptsStarted":3,"nextRetryAt":"2026-01-01T02:00:00Z","firstFailureAt":"2026-01-01T00:00:00Z"}]"#,
            ),
            HASH,
            "release-held check: held-selection revision=7f9c4d2b cause=NotHeld state=Backoff\nnext: kubectl ome instance retry-blocks chat --component engine -n $NS",
            HELD,
        ),
        (
            "rh-r-del",
            Setup::Deleting("chat-decoder"),
            HASH,
            "release-held check: held-replica ir=chat-decoder cause=Deleting",
            HELD,
        ),
        (
            "rh-r-dupc",
            Setup::Claim("chat-engine-b", "engine"),
            HASH,
            "release-held check: held-membership cause=DuplicateComponent",
            HELD,
        ),
        (
            "rh-r-native",
            Setup::NotNative("engine"),
            HASH,
            "release-held check: held-membership cause=ComponentNotNative",
            HELD,
        ),
        (
            "rh-r-annot",
            Setup::Annotations("chat-router", 257),
            HASH,
            "release-held check: inspection-bounds object=InferenceReplica limit=metadata.annotations observed=257 max=256",
            BOUNDS,
        ),
        (
            "rh-r-fin",
            Setup::Finalizers("chat-decoder", 65),
            HASH,
            "release-held check: inspection-bounds object=InferenceReplica limit=metadata.finalizers observed=65 max=64",
            BOUNDS,
        ),
        (
            "rh-r-payload",
            Setup::Status("chat-router", long_condition()),
            HASH,
            "release-held check: inspection-bounds object=InferenceReplica limit=status.strings observed=1 max=0",
            BOUNDS,
        ),
        (
            "rh-r-undec",
            Setup::Status("chat-router", r#"{"instanceStatusEncoding":"ColumnarV2"}"#),
            HASH,
            "release-held check: held-replica ir=chat-router cause=StatusUndecodable",
            STALE,
        ),
        (
            "rh-r-listv",
            Setup::Proxied(Proxied::ListAnswer(
                r#"{"kind":"InferenceReplicaList","apiVersion":"v1","metadata":{},"items":[]}"#,
            )),
            HASH,
            "release-held check: held-membership cause=ListInvalid",
            HELD,
        ),
        (
            "rh-r-listk",
            Setup::Proxied(Proxied::ListAnswer(
                r#"{"kind":"PodList","apiVersion":"ome.io/v1beta1","metadata":{},"items":[]}"#,
            )),
            HASH,
            "release-held check: held-membership cause=ListInvalid",
            HELD,
        ),
        (
            "rh-r-label",
            Setup::Proxied(Proxied::UnlabelBeforeGet),
            HASH,
            "release-held check: held-replica ir=chat-engine cause=LabelMismatch",
            HELD,
        ),
        (
            "rh-r-since",
            Setup::Proxied(Proxied::AnnotateBeforeGet(
                "example.com/touched",
                Some("yes"),
            )),
            HASH,
            "release-held check: held-replica ir=chat-engine cause=ChangedSinceList",
            STALE,
        ),
        (
            "rh-r-since-mb",
            Setup::Proxied(Proxied::AnnotateBeforeGet(MAILBOX, Some(REVISION))),
            HASH,
            "release-held check: held-mailbox ir=chat-engine pending=requested\nnext: kubectl ome instance retry-blocks chat --component engine -n $NS",
            "action refused: a release-held mailbox is already present; inspect instance retry-blocks",
        ),
    ]
}

const BOUNDS: &str = "action refused: safety inputs exceed inspection bounds";
const STALE: &str = "action refused: controller safety evidence is stale or inconsistent";

/// A status condition whose message is over the 4096-byte bound of an inspected string.
fn long_condition() -> &'static str {
    let condition = json!({"type": "Ready", "status": "True", "reason": "Long",
        "message": "x".repeat(4097), "lastTransitionTime": "2026-01-01T00:00:00Z"});
    Box::leak(
        json!({ "conditions": [condition] })
            .to_string()
            .into_boxed_str(),
    )
}

/// The engine IR (when it exists) and the service as stored.
async fn stored(env: &Env) -> (Option<Value>, Value) {
    let ir = env.ctl.ir(&env.ns, "chat-engine").await.ok();
    (ir.map(without_bookkeeping), env.isvc().await)
}

async fn refusal_case((prefix, setup, revision, lines, message): Refusal) -> Option<String> {
    let env = env(prefix).await;
    prepare(&env, setup).await;
    let before = stored(&env).await;
    let args = ["--revision", revision, "--yes"];
    let (run, hooked) = match setup {
        Setup::Proxied(proxied) => {
            let proxy = proxy_for(&env, proxied);
            let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
            (release_with(&kubeconfig, &env, &args).await, true)
        }
        _ => (release(&env, &args).await, false),
    };
    let expected = format!("{}\nerror: {message}\n", lines.replace("$NS", &env.ns));
    let writes = env.writes().await;
    let after = stored(&env).await;
    clean_up(&env, setup).await;
    // A hook's own change (by the harness's admin) is no write of the plugin's.
    let ok = run.code == 1
        && run.stdout.is_empty()
        && run.stderr == expected
        && writes.is_empty()
        && (hooked || after == before);
    (!ok).then(|| format!("{prefix}: expected\n{expected}got {run:#?}\nwrites {writes:#?}"))
}

#[tokio::test]
async fn every_eligibility_check_refuses_before_the_preview_and_writes_nothing() {
    let problems: Vec<String> = futures::future::join_all(refusals().into_iter().map(refusal_case))
        .await
        .into_iter()
        .flatten()
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[tokio::test]
async fn a_failed_exact_get_is_the_generic_api_error_and_writes_nothing() {
    let env = env("rh-r-getf").await;
    let before = stored(&env).await;
    let proxy = proxy_for(&env, Proxied::GetFails);
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = release_with(&kubeconfig, &env, &["--revision", HASH, "--yes"]).await;
    assert_eq!(run.code, 1, "{run:?}");
    assert!(run.stdout.is_empty());
    // The whole object and its cause on one line (difference ae).
    assert_eq!(
        run.stderr,
        format!(
            "release-held check: read object=InferenceReplica/{}/chat-engine cause=http=500\n\
             error: required Kubernetes API request failed; check access and connectivity\n",
            env.ns
        )
    );
    assert!(env.writes().await.is_empty());
    assert_eq!(stored(&env).await, before);
}

#[tokio::test]
async fn without_yes_the_preview_is_printed_and_nothing_is_sent_whatever_stdin_is() {
    let env = env("rh-noyes").await;
    let before = engine(&env).await;
    // stdin a pipe (the test harness's).
    let piped = release(&env, &["--revision", HASH]).await;
    // stdin a terminal with `y` typed.
    let ns = env.ns.clone();
    let terminal = tokio::task::spawn_blocking(move || {
        with_terminal_stdin(&[
            "instance",
            "release-held",
            "chat",
            "-n",
            &ns,
            "--component",
            "engine",
            "--revision",
            HASH,
        ])
    })
    .await
    .unwrap();
    for run in [piped, terminal] {
        assert_eq!(run.code, 1, "{run:?}");
        assert!(run.stdout.is_empty());
        assert!(
            run.stderr.starts_with("HELD RELEASE PREVIEW"),
            "{}",
            run.stderr
        );
        assert!(
            run.stderr.ends_with(&format!(
                "release-held check: confirmation stdin=non-interactive\nerror: {NOT_CONFIRMED}\n"
            )),
            "{}",
            run.stderr
        );
    }
    assert_eq!(engine(&env).await, before);
    assert!(env.writes().await.is_empty());
}

/// A change made by `change` just before the `nth` request to `path` reaches the server.
async fn refresh_case(
    prefix: &str,
    fixture: ChatFixture,
    path: impl Fn(&str) -> String,
    nth: usize,
    change: fn(kube::Client, String) -> futures::future::BoxFuture<'static, anyhow::Result<()>>,
    expected: &[&str],
) {
    let hook = |ns: &str| {
        let owned = ns.to_string();
        Hook::new("GET", &path(ns))
            .nth(nth)
            .before(move |admin| change(admin, owned.clone()))
    };
    refresh_hook_case(prefix, fixture, hook, expected).await;
}

/// One run (`dry_run`) whose refresh meets the proxy `hook`: exit 3 after the preview, the
/// refresh error and its `next:` line; returns the check line before them.
async fn refresh_refused(env: &Env, hook: Hook, dry_run: &str, prefix: &str) -> String {
    // A proxy of its own for each run, so that its hook counts only this run's requests.
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    proxy.add_hook(hook);
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = release_with(
        &kubeconfig,
        env,
        &["--revision", HASH, "--yes", "--dry-run", dry_run],
    )
    .await;
    assert_eq!(run.code, 3, "{prefix} {dry_run}: {run:?}");
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr.starts_with("HELD RELEASE PREVIEW"),
        "{}",
        run.stderr
    );
    let tail = format!(
        "\nnext: kubectl ome instance retry-blocks chat --component engine -n {}\nerror: {REFRESH}\n",
        env.ns
    );
    let check = run
        .stderr
        .strip_suffix(&tail)
        .and_then(|rest| rest.lines().last());
    check
        .unwrap_or_else(|| panic!("{prefix}: {}", run.stderr))
        .to_string()
}

/// The refresh meets what the proxy `hook` (given the namespace) does.
async fn refresh_hook_case(
    prefix: &str,
    fixture: ChatFixture,
    hook: impl Fn(&str) -> Hook,
    expected: &[&str],
) {
    let env = env_with(prefix, fixture).await;
    let before = engine(&env).await;
    for dry_run in ["client", "none"] {
        let line = refresh_refused(&env, hook(&env.ns), dry_run, prefix).await;
        assert!(expected.contains(&line.as_str()), "{prefix}: {line}");
    }
    let mut after = engine(&env).await;
    // Only the hook's own writes (by the admin) changed anything; no PATCH by the plugin.
    after["status"] = before["status"].clone();
    after["metadata"]["annotations"] = before["metadata"]["annotations"].clone();
    assert_eq!(after, before);
    assert!(env.writes().await.is_empty(), "{prefix}");
}

/// A value no earlier change wrote (a write of the same value changes nothing).
fn unique() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("t{nanos}")
}

fn isvc_path(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat")
}

fn list_path(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas")
}

fn engine_path(ns: &str) -> String {
    format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferencereplicas/chat-engine")
}

#[tokio::test]
async fn the_refresh_detects_a_changed_parent() {
    refresh_case(
        "rh-f-parent",
        chat(),
        isvc_path,
        2,
        |admin, ns| {
            Box::pin(async move {
                Controller::new(admin)
                    .annotate_isvc(&ns, "chat", "example.com/touched", Some(&unique()))
                    .await?;
                Ok(())
            })
        },
        &["release-held check: held-refresh changed=parent"],
    )
    .await;
}

#[tokio::test]
async fn the_refresh_detects_a_changed_sibling() {
    refresh_case(
        "rh-f-member",
        chat(),
        list_path,
        2,
        |admin, ns| {
            Box::pin(async move {
                let ctl = Controller::new(admin);
                let ready = ctl.ir(&ns, "chat-router").await?["status"]["readyReplicas"]
                    .as_i64()
                    .unwrap_or(0);
                ctl.patch_ir_status(
                    &ns,
                    "chat-router",
                    json!({"status": {"readyReplicas": ready + 1}}),
                )
                .await?;
                Ok(())
            })
        },
        &["release-held check: held-refresh changed=membership ir=chat-router"],
    )
    .await;
}

#[tokio::test]
async fn the_refresh_detects_a_changed_block() {
    // The block changes while the refresh reads: the LIST (sent at the same time) or the
    // exact GET shows it first.
    refresh_case(
        "rh-f-block",
        chat(),
        engine_path,
        2,
        |admin, ns| {
            Box::pin(async move {
                Controller::new(admin)
                    .add_retry_block(&ns, "chat-engine", "chat-engine-aaaaaaaa", "Held")
                    .await?;
                Ok(())
            })
        },
        &[
            "release-held check: held-refresh changed=membership ir=chat-engine",
            "release-held check: held-refresh changed=selected ir=chat-engine",
        ],
    )
    .await;
}

/// One client dry run whose refresh meets `change`, made when the refresh's read of `path`
/// (its LIST or its exact GET, sent at the same time) is sent: exit 3, one of the `changed`
/// check lines (as the LIST or the exact GET shows the change first), nothing written.
async fn refresh_once(
    prefix: &str,
    path: fn(&str) -> String,
    change: fn(kube::Client, String) -> futures::future::BoxFuture<'static, anyhow::Result<()>>,
    changed: &[&str],
) {
    let env = env_with(prefix, chat()).await;
    let owned = env.ns.clone();
    let hook = Hook::new("GET", &path(&env.ns))
        .nth(2)
        .before(move |admin| change(admin, owned.clone()));
    let line = refresh_refused(&env, hook, "client", prefix).await;
    assert!(changed.contains(&line.as_str()), "{prefix}: {line}");
    assert!(env.writes().await.is_empty(), "{prefix}");
}

#[tokio::test]
async fn the_refresh_detects_a_mailbox_and_a_sibling_removed_or_deleting() {
    let cases = [
        refresh_once(
            "rh-f-mailbox",
            engine_path,
            |admin, ns| {
                Box::pin(async move {
                    Controller::new(admin)
                        .annotate_ir(&ns, "chat-engine", MAILBOX, Some(REVISION))
                        .await?;
                    Ok(())
                })
            },
            &[
                "release-held check: held-refresh changed=membership ir=chat-engine",
                "release-held check: held-refresh changed=selected ir=chat-engine",
            ],
        ),
        refresh_once(
            "rh-f-removed",
            list_path,
            |admin, ns| {
                Box::pin(async move {
                    objects::delete(&admin, &ir_resource(), Some(&ns), "chat-router").await?;
                    Ok(())
                })
            },
            &["release-held check: held-refresh changed=membership ir=chat-router"],
        ),
        refresh_once(
            "rh-f-deleting",
            list_path,
            |admin, ns| {
                Box::pin(async move {
                    let ctl = Controller::new(admin.clone());
                    ctl.patch_ir(
                        &ns,
                        "chat-router",
                        json!({"metadata": {"finalizers": ["example.com/hold"]}}),
                    )
                    .await?;
                    objects::delete(&admin, &ir_resource(), Some(&ns), "chat-router").await?;
                    Ok(())
                })
            },
            &["release-held check: held-refresh changed=membership ir=chat-router"],
        ),
    ];
    futures::future::join_all(cases).await;
}

#[tokio::test]
async fn the_refresh_detects_a_changed_runtime() {
    refresh_case(
        "rh-f-runtime",
        chat().namespaced_runtime(),
        |ns| format!("/apis/ome.io/v1beta1/namespaces/{ns}/servingruntimes/{CHAT_RUNTIME}"),
        2,
        |admin, ns| {
            Box::pin(async move {
                let resource = ApiResource {
                    group: "ome.io".into(),
                    version: "v1beta1".into(),
                    api_version: "ome.io/v1beta1".into(),
                    kind: "ServingRuntime".into(),
                    plural: "servingruntimes".into(),
                };
                let api: Api<DynamicObject> = Api::namespaced_with(admin, &ns, &resource);
                api.patch(
                    CHAT_RUNTIME,
                    &PatchParams::default(),
                    &Patch::Merge(json!({"metadata": {"labels": {"touched": unique()}}})),
                )
                .await?;
                Ok(())
            })
        },
        &["release-held check: held-refresh changed=runtime"],
    )
    .await;
}

#[tokio::test]
async fn a_write_between_read_and_patch_is_a_conflict_and_nothing_changes() {
    let env = env("rh-race").await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let ns = env.ns.clone();
    // Just before the guarded PATCH reaches the server, a controller status write moves the
    // IR's resourceVersion.
    proxy.add_hook(
        Hook::new("PATCH", &engine_path(&env.ns)).before(move |admin| {
            let ns = ns.clone();
            async move {
                Controller::new(admin)
                    .patch_ir_status(&ns, "chat-engine", json!({"status": {"readyReplicas": 0}}))
                    .await?;
                Ok(())
            }
        }),
    );
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let run = release_with(&kubeconfig, &env, &["--revision", HASH, "--yes"]).await;
    assert_eq!(run.code, 3, "{run:?}");
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr.ends_with(&format!(
            "next: kubectl ome instance retry-blocks chat --component engine -n {}\nerror: guarded held-release rejected; inspect instance retry-blocks\n",
            env.ns
        )),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(
            "release-held check: patch-guard target=InferenceReplica/chat-engine sentRV="
        ),
        "{}",
        run.stderr
    );
    let ir = env.ir("chat-engine").await;
    assert!(
        ir["metadata"]["annotations"].get(MAILBOX).is_none(),
        "{ir:#}"
    );
    let w = env.writes().await;
    assert_eq!(w.len(), 1, "{w:#?}");
    assert_eq!(w[0].code(), 409);
}

#[tokio::test]
async fn a_failed_read_during_the_refresh_is_exit_3_without_a_patch() {
    let failing = |path: fn(&str) -> String| {
        move |ns: &str| {
            Hook::new("GET", &path(ns)).nth(2).fault(Fault::Status {
                code: 500,
                retry_after: None,
            })
        }
    };
    refresh_hook_case(
        "rh-f-read-isvc",
        chat(),
        failing(isvc_path),
        &["release-held check: held-refresh changed=read"],
    )
    .await;
    refresh_hook_case(
        "rh-f-read-ir",
        chat(),
        failing(engine_path),
        &["release-held check: held-refresh changed=read ir=chat-engine"],
    )
    .await;
}
