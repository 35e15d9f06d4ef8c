//! `logs`: which listed pods are read, in which order, which container each, and the prefix of
//! their lines (after-the-write.md §1.3–§1.5). Pure.

use crate::errors::LogsError;
use crate::ome::Component;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::request::logs::{DEFAULT_CONTAINER, LogsRequest};
use crate::text::sanitize;
use serde_json::Value;

/// One pod to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LogTarget {
    /// The pod's name (a DNS-1123 subdomain).
    pub(crate) pod: String,
    /// The container to ask for; none lets the API server pick the only one.
    pub(crate) container: Option<String>,
    /// What each line starts with (with more than one pod): `[<component>/<pod>] `, the
    /// component one of ours or `?`.
    pub(crate) prefix: String,
}

/// The listed pods that are read: in `namespace`, carrying every selector label, named as a
/// request path may be; ordered by name. None left, or more than `--follow` may open, is the
/// command's error.
pub(crate) fn targets(
    items: &[Value],
    namespace: &str,
    request: &LogsRequest,
) -> Result<Vec<LogTarget>, LogsError> {
    let selector = request.selector();
    let mut pods: Vec<&Value> = items
        .iter()
        .filter(|pod| {
            let meta = |key: &str| {
                pod.pointer(&format!("/metadata/{key}"))
                    .and_then(Value::as_str)
            };
            meta("namespace") == Some(namespace)
                && meta("name").is_some_and(is_dns1123_subdomain)
                && selector
                    .iter()
                    .all(|(k, v)| label(pod, k) == Some(v.as_str()))
        })
        .collect();
    pods.sort_by_key(|pod| name(pod));
    pods.dedup_by_key(|pod| name(pod));
    if pods.is_empty() {
        return Err(LogsError::NoPods {
            name: request.name.clone(),
            namespace: namespace.to_string(),
            selector: request.selector_text(),
        });
    }
    if request.follow && i64::try_from(pods.len()).unwrap_or(i64::MAX) > request.max_log_requests {
        return Err(LogsError::TooManyStreams {
            streams: pods.len(),
            max: request.max_log_requests,
        });
    }
    let prefixed = pods.len() > 1;
    Ok(pods
        .into_iter()
        .map(|pod| LogTarget {
            pod: name(pod).to_string(),
            container: container(pod, request),
            prefix: if prefixed {
                format!("[{}/{}] ", component(pod), sanitize(name(pod)))
            } else {
                String::new()
            },
        })
        .collect())
}

/// The pod's component label when it is one of ours; `?` for anything else (absent, unknown,
/// or text that would forge another prefix such as `engine] [router/x`).
fn component(pod: &Value) -> &'static str {
    label(pod, crate::ome::keys::LABEL_COMPONENT)
        .and_then(Component::parse)
        .map_or("?", Component::as_str)
}

fn name(pod: &Value) -> &str {
    pod.pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or_default()
}

fn label<'a>(pod: &'a Value, key: &str) -> Option<&'a str> {
    pod.pointer("/metadata/labels")
        .and_then(|labels| labels.get(key))
        .and_then(Value::as_str)
}

/// `--container`; else `ome-container` when it is one of the pod's regular containers.
fn container(pod: &Value, request: &LogsRequest) -> Option<String> {
    if let Some(container) = &request.container {
        return Some(container.clone());
    }
    let has_default = pod
        .pointer("/spec/containers")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .any(|c| c.get("name").and_then(Value::as_str) == Some(DEFAULT_CONTAINER));
    has_default.then(|| DEFAULT_CONTAINER.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn request(follow: bool, max: i64) -> LogsRequest {
        LogsRequest {
            name: "chat".into(),
            component: Some(crate::ome::Component::Engine),
            instance: None,
            revision_hash: None,
            container: None,
            follow,
            tail_lines: None,
            since_seconds: None,
            max_log_requests: max,
            limit_bytes: None,
        }
    }

    fn pod(ns: &str, name: &str, component: &str, containers: &[&str]) -> Value {
        let containers: Vec<Value> = containers.iter().map(|c| json!({"name": c})).collect();
        json!({"metadata": {"name": name, "namespace": ns, "labels":
            {"ome.io/inferenceservice": "chat", "component": component}},
            "spec": {"containers": containers}})
    }

    #[test]
    fn foreign_unnamed_and_unlabelled_pods_are_dropped_and_the_rest_ordered() {
        let items = vec![
            pod(
                "prod",
                "chat-engine-1",
                "engine",
                &["ome-container", "sidecar"],
            ),
            pod("other", "chat-engine-2", "engine", &["ome-container"]),
            pod("prod", "chat-router-0", "router", &["ome-container"]),
            pod("prod", "Bad_Name", "engine", &["ome-container"]),
            pod("prod", "chat-engine-0", "engine", &["main"]),
        ];
        let got = targets(&items, "prod", &request(false, 5)).unwrap();
        assert_eq!(
            got,
            vec![
                LogTarget {
                    pod: "chat-engine-0".into(),
                    container: None,
                    prefix: "[engine/chat-engine-0] ".into()
                },
                LogTarget {
                    pod: "chat-engine-1".into(),
                    container: Some("ome-container".into()),
                    prefix: "[engine/chat-engine-1] ".into()
                },
            ]
        );
        let hostile = [
            pod("prod", "chat-a", "engine] [router/x", &["ome-container"]),
            pod("prod", "chat-b", &"c".repeat(4096), &["ome-container"]),
            pod("prod", "chat-c", "Engine", &["ome-container"]),
            pod("prod", "chat-d", "decoder", &["ome-container"]),
        ];
        let mut unlabelled = pod("prod", "chat-e", "", &["ome-container"]);
        unlabelled["metadata"]["labels"]
            .as_object_mut()
            .unwrap()
            .remove("component");
        let mut all = hostile.to_vec();
        all.push(unlabelled);
        // Without -c, every component label is selected.
        let mut any = request(false, 5);
        any.component = None;
        let prefixes: Vec<String> = targets(&all, "prod", &any)
            .unwrap()
            .into_iter()
            .map(|t| t.prefix)
            .collect();
        assert_eq!(
            prefixes,
            [
                "[?/chat-a] ",
                "[?/chat-b] ",
                "[?/chat-c] ",
                "[decoder/chat-d] ",
                "[?/chat-e] "
            ]
        );
        let one = targets(&items[..1], "prod", &request(true, 1)).unwrap();
        assert_eq!(one[0].prefix, "");
        let err = targets(&items, "prod", &request(true, 1)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "you are attempting to follow 2 log streams, but maximum allowed concurrency is 1, use --max-log-requests to increase the limit"
        );
        let none = targets(&items, "dev", &request(false, 5)).unwrap_err();
        assert_eq!(
            none.to_string(),
            "no pods found for InferenceService \"chat\" in namespace \"dev\" (selector component=engine,ome.io/inferenceservice=chat)"
        );
    }
}
