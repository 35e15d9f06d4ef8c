//! The `cli.ome.io/v1alpha1` report envelope shared by the read commands (read-commands.md §1.6)
//! and the one shape of its `sources` entries.

use super::{closed_set, meta_name, meta_namespace, meta_uid};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::Serialize;

/// The `apiVersion` of every report.
pub(crate) const API_VERSION: &str = "cli.ome.io/v1alpha1";

/// The service a report is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct ReportMetadata {
    /// The namespace.
    pub(crate) namespace: String,
    /// The InferenceService name.
    pub(crate) name: String,
}

closed_set! {
    /// A report-level warning code (read-commands.md §1.6).
    pub(crate) enum WarningCode {
        PartialData => "PartialData",
        SourceUnavailable => "SourceUnavailable",
        StaleEvidence => "StaleEvidence",
        Truncated => "Truncated",
        UnsupportedConfiguration => "UnsupportedConfiguration",
    }
}

/// A report-level warning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Warning {
    /// The code, e.g. `PartialData`.
    pub(crate) code: WarningCode,
}

closed_set! {
    /// How a source's evidence was obtained.
    pub(crate) enum SourceEvidence {
        /// Read from the object itself.
        Observed => "Observed",
        /// Reported by the controller in a status.
        Reported => "Reported",
        /// Derived from other evidence (an identity that was not itself observed).
        Computed => "Computed",
        /// The read failed.
        Unavailable => "Unavailable",
    }
}

closed_set! {
    /// Freshness of evidence against a generation (a source, a status, a retry block), ordered
    /// from best to worst.
    pub(crate) enum Freshness {
        /// Matches the current generation.
        Current => "Current",
        /// Older than the current generation.
        Stale => "Stale",
        /// No observed generation.
        Unobserved => "Unobserved",
        /// The generation evidence is malformed.
        Invalid => "Invalid",
    }
}

impl Freshness {
    /// A status's `observedGeneration` against its object's `metadata.generation` (0: unset).
    pub(crate) fn of_observed(generation: i64, observed: i64) -> Freshness {
        match observed {
            0 => Freshness::Unobserved,
            o if o == generation => Freshness::Current,
            o if o < generation => Freshness::Stale,
            _ => Freshness::Invalid,
        }
    }
}

closed_set! {
    /// The kind of object a report's source is.
    pub(crate) enum SourceKind {
        InferenceService => "InferenceService",
        InferenceReplica => "InferenceReplica",
        InferenceReplicaList => "InferenceReplicaList",
        InferenceReplicaScale => "InferenceReplicaScale",
        HorizontalPodAutoscaler => "HorizontalPodAutoscaler",
        ScaledObject => "ScaledObject",
        BaseModel => "BaseModel",
        ClusterBaseModel => "ClusterBaseModel",
        ServingRuntime => "ServingRuntime",
        ClusterServingRuntime => "ClusterServingRuntime",
        ControllerRevision => "ControllerRevision",
        PodList => "PodList",
        EventList => "EventList",
    }
}

impl From<super::reads::RuntimeKind> for SourceKind {
    fn from(kind: super::reads::RuntimeKind) -> SourceKind {
        match kind {
            super::reads::RuntimeKind::Cluster => SourceKind::ClusterServingRuntime,
            super::reads::RuntimeKind::Namespaced => SourceKind::ServingRuntime,
        }
    }
}

/// One object a report's evidence came from. Which keys a report shows differs per command
/// (read-commands.md §2.9, §3.6, §5.5, §6.5); a key that is `None` is omitted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Source {
    /// The object's kind.
    pub(crate) kind: SourceKind,
    /// The object's namespace (omitted for a cluster-scoped object).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) namespace: String,
    /// The object's name.
    pub(crate) name: String,
    /// The object's UID.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) uid: Option<String>,
    /// The object's generation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) generation: Option<i64>,
    /// The generation the controller observed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) observed_generation: Option<i64>,
    /// How the evidence was obtained.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) evidence: Option<SourceEvidence>,
    /// How fresh the evidence is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) freshness: Option<Freshness>,
    /// Why the source could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unavailable_reason: Option<&'static str>,
    /// When the report was collected.
    pub(crate) collected_at: String,
}

impl Source {
    /// A source with only its kind and name set; the command fills what its report shows.
    pub(crate) fn named(kind: SourceKind, namespace: &str, name: &str) -> Source {
        Source {
            kind,
            namespace: namespace.to_string(),
            name: name.to_string(),
            uid: None,
            generation: None,
            observed_generation: None,
            evidence: None,
            freshness: None,
            unavailable_reason: None,
            collected_at: String::new(),
        }
    }

    /// The UID, shown only when not empty.
    /// An object read at `collected_at`: its kind, namespace, name, UID and generation.
    pub(crate) fn of_object(
        kind: SourceKind,
        meta: &ObjectMeta,
        evidence: SourceEvidence,
        collected_at: &str,
    ) -> Source {
        Source::named(kind, meta_namespace(meta), meta_name(meta))
            .with_uid(meta_uid(meta))
            .with_generation(meta.generation.unwrap_or(0))
            .with_evidence(evidence)
            .at(collected_at)
    }

    pub(crate) fn with_uid(mut self, uid: &str) -> Source {
        self.uid = (!uid.is_empty()).then(|| uid.to_string());
        self
    }

    /// The generation, shown only when not 0.
    pub(crate) fn with_generation(mut self, generation: i64) -> Source {
        self.generation = (generation != 0).then_some(generation);
        self
    }

    /// The evidence.
    pub(crate) fn with_evidence(mut self, evidence: SourceEvidence) -> Source {
        self.evidence = Some(evidence);
        self
    }

    /// The collection time.
    pub(crate) fn at(mut self, collected_at: &str) -> Source {
        self.collected_at = collected_at.to_string();
        self
    }
}

/// An object a report's content names (`runtime effective`, `autoscale explain`): its
/// identity as read, with the keys it lacks omitted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ObjectRef {
    pub(crate) api_version: &'static str,
    pub(crate) kind: String,
    /// Omitted for a cluster-scoped object.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) namespace: String,
    pub(crate) name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) uid: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) generation: Option<i64>,
}

/// A report: envelope keys in the documented order, with command-specific content.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Report<C: Serialize> {
    /// Always [`API_VERSION`].
    pub(crate) api_version: &'static str,
    /// The report kind, e.g. `RolloutStatusReport`.
    pub(crate) kind: &'static str,
    /// The service the report is about.
    pub(crate) metadata: ReportMetadata,
    /// When it was collected.
    pub(crate) collected_at: String,
    /// Where the evidence came from.
    pub(crate) sources: Vec<Source>,
    /// The command's content.
    pub(crate) content: C,
    /// Report-level warnings, sorted.
    pub(crate) warnings: Vec<Warning>,
}

impl<C: Serialize> Report<C> {
    /// A report with no sources and no warnings yet.
    pub(crate) fn new(
        kind: &'static str,
        namespace: &str,
        name: &str,
        collected_at: String,
        content: C,
    ) -> Self {
        Report {
            api_version: API_VERSION,
            kind,
            metadata: ReportMetadata {
                namespace: namespace.to_string(),
                name: name.to_string(),
            },
            collected_at,
            sources: Vec::new(),
            content,
            warnings: Vec::new(),
        }
    }

    /// Sets the warnings, sorted and de-duplicated.
    pub(crate) fn with_warnings<I: IntoIterator<Item = WarningCode>>(mut self, codes: I) -> Self {
        let mut warnings: Vec<Warning> = codes.into_iter().map(|code| Warning { code }).collect();
        // By the code as shown, so the listed order is alphabetical.
        warnings.sort_by_key(|w| w.code.as_str());
        warnings.dedup();
        self.warnings = warnings;
        self
    }
}

/// The `ActionResult` a write command prints once its write (if any) is accepted
/// (unblock.md §0.7, scale.md §4): the envelope keys in the documented order, then the
/// command's details (none for the rollout actions).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ActionResult<D: Serialize> {
    pub(crate) api_version: &'static str,
    pub(crate) kind: &'static str,
    pub(crate) collected_at: String,
    pub(crate) action: &'static str,
    pub(crate) target: ActionTarget,
    pub(crate) dry_run: &'static str,
    #[serde(rename = "requestID", skip_serializing_if = "Option::is_none")]
    pub(crate) request_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) revision_hash: Option<String>,
    pub(crate) accepted: bool,
    pub(crate) applied: bool,
    pub(crate) message: &'static str,
    pub(crate) follow_up: String,
    /// The command's own keys, after the envelope's.
    #[serde(flatten)]
    pub(crate) details: D,
}

/// The details of an action that has none of its own.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct NoDetails {}

/// The object an action writes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ActionTarget {
    pub(crate) kind: &'static str,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) namespace: String,
    pub(crate) name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) uid: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) resource_version: String,
}

/// A report timestamp: RFC 3339 UTC with whole seconds (`2026-08-31T18:30:00Z`).
pub(crate) fn report_time(now: jiff::Timestamp) -> String {
    let whole = jiff::Timestamp::from_second(now.as_second()).unwrap_or(now);
    whole.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Warnings list alphabetically and once each, in the order the codes read.
    #[test]
    fn warnings_are_sorted_by_text_and_deduplicated() {
        let report = Report::new("R", "ns", "n", String::new(), ()).with_warnings([
            WarningCode::UnsupportedConfiguration,
            WarningCode::Truncated,
            WarningCode::PartialData,
            WarningCode::Truncated,
        ]);
        let codes: Vec<&str> = report.warnings.iter().map(|w| w.code.as_str()).collect();
        assert_eq!(
            codes,
            ["PartialData", "Truncated", "UnsupportedConfiguration"]
        );
    }

    /// The rollout actions' result has no keys after `followUp`; the shared envelope adds none.
    #[test]
    fn an_action_result_without_details_ends_at_follow_up() {
        let result = ActionResult {
            api_version: API_VERSION,
            kind: "ActionResult",
            collected_at: "2026-08-31T18:30:00Z".into(),
            action: "pause",
            target: ActionTarget {
                kind: "InferenceService",
                namespace: "ns".into(),
                name: "n".into(),
                uid: String::new(),
                resource_version: String::new(),
            },
            dry_run: "client",
            request_id: None,
            revision_hash: None,
            accepted: false,
            applied: false,
            message: "m",
            follow_up: "f".into(),
            details: NoDetails {},
        };
        let json = serde_json::to_string(&result).unwrap_or_default();
        assert!(json.ends_with(r#""message":"m","followUp":"f"}"#), "{json}");
    }
}
