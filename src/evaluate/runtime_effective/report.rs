//! The `RuntimeEffectiveReport` shape (after-the-write.md §3.6): field order is the JSON key
//! order; `None` fields are omitted.

use crate::evaluate::scale::pin::WriterProblem;
use crate::ome::closed_set;
pub(crate) use crate::ome::report::ObjectRef;
use crate::ome::report::Report;
use serde::Serialize;

/// The report kind.
pub(crate) const KIND: &str = "RuntimeEffectiveReport";

/// The `RuntimeEffectiveReport`.
pub(crate) type RuntimeEffectiveReport = Report<EffectiveContent>;

closed_set! {
    /// `selection.source`.
    pub(crate) enum SelectionSource {
        Explicit => "Explicit",
        Selected => "Selected",
    }
}

closed_set! {
    /// The state of a view or of the inheritance evidence.
    pub(crate) enum ViewState {
        Available => "Available",
        Observed => "Observed",
        Unavailable => "Unavailable",
    }
}

closed_set! {
    /// Why a view, the inheritance or a source is unavailable.
    pub(crate) enum Reason {
        NotConfigured => "NotConfigured",
        NotFound => "NotFound",
        Forbidden => "Forbidden",
        UnsupportedApi => "UnsupportedAPI",
        Unreadable => "Unreadable",
        Disabled => "Disabled",
        Cycle => "Cycle",
        MaxDepthExceeded => "MaxDepthExceeded",
        MalformedPayload => "MalformedPayload",
    }
}

closed_set! {
    /// `pin.mode`.
    pub(crate) enum PinMode {
        AutoSync => "AutoSync",
        ManagedPin => "ManagedPin",
        ExplicitPin => "ExplicitPin",
        InvalidPin => "InvalidPin",
    }
}

closed_set! {
    /// `pin.state`.
    pub(crate) enum PinState {
        NotApplicable => "NotApplicable",
        Unavailable => "Unavailable",
        InvalidIntent => "InvalidIntent",
        AwaitingPin => "AwaitingPin",
        RevisionMissing => "RevisionMissing",
        RevisionInvalid => "RevisionInvalid",
        RevisionDisabled => "RevisionDisabled",
        Resolved => "Resolved",
        DesiredReportedMismatch => "DesiredReportedMismatch",
    }
}

/// `pin.status.freshness`.
pub(crate) use crate::ome::report::Freshness as StatusFreshness;

closed_set! {
    /// `pin.reportedDrift.state`.
    pub(crate) enum DriftState {
        NotReported => "NotReported",
        ReportedTrue => "ReportedTrue",
        ReportedFalse => "ReportedFalse",
        ReportedUnknown => "ReportedUnknown",
        Malformed => "Malformed",
    }
}

closed_set! {
    /// `pin.reportedDrift.cause`: the condition's reason, when it is one of OME's.
    pub(crate) enum DriftCause {
        RevisionMismatch => "RevisionMismatch",
        RevisionMissing => "RevisionMissing",
        SourceRuntimeMissing => "SourceRuntimeMissing",
        RuntimeMismatch => "RuntimeMismatch",
        PinAdvanced => "PinAdvanced",
        Other => "Other",
    }
}

closed_set! {
    /// `pin.syncState` (tokens are never printed).
    pub(crate) enum SyncState {
        Absent => "Absent",
        StatusOnly => "StatusOnly",
        Acknowledged => "Acknowledged",
        Pending => "Pending",
    }
}

/// Where a view's configuration comes from: the same set as the active runtime's.
pub(crate) use crate::evaluate::scale::runtime::Origin;

closed_set! {
    /// `liveToActive`.
    pub(crate) enum Relation {
        Equal => "Equal",
        Unknown => "Unknown",
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct EffectiveContent {
    pub(crate) selection: Selection,
    pub(crate) inheritance: Inheritance,
    pub(crate) pin: Pin,
    pub(crate) live: View,
    pub(crate) active: View,
    pub(crate) live_to_active: Relation,
    pub(crate) issues: Vec<Issue>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Selection {
    pub(crate) source: SelectionSource,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) runtime: Option<ObjectRef>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Inheritance {
    pub(crate) state: ViewState,
    /// Root first.
    pub(crate) sources: Vec<ObjectRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unavailable_reason: Option<Reason>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Pin {
    pub(crate) mode: PinMode,
    pub(crate) state: PinState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) requested_revision: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reported_revision: Option<String>,
    pub(crate) status: StatusEvidence,
    pub(crate) reported_drift: Drift,
    pub(crate) sync_state: SyncState,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct StatusEvidence {
    pub(crate) generation: i64,
    pub(crate) observed_generation: i64,
    pub(crate) freshness: StatusFreshness,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Drift {
    pub(crate) state: DriftState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) cause: Option<DriftCause>,
}

/// The Live or the Active view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct View {
    pub(crate) state: ViewState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) origin: Option<Origin>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) source: Option<ObjectRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) revision: Option<RevisionRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) hash: Option<String>,
    pub(crate) components: Vec<ComponentMode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unavailable_reason: Option<Reason>,
}

impl View {
    /// A view that could not be established.
    pub(crate) fn unavailable(reason: Reason) -> View {
        View {
            state: ViewState::Unavailable,
            origin: None,
            source: None,
            revision: None,
            hash: None,
            components: Vec::new(),
            unavailable_reason: Some(reason),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RevisionRef {
    pub(crate) namespace: String,
    pub(crate) name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) uid: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) created_at: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ComponentMode {
    #[serde(rename = "type")]
    pub(crate) type_: &'static str,
    pub(crate) deployment_mode: String,
    pub(crate) deployment_mode_source: &'static str,
}

closed_set! {
    /// Issue codes of `runtime effective` (after-the-write.md §3.4).
    pub(crate) enum IssueCode {
        RevisionNotFound => "RevisionNotFound",
        RevisionUnavailable => "RevisionUnavailable",
        RevisionDisabled => "RevisionDisabled",
        DuplicateRevisionContent => "DuplicateRevisionContent",
        InvalidDeclaredKind => "InvalidDeclaredKind",
        InheritanceUnavailable => "InheritanceUnavailable",
        LiveRuntimeUnavailable => "LiveRuntimeUnavailable",
        ActiveRevisionUnreported => "ActiveRevisionUnreported",
        ActiveRevisionUnavailable => "ActiveRevisionUnavailable",
        RuntimeSelectionNoMatch => "RuntimeSelectionNoMatch",
        RuntimeSelectionTruncated => "RuntimeSelectionTruncated",
        RuntimeSelectionUnavailable => "RuntimeSelectionUnavailable",
        StatusUnobserved => "StatusUnobserved",
        StatusStale => "StatusStale",
        StatusInvalid => "StatusInvalid",
        ReportedDriftConflict => "ReportedDriftConflict",
        RevisionIdentityMismatch => "RevisionIdentityMismatch",
        RevisionNotOMEManaged => "RevisionNotOMEManaged",
        RevisionSourceMismatch => "RevisionSourceMismatch",
        RevisionHashInvalid => "RevisionHashInvalid",
        RevisionHashMismatch => "RevisionHashMismatch",
        RevisionNameMismatch => "RevisionNameMismatch",
        RevisionOrdinalUnexpected => "RevisionOrdinalUnexpected",
        RevisionPayloadNonCanonical => "RevisionPayloadNonCanonical",
        RevisionDataObjectPresent => "RevisionDataObjectPresent",
        RevisionPayloadMalformed => "RevisionPayloadMalformed",
    }
}

impl From<WriterProblem> for IssueCode {
    fn from(problem: WriterProblem) -> IssueCode {
        match problem {
            WriterProblem::IdentityMismatch => IssueCode::RevisionIdentityMismatch,
            WriterProblem::NotOmeManaged => IssueCode::RevisionNotOMEManaged,
            WriterProblem::SourceMismatch => IssueCode::RevisionSourceMismatch,
            WriterProblem::HashInvalid => IssueCode::RevisionHashInvalid,
            WriterProblem::HashMismatch => IssueCode::RevisionHashMismatch,
            WriterProblem::NameMismatch => IssueCode::RevisionNameMismatch,
            WriterProblem::OrdinalUnexpected => IssueCode::RevisionOrdinalUnexpected,
            WriterProblem::PayloadNonCanonical => IssueCode::RevisionPayloadNonCanonical,
            WriterProblem::DataObjectPresent => IssueCode::RevisionDataObjectPresent,
            WriterProblem::PayloadMalformed => IssueCode::RevisionPayloadMalformed,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Issue {
    pub(crate) code: IssueCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) revision: Option<String>,
}
