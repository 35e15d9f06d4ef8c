//! `kubectl ome admin doctor [--isvc NAME] [--access [--component C]]` against the real API
//! server (diagnose.md §4, §5.2): API discovery, the manager Deployment, the selected service,
//! and with `--access` the SelfSubjectAccessReviews that say whether this identity may scale.
//!
//! The tests of this file run one at a time (a lock), so the audit log between two marks holds
//! exactly one command's requests, discovery included (discovery has no namespace).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::support;
use crate::support::cluster;
use ome_testenv::operator::{ManagerDeployment, ensure_model_crds, remove_crd};
use ome_testenv::{AuditEvent, ChatFixture, Hook, Proxy, ProxyOptions, TestCluster};
use serde_json::{Value, json};
use std::path::Path;
use support::{Run, plugin_async};

/// The OME install of the shared cluster: model CRDs and a manager Deployment in a fresh
/// OME namespace; a workload namespace with the `chat` example.
struct Env {
    ws: String,
    ome: String,
}

impl Env {
    async fn new(manager: Option<ManagerDeployment>) -> Env {
        let c = cluster();
        let admin = c.admin().await.unwrap();
        ensure_model_crds(&admin).await.unwrap();
        let ome = c.namespace("dr-ome").await.unwrap();
        if let Some(manager) = manager {
            manager.create(&admin, &ome).await.unwrap();
        }
        let ws = c.namespace("dr-ws").await.unwrap();
        ChatFixture::new().create(&admin, &ws).await.unwrap();
        Env { ws, ome }
    }

    fn args<'a>(&'a self, extra: &[&'a str]) -> Vec<&'a str> {
        let mut args = vec![
            "admin",
            "doctor",
            "-n",
            &self.ws,
            "--ome-namespace",
            &self.ome,
        ];
        args.extend_from_slice(extra);
        args
    }
}

/// Runs the plugin and returns what it printed with every request it made (as `user`). Other
/// tests run as the same harness users at the same time, so a harness user runs as its twin
/// (the same rights and context name, an identity of its own): the audit records are this run's.
async fn doctor(kubeconfig: &Path, user: &str, args: &[&str]) -> (Run, Vec<AuditEvent>) {
    let twin = match user {
        "admin" => None,
        like => Some(cluster().twin(like).await.unwrap()),
    };
    let (kubeconfig, username) = match &twin {
        Some(twin) => (twin.kubeconfig.as_path(), twin.username()),
        None => (kubeconfig, user.to_string()),
    };
    let audit = cluster().audit();
    audit.sync().await.unwrap();
    let mark = audit.mark().unwrap();
    let run = plugin_async(Some(kubeconfig), args).await;
    audit.sync().await.unwrap();
    let requests = audit
        .events_since(mark)
        .unwrap()
        .into_iter()
        .filter(|e| e.user.username == username)
        .collect();
    (run, requests)
}

fn uris(requests: &[AuditEvent]) -> Vec<String> {
    requests
        .iter()
        .map(|e| format!("{} {}", e.verb, e.path()))
        .collect()
}

const DISCOVERY: [&str; 7] = [
    "get /api/v1",
    "get /apis/apps/v1",
    "get /apis/ome.io/v1beta1",
    "get /apis/autoscaling/v2",
    "get /apis/keda.sh/v1alpha1",
    "get /apis/gateway.networking.k8s.io/v1",
    "get /apis/kueue.x-k8s.io/v1beta1",
];

/// (resource, required, available on the test server) in id order.
const APIS: [(&str, bool, bool); 26] = [
    ("controllerrevisions", false, true),
    ("deployments", true, true),
    ("horizontalpodautoscalers", false, true),
    ("gatewayclasses", false, false),
    ("gateways", false, false),
    ("httproutes", false, false),
    ("scaledobjects", false, true),
    ("clusterqueues", false, false),
    ("localqueues", false, false),
    ("workloads", false, false),
    ("acceleratorclasses", false, false),
    ("acceleratorquotas", false, false),
    ("autoscalerpolicies", false, false),
    ("basemodels", true, true),
    ("benchmarkjobs", false, false),
    ("clusterbasemodels", true, true),
    ("clusterservingruntimes", true, true),
    ("finetunedweights", false, false),
    ("inferencereplicas", false, true),
    ("inferenceservices", true, true),
    ("servingruntimes", true, true),
    ("trafficmaps", false, false),
    ("workloadclusters", false, false),
    ("configmaps", true, true),
    ("events", true, true),
    ("pods", true, true),
];

const FEATURES: [&str; 11] = [
    "Components",
    "Lifecycle",
    "Autoscaling",
    "ScaleTarget",
    "Traffic",
    "Canary",
    "Rollout",
    "RolloutCoordination",
    "Placement",
    "MigrationHistory",
    "RuntimePin",
];

fn row(subject: &str, evidence: &str, detail: &str) -> String {
    format!("{subject:<27}{evidence:<22}{detail}")
        .trim_end()
        .to_string()
        + "\n"
}

fn client_version() -> String {
    format!("v{}", env!("CARGO_PKG_VERSION"))
}

/// The optional APIs of the groups this server does not serve at all (their discovery document
/// is a 404): `Optional NotFound` (website.md §4). A resource missing from a served group has no
/// reason.
const GROUP_NOT_FOUND: [&str; 6] = [
    "gatewayclasses",
    "gateways",
    "httproutes",
    "clusterqueues",
    "localqueues",
    "workloads",
];

/// Against the OME release this plugin follows (v1.3), not the plugin's own version.
fn tag_comparison(image: &str) -> &'static str {
    let client = "v1.3.0";
    let parts = |v: &str| -> Vec<u64> {
        v.trim_start_matches('v')
            .split('.')
            .map(|p| p.parse().unwrap())
            .collect()
    };
    let (a, b) = (parts(client), parts(image));
    if a[0] != b[0] {
        "MajorMismatch"
    } else if a[1].abs_diff(b[1]) > 1 {
        "OutsideOneMinor"
    } else {
        "WithinOneMinor"
    }
}

#[tokio::test]
async fn a_complete_install_table_json_and_yaml_with_eight_gets() {
    let env = Env::new(Some(ManagerDeployment::default())).await;
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let (run, requests) = doctor(&kubeconfig, "scaler", &env.args(&[])).await;

    let mut expected = row("SUBJECT", "EVIDENCE", "DETAIL");
    expected += &row("Doctor", "Incomplete", "GET-only; not authorization");
    expected += &row("Context", "scaler", "Current kubeconfig context");
    expected += &row("Workload namespace", &env.ws, "Only selected named GET");
    expected += &row("OME namespace", &env.ome, "Named manager Deployment GET");
    for (resource, required, available) in APIS {
        expected += &row(
            resource,
            if available {
                "Available"
            } else {
                "NotDiscoverableA..."
            },
            if required {
                "Required"
            } else if GROUP_NOT_FOUND.contains(&resource) {
                "Optional NotFound"
            } else {
                "Optional"
            },
        );
    }
    let bounded = |detail: String| {
        if detail.len() > 29 {
            format!("{}...", detail.get(..26).unwrap())
        } else {
            detail
        }
    };
    let manager = bounded(format!("{}/ome-controller-manager", env.ome));
    expected += &row("ManagerDeployment", "Available", &manager);
    // The namespace a selected service would be read in (website.md §4).
    let selected = bounded(format!("{}/", env.ws));
    expected += &row("SelectedInferenceService", "NotRequested", &selected);
    expected += &row("CLI version", &client_version(), "CanonicalCandidate");
    expected += &row("Manager image candidate", "v1.2.3", "SelectedStableTag");
    expected += &row(
        "Operator compatibility",
        "Unverifiable",
        "No canonical running version",
    );
    expected += &row(
        "Image-tag comparison",
        tag_comparison("v1.2.3"),
        "Computed; not compatibility",
    );
    for feature in FEATURES {
        expected += &row(feature, "NotSelected", "Generation unverifiable");
    }
    assert_eq!(run.ok(), expected);
    assert!(run.stdout.lines().all(|l| l.chars().count() <= 80));

    // Seven discovery documents in order, then the manager Deployment: 8 GETs, no LIST,
    // no access review, nothing written.
    let mut gets: Vec<String> = DISCOVERY.iter().map(|s| s.to_string()).collect();
    gets.push(format!(
        "get /apis/apps/v1/namespaces/{}/deployments/ome-controller-manager",
        env.ome
    ));
    assert_eq!(uris(&requests), gets);

    let (run, _) = doctor(&kubeconfig, "scaler", &env.args(&["-o", "json"])).await;
    let json = run.json();
    assert_eq!(json["apiVersion"], "cli.ome.io/v1alpha1");
    assert_eq!(json["kind"], "DoctorReport");
    assert_eq!(
        json["metadata"],
        json!({"namespace": env.ws, "name": "doctor"})
    );
    let content = &json["content"];
    let keys: Vec<&str> = content
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        ["context", "summary", "apis", "reads", "version", "features"]
    );
    assert_eq!(
        content["context"],
        json!({"name": "scaler", "workloadNamespace": env.ws, "omeNamespace": env.ome})
    );
    assert_eq!(content["summary"]["state"], "Incomplete");
    assert_eq!(content["summary"]["requiredAPIViolations"], 0);
    // 1 (skew) + 13 missing optional APIs + 1 read not requested + 11 features not selected.
    let missing = APIS.iter().filter(|(_, _, available)| !available).count();
    assert_eq!(missing, 13);
    assert_eq!(content["summary"]["unavailableEvidence"], 26);
    let apis = content["apis"].as_array().unwrap();
    assert_eq!(apis.len(), 26);
    assert_eq!(
        apis[1],
        json!({"id": "apps/v1/deployments", "groupVersion": "apps/v1",
               "resource": "deployments", "kind": "Deployment", "scope": "Namespaced",
               "required": true, "availability": "Available", "evidence": "Observed"})
    );
    assert_eq!(
        apis[3],
        json!({"id": "gateway.networking.k8s.io/v1/gatewayclasses",
               "groupVersion": "gateway.networking.k8s.io/v1", "resource": "gatewayclasses",
               "kind": "GatewayClass", "scope": "Cluster", "required": false,
               "availability": "NotDiscoverableAtVersion", "reason": "NotFound",
               "evidence": "Unavailable"})
    );
    let ids: Vec<&str> = apis.iter().map(|a| a["id"].as_str().unwrap()).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted);
    assert_eq!(
        content["reads"],
        json!([
            {"id": "ManagerDeployment", "method": "GET", "groupVersion": "apps/v1",
             "resource": "deployments", "namespace": env.ome, "name": "ome-controller-manager",
             "outcome": "Available", "evidence": "Observed"},
            {"id": "SelectedInferenceService", "method": "GET",
             "groupVersion": "ome.io/v1beta1", "resource": "inferenceservices",
             "namespace": env.ws, "outcome": "NotRequested", "evidence": "Unavailable"}
        ])
    );
    assert_eq!(content["version"]["clientVersion"], client_version());
    assert_eq!(content["version"]["operatorVersionState"], "Unverifiable");
    assert_eq!(content["version"]["skewState"], "Unverifiable");
    assert_eq!(content["version"]["comparisonEvidence"], "Computed");
    assert_eq!(content["features"].as_array().unwrap().len(), 11);
    assert_eq!(
        content["features"][0],
        json!({"id": "Components", "availability": "NotSelected",
               "generationFreshness": "Unverifiable", "evidence": "Unavailable"})
    );
    let source_kinds: Vec<&str> = json["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert!(source_kinds.contains(&"APIResourceList") && source_kinds.contains(&"Deployment"));
    assert!(
        json["sources"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s.get("uid").is_none())
    );

    let (run, _) = doctor(&kubeconfig, "scaler", &env.args(&["-o", "yaml"])).await;
    let yaml = run.ok();
    assert!(yaml.contains("\nkind: DoctorReport\n"), "{yaml}");
    let (run, _) = doctor(&kubeconfig, "scaler", &env.args(&["-o", "wide"])).await;
    let wide = run.ok();
    assert!(wide.contains("GET apps/v1 deployments"), "{wide}");
    assert!(wide.contains("Full values"), "{wide}");
}

#[tokio::test]
async fn a_selected_service_adds_one_get_and_its_features() {
    let env = Env::new(Some(ManagerDeployment::default())).await;
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let (run, requests) = doctor(
        &kubeconfig,
        "reader",
        &env.args(&["--isvc", "chat", "-o", "json"]),
    )
    .await;
    let json = run.json();
    let content = &json["content"];
    assert_eq!(content["reads"][1]["outcome"], "Available");
    assert_eq!(content["reads"][1]["name"], "chat");
    let features: Vec<(String, String)> = content["features"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["id"].as_str().unwrap().to_string(),
                f["availability"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let present = [
        "Components",
        "Lifecycle",
        "Autoscaling",
        "ScaleTarget",
        "Traffic",
    ];
    for (id, availability) in &features {
        let want = if present.contains(&id.as_str()) {
            "Present"
        } else {
            "AbsentOnSelectedObject"
        };
        assert_eq!(availability, want, "{id}");
    }
    assert_eq!(requests.len(), 9, "{:?}", uris(&requests));
    assert_eq!(
        uris(&requests).last().unwrap(),
        &format!(
            "get /apis/ome.io/v1beta1/namespaces/{}/inferenceservices/chat",
            env.ws
        )
    );
    assert!(requests.iter().all(|e| e.verb == "get"));

    // The selected service is fatal when it cannot be read.
    let (run, _) = doctor(&kubeconfig, "reader", &env.args(&["--isvc", "missing"])).await;
    let ws = &env.ws;
    let expected = format!(
        "admin doctor check: read object=InferenceService/{ws}/missing cause=NotFound\n\
         next: kubectl get inferenceservices.ome.io -n {ws}\nerror: doctor collection failed\n"
    );
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", expected.as_str())
    );
}

#[tokio::test]
async fn manager_deployment_evidence() {
    let cases: Vec<(Option<ManagerDeployment>, &str, &str, &str)> = vec![
        (None, "Unavailable", "-", "Unavailable"),
        (
            Some(ManagerDeployment::default().containers(&[("sidecar", "busybox:1.36")])),
            "Available",
            "-",
            "NoManagerContainer",
        ),
        (
            Some(ManagerDeployment::default().containers(&[
                ("manager", "ghcr.io/ome-projects/ome-manager:v1.2.3"),
                ("manager-2", "x"),
            ])),
            "Available",
            "v1.2.3",
            "SelectedStableTag",
        ),
        (
            Some(ManagerDeployment::new(
                "ghcr.io/ome-projects/ome-manager@sha256:0123",
            )),
            "Available",
            "-",
            "DigestOnly",
        ),
        (
            Some(ManagerDeployment::new("ghcr.io/ome-projects/ome-manager")),
            "Available",
            "-",
            "UnversionedImage",
        ),
        (
            Some(ManagerDeployment::new(
                "ghcr.io/ome-projects/ome-manager:main",
            )),
            "Available",
            "-",
            "NonCanonicalTag",
        ),
        (
            Some(ManagerDeployment::new(
                "ghcr.io/ome-projects/ome-manager:1.3.0",
            )),
            "Available",
            "v1.3.0",
            "SelectedStableTag",
        ),
    ];
    let cases = cases.into_iter().map(|c| (format!("{:?}", c.0), c));
    support::each_case(cases, |_, (manager, read, candidate, state)| async move {
        let env = Env::new(manager).await;
        let kubeconfig = cluster().kubeconfig("reader").unwrap();
        let (run, _) = doctor(&kubeconfig, "reader", &env.args(&[])).await;
        let text = run.ok();
        assert!(
            text.contains(&row("ManagerDeployment", read, "").trim_end().to_string()),
            "{text}"
        );
        assert!(
            text.contains(&row("Manager image candidate", candidate, state)),
            "{state}: {text}"
        );
    })
    .await;
    // Forbidden to read the Deployment: evidence, not an error.
    let env = Env::new(Some(ManagerDeployment::default())).await;
    let kubeconfig = cluster().kubeconfig("ome-reader").unwrap();
    let (run, _) = doctor(&kubeconfig, "ome-reader", &env.args(&["-o", "json"])).await;
    let json = run.json();
    assert_eq!(json["content"]["reads"][0]["outcome"], "Unavailable");
    assert_eq!(json["content"]["reads"][0]["reason"], "Forbidden");
}

#[tokio::test]
async fn a_missing_required_api_exits_2_after_the_report() {
    // A private server whose servingruntimes CRD is really gone.
    let private = TestCluster::start().await.unwrap();
    let admin = private.admin().await.unwrap();
    ensure_model_crds(&admin).await.unwrap();
    remove_crd(&admin, "ome.io", "v1beta1", "servingruntimes")
        .await
        .unwrap();
    let ome = private.namespace("dr-ome").await.unwrap();
    ManagerDeployment::default()
        .create(&admin, &ome)
        .await
        .unwrap();
    let kubeconfig = private.kubeconfig("reader").unwrap();
    let run = plugin_async(
        Some(&kubeconfig),
        &["admin", "doctor", "--ome-namespace", &ome, "-o", "json"],
    )
    .await;
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.stderr, "error: doctor found required API violations\n");
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["content"]["summary"]["state"], "Violations");
    assert_eq!(json["content"]["summary"]["requiredAPIViolations"], 1);
    let servingruntimes = json["content"]["apis"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["resource"] == "servingruntimes")
        .cloned()
        .unwrap();
    assert_eq!(servingruntimes["availability"], "NotDiscoverableAtVersion");
    // The context has no namespace: the workload namespace is `default`.
    assert_eq!(json["metadata"]["namespace"], "default");
}

#[tokio::test]
async fn forbidden_and_truncated_discovery_is_evidence_not_a_violation() {
    let env = Env::new(Some(ManagerDeployment::default())).await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    proxy.add_hook(Hook::new("GET", "/apis/ome.io/v1beta1").respond(
        403,
        r#"{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Forbidden","code":403,"message":"forbidden: \u001b]0;pwned\u0007"}"#,
    ));
    let resources: Vec<Value> = (0..257)
        .map(|i| json!({"name": format!("things{i}"), "kind": "Thing", "namespaced": true, "verbs": ["get"]}))
        .collect();
    let big = json!({"kind": "APIResourceList", "groupVersion": "keda.sh/v1alpha1", "resources": resources});
    proxy.add_hook(Hook::new("GET", "/apis/keda.sh/v1alpha1").respond(200, &big.to_string()));
    let kubeconfig = proxy.kubeconfig_via_proxy("reader").unwrap();
    let run = plugin_async(Some(&kubeconfig), &env.args(&["-o", "json"])).await;
    let json = run.json();
    let apis = json["content"]["apis"].as_array().unwrap();
    let by = |resource: &str| {
        apis.iter()
            .find(|a| a["resource"] == resource)
            .cloned()
            .unwrap()
    };
    assert_eq!(by("inferenceservices")["availability"], "Unavailable");
    assert_eq!(by("inferenceservices")["reason"], "Forbidden");
    assert_eq!(by("scaledobjects")["availability"], "Unavailable");
    assert_eq!(by("scaledobjects")["reason"], "Truncated");
    assert_eq!(json["content"]["summary"]["requiredAPIViolations"], 0);
    assert!(
        json["warnings"]
            .as_array()
            .unwrap()
            .contains(&json!({"code": "Truncated",
                "message": "Decoded diagnostic source exceeded its scan limit"}))
    );
    assert!(!run.stdout.contains("pwned"));
}

#[tokio::test]
async fn access_reviews_for_reader_scaler_and_nobody() {
    let env = Env::new(Some(ManagerDeployment::default())).await;

    // reader: may read the service, its replica and /scale, but not patch /scale.
    let reader = cluster().kubeconfig("reader").unwrap();
    let (run, requests) = doctor(
        &reader,
        "reader",
        &env.args(&["--access", "--isvc", "chat", "--component", "engine"]),
    )
    .await;
    assert_eq!(run.code, 2, "{run:?}");
    // The review that failed, whole, and the Role file that grants it, before the error line.
    assert_eq!(
        run.stderr,
        format!(
            "admin doctor check: access verb=patch resource=inferencereplicas/scale namespace={} name=chat-engine outcome=NotAllowed\n\
             admin doctor check: access grant=docs/rbac/scaler.yaml (docs/rbac/README.md)\n\
             error: doctor found access violations\n",
            env.ws
        )
    );
    let access = "chat-engine".to_string();
    // The contract's detail, "GET + access reviews; no writes", bounded at 29 columns.
    assert!(
        run.stdout.contains(&row(
            "Doctor",
            "Violations",
            "GET + access reviews; no w..."
        )),
        "{}",
        run.stdout
    );
    let target = |name: &str| {
        let detail = format!("{}/{name}", env.ws);
        if detail.len() > 29 {
            format!("{}...", detail.get(..26).unwrap())
        } else {
            detail
        }
    };
    // The SUBJECT column is bounded at 24 columns (the JSON has the full ids).
    for (subject, outcome, name) in [
        ("access GetInferenceSe...", "Allowed", "chat"),
        ("access GetInferenceRe...", "Allowed", access.as_str()),
        ("access PatchInference...", "NotAllowed", access.as_str()),
    ] {
        assert!(
            run.stdout.contains(&row(subject, outcome, &target(name))),
            "{subject}: {}",
            run.stdout
        );
    }
    // 9 GETs and 4 reviews; the reviews are the only writes.
    let reviews: Vec<&AuditEvent> = requests.iter().filter(|e| e.is_write()).collect();
    assert_eq!(reviews.len(), 4, "{:?}", uris(&requests));
    assert!(reviews.iter().all(|e| e.verb == "create"
        && e.path() == "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews"));
    assert_eq!(requests.len(), 13, "{:?}", uris(&requests));

    // scaler: every check allowed.
    let scaler = cluster().kubeconfig("scaler").unwrap();
    let (run, _) = doctor(
        &scaler,
        "scaler",
        &env.args(&[
            "--access",
            "--isvc",
            "chat",
            "--component",
            "engine",
            "-o",
            "json",
        ]),
    )
    .await;
    let json = run.json();
    let access = json["content"]["access"].as_array().unwrap();
    assert_eq!(access.len(), 4);
    assert!(
        access.iter().all(|a| a["outcome"] == "Allowed"),
        "{access:?}"
    );
    assert_eq!(
        access[2],
        json!({"id": "PatchInferenceReplicaScale", "verb": "patch", "group": "ome.io",
               "resource": "inferencereplicas", "subresource": "scale", "namespace": env.ws,
               "name": "chat-engine", "outcome": "Allowed", "evidence": "Observed"})
    );
    assert_eq!(json["content"]["summary"]["accessDenied"], 0);

    // Without --isvc the reviews name no object; without --component no replica name.
    let (run, requests) = doctor(&scaler, "scaler", &env.args(&["--access", "-o", "json"])).await;
    let json = run.json();
    let access = json["content"]["access"].as_array().unwrap();
    assert_eq!(access.len(), 4);
    assert!(access.iter().all(|a| a.get("name").is_none()), "{access:?}");
    assert_eq!(requests.iter().filter(|e| e.is_write()).count(), 4);

    // nobody: no opinion from RBAC, so not allowed.
    let nobody = cluster().kubeconfig("nobody").unwrap();
    let (run, _) = doctor(&nobody, "nobody", &env.args(&["--access"])).await;
    assert_eq!(run.code, 2, "{run:?}");
    let ws = &env.ws;
    let missing = |verb: &str, resource: &str, name: &str| {
        format!(
            "admin doctor check: access verb={verb} resource={resource} namespace={ws} name={name} outcome=NotAllowed\n"
        )
    };
    assert_eq!(
        run.stderr,
        [
            missing("get", "inferenceservices", "*"),
            missing("get", "inferencereplicas", "*"),
            missing("patch", "inferencereplicas/scale", "*"),
            missing("get", "inferencereplicas/scale", "*"),
            "admin doctor check: access grant=docs/rbac/scaler.yaml (docs/rbac/README.md)\n".into(),
            "error: doctor found access violations\n".into(),
        ]
        .concat()
    );
    let any = format!("{}/*", env.ws);
    assert!(
        run.stdout
            .contains(&row("access GetInferenceSe...", "NotAllowed", &any)),
        "{}",
        run.stdout
    );

    // With --isvc, the service nobody may not read is evidence beside the reviews, which
    // still run (a forbidden read is the answer the user came for).
    let args = env.args(&[
        "--access",
        "--isvc",
        "chat",
        "--component",
        "engine",
        "-o",
        "json",
    ]);
    let (run, requests) = doctor(&nobody, "nobody", &args).await;
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr
            .starts_with(&missing("get", "inferenceservices", "chat")),
        "{}",
        run.stderr
    );
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        json["content"]["reads"][1],
        json!({"id": "SelectedInferenceService", "method": "GET", "groupVersion": "ome.io/v1beta1",
               "resource": "inferenceservices", "namespace": ws, "name": "chat",
               "outcome": "Unavailable", "reason": "Forbidden", "evidence": "Unavailable"})
    );
    assert_eq!(json["content"]["summary"]["accessDenied"], 4);
    assert_eq!(requests.iter().filter(|e| e.is_write()).count(), 4);
}

/// `--as` (kubectl's impersonation, issue 12): the reviews answer for the impersonated user,
/// not for the one who authenticates.
#[tokio::test]
async fn access_reviews_answer_for_the_impersonated_user() {
    let env = Env::new(Some(ManagerDeployment::default())).await;
    let admin = cluster().kubeconfig("admin").unwrap();
    let access = [
        "--access",
        "--isvc",
        "chat",
        "--component",
        "engine",
        "-o",
        "json",
    ];
    // The report is written before the exit-2 error line.
    let report = |run: &Run| -> Value { serde_json::from_str(&run.stdout).unwrap() };
    let outcomes = |run: &Run| -> Vec<(String, String)> {
        report(run)["content"]["access"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["id"].as_str().unwrap().to_string(),
                    a["outcome"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let expected = |patch: &str| -> Vec<(String, String)> {
        [
            ("GetInferenceService", "Allowed"),
            ("GetInferenceReplica", "Allowed"),
            ("PatchInferenceReplicaScale", patch),
            ("GetInferenceReplicaScale", "Allowed"),
        ]
        .iter()
        .map(|(id, outcome)| (id.to_string(), outcome.to_string()))
        .collect()
    };

    // admin (system:masters) as reader: reader may not patch /scale.
    let args = [env.args(&access), vec!["--as", "reader"]].concat();
    let (run, _) = doctor(&admin, "admin", &args).await;
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr.ends_with(
            "outcome=NotAllowed\n\
             admin doctor check: access grant=docs/rbac/scaler.yaml (docs/rbac/README.md)\n\
             error: doctor found access violations\n"
        ),
        "{}",
        run.stderr
    );
    assert_eq!(outcomes(&run), expected("NotAllowed"));
    assert_eq!(report(&run)["content"]["summary"]["accessDenied"], 1);

    // admin as scaler: everything allowed, exit 0.
    let args = [env.args(&access), vec!["--as", "scaler"]].concat();
    let (run, _) = doctor(&admin, "admin", &args).await;
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(outcomes(&run), expected("Allowed"));

    // admin itself: allowed too, so the answers above are the impersonated users'.
    let (run, _) = doctor(&admin, "admin", &env.args(&access)).await;
    assert_eq!(run.code, 0, "{run:?}");
}

#[tokio::test]
async fn command_line_errors_read_nothing() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["admin", "doctor", "--bogus"],
            "admin doctor check: flags flag=--bogus rule=unknown-flag\ninvalid doctor flags; use --help",
        ),
        (
            vec!["admin", "doctor", "extra"],
            "doctor accepts no positional arguments",
        ),
        (
            vec!["admin", "doctor", "-o", "JSON"],
            "doctor output must be table, wide, json or yaml",
        ),
        (
            vec!["admin", "doctor", "--isvc", ""],
            "doctor InferenceService name is invalid",
        ),
        (
            vec!["admin", "doctor", "--isvc", "Bad_Name"],
            "doctor InferenceService name is invalid",
        ),
        (
            vec!["admin", "doctor", "--ome-namespace", "Bad_NS"],
            "doctor namespaces are invalid",
        ),
        (
            vec!["admin", "doctor", "-n", "Bad_NS"],
            "doctor workload namespace is invalid",
        ),
        (
            vec!["admin", "doctor", "--request-timeout", "soon"],
            "doctor request timeout is invalid",
        ),
        (
            vec!["admin", "doctor", "--request-timeout=-1s"],
            "doctor request timeout is invalid",
        ),
        (
            vec!["admin", "doctor", "--component", "engine"],
            "doctor --component requires --access and --isvc",
        ),
        (
            vec![
                "admin",
                "doctor",
                "--access",
                "--isvc",
                "chat",
                "--component",
                "gpu",
            ],
            "doctor component must be engine, decoder or router",
        ),
    ];
    support::assert_rejected_without_requests(cluster(), "reader", &cases).await;
}
