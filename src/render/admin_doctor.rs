//! `admin doctor` tables (diagnose.md §4.5, §5.2): `SUBJECT`/`EVIDENCE`/`DETAIL`, Bounded
//! 24/19/29 (wide: 23/24/27), so lines stay within 80 columns. On a terminal the evidence of
//! the verdict, APIs, reads and access reviews is coloured. JSON/YAML are the report itself.

use super::{Table, Tabular, Tone};
use crate::evaluate::admin_doctor::DoctorReport;
use crate::evaluate::admin_doctor::report::{Access, Api, Availability, Read, State};
use crate::text::bounded;

const NARROW: [usize; 3] = [24, 19, 29];
const WIDE: [usize; 3] = [23, 24, 27];

struct Rows {
    widths: [usize; 3],
    table: Table,
}

impl Rows {
    fn push(&mut self, subject: &str, evidence: &str, detail: &str) {
        self.push_toned(subject, (evidence, Tone::Plain), detail);
    }

    fn push_toned(&mut self, subject: &str, (evidence, tone): (&str, Tone), detail: &str) {
        let [s, e, d] = self.widths;
        self.table.toned_row(vec![
            (bounded(subject, s), Tone::Plain),
            (bounded(evidence, e), tone),
            (bounded(detail, d), Tone::Plain),
        ]);
    }
}

/// Found and usable → good; a violation → bad; anything else unavailable → warn.
fn tone(evidence: &str, violation: bool) -> Tone {
    match evidence {
        _ if violation => Tone::Bad,
        "Available" | "Allowed" | "Complete" => Tone::Good,
        "NotRequested" | "NotDiscoverableAtVersion" => Tone::Plain,
        _ => Tone::Warn,
    }
}

impl Tabular for DoctorReport {
    fn table(&self) -> Table {
        table(self)
    }

    fn wide(&self) -> Table {
        wide_table(self)
    }
}

pub(crate) fn table(report: &DoctorReport) -> Table {
    render(report, false)
}

pub(crate) fn wide_table(report: &DoctorReport) -> Table {
    render(report, true)
}

fn render(report: &DoctorReport, wide: bool) -> Table {
    let c = &report.content;
    let mut rows = Rows {
        widths: if wide { WIDE } else { NARROW },
        table: Table::new(["SUBJECT", "EVIDENCE", "DETAIL"]),
    };
    let doctor = if c.access.is_some() {
        "GET + access reviews; no writes"
    } else {
        "GET-only; not authorization"
    };
    let state = c.summary.state.as_str();
    rows.push_toned(
        "Doctor",
        (state, tone(state, c.summary.state == State::Violations)),
        doctor,
    );
    rows.push("Context", &c.context.name, "Current kubeconfig context");
    rows.push(
        "Workload namespace",
        &c.context.workload_namespace,
        "Only selected named GET",
    );
    rows.push(
        "OME namespace",
        &c.context.ome_namespace,
        "Named manager Deployment GET",
    );
    for api in &c.apis {
        let availability = api.availability.as_str();
        let missing = api.required && availability == "NotDiscoverableAtVersion";
        rows.push_toned(
            api.resource,
            (availability, tone(availability, missing)),
            &api_detail(api, wide),
        );
    }
    for read in &c.reads {
        rows.push_toned(
            read.id,
            (read.outcome, tone(read.outcome, false)),
            &read_detail(read, wide),
        );
    }
    let v = &c.version;
    rows.push("CLI version", &v.client_version, v.client_version_state);
    rows.push(
        "Manager image candidate",
        v.manager_image_candidate.as_deref().unwrap_or("-"),
        v.manager_image_state,
    );
    rows.push(
        "Operator compatibility",
        v.operator_version_state,
        "No canonical running version",
    );
    rows.push(
        "Image-tag comparison",
        v.image_tag_comparison,
        "Computed; not compatibility",
    );
    for feature in &c.features {
        rows.push(feature.id, feature.availability, "Generation unverifiable");
    }
    for access in c.access.iter().flatten() {
        let denied = matches!(access.outcome, "Denied" | "NotAllowed");
        rows.push_toned(
            &format!("access {}", access.id),
            (access.outcome, tone(access.outcome, denied)),
            &access_target(access),
        );
    }
    if wide {
        rows.push("Full values", "-o json", "-o yaml");
    }
    rows.table
}

/// Narrow: `Required`/`Optional`, and for an optional API that is not available its reason
/// (`Optional NotFound`, website.md §4).
fn api_detail(api: &Api, wide: bool) -> String {
    let required = if api.required { "Required" } else { "Optional" };
    if wide {
        format!(
            "{required} {} {} {}",
            api.group_version, api.kind, api.scope
        )
    } else {
        match api.reason {
            Some(reason) if !api.required && api.availability != Availability::Available => {
                format!("{required} {reason}")
            }
            _ => required.to_string(),
        }
    }
}

fn read_detail(read: &Read, wide: bool) -> String {
    if wide {
        return format!("GET {} {}", read.group_version, read.resource);
    }
    match (&read.name, read.outcome) {
        // The namespace a selected service would be read in (website.md §4).
        (_, "NotRequested") => format!("{}/", read.namespace),
        (Some(name), _) => format!("{}/{name}", read.namespace),
        (None, _) => read.namespace.clone(),
    }
}

/// `<ns>/<name>`, or `<ns>/*` when the review names no object.
fn access_target(access: &Access) -> String {
    format!(
        "{}/{}",
        access.namespace,
        access.name.as_deref().unwrap_or("*")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::admin_doctor::report::{Availability, State};
    use crate::evaluate::admin_doctor::{Evidence, Request, catalogue, project};
    use crate::ome::evidence::ApiError;
    use crate::render::TableStyle;
    use serde_json::json;

    /// The contract's test snapshot: two APIs and two features.
    #[test]
    fn the_golden_snapshot() {
        let discovery = catalogue::GROUP_VERSIONS
            .iter()
            .map(|gv| {
                let resources: Vec<_> = catalogue::CATALOGUE
                    .iter()
                    .filter(|e| e.group_version == *gv && e.resource != "inferenceservices")
                    .map(
                        |e| json!({"name": e.resource, "kind": e.kind, "namespaced": e.namespaced}),
                    )
                    .collect();
                (*gv, Ok(json!({"groupVersion": gv, "resources": resources})))
            })
            .collect();
        let evidence = Evidence {
            discovery,
            manager: Ok(json!({"spec": {"template": {"spec": {"containers": [
                {"name": "manager", "image": "registry/ome-manager:v1.2.3"}]}}}})),
            isvc: Some(Ok(json!({"status": {"components": {"engine": {
                "lifecycle": {"replicas": 2}, "traffic": [{"percent": 100}]}}}}))),
            access: None,
        };
        let request = Request {
            context: "local".into(),
            workload_namespace: "team-a".into(),
            ome_namespace: "control".into(),
            isvc: Some("chat".into()),
        };
        let mut report = project(
            &request,
            &evidence,
            "1.2.0",
            "2026-08-31T18:30:00Z".parse().unwrap(),
        );
        report
            .content
            .apis
            .retain(|a| matches!(a.resource, "inferencereplicas" | "inferenceservices"));
        report
            .content
            .features
            .retain(|f| matches!(f.id, "Lifecycle" | "Traffic"));
        assert_eq!(report.content.summary.state, State::Violations);
        assert_eq!(
            table(&report).render(TableStyle::default()),
            "\
SUBJECT                    EVIDENCE              DETAIL
Doctor                     Violations            GET-only; not authorization
Context                    local                 Current kubeconfig context
Workload namespace         team-a                Only selected named GET
OME namespace              control               Named manager Deployment GET
inferencereplicas          Available             Optional
inferenceservices          NotDiscoverableA...   Required
ManagerDeployment          Available             control/ome-controller-man...
SelectedInferenceService   Available             team-a/chat
CLI version                v1.2.0                CanonicalCandidate
Manager image candidate    v1.2.3                SelectedStableTag
Operator compatibility     Unverifiable          No canonical running version
Image-tag comparison       WithinOneMinor        Computed; not compatibility
Lifecycle                  Present               Generation unverifiable
Traffic                    Present               Generation unverifiable
"
        );
        let wide = wide_table(&report).render(TableStyle::default());
        assert!(wide.contains("GET apps/v1 deployments"), "{wide}");
        assert!(
            wide.contains(
                "inferencereplicas         Available                  Optional ome.io/v1beta1 ..."
            ),
            "{wide}"
        );
        assert!(
            wide.lines().last().unwrap().starts_with("Full values"),
            "{wide}"
        );
        assert!(wide.lines().all(|l| l.chars().count() <= 80), "{wide}");
    }

    #[test]
    fn access_rows() {
        let check = &crate::evaluate::admin_doctor::access::plan("team-a", None, None)[0];
        let access = crate::evaluate::admin_doctor::access::outcome(
            check,
            &Err(ApiError::Forbidden {
                message: "x".into(),
            }),
        );
        assert_eq!(access_target(&access), "team-a/*");
        assert_eq!(Availability::NotDiscoverableAtVersion.as_str().len(), 24);
    }
}
