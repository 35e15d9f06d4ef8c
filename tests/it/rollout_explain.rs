//! `kubectl ome rollout explain` against the real API server (rollout-explain.md): the
//! operator example's goldens byte for byte, every test vector of §5 with the service stored
//! as the vector describes it, argument and binding errors (one GET at most), the `next:` line
//! of `rollout status` while something holds the rollout, and a refused scale whose `next:`
//! line, pasted, explains the hold.

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use crate::scale_support::{CONFIRMED, WORK, args, assert_refused};
use crate::support::terminal::on_terminal_async;
use crate::{evidence_support, support};
use ome_testenv::crds::isvc_resource;
use ome_testenv::objects;
use ome_testenv::{Hook, Proxy, ProxyOptions};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use support::{cluster, plugin_async};

/// A namespace of services stored exactly as a vector describes them.
struct Lab {
    ns: String,
    admin: kube::Client,
}

/// One stored service: its annotations, spec and status.
#[derive(Clone)]
struct Case {
    annotations: Value,
    spec: Value,
    status: Value,
}

impl Case {
    fn new(spec: Value, status: Value) -> Case {
        Case {
            annotations: json!({}),
            spec,
            status,
        }
    }

    fn annotated(mut self, key: &str, value: &str) -> Case {
        self.annotations[key] = json!(value);
        self
    }

    /// The status with `value` at the JSON pointer `at` (objects on the way are created).
    fn with_status(mut self, at: &str, value: Value) -> Case {
        set(&mut self.status, at, value);
        self
    }

    fn with_spec(mut self, at: &str, value: Value) -> Case {
        set(&mut self.spec, at, value);
        self
    }
}

fn set(doc: &mut Value, at: &str, value: Value) {
    let mut target = doc;
    for key in at.split('/').filter(|k| !k.is_empty()) {
        target = match target {
            Value::Array(items) => &mut items[key.parse::<usize>().unwrap()],
            other => {
                if other.get(key).is_none() {
                    other[key] = json!({});
                }
                &mut other[key]
            }
        };
    }
    *target = value;
}

/// The DETAIL cells of the compact table's rows named `item`, whatever the column widths.
fn details(table: &str, item: &str) -> Vec<String> {
    table
        .lines()
        .filter_map(|l| {
            let rest = l.get(12..)?;
            let rest = rest.strip_prefix(item)?;
            rest.starts_with("  ").then(|| rest.trim().to_string())
        })
        .collect()
}

impl Lab {
    async fn new(prefix: &str) -> Lab {
        let c = cluster();
        Lab {
            ns: c.namespace(prefix).await.unwrap(),
            admin: c.admin().await.unwrap(),
        }
    }

    async fn store(&self, name: &str, case: &Case) {
        let object = json!({"metadata": {"name": name, "annotations": case.annotations},
                            "spec": case.spec});
        objects::create(&self.admin, &isvc_resource(), Some(&self.ns), object)
            .await
            .unwrap();
        objects::merge_patch_status(
            &self.admin,
            &isvc_resource(),
            Some(&self.ns),
            name,
            json!({"status": case.status}),
        )
        .await
        .unwrap();
    }

    /// `rollout explain NAME -o json` as `reader`: exit 0, nothing on stderr.
    async fn report(&self, name: &str) -> Value {
        let kubeconfig = cluster().kubeconfig("reader").unwrap();
        let run = plugin_async(
            Some(&kubeconfig),
            &["rollout", "explain", name, "-n", &self.ns, "-o", "json"],
        )
        .await;
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run:?}");
        serde_json::from_str(&run.stdout).unwrap()
    }

    /// Stores `case` as `name` and returns its report.
    async fn explain(&self, name: &str, case: &Case) -> Value {
        self.store(name, case).await;
        self.report(name).await
    }
}

/// `(code, view, group)` of every explain issue.
fn issues(report: &Value) -> Vec<(String, Option<String>, Option<u64>)> {
    report["content"]["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["code"].as_str().unwrap().to_string(),
                i["view"].as_str().map(str::to_string),
                i["group"].as_u64(),
            )
        })
        .collect()
}

fn has(report: &Value, code: &str, view: Option<&str>, group: Option<u64>) -> bool {
    issues(report).contains(&(code.to_string(), view.map(str::to_string), group))
}

fn assert_issue(report: &Value, code: &str, view: Option<&str>, group: Option<u64>) {
    assert!(
        has(report, code, view, group),
        "expected {code}({view:?},{group:?}) in {}",
        report["content"]["issues"]
    );
}

fn codes(report: &Value) -> Vec<String> {
    issues(report).into_iter().map(|(c, _, _)| c).collect()
}

fn group<'a>(report: &'a Value, view: &str, index: usize) -> &'a Value {
    &report["content"][format!("{view}Groups")][index]
}

fn hold_kinds(report: &Value) -> Vec<(String, Option<u64>)> {
    report["content"]["holds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["kind"].as_str().unwrap().to_string(), h["group"].as_u64()))
        .collect()
}

/// Every setting effect of a view's groups.
fn effects(report: &Value, view: &str) -> Vec<String> {
    let mut out = Vec::new();
    for g in report["content"][format!("{view}Groups")]
        .as_array()
        .unwrap()
    {
        for s in [
            &g["soak"],
            &g["maintainRatio"]["tolerance"],
            &g["rollingUpdate"]["maxSurge"],
            &g["rollingUpdate"]["maxUnavailable"],
        ] {
            if let Some(effect) = s["effect"].as_str() {
                out.push(effect.to_string());
            }
        }
    }
    out
}

fn rev(service: &str, component: &str, hash: &str) -> String {
    format!("{service}-{component}-rev-{hash}")
}

/// *b*: OMENative, `engine: {}`.
fn b() -> Value {
    json!({"deploymentMode": "OMENative", "engine": {}})
}

/// *b* with the decoder (and the router) declared too.
fn b_with(components: &[&str]) -> Value {
    let mut spec = b();
    for c in components {
        spec[*c] = json!({});
    }
    spec
}

fn canary(steps: Value) -> Value {
    json!({"steps": steps})
}

fn two_steps(capacity: &str, traffic: i64) -> Value {
    json!([{"capacity": capacity, "traffic": traffic}, {"capacity": "100%", "traffic": 100}])
}

/// *aC* for the service `name`: b + an engine canary `50%/50`, `100%/100`, Canarying at step 0
/// with traffic 50/50; no run.
fn a_c(name: &str) -> Case {
    let mut spec = b();
    spec["rollout"] = json!({"groups": [{"components": ["engine"],
        "canary": canary(two_steps("50%", 50))}]});
    let status = json!({
        "components": {"engine": {"rolloutPhase": "Canarying", "traffic": [
            {"revisionName": rev(name, "engine", "aaaaaaaa"), "percent": 50},
            {"revisionName": rev(name, "engine", "bbbbbbbb"), "percent": 50}]}},
        "canary": {"stableRevisionHash": "aaaaaaaa", "canaryRevisionHash": "bbbbbbbb",
                   "currentStep": 0, "observedTrafficWeight": 50}});
    Case::new(spec, status)
}

fn condition(kind: &str, status: &str, reason: &str) -> Value {
    json!({"type": kind, "status": status, "reason": reason,
           "message": "a condition message that never shows",
           "lastTransitionTime": "2026-08-31T18:00:00Z"})
}

fn pinned(source: &str, group: Value) -> Value {
    json!({"source": source, "portableDigest": "rp1:aaaaaaaaaaaa", "group": group})
}

/// An active run of `entries` (its run ID is never shown).
fn run(entries: Value) -> Value {
    json!({"runID": "run-id-never-shown", "plan": {"groups": entries}})
}

fn policy_ref(name: &str, progression: &str) -> Value {
    json!({"kind": "RolloutPolicy", "name": name, "progression": progression})
}

// §3.4, §3.5 — the operator example, against the real server.

const GOLDEN_TABLE_SHA: &str = "56c10d00ec4a7f05443957c8157fb4ec3912b2f20c40275176f96ada892bca7a";
const GOLDEN_WIDE_SHA: &str = "1efdfbdc63b693637e96670915a4a3f775c385c47d9c855a683a01c9881f19d0";
const GOLDEN_JSON_SHA: &str = "ea26ce7639699a8d5abec00ca0b07adc1ddfa7b446711c01b63f75d423e6e21f";
const GOLDEN_YAML_SHA: &str = "966e6538ea213c0e88b1b4c326c6a747a91a4f5b0c6a8d505297ac51e5715c9d";

fn sha(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The fixture `explainInferenceService` (§3.4), as the service `chat`.
fn operator_example() -> Case {
    let spec = json!({"deploymentMode": "OMENative", "engine": {},
        "rollout": {"groups": [{"components": ["engine"], "canary": {"steps": [
            {"capacity": "25%", "traffic": 10, "pause": {}},
            {"capacity": "100%", "traffic": 100}]}}]}});
    let status = json!({
        "observedGeneration": 7,
        "rollout": {"activeRun": {"runID": "redacted-by-contract", "plan": {"groups": [{
            "source": "Policy", "policyRef": policy_ref("guarded", "canary"),
            "policyGeneration": 4, "portableDigest": "rp1:aaaaaaaaaaaa",
            "group": {"components": ["engine"], "canary": {"steps": [
                {"capacity": "50%", "traffic": 20, "pause": {}},
                {"capacity": "100%", "traffic": 100}]}}}]}}},
        "components": {"engine": {
            "rolloutPhase": "Canarying",
            "latestRolledoutRevision": "chat-engine-rev-aaaaaaaa",
            "latestReadyRevision": "chat-engine-rev-bbbbbbbb",
            "traffic": [{"revisionName": "chat-engine-rev-aaaaaaaa", "percent": 80},
                        {"revisionName": "chat-engine-rev-bbbbbbbb", "percent": 20}]}},
        "canary": {"stableRevisionHash": "aaaaaaaa", "canaryRevisionHash": "bbbbbbbb",
                   "currentStep": 0, "observedTrafficWeight": 20},
        "conditions": [condition("RolloutPlanReady", "True", "Pinned"),
                       condition("RolloutPlanDrift", "True", "SpecNewerThanRun")]});
    Case::new(spec, status).annotated("ome.io/rollout-promote", "promotesecrettoken")
}

/// The report as the golden shows it: the namespace `prod`, the UID `isvc-uid`, generation 7
/// and the golden's clock put in place of the real server's (each run has its own clock).
fn as_golden(text: &str, lab: &Lab, report: &Value) -> String {
    let uid = report["sources"][0]["uid"].as_str().unwrap();
    let (_, after) = text.split_once("collectedAt").unwrap();
    let at: String = after
        .trim_start_matches(['"', ':', ' '])
        .chars()
        .take_while(|c| *c != '"')
        .collect();
    text.replace(uid, "isvc-uid")
        .replace(&lab.ns, "prod")
        .replace(&at, "2026-08-31T18:30:00Z")
        .replace("\"generation\": 1,", "\"generation\": 7,")
        .replace("generation: 1\n", "generation: 7\n")
}

#[tokio::test]
async fn the_operator_example_matches_every_golden_byte_for_byte() {
    let lab = Lab::new("rx-golden").await;
    lab.store("chat", &operator_example()).await;
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let audit = cluster().audit();
    audit.sync().await.unwrap();
    let before = audit.requests_by(&lab.ns, "reader").unwrap().len();
    let mut outputs = Vec::new();
    for format in ["table", "wide", "json", "yaml"] {
        let run = plugin_async(
            Some(&kubeconfig),
            &["rollout", "explain", "chat", "-n", &lab.ns, "-o", format],
        )
        .await;
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run:?}");
        outputs.push(run.stdout);
    }
    audit.sync().await.unwrap();
    // One GET per run.
    assert_eq!(
        audit.requests_by(&lab.ns, "reader").unwrap().len() - before,
        4
    );
    let report: Value = serde_json::from_str(&outputs[2]).unwrap();
    assert_eq!(sha(&outputs[0]), GOLDEN_TABLE_SHA, "{}", outputs[0]);
    assert_eq!(outputs[0].len(), 1207);
    assert_eq!(sha(&outputs[1]), GOLDEN_WIDE_SHA, "{}", outputs[1]);
    assert_eq!(outputs[1].len(), 2186);
    let json = as_golden(&outputs[2], &lab, &report);
    assert_eq!(sha(&json), GOLDEN_JSON_SHA, "{json}");
    let yaml = as_golden(&outputs[3], &lab, &report);
    assert_eq!(sha(&yaml), GOLDEN_YAML_SHA, "{yaml}");
    for secret in [
        "redacted-by-contract",
        "promotesecrettoken",
        "a condition message",
    ] {
        assert!(
            outputs.iter().all(|o| !o.contains(secret)),
            "{secret} shown"
        );
    }
}

#[tokio::test]
async fn the_table_fits_80_and_120_columns_and_never_stacks() {
    let lab = Lab::new("rx-bounds").await;
    let long = format!("{}-policy", "long".repeat(30));
    let case =
        operator_example().with_spec("/rollout/groups/0/policyRef", policy_ref(&long, "canary"));
    lab.store("chat", &case).await;
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    for columns in [80u16, 120] {
        let args = ["rollout", "explain", "chat", "-n", &lab.ns];
        let screen = on_terminal_async(&kubeconfig, &args, columns).await;
        assert_eq!(screen.code, 0, "{screen:?}");
        let text = screen.stdout.replace("\r\n", "\n");
        assert!(text.starts_with("VIEW "), "stacked: {text}");
        assert!(!text.contains("VIEW:"), "stacked: {text}");
        for line in text.lines() {
            assert!(line.chars().count() <= usize::from(columns), "{line:?}");
        }
        assert!(text.contains("HOLD") || text.contains("GROUP 0"), "{text}");
    }
}

#[tokio::test]
async fn a_paused_operator_example_shows_both_holds() {
    let lab = Lab::new("rx-paused").await;
    let case = operator_example()
        .annotated("ome.io/rollout-paused", "true")
        .with_status("/components/engine/rolloutPhase", json!("Paused"));
    lab.store("chat", &case).await;
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let run = plugin_async(
        Some(&kubeconfig),
        &["rollout", "explain", "chat", "-n", &lab.ns],
    )
    .await;
    let table = run.ok();
    assert!(
        table.contains(
            "            DRIFT       True/SpecNewerThanRun; evidence=Reported\n            HOLD        GlobalPause; evidence=Declared\n"
        ),
        "{table}"
    );
    assert!(
        table.contains(
            "                        digest=rp1:aaaaaaaaaaaa\n            HOLD        ObservedPaused; evidence=Reported\n            PHASE       Paused\n"
        ),
        "{table}"
    );
}

#[tokio::test]
async fn a_service_without_rollout_is_the_constructed_minimal_report() {
    let lab = Lab::new("rx-minimal").await;
    let spec = json!({"deploymentMode": "OMENative",
        "engine": {"annotations": {"ome.io/deploymentMode": "RawDeployment"}}});
    lab.store("chat", &Case::new(spec, json!({}))).await;
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    let table = plugin_async(
        Some(&kubeconfig),
        &["rollout", "explain", "chat", "-n", &lab.ns],
    )
    .await;
    assert_eq!(
        table.ok(),
        "\
VIEW        ITEM    DETAIL
Declared    PLAN    groups=0
Live        PLAN    mode=Live; groups=0
Effective   PLAN    mode=Live; evidence=Declared; groups=0
            READY   Unobserved; evidence=Unavailable
            DRIFT   Unobserved; evidence=Unavailable
"
    );
    let wide = plugin_async(
        Some(&kubeconfig),
        &["rollout", "explain", "chat", "-n", &lab.ns, "-o", "wide"],
    )
    .await;
    let rows: Vec<Vec<&str>> = wide
        .ok()
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(
        rows[1],
        [
            "Effective",
            "-",
            "Declared",
            "Live",
            "-",
            "-",
            "-",
            "groups=0",
            "-",
            "-",
            "-",
            "-",
            "Unobserved",
            "Unobserved",
            "-",
            "-",
            "-",
            "-"
        ]
    );
    let report = lab.report("chat").await;
    assert_eq!(
        report["content"]["summary"]["effectivePlan"],
        json!({"mode": "Live", "evidence": "Declared"})
    );
    assert_eq!(
        report["content"]["observed"]["summary"]["reportedState"],
        "NotConfigured"
    );
    for key in [
        "declaredGroups",
        "liveGroups",
        "effectiveGroups",
        "holds",
        "issues",
    ] {
        assert_eq!(report["content"][key], json!([]), "{key}");
    }
    assert_eq!(report["warnings"], json!([]));
}

// §5 — the test vectors, each stored on the real server.

#[tokio::test]
async fn v01_separates_declared_pinned_and_observed_evidence() {
    let lab = Lab::new("rx-v01").await;
    let analysis = json!({"interval": "1m", "failureLimit": 2, "metrics": [
        {"name": "p99-metric-name", "query": "histogram_quantile(0.99, secret_series)",
         "threshold": "0.5", "operator": "LT"}]});
    let pinned_group = json!({"components": ["engine"], "canary": {"steps": [
        {"capacity": "50%", "traffic": 20, "analysis": analysis},
        {"capacity": "100%", "traffic": 100}]}});
    let case = a_c("svc")
        .with_spec(
            "/rollout/groups/0/canary/steps/0",
            json!({"capacity": "25%", "traffic": 10, "pause": {}}),
        )
        .with_status(
            "/rollout/activeRun",
            run(
                json!([{"source": "Policy", "policyRef": policy_ref("guarded", "canary"),
                "policyGeneration": 4, "portableDigest": "rp1:aaaaaaaaaaaa",
                "group": pinned_group}]),
            ),
        )
        .with_status(
            "/conditions",
            json!([
                condition("RolloutPlanReady", "True", "Pinned"),
                condition("RolloutPlanDrift", "True", "SpecNewerThanRun")
            ]),
        )
        .with_status("/canary/preStepHold", json!(true))
        .annotated("ome.io/rollout-paused", "true");
    let r = lab.explain("svc", &case).await;
    let c = &r["content"];
    assert_eq!(
        c["summary"]["effectivePlan"],
        json!({"mode": "Pinned", "evidence": "Reported"})
    );
    assert_eq!(group(&r, "declared", 0)["steps"][0]["capacity"], "25%");
    let effective = group(&r, "effective", 0);
    assert_eq!(effective["evidence"], "Reported");
    assert_eq!(effective["source"], "Policy");
    assert_eq!(effective["policy"]["generation"], 4);
    assert_eq!(effective["policy"]["digest"], effective["portableDigest"]);
    assert_eq!(effective["steps"][0]["gate"], "Analysis");
    assert_eq!(effective["steps"][0]["analysis"]["metricCount"], 1);
    let holds = hold_kinds(&r);
    assert!(holds.contains(&("GlobalPause".into(), None)), "{holds:?}");
    assert!(
        holds.contains(&("CanaryPreStep".into(), Some(0))),
        "{holds:?}"
    );
    let text = r.to_string();
    for secret in [
        "run-id-never-shown",
        "p99-metric-name",
        "secret_series",
        "a condition message",
        "\"true\"",
    ] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
}

#[tokio::test]
async fn v02_accepts_a_pinned_policy_named_only() {
    let lab = Lab::new("rx-v02").await;
    let case = a_c("svc").with_status(
        "/rollout/activeRun",
        run(
            json!([{"source": "Policy", "policyRef": {"name": "guarded"},
            "portableDigest": "rp1:aaaaaaaaaaaa",
            "group": {"components": ["engine"], "canary": canary(two_steps("50%", 50))}}]),
        ),
    );
    let r = lab.explain("svc", &case).await;
    let policy = &group(&r, "effective", 0)["policy"];
    assert_eq!(
        (
            &policy["kind"],
            &policy["name"],
            &policy["progression"],
            &policy["evidence"]
        ),
        (
            &json!("RolloutPolicy"),
            &json!("guarded"),
            &json!("canary"),
            &json!("Reported")
        )
    );
    assert!(!has(&r, "ActiveRunMalformed", Some("Effective"), Some(0)));
}

#[tokio::test]
async fn v03_an_intentionally_empty_pinned_plan_is_authoritative() {
    let lab = Lab::new("rx-v03").await;
    let mut spec = b();
    spec["rollout"] = json!({"groups": [{"components": ["engine"], "blueGreen": {}}]});
    let case = Case::new(spec, json!({"rollout": {"activeRun": run(json!([]))}}));
    let r = lab.explain("svc", &case).await;
    let c = &r["content"];
    assert_eq!(c["summary"]["effectivePlan"]["mode"], "Pinned");
    assert_eq!(c["declaredGroups"].as_array().unwrap().len(), 1);
    assert_eq!(c["effectiveGroups"], json!([]));
    assert_eq!(c["observed"]["groups"], json!([]));
}

#[tokio::test]
async fn v04_malformed_pinned_groups() {
    let lab = Lab::new("rx-v04").await;
    let steps = two_steps("50%", 50);
    let cases = [
        ("bare", pinned("Inline", json!({"components": ["engine"]}))),
        (
            "mismatch",
            json!({"source": "Policy", "policyRef": {"name": "guarded", "progression": "blueGreen"},
                   "policyGeneration": 1, "portableDigest": "rp1:aaaaaaaaaaaa",
                   "group": {"components": ["engine"], "canary": canary(steps.clone())}}),
        ),
        (
            "traffic",
            pinned(
                "Inline",
                json!({"components": ["engine"], "canary": canary(json!([
                {"capacity": "50%", "traffic": 101}, {"capacity": "100%", "traffic": 100}]))}),
            ),
        ),
        (
            "inner-ref",
            pinned(
                "Inline",
                json!({"components": ["engine"], "canary": canary(steps.clone()),
                       "policyRef": {"name": "inner"}}),
            ),
        ),
    ];
    for (name, entry) in cases {
        let case = a_c(name).with_status("/rollout/activeRun", run(json!([entry])));
        let r = lab.explain(name, &case).await;
        assert_issue(&r, "ActiveRunMalformed", Some("Effective"), Some(0));
        let g = group(&r, "effective", 0);
        assert!(g.get("policy").is_none(), "{name}: {g}");
        assert!(!codes(&r).contains(&"PolicyBodyUnavailable".to_string()));
        if name == "bare" {
            assert_eq!(
                (&g["strategy"], &g["defaulted"]),
                (&json!("Unknown"), &json!(false))
            );
        }
        if name == "traffic" {
            assert_eq!(g["steps"][0]["traffic"], 0);
        }
    }
}

#[tokio::test]
async fn v05_an_unresolved_policy_body_is_not_invented() {
    let lab = Lab::new("rx-v05").await;
    let mut spec = b();
    spec["rollout"] = json!({"groups": [{"components": ["engine"],
        "policyRef": policy_ref("guarded", "rollingUpdate")}]});
    let r = lab.explain("a", &Case::new(spec.clone(), json!({}))).await;
    assert_eq!(r["content"]["summary"]["effectivePlan"]["mode"], "Live");
    let g = group(&r, "effective", 0);
    assert_eq!(
        (&g["source"], &g["strategy"]),
        (&json!("Policy"), &json!("RollingUpdate"))
    );
    assert!(g.get("rollingUpdate").is_none(), "{g}");
    assert_eq!(g["steps"], json!([]));
    assert_issue(&r, "PolicyBodyUnavailable", Some("Effective"), Some(0));
    let resolved = Case::new(
        spec,
        json!({"rollout": {"groups": [{"index": 0, "source": "Policy",
            "policyRef": policy_ref("guarded", "rollingUpdate")}]}}),
    );
    let r = lab.explain("b", &resolved).await;
    let policy = &group(&r, "effective", 0)["policy"];
    assert_eq!(policy["evidence"], "Reported");
    assert!(policy.get("digest").is_none(), "{policy}");
    assert!(!codes(&r).contains(&"ResolutionMalformed".to_string()));
}

#[tokio::test]
async fn v06_no_gate_hold_and_no_secret_from_malformed_status() {
    let lab = Lab::new("rx-v06").await;
    let case = a_c("gate")
        .with_spec(
            "/rollout/groups/0/canary/steps/0",
            json!({"capacity": "50%", "traffic": 50, "pause": {}}),
        )
        .with_status("/components/engine/rolloutPhase", json!("Pending"));
    let r = lab.explain("gate", &case).await;
    assert_eq!(r["content"]["holds"], json!([]));
    let hostile = a_c("hostile")
        .with_spec(
            "/rollout/groups/0/canary",
            json!({"prometheus": {"serverAddress": "https://prom.secret.example",
                                  "headers": {"Authorization": "Bearer sekrit-header"}},
                   "steps": [{"capacity": "50%", "traffic": 50, "analysis": {
                       "interval": "1m", "failureLimit": 1, "onInconclusive": "Explode",
                       "metrics": [{"name": "m", "query": "up", "threshold": "1", "operator": "GT"}]}},
                             {"capacity": "100%", "traffic": 100}]}),
        )
        .with_status("/canary/currentStep", json!(-1));
    let r = lab.explain("hostile", &hostile).await;
    let text = r.to_string();
    for secret in ["prom.secret.example", "sekrit-header", "Explode"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    assert_eq!(
        group(&r, "effective", 0)["steps"][0]["analysis"]["onInconclusive"],
        "Unknown"
    );
    assert_issue(&r, "EffectivePlanMalformed", Some("Effective"), Some(0));
}

#[tokio::test]
async fn v07_malformed_plan_conditions_are_invalid() {
    let lab = Lab::new("rx-v07").await;
    let ready = |s: &str, r: &str| condition("RolloutPlanReady", s, r);
    let cases = [
        (
            "dup",
            None,
            json!([ready("True", "NoActiveRun"), ready("True", "NoActiveRun")]),
        ),
        ("status", None, json!([ready("False", "Pinned")])),
        (
            "run-noactive",
            Some(json!({})),
            json!([ready("True", "NoActiveRun")]),
        ),
        ("norun-pinned", None, json!([ready("True", "Pinned")])),
        (
            "norun-drift",
            None,
            json!([condition("RolloutPlanDrift", "True", "SpecNewerThanRun")]),
        ),
    ];
    for (name, active, conditions) in cases {
        let mut case = Case::new(b(), json!({"conditions": conditions}));
        if let Some(active) = active {
            case = case.with_status("/rollout/activeRun", active);
        }
        let r = lab.explain(name, &case).await;
        let summary = &r["content"]["summary"];
        let invalid = json!({"state": "Invalid", "reason": "Unknown", "evidence": "Reported"});
        assert!(
            summary["planReady"] == invalid || summary["planDrift"] == invalid,
            "{name}: {summary}"
        );
        assert_issue(&r, "PlanConditionMalformed", None, None);
        assert!(
            !hold_kinds(&r).iter().any(|(k, _)| k == "PlanParked"),
            "{name}"
        );
    }
}

#[tokio::test]
async fn v08_a_valid_failure_condition_parks_the_plan() {
    let lab = Lab::new("rx-v08").await;
    let case = Case::new(
        b(),
        json!({"conditions": [condition("RolloutPlanReady", "False", "PolicyNotFound")]}),
    );
    let r = lab.explain("svc", &case).await;
    assert_eq!(
        r["content"]["summary"]["planReady"],
        json!({"state": "False", "reason": "PolicyNotFound", "evidence": "Reported"})
    );
    assert_eq!(hold_kinds(&r), [("PlanParked".to_string(), None)]);
    assert_eq!(r["content"]["issues"], json!([]));
}

#[tokio::test]
async fn v09_a_stored_plan_of_five_groups_is_bounded() {
    let lab = Lab::new("rx-v09").await;
    let groups: Vec<Value> = (0..5)
        .map(|_| json!({"components": ["engine"], "canary": canary(two_steps("50%", 50))}))
        .collect();
    let entries: Vec<Value> = groups.iter().map(|g| pinned("Inline", g.clone())).collect();
    let mut spec = b();
    spec["rollout"] = json!({"groups": groups});
    let case = Case::new(spec, json!({"rollout": {"activeRun": run(json!(entries))}}));
    let r = lab.explain("svc", &case).await;
    for view in ["declared", "live", "effective"] {
        let n = r["content"][format!("{view}Groups")]
            .as_array()
            .unwrap()
            .len();
        assert_eq!(n, 3, "{view}");
    }
    assert!(r["content"]["observed"]["groups"].as_array().unwrap().len() <= 3);
    assert_issue(&r, "PlanTruncated", Some("Declared"), None);
    assert_issue(&r, "PlanTruncated", Some("Effective"), None);
    assert!(
        r["warnings"]
            .as_array()
            .unwrap()
            .contains(&json!({"code": "Truncated"}))
    );
    assert!(issues(&r).len() <= 32);
}

fn next_policy_entry() -> Value {
    json!({"index": 0, "source": "Inline", "policyRef": policy_ref("next-policy", "canary"),
           "observedDigest": "rp1:111111111111",
           "shadowedPolicyRef": {"name": "next-policy", "wouldPinDigest": "rp1:222222222222"}})
}

#[tokio::test]
async fn v10_an_inline_digest_and_the_shadowed_policy_preview() {
    let lab = Lab::new("rx-v10").await;
    let case = a_c("svc")
        .with_spec(
            "/rollout/groups/0/policyRef",
            policy_ref("next-policy", "canary"),
        )
        .with_status("/rollout/groups", json!([next_policy_entry()]));
    let r = lab.explain("svc", &case).await;
    assert_eq!(
        group(&r, "declared", 0)["shadowedPolicy"]["evidence"],
        "Declared"
    );
    let g = group(&r, "effective", 0);
    assert_eq!(g["portableDigest"], "rp1:111111111111");
    assert_eq!(
        (
            &g["shadowedPolicy"]["digest"],
            &g["shadowedPolicy"]["evidence"]
        ),
        (&json!("rp1:222222222222"), &json!("Reported"))
    );
    assert!(!codes(&r).contains(&"ResolutionMissing".to_string()));
}

#[tokio::test]
async fn v11_contradictory_resolutions_apply_nothing() {
    let lab = Lab::new("rx-v11").await;
    let with_ref = |name: &str| {
        a_c(name).with_spec(
            "/rollout/groups/0/policyRef",
            policy_ref("next-policy", "canary"),
        )
    };
    let entry = next_policy_entry();
    let mut cases = vec![(
        "policy",
        a_c("policy"),
        json!({"index": 0, "source": "Policy", "policyRef": policy_ref("other", "canary")}),
    )];
    let edits: [(&str, &str, Value); 5] = [
        ("name", "/policyRef/name", json!("other-policy")),
        ("progression", "/policyRef/progression", json!("blueGreen")),
        ("digest", "/observedDigest", json!("rp1:NOT-A-DIGEST")),
        ("nodigest", "/observedDigest", Value::Null),
        ("noshadow", "/shadowedPolicyRef", Value::Null),
    ];
    for (name, at, value) in edits {
        let mut e = entry.clone();
        match value {
            Value::Null => {
                let key = at.trim_start_matches('/');
                e.as_object_mut().unwrap().remove(key);
            }
            v => *e.pointer_mut(at).unwrap() = v,
        }
        cases.push((name, with_ref(name), e));
    }
    for (name, case, e) in cases {
        let case = case.with_status("/rollout/groups", json!([e]));
        let r = lab.explain(name, &case).await;
        assert_issue(&r, "ResolutionMalformed", Some("Effective"), Some(0));
        let g = group(&r, "effective", 0);
        assert!(g.get("portableDigest").is_none(), "{name}: {g}");
        assert!(g.get("policy").is_none(), "{name}: {g}");
    }
}

#[tokio::test]
async fn v12_duplicate_out_of_range_and_hostile_resolutions() {
    let lab = Lab::new("rx-v12").await;
    let entry = json!({"index": 0, "source": "Inline", "observedDigest": "rp1:111111111111"});
    let mut seven = entry.clone();
    seven["index"] = json!(7);
    let case = a_c("dup").with_status("/rollout/groups", json!([entry, entry, seven]));
    let r = lab.explain("dup", &case).await;
    assert_issue(&r, "ResolutionMalformed", Some("Effective"), Some(0));
    assert_issue(&r, "ResolutionMalformed", Some("Effective"), None);
    assert!(group(&r, "effective", 0).get("portableDigest").is_none());
    let mut flood: Vec<Value> = (1..=100)
        .map(|i| json!({"index": i, "source": "Inline", "observedDigest": "rp1:111111111111"}))
        .collect();
    flood.push(json!({"index": 0, "source": "Policy"}));
    let case = a_c("flood").with_status("/rollout/groups", json!(flood));
    let r = lab.explain("flood", &case).await;
    assert_issue(&r, "ResolutionMalformed", Some("Effective"), Some(0));
    assert_issue(&r, "ResolutionMalformed", Some("Effective"), None);
    assert!(issues(&r).len() <= 32, "{}", r["content"]["issues"]);
}

#[tokio::test]
async fn v13_defaulted_budgets_ratio_and_gate_precedence() {
    let lab = Lab::new("rx-v13").await;
    let mut bare = b();
    bare["rollout"] = json!({"groups": [{"components": ["engine"]}]});
    let r = lab.explain("bare", &Case::new(bare, json!({}))).await;
    let g = group(&r, "declared", 0);
    assert_eq!(
        (
            &g["source"],
            &g["strategy"],
            &g["progressionOrigin"],
            &g["defaulted"]
        ),
        (
            &json!("Defaulted"),
            &json!("BlueGreen"),
            &json!("Defaulted"),
            &json!(true)
        )
    );
    let mut rolling = b_with(&["decoder"]);
    rolling["rollout"] = json!({"groups": [{"components": ["engine", "decoder"],
        "rollingUpdate": {}, "maintainRatio": {}}]});
    let r = lab.explain("rolling", &Case::new(rolling, json!({}))).await;
    let g = group(&r, "declared", 0);
    let defaulted = json!({"value": "25%", "source": "Defaulted", "effect": "Applied"});
    assert_eq!(
        g["rollingUpdate"],
        json!({"maxSurge": defaulted, "maxUnavailable": defaulted})
    );
    assert_eq!(g["maintainRatio"]["tolerance"]["source"], "Unresolved");
    assert!(g["maintainRatio"]["tolerance"].get("value").is_none());
    let analysis = json!({"interval": "30s", "failureLimit": 1, "metrics": [
        {"name": "m", "query": "up", "threshold": "1", "operator": "GT"}]});
    let mut gates = b();
    gates["rollout"] = json!({"groups": [{"components": ["engine"], "canary": canary(json!([
        {"capacity": "10%", "traffic": 0},
        {"capacity": "25%", "traffic": 10, "pause": {}},
        {"capacity": "50%", "traffic": 20, "pause": {"duration": "1m"}},
        {"capacity": "75%", "traffic": 50, "pause": {"duration": "1m"}, "analysis": analysis},
        {"capacity": "100%", "traffic": 100}]))}]});
    let r = lab.explain("gates", &Case::new(gates, json!({}))).await;
    let steps = group(&r, "declared", 0)["steps"]
        .as_array()
        .unwrap()
        .clone();
    let gates: Vec<&str> = steps.iter().map(|s| s["gate"].as_str().unwrap()).collect();
    assert_eq!(
        gates,
        ["Immediate", "Manual", "Timed", "Analysis", "Immediate"]
    );
    assert_eq!(steps[2]["pause"], "1m0s");
    assert_eq!(steps[3]["analysis"]["interval"], "30s");
    assert_eq!(steps[3]["analysis"]["onInconclusive"], "Hold");
}

#[tokio::test]
async fn v14_ignored_final_soak_and_single_component_ratio() {
    let lab = Lab::new("rx-v14").await;
    let mut spec = b_with(&["decoder"]);
    spec["rollout"] = json!({"groups": [
        {"components": ["decoder"], "blueGreen": {}, "soak": "1m"},
        {"components": ["engine"], "blueGreen": {}, "soak": "30s",
         "maintainRatio": {"tolerance": 7}}]});
    let r = lab.explain("svc", &Case::new(spec, json!({}))).await;
    for view in ["declared", "effective"] {
        assert_eq!(group(&r, view, 0)["soak"]["effect"], "Applied", "{view}");
        assert_eq!(group(&r, view, 0)["soak"]["value"], "1m0s", "{view}");
        assert_eq!(group(&r, view, 1)["soak"]["effect"], "IgnoredFinalGroup");
        assert_eq!(
            group(&r, view, 1)["maintainRatio"]["tolerance"],
            json!({"value": "7%", "source": "Configured", "effect": "IgnoredSingleComponent"})
        );
    }
}

#[tokio::test]
async fn v15_soak_follows_resolution_and_inline_precedence() {
    let lab = Lab::new("rx-v15").await;
    let spec_of = |groups: Value, extra: &[&str]| {
        let mut spec = b_with(extra);
        spec["rollout"] = json!({"groups": groups});
        spec
    };
    let shadowed = spec_of(
        json!([{"components": ["decoder"], "blueGreen": {}, "soak": "1m",
                "policyRef": policy_ref("p", "blueGreen")},
               {"components": ["engine"], "blueGreen": {}}]),
        &["decoder"],
    );
    let r = lab
        .explain("shadowed", &Case::new(shadowed, json!({})))
        .await;
    assert_eq!(group(&r, "declared", 0)["soak"]["effect"], "Applied");
    let policies = spec_of(
        json!([{"components": ["decoder"], "soak": "1m", "policyRef": policy_ref("p", "blueGreen")},
               {"components": ["engine"], "policyRef": policy_ref("q", "blueGreen")}]),
        &["decoder"],
    );
    let r = lab
        .explain("policies", &Case::new(policies, json!({})))
        .await;
    assert_eq!(group(&r, "declared", 0)["soak"]["effect"], "Unknown");
    let ratio = spec_of(
        json!([{"components": ["engine", "decoder"], "policyRef": policy_ref("p", "blueGreen"),
                "maintainRatio": {"tolerance": 5}}]),
        &["decoder"],
    );
    let r = lab.explain("ratio", &Case::new(ratio, json!({}))).await;
    for view in ["declared", "effective"] {
        assert_eq!(
            group(&r, view, 0)["maintainRatio"]["tolerance"]["effect"],
            "Unknown"
        );
    }
    let unordered = spec_of(
        json!([{"components": ["decoder"], "blueGreen": {}, "soak": "1m"},
               {"components": ["engine"], "blueGreen": {}, "soak": "1m"},
               {"components": ["router"], "canary": canary(two_steps("50%", 50)), "soak": "1m"}]),
        &["decoder", "router"],
    );
    let r = lab
        .explain("unordered", &Case::new(unordered, json!({})))
        .await;
    assert_eq!(effects(&r, "declared"), ["Unknown", "Unknown", "Unknown"]);
}

#[tokio::test]
async fn v16_live_resolution_stays_apart_from_the_pinned_plan() {
    let lab = Lab::new("rx-v16").await;
    let pinned_run = run(json!([{"source": "Policy",
        "policyRef": policy_ref("pinned-policy", "canary"), "policyGeneration": 3,
        "portableDigest": "rp1:aaaaaaaaaaaa",
        "group": {"components": ["engine"], "canary": canary(two_steps("50%", 50))}}]));
    let case = a_c("apart")
        .with_spec(
            "/rollout/groups/0/policyRef",
            policy_ref("next-policy", "canary"),
        )
        .with_status("/rollout/groups", json!([next_policy_entry()]))
        .with_status("/rollout/activeRun", pinned_run.clone());
    let r = lab.explain("apart", &case).await;
    assert_eq!(group(&r, "live", 0)["portableDigest"], "rp1:111111111111");
    let effective = group(&r, "effective", 0);
    assert_eq!(effective["policy"]["name"], "pinned-policy");
    assert_eq!(effective["portableDigest"], "rp1:aaaaaaaaaaaa");
    let bad = a_c("bad")
        .with_status(
            "/rollout/groups",
            json!([{"index": 0, "source": "Inline", "observedDigest": "not-a-digest"}]),
        )
        .with_status("/rollout/activeRun", pinned_run);
    let r = lab.explain("bad", &bad).await;
    let resolution: Vec<_> = issues(&r)
        .into_iter()
        .filter(|(c, _, _)| c == "ResolutionMalformed")
        .collect();
    assert_eq!(
        resolution,
        [(
            "ResolutionMalformed".to_string(),
            Some("Live".to_string()),
            Some(0)
        )]
    );
}

#[tokio::test]
async fn v17_a_live_policy_digest_is_no_body_evidence() {
    let lab = Lab::new("rx-v17").await;
    let mut spec = b_with(&["decoder"]);
    spec["rollout"] = json!({"groups": [
        {"components": ["decoder"], "soak": "1m", "policyRef": policy_ref("a", "blueGreen")},
        {"components": ["engine"], "soak": "1m", "policyRef": policy_ref("b", "blueGreen"),
         "maintainRatio": {"tolerance": 5}}]});
    let status = json!({
        "rollout": {"groups": [
            {"index": 0, "source": "Policy", "policyRef": policy_ref("a", "blueGreen"),
             "observedDigest": "rp1:333333333333"},
            {"index": 1, "source": "Policy", "policyRef": policy_ref("b", "blueGreen"),
             "observedDigest": "rp1:444444444444"}]},
        "conditions": [condition("RolloutPlanReady", "False", "PolicyNotReady")]});
    let r = lab.explain("svc", &Case::new(spec, status)).await;
    assert_eq!(group(&r, "effective", 0)["soak"]["effect"], "Unknown");
    assert_eq!(
        group(&r, "effective", 1)["soak"]["effect"],
        "IgnoredFinalGroup"
    );
    assert_eq!(
        group(&r, "effective", 1)["maintainRatio"]["tolerance"]["effect"],
        "Unknown"
    );
    assert_eq!(
        group(&r, "effective", 0)["policy"]["digest"],
        "rp1:333333333333"
    );
    assert!(hold_kinds(&r).contains(&("PlanParked".to_string(), None)));
}

#[tokio::test]
async fn v18_an_honest_progression_origin() {
    let lab = Lab::new("rx-v18").await;
    let mut spec = b();
    spec["rollout"] = json!({"groups": [{"components": ["engine"]}]});
    let case = Case::new(
        spec,
        json!({"rollout": {"activeRun": run(json!([pinned("Inline",
            json!({"components": ["engine"], "blueGreen": {}}))]))}}),
    );
    let r = lab.explain("svc", &case).await;
    let origins: Vec<&Value> = ["declared", "live", "effective"]
        .iter()
        .map(|v| &group(&r, v, 0)["progressionOrigin"])
        .collect();
    assert_eq!(
        origins,
        [&json!("Defaulted"), &json!("Defaulted"), &json!("Unknown")]
    );
}

#[tokio::test]
async fn v19_plan_bodies_the_controller_rejects() {
    let lab = Lab::new("rx-v19").await;
    let analysis = |interval: &str, limit: i64, metrics: usize| {
        let metrics: Vec<Value> = (0..metrics)
            .map(|i| json!({"name": format!("m{i}"), "query": "up", "threshold": "1", "operator": "GT"}))
            .collect();
        json!({"interval": interval, "failureLimit": limit, "metrics": metrics})
    };
    let analysed = |a: Value| {
        json!({"components": ["engine"], "canary": canary(json!([
            {"capacity": "50%", "traffic": 50, "analysis": a},
            {"capacity": "100%", "traffic": 100}]))})
    };
    let cases: Vec<(&str, Value)> = vec![
        (
            "ratio",
            json!({"components": ["engine", "decoder"], "blueGreen": {},
                   "maintainRatio": {"tolerance": 101}}),
        ),
        (
            "surge",
            json!({"components": ["engine"], "rollingUpdate": {"maxSurge": "101%"}}),
        ),
        (
            "zero",
            json!({"components": ["engine"], "rollingUpdate": {"maxSurge": 0, "maxUnavailable": 0}}),
        ),
        ("empty", json!({"components": ["engine"], "canary": {}})),
        (
            "decreasing",
            json!({"components": ["engine"], "canary": canary(json!([
                {"capacity": "50%", "traffic": 50}, {"capacity": "60%", "traffic": 40},
                {"capacity": "100%", "traffic": 100}]))}),
        ),
        (
            "partial",
            json!({"components": ["engine"], "canary": canary(json!([{"capacity": "75%", "traffic": 75}]))}),
        ),
        ("interval", analysed(analysis("0s", 1, 1))),
        ("limit", analysed(analysis("1m", 0, 1))),
        ("nometrics", analysed(analysis("1m", 1, 0))),
        ("elevenmetrics", analysed(analysis("1m", 1, 11))),
    ];
    for (name, g) in cases {
        let mut spec = b_with(&["decoder"]);
        spec["rollout"] = json!({"groups": [g]});
        // An open run, so that the Live view is shown beside the Declared one.
        let case = Case::new(spec, json!({"rollout": {"activeRun": {}}}));
        let r = lab.explain(name, &case).await;
        assert_issue(&r, "DeclaredPlanMalformed", Some("Declared"), Some(0));
        assert_issue(&r, "LivePlanMalformed", Some("Live"), Some(0));
        for view in ["declared", "live"] {
            assert!(
                !effects(&r, view).iter().any(|e| e == "Applied"),
                "{name} {view}: {}",
                r["content"]
            );
        }
    }
}

#[tokio::test]
async fn v20_pinned_bodies_and_shapes_the_controller_rejects() {
    let lab = Lab::new("rx-v20").await;
    let spec = b_with(&["decoder"]);
    let last90 = pinned(
        "Inline",
        json!({"components": ["engine"], "canary": canary(json!([
            {"capacity": "50%", "traffic": 50}, {"capacity": "100%", "traffic": 90}]))}),
    );
    let r = lab
        .explain(
            "last",
            &Case::new(
                spec.clone(),
                json!({"rollout": {"activeRun": run(json!([last90]))}}),
            ),
        )
        .await;
    assert_issue(&r, "ActiveRunMalformed", Some("Effective"), Some(0));
    assert!(!codes(&r).contains(&"EffectivePlanMalformed".to_string()));
    let soaked = pinned(
        "Inline",
        json!({"components": ["engine"], "blueGreen": {}, "soak": "1m"}),
    );
    let r = lab
        .explain(
            "single",
            &Case::new(
                spec.clone(),
                json!({"rollout": {"activeRun": run(json!([soaked]))}}),
            ),
        )
        .await;
    assert_issue(&r, "ActiveRunMalformed", Some("Effective"), Some(0));
    assert_eq!(group(&r, "effective", 0)["soak"]["effect"], "Unknown");
    let policy = json!({"source": "Policy", "policyRef": {"name": "a"},
        "portableDigest": "rp1:aaaaaaaaaaaa",
        "group": {"components": ["decoder"], "blueGreen": {}, "soak": "1m"}});
    let engine = pinned("Inline", json!({"components": ["engine"], "blueGreen": {}}));
    let r = lab
        .explain(
            "policy",
            &Case::new(
                spec,
                json!({"rollout": {"activeRun": run(json!([policy, engine]))}}),
            ),
        )
        .await;
    assert!(
        !codes(&r).contains(&"ActiveRunMalformed".to_string()),
        "{}",
        r["content"]["issues"]
    );
    assert_eq!(group(&r, "effective", 0)["soak"]["effect"], "Applied");
}

#[tokio::test]
async fn v21_context_invalid_pinned_groups() {
    let lab = Lab::new("rx-v21").await;
    let undeclared = pinned(
        "Inline",
        json!({"components": ["decoder"], "rollingUpdate": {}}),
    );
    let r = lab
        .explain(
            "undeclared",
            &Case::new(
                b(),
                json!({"rollout": {"activeRun": run(json!([undeclared]))}}),
            ),
        )
        .await;
    let mut raw_decoder = b();
    raw_decoder["decoder"] = json!({"annotations": {"ome.io/deploymentMode": "RawDeployment"}});
    let ratio = pinned(
        "Inline",
        json!({"components": ["engine", "decoder"], "blueGreen": {},
               "maintainRatio": {"tolerance": 5}}),
    );
    let r2 = lab
        .explain(
            "raw",
            &Case::new(
                raw_decoder,
                json!({"rollout": {"activeRun": run(json!([ratio]))}}),
            ),
        )
        .await;
    for r in [&r, &r2] {
        let observed: Vec<&str> = r["content"]["observed"]["issues"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["code"].as_str().unwrap())
            .collect();
        assert!(observed.contains(&"SpecMalformed"), "{observed:?}");
        assert_issue(r, "ActiveRunMalformed", Some("Effective"), None);
        let effects = effects(r, "effective");
        assert!(!effects.is_empty());
        assert!(effects.iter().all(|e| e == "Unknown"), "{effects:?}");
    }
}

#[tokio::test]
async fn v22_concurrent_pinned_canaries_stay_independent() {
    let lab = Lab::new("rx-v22").await;
    let spec_groups = json!([
        {"components": ["router"], "canary": canary(two_steps("50%", 50))},
        {"components": ["engine"], "canary": canary(two_steps("50%", 50))}]);
    let entries: Vec<Value> = spec_groups
        .as_array()
        .unwrap()
        .iter()
        .map(|g| pinned("Inline", g.clone()))
        .collect();
    let mut concurrent = b_with(&["router"]);
    concurrent["rollout"] = json!({"groupOrdering": "Concurrent", "groups": spec_groups});
    let mut unordered = concurrent.clone();
    unordered["rollout"]
        .as_object_mut()
        .unwrap()
        .remove("groupOrdering");
    let status = json!({
        "rollout": {"activeRun": run(json!(entries))},
        "components": {"engine": {"canary": {"preStepHold": true, "currentStep": 0,
            "observedTrafficWeight": 0, "canaryRevisionHash": "bbbbbbbb"}}}});
    for (name, spec) in [("concurrent", concurrent), ("unordered", unordered)] {
        let r = lab.explain(name, &Case::new(spec, status.clone())).await;
        assert!(
            !codes(&r).contains(&"ActiveRunMalformed".to_string()),
            "{name}: {}",
            r["content"]["issues"]
        );
        assert_eq!(
            hold_kinds(&r),
            [("CanaryPreStep".to_string(), Some(1))],
            "{name}"
        );
    }
    let mut mixed = b_with(&["decoder", "router"]);
    mixed["rollout"] = json!({"groups": []});
    let entries = json!([
        pinned(
            "Inline",
            json!({"components": ["router"], "canary": canary(two_steps("50%", 50))})
        ),
        pinned(
            "Inline",
            json!({"components": ["decoder"], "blueGreen": {}, "soak": "1m"})
        ),
        pinned("Inline", json!({"components": ["engine"], "blueGreen": {}}))
    ]);
    let r = lab
        .explain(
            "mixed",
            &Case::new(mixed, json!({"rollout": {"activeRun": run(entries)}})),
        )
        .await;
    assert!(
        !codes(&r).contains(&"ActiveRunMalformed".to_string()),
        "{}",
        r["content"]["issues"]
    );
    assert_eq!(group(&r, "effective", 1)["soak"]["effect"], "Applied");
}

// §1.2, vector 23 — arguments, namespace and binding.

#[tokio::test]
async fn v23_argument_errors_make_no_request() {
    let c = cluster();
    let ns = c.namespace("rx-args").await.unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["rollout", "explain", "-n", &ns],
            "accepts 1 arg(s), received 0",
        ),
        (
            vec!["rollout", "explain", "a", "b", "-n", &ns],
            "accepts 1 arg(s), received 2",
        ),
        (
            vec!["rollout", "explain", "chat", "-n", &ns, "--foo"],
            "unknown flag: --foo",
        ),
        (
            vec!["rollout", "explain", "chat", "-n", &ns, "-o", "csv"],
            "unsupported output format \"csv\" (supported: table, wide, json, yaml)",
        ),
        (
            vec!["rollout", "explain", "bad/name", "-n", &ns],
            "inference service name is invalid",
        ),
        (
            vec!["rollout", "explain", "chat", "-n", ""],
            "namespace is invalid",
        ),
        (
            vec!["rollout", "explain", "chat", "-n", "Bad_NS"],
            "namespace is invalid",
        ),
    ];
    support::assert_rejected_without_requests(c, "nobody", &cases).await;
    let kubeconfig = c.kubeconfig("reader").unwrap();
    let run = plugin_async(
        Some(&kubeconfig),
        &["rollout", "explain", "missing", "-n", &ns],
    )
    .await;
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (
            1,
            "",
            format!(
                "rollout explain check: read object=InferenceService/{ns}/missing cause=NotFound\n\
                 next: kubectl get inferenceservices.ome.io -n {ns}\n\
                 error: inferenceservices.ome.io \"missing\" not found\n"
            )
            .as_str()
        )
    );
}

#[tokio::test]
async fn v23_an_unbound_service_is_refused_after_one_get() {
    let lab = Lab::new("rx-bind").await;
    let proxy = Proxy::start(cluster(), ProxyOptions::default()).unwrap();
    let kubeconfig = proxy.kubeconfig_via_proxy("reader").unwrap();
    let path = format!(
        "/apis/ome.io/v1beta1/namespaces/{}/inferenceservices/chat",
        lab.ns
    );
    let object = |name: &str, namespace: &str, uid: Option<&str>| {
        let mut meta = json!({"name": name, "namespace": namespace, "generation": 1});
        if let Some(uid) = uid {
            meta["uid"] = json!(uid);
        }
        json!({"apiVersion": "ome.io/v1beta1", "kind": "InferenceService", "metadata": meta,
               "spec": b()})
        .to_string()
    };
    let cases = [
        (
            object("other", &lab.ns, Some("u-1")),
            "returned inference service name does not match request",
        ),
        (
            object("chat", "elsewhere", Some("u-1")),
            "returned inference service namespace does not match request",
        ),
        (
            object("chat", &lab.ns, None),
            "inference service UID is required",
        ),
    ];
    for (body, message) in cases {
        proxy.clear_hooks();
        proxy.clear_log();
        proxy.add_hook(Hook::new("GET", &path).every().respond(200, &body));
        let run = plugin_async(
            Some(&kubeconfig),
            &["rollout", "explain", "chat", "-n", &lab.ns],
        )
        .await;
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (1, "", format!("error: {message}\n").as_str())
        );
        assert_eq!(proxy.requests().len(), 1, "{message}");
    }
}

// §4 — the `next:` lines that point here.

#[tokio::test]
async fn rollout_status_points_to_explain_only_while_something_holds() {
    let lab = Lab::new("rx-status").await;
    lab.store(
        "held",
        &operator_example().annotated("ome.io/rollout-paused", "freeze"),
    )
    .await;
    lab.store("free", &operator_example()).await;
    let kubeconfig = cluster().kubeconfig("reader").unwrap();
    for format in ["table", "wide", "json", "yaml"] {
        let run = plugin_async(
            Some(&kubeconfig),
            &["rollout", "status", "held", "-n", &lab.ns, "-o", format],
        )
        .await;
        assert_eq!(run.code, 0, "{run:?}");
        assert!(!run.stdout.is_empty());
        assert_eq!(
            run.stderr,
            format!("next: kubectl ome rollout explain held -n {}\n", lab.ns),
            "{format}"
        );
        let free = plugin_async(
            Some(&kubeconfig),
            &["rollout", "status", "free", "-n", &lab.ns, "-o", format],
        )
        .await;
        assert_eq!((free.code, free.stderr.as_str()), (0, ""), "{free:?}");
    }
    let run = plugin_async(
        Some(&kubeconfig),
        &[
            "rollout",
            "status",
            "held",
            "-n",
            &lab.ns,
            "--context",
            "reader",
        ],
    )
    .await;
    assert_eq!(
        run.stderr,
        format!(
            "next: kubectl ome rollout explain held -n {} --context reader\n",
            lab.ns
        )
    );
}

#[tokio::test]
async fn a_refused_scale_during_a_paused_rollout_points_to_explain_which_explains_the_hold() {
    let env = evidence_support::paused_canary_env("rx-done").await;
    env.ctl
        .annotate_isvc(&env.ns, "chat", "ome.io/rollout-paused", Some("true"))
        .await
        .unwrap();
    let kubeconfig = cluster().kubeconfig("scaler").unwrap();
    let mut extra = CONFIRMED.to_vec();
    extra.extend(["--context", "scaler"]);
    let before = env.stored("chat-engine").await;
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &extra)).await;
    assert_refused(&run, WORK);
    let next = format!(
        "next: kubectl ome rollout explain chat -n {} --context scaler",
        env.ns
    );
    assert_eq!(
        run.stderr,
        format!(
            "scale check: active-work ir=chat-engine cause=RolloutPhase=Paused\n{next}\nerror: {WORK}\n"
        )
    );
    assert_eq!(env.stored("chat-engine").await, before);
    assert!(env.writes().await.is_empty());
    // The line, pasted: it runs and explains the hold.
    let words: Vec<&str> = next
        .strip_prefix("next: kubectl ome ")
        .unwrap()
        .split(' ')
        .collect();
    let explained = plugin_async(Some(&kubeconfig), &words).await;
    let table = explained.ok();
    assert_eq!(
        details(table, "HOLD"),
        [
            "GlobalPause; evidence=Declared",
            "ObservedPaused; evidence=Reported"
        ],
        "{table}"
    );
    assert_eq!(details(table, "PHASE"), ["Paused"], "{table}");
    // The blue-green form: a group phase that is not Stable.
    let env = evidence_support::blue_green_env("rx-done-bg", "Idle").await;
    let run = plugin_async(Some(&kubeconfig), &args(&env.ns, "engine", "3", &CONFIRMED)).await;
    assert_refused(&run, WORK);
    assert!(
        run.stderr.contains(&format!(
            "\nnext: kubectl ome rollout explain chat -n {}\n",
            env.ns
        )),
        "{run:?}"
    );
}
