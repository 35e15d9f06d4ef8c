//! The `DoctorReport` shape (diagnose.md §4.5, §5.2): field order is the JSON key order.

use super::catalogue::Entry;
use serde::Serialize;

pub const KIND: &str = "DoctorReport";

/// The envelope of `admin doctor`: like the other reports, but its warnings carry fixed
/// messages.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DoctorReport {
    pub api_version: &'static str,
    pub kind: &'static str,
    pub metadata: crate::render::ReportMetadata,
    pub collected_at: String,
    pub sources: Vec<Source>,
    pub content: DoctorContent,
    pub warnings: Vec<Warning>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct Warning {
    pub code: &'static str,
    pub message: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Source {
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    pub name: String,
    pub evidence: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unavailable_reason: Option<&'static str>,
    pub collected_at: String,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DoctorContent {
    pub context: Context,
    pub summary: Summary,
    pub apis: Vec<Api>,
    pub reads: Vec<Read>,
    pub version: Version,
    pub features: Vec<Feature>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access: Option<Vec<Access>>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Context {
    pub name: String,
    pub workload_namespace: String,
    pub ome_namespace: String,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub enum State {
    Violations,
    Incomplete,
    Complete,
}

impl State {
    pub fn as_str(self) -> &'static str {
        match self {
            State::Violations => "Violations",
            State::Incomplete => "Incomplete",
            State::Complete => "Complete",
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub state: State,
    #[serde(rename = "requiredAPIViolations")]
    pub required_api_violations: usize,
    pub unavailable_evidence: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_denied: Option<usize>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub enum Availability {
    Available,
    NotDiscoverableAtVersion,
    Unavailable,
}

impl Availability {
    pub fn as_str(self) -> &'static str {
        match self {
            Availability::Available => "Available",
            Availability::NotDiscoverableAtVersion => "NotDiscoverableAtVersion",
            Availability::Unavailable => "Unavailable",
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Api {
    pub id: String,
    pub group_version: &'static str,
    pub resource: &'static str,
    pub kind: &'static str,
    pub scope: &'static str,
    pub required: bool,
    pub availability: Availability,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    pub evidence: &'static str,
}

impl Api {
    pub fn new(entry: &Entry, availability: Availability, reason: Option<&'static str>) -> Api {
        Api {
            id: format!("{}/{}", entry.group_version, entry.resource),
            group_version: entry.group_version,
            resource: entry.resource,
            kind: entry.kind,
            scope: if entry.namespaced {
                "Namespaced"
            } else {
                "Cluster"
            },
            required: entry.required,
            availability,
            reason,
            evidence: if availability == Availability::Available {
                "Observed"
            } else {
                "Unavailable"
            },
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Read {
    pub id: &'static str,
    pub method: &'static str,
    pub group_version: &'static str,
    pub resource: &'static str,
    pub namespace: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    pub evidence: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Version {
    pub client_version: String,
    pub client_version_state: &'static str,
    pub manager_image_state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub manager_image_candidate: Option<String>,
    pub image_tag_comparison: &'static str,
    pub operator_version_state: &'static str,
    pub skew_state: &'static str,
    pub comparison_evidence: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Feature {
    pub id: &'static str,
    pub availability: &'static str,
    pub generation_freshness: &'static str,
    pub evidence: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Access {
    pub id: &'static str,
    pub verb: &'static str,
    pub group: &'static str,
    pub resource: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subresource: Option<&'static str>,
    pub namespace: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    pub evidence: &'static str,
}
