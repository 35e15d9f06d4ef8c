//! `runtime effective` tables (after-the-write.md §3.5). JSON/YAML are the report itself.

use super::{Table, Tabular};
use crate::evaluate::runtime_effective::RuntimeEffectiveReport;
use crate::evaluate::runtime_effective::report::{Drift, Issue, ObjectRef, SelectionSource, View};
use crate::text::{bounded, bounded_middle, display_width, sanitize};
use sha2::{Digest, Sha256};

/// VALUE is Bounded(value, 54).
const VALUE: usize = 54;
/// A namespace inside a value.
const NAMESPACE: usize = 20;

const WIDE_HEADERS: [&str; 16] = [
    "VIEW",
    "STATE",
    "REASON",
    "RUNTIME",
    "REVISION",
    "HASH",
    "COMPONENT",
    "MODE",
    "MODE-SOURCE",
    "PIN",
    "PIN-STATE",
    "SYNC",
    "STATUS",
    "DRIFT",
    "LIVE-RELATION",
    "ISSUES",
];

/// A name that fits `width` as is; a longer one keeps its ends and gets `#` and 8 hex of the
/// SHA-256 of the whole value, so two long names stay apart.
fn fit(value: &str, width: usize) -> String {
    let clean = sanitize(value);
    if display_width(&clean) <= width {
        return clean;
    }
    let digest: String = Sha256::digest(value.as_bytes())
        .iter()
        .take(4)
        .map(|b| format!("{b:02x}"))
        .collect();
    format!(
        "{}#{digest}",
        bounded_middle(value, width.saturating_sub(9))
    )
}

/// `CSR/<name>` or `SR/<ns>/<name>`, each part fitted into the value's 54 columns.
fn runtime(source: &ObjectRef) -> String {
    let kind = match source.kind.as_str() {
        "ClusterServingRuntime" => "CSR",
        "ServingRuntime" => "SR",
        kind => kind,
    };
    let prefix = if source.namespace.is_empty() {
        format!("{kind}/")
    } else {
        format!("{kind}/{}/", fit(&source.namespace, NAMESPACE))
    };
    let room = VALUE.saturating_sub(display_width(&prefix));
    format!("{prefix}{}", fit(&source.name, room))
}

fn issue(i: &Issue) -> String {
    match &i.revision {
        Some(revision) => {
            let room = VALUE.saturating_sub(i.code.as_str().len() + 2);
            format!("{}({})", i.code, fit(revision, room))
        }
        None => i.code.to_string(),
    }
}

fn drift(d: &Drift) -> String {
    match d.cause {
        Some(cause) => format!("{}/{cause}", d.state),
        None => d.state.to_string(),
    }
}

fn view_rows(table: &mut Table, scope: &str, view: &View) {
    let mut row = |field: &str, value: String| {
        table.row([scope.to_string(), field.to_string(), bounded(&value, VALUE)]);
    };
    row("STATE", view.state.to_string());
    if let Some(reason) = view.unavailable_reason {
        row("REASON", reason.to_string());
    }
    if let Some(source) = &view.source {
        row("RUNTIME", runtime(source));
    }
    if let Some(revision) = &view.revision {
        row("REVISION", fit(&revision.name, VALUE));
    }
    // No HASH row (website.md §5, README ab): a hash that matches OME's own needs OME's
    // canonical serialisation, which is not specified; JSON keeps the revision's hash.
    for c in &view.components {
        row(
            &c.type_.to_uppercase(),
            format!("{} ({})", c.deployment_mode, c.deployment_mode_source),
        );
    }
}

impl Tabular for RuntimeEffectiveReport {
    fn table(&self) -> Table {
        let c = &self.content;
        let mut table = Table::new(["SCOPE", "FIELD", "VALUE"]);
        view_rows(&mut table, "Live", &c.live);
        view_rows(&mut table, "Active", &c.active);
        let mut service = |field: &str, value: String| {
            table.row([
                "Service".to_string(),
                field.to_string(),
                bounded(&value, VALUE),
            ]);
        };
        // Only for a runtime OME selected (runtime-selection.md §6.2).
        if c.selection.source == SelectionSource::Selected && c.selection.runtime.is_some() {
            service("SELECTION", c.selection.source.to_string());
        }
        service("PIN", format!("{}/{}", c.pin.mode, c.pin.state));
        service("SYNC", c.pin.sync_state.to_string());
        service("STATUS", c.pin.status.freshness.to_string());
        service("DRIFT", drift(&c.pin.reported_drift));
        service("LIVE-RELATION", c.live_to_active.to_string());
        for i in &c.issues {
            service("ISSUE", issue(i));
        }
        table
    }

    fn wide(&self) -> Table {
        let c = &self.content;
        let mut table = Table::new(WIDE_HEADERS);
        let dash = || "-".to_string();
        let issues = if c.issues.is_empty() {
            dash()
        } else {
            c.issues.iter().map(issue).collect::<Vec<_>>().join(",")
        };
        for (name, view) in [("Live", &c.live), ("Active", &c.active)] {
            let head = [
                name.to_string(),
                view.state.to_string(),
                view.unavailable_reason.map_or_else(dash, |r| r.to_string()),
                // Wide shows whole names: `<Kind>/[<ns>/]<name>` and the revision.
                view.source.as_ref().map_or_else(dash, |s| {
                    [s.kind.as_str(), s.namespace.as_str(), s.name.as_str()]
                        .into_iter()
                        .filter(|part| !part.is_empty())
                        .collect::<Vec<_>>()
                        .join("/")
                }),
                view.revision.as_ref().map_or_else(dash, |r| r.name.clone()),
                // The HASH column stays, always `-` (website.md §5).
                dash(),
            ];
            let tail = [
                c.pin.mode.to_string(),
                c.pin.state.to_string(),
                c.pin.sync_state.to_string(),
                c.pin.status.freshness.to_string(),
                drift(&c.pin.reported_drift),
                c.live_to_active.to_string(),
                issues.clone(),
            ];
            let components: Vec<[String; 3]> = if view.components.is_empty() {
                vec![[dash(), dash(), dash()]]
            } else {
                view.components
                    .iter()
                    .map(|m| {
                        [
                            m.type_.to_string(),
                            m.deployment_mode.clone(),
                            m.deployment_mode_source.to_string(),
                        ]
                    })
                    .collect()
            };
            for component in components {
                table.row(
                    head.iter()
                        .cloned()
                        .chain(component)
                        .chain(tail.iter().cloned()),
                );
            }
        }
        table
    }
}
