//! Projection cases that need no API server: pins, the writer contract, drift, sync, kinds and
//! broken chains.

use super::*;
use crate::ome::evidence::ApiError;
use crate::ome::reads::{ChainRead, LiveReads, RuntimeScope};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

fn isvc(runtime: Value, status: Value, annotations: Value) -> Fetched<InferenceService> {
    Fetched::from_raw(json!({
        "metadata": {"name": "chat", "namespace": "prod", "uid": "u-1", "generation": 2,
                     "resourceVersion": "9", "annotations": annotations},
        "spec": {"deploymentMode": "OMENative", "runtime": runtime, "engine": {}},
        "status": status,
    }))
    .unwrap()
}

fn runtime(
    name: &str,
    scope: &RuntimeScope,
    parent: Option<&str>,
    disabled: Option<bool>,
) -> Value {
    json!({"kind": scope.kind.as_str(),
           "metadata": {"name": name, "namespace": scope.namespace, "uid": format!("uid-{name}"),
                        "generation": 1, "resourceVersion": "5",
                        "annotations": {"ome.io/inherit-from": parent}},
           "spec": {"engineConfig": {}, "disabled": disabled}})
}

fn live(chain: Vec<ChainRead>, broken: bool) -> Option<LiveReads> {
    Some(LiveReads {
        chain,
        chain_broken: broken,
        model: None,
        snapshot: None,
    })
}

fn cluster_chat() -> Vec<ChainRead> {
    vec![ChainRead {
        scope: RuntimeScope::cluster(),
        read: Ok(runtime("srt", &RuntimeScope::cluster(), None, None)),
    }]
}

/// A pin of the cluster runtime `srt`, written as OME's controller writes it; `edit` breaks it.
fn revision(data: &str, edit: impl FnOnce(&mut Value)) -> (String, Vec<u8>) {
    let hash: String = Sha256::digest(data.as_bytes())[..4]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let name = format!("cr-srt-{hash}");
    let mut envelope = json!({"apiVersion": "apps/v1", "kind": "ControllerRevision",
        "metadata": {"name": name, "namespace": "ome", "uid": "rev-uid",
            "creationTimestamp": "2026-09-20T08:00:00Z",
            "labels": {"ome.io/runtime-of": "srt", "ome.io/runtime-of-kind": "ClusterServingRuntime",
                       "ome.io/runtime-of-namespace": "", "ome.io/revision-hash": hash},
            "annotations": {"ome.io/created-by": "ome-controller"}},
        "revision": 1});
    edit(&mut envelope);
    let mut text = serde_json::to_string(&envelope).unwrap();
    text.pop();
    text.push_str(&format!(r#","data":{data}}}"#));
    (name, text.into_bytes())
}

fn project_with(isvc: &Fetched<InferenceService>, reads: EffectiveReads) -> RuntimeEffectiveReport {
    let plan = plan(&isvc.view);
    project(isvc, &plan, &reads, "ome", jiff::Timestamp::UNIX_EPOCH)
}

fn codes(report: &RuntimeEffectiveReport) -> Vec<String> {
    report
        .content
        .issues
        .iter()
        .map(|i| match &i.revision {
            Some(r) => format!("{}({r})", i.code),
            None => i.code.to_string(),
        })
        .collect()
}

const CURRENT: fn() -> Value = || json!({"observedGeneration": 2});

#[test]
fn a_bare_name_is_looked_up_in_the_namespace_first() {
    let bare = isvc(json!({"name": "srt"}), CURRENT(), json!({}));
    let plan = plan(&bare.view);
    let (scopes, name) = plan.runtime.unwrap();
    assert_eq!(name, "srt");
    assert_eq!(
        scopes,
        [RuntimeScope::namespaced("prod"), RuntimeScope::cluster()]
    );
    let odd = isvc(
        json!({"name": "srt", "kind": "Runtime", "autoSync": false}),
        CURRENT(),
        json!({}),
    );
    let report = project_with(
        &odd,
        EffectiveReads {
            live: live(cluster_chat(), false),
            revisions: Vec::new(),
        },
    );
    assert_eq!(report.content.pin.mode.as_str(), "InvalidPin");
    assert_eq!(report.content.pin.state.as_str(), "InvalidIntent");
    assert_eq!(codes(&report), ["InvalidDeclaredKind"]);
}

#[test]
fn a_managed_pin_awaits_its_revision_then_renders_from_it() {
    let managed = json!({"name": "srt", "kind": "ClusterServingRuntime", "autoSync": false});
    let awaiting = isvc(managed.clone(), CURRENT(), json!({}));
    let report = project_with(
        &awaiting,
        EffectiveReads {
            live: live(cluster_chat(), false),
            revisions: Vec::new(),
        },
    );
    assert_eq!(report.content.pin.state.as_str(), "AwaitingPin");
    assert_eq!(report.content.live_to_active.as_str(), "Equal");
    assert_eq!(codes(&report), ["ActiveRevisionUnreported"]);
    let (name, body) = revision(r#"{"engineConfig":{}}"#, |_| {});
    let pinned = isvc(
        managed,
        json!({"observedGeneration": 2, "pinnedRevisionName": name}),
        json!({}),
    );
    let report = project_with(
        &pinned,
        EffectiveReads {
            live: live(cluster_chat(), false),
            revisions: vec![(name.clone(), Ok(body))],
        },
    );
    let active = &report.content.active;
    assert_eq!(report.content.pin.state.as_str(), "Resolved");
    assert_eq!(
        active.origin.map(|o| o.as_str()),
        Some("ControllerRevision")
    );
    assert_eq!(active.revision.as_ref().unwrap().name, name);
    assert_eq!(active.hash.as_deref(), name.strip_prefix("cr-srt-"));
    assert_eq!(report.content.live_to_active.as_str(), "Unknown");
    assert!(codes(&report).is_empty(), "{:?}", codes(&report));
}

#[test]
fn writer_contract_problems_are_issues_and_only_some_make_a_pin_unusable() {
    let explicit = |name: &str| {
        isvc(
            json!({"name": "srt", "kind": "ClusterServingRuntime", "autoSync": false, "revision": name}),
            CURRENT(),
            json!({}),
        )
    };
    // Not OME-managed, but usable: reported, still resolved.
    let (name, body) = revision(r#"{"engineConfig":{}}"#, |r| {
        r["metadata"]["annotations"] = json!({});
    });
    let report = project_with(
        &explicit(&name),
        EffectiveReads {
            live: live(cluster_chat(), false),
            revisions: vec![(name.clone(), Ok(body))],
        },
    );
    assert_eq!(report.content.pin.state.as_str(), "Resolved");
    assert_eq!(codes(&report), [format!("RevisionNotOMEManaged({name})")]);
    // A wrapped spec is not a runtime spec: unusable.
    let (name, body) = revision(r#"{"spec":{"engineConfig":{}}}"#, |_| {});
    let report = project_with(
        &explicit(&name),
        EffectiveReads {
            live: live(cluster_chat(), false),
            revisions: vec![(name.clone(), Ok(body))],
        },
    );
    assert_eq!(report.content.pin.state.as_str(), "RevisionInvalid");
    assert_eq!(
        report.content.active.unavailable_reason.map(|r| r.as_str()),
        Some("MalformedPayload")
    );
    assert_eq!(
        codes(&report),
        [
            "ActiveRevisionUnavailable".to_string(),
            format!("RevisionDataObjectPresent({name})")
        ]
    );
    // A disabled revision.
    let (name, body) = revision(r#"{"disabled":true}"#, |_| {});
    let report = project_with(
        &explicit(&name),
        EffectiveReads {
            live: live(cluster_chat(), false),
            revisions: vec![(name.clone(), Ok(body))],
        },
    );
    assert_eq!(report.content.pin.state.as_str(), "RevisionDisabled");
    // A read that failed other than with a 404.
    let report = project_with(
        &explicit("cr-srt-00000000"),
        EffectiveReads {
            live: live(cluster_chat(), false),
            revisions: vec![(
                "cr-srt-00000000".into(),
                Err(ApiError::Forbidden {
                    message: "secret".into(),
                }),
            )],
        },
    );
    assert_eq!(report.content.pin.state.as_str(), "Unavailable");
    assert_eq!(
        report.content.active.unavailable_reason.map(|r| r.as_str()),
        Some("Forbidden")
    );
    let warnings: Vec<&str> = report.warnings.iter().map(|w| w.code.as_str()).collect();
    assert_eq!(warnings, ["PartialData", "SourceUnavailable"]);
}

#[test]
fn drift_sync_and_freshness_come_from_the_service() {
    let drifted = |conditions: Value, status_token: Option<&str>, annotations: Value| {
        let service = isvc(
            json!({"name": "srt"}),
            json!({"observedGeneration": 1, "conditions": conditions,
                   "lastRuntimeSyncToken": status_token}),
            annotations,
        );
        project_with(
            &service,
            EffectiveReads {
                live: live(cluster_chat(), false),
                revisions: Vec::new(),
            },
        )
    };
    let one = json!([{"type": "RuntimeDrifted", "status": "False", "reason": "Whatever"}]);
    let report = drifted(one, Some("t1"), json!({"ome.io/runtime-sync": "t1"}));
    let pin = &report.content.pin;
    assert_eq!(
        (
            pin.reported_drift.state.as_str(),
            pin.reported_drift.cause.map(|c| c.as_str())
        ),
        ("ReportedFalse", Some("Other"))
    );
    assert_eq!(pin.sync_state.as_str(), "Acknowledged");
    assert_eq!(pin.status.freshness.as_str(), "Stale");
    let twice = json!([{"type": "RuntimeDrifted", "status": "True"},
                       {"type": "RuntimeDrifted", "status": "True"}]);
    let report = drifted(twice, Some("t1"), json!({}));
    assert_eq!(
        report.content.pin.reported_drift.state.as_str(),
        "Malformed"
    );
    assert_eq!(report.content.pin.sync_state.as_str(), "StatusOnly");
    assert_eq!(codes(&report), ["ReportedDriftConflict", "StatusStale"]);
    let report = drifted(json!([]), None, json!({"ome.io/runtime-sync": "t2"}));
    assert_eq!(report.content.pin.sync_state.as_str(), "Pending");
}

#[test]
fn a_looping_or_disabled_chain_makes_the_live_view_unavailable() {
    let bare = isvc(json!({"name": "srt"}), CURRENT(), json!({}));
    let ns = RuntimeScope::namespaced("prod");
    let looping = vec![
        ChainRead {
            scope: ns.clone(),
            read: Ok(runtime("srt", &ns, Some("base"), None)),
        },
        ChainRead {
            scope: ns.clone(),
            read: Ok(runtime("base", &ns, Some("srt"), None)),
        },
    ];
    let report = project_with(
        &bare,
        EffectiveReads {
            live: live(looping, true),
            revisions: Vec::new(),
        },
    );
    assert_eq!(
        report.content.live.unavailable_reason.map(|r| r.as_str()),
        Some("Cycle")
    );
    assert_eq!(
        report
            .content
            .inheritance
            .unavailable_reason
            .map(|r| r.as_str()),
        Some("Cycle")
    );
    // A disabled profile parent, the child silent: the merge is disabled.
    let cluster = RuntimeScope::cluster();
    let disabled = vec![
        ChainRead {
            scope: ns.clone(),
            read: Ok(runtime("srt", &ns, Some("profile"), None)),
        },
        ChainRead {
            scope: cluster.clone(),
            read: Ok(runtime("profile", &cluster, None, Some(true))),
        },
    ];
    let report = project_with(
        &bare,
        EffectiveReads {
            live: live(disabled, false),
            revisions: Vec::new(),
        },
    );
    assert_eq!(
        report.content.live.unavailable_reason.map(|r| r.as_str()),
        Some("Disabled")
    );
    assert_eq!(report.content.pin.state.as_str(), "Unavailable");
    let roots: Vec<&str> = report
        .content
        .inheritance
        .sources
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(roots, ["profile", "srt"]);
    // The shared live deadline expired.
    let report = project_with(
        &bare,
        EffectiveReads {
            live: None,
            revisions: Vec::new(),
        },
    );
    assert_eq!(
        report.content.live.unavailable_reason.map(|r| r.as_str()),
        Some("Unreadable")
    );
}
