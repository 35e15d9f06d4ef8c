//! The `DoctorReport` shape (diagnose.md §4.5, §5.2): field order is the JSON key order.

use super::catalogue::Entry;
use crate::ome::closed_set;
use serde::Serialize;

pub(crate) const KIND: &str = "DoctorReport";

/// The envelope of `admin doctor`: like the other reports, but its warnings carry fixed
/// messages.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DoctorReport {
    pub(crate) api_version: &'static str,
    pub(crate) kind: &'static str,
    pub(crate) metadata: crate::ome::report::ReportMetadata,
    pub(crate) collected_at: String,
    pub(crate) sources: Vec<Source>,
    pub(crate) content: DoctorContent,
    pub(crate) warnings: Vec<Warning>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Warning {
    pub(crate) code: &'static str,
    pub(crate) message: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Source {
    pub(crate) kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) namespace: Option<String>,
    pub(crate) name: String,
    pub(crate) evidence: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unavailable_reason: Option<&'static str>,
    pub(crate) collected_at: String,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DoctorContent {
    pub(crate) context: Context,
    pub(crate) summary: Summary,
    pub(crate) apis: Vec<Api>,
    pub(crate) reads: Vec<Read>,
    pub(crate) version: Version,
    pub(crate) features: Vec<Feature>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) access: Option<Vec<Access>>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Context {
    pub(crate) name: String,
    pub(crate) workload_namespace: String,
    pub(crate) ome_namespace: String,
}

closed_set! {
    pub(crate) enum State {
        Violations => "Violations",
        Incomplete => "Incomplete",
        Complete => "Complete",
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Summary {
    pub(crate) state: State,
    #[serde(rename = "requiredAPIViolations")]
    pub(crate) required_api_violations: usize,
    pub(crate) unavailable_evidence: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) access_denied: Option<usize>,
}

closed_set! {
    pub(crate) enum Availability {
        Available => "Available",
        NotDiscoverableAtVersion => "NotDiscoverableAtVersion",
        Unavailable => "Unavailable",
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Api {
    pub(crate) id: String,
    pub(crate) group_version: &'static str,
    pub(crate) resource: &'static str,
    pub(crate) kind: &'static str,
    pub(crate) scope: &'static str,
    pub(crate) required: bool,
    pub(crate) availability: Availability,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<&'static str>,
    pub(crate) evidence: &'static str,
}

impl Api {
    pub(crate) fn new(
        entry: &Entry,
        availability: Availability,
        reason: Option<&'static str>,
    ) -> Api {
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
pub(crate) struct Read {
    pub(crate) id: &'static str,
    pub(crate) method: &'static str,
    pub(crate) group_version: &'static str,
    pub(crate) resource: &'static str,
    pub(crate) namespace: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) name: Option<String>,
    pub(crate) outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<&'static str>,
    pub(crate) evidence: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Version {
    pub(crate) client_version: String,
    pub(crate) client_version_state: &'static str,
    pub(crate) manager_image_state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) manager_image_candidate: Option<String>,
    pub(crate) image_tag_comparison: &'static str,
    pub(crate) operator_version_state: &'static str,
    pub(crate) skew_state: &'static str,
    pub(crate) comparison_evidence: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Feature {
    pub(crate) id: &'static str,
    pub(crate) availability: &'static str,
    pub(crate) generation_freshness: &'static str,
    pub(crate) evidence: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Access {
    pub(crate) id: &'static str,
    pub(crate) verb: &'static str,
    pub(crate) group: &'static str,
    pub(crate) resource: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) subresource: Option<&'static str>,
    pub(crate) namespace: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) name: Option<String>,
    pub(crate) outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<&'static str>,
    pub(crate) evidence: &'static str,
}
