//! Identity checks: the InferenceService must be the one requested (read-commands.md §1.4, §3.2)
//! and every listed InferenceReplica must belong to it (§3.3). Rejected IRs are reported, never
//! shown.

use crate::ome::closed_set;
use crate::ome::evidence::ReplicaCollection;
use crate::ome::keys::{LABEL_COMPONENT, LABEL_INFERENCESERVICE};
use crate::ome::names::{is_dns1123_subdomain, is_safe_uid};
use crate::ome::{
    API_VERSION, Component, Fetched, InferenceReplica, InferenceService, meta_label, meta_name,
    meta_namespace, meta_uid,
};

closed_set! {
    /// Why a listed IR is not shown.
    pub(crate) enum Rejection {
        Metadata => "Metadata",
        Label => "Label",
        ParentReference => "ParentReference",
        OwnerReference => "OwnerReference",
        Component => "Component",
    }
}

/// The listed IRs split by the identity checks (read-commands.md §3.3).
#[derive(Debug, Default)]
pub(crate) struct Identified {
    /// The accepted IRs with their components, in canonical order (component, name, UID).
    pub(crate) accepted: Vec<(Component, InferenceReplica)>,
    /// Each rejected IR's name as it may be shown (`INVALID` when it is not a DNS-1123
    /// subdomain), and why it was rejected.
    pub(crate) rejected: Vec<(String, Rejection)>,
    /// An item does not have the IR shape: the collection cannot be read.
    pub(crate) unreadable: bool,
}

/// Checks every listed IR against the service.
pub(crate) fn identify(collection: &ReplicaCollection, service: &InferenceService) -> Identified {
    let mut out = Identified::default();
    for raw in &collection.items {
        let Some(fetched) = Fetched::<InferenceReplica>::from_raw(raw.clone()) else {
            out.unreadable = true;
            continue;
        };
        match check_replica(&fetched.view, service, collection.selector_used) {
            Ok(component) => out.accepted.push((component, fetched.view)),
            Err(rejection) => {
                let name = meta_name(&fetched.view.metadata);
                let shown = if is_dns1123_subdomain(name) {
                    name
                } else {
                    "INVALID"
                };
                out.rejected.push((shown.to_string(), rejection));
            }
        }
    }
    out.accepted.sort_by(|(a, ir_a), (b, ir_b)| {
        let key = |c: &Component, ir: &InferenceReplica| {
            (
                *c,
                meta_name(&ir.metadata).to_string(),
                meta_uid(&ir.metadata).to_string(),
            )
        };
        key(a, ir_a).cmp(&key(b, ir_b))
    });
    out
}

/// The component of an IR that passed every identity check.
pub(crate) fn check_replica(
    ir: &InferenceReplica,
    service: &InferenceService,
    selector_used: bool,
) -> Result<Component, Rejection> {
    let meta = &ir.metadata;
    let service_name = meta_name(&service.metadata);
    if !is_dns1123_subdomain(meta_name(meta))
        || meta_namespace(meta) != meta_namespace(&service.metadata)
        || !is_safe_uid(meta_uid(meta))
    {
        return Err(Rejection::Metadata);
    }
    if selector_used && meta_label(meta, LABEL_INFERENCESERVICE) != Some(service_name) {
        return Err(Rejection::Label);
    }
    let parent = ir.spec.parent_ref.as_ref().and_then(|p| p.name.as_deref());
    if parent != Some(service_name) {
        return Err(Rejection::ParentReference);
    }
    if !owned_by(ir, service) {
        return Err(Rejection::OwnerReference);
    }
    let component = ir
        .spec
        .component
        .as_deref()
        .and_then(Component::parse)
        .ok_or(Rejection::Component)?;
    if meta_label(meta, LABEL_COMPONENT) != Some(component.as_str()) {
        return Err(Rejection::Component);
    }
    Ok(component)
}

/// Exactly one controller reference, and it is `ome.io/v1beta1` InferenceService name+UID.
pub(crate) fn owned_by(ir: &InferenceReplica, service: &InferenceService) -> bool {
    let refs = ir.metadata.owner_references.as_deref().unwrap_or_default();
    let controllers: Vec<_> = refs.iter().filter(|r| r.controller == Some(true)).collect();
    matches!(controllers.as_slice(), [only]
        if only.api_version == API_VERSION
            && only.kind == "InferenceService"
            && only.name == meta_name(&service.metadata)
            && only.uid == meta_uid(&service.metadata))
}
