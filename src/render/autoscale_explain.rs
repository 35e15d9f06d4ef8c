//! `autoscale explain` table (diagnose.md §2.5): transposed, one column per component and a
//! `SERVICE` column when an issue belongs to no component. JSON/YAML are the report itself.

use super::{Table, Tabular};
use crate::evaluate::autoscale_explain::ExplainReport;
use crate::evaluate::autoscale_explain::report::{
    BoundsState, ComponentExplain, Desired, DesiredState, Issue, ReconciliationState, Reported,
    ReportedState, ScaleToZero, State,
};
use crate::evaluate::autoscale_status::model::EvidenceState;
use crate::text::bounded;

/// A cell is bounded so that one column never takes the whole width.
const CELL: usize = 40;

const ROWS: [&str; 15] = [
    "STATE",
    "MODE",
    "POLICY",
    "DESIRED",
    "RANGE",
    "ZERO",
    "EXPECTED-TARGET",
    "REPORTED",
    "REPORTED-TARGET",
    "CUR/DES",
    "LAST-SCALE",
    "CONDITION-EVIDENCE",
    "CONDITIONS",
    "CHECK",
    "WHY",
];

/// (code, alias, priority: 0 invalid, 1 unsupported, 2 mismatch, 3 unavailable).
const ALIASES: [(&str, &str, u8); 27] = [
    ("ReportedEvidenceInvalid", "evidence-invalid", 0),
    ("StatusInvalid", "status-invalid", 0),
    ("PolicyReferenceInvalid", "policy-invalid", 0),
    ("ReplicaBoundsInvalid", "bounds-invalid", 0),
    ("LegacyAutoscalerInvalid", "legacy-invalid", 0),
    ("AutoscalerClassInvalid", "class-invalid", 0),
    ("KEDATriggersRequired", "keda-triggers", 0),
    ("KEDAIdleNotBelowMinimum", "keda-idle", 0),
    ("HPAMetricMalformed", "hpa-metric", 0),
    ("KEDAConfigurationInvalid", "keda-invalid", 0),
    ("ReservedHPANameCollision", "hpa-name", 0),
    ("ScaleToZeroInvalid", "zero-invalid", 0),
    ("ScalingPolicyInvalid", "scaling-invalid", 0),
    ("DeploymentModeUnsupported", "mode-unsupported", 1),
    ("ScalingPolicyUnsupported", "scaling-unsupported", 1),
    ("ReportedClassMismatch", "class-mismatch", 2),
    ("ReportedOwnershipMismatch", "owner-mismatch", 2),
    ("ReportedSpecSourceMismatch", "source-mismatch", 2),
    ("ReportedTargetMismatch", "target-mismatch", 2),
    ("ReportedComponentUnexpected", "unexpected", 2),
    ("PolicyResolutionUnavailable", "policy-unavailable", 3),
    ("StatusStale", "status-stale", 3),
    ("StatusUnobserved", "status-unobserved", 3),
    ("StatusNotReported", "not-reported", 3),
    ("ReportedEvidencePartial", "evidence-partial", 3),
    ("InheritanceUnavailable", "inheritance-unavailable", 3),
    ("ActiveRevisionInconsistent", "revision-inconsistent", 3),
];

fn alias(code: &str) -> (&'static str, u8) {
    ALIASES
        .iter()
        .find(|(c, _, _)| *c == code)
        .map_or(("other", 4), |(_, a, p)| (*a, *p))
}

/// The top alias by priority then code, and how many more codes there are.
pub(crate) fn why(codes: &[&str]) -> String {
    let mut ranked: Vec<(u8, &str)> = codes.iter().map(|c| (alias(c).1, *c)).collect();
    ranked.sort_unstable();
    ranked.dedup();
    match ranked.split_first() {
        None => "-".to_string(),
        Some(((_, top), [])) => alias(top).0.to_string(),
        Some(((_, top), rest)) => format!("{},+{}", alias(top).0, rest.len()),
    }
}

fn state_cell(state: ReconciliationState) -> String {
    match state {
        ReconciliationState::Consistent => "OK".to_string(),
        ReconciliationState::ReportedMismatch => "Mismatch".to_string(),
        other => other.to_string(),
    }
}

/// The service's state, shown as a component's is.
fn summary_cell(state: State) -> String {
    match state {
        State::Consistent => "OK".to_string(),
        State::ReportedMismatch => "Mismatch".to_string(),
        other => other.to_string(),
    }
}

fn mode_cell(mode: &str) -> String {
    match mode {
        "RawDeployment" => "Raw",
        "OMENative" => "Native",
        "MultiNode" => "Multi",
        "VirtualDeployment" => "Virtual",
        other => other,
    }
    .to_string()
}

fn column(c: &ComponentExplain, policy: &str) -> Vec<String> {
    let check = match c.reconciliation.state {
        ReconciliationState::Consistent => "match",
        ReconciliationState::ReportedMismatch => "mismatch",
        ReconciliationState::NotReported => "missing",
        ReconciliationState::Invalid => "invalid",
        ReconciliationState::Unavailable => "unknown",
    }
    .to_string();
    let mut cells = vec![
        state_cell(c.reconciliation.state),
        mode_cell(&c.deployment_mode),
        policy.to_string(),
    ];
    cells.extend(desired_cells(&c.desired));
    cells.extend(reported_cells(&c.reported));
    cells.push(check);
    cells.push(why(&c
        .issues
        .iter()
        .map(|i| i.as_str())
        .collect::<Vec<_>>()));
    cells
}

fn dash() -> String {
    "-".to_string()
}

/// DESIRED, RANGE, ZERO, EXPECTED-TARGET.
fn desired_cells(d: &Desired) -> [String; 4] {
    let desired = match d.state {
        DesiredState::Resolved => format!("{}/{}", d.class, d.spec_source),
        DesiredState::Unavailable => format!("?/{}", d.spec_source),
        DesiredState::Unsupported => "unsupported".to_string(),
        DesiredState::Invalid => "invalid".to_string(),
    };
    let range = match (d.bounds.state, d.bounds.min_replicas, d.bounds.max_replicas) {
        (BoundsState::Resolved, Some(min), Some(max)) => format!("{min}..{max}"),
        (BoundsState::Invalid, _, _) => "invalid".to_string(),
        _ => "?".to_string(),
    };
    let zero = match d.scale_to_zero {
        ScaleToZero::NotRequested => "-",
        ScaleToZero::Eligible => "yes",
        ScaleToZero::Unsupported => "unsupported",
        ScaleToZero::Invalid => "invalid",
        ScaleToZero::Unavailable => "?",
    }
    .to_string();
    let expected = d
        .target
        .as_ref()
        .map_or_else(dash, |t| format!("{}/{}", t.kind, t.name));
    [desired, range, zero, expected]
}

/// REPORTED, REPORTED-TARGET, CUR/DES, LAST-SCALE, CONDITION-EVIDENCE, CONDITIONS.
fn reported_cells(r: &Reported) -> [String; 6] {
    let reported = match r.state {
        ReportedState::Available => format!(
            "{}/{}/{}",
            r.class.map_or("?", |c| c.as_str()),
            r.spec_source.map_or("?", |s| s.as_str()),
            r.managed_by.map_or("?", |m| m.as_str())
        ),
        ReportedState::NotReported => dash(),
        ReportedState::Invalid => "invalid".to_string(),
        ReportedState::Unavailable => "?".to_string(),
    };
    let reported_target = r
        .target
        .as_ref()
        .filter(|t| t.state == EvidenceState::Reported)
        .map_or_else(dash, |t| {
            format!(
                "{}/{}",
                t.kind.as_deref().unwrap_or("?"),
                t.name.as_deref().unwrap_or("?")
            )
        });
    let replicas = r.replicas.as_ref();
    let counts = replicas.map_or_else(dash, |rep| {
        match (rep.state, rep.current_replicas, rep.desired_replicas) {
            (EvidenceState::Reported, Some(c), Some(d)) => format!("{c}/{d}"),
            (EvidenceState::Ambiguous, c, d) => {
                format!("{}/{}?", c.unwrap_or(0), d.unwrap_or(0))
            }
            _ => dash(),
        }
    });
    let last_scale = replicas
        .and_then(|rep| rep.last_scale_time.clone())
        .unwrap_or_else(dash);
    let conditions = r.conditions.as_ref();
    let condition_evidence = conditions.map_or_else(dash, |c| {
        match c.state {
            EvidenceState::Reported => "reported",
            EvidenceState::NotReported => "missing",
            EvidenceState::Invalid => "invalid",
            EvidenceState::Ambiguous | EvidenceState::Unavailable => "unknown",
        }
        .to_string()
    });
    let items = conditions
        .map(|c| {
            c.items
                .iter()
                .map(|i| format!("{}={}", i.type_, i.status))
                .collect::<Vec<_>>()
                .join(",")
        })
        .filter(|s| !s.is_empty())
        .unwrap_or_else(dash);
    [
        reported,
        reported_target,
        counts,
        last_scale,
        condition_evidence,
        items,
    ]
}

fn service_column(report: &ExplainReport, service: &[&Issue]) -> Vec<String> {
    let c = &report.content;
    let codes: Vec<&str> = service.iter().map(|i| i.code.as_str()).collect();
    ROWS.iter()
        .map(|row| match *row {
            "STATE" => summary_cell(c.summary.state),
            "POLICY" => c.scaling_policy.mode.clone(),
            "WHY" => why(&codes),
            _ => "-".to_string(),
        })
        .collect()
}

impl Tabular for ExplainReport {
    fn table(&self) -> Table {
        table(self)
    }
}

pub(crate) fn table(report: &ExplainReport) -> Table {
    let c = &report.content;
    let service: Vec<&Issue> = c.issues.iter().filter(|i| i.component.is_none()).collect();
    let mut headers = vec!["FIELD".to_string()];
    headers.extend(c.components.iter().map(|c| c.type_.to_ascii_uppercase()));
    let mut columns: Vec<Vec<String>> = c
        .components
        .iter()
        .map(|comp| column(comp, &c.scaling_policy.mode))
        .collect();
    if c.components.is_empty() {
        let mut table = Table::new(["FIELD", "SERVICE"]);
        let cells = service_column(report, &service);
        for (row, cell) in ROWS.iter().zip(cells) {
            if matches!(*row, "STATE" | "POLICY" | "WHY") {
                table.row([row.to_string(), bounded(&cell, CELL)]);
            }
        }
        return table;
    }
    if !service.is_empty() {
        headers.push("SERVICE".to_string());
        columns.push(service_column(report, &service));
    }
    let mut table = Table::new(headers);
    for (i, row) in ROWS.iter().enumerate() {
        let mut cells = vec![row.to_string()];
        cells.extend(
            columns
                .iter()
                .map(|col| bounded(col.get(i).map_or("-", String::as_str), CELL)),
        );
        table.row(cells);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::autoscale_explain::tests::{explain, raw_engine};
    use crate::ome::runtime::RuntimeSpec;
    use crate::render::TableStyle;

    #[test]
    fn the_golden_table() {
        let report = explain(raw_engine(), &RuntimeSpec::default());
        assert_eq!(
            table(&report).render(TableStyle::default()),
            "\
FIELD                ENGINE
STATE                OK
MODE                 Raw
POLICY               Independent
DESIRED              HPA/default
RANGE                1..4
ZERO                 -
EXPECTED-TARGET      Deployment/chat-engine
REPORTED             HPA/default/ome
REPORTED-TARGET      Deployment/chat-engine
CUR/DES              2/2
LAST-SCALE           -
CONDITION-EVIDENCE   reported
CONDITIONS           AbleToScale=True
CHECK                match
WHY                  -
"
        );
    }

    #[test]
    fn why_ranks_by_priority_then_code() {
        assert_eq!(why(&[]), "-");
        assert_eq!(why(&["StatusStale"]), "status-stale");
        assert_eq!(
            why(&[
                "StatusStale",
                "ReportedClassMismatch",
                "ReportedTargetMismatch"
            ]),
            "class-mismatch,+2"
        );
        assert_eq!(
            why(&["PolicyResolutionUnavailable", "HPAMetricMalformed"]),
            "hpa-metric,+1"
        );
    }

    #[test]
    fn a_service_column_for_service_issues() {
        let mut isvc = raw_engine();
        isvc["spec"]["scalingPolicy"] = serde_json::json!({"mode": "Pinned"});
        let report = explain(isvc, &RuntimeSpec::default());
        let text = table(&report).render(TableStyle::default());
        assert!(
            text.starts_with(
                "FIELD                ENGINE                   SERVICE\n\
                 STATE                OK                       Unsupported\n"
            ),
            "{text}"
        );
        assert!(
            text.ends_with("\nWHY                  scaling-unsupported      scaling-unsupported\n"),
            "{text}"
        );
    }
}
