//! Rendering for `autoscale status` (read-commands.md §2.7–2.9): the compact field matrix, the
//! wide table and the `AutoscaleStatusReport` document.

use super::{Table, Tabular};
use crate::evaluate::autoscale_status::{
    AutoscaleContent, AutoscaleReport, ComponentReport, EvidenceState, Issue,
};
use crate::text::{bounded, bounded_middle};
use sha2::{Digest, Sha256};

const COMPONENTS: [&str; 3] = ["engine", "decoder", "router"];
const CELL: usize = 13;

/// The ISSUES alias of a code; unknown codes get `X#` + 10 hex of their SHA-256.
pub(crate) fn alias(code: &str) -> String {
    let known = match code {
        "UnknownComponentStatus" => "UnknownComp",
        "AutoscalerNotReported" => "NoAutoscaler",
        "ScaleTargetNotReported" => "NoTarget",
        "ClassInvalid" => "BadClass",
        "ManagedByInvalid" => "BadManager",
        "OwnershipMismatch" => "OwnerMismatch",
        "SpecSourceInvalid" => "BadSpecSource",
        "UnexpectedScalerEvidence" => "UnexpectedEv",
        "ReplicaEvidenceAmbiguous" => "ReplicaAmbig",
        "ReplicaEvidenceInvalid" => "BadReplica",
        "ScaleTargetInvalid" => "BadTarget",
        "ConditionInvalid" => "BadCondition",
        "ConditionConflict" => "CondConflict",
        "PolicyEvidenceInvalid" => "BadPolicy",
        "PolicyConditionConflict" => "PolicyClash",
        "PauseProjectionPending" => "PauseLag",
        "PauseModeInvalid" => "BadPauseMode",
        _ => "",
    };
    if !known.is_empty() {
        return known.to_string();
    }
    let digest = Sha256::digest(code.as_bytes());
    let hex: String = digest.iter().take(5).map(|b| format!("{b:02x}")).collect();
    format!("X#{hex}")
}

/// `Aug31 18:20Z` (UTC); the raw value when it is not a timestamp.
pub(crate) fn short_time(value: &str) -> String {
    match value.parse::<jiff::Timestamp>() {
        Ok(t) => t.strftime("%b%d %H:%MZ").to_string(),
        Err(_) => value.to_string(),
    }
}

fn condition(c: &ComponentReport, type_: &str) -> Option<String> {
    let values: Vec<&str> = c
        .conditions
        .items
        .iter()
        .filter(|i| i.type_ == type_)
        .map(|i| i.status.as_str())
        .collect();
    (!values.is_empty()).then(|| values.join("/"))
}

fn scaler_condition(c: &ComponentReport, type_: &str) -> Option<String> {
    c.live_scaler.as_ref().and_then(|s| {
        s.conditions
            .iter()
            .find(|i| i.type_ == type_)
            .map(|i| i.status.clone())
    })
}

fn target_reported(c: &ComponentReport) -> bool {
    c.target.state == EvidenceState::Reported
}

type Cell = fn(&ComponentReport) -> Option<String>;

/// The component rows of the compact table, in order; a row whose cells are all empty is
/// left out.
const ROWS: [(&str, Cell); 36] = [
    ("CLASS", |c| Some(c.class.to_string())),
    ("MANAGED-BY", |c| Some(c.managed_by.to_string())),
    ("SPEC-SOURCE", |c| Some(c.spec_source.to_string())),
    ("POLICY-STATE", |c| {
        c.policy.as_ref().map(|p| p.state.to_string())
    }),
    ("POLICY", |c| {
        c.policy
            .as_ref()
            .and_then(|p| p.name.as_deref())
            .map(|n| bounded_middle(n, CELL))
    }),
    ("TARGET-KIND", |c| {
        target_reported(c).then(|| match c.target.kind.as_deref() {
            Some("InferenceReplica") => "IR".to_string(),
            Some("Deployment") => "Deployment".to_string(),
            _ => "Unknown".to_string(),
        })
    }),
    ("TARGET-NAME", |c| {
        target_reported(c)
            .then(|| c.target.name.as_deref().map(|n| bounded_middle(n, CELL)))
            .flatten()
    }),
    ("TARGET-EVIDENCE", |c| Some(c.target.state.to_string())),
    ("CURRENT", |c| {
        c.replicas.current_replicas.map(|n| n.to_string())
    }),
    ("DESIRED", |c| {
        c.replicas.desired_replicas.map(|n| n.to_string())
    }),
    ("REPLICA-EVIDENCE", |c| Some(c.replicas.state.to_string())),
    ("LIVE-EVIDENCE", |c| {
        c.live_scale.as_ref().map(|l| l.evidence.to_string())
    }),
    ("LIVE-SPEC", |c| {
        c.live_scale
            .as_ref()
            .and_then(|l| l.spec_replicas.map(|n| n.to_string()))
    }),
    ("LIVE-CURRENT", |c| {
        c.live_scale
            .as_ref()
            .and_then(|l| l.current_replicas.map(|n| n.to_string()))
    }),
    ("LIVE-COUNT", |c| {
        c.live_scale
            .as_ref()
            .map(|l| l.count_comparison.to_string())
    }),
    ("SCALER-KIND", |c| {
        c.live_scaler.as_ref().map(|s| s.kind.to_string())
    }),
    ("SCALER-EVIDENCE", |c| {
        c.live_scaler.as_ref().map(|s| s.evidence.to_string())
    }),
    ("SCALER-GEN", |c| {
        c.live_scaler
            .as_ref()
            .map(|s| s.generation_state.to_string())
    }),
    ("SCALER-CURRENT", |c| {
        c.live_scaler
            .as_ref()
            .and_then(|s| s.current_replicas.map(|n| n.to_string()))
    }),
    ("SCALER-DESIRED", |c| {
        c.live_scaler
            .as_ref()
            .and_then(|s| s.desired_replicas.map(|n| n.to_string()))
    }),
    ("SCALER-ABLE", |c| scaler_condition(c, "AbleToScale")),
    ("SCALER-SCALING", |c| scaler_condition(c, "ScalingActive")),
    ("SCALER-LIMITED", |c| scaler_condition(c, "ScalingLimited")),
    ("SCALER-READY", |c| scaler_condition(c, "Ready")),
    ("SCALER-ACTIVE", |c| scaler_condition(c, "Active")),
    ("SCALER-FALLBACK", |c| scaler_condition(c, "Fallback")),
    ("SCALER-PAUSED", |c| scaler_condition(c, "Paused")),
    ("LAST-SCALE", |c| {
        c.replicas.last_scale_time.as_deref().map(short_time)
    }),
    ("COND-EVIDENCE", |c| Some(c.conditions.state.to_string())),
    ("ABLE-TO-SCALE", |c| condition(c, "AbleToScale")),
    ("SCALING-ACTIVE", |c| condition(c, "ScalingActive")),
    ("SCALING-LIMITED", |c| condition(c, "ScalingLimited")),
    ("READY", |c| condition(c, "Ready")),
    ("ACTIVE", |c| condition(c, "Active")),
    ("FALLBACK", |c| condition(c, "Fallback")),
    ("PAUSED", |c| condition(c, "Paused")),
];

fn cell(value: Option<String>) -> String {
    match value {
        Some(v) if !v.is_empty() => bounded(&v, CELL),
        _ => "-".to_string(),
    }
}

fn component<'a>(content: &'a AutoscaleContent, name: &str) -> Option<&'a ComponentReport> {
    content.components.iter().find(|c| c.type_ == name)
}

fn is_service_scoped(issue: &Issue) -> bool {
    issue
        .component
        .as_deref()
        .is_none_or(|c| !COMPONENTS.contains(&c))
}

/// The compact FIELD × SERVICE/ENGINE/DECODER/ROUTER matrix (§2.7).
impl Tabular for AutoscaleReport {
    fn table(&self) -> Table {
        compact_table(&self.content)
    }

    fn wide(&self) -> Table {
        wide_table(&self.content)
    }
}

fn compact_table(content: &AutoscaleContent) -> Table {
    let mut table = Table::new(["FIELD", "SERVICE", "ENGINE", "DECODER", "ROUTER"]);
    let mut state = vec![
        "STATE".to_string(),
        cell(Some(content.summary.state.to_string())),
    ];
    state.extend(
        COMPONENTS
            .iter()
            .map(|n| cell(component(content, n).map(|c| c.state.to_string()))),
    );
    table.row(state);
    if let Some(pause) = pause_cells(content) {
        let mut row = vec!["PAUSE".to_string(), pause.service];
        row.extend(pause.components);
        table.row(row);
    }
    for (field, value) in ROWS {
        let cells: Vec<String> = COMPONENTS
            .iter()
            .map(|n| cell(component(content, n).and_then(value)))
            .collect();
        if cells.iter().any(|c| c != "-") {
            let mut row = vec![field.to_string(), "-".to_string()];
            row.extend(cells);
            table.row(row);
        }
    }
    let mut columns: Vec<Vec<String>> = vec![
        content
            .issues
            .iter()
            .filter(|i| is_service_scoped(i))
            .map(|i| alias(i.code.as_str()))
            .collect(),
    ];
    for name in COMPONENTS {
        columns.push(
            content
                .issues
                .iter()
                .filter(|i| i.component.as_deref() == Some(name))
                .map(|i| alias(i.code.as_str()))
                .collect(),
        );
    }
    let depth = columns.iter().map(Vec::len).max().unwrap_or(0);
    for index in 0..depth {
        let mut row = vec!["ISSUES".to_string()];
        row.extend(columns.iter().map(|col| cell(col.get(index).cloned())));
        table.row(row);
    }
    table
}

/// The PAUSE row's cells (after-the-write.md §4.4): only when the service or an IR is paused.
struct PauseCells {
    service: String,
    components: Vec<String>,
}

fn ir_pause(c: &ComponentReport) -> Option<String> {
    c.live_scale
        .as_ref()
        .and_then(|l| l.pause.map(|p| p.to_string()))
}

fn pause_cells(content: &AutoscaleContent) -> Option<PauseCells> {
    let service = content.pause.as_ref().map(|p| p.depth.to_string());
    let components: Vec<String> = COMPONENTS
        .iter()
        .map(|n| cell(component(content, n).and_then(ir_pause)))
        .collect();
    (service.is_some() || components.iter().any(|c| c != "-")).then(|| PauseCells {
        service: cell(service),
        components,
    })
}

fn dash(value: Option<String>) -> String {
    value
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "-".to_string())
}

fn joined(items: Vec<String>) -> Option<String> {
    (!items.is_empty()).then(|| items.join(","))
}

fn count(value: Option<i64>) -> String {
    dash(value.map(|n| n.to_string()))
}

/// The issue codes of the service and of `component` (when given), comma-separated.
fn issue_codes(content: &AutoscaleContent, component: Option<&str>) -> String {
    dash(joined(
        content
            .issues
            .iter()
            .filter(|i| {
                is_service_scoped(i) || (component.is_some() && i.component.as_deref() == component)
            })
            .map(|i| i.code.to_string())
            .collect(),
    ))
}

/// One column of the wide table: its header and its cell for a component.
struct Column {
    header: &'static str,
    cell: fn(&AutoscaleContent, &ComponentReport) -> String,
}

const fn column(
    header: &'static str,
    cell: fn(&AutoscaleContent, &ComponentReport) -> String,
) -> Column {
    Column { header, cell }
}

const IDENTITY: [Column; 6] = [
    column("STATE", |content, _| content.summary.state.to_string()),
    column("COMPONENT", |_, c| c.type_.clone()),
    column("COMPONENT-STATE", |_, c| c.state.to_string()),
    column("CLASS", |_, c| c.class.to_string()),
    column("MANAGED-BY", |_, c| c.managed_by.to_string()),
    column("SPEC-SOURCE", |_, c| c.spec_source.to_string()),
];

/// Shown when the service or an IR is paused.
const PAUSE: [Column; 2] = [
    column("PAUSE", |content, _| {
        dash(content.pause.as_ref().map(|p| p.depth.to_string()))
    }),
    column("COMPONENT-PAUSE", |_, c| dash(ir_pause(c))),
];

/// Shown when any component has policy evidence.
const POLICY: [Column; 6] = [
    column("POLICY-STATE", |_, c| {
        dash(c.policy.as_ref().map(|p| p.state.to_string()))
    }),
    column("POLICY", |_, c| {
        dash(c.policy.as_ref().and_then(|p| p.name.clone()))
    }),
    column("POLICY-RESOLUTION", |_, c| {
        dash(c.policy.as_ref().map(|p| p.resolution.clone()))
    }),
    column("POLICY-GENERATION", |_, c| {
        count(
            c.policy
                .as_ref()
                .and_then(|p| p.generation)
                .filter(|g| *g != 0),
        )
    }),
    column("POLICY-PORTABLE", |_, c| {
        dash(c.policy.as_ref().and_then(|p| p.portable_digest.clone()))
    }),
    column("POLICY-RENDER", |_, c| {
        dash(c.policy.as_ref().and_then(|p| p.render_digest.clone()))
    }),
];

const EVIDENCE: [Column; 9] = [
    column("TARGET", |_, c| {
        dash(target_reported(c).then(|| {
            format!(
                "{}/{}/{}",
                c.target.kind.as_deref().unwrap_or_default(),
                c.target.namespace.as_deref().unwrap_or_default(),
                c.target.name.as_deref().unwrap_or_default()
            )
        }))
    }),
    column("TARGET-EVIDENCE", |_, c| c.target.state.to_string()),
    column("CURRENT", |_, c| count(c.replicas.current_replicas)),
    column("DESIRED", |_, c| count(c.replicas.desired_replicas)),
    column("REPLICA-EVIDENCE", |_, c| c.replicas.state.to_string()),
    column("LAST-SCALE", |_, c| {
        dash(c.replicas.last_scale_time.clone())
    }),
    column("CONDITION-EVIDENCE", |_, c| c.conditions.state.to_string()),
    column("CONDITIONS", |_, c| {
        dash(joined(
            c.conditions
                .items
                .iter()
                .map(|i| format!("{}={}", i.type_, i.status))
                .collect(),
        ))
    }),
    column("ISSUES", |content, c| issue_codes(content, Some(&c.type_))),
];

/// Shown with `--live-scale`.
const LIVE: [Column; 4] = [
    column("LIVE-EVIDENCE", |_, c| {
        dash(c.live_scale.as_ref().map(|l| l.evidence.to_string()))
    }),
    column("LIVE-SPEC", |_, c| {
        count(c.live_scale.as_ref().and_then(|l| l.spec_replicas))
    }),
    column("LIVE-CURRENT", |_, c| {
        count(c.live_scale.as_ref().and_then(|l| l.current_replicas))
    }),
    column("LIVE-COUNT", |_, c| {
        dash(
            c.live_scale
                .as_ref()
                .map(|l| l.count_comparison.to_string()),
        )
    }),
];

/// Shown with `--live-scaler`.
const SCALER: [Column; 6] = [
    column("SCALER-KIND", |_, c| {
        dash(c.live_scaler.as_ref().map(|s| s.kind.to_string()))
    }),
    column("SCALER-EVIDENCE", |_, c| {
        dash(c.live_scaler.as_ref().map(|s| s.evidence.to_string()))
    }),
    column("SCALER-GEN", |_, c| {
        dash(
            c.live_scaler
                .as_ref()
                .map(|s| s.generation_state.to_string()),
        )
    }),
    column("SCALER-CURRENT", |_, c| {
        count(c.live_scaler.as_ref().and_then(|s| s.current_replicas))
    }),
    column("SCALER-DESIRED", |_, c| {
        count(c.live_scaler.as_ref().and_then(|s| s.desired_replicas))
    }),
    // An empty condition list is an empty cell, not `-`.
    column("SCALER-CONDITIONS", |_, c| {
        c.live_scaler.as_ref().map_or_else(
            || "-".to_string(),
            |s| {
                s.conditions
                    .iter()
                    .map(|i| format!("{}={}", i.type_, i.status))
                    .collect::<Vec<_>>()
                    .join(",")
            },
        )
    }),
];

/// The wide table: one row per component (§2.8), the optional column groups only when some
/// component has that evidence. Without components, one row with the service's state and
/// issues.
fn wide_table(content: &AutoscaleContent) -> Table {
    let any = |has: fn(&ComponentReport) -> bool| content.components.iter().any(has);
    let mut columns: Vec<&Column> = IDENTITY.iter().collect();
    if pause_cells(content).is_some() {
        // The same facts as the compact PAUSE row: the service's, then the component's IR.
        columns.insert(1, &PAUSE[0]);
        columns.insert(4, &PAUSE[1]);
    }
    if any(|c| c.policy.is_some()) {
        columns.extend(&POLICY);
    }
    columns.extend(&EVIDENCE);
    if any(|c| c.live_scale.is_some()) {
        columns.extend(&LIVE);
    }
    if any(|c| c.live_scaler.is_some()) {
        columns.extend(&SCALER);
    }
    let mut table = Table::new(columns.iter().map(|c| c.header));
    for component in &content.components {
        table.row(columns.iter().map(|c| (c.cell)(content, component)));
    }
    if content.components.is_empty() {
        table.row(columns.iter().map(|c| match c.header {
            "STATE" => content.summary.state.to_string(),
            "PAUSE" => dash(content.pause.as_ref().map(|p| p.depth.to_string())),
            "ISSUES" => issue_codes(content, None),
            _ => "-".to_string(),
        }));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::autoscale_status::{
        AutoscaleProjection, Class, CountComparison, GenerationState, LiveEvidence, LiveScale,
        LiveScaler, ScalerCondition, canonicalize, project, report,
    };
    use crate::ome::InferenceService;
    use crate::render::TableStyle;
    use crate::render::structured::{to_json, to_yaml};
    use serde_json::{Value, json};

    const AT: &str = "2026-08-31T18:30:00Z";

    fn hpa_engine(last_scale: bool) -> Value {
        let mut autoscaler = json!({"class": "HPA", "managedBy": "ome", "specSource": "default",
            "currentReplicas": 2, "desiredReplicas": 3,
            "conditions": [
                {"type": "AbleToScale", "status": "True", "lastTransitionTime": "2026-08-31T18:15:00Z"},
                {"type": "ScalingActive", "status": "True", "lastTransitionTime": "2026-08-31T18:15:00Z"}]});
        if last_scale {
            autoscaler["lastScaleTime"] = json!("2026-08-31T18:20:00Z");
        }
        json!({
            "metadata": {"name": "chat", "namespace": "prod", "uid": "uid-chat", "generation": 7},
            "status": {"components": {"engine": {"autoscaler": autoscaler,
                "scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "chat-engine"}}}}
        })
    }

    fn projection(v: Value) -> AutoscaleProjection {
        let isvc: InferenceService = serde_json::from_value(v).unwrap();
        let mut p = project(&isvc);
        canonicalize(&mut p, AT);
        p
    }

    fn plain(t: &Table) -> String {
        t.render(TableStyle::default())
    }

    #[test]
    fn hpa_engine_compact_golden() {
        let p = projection(hpa_engine(true));
        assert_eq!(
            plain(&compact_table(&p.content)),
            "\
FIELD              SERVICE    ENGINE         DECODER   ROUTER
STATE              Reported   Reported       -         -
CLASS              -          HPA            -         -
MANAGED-BY         -          ome            -         -
SPEC-SOURCE        -          default        -         -
TARGET-KIND        -          IR             -         -
TARGET-NAME        -          chat-engine    -         -
TARGET-EVIDENCE    -          Reported       -         -
CURRENT            -          2              -         -
DESIRED            -          3              -         -
REPLICA-EVIDENCE   -          Reported       -         -
LAST-SCALE         -          Aug31 18:20Z   -         -
COND-EVIDENCE      -          Reported       -         -
ABLE-TO-SCALE      -          True           -         -
SCALING-ACTIVE     -          True           -         -
"
        );
    }

    #[test]
    fn live_scale_goldens() {
        let mut p = projection(hpa_engine(false));
        p.content.components[0].live_scale = Some(LiveScale {
            evidence: LiveEvidence::Reported,
            count_comparison: CountComparison::Equal,
            spec_replicas: Some(3),
            current_replicas: Some(2),
            pause: None,
        });
        assert_eq!(
            plain(&compact_table(&p.content)),
            "\
FIELD              SERVICE    ENGINE        DECODER   ROUTER
STATE              Reported   Reported      -         -
CLASS              -          HPA           -         -
MANAGED-BY         -          ome           -         -
SPEC-SOURCE        -          default       -         -
TARGET-KIND        -          IR            -         -
TARGET-NAME        -          chat-engine   -         -
TARGET-EVIDENCE    -          Reported      -         -
CURRENT            -          2             -         -
DESIRED            -          3             -         -
REPLICA-EVIDENCE   -          Reported      -         -
LIVE-EVIDENCE      -          Reported      -         -
LIVE-SPEC          -          3             -         -
LIVE-CURRENT       -          2             -         -
LIVE-COUNT         -          Equal         -         -
COND-EVIDENCE      -          Reported      -         -
ABLE-TO-SCALE      -          True          -         -
SCALING-ACTIVE     -          True          -         -
"
        );
        p.content.components[0].live_scale = Some(LiveScale {
            evidence: LiveEvidence::Stale,
            count_comparison: CountComparison::Unknown,
            spec_replicas: None,
            current_replicas: None,
            pause: None,
        });
        assert_eq!(
            plain(&compact_table(&p.content)),
            "\
FIELD              SERVICE    ENGINE        DECODER   ROUTER
STATE              Reported   Reported      -         -
CLASS              -          HPA           -         -
MANAGED-BY         -          ome           -         -
SPEC-SOURCE        -          default       -         -
TARGET-KIND        -          IR            -         -
TARGET-NAME        -          chat-engine   -         -
TARGET-EVIDENCE    -          Reported      -         -
CURRENT            -          2             -         -
DESIRED            -          3             -         -
REPLICA-EVIDENCE   -          Reported      -         -
LIVE-EVIDENCE      -          Stale         -         -
LIVE-COUNT         -          Unknown       -         -
COND-EVIDENCE      -          Reported      -         -
ABLE-TO-SCALE      -          True          -         -
SCALING-ACTIVE     -          True          -         -
"
        );
        p.content.components[0].live_scaler = Some(LiveScaler {
            kind: Class::Hpa,
            evidence: LiveEvidence::Reported,
            generation_state: GenerationState::Matched,
            current_replicas: Some(2),
            desired_replicas: Some(3),
            conditions: vec![ScalerCondition {
                type_: "ScalingActive".into(),
                status: "True".into(),
            }],
        });
        let text = plain(&compact_table(&p.content));
        assert!(text.contains(
            "\
LIVE-COUNT         -          Unknown       -         -
SCALER-KIND        -          HPA           -         -
SCALER-EVIDENCE    -          Reported      -         -
SCALER-GEN         -          Matched       -         -
SCALER-CURRENT     -          2             -         -
SCALER-DESIRED     -          3             -         -
SCALER-SCALING     -          True          -         -
COND-EVIDENCE      -          Reported      -         -
"
        ));
    }

    #[test]
    fn keda_zero_and_missing_autoscaler_golden() {
        // The spec's constructed example pads SERVICE as if it held `Reported`; the tabwriter
        // rule (§1.7) sizes it to `Partial`, one column narrower.
        let p = projection(json!({
            "metadata": {"name": "chat", "namespace": "prod", "uid": "uid-chat", "generation": 7},
            "status": {"components": {
                "engine": {"autoscaler": {"class": "KEDA", "managedBy": "ome", "specSource": "runtime",
                    "conditions": [{"type": "Ready", "status": "True"}, {"type": "Active", "status": "False"}]},
                    "scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "chat-engine"}},
                "decoder": {"scaleTargetRef": {"apiVersion": "ome.io/v1beta1", "kind": "InferenceReplica", "name": "chat-decoder"}}
            }}
        }));
        assert_eq!(
            plain(&compact_table(&p.content)),
            "\
FIELD              SERVICE   ENGINE         DECODER        ROUTER
STATE              Partial   Partial        NotReported    -
CLASS              -         KEDA           Unknown        -
MANAGED-BY         -         ome            Unknown        -
SPEC-SOURCE        -         runtime        Unknown        -
TARGET-KIND        -         IR             IR             -
TARGET-NAME        -         chat-engine    chat-decoder   -
TARGET-EVIDENCE    -         Reported       Reported       -
CURRENT            -         0              -              -
DESIRED            -         0              -              -
REPLICA-EVIDENCE   -         Ambiguous      NotReported    -
COND-EVIDENCE      -         Reported       NotReported    -
READY              -         True           -              -
ACTIVE             -         False          -              -
ISSUES             -         ReplicaAmbig   NoAutoscaler   -
"
        );
    }

    #[test]
    fn wide_golden() {
        let p = projection(hpa_engine(true));
        assert_eq!(
            plain(&wide_table(&p.content)),
            "\
STATE      COMPONENT   COMPONENT-STATE   CLASS   MANAGED-BY   SPEC-SOURCE   TARGET                              TARGET-EVIDENCE   CURRENT   DESIRED   REPLICA-EVIDENCE   LAST-SCALE             CONDITION-EVIDENCE   CONDITIONS                            ISSUES
Reported   engine      Reported          HPA     ome          default       InferenceReplica/prod/chat-engine   Reported          2         3         Reported           2026-08-31T18:20:00Z   Reported             AbleToScale=True,ScalingActive=True   -
"
        );
        let empty =
            projection(json!({"metadata": {"name": "chat", "namespace": "prod", "uid": "u"}}));
        let text = plain(&wide_table(&empty.content));
        let row: Vec<&str> = text.lines().nth(1).unwrap().split_whitespace().collect();
        assert_eq!(row.len(), 15);
        assert_eq!(row[0], "Unavailable");
    }

    #[test]
    fn json_golden_and_yaml_order() {
        let p = projection(hpa_engine(true));
        let r = report("prod", "chat", p, AT.parse().unwrap());
        assert_eq!(
            to_json(&r).unwrap(),
            r#"{
  "apiVersion": "cli.ome.io/v1alpha1",
  "kind": "AutoscaleStatusReport",
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
      "uid": "uid-chat",
      "generation": 7,
      "evidence": "Reported",
      "collectedAt": "2026-08-31T18:30:00Z"
    }
  ],
  "content": {
    "summary": {
      "state": "Reported"
    },
    "components": [
      {
        "type": "engine",
        "state": "Reported",
        "class": "HPA",
        "managedBy": "ome",
        "specSource": "default",
        "target": {
          "state": "Reported",
          "apiVersion": "ome.io/v1beta1",
          "kind": "InferenceReplica",
          "namespace": "prod",
          "name": "chat-engine"
        },
        "replicas": {
          "state": "Reported",
          "currentReplicas": 2,
          "desiredReplicas": 3,
          "lastScaleTime": "2026-08-31T18:20:00Z"
        },
        "conditions": {
          "state": "Reported",
          "items": [
            {
              "type": "AbleToScale",
              "status": "True",
              "lastTransitionTime": "2026-08-31T18:15:00Z"
            },
            {
              "type": "ScalingActive",
              "status": "True",
              "lastTransitionTime": "2026-08-31T18:15:00Z"
            }
          ]
        }
      }
    ],
    "issues": []
  },
  "warnings": []
}
"#
        );
        let yaml = to_yaml(&r).unwrap();
        assert!(yaml.contains(
            "  components:\n  - class: HPA\n    conditions:\n      items:\n      - lastTransitionTime: \"2026-08-31T18:15:00Z\"\n        status: \"True\"\n        type: AbleToScale\n"
        ), "{yaml}");
        assert!(yaml.contains("    target:\n      apiVersion: ome.io/v1beta1\n      kind: InferenceReplica\n      name: chat-engine\n      namespace: prod\n      state: Reported\n    type: engine\n"), "{yaml}");
    }

    #[test]
    fn aliases() {
        assert_eq!(alias("ReplicaEvidenceAmbiguous"), "ReplicaAmbig");
        let x = alias("SomethingNew");
        assert!(x.starts_with("X#") && x.len() == 12);
        // SHA-256("SomethingNew") first 5 bytes, computed independently of the renderer.
        let d = Sha256::digest(b"SomethingNew");
        assert_eq!(
            x,
            format!(
                "X#{:02x}{:02x}{:02x}{:02x}{:02x}",
                d[0], d[1], d[2], d[3], d[4]
            )
        );
        assert_eq!(short_time("2026-08-31T18:20:00Z"), "Aug31 18:20Z");
        assert_eq!(short_time("2026-01-05T03:04:59Z"), "Jan05 03:04Z");
    }
}
