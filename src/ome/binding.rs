//! The one check that an object returned by the API server is the one requested
//! (read-commands.md §1.4): same name, same namespace, a UID (and, where the command requires
//! it, a safe one). Each command maps the problem to its own error.

use super::names::is_safe_uid;
use super::{meta_name, meta_namespace, meta_uid};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

/// What the UID must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UidRule {
    /// Any non-empty UID.
    Present,
    /// A non-empty UID of at most 128 bytes of `[A-Za-z0-9._-]`.
    Safe,
}

/// Why a returned object is not bound to the request, in the order they are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BindingProblem {
    /// The name differs from the requested one.
    NameMismatch,
    /// The namespace differs from the requested one.
    NamespaceMismatch,
    /// The object has no UID.
    MissingUid,
    /// The UID is not safe to bind to.
    UnsafeUid,
}

/// Checks the binding of `meta` to the requested `namespace`/`name`.
pub(crate) fn bind(
    meta: &ObjectMeta,
    namespace: &str,
    name: &str,
    uid: UidRule,
) -> Result<(), BindingProblem> {
    if meta_name(meta) != name {
        return Err(BindingProblem::NameMismatch);
    }
    if meta_namespace(meta) != namespace {
        return Err(BindingProblem::NamespaceMismatch);
    }
    let value = meta_uid(meta);
    if value.is_empty() {
        return Err(BindingProblem::MissingUid);
    }
    if uid == UidRule::Safe && !is_safe_uid(value) {
        return Err(BindingProblem::UnsafeUid);
    }
    Ok(())
}
