//! The goldens of rollout-explain.md §3.4 (byte for byte, and their SHA-256 as the spec gives
//! them) and the constructed outputs of §3.5.

use super::*;
use crate::evaluate::rollout_explain::report;
use crate::render::TableStyle;
use crate::render::structured::{to_json, to_yaml};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const AT: &str = "2026-08-31T18:30:00Z";

/// The golden fixture `explainInferenceService` (§3.4).
pub(crate) fn golden() -> Value {
    json!({
        "metadata": {"namespace": "prod", "name": "chat", "uid": "isvc-uid", "generation": 7,
            "resourceVersion": "4242",
            "annotations": {"ome.io/rollout-promote": "token-secret-abcdef"}},
        "spec": {"deploymentMode": "OMENative", "engine": {},
            "rollout": {"groups": [{"components": ["engine"], "canary": {"steps": [
                {"capacity": "25%", "traffic": 10, "pause": {}},
                {"capacity": "100%", "traffic": 100}]}}]}},
        "status": {
            "observedGeneration": 7,
            "rollout": {"activeRun": {"runID": "redacted-by-contract", "plan": {"groups": [{
                "source": "Policy",
                "policyRef": {"kind": "RolloutPolicy", "name": "guarded", "progression": "canary"},
                "policyGeneration": 4,
                "portableDigest": "rp1:aaaaaaaaaaaa",
                "group": {"components": ["engine"], "canary": {"steps": [
                    {"capacity": "50%", "traffic": 20, "pause": {}},
                    {"capacity": "100%", "traffic": 100}]}}}]}}},
            "components": {"engine": {
                "rolloutPhase": "Canarying",
                "latestRolledoutRevision": "chat-engine-rev-aaaaaaaa",
                "latestReadyRevision": "chat-engine-rev-bbbbbbbb",
                "traffic": [
                    {"revisionName": "chat-engine-rev-aaaaaaaa", "percent": 80},
                    {"revisionName": "chat-engine-rev-bbbbbbbb", "percent": 20}]}},
            "canary": {"stableRevisionHash": "aaaaaaaa", "canaryRevisionHash": "bbbbbbbb",
                "currentStep": 0, "observedTrafficWeight": 20},
            "conditions": [
                {"type": "RolloutPlanReady", "status": "True", "reason": "Pinned",
                 "message": "pinned by the controller"},
                {"type": "RolloutPlanDrift", "status": "True", "reason": "SpecNewerThanRun"}]
        }
    })
}

/// The minimal service (§3.5): no rollout, no conditions, no rollout status.
fn minimal() -> Value {
    json!({
        "metadata": {"namespace": "prod", "name": "chat", "uid": "isvc-uid", "generation": 7},
        "spec": {"deploymentMode": "OMENative", "engine": {"annotations":
            {"ome.io/deploymentMode": "RawDeployment"}}},
        "status": {"observedGeneration": 7}
    })
}

fn report_of(raw: &Value) -> RolloutExplainReport {
    let meta = serde_json::from_value(raw["metadata"].clone()).unwrap();
    report(raw, &meta, AT.parse().unwrap())
}

fn plain(table: &Table) -> String {
    table.render(TableStyle::default())
}

fn sha(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

const GOLDEN_TABLE: &str = "\
VIEW        ITEM        DETAIL
Declared    PLAN        groups=1
            GROUP 0     Canary; components=engine; source=Declared/Inline
            STEP 1/2    capacity=25%; traffic=10%; gate=Manual
            STEP 2/2    capacity=100%; traffic=100%; gate=Immediate
Live        PLAN        mode=Live; groups=1
            GROUP 0     Canary; components=engine; source=Declared/Inline
            STEP 1/2    capacity=25%; traffic=10%; gate=Manual
            STEP 2/2    capacity=100%; traffic=100%; gate=Immediate
Effective   PLAN        mode=Pinned; evidence=Reported; groups=1
            READY       True/Pinned; evidence=Reported
            DRIFT       True/SpecNewerThanRun; evidence=Reported
            GROUP 0     Canary; components=engine; source=Reported/Policy
            CONFIG      policy=RolloutPolicy/guarded@4
                        digest=rp1:aaaaaaaaaaaa
            PHASE       Canarying
            REVISIONS   stable=aaaaaaaa,target=bbbbbbbb
            TRAFFIC     engine:aaaaaaaa=80%,engine:bbbbbbbb=20%
            STEP 1/2    capacity=50%; traffic=20%; gate=Manual
            STEP 2/2    capacity=100%; traffic=100%; gate=Immediate
            ISSUES      EpochUnverifiable
";

/// The JSON document of §3.4, as given (compact, `liveGroups` written out).
const GOLDEN_JSON: &str = r#"{"apiVersion":"cli.ome.io/v1alpha1","kind":"RolloutExplainReport","metadata":{"namespace":"prod","name":"chat"},"collectedAt":"2026-08-31T18:30:00Z","sources":[{"kind":"InferenceService","namespace":"prod","name":"chat","uid":"isvc-uid","generation":7,"evidence":"Observed","collectedAt":"2026-08-31T18:30:00Z"}],"content":{"summary":{"effectivePlan":{"mode":"Pinned","evidence":"Reported"},"planReady":{"state":"True","reason":"Pinned","evidence":"Reported"},"planDrift":{"state":"True","reason":"SpecNewerThanRun","evidence":"Reported"}},"declaredGroups":[{"index":0,"evidence":"Declared","source":"Inline","strategy":"Canary","progressionOrigin":"Configured","defaulted":false,"components":["engine"],"order":[],"steps":[{"index":0,"capacity":"25%","traffic":10,"gate":"Manual"},{"index":1,"capacity":"100%","traffic":100,"gate":"Immediate"}]}],"liveGroups":[{"index":0,"evidence":"Declared","source":"Inline","strategy":"Canary","progressionOrigin":"Configured","defaulted":false,"components":["engine"],"order":[],"steps":[{"index":0,"capacity":"25%","traffic":10,"gate":"Manual"},{"index":1,"capacity":"100%","traffic":100,"gate":"Immediate"}]}],"effectiveGroups":[{"index":0,"evidence":"Reported","source":"Policy","strategy":"Canary","progressionOrigin":"Policy","defaulted":false,"components":["engine"],"order":[],"policy":{"kind":"RolloutPolicy","name":"guarded","progression":"canary","generation":4,"digest":"rp1:aaaaaaaaaaaa","evidence":"Reported"},"portableDigest":"rp1:aaaaaaaaaaaa","steps":[{"index":0,"capacity":"50%","traffic":20,"gate":"Manual"},{"index":1,"capacity":"100%","traffic":100,"gate":"Immediate"}]}],"observed":{"summary":{"state":"Unknown","reportedState":"InProgress","evidence":"Reported","epoch":"Unverifiable","coordinationReady":"NotApplicable"},"groups":[{"index":0,"strategy":"Canary","phase":"Canarying","components":["engine"],"stableRevisionHash":"aaaaaaaa","targetRevisionHash":"bbbbbbbb","step":{"index":0,"total":2,"capacity":"50%","targetTraffic":20,"observedTraffic":20,"gate":"Manual"}}],"components":[{"type":"engine","strategy":"Canary","group":0,"phase":"Canarying","rolledOutRevisionHash":"aaaaaaaa","readyRevisionHash":"bbbbbbbb","traffic":[{"revisionHash":"aaaaaaaa","percent":80,"role":"Current"},{"revisionHash":"bbbbbbbb","percent":20,"role":"Target"}]}],"issues":[{"code":"EpochUnverifiable"}]},"holds":[],"issues":[]},"warnings":[{"code":"PartialData"}]}"#;

#[test]
fn the_operator_example_table_is_the_golden() {
    let r = report_of(&golden());
    let table = plain(&r.table());
    assert_eq!(table, GOLDEN_TABLE);
    assert_eq!(table.len(), 1207);
    assert_eq!(
        sha(&table),
        "56c10d00ec4a7f05443957c8157fb4ec3912b2f20c40275176f96ada892bca7a"
    );
}

#[test]
fn the_operator_example_wide_is_the_golden() {
    let r = report_of(&golden());
    let wide = plain(&r.wide());
    let rows: Vec<Vec<&str>> = wide
        .lines()
        .map(|l| {
            l.split("   ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect();
    assert_eq!(rows[0], WIDE_HEADERS);
    let declared =
        |view: &'static str, mode: &'static str, step: &'static str, gate: &'static str| {
            let mut row = vec![
                view, "0", "Declared", mode, "Inline", "Canary", "engine", "-", step, gate,
            ];
            row.extend(["-"; 8]);
            row
        };
    assert_eq!(rows[1], declared("Declared", "-", "1/2 25%/10%", "Manual"));
    assert_eq!(
        rows[2],
        declared("Declared", "-", "2/2 100%/100%", "Immediate")
    );
    assert_eq!(rows[3], declared("Live", "Live", "1/2 25%/10%", "Manual"));
    assert_eq!(
        rows[4],
        declared("Live", "Live", "2/2 100%/100%", "Immediate")
    );
    for (row, step, gate) in [
        (&rows[5], "1/2 50%/20%", "Manual"),
        (&rows[6], "2/2 100%/100%", "Immediate"),
    ] {
        assert_eq!(
            *row,
            [
                "Effective",
                "0",
                "Reported",
                "Pinned",
                "Policy",
                "Canary",
                "engine",
                "policy=RolloutPolicy/guarded@4,digest=rp1:aaaaaaaaaaaa",
                step,
                gate,
                "Canarying",
                "-",
                "True/Pinned",
                "True/SpecNewerThanRun",
                "-",
                "stable=aaaaaaaa,target=bbbbbbbb",
                "engine:aaaaaaaa=80%,engine:bbbbbbbb=20%",
                "EpochUnverifiable"
            ]
        );
    }
    assert_eq!(rows.len(), 7);
    assert_eq!(wide.len(), 2186);
    assert_eq!(
        sha(&wide),
        "1efdfbdc63b693637e96670915a4a3f775c385c47d9c855a683a01c9881f19d0"
    );
}

#[test]
fn the_operator_example_json_and_yaml_are_the_goldens() {
    let r = report_of(&golden());
    let json = to_json(&r).unwrap();
    let expected: Value = serde_json::from_str(GOLDEN_JSON).unwrap();
    let mut pretty = serde_json::to_string_pretty(&expected).unwrap();
    pretty.push('\n');
    assert_eq!(json, pretty);
    assert_eq!(json.len(), 4334);
    assert_eq!(
        sha(&json),
        "ea26ce7639699a8d5abec00ca0b07adc1ddfa7b446711c01b63f75d423e6e21f"
    );
    let yaml = to_yaml(&r).unwrap();
    assert!(yaml.contains("\ncontent:\n  declaredGroups:\n"), "{yaml}");
    for line in [
        "    state: \"True\"\n",
        "collectedAt: \"2026-08-31T18:30:00Z\"\n",
        "    - capacity: 25%\n",
        "      digest: rp1:aaaaaaaaaaaa\n",
        "  holds: []\n  issues: []\n  liveGroups:\n",
    ] {
        assert!(yaml.contains(line), "{line:?} in\n{yaml}");
    }
    assert_eq!(yaml.len(), 2705, "{yaml}");
    assert_eq!(
        sha(&yaml),
        "966e6538ea213c0e88b1b4c326c6a747a91a4f5b0c6a8d505297ac51e5715c9d"
    );
    // Nothing of the run ID, the condition message, the annotation or the resourceVersion.
    for secret in [
        "redacted-by-contract",
        "pinned by the controller",
        "token-secret",
        "4242",
    ] {
        assert!(!json.contains(secret) && !yaml.contains(secret), "{secret}");
    }
}

#[test]
fn a_paused_rollout_shows_its_holds() {
    let mut raw = golden();
    raw["status"]["components"]["engine"]["rolloutPhase"] = json!("Paused");
    raw["metadata"]["annotations"]["ome.io/rollout-paused"] = json!("true");
    let r = report_of(&raw);
    assert_eq!(r.content.observed.summary.reported_state, "Paused");
    let expected = GOLDEN_TABLE
        .replace(
            "DRIFT       True/SpecNewerThanRun; evidence=Reported\n",
            "DRIFT       True/SpecNewerThanRun; evidence=Reported\n            HOLD        GlobalPause; evidence=Declared\n",
        )
        .replace(
            "digest=rp1:aaaaaaaaaaaa\n            PHASE       Canarying\n",
            "digest=rp1:aaaaaaaaaaaa\n            HOLD        ObservedPaused; evidence=Reported\n            PHASE       Paused\n",
        );
    assert_eq!(plain(&r.table()), expected);
    let json: Value = serde_json::from_str(&to_json(&r).unwrap()).unwrap();
    assert_eq!(
        json["content"]["holds"],
        json!([{"kind": "GlobalPause", "evidence": "Declared"},
               {"kind": "ObservedPaused", "evidence": "Reported", "group": 0}])
    );
    assert_eq!(
        json["content"]["observed"]["summary"]["reportedState"],
        "Paused"
    );
}

#[test]
fn a_service_without_rollout_explains_an_empty_live_plan() {
    let r = report_of(&minimal());
    assert_eq!(
        plain(&r.table()),
        "\
VIEW        ITEM    DETAIL
Declared    PLAN    groups=0
Live        PLAN    mode=Live; groups=0
Effective   PLAN    mode=Live; evidence=Declared; groups=0
            READY   Unobserved; evidence=Unavailable
            DRIFT   Unobserved; evidence=Unavailable
"
    );
    let wide = plain(&r.wide());
    let rows: Vec<Vec<&str>> = wide
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
    let json: Value = serde_json::from_str(&to_json(&r).unwrap()).unwrap();
    let content = &json["content"];
    assert_eq!(
        content["summary"]["effectivePlan"],
        json!({"mode": "Live", "evidence": "Declared"})
    );
    for key in [
        "declaredGroups",
        "liveGroups",
        "effectiveGroups",
        "holds",
        "issues",
    ] {
        assert_eq!(content[key], json!([]), "{key}");
    }
    assert_eq!(
        content["observed"],
        json!({"summary": {"state": "NotConfigured", "reportedState": "NotConfigured",
            "evidence": "Declared", "epoch": "NotApplicable", "coordinationReady": "NotApplicable"},
            "groups": [], "components": [], "issues": []})
    );
    assert_eq!(json["warnings"], json!([]));
}

#[test]
fn the_compact_table_fits_a_terminal_and_never_stacks() {
    let r = report_of(&golden());
    for width in [80u16, 120] {
        let text = r.table().render(TableStyle {
            color: false,
            width: Some(width),
        });
        assert!(text.starts_with("VIEW "), "{text}");
        assert!(
            text.lines()
                .all(|l| crate::render::term_layout::display_width(l) <= usize::from(width)),
            "{text}"
        );
    }
    // A long shadowed reference and digest wrap within 80 columns instead of stacking.
    let mut raw = golden();
    raw["spec"]["rollout"]["groups"][0]["policyRef"] =
        json!({"name": format!("{}-policy", "long".repeat(40)), "progression": "canary"});
    let text = report_of(&raw).table().render(TableStyle {
        color: false,
        width: Some(80),
    });
    assert!(text.starts_with("VIEW "), "{text}");
    assert!(
        text.lines()
            .all(|l| crate::render::term_layout::display_width(l) <= 80),
        "{text}"
    );
}

/// The ITEM/DETAIL pairs of a compact table, whatever the column widths.
fn items(table: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = table.lines().collect();
    let header = lines[0];
    let item_at = header.find("ITEM").unwrap();
    let detail_at = header.find("DETAIL").unwrap();
    lines[1..]
        .iter()
        .map(|l| {
            (
                l.get(item_at..detail_at).unwrap_or("").trim().to_string(),
                l.get(detail_at..).unwrap_or("").trim().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_collapsed_sequential_observation_fills_each_plan_group() {
    let raw = json!({
        "metadata": {"namespace": "prod", "name": "chat", "uid": "isvc-uid", "generation": 7},
        "spec": {"deploymentMode": "OMENative", "engine": {}, "decoder": {},
            "rollout": {"groups": [
                {"components": ["decoder"], "blueGreen": {}},
                {"components": ["engine"], "blueGreen": {}}]}},
        "status": {
            "components": {"engine": {}, "decoder": {}},
            "rolloutCoordination": {"groups": [{"name": "0", "phase": "Waiting",
                "policy": "Sequential", "components": ["decoder", "engine"],
                "order": ["decoder", "engine"], "currentComponent": "engine",
                "previousComponent": "decoder", "compositePhase": "engine.Waiting"}]}}
    });
    let r = report_of(&raw);
    assert_eq!(
        r.content.observed.groups.len(),
        1,
        "{:?}",
        r.content.observed
    );
    let rows = items(&plain(&r.table()));
    let effective = rows
        .iter()
        .position(|(i, d)| i == "PLAN" && d.starts_with("mode="))
        .unwrap();
    let tail = &rows[effective..];
    let after = |item: &str| {
        let start = tail.iter().position(|(i, _)| i == item).unwrap();
        tail[start..].to_vec()
    };
    let group1 = after("GROUP 1");
    assert_eq!(group1[1], ("PHASE".into(), "Waiting".into()), "{rows:?}");
    assert_eq!(
        group1[2],
        ("SEQUENCE".into(), "current=engine,previous=decoder".into())
    );
    let group0 = after("GROUP 0");
    assert_eq!(group0[1], ("PHASE".into(), "Waiting".into()));
}

#[test]
fn an_ungrouped_component_has_its_own_rows() {
    let raw = json!({
        "metadata": {"namespace": "prod", "name": "chat", "uid": "isvc-uid", "generation": 7},
        "spec": {"deploymentMode": "OMENative", "engine": {}},
        "status": {"components": {}}
    });
    let r = report_of(&raw);
    let rows = items(&plain(&r.table()));
    assert!(
        rows.contains(&(
            "COMPONENT engine".into(),
            "Unknown; phase=Unknown; evidence=Reported".into()
        )),
        "{rows:?}"
    );
    assert!(
        rows.contains(&("ISSUES engine".into(), "ComponentStatusMissing".into())),
        "{rows:?}"
    );
    let wide = plain(&r.wide());
    let observed = wide
        .lines()
        .find(|l| l.starts_with("Observed "))
        .unwrap_or_else(|| panic!("{wide}"));
    let cells: Vec<&str> = observed.split_whitespace().collect();
    assert_eq!(cells.len(), 18, "{observed}");
    assert_eq!(
        (cells[5], cells[6], cells[10], cells[17]),
        (
            "Unknown",
            "engine",
            "Unknown",
            "ComponentStatusMissing(component=engine),EpochUnverifiable"
        )
    );
}

#[test]
fn placeholders_for_an_invalid_step_and_soak() {
    let raw = json!({
        "metadata": {"namespace": "prod", "name": "chat", "uid": "isvc-uid", "generation": 7},
        "spec": {"deploymentMode": "OMENative", "engine": {},
            "rollout": {"groups": [{"components": ["engine"], "soak": "-1m",
                "canary": {"steps": [{"capacity": "25", "traffic": 101},
                                     {"capacity": "100%", "traffic": 100}]}}]}}
    });
    let r = report_of(&raw);
    let g = &r.content.declared_groups[0];
    assert_eq!(g.soak, None);
    assert_eq!((g.steps[0].capacity.as_str(), g.steps[0].traffic), ("", 0));
    let rows = items(&plain(&r.table()));
    assert!(
        rows.contains(&(
            "STEP 1/2".into(),
            "capacity=-; traffic=0%; gate=Immediate".into()
        )),
        "{rows:?}"
    );
    assert!(
        rows.contains(&("ISSUES".into(), "DeclaredPlanMalformed".into())),
        "{rows:?}"
    );
}

#[test]
fn settings_show_their_source_and_effect() {
    let raw = json!({
        "metadata": {"namespace": "prod", "name": "chat", "uid": "isvc-uid", "generation": 7},
        "spec": {"deploymentMode": "OMENative", "engine": {}, "decoder": {},
            "rollout": {"groups": [
                {"components": ["decoder"], "blueGreen": {}, "soak": "60s"},
                {"components": ["engine"], "blueGreen": {}, "soak": "30s",
                 "maintainRatio": {}}]}}
    });
    let r = report_of(&raw);
    let rows = items(&plain(&r.table()));
    let configs: Vec<&str> = rows
        .iter()
        .take_while(|(i, d)| !(i == "PLAN" && d.starts_with("mode=Live;")))
        .filter(|(i, d)| i == "CONFIG" || (i.is_empty() && !d.is_empty()))
        .map(|(_, d)| d.as_str())
        .collect();
    assert_eq!(
        configs,
        [
            "soak=1m0s(Configured)",
            "soak=30s(Configured;IgnoredFinalGroup)",
            "ratio=Unresolved;IgnoredSingleComponent"
        ]
    );
}
