//! `migration=terminal` (§4.9): the record with exactly the request ID, found in a complete,
//! current, owned IR, reached a terminal phase (Completed, Failed or Relocated all match).

use super::Validity;
use super::identity::owned_by;
use crate::ome::Component;
use crate::ome::replica::{ACTIVE_MIGRATION_PHASES, TERMINAL_MIGRATION_PHASES};
use crate::ome::{InferenceReplica, InferenceService, meta_name};
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum MigrationReason {
    MigrationMatched,
    MigrationInProgress,
    MigrationNotRecorded,
    InvalidMigration,
}

impl MigrationReason {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            MigrationReason::MigrationMatched => "MigrationMatched",
            MigrationReason::MigrationInProgress => "MigrationInProgress",
            MigrationReason::MigrationNotRecorded => "MigrationNotRecorded",
            MigrationReason::InvalidMigration => "InvalidMigration",
        }
    }
}

/// `content.migration`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MigrationObservation {
    #[serde(rename = "requestID")]
    pub(crate) request_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) phase: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) migration_outcome: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) component: Option<Component>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) source_name: Option<String>,
    pub(crate) validity: Validity,
    pub(crate) inspected_sources: u64,
    pub(crate) inspected_records: u64,
    #[serde(skip)]
    pub(crate) reason: MigrationReason,
    /// Every IR was complete, current and owned.
    #[serde(skip)]
    pub(crate) complete: bool,
}

impl MigrationObservation {
    pub(crate) fn none(request_id: &str) -> Self {
        MigrationObservation {
            request_id: request_id.to_string(),
            phase: None,
            migration_outcome: None,
            component: None,
            source_name: None,
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

#[derive(Debug, Clone)]
pub(crate) struct MigrationEvidence<'a> {
    pub(crate) parent: &'a InferenceService,
    pub(crate) irs: &'a [InferenceReplica],
    pub(crate) truncated: bool,
}

pub(crate) fn evaluate(evidence: &MigrationEvidence<'_>, request_id: &str) -> MigrationObservation {
    let mut obs = MigrationObservation::none(request_id);
    let parent_name = meta_name(&evidence.parent.metadata);
    let mut complete = !evidence.truncated;
    let mut found: Vec<(&InferenceReplica, &crate::ome::replica::MigrationRecord)> = Vec::new();
    for ir in evidence.irs {
        let bound = owned_by(ir, evidence.parent)
            && ir.spec.parent_ref.as_ref().and_then(|p| p.name.as_deref()) == Some(parent_name);
        let generation = ir.metadata.generation.unwrap_or(0);
        let current = generation > 0 && ir.status.observed_generation == Some(generation);
        obs.inspected_sources += 1;
        if !bound || !current {
            complete = false;
            continue;
        }
        for record in &ir.status.migrations {
            obs.inspected_records += 1;
            if record.request_uuid.as_deref() == Some(request_id) {
                found.push((ir, record));
            }
        }
    }
    obs.complete = complete;
    match found.as_slice() {
        [] if complete => obs,
        [] => MigrationObservation {
            validity: Validity::Invalid,
            reason: MigrationReason::InvalidMigration,
            ..obs
        },
        [(ir, record)] => {
            let phase = record.phase.clone().unwrap_or_default();
            obs.source_name = Some(meta_name(&ir.metadata).to_string());
            obs.component = ir.spec.component.as_deref().and_then(Component::parse);
            let terminal = TERMINAL_MIGRATION_PHASES
                .iter()
                .find(|p| **p == phase)
                .copied();
            let (validity, reason, outcome) = if let Some(t) = terminal {
                (Validity::Valid, MigrationReason::MigrationMatched, Some(t))
            } else if ACTIVE_MIGRATION_PHASES.contains(&phase.as_str()) {
                (
                    Validity::Valid,
                    MigrationReason::MigrationInProgress,
                    Some("InProgress"),
                )
            } else {
                (Validity::Invalid, MigrationReason::InvalidMigration, None)
            };
            // A match needs the whole evidence, not only the record's IR.
            let (validity, reason) = if !complete || obs.component.is_none() {
                (Validity::Invalid, MigrationReason::InvalidMigration)
            } else {
                (validity, reason)
            };
            MigrationObservation {
                phase: Some(phase),
                migration_outcome: outcome,
                validity,
                reason,
                ..obs
            }
        }
        _ => MigrationObservation {
            validity: Validity::Invalid,
            reason: MigrationReason::InvalidMigration,
            ..obs
        },
    }
}
