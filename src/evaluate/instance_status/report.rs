//! The `InstanceStatusReport` shape (diagnose.md §1.5): field order is the JSON key order.

use crate::evaluate::instance_list::report::Code as ListCode;
use crate::evaluate::instance_row::Instance;
use crate::ome::closed_set;
use crate::ome::report::Report;
use serde::Serialize;

pub(crate) const KIND: &str = "InstanceStatusReport";

pub(crate) type InstanceStatusReport = Report<InstanceStatusContent>;

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InstanceStatusContent {
    pub(crate) summary: Summary,
    pub(crate) deployment: Deployment,
    pub(crate) encoding: Encoding,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) instance: Option<InstanceDetails>,
    pub(crate) pods: Vec<PodReport>,
    pub(crate) events: Vec<EventReport>,
    pub(crate) issues: Vec<Issue>,
}

closed_set! {
    /// What the report as a whole could establish.
    pub(crate) enum State {
        Reported => "Reported",
        Partial => "Partial",
        Unavailable => "Unavailable",
        NotProjected => "NotProjected",
        Missing => "Missing",
        NotOmeNative => "NotOMENative",
    }
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Summary {
    pub(crate) state: State,
    pub(crate) component: &'static str,
    pub(crate) index: i64,
    /// The evidence state of the selected component (`Reported`, `Stale`, `Unavailable`,
    /// `Malformed`), `Unavailable` when none was projected.
    pub(crate) evidence: &'static str,
    pub(crate) truncated: bool,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Deployment {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) source: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) origin: Option<&'static str>,
    pub(crate) evidence: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unavailable_reason: Option<&'static str>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Encoding {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) name: Option<&'static str>,
    pub(crate) evidence: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unavailable_reason: Option<&'static str>,
}

/// The Instance as `instance list` shows it, and what only `instance status` shows.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InstanceDetails {
    #[serde(flatten)]
    pub(crate) instance: Instance,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) ready_since: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) active_ordinal: Option<i64>,
    pub(crate) conditions: Vec<ConditionReport>,
    pub(crate) migrations: Vec<MigrationReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) operation: Option<OperationReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) last_failure: Option<FailureReport>,
}

/// An Instance condition; its message is never copied.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ConditionReport {
    #[serde(rename = "type")]
    pub(crate) type_: String,
    pub(crate) status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) observed_generation: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) last_transition_time: Option<String>,
}

/// A migration in which the Instance is the source or the surge.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MigrationReport {
    #[serde(rename = "requestUUID")]
    pub(crate) request_uuid: String,
    pub(crate) role: &'static str,
    pub(crate) phase: String,
    pub(crate) trigger: String,
    pub(crate) source_instance: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) surge_instance: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) attempt: Option<i64>,
    pub(crate) started_at: String,
    pub(crate) deadline: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) completed_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) allocated_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) from_node: Option<String>,
    /// `hintTargetNodes`, sorted and unique.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) target_node_hints: Vec<String>,
    /// The controller's words, shown only through the one sanitiser (the renderers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) succeeded: Option<bool>,
}

/// The in-flight operation; its reason (why it exists) is shown only through the one
/// sanitiser (the renderers).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OperationReport {
    pub(crate) id: String,
    #[serde(rename = "type")]
    pub(crate) type_: String,
    pub(crate) step: String,
    pub(crate) started_at: String,
    pub(crate) last_progress_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) deadline: Option<String>,
    pub(crate) retry_count: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) target_revision: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) strategy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) waiting: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) surge_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) from_node: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) hint_target_nodes: Vec<String>,
    #[serde(rename = "requestUUID", skip_serializing_if = "Option::is_none")]
    pub(crate) request_uuid: Option<String>,
}

/// The last termination; its message is never copied.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FailureReport {
    pub(crate) pod_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) container_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) exit_code: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) time: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PodReport {
    pub(crate) name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) runner: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) revision: Option<String>,
    pub(crate) incarnation: i64,
    pub(crate) phase: String,
    pub(crate) ready: &'static str,
    pub(crate) serving_ready: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) node: Option<String>,
    pub(crate) restart_count: i64,
    pub(crate) deleting: bool,
}

/// A Warning event of an accepted Pod; its message only sanitised and bounded (issue 31: the
/// reason alone does not say which resource a FailedScheduling lacks).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct EventReport {
    pub(crate) target_kind: &'static str,
    pub(crate) target_name: String,
    pub(crate) reason: String,
    pub(crate) count: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) first_seen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) last_seen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) message: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Issue {
    pub(crate) code: IssueCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unavailable_reason: Option<&'static str>,
}

impl Issue {
    pub(crate) fn new(code: impl Into<IssueCode>) -> Issue {
        Issue {
            code: code.into(),
            unavailable_reason: None,
        }
    }

    pub(crate) fn unavailable(code: impl Into<IssueCode>, reason: &'static str) -> Issue {
        Issue {
            code: code.into(),
            unavailable_reason: Some(reason),
        }
    }
}

closed_set! {
    /// Issue codes of `instance status` (diagnose.md §1.4).
    pub(crate) enum Code {
        NotOmeNative => "NotOMENative",
        CollectionUnavailable => "CollectionUnavailable",
        CollectionTruncated => "CollectionTruncated",
        InstanceMissing => "InstanceMissing",
        /// A listed IR of the component that `instance list` rejects (read-commands.md §3.3).
        IdentityRejected => "IdentityRejected",
        AuthoritativeInvalid => "AuthoritativeInvalid",
        EncodingUnsupported => "EncodingUnsupported",
        ConditionGenerationStale => "ConditionGenerationStale",
        MigrationInvalid => "MigrationInvalid",
        OperationInvalid => "OperationInvalid",
        LastFailureInvalid => "LastFailureInvalid",
        PodIdentityRejected => "PodIdentityRejected",
        PodDetailsTruncated => "PodDetailsTruncated",
        PodsTruncated => "PodsTruncated",
        PodsUnavailable => "PodsUnavailable",
        EventIdentityRejected => "EventIdentityRejected",
        EventsTruncated => "EventsTruncated",
        EventsUnavailable => "EventsUnavailable",
    }
}

/// An issue's code: one of `instance status`, or one of `instance list` about the selected IR
/// and index, shown as the list shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum IssueCode {
    Status(Code),
    List(ListCode),
}

impl IssueCode {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            IssueCode::Status(code) => code.as_str(),
            IssueCode::List(code) => code.as_str(),
        }
    }
}

impl From<Code> for IssueCode {
    fn from(code: Code) -> IssueCode {
        IssueCode::Status(code)
    }
}

impl From<ListCode> for IssueCode {
    /// A list code that `instance status` also has is that code: one code, one issue.
    fn from(code: ListCode) -> IssueCode {
        match code {
            ListCode::CollectionUnavailable => IssueCode::Status(Code::CollectionUnavailable),
            ListCode::CollectionTruncated => IssueCode::Status(Code::CollectionTruncated),
            ListCode::IdentityRejected => IssueCode::Status(Code::IdentityRejected),
            other => IssueCode::List(other),
        }
    }
}

impl Serialize for IssueCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl std::fmt::Display for IssueCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
