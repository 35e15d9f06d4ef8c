//! `admin doctor` projection (diagnose.md §4.4, §5.2): API discovery, the manager Deployment,
//! the selected service's features and, with `--access`, the access reviews, into one
//! `DoctorReport`. Pure.

pub(crate) mod access;
pub(crate) mod catalogue;
pub(crate) mod report;
pub(crate) mod version;

pub(crate) use report::DoctorReport;

use crate::errors::admin_doctor::{AccessShortfall, MissingAccess};
use crate::ome::evidence::ApiError;
use crate::ome::manager::MANAGER_DEPLOYMENT;
use crate::ome::report::report_time;
use crate::text::{REDACTED, redact};
use report::{
    Access, Api, Availability, Context, DoctorContent, Feature, Read, Source, State, Summary,
    Warning,
};
use serde_json::Value;

/// The features looked for on the selected service, in order.
pub(crate) const FEATURES: [&str; 11] = [
    "Components",
    "Lifecycle",
    "Autoscaling",
    "ScaleTarget",
    "Traffic",
    "Canary",
    "Rollout",
    "RolloutCoordination",
    "Placement",
    "MigrationHistory",
    "RuntimePin",
];

const WARN_UNAVAILABLE: Warning = Warning {
    code: "SourceUnavailable",
    message: "Diagnostic evidence is unavailable",
};
const WARN_TRUNCATED: Warning = Warning {
    code: "Truncated",
    message: "Decoded diagnostic source exceeded its scan limit",
};

/// What the user asked for, after validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Request {
    pub(crate) context: String,
    pub(crate) workload_namespace: String,
    pub(crate) ome_namespace: String,
    pub(crate) isvc: Option<String>,
}

/// Every read and review, as collected.
#[derive(Debug, Clone)]
pub(crate) struct Evidence {
    /// One read per [`catalogue::GROUP_VERSIONS`] entry, in that order.
    pub(crate) discovery: Vec<(&'static str, Result<Value, ApiError>)>,
    pub(crate) manager: Result<Value, ApiError>,
    /// The selected service, `None` without `--isvc`. Its failed read is fatal, except with
    /// `--access`, where it is evidence beside the reviews.
    pub(crate) isvc: Option<Result<Value, ApiError>>,
    /// `None` without `--access`.
    pub(crate) access: Option<Vec<(access::Check, Result<Value, ApiError>)>>,
}

/// What the exit code says after the report is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verdict {
    Clean,
    RequiredApiViolations,
    AccessViolations(AccessShortfall),
}

pub(crate) fn project(
    request: &Request,
    evidence: &Evidence,
    build_version: &str,
    now: jiff::Timestamp,
) -> DoctorReport {
    let collected_at = report_time(now);
    let mut warnings = Vec::new();
    let (apis, mut sources, truncated) = discovered(&evidence.discovery, &collected_at);
    if truncated {
        warnings.push(WARN_TRUNCATED);
    }
    let (manager_read, image) = manager(request, &evidence.manager);
    if image.truncated {
        warnings.push(WARN_TRUNCATED);
    }
    sources.push(source(
        "Deployment",
        Some(&request.ome_namespace),
        MANAGER_DEPLOYMENT,
        &evidence.manager,
        &collected_at,
    ));
    let selected = selected_read(request, evidence.isvc.as_ref());
    let selected_service = evidence.isvc.as_ref().and_then(|read| read.as_ref().ok());
    if let (Some(name), Some(_)) = (&request.isvc, selected_service) {
        sources.push(Source {
            kind: "InferenceService",
            namespace: Some(request.workload_namespace.clone()),
            name: name.clone(),
            evidence: "Observed",
            unavailable_reason: None,
            collected_at: collected_at.clone(),
        });
    }
    let reads = vec![manager_read, selected];
    let features = features(selected_service);
    let access: Option<Vec<Access>> = evidence.access.as_ref().map(|reviews| {
        reviews
            .iter()
            .map(|(check, answer)| access::outcome(check, answer))
            .collect()
    });
    let summary = summary(&apis, &reads, &features, access.as_deref());
    if apis
        .iter()
        .any(|a| a.availability == Availability::Unavailable)
        || reads.iter().any(|r| r.outcome == "Unavailable")
    {
        warnings.push(WARN_UNAVAILABLE);
    }
    warnings.sort();
    warnings.dedup();
    DoctorReport {
        api_version: crate::ome::report::API_VERSION,
        kind: report::KIND,
        metadata: crate::ome::report::ReportMetadata {
            namespace: request.workload_namespace.clone(),
            name: "doctor".to_string(),
        },
        collected_at,
        sources,
        content: DoctorContent {
            context: Context {
                name: context_name(&request.context),
                workload_namespace: request.workload_namespace.clone(),
                ome_namespace: request.ome_namespace.clone(),
            },
            summary,
            apis,
            version: version::version(build_version, &image),
            reads,
            features,
            access,
        },
        warnings,
    }
}

/// The APIs of every discovery document, sorted by id, with one source per document and
/// whether any document was over its scan limit.
fn discovered(
    discovery: &[(&'static str, Result<Value, ApiError>)],
    collected_at: &str,
) -> (Vec<Api>, Vec<Source>, bool) {
    let mut apis: Vec<Api> = Vec::new();
    let mut sources = Vec::new();
    let mut any_truncated = false;
    for (group_version, read) in discovery {
        let (projected, truncated) = catalogue::project(group_version, read);
        any_truncated |= truncated;
        apis.extend(projected);
        sources.push(source(
            "APIResourceList",
            None,
            group_version,
            read,
            collected_at,
        ));
    }
    apis.sort_by(|a, b| a.id.cmp(&b.id));
    (apis, sources, any_truncated)
}

/// The exit decision: missing required APIs win over denied access.
pub(crate) fn verdict(report: &DoctorReport) -> Verdict {
    let summary = &report.content.summary;
    if summary.required_api_violations > 0 {
        Verdict::RequiredApiViolations
    } else if summary.access_denied.unwrap_or(0) > 0 {
        Verdict::AccessViolations(shortfall(report.content.access.iter().flatten()))
    } else {
        Verdict::Clean
    }
}

/// The reviews that were denied or not allowed.
fn shortfall<'a>(access: impl Iterator<Item = &'a Access>) -> AccessShortfall {
    let missing = access
        .filter(|a| matches!(a.outcome, "Denied" | "NotAllowed"))
        .map(|a| MissingAccess {
            verb: a.verb,
            resource: a.resource,
            subresource: a.subresource,
            namespace: a.namespace.clone(),
            name: a.name.clone(),
            outcome: a.outcome,
        })
        .collect();
    AccessShortfall { missing }
}

fn source(
    kind: &'static str,
    namespace: Option<&str>,
    name: &str,
    read: &Result<Value, ApiError>,
    collected_at: &str,
) -> Source {
    let reason = read.as_ref().err().map(catalogue::failure_reason);
    Source {
        kind,
        namespace: namespace.map(str::to_string),
        name: name.to_string(),
        evidence: if reason.is_some() {
            "Unavailable"
        } else {
            "Observed"
        },
        unavailable_reason: reason,
        collected_at: collected_at.to_string(),
    }
}

fn manager(request: &Request, read: &Result<Value, ApiError>) -> (Read, version::ManagerImage) {
    let (outcome, reason, image) = match read {
        Ok(deployment) => ("Available", None, version::manager_image(deployment)),
        Err(error) => (
            "Unavailable",
            Some(catalogue::failure_reason(error)),
            version::ManagerImage::unavailable(),
        ),
    };
    let read = Read {
        id: "ManagerDeployment",
        method: "GET",
        group_version: "apps/v1",
        resource: "deployments",
        namespace: request.ome_namespace.clone(),
        name: Some(MANAGER_DEPLOYMENT.to_string()),
        outcome,
        reason,
        evidence: if outcome == "Available" {
            "Observed"
        } else {
            "Unavailable"
        },
    };
    (read, image)
}

fn selected_read(request: &Request, read: Option<&Result<Value, ApiError>>) -> Read {
    let (outcome, reason) = match (&request.isvc, read) {
        (None, _) => ("NotRequested", None),
        (Some(_), Some(Ok(_))) => ("Available", None),
        (Some(_), Some(Err(error))) => ("Unavailable", Some(catalogue::failure_reason(error))),
        (Some(_), None) => ("Unavailable", None),
    };
    Read {
        id: "SelectedInferenceService",
        method: "GET",
        group_version: crate::ome::API_VERSION,
        resource: "inferenceservices",
        namespace: request.workload_namespace.clone(),
        name: request.isvc.clone(),
        outcome,
        reason,
        evidence: if outcome == "Available" {
            "Observed"
        } else {
            "Unavailable"
        },
    }
}

/// Which OMENative features the selected service's status shows.
fn features(isvc: Option<&Value>) -> Vec<Feature> {
    FEATURES
        .iter()
        .map(|id| {
            let availability = match isvc {
                None => "NotSelected",
                Some(isvc) if has_feature(isvc, id) => "Present",
                Some(_) => "AbsentOnSelectedObject",
            };
            Feature {
                id,
                availability,
                generation_freshness: "Unverifiable",
                evidence: if availability == "NotSelected" {
                    "Unavailable"
                } else {
                    "Reported"
                },
            }
        })
        .collect()
}

fn present(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) => !s.is_empty(),
        Some(Value::Array(a)) => !a.is_empty(),
        Some(Value::Object(o)) => !o.is_empty(),
        Some(_) => true,
    }
}

fn has_feature(isvc: &Value, feature: &str) -> bool {
    let status = &isvc["status"];
    let components: Vec<&Value> = status
        .get("components")
        .and_then(Value::as_object)
        .map(|m| m.values().collect())
        .unwrap_or_default();
    let any_component = |key: &str| components.iter().any(|c| present(c.get(key)));
    // The component features count only on the entries of OME's components, where a block
    // that is there, even empty, is present.
    let entries: Vec<&Value> = ["engine", "decoder", "router"]
        .into_iter()
        .filter_map(|c| status.get("components").and_then(|m| m.get(c)))
        .collect();
    let on_entry = |key: &str| {
        entries
            .iter()
            .any(|c| c.get(key).is_some_and(|v| !v.is_null()))
    };
    match feature {
        "Components" => !entries.is_empty(),
        "Lifecycle" => on_entry("lifecycle"),
        "Autoscaling" => on_entry("autoscaler"),
        "ScaleTarget" => on_entry("scaleTargetRef"),
        "Traffic" => any_component("traffic") || present(status.get("traffic")),
        "Canary" => any_component("canary") || present(status.get("canary")),
        "Rollout" => present(status.get("rollout")),
        "RolloutCoordination" => present(status.get("rolloutCoordination")),
        "Placement" => present(status.get("placement")),
        "MigrationHistory" => present(status.get("migrationHistory")),
        "RuntimePin" => {
            present(status.get("pinnedRevisionName")) || present(status.get("lastRuntimeSyncToken"))
        }
        _ => false,
    }
}

fn summary(
    apis: &[Api],
    reads: &[Read],
    features: &[Feature],
    access: Option<&[Access]>,
) -> Summary {
    let required_api_violations = apis
        .iter()
        .filter(|a| a.required && a.availability == Availability::NotDiscoverableAtVersion)
        .count();
    let access_denied = access.map(|a| a.iter().filter(|a| access::is_denied(a)).count());
    let access_unavailable = access.map_or(0, |a| {
        a.iter()
            .filter(|a| matches!(a.outcome, "Indeterminate" | "Unavailable"))
            .count()
    });
    let unavailable_evidence = 1
        + apis
            .iter()
            .filter(|a| a.availability != Availability::Available)
            .count()
        + reads.iter().filter(|r| r.outcome != "Available").count()
        + features
            .iter()
            .filter(|f| f.availability != "Present")
            .count()
        + access_unavailable;
    let state = if required_api_violations > 0 || access_denied.unwrap_or(0) > 0 {
        State::Violations
    } else if unavailable_evidence > 0 {
        State::Incomplete
    } else {
        State::Complete
    };
    Summary {
        state,
        required_api_violations,
        unavailable_evidence,
        access_denied,
    }
}

#[cfg(test)]
mod tests;

/// The kubeconfig context as shown: a URL is omitted, and a name that is not a SafeScalar
/// (`user:password@host`, an API key, a JWT) or is credential shaped is redacted (difference v),
/// the rule by which `scale` refuses to print it.
fn context_name(context: &str) -> String {
    if context.contains("://") {
        "[OMITTED]".to_string()
    } else if !crate::ome::names::is_safe_scalar(context) || redact(context) != context {
        REDACTED.to_string()
    } else {
        context.to_string()
    }
}
