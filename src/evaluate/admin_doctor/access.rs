//! `admin doctor --access` (diagnose.md §5.2): the SelfSubjectAccessReviews that say whether the
//! current identity may read the service and its replica and patch the replica's `/scale`, and
//! how each answer is read. The server's `reason` and `evaluationError` texts are never shown.

use super::catalogue::failure_reason;
use super::report::Access;
use crate::ome::evidence::ApiError;
use serde_json::{Value, json};

/// One review to ask for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Check {
    pub(crate) id: &'static str,
    pub(crate) verb: &'static str,
    pub(crate) resource: &'static str,
    pub(crate) subresource: Option<&'static str>,
    pub(crate) namespace: String,
    pub(crate) name: Option<String>,
}

/// The reviews for `namespace`, naming the service and the replica `<isvc>-<component>` when
/// they were given.
pub(crate) fn plan(namespace: &str, service: Option<&str>, component: Option<&str>) -> Vec<Check> {
    let replica = match (service, component) {
        (Some(service), Some(component)) => Some(format!("{service}-{component}")),
        _ => None,
    };
    let check = |id, verb, resource, subresource, name: Option<String>| Check {
        id,
        verb,
        resource,
        subresource,
        namespace: namespace.to_string(),
        name,
    };
    vec![
        check(
            "GetInferenceService",
            "get",
            "inferenceservices",
            None,
            service.map(str::to_string),
        ),
        check(
            "GetInferenceReplica",
            "get",
            "inferencereplicas",
            None,
            replica.clone(),
        ),
        check(
            "PatchInferenceReplicaScale",
            "patch",
            "inferencereplicas",
            Some("scale"),
            replica.clone(),
        ),
        check(
            "GetInferenceReplicaScale",
            "get",
            "inferencereplicas",
            Some("scale"),
            replica,
        ),
    ]
}

/// The review to POST (`subresource` and `name` left out when empty).
pub(crate) fn review_body(check: &Check) -> Value {
    let mut attributes = serde_json::Map::new();
    attributes.insert("namespace".into(), json!(check.namespace));
    attributes.insert("verb".into(), json!(check.verb));
    attributes.insert("group".into(), json!(crate::ome::GROUP));
    attributes.insert("resource".into(), json!(check.resource));
    if let Some(subresource) = check.subresource {
        attributes.insert("subresource".into(), json!(subresource));
    }
    if let Some(name) = &check.name {
        attributes.insert("name".into(), json!(name));
    }
    json!({"apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview",
           "spec": {"resourceAttributes": attributes}})
}

/// The outcome of one review.
pub(crate) fn outcome(check: &Check, answer: &Result<Value, ApiError>) -> Access {
    let (outcome, reason) = match answer {
        Err(ApiError::NotFound { .. }) => ("Unavailable", Some("UnsupportedAPI")),
        Err(ApiError::TimedOut) => ("Unavailable", Some("Timeout")),
        Err(error @ ApiError::Forbidden { .. }) => ("Unavailable", Some(failure_reason(error))),
        Err(_) => ("Unavailable", Some("Unreadable")),
        Ok(review) => read_review(review),
    };
    Access {
        id: check.id,
        verb: check.verb,
        group: crate::ome::GROUP,
        resource: check.resource,
        subresource: check.subresource,
        namespace: check.namespace.clone(),
        name: check.name.clone(),
        outcome,
        reason,
        evidence: if outcome == "Unavailable" {
            "Unavailable"
        } else {
            "Observed"
        },
    }
}

fn read_review(review: &Value) -> (&'static str, Option<&'static str>) {
    let kind_ok = review.get("kind").and_then(Value::as_str) == Some("SelfSubjectAccessReview");
    let Some(status) = review.get("status").filter(|s| s.is_object()) else {
        return ("Unavailable", Some("Unreadable"));
    };
    let flag = |key: &str| match status.get(key) {
        None | Some(Value::Null) => Some(false),
        Some(Value::Bool(b)) => Some(*b),
        Some(_) => None,
    };
    let (Some(allowed), Some(denied)) = (flag("allowed"), flag("denied")) else {
        return ("Unavailable", Some("Unreadable"));
    };
    let evaluation_error = status
        .get("evaluationError")
        .and_then(Value::as_str)
        .is_some_and(|e| !e.is_empty());
    match (kind_ok, allowed, denied) {
        (false, _, _) | (true, true, true) => ("Unavailable", Some("Unreadable")),
        (true, true, false) => ("Allowed", None),
        (true, false, true) => ("Denied", None),
        (true, false, false) if evaluation_error => ("Indeterminate", None),
        (true, false, false) => ("NotAllowed", None),
    }
}

/// True for a definite answer that the identity may not do it.
pub(crate) fn is_denied(access: &Access) -> bool {
    matches!(access.outcome, "Denied" | "NotAllowed")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_names_what_was_given() {
        let checks = plan("prod", Some("chat"), Some("engine"));
        assert_eq!(checks.len(), 4);
        assert_eq!(checks[0].name.as_deref(), Some("chat"));
        assert_eq!(checks[2].name.as_deref(), Some("chat-engine"));
        assert_eq!(
            review_body(&checks[2]),
            json!({"apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview",
                   "spec": {"resourceAttributes": {"namespace": "prod", "verb": "patch",
                       "group": "ome.io", "resource": "inferencereplicas", "subresource": "scale",
                       "name": "chat-engine"}}})
        );
        let anonymous = plan("prod", None, None);
        assert!(anonymous.iter().all(|c| c.name.is_none()));
        assert_eq!(
            review_body(&anonymous[0]),
            json!({"apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview",
                   "spec": {"resourceAttributes": {"namespace": "prod", "verb": "get",
                       "group": "ome.io", "resource": "inferenceservices"}}})
        );
    }

    #[test]
    fn answers() {
        let check = &plan("prod", None, None)[0];
        let review =
            |status: Value| Ok(json!({"kind": "SelfSubjectAccessReview", "status": status}));
        let outcome_of = |a: Result<Value, ApiError>| outcome(check, &a).outcome;
        assert_eq!(outcome_of(review(json!({"allowed": true}))), "Allowed");
        assert_eq!(
            outcome_of(review(json!({"allowed": false, "denied": true}))),
            "Denied"
        );
        assert_eq!(outcome_of(review(json!({"allowed": false}))), "NotAllowed");
        assert_eq!(
            outcome_of(review(
                json!({"allowed": false, "evaluationError": "webhook down"})
            )),
            "Indeterminate"
        );
        assert_eq!(outcome_of(review(json!({"allowed": "yes"}))), "Unavailable");
        let forbidden = outcome(
            check,
            &Err(ApiError::Forbidden {
                message: "no".into(),
            }),
        );
        assert_eq!(
            (forbidden.outcome, forbidden.reason),
            ("Unavailable", Some("Forbidden"))
        );
        assert!(is_denied(&outcome(
            check,
            &review(json!({"allowed": false}))
        )));
    }
}
