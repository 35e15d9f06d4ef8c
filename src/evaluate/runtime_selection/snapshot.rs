//! Whether the pages of both LISTs form one complete, coherent snapshot (runtime-selection.md
//! §2.2). A snapshot is used whole or not at all.

use super::candidate::Candidate;
use crate::ome::closed_set;
use crate::ome::evidence::ApiError;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::reads::RuntimeKind;
use crate::ome::selection::{KindRead, MAX_CANDIDATES, SnapshotReads};
use serde_json::Value;
use std::collections::BTreeSet;

closed_set! {
    /// How the pages of one kind contradict themselves (the check line's `problem=`).
    pub(crate) enum Inconsistency {
        /// A page without a list resourceVersion, or pages of different versions.
        ResourceVersion => "ResourceVersion",
        /// More items than the page asked for.
        PageOverLimit => "PageOverLimit",
        /// A continue token repeated, or the one the request sent.
        ContinueToken => "ContinueToken",
        /// A list or item of another kind, an item outside its scope, a name that is not one.
        Identity => "Identity",
        /// A name twice in one kind.
        Duplicate => "Duplicate",
        /// A field selection reads has the wrong JSON type (impossible under the real CRDs).
        Malformed => "Malformed",
    }
}

/// Why there is no snapshot.
#[derive(Debug, Clone)]
pub(crate) enum SnapshotProblem {
    /// A LIST failed.
    Failed {
        kind: RuntimeKind,
        cause: Box<ApiError>,
    },
    /// Over the budget: more candidates than [`MAX_CANDIDATES`], or pages left unread.
    Truncated { kind: RuntimeKind },
    Inconsistent {
        kind: RuntimeKind,
        problem: Inconsistency,
    },
}

/// Every candidate: the ServingRuntimes, then the ClusterServingRuntimes, as listed.
#[derive(Debug, Clone, Default)]
pub(crate) struct Snapshot {
    pub(crate) candidates: Vec<Candidate>,
}

/// The snapshot the reads form: the failures first, then truncation, then coherence, each for
/// the ServingRuntimes before the ClusterServingRuntimes.
pub(crate) fn snapshot(reads: &SnapshotReads) -> Result<Snapshot, SnapshotProblem> {
    let kinds = [&reads.namespaced, &reads.cluster];
    for read in kinds {
        if let Some(cause) = read.failure() {
            return Err(SnapshotProblem::Failed {
                kind: read.kind,
                cause: Box::new(cause.clone()),
            });
        }
    }
    for read in kinds {
        if read.token_left {
            return Err(SnapshotProblem::Truncated { kind: read.kind });
        }
    }
    let total: usize = kinds.iter().map(|r| items(r).count()).sum();
    if total > MAX_CANDIDATES {
        // Only the ClusterServingRuntimes' probe page can add the item over the budget.
        return Err(SnapshotProblem::Truncated {
            kind: RuntimeKind::Cluster,
        });
    }
    let mut candidates = Vec::with_capacity(total);
    for read in kinds {
        let inconsistent = |problem| SnapshotProblem::Inconsistent {
            kind: read.kind,
            problem,
        };
        check_pages(read).map_err(inconsistent)?;
        candidates.extend(kind_candidates(read, &reads.namespace).map_err(inconsistent)?);
    }
    Ok(Snapshot { candidates })
}

fn pages(read: &KindRead) -> impl Iterator<Item = (&Value, usize, Option<&str>)> {
    read.pages.iter().filter_map(|p| {
        p.page
            .as_ref()
            .ok()
            .map(|list| (list, p.limit, p.continue_sent.as_deref()))
    })
}

fn items(read: &KindRead) -> impl Iterator<Item = &Value> {
    pages(read).flat_map(|(list, _, _)| {
        list.get("items")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
    })
}

fn list_kind(kind: RuntimeKind) -> &'static str {
    match kind {
        RuntimeKind::Namespaced => "ServingRuntimeList",
        RuntimeKind::Cluster => "ClusterServingRuntimeList",
    }
}

/// A `kind` or `apiVersion` that is present must be `expected`.
fn present_is(value: &Value, key: &str, expected: &str) -> bool {
    match value.get(key) {
        None | Some(Value::Null) => true,
        Some(found) => found.as_str() == Some(expected),
    }
}

/// One view per kind: every page of one list version, within its limit, with fresh tokens.
fn check_pages(read: &KindRead) -> Result<(), Inconsistency> {
    let mut version: Option<&str> = None;
    let mut tokens = BTreeSet::new();
    for (list, limit, sent) in pages(read) {
        if !present_is(list, "kind", list_kind(read.kind))
            || !present_is(list, "apiVersion", crate::ome::API_VERSION)
        {
            return Err(Inconsistency::Identity);
        }
        let page_version = list
            .pointer("/metadata/resourceVersion")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if page_version.is_empty() || version.is_some_and(|v| v != page_version) {
            return Err(Inconsistency::ResourceVersion);
        }
        version = Some(page_version);
        let count = list
            .get("items")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        if count > limit {
            return Err(Inconsistency::PageOverLimit);
        }
        if let Some(token) = list
            .pointer("/metadata/continue")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
            && (Some(token) == sent || !tokens.insert(token))
        {
            return Err(Inconsistency::ContinueToken);
        }
    }
    Ok(())
}

/// The candidates of one kind, each in its scope with a valid name, none twice.
fn kind_candidates(read: &KindRead, namespace: &str) -> Result<Vec<Candidate>, Inconsistency> {
    let mut names = BTreeSet::new();
    let mut out = Vec::new();
    for item in items(read) {
        if !present_is(item, "kind", read.kind.as_str())
            || !present_is(item, "apiVersion", crate::ome::API_VERSION)
        {
            return Err(Inconsistency::Identity);
        }
        let candidate =
            Candidate::decode(read.kind, item.clone()).ok_or(Inconsistency::Malformed)?;
        let scope = match read.kind {
            RuntimeKind::Namespaced => namespace,
            RuntimeKind::Cluster => "",
        };
        if candidate.namespace != scope || !is_dns1123_subdomain(&candidate.name) {
            return Err(Inconsistency::Identity);
        }
        if !names.insert(candidate.name.clone()) {
            return Err(Inconsistency::Duplicate);
        }
        out.push(candidate);
    }
    Ok(out)
}
