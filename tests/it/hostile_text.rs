//! Text from the cluster never drives the terminal (issue 10): a Status message and objects
//! whose annotations, condition types, reasons, messages, phases and migration records hold
//! control, bidi and line-separator characters give output with no control character but `\n`
//! and `\t`, for every command and output format. JSON and YAML stay valid and carry the text
//! escaped.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use ome_testenv::pods::{EventFixture, InstancePod, PodState};
use ome_testenv::{ChatFixture, Controller, Hook, Proxy, ProxyOptions, shared};
use serde_json::{Value, json};
use std::path::Path;
use support::terminal::{Terminals, on_terminal, on_terminal_async};
use support::{Run, plugin_async};

/// Sets the terminal title, clears the screen, CSI in its one-byte C1 form, reverses the text,
/// ends a line where a log viewer would, and hides text in invisible characters (a zero-width
/// space, a word joiner, the BOM, a Hangul filler, a tag character; issue 42).
const HOSTILE: &str = "boom \u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m\u{202e}evil\r\n\u{2028}end\u{200b}\u{2060}\u{feff}\u{3164}\u{e0041}";
/// [`HOSTILE`] as the one sanitiser writes it.
const ESCAPED: &str = "boom \\u001B]0;pwned\\u0007\\u001B[2J\\u009B31m\\u202Eevil\\r\\n\\u2028end\\u200B\\u2060\\uFEFF\\u3164\\uDB40\\uDC41";

/// Controls (but LF and TAB), format characters (bidi controls, zero-width characters, the
/// BOM, tags), line separators and the Hangul fillers.
fn is_allowed(c: char) -> bool {
    static FORBIDDEN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"[\p{Cc}\p{Cf}\u{2028}\u{2029}\u{115F}\u{1160}\u{3164}\u{FFA0}]")
            .unwrap()
    });
    c == '\n' || c == '\t' || !FORBIDDEN.is_match(c.encode_utf8(&mut [0; 4]))
}

fn assert_clean(what: &str, stream: &str, text: &str) {
    if let Some(c) = text.chars().find(|c| !is_allowed(*c)) {
        panic!("{what}: {stream} holds U+{:04X}: {text:?}", u32::from(c));
    }
}

/// The formats a command accepts.
fn formats(command: &[&str]) -> &'static [&'static str] {
    match command {
        ["instance", "list", ..] | ["migration", ..] | ["autoscale", "explain", ..] => {
            &["table", "json", "yaml"]
        }
        _ => &["table", "wide", "json", "yaml"],
    }
}

/// Every command in every format; each output is clean and, for JSON and YAML, parses.
async fn run_everything(kubeconfig: &Path, ns: &str, migration_id: &str) -> Vec<(String, Run)> {
    let commands: Vec<Vec<&str>> = vec![
        vec![
            "autoscale",
            "status",
            "chat",
            "--live-scale",
            "--live-scaler",
        ],
        vec!["instance", "list", "chat"],
        vec!["instance", "status", "chat", "0", "--component", "decoder"],
        vec!["autoscale", "explain", "chat"],
        vec!["status", "chat"],
        vec!["admin", "doctor", "--isvc", "chat"],
        vec!["rollout", "status", "chat"],
        vec!["migration", "status", "chat"],
        vec!["wait", "chat", "--for=condition=Ready", "--timeout=2s"],
        vec!["wait", "chat", "--for=rollout=stable", "--timeout=2s"],
        vec![
            "wait",
            "chat",
            "--for=migration=terminal",
            "--request-id",
            migration_id,
            "--timeout=2s",
        ],
        vec![
            "wait",
            "chat",
            "--for=replicas=ready",
            "--component=engine",
            "--replicas=2",
            "--timeout=2s",
        ],
        vec![
            "scale",
            "chat",
            "--component",
            "engine",
            "--replicas",
            "3",
            "--override-autoscaler",
            "--yes",
            "--dry-run",
            "client",
        ],
    ];
    let mut runs = Vec::new();
    for command in &commands {
        for format in formats(command) {
            let mut args = command.clone();
            args.extend(["-n", ns, "-o", format]);
            let run = plugin_async(Some(kubeconfig), &args).await;
            let what = format!("{args:?}");
            assert_clean(&what, "stdout", &run.stdout);
            assert_clean(&what, "stderr", &run.stderr);
            if !run.stdout.is_empty() && *format == "json" {
                serde_json::from_str::<Value>(&run.stdout)
                    .unwrap_or_else(|e| panic!("{what}: invalid JSON ({e}): {}", run.stdout));
            }
            if !run.stdout.is_empty() && *format == "yaml" {
                serde_saphyr::from_str::<Value>(&run.stdout)
                    .unwrap_or_else(|e| panic!("{what}: invalid YAML ({e}): {}", run.stdout));
            }
            runs.push((what, run));
        }
    }
    runs
}

/// The service in `ns` with hostile text wherever the cluster lets a writer put free text.
async fn hostile_chat(ns: &str) -> String {
    let cluster = shared().unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new().create(&admin, ns).await.unwrap();
    let controller = Controller::new(admin);
    controller
        .annotate_isvc(ns, "chat", "example.com/note", Some(HOSTILE))
        .await
        .unwrap();
    let isvc = controller.isvc(ns, "chat").await.unwrap();
    let mut conditions = isvc["status"]["conditions"].as_array().unwrap().clone();
    for condition in &mut conditions {
        if condition["type"] == "Ready" {
            condition["reason"] = json!(HOSTILE);
            condition["message"] = json!(HOSTILE);
        }
    }
    conditions.push(json!({"type": HOSTILE, "status": HOSTILE, "message": HOSTILE}));
    let mut decoder = isvc["status"]["components"]["decoder"]["autoscaler"].clone();
    decoder["conditions"][0]["type"] = json!(HOSTILE);
    decoder["conditions"][0]["message"] = json!(HOSTILE);
    controller
        .patch_isvc_status(
            ns,
            "chat",
            json!({"status": {"conditions": conditions,
                "components": {"decoder": {"autoscaler": decoder},
                               "engine": {"rolloutPhase": HOSTILE}}}}),
        )
        .await
        .unwrap();
    controller
        .set_instance_phase(ns, "chat-engine", 1, HOSTILE, None)
        .await
        .unwrap();
    // A crash-looping Pod of decoder Instance 0 (the engine's evidence is hostile already),
    // and Warning events about it and the service whose reason and message are hostile
    // (`instance status`, `status`).
    let admin = cluster.admin().await.unwrap();
    let ir = controller.ir(ns, "chat-decoder").await.unwrap();
    let pod = InstancePod::of(&ir, 0)
        .unwrap()
        .state(PodState::CrashLoop(3))
        .create(&admin, ns)
        .await
        .unwrap();
    let warning = EventFixture::warning(HOSTILE, HOSTILE, 2);
    warning.create(&admin, ns, &pod, "hostile").await.unwrap();
    let isvc = controller.isvc(ns, "chat").await.unwrap();
    warning.create(&admin, ns, &isvc, "hostile").await.unwrap();
    let id = controller
        .add_migration(ns, "chat-engine", "SurgePending")
        .await
        .unwrap();
    let ir = controller.ir(ns, "chat-engine").await.unwrap();
    let mut migrations = ir["status"]["migrations"].as_array().unwrap().clone();
    for record in &mut migrations {
        record["message"] = json!(HOSTILE);
        record["reason"] = json!(HOSTILE);
        record["fromNode"] = json!(HOSTILE);
    }
    controller
        .patch_ir_status(
            ns,
            "chat-engine",
            json!({"status": {"migrations": migrations}}),
        )
        .await
        .unwrap();
    id
}

/// The run of `command` (quoted as in the argument list) with `-o format`.
fn run_of<'a>(runs: &'a [(String, Run)], command: &str, format: &str) -> &'a Run {
    runs.iter()
        .find(|(what, _)| what.contains(command) && what.ends_with(&format!("\"{format}\"]")))
        .map(|(_, run)| run)
        .unwrap_or_else(|| panic!("no run of {command} -o {format}"))
}

#[tokio::test]
async fn hostile_object_text_is_escaped_in_every_command_and_format() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("hostile-objects").await.unwrap();
    let id = hostile_chat(&ns).await;
    let kubeconfig = cluster.kubeconfig("scaler").unwrap();
    let runs = run_everything(&kubeconfig, &ns, &id).await;
    assert_eq!(runs.len(), 49);

    // The strict evaluators show most of it as invalid evidence; the migration message is
    // shown, escaped: cut to its cell in the table, whole in JSON and YAML.
    let table = run_of(&runs, "\"migration\"", "table").stdout.as_str();
    assert!(table.contains("MSG: boom \\u001B]0;pwne..."), "{table}");
    let json: Value = serde_json::from_str(&run_of(&runs, "\"migration\"", "json").stdout).unwrap();
    let message = json.pointer("/content/migrations/0/message");
    assert_eq!(message, Some(&json!(ESCAPED)), "{json:#}");
    let yaml = &run_of(&runs, "\"migration\"", "yaml").stdout;
    let parsed: Value = serde_saphyr::from_str(yaml).unwrap();
    let message = parsed.pointer("/content/migrations/0/message");
    assert_eq!(message, Some(&json!(ESCAPED)), "{yaml}");
    let instance = run_of(&runs, "\"instance\"", "table").stdout.as_str();
    assert!(instance.contains("BAD:PHASE"), "{instance}");
    // The Pod's Warning event: its reason and message escaped.
    let one: Value = serde_json::from_str(&run_of(&runs, "\"0\"", "json").stdout).unwrap();
    let event = &one["content"]["events"][0];
    assert_eq!(
        (&event["targetName"], &event["reason"], event.get("message")),
        (
            &json!("chat-decoder-0"),
            &json!(ESCAPED),
            Some(&json!(ESCAPED))
        ),
        "{one:#}"
    );
    // `status` shows the service's and the Pod's events with their messages, escaped.
    let status: Value = serde_json::from_str(&run_of(&runs, "[\"status\"", "json").stdout).unwrap();
    let recent = status["content"]["recentEvents"].as_array().unwrap();
    let shown: Vec<(&Value, &Value, &Value)> = recent
        .iter()
        .map(|e| (&e["name"], &e["reason"], &e["message"]))
        .collect();
    let escaped = json!(ESCAPED);
    assert_eq!(
        shown,
        [
            (&json!("chat"), &escaped, &escaped),
            (&json!("chat-decoder-0"), &escaped, &escaped)
        ],
        "{status:#}"
    );

    // On a terminal the table is as clean; with colour on, every escape sequence is our own
    // colour (SGR), none comes from the cluster.
    let args = ["migration", "status", "chat", "-n", &ns];
    let screen = on_terminal_async(&kubeconfig, &args, 100).await;
    assert!(screen.stdout.contains("MSG: boom \\u001B"), "{screen:?}");
    assert_clean("migration status on a terminal", "stdout", &screen.stdout);
    let coloured = {
        let kubeconfig = kubeconfig.clone();
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        tokio::task::spawn_blocking(move || {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            on_terminal(
                &kubeconfig,
                &args,
                100,
                Terminals::Separate,
                &[("NO_COLOR", "")],
            )
        })
        .await
        .unwrap()
    };
    assert!(
        coloured.stdout.contains("\u{1b}["),
        "colour is on: {coloured:?}"
    );
    assert_clean(
        "migration status in colour",
        "stdout",
        &without_colour(&coloured.stdout),
    );
}

/// `text` without its SGR colour sequences (`ESC [ digits/; m`); any other escape stays.
fn without_colour(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' || chars.peek() != Some(&'[') {
            out.push(c);
            continue;
        }
        let mut sequence = String::from(c);
        while let Some(next) = chars.next_if(|d| *d == '[' || d.is_ascii_digit() || *d == ';') {
            sequence.push(next);
        }
        if chars.next_if_eq(&'m').is_none() {
            out.push_str(&sequence);
        }
    }
    out
}

/// A service the strict checks accept, with hostile text only where no check looks: `scale`
/// previews, writes its result and every report renders.
#[tokio::test]
async fn hostile_text_beside_valid_evidence_is_escaped() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("hostile-valid").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    ChatFixture::new().create(&admin, &ns).await.unwrap();
    let controller = Controller::new(admin);
    controller
        .annotate_isvc(&ns, "chat", "example.com/note", Some(HOSTILE))
        .await
        .unwrap();
    controller
        .annotate_ir(&ns, "chat-engine", "example.com/note", Some(HOSTILE))
        .await
        .unwrap();
    let id = controller
        .add_migration(&ns, "chat-engine", "Completed")
        .await
        .unwrap();
    let kubeconfig = cluster.kubeconfig("scaler").unwrap();
    let runs = run_everything(&kubeconfig, &ns, &id).await;
    let scale = run_of(&runs, "\"scale\"", "json");
    assert_eq!(scale.code, 0, "{}", scale.stderr);
    assert!(
        scale.stderr.contains("guarded scale preview"),
        "{}",
        scale.stderr
    );
}

/// A Status message is cluster text: every command shows it escaped on its one error line.
#[tokio::test]
async fn a_hostile_status_message_is_escaped_on_the_error_line() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("hostile-status").await.unwrap();
    let admin = cluster.admin().await.unwrap();
    let id = {
        ChatFixture::new().create(&admin, &ns).await.unwrap();
        Controller::new(admin)
            .add_migration(&ns, "chat-engine", "Completed")
            .await
            .unwrap()
    };
    let proxy = Proxy::start(cluster, ProxyOptions::default()).unwrap();
    let status = json!({"kind": "Status", "apiVersion": "v1", "status": "Failure", "code": 500,
        "reason": "InternalError", "message": HOSTILE});
    let isvc = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices/chat");
    proxy.add_hook(
        Hook::new("GET", &isvc)
            .every()
            .respond(500, &status.to_string()),
    );
    let kubeconfig = proxy.kubeconfig_via_proxy("scaler").unwrap();
    let runs = run_everything(&kubeconfig, &ns, &id).await;
    // Every command but wait (and scale, below) names the read first, never the message.
    let read = |name: &str| {
        format!("{name} check: read object=InferenceService/{ns}/chat cause=http=500\n")
    };
    let expected = |command: &str, sub: &str| -> String {
        let name = format!("{command} {sub}");
        match command {
            "autoscale" | "instance" => format!(
                "{}error: get InferenceService \"{ns}/chat\": {ESCAPED}\n",
                read(&name)
            ),
            "rollout" => format!("{}error: {ESCAPED}\n", read(&name)),
            "migration" => format!(
                "{}error: collect migration status: get InferenceService: {ESCAPED}\n",
                read(&name)
            ),
            // A 500 is transient for wait: every read is skipped until its --timeout.
            "wait" => {
                "error: AcquisitionUnavailable: no read succeeded before the timeout\n".to_string()
            }
            "status" => format!(
                "{}error: status InferenceService could not be read\n",
                read("status")
            ),
            "admin" => format!("{}error: doctor collection failed\n", read(&name)),
            // scale names the read and its status code, never the message.
            _ => format!(
                "scale check: read object=InferenceService/{ns}/chat cause=http=500\n\
                 error: required Kubernetes API request failed; check access and connectivity\n"
            ),
        }
    };
    for (what, run) in &runs {
        let words: Vec<&str> = what
            .trim_start_matches('[')
            .split(", ")
            .map(|w| w.trim_matches(|c| c == '"' || c == ']'))
            .collect();
        let (command, sub) = (words[0], words.get(1).copied().unwrap_or_default());
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (1, "", expected(command, sub).as_str()),
            "{what}"
        );
    }
}

/// Completion candidates are lines a shell reads: a server listing names that are not names
/// (which a real API server never stores) gets none of them offered. `version` does not show a
/// server version that is not one.
#[tokio::test]
async fn completion_and_version_show_no_hostile_text() {
    let cluster = shared().unwrap();
    let ns = cluster.namespace("hostile-complete").await.unwrap();
    let proxy = Proxy::start(cluster, ProxyOptions::default()).unwrap();
    let list = json!({"kind": "InferenceServiceList", "apiVersion": "ome.io/v1beta1",
    "metadata": {}, "items": [
        {"metadata": {"name": "chat"}},
        {"metadata": {"name": "chat\n--kubeconfig=/tmp/x"}},
        {"metadata": {"name": HOSTILE}},
        {"metadata": {"name": "Chat-Upper"}},
    ]});
    let services = format!("/apis/ome.io/v1beta1/namespaces/{ns}/inferenceservices");
    proxy.add_hook(
        Hook::new("GET", &services)
            .every()
            .respond(200, &list.to_string()),
    );
    let version = json!({"major": "1", "minor": "37", "gitVersion": HOSTILE});
    proxy.add_hook(
        Hook::new("GET", "/version")
            .every()
            .respond(200, &version.to_string()),
    );
    let kubeconfig = proxy.kubeconfig_via_proxy("reader").unwrap();

    let completion = {
        let kubeconfig = kubeconfig.clone();
        let ns = ns.clone();
        tokio::task::spawn_blocking(move || {
            support::completion_command(Some(&kubeconfig))
                .args(["rollout", "status", "-n", &ns, ""])
                .output()
                .unwrap()
        })
        .await
        .unwrap()
    };
    assert_eq!(
        String::from_utf8(completion.stdout).unwrap(),
        "chat\n:4\n",
        "{}",
        String::from_utf8_lossy(&completion.stderr)
    );

    // A version string that is not one is not shown at all (`version` has only its text form).
    let run = plugin_async(Some(&kubeconfig), &["version"]).await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_clean("version", "stdout", &run.stdout);
    assert!(!run.stdout.contains("boom"), "{}", run.stdout);
}
