//! The shape check of every request path: only what the plugin builds can be sent.

use crate::ome::names::is_dns1123_subdomain;

/// The query keys the plugin's requests use; `watch` only on a watch.
const QUERY_KEYS: [&str; 15] = [
    "limit",
    "continue",
    "labelSelector",
    "fieldSelector",
    "dryRun",
    "resourceVersion",
    "allowWatchBookmarks",
    "timeoutSeconds",
    "sendInitialEvents",
    "resourceVersionMatch",
    // A pod's log (`logs`).
    "container",
    "follow",
    "tailLines",
    "sinceSeconds",
    "limitBytes",
];

/// The shapes of the API paths the plugin requests: `/version`, a discovery document (`/api`,
/// `/apis`, a group, a group version), or a group version, an optional namespace, then a
/// resource and at most a name (and for an InferenceReplica its `scale`). A name holding `/`
/// cannot add a segment.
fn is_api_shape(segments: &[&str]) -> bool {
    let rest = match segments {
        ["version"] | ["api"] | ["apis"] | ["apis", _] => return true,
        ["api", "v1", rest @ ..] | ["apis", _, _, rest @ ..] => rest,
        _ => return false,
    };
    let rest = match rest {
        ["namespaces", _, rest @ ..] if !rest.is_empty() => rest,
        other => other,
    };
    matches!(
        rest,
        [] | [_] | [_, _] | ["inferencereplicas", _, "scale"] | ["pods", _, "log"]
    )
}

/// Whether a request path is made only of what the plugin builds: every segment a DNS-1123
/// subdomain (so no `..`, `?`, `#`, `%` or `/` can come in with a name read from the cluster)
/// and a query of known keys with percent-encoded values.
pub(crate) fn is_safe_path(path_and_query: &str, watch: bool) -> bool {
    let (path, query) = path_and_query
        .split_once('?')
        .unwrap_or((path_and_query, ""));
    let Some(segments) = path.strip_prefix('/') else {
        return false;
    };
    let segments: Vec<&str> = segments.split('/').collect();
    segments.iter().all(|s| is_dns1123_subdomain(s))
        && is_api_shape(&segments)
        && (query.is_empty()
            || query.split('&').all(|pair| {
                pair.split_once('=').is_some_and(|(key, value)| {
                    (QUERY_KEYS.contains(&key) || (watch && key == "watch"))
                        && value.bytes().all(|b| {
                            b.is_ascii_alphanumeric()
                                || matches!(b, b'-' | b'_' | b'.' | b'~' | b'%')
                        })
                })
            }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collect::http::paths;

    #[test]
    fn the_plugins_own_paths_are_safe() {
        for path in [
            paths::inference_service("prod", "chat"),
            paths::inference_replica_scale("prod", "chat-engine"),
            paths::cluster_serving_runtime("srt-llama-3-2-1b-instruct-pd"),
            paths::controller_revision("ome", "cr-rt-0a1b2c3d"),
            paths::hpa("prod", "chat-decoder"),
            paths::scaled_object("prod", "scaledobject-chat-engine"),
            "/version".to_string(),
            "/api/v1".to_string(),
            "/apis/ome.io/v1beta1".to_string(),
            "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews".to_string(),
            "/api/v1/namespaces/prod/events?fieldSelector=involvedObject.name%3Dchat".to_string(),
            format!(
                "{}?dryRun=All",
                paths::inference_replica_scale("prod", "chat-engine")
            ),
            format!(
                "{}?limit=50&labelSelector=ome.io%2Finferenceservice%3Dchat&continue=eyJ2%3D",
                paths::inference_replicas("prod")
            ),
        ] {
            assert!(is_safe_path(&path, false), "{path}");
        }
        let watch = format!(
            "{}?fieldSelector=metadata.name%3Dchat&watch=true&resourceVersion=12",
            paths::inference_services("prod")
        );
        assert!(is_safe_path(&watch, true));
        assert!(!is_safe_path(&watch, false));
        // wait's streaming watch list (docs/wait.md).
        let current = crate::collect::watch::WatchRequest::current(
            "prod",
            crate::collect::watch::WatchScope::Replica("chat-engine".into()),
            10,
        );
        assert!(is_safe_path(&current.path(), true), "{}", current.path());
    }

    #[test]
    fn names_that_are_not_names_are_refused() {
        for name in [
            "a?watch=1",
            "a?limit=1&watch=true",
            "../x",
            "..",
            ".",
            "a/b",
            "a#b",
            "a%2Fb",
            "A",
            "",
            "a b",
            "a\u{1b}",
            &"a".repeat(254),
            &format!("{}.b", "a".repeat(253)),
        ] {
            let path = paths::serving_runtime("prod", name);
            assert!(!is_safe_path(&path, false), "{path}");
        }
        assert!(!is_safe_path("relative/path", false));
        assert!(!is_safe_path(
            "/apis/ome.io/v1beta1/namespaces/prod/servingruntimes/a/status",
            false
        ));
        assert!(is_safe_path("/api/v1/namespaces/prod", false));
        // A name segment may exceed 63 (a Kubernetes subdomain limits only its total), as
        // OME's `r-<namespace>-<runtime>-<hash>` revision names do.
        let long = format!("r-{}-srt-{}-0a1b2c3d", "n".repeat(40), "m".repeat(40));
        assert!(is_safe_path(
            &paths::controller_revision("ome", &long),
            false
        ));
        assert!(!is_safe_path("/x?limit=1%26watch=true&x", false));
        assert!(!is_safe_path("/x?limit=a=b", false));
    }
}
