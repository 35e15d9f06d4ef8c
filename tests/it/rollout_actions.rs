//! `rollout pause` and `rollout resume` against the real API server (unblock.md §4): the object
//! before and after (only the named annotation keys change, JSON-Pointer-escaping keys
//! included), the writes the audit log received, refusals that write nothing, `--yes` required
//! (difference u) and a stale read answered 409 (exit 3).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::{scale_support, support};
use k8s_openapi::api::authorization::v1::SubjectAccessReview;
use k8s_openapi::api::rbac::v1::{Role, RoleBinding};
use kube::api::{Api, PostParams};
use ome_testenv::Controller;
use ome_testenv::pinned::completed_canary;
use ome_testenv::proxy::{Hook, Proxy, ProxyOptions};
use ome_testenv::util::rfc3339_in;
use scale_support::{Env, chat};
use serde_json::{Value, json};
use std::time::Duration;
use support::{Run, cluster, plugin_async};

const PAUSED: &str = "ome.io/rollout-paused";
const PROMOTE: &str = "ome.io/rollout-promote";
const ROLLBACK: &str = "ome.io/rollout-rollback";
/// Keys that need JSON-Pointer escaping (`/` → `~1`, `~` → `~0`) and must stay untouched.
const OTHER: [(&str, &str); 2] = [("example.com/owner", "ml"), ("plain", "kept")];
const NOT_CONFIRMED: &str = "action not confirmed; noninteractive input requires --yes";
const PENDING: &str = "action refused: a rollout promote or rollback mailbox is present";

/// A namespace whose `scaler` may patch InferenceServices (the Role of docs/rbac), with the
/// decoder IR mid-update so that `pause` has work to hold.
async fn env(prefix: &str) -> Env {
    let env = Env::new(prefix, chat()).await;
    grant_patch(&env.admin, &env.ns).await;
    for (key, value) in OTHER {
        env.ctl
            .annotate_isvc(&env.ns, "chat", key, Some(value))
            .await
            .unwrap();
    }
    env.ctl
        .patch_ir_status(
            &env.ns,
            "chat-decoder",
            json!({"status": {"updateRevision": "chat-decoder-aaaaaaaa"}}),
        )
        .await
        .unwrap();
    env
}

/// Applies docs/rbac/rollout-operator.yaml and binds it to `scaler` (whose own roles grant no
/// write on InferenceServices), so every test proves that Role is enough.
pub(crate) async fn grant_patch(admin: &kube::Client, ns: &str) {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rbac/rollout-operator.yaml");
    let text = std::fs::read_to_string(path).unwrap();
    let role: Role = serde_saphyr::from_str(&text).unwrap();
    let binding: RoleBinding = serde_json::from_value(json!({
        "metadata": {"name": "ome-rollout-operator"},
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role",
                    "name": "ome-rollout-operator"},
        "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "scaler"}]
    }))
    .unwrap();
    Api::<Role>::namespaced(admin.clone(), ns)
        .create(&PostParams::default(), &role)
        .await
        .unwrap();
    Api::<RoleBinding>::namespaced(admin.clone(), ns)
        .create(&PostParams::default(), &binding)
        .await
        .unwrap();
    // The binding reaches the authorizer through an informer cache: poll, bounded.
    let review: SubjectAccessReview = serde_json::from_value(json!({"spec": {"user": "scaler",
        "resourceAttributes": {"namespace": ns, "verb": "patch", "group": "ome.io",
                               "resource": "inferenceservices"}}}))
    .unwrap();
    let api: Api<SubjectAccessReview> = Api::all(admin.clone());
    for _ in 0..300 {
        let answer = api.create(&PostParams::default(), &review).await.unwrap();
        if answer.status.is_some_and(|s| s.allowed) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("RBAC grant not visible within 30 s");
}

/// (pause value, mailbox, --discard-pending-actions, the last stderr line of a refusal).
type ResumeCase<'a> = (Option<&'a str>, Option<&'a str>, bool, Option<&'a str>);

async fn annotations(env: &Env) -> Value {
    env.isvc().await["metadata"]["annotations"].clone()
}

async fn set(env: &Env, key: &str, value: Option<&str>) {
    env.ctl
        .annotate_isvc(&env.ns, "chat", key, value)
        .await
        .unwrap();
}

/// Writes by `scaler` in the namespace (the harness's admin setup excluded).
async fn writes(env: &Env) -> Vec<ome_testenv::AuditEvent> {
    env.writes().await
}

async fn rollout(env: &Env, args: &[&str]) -> Run {
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let mut all = vec!["rollout"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["chat", "-n", &env.ns]);
    plugin_async(Some(&kubeconfig), &all).await
}

/// The annotations before, with `changes` applied (None removes).
fn with(before: &Value, changes: &[(&str, Option<&str>)]) -> Value {
    let mut after = before.as_object().cloned().unwrap_or_default();
    for (key, value) in changes {
        match value {
            Some(v) => after.insert((*key).to_string(), json!(v)),
            None => after.remove(*key),
        };
    }
    Value::Object(after)
}

/// The object without what every write changes (resourceVersion, managedFields) and without
/// the annotations (compared key by key).
fn without_bookkeeping(mut object: Value) -> Value {
    let meta = object["metadata"].as_object_mut().unwrap();
    for key in ["resourceVersion", "managedFields", "annotations"] {
        meta.remove(key);
    }
    object
}

fn last_line(stderr: &str) -> &str {
    stderr.lines().last().unwrap_or_default()
}

#[tokio::test]
async fn pause_adds_only_the_pause_key_in_every_dry_run_mode() {
    let env = env("ra-pause").await;
    let before = annotations(&env).await;
    let uid = env.isvc().await["metadata"]["uid"]
        .as_str()
        .unwrap()
        .to_string();

    // client: preview, result, nothing sent.
    let client = rollout(
        &env,
        &["pause", "--yes", "--dry-run", "client", "-o", "json"],
    )
    .await;
    assert_eq!(client.code, 0, "{client:?}");
    let result: Value = serde_json::from_str(&client.stdout).unwrap();
    assert_eq!(result["action"], "rollout pause");
    assert_eq!(result["accepted"], false);
    assert_eq!(result["message"], "Validated locally; no patch sent.");
    assert_eq!(result["target"]["uid"], uid.as_str());
    assert!(result.get("warnings").is_none());
    assert!(client.stderr.starts_with(
        "ALPHA guarded action preview (not controller convergence)\nFIELD             VALUE\nAction            rollout pause\n"
    ), "{}", client.stderr);
    assert!(client.stderr.contains("Affected          engine, decoder, router\nPause depth       <absent>\nSet annotation    ome.io/rollout-paused\nValue             true\nActive records    operations=0 migrations=0\n"), "{}", client.stderr);
    assert!(writes(&env).await.is_empty());

    // server: accepted, not stored.
    let server = rollout(
        &env,
        &["pause", "--yes", "--dry-run", "server", "-o", "json"],
    )
    .await;
    assert_eq!(server.code, 0, "{server:?}");
    let result: Value = serde_json::from_str(&server.stdout).unwrap();
    assert_eq!(
        (result["accepted"].clone(), result["applied"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(annotations(&env).await, before);
    let w = writes(&env).await;
    assert_eq!(w.len(), 1, "{w:#?}");
    assert!(w[0].is_dry_run());
    assert_eq!(
        (w[0].verb.as_str(), w[0].resource().as_str(), w[0].code()),
        ("patch", "inferenceservices", 200)
    );

    // none: stored, only the pause key added; nothing else of the object changed.
    let object_before = env.isvc().await;
    let none = rollout(&env, &["pause", "--yes"]).await;
    assert_eq!(none.code, 0, "{none:?}");
    assert!(
        none.stdout
            .starts_with("FIELD           VALUE\naction          rollout pause\n"),
        "{}",
        none.stdout
    );
    assert!(
        none.stdout.contains(&format!(
            "follow-up       kubectl ome rollout status chat -n {} --context=scaler\n",
            env.ns
        )),
        "{}",
        none.stdout
    );
    assert_eq!(
        annotations(&env).await,
        with(&before, &[(PAUSED, Some("true"))])
    );
    assert_eq!(
        without_bookkeeping(env.isvc().await),
        without_bookkeeping(object_before)
    );
    let w = writes(&env).await;
    assert_eq!(w.len(), 2, "{w:#?}");
    assert!(!w[1].is_dry_run());
    assert_eq!(
        w[1].request_uri,
        format!(
            "/apis/ome.io/v1beta1/namespaces/{}/inferenceservices/chat",
            env.ns
        )
    );
    assert_eq!(w[1].code(), 200);
}

#[tokio::test]
async fn pause_values_and_mailboxes_refuse_or_replace_as_the_contract_says() {
    let env = env("ra-pause-matrix").await;
    // (pause value, mailbox) → the last stderr line, or success.
    let cases: [(Option<&str>, Option<&str>, Option<&str>); 8] = [
        (
            Some("true"),
            None,
            Some("error: action refused: service is already paused; freeze is preserved"),
        ),
        (
            Some("freeze"),
            None,
            Some("error: action refused: service is already paused; freeze is preserved"),
        ),
        (
            Some("true"),
            Some(PROMOTE),
            Some("error: action refused: service is already paused; freeze is preserved"),
        ),
        (
            None,
            Some(PROMOTE),
            Some("error: action refused: a rollout promote or rollback mailbox is present"),
        ),
        (
            None,
            Some(ROLLBACK),
            Some("error: action refused: a rollout promote or rollback mailbox is present"),
        ),
        (
            Some("True"),
            Some(ROLLBACK),
            Some("error: action refused: a rollout promote or rollback mailbox is present"),
        ),
        (Some("True"), None, None),
        (Some(""), None, None),
    ];
    // Each case on a service of its own, all at once.
    let cases = cases.map(|c| (format!("{:?} {:?}", c.0, c.1), c));
    support::each_case(cases, |_, (value, mailbox, refusal)| async move {
        let env = self::env("ra-pause-case").await;
        set(&env, PAUSED, value).await;
        for key in [PROMOTE, ROLLBACK] {
            set(&env, key, (Some(key) == mailbox).then_some("")).await;
        }
        let before = annotations(&env).await;
        let count = writes(&env).await.len();
        let run = rollout(&env, &["pause", "--yes"]).await;
        match refusal {
            Some(line) => {
                assert_eq!(
                    (run.code, last_line(&run.stderr)),
                    (1, line),
                    "{value:?} {mailbox:?} {run:?}"
                );
                assert!(run.stdout.is_empty());
                assert!(!run.stderr.contains("ALPHA"), "no preview: {}", run.stderr);
                assert_eq!(writes(&env).await.len(), count, "{value:?} {mailbox:?}");
                assert_eq!(annotations(&env).await, before);
            }
            None => {
                assert_eq!(run.code, 0, "{value:?} {run:?}");
                assert!(run.stderr.contains(
                    "The existing ome.io/rollout-paused value is not a pause; it will be replaced.\nParent UID/resourceVersion CAS"
                ), "{}", run.stderr);
                assert_eq!(
                    annotations(&env).await,
                    with(&before, &[(PAUSED, Some("true"))])
                );
                assert_eq!(writes(&env).await.len(), count + 1);
            }
        }
    })
    .await;
    // Check lines name what refused.
    set(&env, PAUSED, Some("freeze")).await;
    let run = rollout(&env, &["pause", "--yes"]).await;
    assert!(
        run.stderr
            .starts_with("pause check: pause-state depth=Freeze\n"),
        "{}",
        run.stderr
    );
}

#[tokio::test]
async fn pause_of_an_idle_service_is_refused_with_its_evidence() {
    let env = Env::new("ra-idle", chat()).await;
    grant_patch(&env.admin, &env.ns).await;
    let run = rollout(&env, &["pause", "--yes"]).await;
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(
        run.stderr,
        format!(
            "pause check: idle-work native=engine,decoder,router revisionsPending=0 \
             operations=0 migrations=0 activeRun=absent\n\
             next: kubectl ome rollout status chat -n {}\n\
             error: action refused: no applicable active rollout or lifecycle work was observed\n",
            env.ns
        )
    );
    assert!(run.stdout.is_empty());
    assert!(writes(&env).await.is_empty());
}

/// A pinned engine+decoder canary run (the digest is that of its plan) whose decoder target is
/// `decoder` (the decoder IR of [`env`] reports `aaaaaaaa`), with a top-level canary status of
/// `target_id`.
fn pinned_run(decoder: &str, target_id: &str) -> Value {
    completed_canary(
        &[("engine", "7f9c4d2b"), ("decoder", decoder)],
        target_id,
        "7f9c4d2b",
    )
}

#[tokio::test]
async fn pause_refuses_an_active_run_whose_pinned_work_fails() {
    // (case, status merge patch of the ISVC, the check line of §1.4 row 8).
    let cases = [
        (
            "invalid",
            // A digest that is not its plan's: the run never checks out.
            {
                let mut status = pinned_run("aaaaaaaa", "ct1:000000000000");
                status["rollout"]["activeRun"]["plan"]["groups"][0]["portableDigest"] =
                    json!("rp1:000000000000");
                status
            },
            "pause check: controller-freshness cause=ActiveRunInvalid",
        ),
        (
            "future",
            // Pinned in the future.
            {
                let mut status = pinned_run("aaaaaaaa", "ct1:000000000000");
                status["rollout"]["activeRun"]["pinnedAt"] = json!(rfc3339_in(3600));
                status
            },
            "pause check: controller-freshness cause=ActiveRunInvalid",
        ),
        (
            "target",
            pinned_run("bbbbbbbb", "ct1:000000000000"),
            "pause check: controller-freshness cause=PinnedTarget component=decoder",
        ),
        (
            "canary",
            pinned_run("aaaaaaaa", "ct1:000000000000"),
            "pause check: controller-freshness cause=CanaryEvidence",
        ),
    ];
    let cases = cases.map(|(case, status, line)| (case, (status, line)));
    support::each_case(cases, |case, (status, line)| async move {
        let env = self::env(&format!("ra-run-{case}")).await;
        env.ctl
            .patch_isvc_status(&env.ns, "chat", json!({ "status": status }))
            .await
            .unwrap();
        let before = env.isvc().await;
        let run = rollout(&env, &["pause", "--yes"]).await;
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (
                1,
                "",
                format!(
                    "{line}\nerror: action refused: controller safety evidence is stale or inconsistent\n"
                )
                .as_str()
            ),
            "{case}"
        );
        assert!(writes(&env).await.is_empty(), "{case}");
        assert_eq!(env.isvc().await, before, "{case}");
    })
    .await;
}

#[tokio::test]
async fn resume_matrix_removes_exactly_the_pause_and_discarded_mailboxes() {
    let env = env("ra-resume").await;
    // (pause value, mailbox, discard) → the last stderr line, or success.
    let not_paused = "error: action refused: service has no recognized pause";
    let pending = "error: action refused: a rollout promote or rollback mailbox is present";
    let cases: [ResumeCase; 9] = [
        (None, None, false, Some(not_paused)),
        (Some("True"), None, false, Some(not_paused)),
        (Some(""), Some(PROMOTE), true, Some(not_paused)),
        (Some("true"), Some(PROMOTE), false, Some(pending)),
        (Some("freeze"), Some(ROLLBACK), false, Some(pending)),
        (Some("true"), None, false, None),
        (Some("freeze"), None, false, None),
        (Some("freeze"), Some(PROMOTE), true, None),
        (Some("true"), Some(ROLLBACK), true, None),
    ];
    // Each case on a service of its own, all at once.
    let cases = cases.map(|c| (format!("{:?} {:?} {}", c.0, c.1, c.2), c));
    support::each_case(cases, |_, (value, mailbox, discard, refusal)| async move {
        let env = self::env("ra-resume-case").await;
        set(&env, PAUSED, value).await;
        for key in [PROMOTE, ROLLBACK] {
            set(&env, key, (Some(key) == mailbox).then_some("7f9c4d2b")).await;
        }
        let before = annotations(&env).await;
        let count = writes(&env).await.len();
        let mut args = vec!["resume", "--yes"];
        if discard {
            args.push("--discard-pending-actions");
        }
        let run = rollout(&env, &args).await;
        match refusal {
            Some(line) => {
                assert_eq!(
                    (run.code, last_line(&run.stderr)),
                    (1, line),
                    "{value:?} {mailbox:?} {run:?}"
                );
                assert!(run.stdout.is_empty());
                assert_eq!(writes(&env).await.len(), count);
                assert_eq!(annotations(&env).await, before);
            }
            None => {
                assert_eq!(run.code, 0, "{value:?} {mailbox:?} {run:?}");
                let mut removed = vec![(PAUSED, None)];
                removed.extend(mailbox.map(|m| (m, None)));
                assert_eq!(annotations(&env).await, with(&before, &removed));
                assert_eq!(writes(&env).await.len(), count + 1);
                assert!(
                    run.stderr.contains("Active records      not read\n"),
                    "{}",
                    run.stderr
                );
            }
        }
    })
    .await;
    // The discard needs --yes, refused before any kubeconfig access.
    let run = rollout(&env, &["resume", "--discard-pending-actions"]).await;
    assert_eq!(
        run.stderr,
        "resume check: arguments rule=discard-needs-yes\nerror: discarding pending actions requires --yes\n"
    );
    // A refused mailbox names it, with no next: line.
    set(&env, PAUSED, Some("true")).await;
    set(&env, PROMOTE, Some("7f9c4d2b")).await;
    let run = rollout(&env, &["resume", "--yes"]).await;
    assert_eq!(
        run.stderr,
        format!(
            "resume check: rollout-mailbox annotation=ome.io/rollout-promote discard=false\nerror: {PENDING}\n"
        )
    );
}

#[tokio::test]
async fn without_yes_each_action_previews_then_refuses_without_writing() {
    let env = env("ra-noyes").await;
    let before = annotations(&env).await;
    for args in [vec!["pause"], vec!["pause", "--dry-run", "server"]] {
        let run = rollout(&env, &args).await;
        assert_eq!(run.code, 1, "{run:?}");
        assert!(
            run.stderr.starts_with("ALPHA guarded action preview"),
            "{}",
            run.stderr
        );
        assert!(
            run.stderr.ends_with(&format!(
                "pause check: confirmation stdin=non-interactive\nerror: {NOT_CONFIRMED}\n"
            )),
            "{}",
            run.stderr
        );
        assert!(run.stdout.is_empty());
    }
    set(&env, PAUSED, Some("freeze")).await;
    let before_resume = annotations(&env).await;
    let run = rollout(&env, &["resume"]).await;
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("Pause depth         freeze\nRemove annotation   ome.io/rollout-paused\nValue               \"freeze\"\n"), "{}", run.stderr);
    assert!(run.stderr.ends_with(&format!(
        "resume check: confirmation stdin=non-interactive\nerror: {NOT_CONFIRMED}\n"
    )));
    assert_eq!(annotations(&env).await, before_resume);
    assert_ne!(before, before_resume);
    assert!(writes(&env).await.is_empty());
}

#[tokio::test]
async fn a_write_between_read_and_patch_is_a_conflict_and_nothing_changes() {
    let env = env("ra-race").await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let ns = env.ns.clone();
    let path = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat");
    // Just before the guarded PATCH reaches the server, a controller status write moves the
    // resourceVersion.
    proxy.add_hook(Hook::new("PATCH", &path).before(move |admin| {
        let ns = ns.clone();
        async move {
            Controller::new(admin)
                .annotate_isvc(&ns, "chat", "example.com/touched", Some("yes"))
                .await?;
            Ok(())
        }
    }));
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let before = annotations(&env).await;
    let run = plugin_async(
        Some(&kubeconfig),
        &["rollout", "pause", "chat", "-n", &env.ns, "--yes"],
    )
    .await;
    assert_eq!(run.code, 3, "{run:?}");
    assert!(run.stdout.is_empty());
    assert!(run.stderr.ends_with(&format!(
        "next: kubectl ome rollout status chat -n {}\nerror: guarded annotation patch rejected; refresh rollout status and retry explicitly\n",
        env.ns
    )), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("pause check: patch-guard target=InferenceService/chat sentRV="),
        "{}",
        run.stderr
    );
    // Only the hook's write changed the object.
    assert_eq!(
        annotations(&env).await,
        with(&before, &[("example.com/touched", Some("yes"))])
    );
    let w = writes(&env).await;
    assert_eq!(w.len(), 1, "{w:#?}");
    assert_eq!(w[0].code(), 409);
}

#[test]
fn argument_errors_come_first_in_order_with_no_kubeconfig_loaded() {
    // A kubeconfig that cannot be read: any load would fail with another message.
    let missing = ["--kubeconfig", "/nonexistent/kubeconfig"];
    let cases: [(&[&str], &str); 6] = [
        (
            &["pause", "chat", "--bogus"],
            "pause check: arguments rule=flags\nerror: invalid rollout action flags; use --help\n",
        ),
        (
            &["resume", "a", "b", "-o", "x"],
            "resume check: arguments rule=args\nerror: accepts 1 arg(s), received 2\n",
        ),
        (
            &["pause", "chat", "-o", "bad", "--dry-run", "x"],
            "pause check: arguments rule=output\nerror: output must be table, wide, json or yaml\n",
        ),
        (
            &["pause", "chat", "--dry-run", "x"],
            "pause check: arguments rule=dry-run\nerror: dry-run must be none, client or server\n",
        ),
        (
            &["resume", "A_B", "--discard-pending-actions"],
            "resume check: arguments rule=discard-needs-yes\nerror: discarding pending actions requires --yes\n",
        ),
        (
            &["pause", "A_B", "--yes"],
            "pause check: arguments rule=name\nerror: inference service name is invalid\n",
        ),
    ];
    for (args, stderr) in cases {
        let mut all = vec!["rollout"];
        all.extend_from_slice(args);
        all.extend_from_slice(&missing);
        let run = support::plugin(None, &all);
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (1, "", stderr),
            "{args:?}"
        );
    }
}

/// Runs the plugin with stdin on a pseudo-terminal (kept open, typing `y` and Enter into it)
/// and stdout/stderr on pipes: without `--yes` nothing is read from it (difference u).
pub(crate) fn with_terminal_stdin(args: &[&str]) -> Run {
    use rustix::fs::{Mode, OFlags};
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    use std::io::Write;
    let controller = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap();
    grantpt(&controller).unwrap();
    unlockpt(&controller).unwrap();
    let name = ptsname(&controller, Vec::new()).unwrap();
    let terminal = rustix::fs::open(
        name.as_c_str(),
        OFlags::RDWR | OFlags::NOCTTY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .unwrap();
    // An answer is waiting on the terminal: a prompt would read it and confirm.
    let mut typing = std::fs::File::from(controller);
    typing.write_all(b"y\r").unwrap();
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let mut command = support::command(Some(&kubeconfig));
    command
        .args(args)
        .stdin(std::process::Stdio::from(terminal));
    let output = support::checked_output(&mut command);
    drop(typing);
    output.into()
}

#[tokio::test]
async fn a_terminal_on_stdin_does_not_confirm_without_yes() {
    let env = env("ra-pty").await;
    let before = annotations(&env).await;
    let ns = env.ns.clone();
    let run = tokio::task::spawn_blocking(move || {
        with_terminal_stdin(&["rollout", "pause", "chat", "-n", &ns])
    })
    .await
    .unwrap();
    assert_eq!(run.code, 1, "{run:?}");
    assert!(
        run.stderr.starts_with("ALPHA guarded action preview"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.ends_with(&format!(
        "pause check: confirmation stdin=non-interactive\nerror: {NOT_CONFIRMED}\n"
    )));
    assert!(run.stdout.is_empty());
    assert_eq!(annotations(&env).await, before);
    assert!(writes(&env).await.is_empty());
}
