//! `instance list` table (read-commands.md §3.5). JSON/YAML are the report itself.

use super::{Table, Tabular, Tone};
use crate::evaluate::instance_list::{
    Code, ComponentReport, ComponentState, IndexSet, InstanceListReport, InstanceReport, Issue,
    SummaryState,
};
use crate::evaluate::instance_row::Instance;
use crate::ome::pause::PauseDepth;
use crate::text::{bounded, bounded_middle};

const HEADERS: [&str; 7] = [
    "COMP", "IDX/INC", "PHASE", "PODS", "REVS", "AOF", "EVIDENCE",
];

/// Issue aliases, highest priority first.
const ALIASES: [(Code, &str); 17] = [
    (Code::DuplicateComponent, "BAD:DUP-COMP"),
    (Code::DuplicateIndex, "BAD:DUP-IDX"),
    (Code::ObservedGenerationInvalid, "BAD:GEN"),
    (Code::ParentGenerationInvalid, "BAD:PARENT"),
    (Code::ParentGenerationAhead, "BAD:PARENT"),
    (Code::RevisionInvalid, "BAD:REVISION"),
    (Code::InstanceRevisionInvalid, "BAD:REVISION"),
    (Code::PodCountsInvalid, "BAD:COUNTS"),
    (Code::AggregateInvalid, "BAD:COUNTS"),
    (Code::PhaseInvalid, "BAD:PHASE"),
    (Code::IndexInvalid, "BAD:INSTANCE"),
    (Code::IncarnationInvalid, "BAD:INSTANCE"),
    (Code::StatusRowsTruncated, "ROWS-LIMIT"),
    (Code::StatusesNotReported, "NOT-REPORTED"),
    (Code::StatusUnobserved, "NOT-OBSERVED"),
    (Code::ParentGenerationMissing, "PARENT-UNAVL"),
    (Code::ParentGenerationStale, "STALE:PARENT"),
];

/// The best-ranked alias among the issues of one component/IR.
fn issue_alias(issues: &[Issue], component: &ComponentReport) -> Option<&'static str> {
    let scoped: Vec<&Issue> = issues
        .iter()
        .filter(|i| {
            i.component.as_deref() == Some(component.type_.as_str())
                && i.inference_replica.as_deref() == Some(component.inference_replica.as_str())
        })
        .collect();
    ALIASES
        .iter()
        .find(|(code, _)| scoped.iter().any(|i| i.code == *code))
        .map(|(_, alias)| *alias)
}

fn evidence(report: &InstanceListReport, component: &ComponentReport) -> String {
    if let Some(alias) = issue_alias(&report.content.issues, component) {
        return alias.to_string();
    }
    match component.state {
        ComponentState::Reported => match component.index_set {
            IndexSet::Sparse => "SPARSE".to_string(),
            IndexSet::Empty => "EMPTY".to_string(),
            _ => "OK".to_string(),
        },
        ComponentState::Stale => format!(
            "STALE:{}/{}",
            component.observed_generation, component.generation
        ),
        ComponentState::Malformed => "BAD".to_string(),
        ComponentState::Unavailable => "UNAVAILABLE".to_string(),
    }
}

/// The report-wide alias: `TRUNCATED`, `SOURCE-UNAVL` or `REJECTED`, the first that applies.
fn report_alias(report: &InstanceListReport) -> Option<&'static str> {
    let has = |c: Code| report.content.issues.iter().any(|i| i.code == c);
    if report.content.summary.truncated
        || has(Code::CollectionTruncated)
        || has(Code::OutputTruncated)
    {
        Some("TRUNCATED")
    } else if has(Code::CollectionUnavailable) {
        Some("SOURCE-UNAVL")
    } else if has(Code::IdentityRejected) {
        Some("REJECTED")
    } else {
        None
    }
}

fn revs(instance: &Instance) -> String {
    let running = instance.running_revision.as_deref().unwrap_or_default();
    let target = instance.target_revision.as_deref().unwrap_or_default();
    let text = match (running.is_empty(), target.is_empty()) {
        (true, true) => return "-".to_string(),
        (false, true) => running.to_string(),
        (false, false) if running == target => running.to_string(),
        (true, false) => format!(">{target}"),
        (false, false) => format!("{running}>{target}"),
    };
    bounded_middle(&text, 11)
}

fn aof(instance: &InstanceReport) -> String {
    let flag = |on: bool, c: char| if on { c } else { '-' };
    [
        flag(instance.instance.admitted, 'A'),
        flag(instance.operation_present, 'O'),
        flag(instance.last_failure_present, 'F'),
    ]
    .iter()
    .collect()
}

fn tone(evidence: &str) -> Tone {
    match evidence {
        "OK" => Tone::Good,
        e if e.starts_with("BAD") => Tone::Bad,
        "SPARSE" | "EMPTY" => Tone::Plain,
        _ => Tone::Warn,
    }
}

fn row(cells: [String; 7]) -> Vec<(String, Tone)> {
    let evidence_tone = tone(&cells[6]);
    cells
        .into_iter()
        .enumerate()
        .map(|(i, c)| (c, if i == 6 { evidence_tone } else { Tone::Plain }))
        .collect()
}

fn dashes(comp: String, evidence: String) -> [String; 7] {
    let dash = || "-".to_string();
    [
        comp,
        dash(),
        dash(),
        dash(),
        dash(),
        "---".to_string(),
        evidence,
    ]
}

/// The HOLD and HELD rows of one component (after-the-write.md §4.5).
fn held_rows(component: &ComponentReport, comp: String) -> Vec<[String; 7]> {
    let dash = || "-".to_string();
    let mut rows = Vec::new();
    if let Some(hold) = &component.rollout_hold {
        let target = hold
            .target
            .as_deref()
            .map_or_else(dash, |t| bounded_middle(t, 11));
        rows.push([
            comp.clone(),
            dash(),
            "HOLD".to_string(),
            dash(),
            target,
            "---".to_string(),
            format!("GATE:{}", hold.gate.alias()),
        ]);
    }
    if let Some(held) = component.held_revisions {
        rows.push([
            comp,
            dash(),
            "HELD".to_string(),
            dash(),
            dash(),
            "---".to_string(),
            format!("HELD:{held}"),
        ]);
    }
    rows
}

/// The service's pause row: `IR-LAG` while an IR has not projected it yet.
fn pause_row(report: &InstanceListReport) -> Option<[String; 7]> {
    let depth = report.content.summary.pause?;
    let phase = match depth {
        PauseDepth::Paused => "PAUSED",
        PauseDepth::Freeze => "FREEZE",
        PauseDepth::Unrecognized => "IGNORED",
        PauseDepth::None => return None,
    };
    let lag = report
        .content
        .issues
        .iter()
        .any(|i| i.code == Code::PauseProjectionPending);
    let dash = || "-".to_string();
    Some([
        "pause".to_string(),
        dash(),
        phase.to_string(),
        dash(),
        dash(),
        "---".to_string(),
        if lag { "IR-LAG" } else { "SERVICE" }.to_string(),
    ])
}

impl Tabular for InstanceListReport {
    fn table(&self) -> Table {
        table(self)
    }
}

fn table(report: &InstanceListReport) -> Table {
    let mut table = Table::new(HEADERS);
    let content = &report.content;
    for component in &content.components {
        let evidence = bounded(&evidence(report, component), 12);
        let comp = bounded(&component.type_, 7);
        let rows: Vec<&InstanceReport> = content
            .instances
            .iter()
            .filter(|i| {
                i.component == component.type_
                    && i.instance.inference_replica == component.inference_replica
            })
            .collect();
        if rows.is_empty() {
            table.toned_row(row(dashes(comp.clone(), evidence.clone())));
        }
        for listed in rows {
            let instance = &listed.instance;
            table.toned_row(row([
                comp.clone(),
                bounded(&format!("{}/{}", instance.index, instance.incarnation), 10),
                bounded(&instance.phase, 10),
                bounded(
                    &format!(
                        "{}/{}/{}",
                        instance.pods.serving, instance.pods.available, instance.pods.total
                    ),
                    9,
                ),
                revs(instance),
                aof(listed),
                evidence.clone(),
            ]));
        }
        for extra in held_rows(component, comp) {
            table.toned_row(row(extra));
        }
    }
    let components_shown = !table.is_empty();
    if let Some(pause) = pause_row(report) {
        table.toned_row(row(pause));
    }
    let alias = report_alias(report);
    if !components_shown {
        let evidence = alias.map(str::to_string).unwrap_or_else(|| {
            match content.summary.state {
                SummaryState::Reported => "OK",
                SummaryState::Partial => "PARTIAL",
                SummaryState::Unavailable => "UNAVAILABLE",
            }
            .to_string()
        });
        table.toned_row(row(dashes("-".to_string(), evidence)));
    } else if let Some(alias) = alias {
        table.toned_row(row(dashes("summary".to_string(), alias.to_string())));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::instance_list::tests::{collection, ir, isvc, now, row};
    use crate::evaluate::instance_list::{ROW_BUDGET, project};
    use crate::render::TableStyle;
    use crate::render::structured::{to_json, to_yaml};
    use serde_json::json;

    fn render(items: Vec<serde_json::Value>) -> String {
        let report = project(&isvc(7), &collection(items), ROW_BUDGET, now());
        table(&report).render(TableStyle::default())
    }

    #[test]
    fn golden_single_engine() {
        let items = vec![ir(
            "engine",
            1,
            1,
            "7",
            vec![row(0, "Ready", "chat-engine-a")],
        )];
        assert_eq!(
            render(items),
            "COMP     IDX/INC   PHASE   PODS    REVS          AOF   EVIDENCE\n\
             engine   0/1       Ready   1/1/1   chat...ne-a   A--   OK\n"
        );
    }

    #[test]
    fn golden_stale_decoder_mid_update() {
        let engine = ir("engine", 1, 1, "7", vec![row(0, "Ready", "chat-engine-a")]);
        let mut updating = row(3, "Updating", "chat-decoder-a");
        updating["incarnation"] = json!(8);
        updating["targetRevision"] = json!("chat-decoder-new");
        updating["podCount"] = json!(4);
        updating["operation"] = json!({"id": "update-0003", "type": "Update", "step": "WaitReady"});
        let mut decoder = ir("decoder", 4, 3, "7", vec![updating]);
        decoder["status"]["replicas"] = json!(1);
        // Index 3 of a single row is sparse, but the stale state decides the alias.
        assert_eq!(
            render(vec![engine, decoder]),
            "COMP      IDX/INC   PHASE      PODS    REVS          AOF   EVIDENCE\n\
             engine    0/1       Ready      1/1/1   chat...ne-a   A--   OK\n\
             decoder   3/8       Updating   1/1/4   chat...-new   AO-   STALE:3/4\n"
        );
    }

    #[test]
    fn golden_unobserved_decoder_and_truncated_collection() {
        let mut zero = row(0, "Ready", "");
        zero["incarnation"] = json!(0);
        for k in ["podCount", "servingPodCount", "availablePodCount"] {
            zero[k] = json!(0);
        }
        zero["admitted"] = json!(false);
        let mut engine = ir("engine", 1, 1, "7", vec![zero]);
        engine["status"]["currentRevision"] = json!("");
        engine["status"]["updateRevision"] = json!("");
        let decoder = ir("decoder", 1, 0, "7", vec![]);
        let mut c = collection(vec![engine, decoder]);
        c.truncated = true;
        let report = project(&isvc(7), &c, ROW_BUDGET, now());
        assert_eq!(
            table(&report).render(TableStyle::default()),
            "COMP      IDX/INC   PHASE   PODS    REVS   AOF   EVIDENCE\n\
             engine    0/0       Ready   0/0/0   -      ---   OK\n\
             decoder   -         -       -       -      ---   NOT-OBSERVED\n\
             summary   -         -       -       -      ---   TRUNCATED\n"
        );
    }

    #[test]
    fn constructed_sparse_engine_and_unobserved_decoder() {
        let engine = ir(
            "engine",
            1,
            1,
            "7",
            vec![
                row(0, "Ready", "chat-engine-a"),
                row(2, "Ready", "chat-engine-a"),
            ],
        );
        let decoder = ir("decoder", 1, 0, "7", vec![]);
        assert_eq!(
            render(vec![engine, decoder]),
            "COMP      IDX/INC   PHASE   PODS    REVS          AOF   EVIDENCE\n\
             engine    0/1       Ready   1/1/1   chat...ne-a   A--   SPARSE\n\
             engine    2/1       Ready   1/1/1   chat...ne-a   A--   SPARSE\n\
             decoder   -         -       -       -             ---   NOT-OBSERVED\n"
        );
    }

    #[test]
    fn constructed_forbidden_list() {
        let mut c = collection(vec![]);
        c.error = Some(crate::ome::evidence::ApiError::Forbidden {
            message: "forbidden".into(),
        });
        let report = project(&isvc(7), &c, ROW_BUDGET, now());
        assert_eq!(
            table(&report).render(TableStyle::default()),
            "COMP   IDX/INC   PHASE   PODS   REVS   AOF   EVIDENCE\n\
             -      -         -       -      -      ---   SOURCE-UNAVL\n"
        );
    }

    #[test]
    fn empty_service_and_rejections() {
        assert_eq!(
            render(vec![]),
            "COMP   IDX/INC   PHASE   PODS   REVS   AOF   EVIDENCE\n\
             -      -         -       -      -      ---   OK\n"
        );
        let engine = ir("engine", 1, 1, "7", vec![row(0, "Ready", "chat-engine-a")]);
        let mut foreign = ir("decoder", 1, 1, "7", vec![]);
        foreign["spec"]["parentRef"]["name"] = json!("other");
        assert_eq!(
            render(vec![engine, foreign]),
            "COMP      IDX/INC   PHASE   PODS    REVS          AOF   EVIDENCE\n\
             engine    0/1       Ready   1/1/1   chat...ne-a   A--   OK\n\
             summary   -         -       -       -             ---   REJECTED\n"
        );
    }

    #[test]
    fn creating_instance_revs_and_flags() {
        let mut creating = row(2, "Creating", "");
        creating["targetRevision"] = json!("chat-engine-7f9c4d2b");
        creating["servingPodCount"] = json!(0);
        creating["availablePodCount"] = json!(0);
        creating["operation"] =
            json!({"id": "create-0002", "type": "Create", "step": "CreatePods"});
        creating["lastFailure"] = json!({"podName": "p"});
        let mut engine = ir("engine", 1, 1, "7", vec![creating]);
        engine["status"]["replicas"] = json!(1);
        engine["status"]["readyReplicas"] = json!(0);
        engine["status"]["servingReplicas"] = json!(0);
        engine["status"]["availableReplicas"] = json!(0);
        engine["status"]["updatedReadyReplicas"] = json!(0);
        let out = render(vec![engine]);
        assert!(
            out.contains("engine   2/1       Creating   0/0/1   >cha...4d2b   AOF   SPARSE"),
            "{out}"
        );
    }

    #[test]
    fn json_key_order_and_yaml() {
        let items = vec![ir(
            "engine",
            1,
            1,
            "7",
            vec![row(0, "Ready", "chat-engine-a")],
        )];
        let report = project(&isvc(7), &collection(items), ROW_BUDGET, now());
        let json = to_json(&report).unwrap();
        let expected = r#"{
  "apiVersion": "cli.ome.io/v1alpha1",
  "kind": "InstanceListReport",
  "metadata": {
    "namespace": "prod",
    "name": "chat"
  },
  "collectedAt": "2026-08-31T18:30:00Z",
  "sources": [
    {
      "kind": "InferenceService",
      "namespace": "prod",
      "name": "chat",
      "uid": "isvc-uid",
      "generation": 7,
      "evidence": "Reported",
      "collectedAt": "2026-08-31T18:30:00Z"
    },
    {
      "kind": "InferenceReplica",
      "namespace": "prod",
      "name": "chat-engine",
      "uid": "engine-uid",
      "generation": 1,
      "evidence": "Reported",
      "collectedAt": "2026-08-31T18:30:00Z"
    }
  ],
  "content": {
    "summary": {
      "state": "Reported",
      "components": 1,
      "instances": 1,
      "truncated": false
    },
    "components": [
      {
        "type": "engine",
        "state": "Reported",
        "inferenceReplica": "chat-engine",
        "generation": 1,
        "observedGeneration": 1,
        "indexSet": "Dense",
        "currentRevision": "chat-engine-a",
        "updateRevision": "chat-engine-a",
        "replicas": 1,
        "readyReplicas": 1,
        "servingReplicas": 1,
        "availableReplicas": 1,
        "updatedReplicas": 1,
        "updatedReadyReplicas": 1
      }
    ],
    "instances": [
      {
        "component": "engine",
        "inferenceReplica": "chat-engine",
        "index": 0,
        "incarnation": 1,
        "phase": "Ready",
        "runningRevision": "chat-engine-a",
        "pods": {
          "total": 1,
          "serving": 1,
          "available": 1
        },
        "admitted": true,
        "operationPresent": false,
        "lastFailurePresent": false,
        "evidence": "Reported"
      }
    ],
    "issues": []
  },
  "warnings": []
}
"#;
        assert_eq!(json, expected);
        let yaml = to_yaml(&report).unwrap();
        assert!(
            yaml.starts_with(
                "apiVersion: cli.ome.io/v1alpha1\ncollectedAt: \"2026-08-31T18:30:00Z\"\ncontent:\n"
            ),
            "{yaml}"
        );
        assert!(yaml.contains("\n  issues: []\n"), "{yaml}");
    }
}
