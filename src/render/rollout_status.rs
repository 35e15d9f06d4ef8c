//! Rendering for `rollout status` (read-commands.md §5.3–5.5): compact table, wide table and
//! the `RolloutStatusReport` document.

use super::{Table, Tabular};

const COMPONENTS: [&str; 3] = ["engine", "decoder", "router"];
use crate::evaluate::rollout::{
    ComponentProjection, GroupProjection, RolloutIssue, RolloutProjection, RolloutReport,
    StepProjection,
};

impl Tabular for RolloutReport {
    fn table(&self) -> Table {
        compact_table(&self.content)
    }

    fn wide(&self) -> Table {
        wide_table(&self.content)
    }
}

fn group_of<'a>(p: &'a RolloutProjection, c: &ComponentProjection) -> Option<&'a GroupProjection> {
    c.group.and_then(|i| p.groups.iter().find(|g| g.index == i))
}

fn dash(value: Option<String>) -> String {
    value
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "-".into())
}

/// `Code` or `Code(group=N)` (compact); the wide form adds `component=X`.
fn issue_text(issue: &RolloutIssue, with_component: bool) -> String {
    let mut parts = Vec::new();
    if let Some(g) = issue.group {
        parts.push(format!("group={g}"));
    }
    if with_component && let Some(c) = &issue.component {
        parts.push(format!("component={c}"));
    }
    if parts.is_empty() {
        issue.code.to_string()
    } else {
        format!("{}({})", issue.code, parts.join(","))
    }
}

type Cell = fn(&RolloutProjection, &ComponentProjection) -> Option<String>;

fn component_rows() -> [(&'static str, Cell); 13] {
    [
        ("GROUP", |_, c| c.group.map(|g| g.to_string())),
        ("STRATEGY", |_, c| Some(c.strategy.to_string())),
        ("GROUP-PHASE", |p, c| {
            c.group
                .map(|_| group_of(p, c).map_or("Unknown".into(), |g| g.phase.to_string()))
        }),
        ("PHASE", |_, c| Some(c.phase.to_string())),
        ("GROUP-CURRENT", |p, c| {
            group_of(p, c).and_then(|g| g.current_component.clone())
        }),
        ("GROUP-PREVIOUS", |p, c| {
            group_of(p, c).and_then(|g| g.previous_component.clone())
        }),
        ("STEP", |p, c| {
            step_of(p, c).map(|s| format!("{}/{}", s.index + 1, s.total))
        }),
        ("GATE", |p, c| step_of(p, c).map(|s| s.gate.to_string())),
        ("CAPACITY", |p, c| step_of(p, c).map(|s| s.capacity.clone())),
        ("TRAFFIC", |p, c| {
            step_of(p, c).map(|s| format!("{}% -> {}%", s.target_traffic, s.observed_traffic))
        }),
        ("ROLLED-OUT", |_, c| c.rolled_out_revision_hash.clone()),
        ("READY", |_, c| c.ready_revision_hash.clone()),
        ("PREVIOUS", |_, c| c.previous_revision_hash.clone()),
    ]
}

fn step_of<'a>(p: &'a RolloutProjection, c: &ComponentProjection) -> Option<&'a StepProjection> {
    group_of(p, c).and_then(|g| g.step.as_ref())
}

/// The compact FIELD × SERVICE/ENGINE/DECODER/ROUTER table (§5.3).
fn compact_table(p: &RolloutProjection) -> Table {
    let mut table = Table::new(["FIELD", "SERVICE", "ENGINE", "DECODER", "ROUTER"]);
    let s = &p.summary;
    for (field, value) in [
        ("STATE", s.state.as_str()),
        ("REPORTED", s.reported_state.as_str()),
        ("EVIDENCE", s.evidence.as_str()),
        ("EPOCH", s.epoch.as_str()),
        ("COORDINATION", s.coordination_ready.as_str()),
    ] {
        table.row([field, value, "-", "-", "-"]);
    }
    for (field, cell) in component_rows() {
        let cells: Vec<String> = COMPONENTS
            .iter()
            .map(|name| dash(p.component(name).and_then(|c| cell(p, c))))
            .collect();
        if cells.iter().any(|c| c != "-") {
            let mut row = vec![field.to_string(), "-".to_string()];
            row.extend(cells);
            table.row(row);
        }
    }
    if !p.issues.is_empty() {
        let join = |items: Vec<String>| {
            if items.is_empty() {
                "-".to_string()
            } else {
                items.join(",")
            }
        };
        let service = join(
            p.issues
                .iter()
                .filter(|i| i.component.is_none())
                .map(|i| issue_text(i, false))
                .collect(),
        );
        let mut row = vec!["ISSUES".to_string(), service];
        for name in COMPONENTS {
            row.push(join(
                p.issues
                    .iter()
                    .filter(|i| i.component.as_deref() == Some(name))
                    .map(|i| issue_text(i, false))
                    .collect(),
            ));
        }
        table.row(row);
    }
    table
}

const WIDE_HEADERS: [&str; 20] = [
    "STATE",
    "REPORTED-STATE",
    "EVIDENCE",
    "EPOCH",
    "GROUP",
    "STRATEGY",
    "GROUP-PHASE",
    "CURRENT-COMPONENT",
    "PREVIOUS-COMPONENT",
    "COMPONENT",
    "COMPONENT-PHASE",
    "STEP",
    "GATE",
    "CAPACITY",
    "TARGET-TRAFFIC",
    "OBSERVED-TRAFFIC",
    "ROLLED-OUT",
    "READY",
    "PREVIOUS",
    "ISSUES",
];

fn matches_row(issue: &RolloutIssue, c: &ComponentProjection) -> bool {
    (issue.group.is_none() || issue.group == c.group)
        && issue.component.as_deref().is_none_or(|x| x == c.type_)
}

fn issues_cell(issues: &[&RolloutIssue]) -> String {
    if issues.is_empty() {
        "-".into()
    } else {
        issues
            .iter()
            .map(|i| issue_text(i, true))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The wide table: one row per component, plus an issue-only row when needed (§5.4).
fn wide_table(p: &RolloutProjection) -> Table {
    let mut table = Table::new(WIDE_HEADERS);
    let s = &p.summary;
    let summary = [
        s.state.to_string(),
        s.reported_state.to_string(),
        s.evidence.to_string(),
        s.epoch.to_string(),
    ];
    for c in &p.components {
        let group = group_of(p, c);
        let step = step_of(p, c);
        let row_issues: Vec<&RolloutIssue> =
            p.issues.iter().filter(|i| matches_row(i, c)).collect();
        let mut row: Vec<String> = summary.to_vec();
        row.extend([
            dash(c.group.map(|g| g.to_string())),
            c.strategy.to_string(),
            dash(
                c.group
                    .map(|_| group.map_or("Unknown".into(), |g| g.phase.to_string())),
            ),
            dash(group.and_then(|g| g.current_component.clone())),
            dash(group.and_then(|g| g.previous_component.clone())),
            c.type_.clone(),
            c.phase.to_string(),
            dash(step.map(|s| format!("{}/{}", s.index + 1, s.total))),
            dash(step.map(|s| s.gate.to_string())),
            dash(step.map(|s| s.capacity.clone())),
            dash(step.map(|s| format!("{}%", s.target_traffic))),
            dash(step.map(|s| format!("{}%", s.observed_traffic))),
            dash(c.rolled_out_revision_hash.clone()),
            dash(c.ready_revision_hash.clone()),
            dash(c.previous_revision_hash.clone()),
            issues_cell(&row_issues),
        ]);
        table.row(row);
    }
    let unmatched: Vec<&RolloutIssue> = p
        .issues
        .iter()
        .filter(|i| !p.components.iter().any(|c| matches_row(i, c)))
        .collect();
    if p.components.is_empty() || !unmatched.is_empty() {
        let mut row: Vec<String> = summary.to_vec();
        row.extend(std::iter::repeat_n("-".to_string(), 15));
        row.push(issues_cell(&unmatched));
        table.row(row);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::rollout::{IssueCode, project, report};
    use crate::render::TableStyle;
    use crate::render::structured::{to_json, to_yaml};
    use serde_json::json;

    const AT: &str = "2026-08-31T18:30:00Z";

    /// `value` as the stored service `prod/chat`.
    fn isvc(mut value: serde_json::Value) -> serde_json::Value {
        value["metadata"] =
            json!({"namespace": "prod", "name": "chat", "uid": "isvc-uid", "generation": 7});
        value
    }

    /// The report of `value` as the service `prod/chat` (uid `isvc-uid`, generation 7).
    fn report_of(value: serde_json::Value) -> RolloutReport {
        let raw = isvc(value);
        let meta = serde_json::from_value(raw["metadata"].clone()).unwrap();
        report(&raw, &meta, AT.parse().unwrap())
    }

    fn engine_only() -> serde_json::Value {
        isvc(
            json!({"status": {"components": {"engine": {"lifecycle": {"currentRevision": "chat-engine-7f9c4d2b", "updateRevision": "chat-engine-7f9c4d2b"}}}}}),
        )
    }

    fn plain(table: &Table) -> String {
        table.render(TableStyle::default())
    }

    #[test]
    fn not_configured_table_and_yaml() {
        let p = project(&isvc(json!({})));
        assert_eq!(
            plain(&compact_table(&p)),
            "\
FIELD          SERVICE         ENGINE   DECODER   ROUTER
STATE          NotConfigured   -        -         -
REPORTED       NotConfigured   -        -         -
EVIDENCE       Declared        -        -         -
EPOCH          NotApplicable   -        -         -
COORDINATION   NotApplicable   -        -         -
"
        );
        let r = report_of(json!({}));
        assert_eq!(r.content, p);
        assert_eq!(
            to_yaml(&r).unwrap(),
            r#"apiVersion: cli.ome.io/v1alpha1
collectedAt: "2026-08-31T18:30:00Z"
content:
  components: []
  groups: []
  issues: []
  summary:
    coordinationReady: NotApplicable
    epoch: NotApplicable
    evidence: Declared
    reportedState: NotConfigured
    state: NotConfigured
kind: RolloutStatusReport
metadata:
  name: chat
  namespace: prod
sources:
- collectedAt: "2026-08-31T18:30:00Z"
  evidence: Observed
  generation: 7
  kind: InferenceService
  name: chat
  namespace: prod
  uid: isvc-uid
warnings: []
"#
        );
    }

    #[test]
    fn independent_engine_goldens() {
        let p = project(&engine_only());
        assert_eq!(
            plain(&compact_table(&p)),
            "\
FIELD          SERVICE             ENGINE        DECODER   ROUTER
STATE          Unknown             -             -         -
REPORTED       Succeeded           -             -         -
EVIDENCE       Reported            -             -         -
EPOCH          Unverifiable        -             -         -
COORDINATION   NotApplicable       -             -         -
STRATEGY       -                   Independent   -         -
PHASE          -                   Stable        -         -
ISSUES         EpochUnverifiable   -             -         -
"
        );
        assert_eq!(
            plain(&wide_table(&p)),
            "\
STATE     REPORTED-STATE   EVIDENCE   EPOCH          GROUP   STRATEGY      GROUP-PHASE   CURRENT-COMPONENT   PREVIOUS-COMPONENT   COMPONENT   COMPONENT-PHASE   STEP   GATE   CAPACITY   TARGET-TRAFFIC   OBSERVED-TRAFFIC   ROLLED-OUT   READY   PREVIOUS   ISSUES
Unknown   Succeeded        Reported   Unverifiable   -       Independent   -             -                   -                    engine      Stable            -      -      -          -                -                  -            -       -          EpochUnverifiable
"
        );
        let r = report_of(
            json!({"status": {"components": {"engine": {"lifecycle": {"currentRevision": "chat-engine-7f9c4d2b", "updateRevision": "chat-engine-7f9c4d2b"}}}}}),
        );
        assert_eq!(r.content, p);
        assert_eq!(
            to_json(&r).unwrap(),
            r#"{
  "apiVersion": "cli.ome.io/v1alpha1",
  "kind": "RolloutStatusReport",
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
      "evidence": "Observed",
      "collectedAt": "2026-08-31T18:30:00Z"
    }
  ],
  "content": {
    "summary": {
      "state": "Unknown",
      "reportedState": "Succeeded",
      "evidence": "Reported",
      "epoch": "Unverifiable",
      "coordinationReady": "NotApplicable"
    },
    "groups": [],
    "components": [
      {
        "type": "engine",
        "strategy": "Independent",
        "phase": "Stable",
        "traffic": []
      }
    ],
    "issues": [
      {
        "code": "EpochUnverifiable"
      }
    ]
  },
  "warnings": [
    {
      "code": "PartialData"
    }
  ]
}
"#
        );
    }

    #[test]
    fn canary_paused_golden() {
        let p = project(&isvc(json!({
            "spec": {"deploymentMode": "OMENative", "engine": {},
                     "rollout": {"groups": [{"components": ["engine"], "canary": {"steps": [
                {"capacity": "25%", "traffic": 10, "pause": {}},
                {"capacity": "100%", "traffic": 100}
            ]}}]}},
            "status": {"components": {"engine": {
                "rolloutPhase": "Paused",
                "canary": {"currentStep": 0, "observedTrafficWeight": 10,
                           "canaryRevisionHash": "1a2b3c4d", "stableRevisionHash": "7f9c4d2b"},
                "traffic": [{"revisionName": "chat-engine-rev-1a2b3c4d", "percent": 10},
                            {"revisionName": "chat-engine-rev-7f9c4d2b", "percent": 90}],
                "lifecycle": {"currentRevision": "chat-engine-7f9c4d2b", "updateRevision": "chat-engine-7f9c4d2b"}
            }}}
        })));
        assert_eq!(
            plain(&compact_table(&p)),
            "\
FIELD          SERVICE             ENGINE       DECODER   ROUTER
STATE          Unknown             -            -         -
REPORTED       Paused              -            -         -
EVIDENCE       Reported            -            -         -
EPOCH          Unverifiable        -            -         -
COORDINATION   NotApplicable       -            -         -
GROUP          -                   0            -         -
STRATEGY       -                   Canary       -         -
GROUP-PHASE    -                   Paused       -         -
PHASE          -                   Paused       -         -
STEP           -                   1/2          -         -
GATE           -                   Manual       -         -
CAPACITY       -                   25%          -         -
TRAFFIC        -                   10% -> 10%   -         -
ISSUES         EpochUnverifiable   -            -         -
"
        );
    }

    #[test]
    fn wide_issue_only_rows() {
        let p = project(&isvc(json!({})));
        let text = plain(&wide_table(&p));
        let row = text.lines().nth(1).unwrap();
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells.len(), 20);
        assert_eq!(cells[19], "-");
        // An issue naming a group that no component belongs to gets its own row.
        let mut p = project(&engine_only());
        p.issues.push(RolloutIssue::new(
            IssueCode::GroupStatusUnexpected,
            Some(2),
            None,
        ));
        let text = plain(&wide_table(&p));
        assert_eq!(text.lines().count(), 3);
        assert!(
            text.lines()
                .nth(2)
                .unwrap()
                .ends_with("GroupStatusUnexpected(group=2)")
        );
    }

    #[test]
    fn compact_issue_cells_carry_groups() {
        let p = project(&isvc(json!({
            "spec": {"deploymentMode": "OMENative", "engine": {}, "decoder": {},
                     "rollout": {"groups": [{"components": ["decoder"], "rollingUpdate": {}}]}},
            "status": {"components": {"engine": {"lifecycle": {
                "currentRevision": "chat-engine-7f9c4d2b", "updateRevision": "chat-engine-7f9c4d2b"}}}}
        })));
        let text = plain(&compact_table(&p));
        let issues = text.lines().find(|l| l.starts_with("ISSUES")).unwrap();
        assert_eq!(
            issues.split_whitespace().collect::<Vec<_>>(),
            [
                "ISSUES",
                "EpochUnverifiable,GroupStatusMissing(group=0)",
                "-",
                "ComponentStatusMissing(group=0)",
                "-"
            ]
        );
        let wide = plain(&wide_table(&p));
        let decoder = wide.lines().nth(2).unwrap();
        assert!(decoder.ends_with(
            "ComponentStatusMissing(group=0,component=decoder),EpochUnverifiable,GroupStatusMissing(group=0)"
        ));
    }
}
