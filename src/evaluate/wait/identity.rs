//! Identity checks shared by the predicates: is the object the one the request names, and is
//! an InferenceReplica owned by exactly this parent?

use crate::ome::binding::{UidRule, bind};
use crate::ome::keys::ANNOTATION_PARENT_GENERATION;
use crate::ome::names::is_safe_uid;
use crate::ome::{
    API_VERSION, InferenceReplica, InferenceService, meta_annotation, meta_name, meta_namespace,
    meta_resource_version, meta_uid,
};

/// Why a parent read cannot be bound to the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ParentProblem {
    /// Missing UID or resourceVersion.
    NoIdentity,
    /// Wrong name/namespace/kind, unsafe identity or non-positive generation.
    Mismatch,
}

/// The parent must be the requested object with a usable identity (§4.5 step 1).
pub(crate) fn check_parent(
    isvc: &InferenceService,
    ns: &str,
    name: &str,
) -> Result<(), ParentProblem> {
    let meta = &isvc.metadata;
    if meta_uid(meta).is_empty() || meta_resource_version(meta).is_empty() {
        return Err(ParentProblem::NoIdentity);
    }
    let kind_ok = isvc.kind.as_deref().is_none_or(|k| k == "InferenceService")
        && isvc.api_version.as_deref().is_none_or(|v| v == API_VERSION);
    if bind(meta, ns, name, UidRule::Safe).is_err()
        || !is_safe_uid(meta_resource_version(meta))
        || meta.generation.unwrap_or(0) <= 0
        || !kind_ok
    {
        return Err(ParentProblem::Mismatch);
    }
    Ok(())
}

pub(crate) fn is_deleting(isvc: &InferenceService) -> bool {
    isvc.metadata.deletion_timestamp.is_some()
}

/// True when the IR is a live child of `parent` for `component`: identity, parentRef,
/// component, not deleting, the parent-generation stamp, and exactly one controller owner that
/// is this parent.
pub(crate) fn is_owned_child(
    ir: &InferenceReplica,
    parent: &InferenceService,
    component: &str,
) -> bool {
    let meta = &ir.metadata;
    let parent_name = meta_name(&parent.metadata);
    let kind_ok = ir.kind.as_deref().is_none_or(|k| k == "InferenceReplica")
        && ir.api_version.as_deref().is_none_or(|v| v == API_VERSION);
    let identity_ok = meta_namespace(meta) == meta_namespace(&parent.metadata)
        && is_safe_uid(meta_uid(meta))
        && is_safe_uid(meta_resource_version(meta))
        && meta.generation.unwrap_or(0) > 0
        && meta.deletion_timestamp.is_none()
        && kind_ok;
    let parent_ref_ok =
        ir.spec.parent_ref.as_ref().and_then(|p| p.name.as_deref()) == Some(parent_name);
    let component_ok = ir.spec.component.as_deref() == Some(component);
    let stamp_ok = parent.metadata.generation.is_some_and(|g| {
        meta_annotation(meta, ANNOTATION_PARENT_GENERATION) == Some(g.to_string().as_str())
    });
    identity_ok && parent_ref_ok && component_ok && stamp_ok && owned_by(ir, parent)
}

/// Exactly one controller owner reference, and it is `parent`.
pub(crate) fn owned_by(ir: &InferenceReplica, parent: &InferenceService) -> bool {
    let refs = ir.metadata.owner_references.as_deref().unwrap_or_default();
    let controllers: Vec<_> = refs.iter().filter(|r| r.controller == Some(true)).collect();
    matches!(controllers.as_slice(), [only]
        if only.uid == meta_uid(&parent.metadata)
            && only.kind == "InferenceService"
            && only.name == meta_name(&parent.metadata)
            && only.api_version == API_VERSION)
}
