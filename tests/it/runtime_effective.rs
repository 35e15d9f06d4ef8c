//! `kubectl ome runtime effective` against the real API server (after-the-write.md §3): AutoSync,
//! a pinned revision, drift, ServingRuntimes in the service's namespace named with and without
//! their kind and inheriting a cluster profile, an automatically selected runtime, the errors,
//! and every request it sends (never a write).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support::{Run, assert_rejected_without_requests, cluster, plugin_async};
use ome_testenv::crds::serving_runtime_resource;
use ome_testenv::fixtures::{CHAT_RUNTIME, RuntimeRef};
use ome_testenv::objects::get;
use ome_testenv::revisions::{RevisionSource, create_revision};
use ome_testenv::{ChatFixture, Controller};
use serde_json::json;

struct Env {
    ns: String,
    admin: kube::Client,
    ctl: Controller,
}

async fn env(prefix: &str, fixture: ChatFixture) -> Env {
    let c = cluster();
    let ns = c.namespace(prefix).await.unwrap();
    let admin = c.admin().await.unwrap();
    fixture.create(&admin, &ns).await.unwrap();
    Env {
        ns,
        ctl: Controller::new(admin.clone()),
        admin,
    }
}

/// Runs the command as a twin of `reader` (so every request it sends, cluster-scoped ones
/// too, is its own) and returns what it printed with the requests the server received:
/// `(verb, resource, namespace)` in arrival order. None may be a write.
async fn effective(ns: &str, extra: &[&str]) -> (Run, Vec<(String, String, String)>) {
    let c = cluster();
    let twin = c.twin("reader").await.unwrap();
    let audit = c.audit();
    audit.sync().await.unwrap();
    let mark = audit.mark().unwrap();
    let mut args = vec!["runtime", "effective", "chat", "-n", ns];
    args.extend_from_slice(extra);
    let run = plugin_async(Some(&twin.kubeconfig), &args).await;
    audit.sync().await.unwrap();
    let user = twin.username();
    let events: Vec<_> = audit
        .events_since(mark)
        .unwrap()
        .into_iter()
        .filter(|e| e.user.username == user)
        .collect();
    assert!(events.iter().all(|e| !e.is_write()), "{events:#?}");
    let requests = events
        .iter()
        .map(|e| {
            let ns = e
                .object_ref
                .as_ref()
                .map(|o| o.namespace.clone())
                .unwrap_or_default();
            (e.verb.clone(), e.resource(), ns)
        })
        .collect();
    (run, requests)
}

fn sorted(mut requests: Vec<(String, String, String)>) -> Vec<(String, String, String)> {
    requests.sort();
    requests
}

/// A value over the table's 54 columns keeps 21 columns at each end around `...`, then `#`
/// and 8 hex of its SHA-256 (after-the-write.md §3.5).
fn fit(value: &str) -> String {
    use sha2::{Digest, Sha256};
    if value.len() <= 54 {
        return value.to_string();
    }
    let digest: String = Sha256::digest(value.as_bytes())[..4]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let chars: Vec<char> = value.chars().collect();
    let head: String = chars.iter().take(21).collect();
    let tail: String = chars.iter().skip(chars.len() - 21).collect();
    format!("{head}...{tail}#{digest}")
}

fn get_of(resource: &str, ns: &str) -> (String, String, String) {
    ("get".into(), resource.into(), ns.into())
}

#[tokio::test]
async fn auto_sync_shows_the_live_runtime_as_active() {
    let env = env("rte-auto", ChatFixture::new()).await;
    let ns = env.ns.as_str();
    let (run, requests) = effective(ns, &[]).await;
    assert_eq!(
        run.ok(),
        "\
SCOPE     FIELD           VALUE
Live      STATE           Available
Live      RUNTIME         CSR/srt-llama-3-2-1b-instruct-pd
Live      ENGINE          OMENative (ServiceSpec)
Live      DECODER         OMENative (ServiceSpec)
Live      ROUTER          OMENative (ServiceSpec)
Active    STATE           Available
Active    RUNTIME         CSR/srt-llama-3-2-1b-instruct-pd
Active    ENGINE          OMENative (ServiceSpec)
Active    DECODER         OMENative (ServiceSpec)
Active    ROUTER          OMENative (ServiceSpec)
Service   PIN             AutoSync/NotApplicable
Service   SYNC            Absent
Service   STATUS          Current
Service   DRIFT           NotReported
Service   LIVE-RELATION   Equal
"
    );
    // The service, the runtime in both scopes (sent together) and the model in both.
    assert_eq!(
        sorted(requests),
        sorted(vec![
            get_of("inferenceservices", ns),
            get_of("clusterservingruntimes", ""),
            get_of("servingruntimes", ns),
            get_of("basemodels", ns),
            get_of("clusterbasemodels", ""),
        ])
    );
    let (run, _) = effective(ns, &["-o", "json"]).await;
    let report = run.json();
    assert_eq!(report["kind"], "RuntimeEffectiveReport");
    let content = &report["content"];
    let keys: Vec<&String> = content.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "selection",
            "inheritance",
            "pin",
            "live",
            "active",
            "liveToActive",
            "issues"
        ]
    );
    assert_eq!(content["selection"]["source"], "Explicit");
    assert_eq!(
        content["selection"]["runtime"]["kind"],
        "ClusterServingRuntime"
    );
    assert_eq!(content["inheritance"]["state"], "Observed");
    assert_eq!(content["pin"]["mode"], "AutoSync");
    assert_eq!(content["pin"]["syncState"], "Absent");
    assert_eq!(content["live"]["origin"], "LiveRuntime");
    assert!(content["live"].get("hash").is_none());
    assert_eq!(content["issues"], json!([]));
    assert_eq!(report["warnings"], json!([]));
    let kinds: Vec<&str> = report["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "ClusterBaseModel",
            "ClusterServingRuntime",
            "InferenceService"
        ]
    );
}

async fn pin_namespaced_runtime(env: &Env) -> (String, String) {
    let ns = env.ns.as_str();
    cluster().ensure_namespace("ome").await.unwrap();
    let spec = get(
        &env.admin,
        &serving_runtime_resource(),
        Some(ns),
        CHAT_RUNTIME,
    )
    .await
    .unwrap()["spec"]
        .clone();
    let source = RevisionSource::namespaced(ns, CHAT_RUNTIME, spec);
    let stored = create_revision(&env.admin, "ome", source.body(|_| {}).unwrap())
        .await
        .unwrap();
    let name = stored["metadata"]["name"].as_str().unwrap().to_string();
    (name, source.hash().unwrap())
}

#[tokio::test]
async fn a_pinned_revision_is_active_and_drift_is_the_controllers() {
    let env = env(
        "rte-pin",
        ChatFixture::new().namespaced_runtime_as(RuntimeRef::KindOnly),
    )
    .await;
    let ns = env.ns.as_str();
    let (name, hash) = pin_namespaced_runtime(&env).await;
    env.ctl
        .patch_isvc(
            ns,
            "chat",
            json!({"spec": {"runtime": {"autoSync": false, "revision": name}}}),
        )
        .await
        .unwrap();
    env.ctl.observe_isvc(ns, "chat").await.unwrap();
    env.ctl
        .patch_isvc_status(
            ns,
            "chat",
            json!({"status": {"pinnedRevisionName": name, "conditions": [
                {"type": "RuntimeDrifted", "status": "True", "reason": "RevisionMismatch",
                 "message": "\u{1b}[31mnever shown", "lastTransitionTime": "2026-09-20T08:00:00Z"}]}}),
        )
        .await
        .unwrap();
    let (run, requests) = effective(ns, &[]).await;
    let runtime = format!("SR/{ns}/{CHAT_RUNTIME}");
    let shown = fit(&name);
    assert!(shown.contains(&format!("-{hash}#")), "{shown}");
    assert_eq!(
        run.ok(),
        format!(
            "\
SCOPE     FIELD           VALUE
Live      STATE           Available
Live      RUNTIME         {runtime}
Live      ENGINE          OMENative (ServiceSpec)
Live      DECODER         OMENative (ServiceSpec)
Live      ROUTER          OMENative (ServiceSpec)
Active    STATE           Available
Active    RUNTIME         {runtime}
Active    REVISION        {shown}
Active    ENGINE          OMENative (ServiceSpec)
Active    DECODER         OMENative (ServiceSpec)
Active    ROUTER          OMENative (ServiceSpec)
Service   PIN             ExplicitPin/Resolved
Service   SYNC            Absent
Service   STATUS          Current
Service   DRIFT           ReportedTrue/RevisionMismatch
Service   LIVE-RELATION   Unknown
"
        )
    );
    // `kind: ServingRuntime` is looked up only in the namespace; the one revision once.
    assert_eq!(
        sorted(requests),
        sorted(vec![
            get_of("inferenceservices", ns),
            get_of("servingruntimes", ns),
            get_of("basemodels", ns),
            get_of("clusterbasemodels", ""),
            get_of("controllerrevisions", "ome"),
        ])
    );
    let (run, _) = effective(ns, &["-o", "wide"]).await;
    let wide = run.ok();
    assert!(
        wide.lines()
            .next()
            .unwrap()
            .starts_with("VIEW     STATE       REASON   RUNTIME"),
        "{wide}"
    );
    assert_eq!(wide.lines().count(), 7, "{wide}");
    // One row per view and component; the service's values repeat on each.
    let words = |n: usize| -> Vec<String> {
        wide.lines()
            .nth(n)
            .unwrap()
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let long_runtime = format!("ServingRuntime/{ns}/{CHAT_RUNTIME}");
    let service = [
        "ExplicitPin",
        "Resolved",
        "Absent",
        "Current",
        "ReportedTrue/RevisionMismatch",
        "Unknown",
        "-",
    ];
    let row = |view: &str, revision: &str, hash: &str, component: &str| -> Vec<String> {
        [
            view,
            "Available",
            "-",
            &long_runtime,
            revision,
            hash,
            component,
        ]
        .into_iter()
        .chain(["OMENative", "ServiceSpec"])
        .chain(service)
        .map(str::to_string)
        .collect()
    };
    assert_eq!(words(1), row("Live", "-", "-", "engine"));
    assert_eq!(words(3), row("Live", "-", "-", "router"));
    // The HASH column reads `-` (website.md §5); JSON and YAML keep the hash.
    assert_eq!(words(4), row("Active", &name, "-", "engine"));
    // The report never carries the condition's message, the spec or the revision's data.
    let (run, _) = effective(ns, &["-o", "yaml"]).await;
    let yaml = run.ok();
    assert!(yaml.contains("kind: RuntimeEffectiveReport\n"), "{yaml}");
    assert!(yaml.contains(&format!("hash: {hash}\n")), "{yaml}");
    for hidden in ["never shown", "sglang", "engineConfig", "resourceVersion"] {
        assert!(!yaml.contains(hidden), "{hidden}: {yaml}");
    }
    // A requested revision that is not there: the pin is missing, the Active view names it.
    env.ctl
        .patch_isvc(
            ns,
            "chat",
            json!({"spec": {"runtime": {"revision": "r-gone-00000000"}}}),
        )
        .await
        .unwrap();
    let (run, _) = effective(ns, &["-o", "json"]).await;
    let report = run.json();
    let content = &report["content"];
    assert_eq!(content["pin"]["state"], "RevisionMissing");
    assert_eq!(content["pin"]["requestedRevision"], "r-gone-00000000");
    assert_eq!(content["pin"]["reportedRevision"], name.as_str());
    assert_eq!(
        content["active"],
        json!({"state": "Unavailable", "revision": {"namespace": "ome", "name": "r-gone-00000000"},
               "components": [], "unavailableReason": "NotFound"})
    );
    let codes: Vec<String> = content["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            format!(
                "{}({})",
                i["code"].as_str().unwrap(),
                i["revision"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        codes,
        [
            "ActiveRevisionUnavailable()".to_string(),
            "RevisionNotFound(r-gone-00000000)".to_string(),
            // The spec changed and the controller has not observed it yet.
            "StatusStale()".to_string(),
        ]
    );
}

#[tokio::test]
async fn a_bare_name_finds_the_inheriting_serving_runtime_of_the_namespace() {
    let parent = format!("rte-profile-{}", std::process::id());
    let env = env(
        "rte-inherit",
        ChatFixture::new()
            .namespaced_runtime_as(RuntimeRef::BareName)
            .inherits_from(&parent),
    )
    .await;
    let ns = env.ns.as_str();
    let (run, requests) = effective(ns, &["-o", "json"]).await;
    let report = run.json();
    let content = &report["content"];
    assert_eq!(content["selection"]["runtime"]["kind"], "ServingRuntime");
    assert_eq!(content["selection"]["runtime"]["namespace"], ns);
    let chain: Vec<(String, String)> = content["inheritance"]["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["kind"].as_str().unwrap().to_string(),
                s["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // Root first: the cluster profile, then the namespace's runtime.
    assert_eq!(
        chain,
        [
            ("ClusterServingRuntime".to_string(), parent.clone()),
            ("ServingRuntime".to_string(), CHAT_RUNTIME.to_string()),
        ]
    );
    assert_eq!(content["live"]["state"], "Available");
    assert_eq!(content["pin"]["state"], "NotApplicable");
    // A bare name is stored as the cluster kind: the cluster 404 falls back to the namespace,
    // whose runtime's parent is looked up in the namespace first, then at cluster scope.
    assert_eq!(
        sorted(requests),
        sorted(vec![
            get_of("inferenceservices", ns),
            get_of("clusterservingruntimes", ""),
            get_of("servingruntimes", ns),
            get_of("servingruntimes", ns),
            get_of("clusterservingruntimes", ""),
            get_of("basemodels", ns),
            get_of("clusterbasemodels", ""),
        ])
    );
}

/// Neither a runtime nor a model (a service naming only its model is served from the runtime
/// OME selects: tests/it/runtime_selection.rs).
#[tokio::test]
async fn a_service_naming_neither_runtime_nor_model_has_nothing_to_evaluate() {
    let env = env("rte-neither", ChatFixture::new()).await;
    let ns = env.ns.as_str();
    env.ctl
        .patch_isvc(
            ns,
            "chat",
            json!({"spec": {"runtime": null, "model": null}}),
        )
        .await
        .unwrap();
    env.ctl.observe_isvc(ns, "chat").await.unwrap();
    let (run, requests) = effective(ns, &[]).await;
    assert_eq!(
        run.ok(),
        "\
SCOPE     FIELD           VALUE
Live      STATE           Unavailable
Live      REASON          NotConfigured
Active    STATE           Unavailable
Active    REASON          NotConfigured
Service   PIN             AutoSync/Unavailable
Service   SYNC            Absent
Service   STATUS          Current
Service   DRIFT           NotReported
Service   LIVE-RELATION   Unknown
Service   ISSUE           InheritanceUnavailable
"
    );
    // Nothing is listed or read but the service.
    assert_eq!(
        sorted(requests),
        sorted(vec![get_of("inferenceservices", ns)])
    );
}

#[tokio::test]
async fn errors_come_in_the_contracts_order_with_empty_stdout() {
    let env = env("rte-errors", ChatFixture::new()).await;
    let ns = env.ns.as_str();
    let cases: Vec<(Vec<&str>, String)> = vec![
        (vec![], "accepts 1 arg(s), received 0".into()),
        (vec!["a", "b"], "accepts 1 arg(s), received 2".into()),
        (
            vec!["chat", "-o", "name"],
            "unsupported output format \"name\" (supported: table, wide, json, yaml)".into(),
        ),
        (
            vec!["Chat", "-o", "name"],
            "unsupported output format \"name\" (supported: table, wide, json, yaml)".into(),
        ),
        (
            vec!["Chat"],
            "InferenceService name \"Chat\" is invalid: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character".into(),
        ),
        (
            vec!["chat", "--ome-namespace", ""],
            "OME namespace must not be empty".into(),
        ),
        (
            vec!["chat", "--ome-namespace", "Ome"],
            "OME namespace \"Ome\" is invalid: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character".into(),
        ),
    ];
    // Each is refused before any request reaches the server.
    let cases: Vec<(Vec<&str>, String)> = cases
        .into_iter()
        .map(|(extra, message)| {
            let mut args = vec!["runtime", "effective"];
            args.extend(extra);
            args.extend(["-n", ns]);
            (args, message)
        })
        .collect();
    assert_rejected_without_requests(cluster(), "reader", &cases).await;
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    // A service that is not there: the read is named, then the API's own words.
    let args = ["runtime", "effective", "nope", "-n", ns];
    let run = plugin_async(Some(&kubeconfig), &args).await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            1,
            "",
            format!(
                "runtime effective check: read object=InferenceService/{ns}/nope cause=NotFound\n\
                 next: kubectl get inferenceservices.ome.io -n {ns}\n\
                 error: get InferenceService: inferenceservices.ome.io \"nope\" not found\n"
            )
            .as_str()
        )
    );
    // An identity without read access.
    let nobody = cluster().kubeconfig("nobody").unwrap();
    let run = plugin_async(Some(&nobody), &["runtime", "effective", "chat", "-n", ns]).await;
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.starts_with(&format!(
            "runtime effective check: read object=InferenceService/{ns}/chat cause=Forbidden\n\
             next: kubectl ome admin doctor --access -n {ns}\n\
             error: get InferenceService: "
        )),
        "{}",
        run.stderr
    );
}
