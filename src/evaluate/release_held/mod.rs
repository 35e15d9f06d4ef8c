//! Evaluate `instance release-held` (unblock.md §3.2, §3.4, §3.7): pure checks in the
//! contract's order from the collected evidence to a plan (what the preview shows and the one
//! guarded PATCH of the InferenceReplica writes), or the first refusal; and the comparison of
//! the refresh after the preview with the first pass. The clock is a parameter.

mod replica;

use super::rollout_action::{ActionPlan, HeldTarget, check_list_read};
use crate::errors::read_check::{ReadKind, ReadObject};
use crate::errors::scale_check::{CheckId, Evidence as Line, Next, ScaleCheck};
use crate::errors::{ActionError, ActionFailure, RolloutAction};
use crate::evaluate::scale::prepare::stamp_of_isvc;
use crate::ome::closed_set;
use crate::ome::evidence::{ApiError, ReplicaCollection};
use crate::ome::keys::{ANNOTATION_PARENT_GENERATION, ANNOTATION_RELEASE_HELD_REVISION};
use crate::ome::pause::PauseDepth;
use crate::ome::reads::Stamp;
use crate::ome::{Component, Fetched, InferenceReplica, InferenceService, meta_annotation};
use jiff::Timestamp;
use serde_json::Value;

fn refuse(error: ActionError, id: CheckId, line: Line) -> ActionFailure {
    error.because(ScaleCheck::new(id, line))
}

/// An ErrHeldRelease refusal.
fn held(id: CheckId, line: Line) -> ActionFailure {
    refuse(ActionError::HeldRelease, id, line)
}

/// Whether `requested` (a full name or 8 lowercase hex) names the block `target` (§3.2).
pub(crate) fn selects(target: &str, requested: &str) -> bool {
    let hash = requested.len() == 8
        && requested
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    target == requested || (hash && target.ends_with(&format!("-{requested}")))
}

/// What the command read: the first pass and the refresh are the same shape.
pub(crate) struct HeldEvidence<'a> {
    pub(crate) isvc: &'a Fetched<InferenceService>,
    /// The OMENative components (the runtime check passed).
    pub(crate) native: &'a [Component],
    pub(crate) list: &'a ReplicaCollection,
    /// The exact GET of the listed IR of the component (none when no IR of it is listed).
    pub(crate) exact: Option<&'a Result<Value, ApiError>>,
}

/// What the request asks for.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HeldAsk<'a> {
    pub(crate) service: &'a str,
    pub(crate) component: Component,
    pub(crate) revision: &'a str,
}

/// A verified release: the PATCH plan and what the preview shows.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HeldPlan {
    pub(crate) plan: ActionPlan,
    pub(crate) service: Stamp,
    pub(crate) service_observed: i64,
    pub(crate) native_observed: i64,
    pub(crate) parent_stamp: String,
    pub(crate) state: String,
    pub(crate) attempts: i64,
    pub(crate) pause: PauseDepth,
    pub(crate) members: usize,
    pub(crate) pages: usize,
}

/// The name of the listed IR of `component`, for the exact GET of stage 2.
pub(crate) fn listed_name(list: &ReplicaCollection, component: Component) -> Option<String> {
    list.items.iter().find_map(|raw| {
        let c = raw.pointer("/spec/component").and_then(Value::as_str)?;
        let name = raw.pointer("/metadata/name").and_then(Value::as_str)?;
        (c == component.as_str() && crate::ome::names::is_dns1123_subdomain(name))
            .then(|| name.to_string())
    })
}

/// §3.4 rows 3–12 (rows 1–2 passed; row 13 is the preview identity).
pub(crate) fn decide(
    evidence: &HeldEvidence<'_>,
    ask: HeldAsk<'_>,
    now: Timestamp,
) -> Result<HeldPlan, ActionFailure> {
    let isvc = &evidence.isvc.view;
    let listed = inspect_list(evidence, ask, now)?;
    // Row 9.
    let Some(selected) = listed.into_iter().find(|(_, c)| *c == ask.component) else {
        return Err(held(
            CheckId::HeldMembership,
            Line::new().word("cause", "ComponentMissing"),
        ));
    };
    let ir = check_exact(evidence, &selected.0, ask, now)?;
    // Row 11.
    if !evidence.native.contains(&ask.component) {
        return Err(held(
            CheckId::HeldMembership,
            Line::new().word("cause", "ComponentNotNative"),
        ));
    }
    let (revision, state, attempts) = select(&ir, ask)?;
    let target = stamp_of_ir(&ir);
    let hash = revision.rsplit('-').next().unwrap_or_default().to_string();
    Ok(HeldPlan {
        plan: ActionPlan {
            action: RolloutAction::ReleaseHeld,
            target,
            native: evidence.native.to_vec(),
            previous: None,
            depth: PauseDepth::of_service(isvc),
            set: Some((ANNOTATION_RELEASE_HELD_REVISION, revision.clone())),
            removals: Vec::new(),
            records: None,
            held: Some(HeldTarget {
                service: ask.service.to_string(),
                component: ask.component,
                revision,
                hash,
            }),
        },
        service: stamp_of_isvc(isvc),
        service_observed: isvc.status.observed_generation.unwrap_or(0),
        native_observed: ir.status.observed_generation.unwrap_or(0),
        parent_stamp: meta_annotation(&ir.metadata, ANNOTATION_PARENT_GENERATION)
            .unwrap_or_default()
            .to_string(),
        state,
        attempts,
        pause: PauseDepth::of_service(isvc),
        members: evidence.list.items.len(),
        pages: evidence.list.pages,
    })
}

/// Rows 3–8: the LIST is complete, of InferenceReplicas and valid; every listed IR passes row 4 and 5 and the IR of
/// the component rows 6–8, in list order.
fn inspect_list(
    evidence: &HeldEvidence<'_>,
    ask: HeldAsk<'_>,
    now: Timestamp,
) -> Result<Vec<(InferenceReplica, Component)>, ActionFailure> {
    let isvc = &evidence.isvc.view;
    let list = evidence.list;
    check_list_read(
        list,
        crate::ome::meta_namespace(&isvc.metadata),
        ask.service,
    )?;
    if list.foreign_type {
        return Err(held(
            CheckId::HeldMembership,
            Line::new().word("cause", "ListInvalid"),
        ));
    }
    let mut listed: Vec<(InferenceReplica, Component)> = Vec::new();
    for raw in &list.items {
        let (ir, component) = replica::inspect(raw, isvc, list.selector_used)?;
        let duplicate =
            |cause: &'static str| held(CheckId::HeldMembership, Line::new().word("cause", cause));
        for (other, c) in &listed {
            if *c == component {
                return Err(duplicate("DuplicateComponent"));
            }
            if other.metadata.uid == ir.metadata.uid {
                return Err(duplicate("DuplicateUID"));
            }
            if other.metadata.name == ir.metadata.name {
                return Err(duplicate("DuplicateName"));
            }
        }
        if component == ask.component {
            replica::check_selected(&ir, ask.service, component, ask.revision, now)?;
        }
        listed.push((ir, component));
    }
    Ok(listed)
}

/// Row 10: the exact GET passes rows 4 and 6–8 and equals the listed copy (kind and
/// apiVersion aside).
fn check_exact(
    evidence: &HeldEvidence<'_>,
    listed: &InferenceReplica,
    ask: HeldAsk<'_>,
    now: Timestamp,
) -> Result<InferenceReplica, ActionFailure> {
    let isvc = &evidence.isvc.view;
    let name = crate::ome::meta_name(&listed.metadata);
    let object = ReadObject {
        kind: ReadKind::InferenceReplica,
        namespace: crate::ome::meta_namespace(&isvc.metadata),
        name,
    };
    let read = match evidence.exact {
        Some(Ok(raw)) => raw,
        Some(Err(error)) => return Err(crate::evaluate::scale::read_failure(object, error).into()),
        None => {
            return Err(crate::evaluate::scale::read_failure(object, &ApiError::Malformed).into());
        }
    };
    let (ir, _) = replica::inspect(read, isvc, evidence.list.selector_used)?;
    replica::check_selected(&ir, ask.service, ask.component, ask.revision, now)?;
    let listed_raw = evidence
        .list
        .items
        .iter()
        .find(|raw| raw.pointer("/metadata/name").and_then(Value::as_str) == Some(name));
    if listed_raw.map(without_type) != Some(without_type(read)) {
        return Err(refuse(
            ActionError::Stale,
            CheckId::HeldReplica,
            Line::new()
                .name("ir", name)
                .word("cause", "ChangedSinceList"),
        ));
    }
    Ok(ir)
}

/// The object without `kind` and `apiVersion` (a LIST's items may omit them) and without
/// `metadata.managedFields` (the collection does not keep it).
fn without_type(raw: &Value) -> Value {
    let mut copy = raw.clone();
    if let Some(map) = copy.as_object_mut() {
        map.remove("kind");
        map.remove("apiVersion");
    }
    if let Some(meta) = copy.get_mut("metadata").and_then(Value::as_object_mut) {
        meta.remove("managedFields");
    }
    copy
}

/// Row 12: exactly one block matches, and it is Held.
fn select(ir: &InferenceReplica, ask: HeldAsk<'_>) -> Result<(String, String, i64), ActionFailure> {
    let blocks = &ir.status.retry_blocks;
    let matches: Vec<_> = blocks
        .iter()
        .filter(|b| {
            selects(
                b.target_revision.as_deref().unwrap_or_default(),
                ask.revision,
            )
        })
        .collect();
    let refusal = |line: Line| {
        held(CheckId::HeldSelection, line).map_check(|c| {
            c.with_next(Next::RetryBlocks {
                service: ask.service.to_string(),
                component: ask.component.as_str(),
            })
        })
    };
    let line = Line::new().name("revision", ask.revision);
    match matches.as_slice() {
        [] => {
            let n = i64::try_from(blocks.len()).unwrap_or(i64::MAX);
            Err(refusal(line.word("cause", "NoMatch").int("blocks", n)))
        }
        [one] if one.state.as_deref() == Some("Held") => Ok((
            one.target_revision.clone().unwrap_or_default(),
            "Held".to_string(),
            one.attempts_started.unwrap_or(0),
        )),
        [one] => {
            let state = match one.state.as_deref() {
                Some("Backoff") => "Backoff",
                _ => "RetryInProgress",
            };
            Err(refusal(line.word("cause", "NotHeld").word("state", state)))
        }
        _ => Err(refusal(line.word("cause", "Ambiguous"))),
    }
}

fn stamp_of_ir(ir: &InferenceReplica) -> Stamp {
    Stamp::of_ome("InferenceReplica", &ir.metadata)
}

closed_set! {
    /// What changed between the first pass and the refresh (§3.7).
    pub(crate) enum Changed {
        Parent => "parent",
        Runtime => "runtime",
        Membership => "membership",
        Selected => "selected",
        Read => "read",
    }
}

impl Changed {
    /// `held-refresh changed=<what> [ir=<name>]`, then the `retry-blocks` `next:` line; exit 3.
    pub(crate) fn refusal(self, ir: Option<&str>, ask: HeldAsk<'_>) -> ActionFailure {
        let mut line = Line::new().word("changed", self.as_str());
        if let Some(ir) = ir {
            line = line.name("ir", ir);
        }
        refuse(ActionError::HeldRefresh, CheckId::HeldRefresh, line).map_check(|c| {
            c.with_next(Next::RetryBlocks {
                service: ask.service.to_string(),
                component: ask.component.as_str(),
            })
        })
    }
}

/// The membership comparison: the same IRs in the same order, each deep-equal (status
/// included); the first IR that differs is named.
pub(crate) fn membership_change(
    first: &ReplicaCollection,
    again: &ReplicaCollection,
) -> Option<Option<String>> {
    let name = |raw: &Value| {
        raw.pointer("/metadata/name")
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    for (i, raw) in first.items.iter().enumerate() {
        if again.items.get(i) != Some(raw) {
            return Some(name(raw));
        }
    }
    again
        .items
        .get(first.items.len())
        .map(name)
        .or((first.pages != again.pages).then_some(None))
}

/// The runtime reads as one comparable value (§3.7: every runtime object read deep-equal);
/// `Err` when a read failed other than with a 404 (a speculative model lookup may 404). Of a
/// candidate snapshot only the selected runtime and its chain count: the list's own version
/// moves with every write anywhere in the cluster.
pub(crate) fn runtime_fingerprint(
    isvc: &crate::ome::InferenceService,
    reads: &crate::ome::reads::RuntimeReads,
) -> Result<Value, ()> {
    let value = |read: &Result<Value, ApiError>| match read {
        Ok(v) => Ok(v.clone()),
        Err(e) if e.is_not_found() => Ok(Value::String("NotFound".into())),
        Err(_) => Err(()),
    };
    let bytes = |read: &Option<Result<Vec<u8>, ApiError>>| match read {
        None => Ok(Value::Null),
        Some(Ok(b)) => Ok(Value::String(String::from_utf8_lossy(b).into_owned())),
        Some(Err(e)) if e.is_not_found() => Ok(Value::String("NotFound".into())),
        Some(Err(_)) => Err(()),
    };
    let mut all = Vec::new();
    for link in &reads.chain {
        all.push(Value::String(format!("{:?}", link.scope)));
        all.push(value(&link.read)?);
    }
    all.push(Value::Bool(reads.chain_broken));
    all.push(bytes(&reads.requested_revision)?);
    all.push(bytes(&reads.reported_revision)?);
    if let Some(model) = &reads.model {
        all.push(value(&model.base)?);
        all.push(value(&model.cluster)?);
    }
    if let (Some(model), Some(snapshot)) = (&reads.model, &reads.snapshot) {
        let selected =
            crate::evaluate::runtime_selection::resolve(isvc, model, snapshot).map_err(|_| ())?;
        all.extend(selected.chain.into_iter().map(|c| c.raw));
    }
    Ok(Value::Array(all))
}
