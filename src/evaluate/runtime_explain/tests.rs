//! The order of `runtime explain`'s failures (runtime-selection.md §7.2) and its notes (§7.4),
//! on reads built by hand. The rows' verdicts are the selector's (its own tests cover §8).

use super::*;
use crate::ome::selection::{KindRead, PageRead};
use serde_json::json;

fn not_found(resource: &str, name: &str) -> ApiError {
    ApiError::NotFound {
        named: true,
        message: format!("{resource}.ome.io \"{name}\" not found"),
    }
}

fn forbidden() -> ApiError {
    ApiError::Forbidden {
        message: "secret server text".into(),
    }
}

fn model_object(kind: &str, spec: Value) -> Value {
    json!({"kind": kind, "metadata": {"name": "m", "uid": "u", "resourceVersion": "1"},
           "spec": spec})
}

fn cluster_model(spec: Value) -> ModelReads {
    ModelReads {
        base: Err(not_found("basemodels", "m")),
        cluster: Ok(model_object("ClusterBaseModel", spec)),
    }
}

fn safetensors() -> Value {
    json!({"modelFormat": {"name": "safetensors"}})
}

fn list(kind: RuntimeKind, items: Vec<Value>) -> KindRead {
    let list_kind = match kind {
        RuntimeKind::Namespaced => "ServingRuntimeList",
        RuntimeKind::Cluster => "ClusterServingRuntimeList",
    };
    KindRead {
        kind,
        pages: vec![PageRead {
            limit: 250,
            continue_sent: None,
            page: Ok(json!({"kind": list_kind, "apiVersion": "ome.io/v1beta1",
                            "metadata": {"resourceVersion": "7"}, "items": items})),
        }],
        token_left: false,
    }
}

fn failed(kind: RuntimeKind, cause: ApiError) -> KindRead {
    KindRead {
        kind,
        pages: vec![PageRead {
            limit: 250,
            continue_sent: None,
            page: Err(cause),
        }],
        token_left: false,
    }
}

fn csr(name: &str, auto_select: bool) -> Value {
    json!({"metadata": {"name": name, "uid": format!("uid-{name}"), "resourceVersion": "1",
                        "generation": 1},
           "spec": {"supportedModelFormats": [{"modelFormat": {"name": "safetensors"},
                                               "autoSelect": auto_select}]}})
}

fn reads(namespaced: KindRead, cluster: KindRead) -> SnapshotReads {
    SnapshotReads {
        namespace: "prod".into(),
        namespaced,
        cluster,
    }
}

fn catalog() -> SnapshotReads {
    reads(
        list(RuntimeKind::Namespaced, vec![]),
        list(
            RuntimeKind::Cluster,
            vec![csr("srt-b", false), csr("srt-a", true)],
        ),
    )
}

fn run(
    service: Option<&Service>,
    models: &ModelReads,
    snapshot: &SnapshotReads,
) -> Result<Explanation, RuntimeExplainError> {
    explain(&Evidence {
        service,
        model_name: "m",
        namespace: "prod",
        models,
        snapshot,
    })
}

fn check_lines(error: &RuntimeExplainError) -> Vec<String> {
    error
        .failed_step(None)
        .map(|s| s.lines("runtime explain"))
        .unwrap_or_default()
}

#[test]
fn the_model_decides_before_the_snapshot() {
    let broken = reads(
        failed(RuntimeKind::Namespaced, forbidden()),
        list(RuntimeKind::Cluster, vec![]),
    );
    let missing = ModelReads {
        base: Err(not_found("basemodels", "m")),
        cluster: Err(not_found("clusterbasemodels", "m")),
    };
    let error = run(None, &missing, &broken).unwrap_err();
    assert_eq!(
        error.to_string(),
        "clusterbasemodels.ome.io \"m\" not found"
    );
    assert_eq!(
        check_lines(&error),
        ["runtime explain check: read object=ClusterBaseModel/m cause=NotFound"]
    );
    // Any failure of the BaseModel decides; the ClusterBaseModel is not looked at.
    let refused = ModelReads {
        base: Err(forbidden()),
        cluster: Ok(model_object("ClusterBaseModel", safetensors())),
    };
    let error = run(None, &refused, &catalog()).unwrap_err();
    assert_eq!(error.to_string(), "secret server text");
    assert_eq!(
        check_lines(&error),
        [
            "runtime explain check: read object=BaseModel/prod/m cause=Forbidden",
            "next: kubectl ome admin doctor --access -n prod",
        ]
    );
    let malformed = cluster_model(json!({"modelFormat": "safetensors"}));
    let error = run(None, &malformed, &catalog()).unwrap_err();
    assert_eq!(
        check_lines(&error),
        ["runtime explain check: read object=ClusterBaseModel/m cause=Undecodable"]
    );
    // An empty format name stops before the snapshot, with the reference's text and no line.
    let formatless = cluster_model(json!({"disabled": true}));
    let error = run(None, &formatless, &broken).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid model specification: modelFormat.name: model format name is required"
    );
    assert!(check_lines(&error).is_empty());
    let error = run(None, &cluster_model(safetensors()), &broken).unwrap_err();
    assert_eq!(
        error.to_string(),
        "runtime candidate snapshot API request failed"
    );
    assert_eq!(
        check_lines(&error),
        [
            "runtime explain check: read object=ServingRuntimeList/prod cause=Forbidden",
            "next: kubectl ome admin doctor --access -n prod",
        ]
    );
}

#[test]
fn an_unusable_snapshot_says_why_in_the_commands_words() {
    let model = cluster_model(safetensors());
    let twice = reads(
        list(RuntimeKind::Namespaced, vec![]),
        list(RuntimeKind::Cluster, vec![csr("a", true), csr("a", true)]),
    );
    let mut truncated = catalog();
    truncated.cluster.token_left = true;
    let mut foreign = catalog();
    if let Ok(page) = &mut foreign.cluster.pages[0].page {
        page["items"][0]["metadata"]["namespace"] = json!("prod");
    }
    let mut moved = catalog();
    if let Ok(page) = &mut moved.cluster.pages[0].page {
        page["metadata"]["resourceVersion"] = json!("");
    }
    for (snapshot, message) in [
        (twice, "runtime API returned a duplicate candidate identity"),
        (
            truncated,
            "runtime candidate snapshot exceeds the CLI collection limit",
        ),
        (
            foreign,
            "runtime API returned a candidate with an unexpected identity",
        ),
        (
            moved,
            "runtime API returned an inconsistent candidate snapshot",
        ),
    ] {
        let error = run(None, &model, &snapshot).unwrap_err();
        assert_eq!(error.to_string(), message);
        assert!(check_lines(&error).is_empty());
    }
}

#[test]
fn rows_follow_the_selection_and_notes_come_first() {
    let found = run(None, &cluster_model(safetensors()), &catalog()).unwrap();
    assert_eq!(found.notes, []);
    assert_eq!(
        found.rows,
        [
            Row {
                name: "srt-a".into(),
                kind: RuntimeKind::Cluster,
                verdict: RowVerdict::Yes {
                    priority: 1,
                    weight: 1
                },
            },
            Row {
                name: "srt-b".into(),
                kind: RuntimeKind::Cluster,
                verdict: RowVerdict::No {
                    reason:
                        "supports the model but has no supportedModelFormats[].autoSelect=true \
                             entry, so automatic selection skips it (pin it explicitly via \
                             spec.runtime.name instead)"
                            .into()
                },
            },
        ]
    );
    let odd = cluster_model(
        json!({"modelFormat": {"name": "safetensors"}, "disabled": true,
                                   "distribution": "Sharded"}),
    );
    let found = run(None, &odd, &catalog()).unwrap();
    assert_eq!(found.notes, [Note::ModelDisabled, Note::ModelSharded]);
    let none = reads(
        list(RuntimeKind::Namespaced, vec![]),
        list(RuntimeKind::Cluster, vec![]),
    );
    let found = run(None, &cluster_model(safetensors()), &none).unwrap();
    assert_eq!(
        (found.notes, found.rows),
        (vec![Note::NoCandidates], vec![])
    );
}

fn isvc(spec: Value) -> Value {
    json!({"apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
           "metadata": {"name": "chat", "namespace": "prod", "uid": "u-1", "resourceVersion": "3"},
           "spec": spec})
}

#[test]
fn the_service_is_checked_before_its_model_is_read() {
    let shown = |read| {
        service(read, "prod", "chat")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert_eq!(
        shown(Err(not_found("inferenceservices", "chat"))),
        "inferenceservices.ome.io \"chat\" not found"
    );
    let mut other = isvc(json!({"model": {"name": "m"}}));
    other["metadata"]["name"] = json!("chat-2");
    assert_eq!(
        shown(Ok(other)),
        "returned inference service name does not match request"
    );
    let mut elsewhere = isvc(json!({"model": {"name": "m"}}));
    elsewhere["metadata"]["namespace"] = json!("dev");
    assert_eq!(
        shown(Ok(elsewhere)),
        "returned inference service namespace does not match request"
    );
    let mut anonymous = isvc(json!({"model": {"name": "m"}}));
    anonymous["metadata"]["uid"] = json!("");
    assert_eq!(shown(Ok(anonymous)), "inference service UID is required");
    for spec in [json!({}), json!({"model": {"name": ""}})] {
        assert_eq!(
            shown(Ok(isvc(spec))),
            "InferenceService \"chat\" has no spec.model; pass --model instead"
        );
    }
    assert_eq!(
        shown(Ok(isvc(json!({"model": {"name": "../m"}})))),
        "InferenceService \"chat\" has an invalid spec.model.name"
    );
    assert_eq!(
        shown(Ok(isvc(json!({"model": "m"})))),
        "response is not a valid object"
    );
    // A service naming its runtime gets the note; its requirements apply to the rows.
    let explicit = service(
        Ok(isvc(
            json!({"model": {"name": "m"}, "runtime": {"name": "srt-b"},
                        "acceleratorSelector": {"acceleratorClass": "h100"}}),
        )),
        "prod",
        "chat",
    )
    .unwrap();
    assert_eq!(explicit.model, "m");
    let found = run(Some(&explicit), &cluster_model(safetensors()), &catalog()).unwrap();
    assert_eq!(found.notes, [Note::ExplicitRuntime]);
    assert!(found.rows.iter().all(|r| r.verdict
        == RowVerdict::No {
            reason: "runtime does not support the required accelerator class".into()
        }));
}
