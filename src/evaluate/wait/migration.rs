//! `migration=terminal` (§4.9): the record with exactly the request ID, found in a complete,
//! current, owned IR, reached a terminal phase (Completed, Failed or Relocated all match).

use super::Validity;
use crate::evaluate::migration::report::{
    Classification, MigrationRecord, MigrationStatusReport, SummaryState,
};
use crate::ome::Component;
use crate::ome::closed_set;
use crate::ome::replica::{ACTIVE_MIGRATION_PHASES, TERMINAL_MIGRATION_PHASES};
use crate::ome::report::{Freshness, SourceKind};
use serde::Serialize;

closed_set! {
    pub(crate) enum MigrationReason {
        MigrationMatched => "MigrationMatched",
        MigrationInProgress => "MigrationInProgress",
        MigrationNotRecorded => "MigrationNotRecorded",
        InvalidMigration => "InvalidMigration",
    }
}

/// `content.migration`: the keys of conformance.md §3.3, in its order (the IR holding the
/// record is not among them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MigrationObservation {
    #[serde(rename = "requestID")]
    pub(crate) request_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<Component>,
    /// Always written: `Unknown` before any record was found (conformance.md §3.3).
    #[serde(serialize_with = "or_unknown")]
    pub(crate) phase: Option<String>,
    #[serde(serialize_with = "or_unknown")]
    pub(crate) migration_outcome: Option<&'static str>,
    pub(crate) validity: Validity,
    pub(crate) inspected_sources: u64,
    pub(crate) inspected_records: u64,
    #[serde(skip)]
    pub(crate) reason: MigrationReason,
    /// Every IR was complete, current and owned.
    #[serde(skip)]
    pub(crate) complete: bool,
}

/// `Unknown` for a phase or outcome not (yet) observed.
fn or_unknown<S: serde::Serializer, T: AsRef<str>>(
    value: &Option<T>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(value.as_ref().map_or("Unknown", AsRef::as_ref))
}

impl MigrationObservation {
    /// A match needs a `Valid` terminal object with a consistent phase and outcome, its
    /// request ID and component, at least 2 sources and 1 record (conformance.md §3.3).
    pub(crate) fn qualifies(&self) -> bool {
        let consistent = matches!(
            (self.phase.as_deref(), self.migration_outcome),
            (Some("Completed"), Some("Completed"))
                | (Some("Failed"), Some("Failed"))
                | (Some("Relocated"), Some("Relocated" | "RelocationConfirmed"))
        );
        self.reason == MigrationReason::MigrationMatched
            && self.validity == Validity::Valid
            && consistent
            && !self.request_id.is_empty()
            && self.component.is_some()
            && self.inspected_sources >= 2
            && self.inspected_records >= 1
    }

    pub(crate) fn none(request_id: &str) -> Self {
        MigrationObservation {
            request_id: request_id.to_string(),
            phase: None,
            migration_outcome: None,
            component: None,
            validity: Validity::Unavailable,
            inspected_sources: 0,
            inspected_records: 0,
            reason: MigrationReason::MigrationNotRecorded,
            complete: false,
        }
    }

    /// The table's Attribution line.
    pub(crate) fn attribution(&self, matched: bool) -> &'static str {
        match (self.validity, self.phase.is_some()) {
            (Validity::Valid, true) if matched => "Exact request ID in live IR status",
            (Validity::Valid, true) => "Last observed exact IR record; terminal unverified",
            (Validity::Invalid, _) => "Unverifiable; incomplete IR evidence",
            _ if !self.complete && self.inspected_sources > 0 => {
                "Unverifiable; incomplete IR evidence"
            }
            _ => "No verified matching IR record",
        }
    }
}

/// The IR a record was first validly observed on (evidence-strictness.md §3.1, M3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PinnedSource {
    pub(crate) name: String,
    pub(crate) uid: String,
}

/// Sources and records the projection may hold for a wait to judge it (§3.1 rule 1).
const MAX_SOURCES: usize = 65;
const MAX_RECORDS: usize = 200;

/// Judges one poll from the `migration status` projection of the service and its IRs
/// (evidence-strictness.md §3.1): the whole report must be pristine, the request's one record
/// valid and current, and its IR the one it was first seen on.
pub(crate) fn evaluate(
    report: &MigrationStatusReport,
    request_id: &str,
    pinned: &mut Option<PinnedSource>,
) -> MigrationObservation {
    let mut obs = MigrationObservation::none(request_id);
    // The parent and its IRs, as the reference counts them (0–65; `Valid` needs ≥ 2).
    obs.inspected_sources = report.sources.len() as u64;
    obs.inspected_records = report.content.migrations.len() as u64;
    obs.complete = report_pristine(report);
    if !obs.complete {
        return invalid(obs);
    }
    let record = match requested_record(report, request_id) {
        RequestedRecord::Absent => return obs,
        RequestedRecord::One(record) => record,
        RequestedRecord::Ambiguous => return invalid(obs),
    };
    obs.phase = Some(record.phase.to_string());
    obs.component = Component::parse(&record.component);
    let Some(uid) = source_uid(report, record) else {
        return invalid(obs);
    };
    if !record_sound(record, obs.component.is_some(), &uid) {
        return invalid(obs);
    }
    let terminal = terminal_phase(record);
    if !outcome_consistent(terminal, record) {
        return invalid(obs);
    }
    // M3: the record stays bound to the IR (name and UID) it was first validly seen on.
    let here = PinnedSource {
        name: record.source_name.clone(),
        uid,
    };
    if !pin_source(pinned, here) {
        return invalid(obs);
    }
    obs.validity = Validity::Valid;
    obs.migration_outcome = Some(record.outcome);
    obs.reason = if terminal.is_some() {
        MigrationReason::MigrationMatched
    } else {
        MigrationReason::MigrationInProgress
    };
    obs
}

/// `obs` judged `Invalid`: the evidence cannot support an answer.
fn invalid(obs: MigrationObservation) -> MigrationObservation {
    MigrationObservation {
        validity: Validity::Invalid,
        reason: MigrationReason::InvalidMigration,
        ..obs
    }
}

/// The whole report is within bounds, issue- and warning-free, reported and current.
fn report_pristine(report: &MigrationStatusReport) -> bool {
    let content = &report.content;
    (1..=MAX_SOURCES).contains(&report.sources.len())
        && content.migrations.len() <= MAX_RECORDS
        && content.issues.is_empty()
        && report.warnings.is_empty()
        && matches!(
            content.summary.state,
            SummaryState::Reported | SummaryState::Empty
        )
        && report
            .sources
            .iter()
            .all(|s| s.freshness.is_none_or(|f| f == Freshness::Current))
}

/// How many records carry the request ID.
enum RequestedRecord<'a> {
    Absent,
    One(&'a MigrationRecord),
    Ambiguous,
}

fn requested_record<'a>(
    report: &'a MigrationStatusReport,
    request_id: &str,
) -> RequestedRecord<'a> {
    let found: Vec<&MigrationRecord> = report
        .content
        .migrations
        .iter()
        .filter(|r| r.request_id == request_id)
        .collect();
    match found.as_slice() {
        [] => RequestedRecord::Absent,
        [record] => RequestedRecord::One(record),
        _ => RequestedRecord::Ambiguous,
    }
}

/// The UID (empty when unset) of the one IR source named by the record; `None` when no IR or
/// several carry that name.
fn source_uid(report: &MigrationStatusReport, record: &MigrationRecord) -> Option<String> {
    let source: Vec<_> = report
        .sources
        .iter()
        .filter(|s| s.kind == SourceKind::InferenceReplica)
        .filter(|s| s.name == record.source_name)
        .collect();
    match source.as_slice() {
        [one] => Some(one.uid.clone().unwrap_or_default()),
        _ => None,
    }
}

/// The record is valid, current, issue-free, of a known component and from an IR with a UID.
fn record_sound(record: &MigrationRecord, component_known: bool, uid: &str) -> bool {
    record.classification != Classification::Invalid
        && record.freshness == Freshness::Current
        && record.issues.is_empty()
        && component_known
        && !uid.is_empty()
}

/// The record's phase when it is terminal.
fn terminal_phase(record: &MigrationRecord) -> Option<&'static str> {
    TERMINAL_MIGRATION_PHASES
        .iter()
        .find(|p| **p == record.phase)
        .copied()
}

/// The outcome agrees with the phase: the terminal one for a terminal phase, `InProgress` for
/// an active one.
fn outcome_consistent(terminal: Option<&str>, record: &MigrationRecord) -> bool {
    match (terminal, record.outcome) {
        (Some("Completed"), "Completed") | (Some("Failed"), "Failed") => true,
        (Some("Relocated"), "Relocated" | "RelocationConfirmed") => true,
        (None, "InProgress") => ACTIVE_MIGRATION_PHASES.contains(&record.phase),
        _ => false,
    }
}

/// Pins the first source seen; false when `here` differs from the pinned one.
fn pin_source(pinned: &mut Option<PinnedSource>, here: PinnedSource) -> bool {
    match pinned {
        Some(first) => *first == here,
        None => {
            *pinned = Some(here);
            true
        }
    }
}
