//! The controller's resolution of the live plan (rollout-explain.md §2.5 "Resolution"):
//! `status.rollout.groups[]`, one entry per spec group by `index`, naming where the group's
//! progression came from and its digest. Read by the first view that uses it; an entry that
//! does not check out is `ResolutionMalformed` and nothing of it is applied.

use super::group::{Built, blocks, is_digest, reference};
use super::issues::Issues;
use super::model::{Evidence, IssueCode, PolicyRef, ROLLOUT_POLICY, View};
use crate::evaluate::read::{self, Read};
use serde_json::Value;
use std::collections::BTreeMap;

/// What a valid entry adds to its group.
struct Resolved {
    policy: Option<PolicyRef>,
    digest: Option<String>,
    shadowed: Option<PolicyRef>,
}

/// Reads `status.rollout.groups` of `isvc` for the `shown` spec groups (of `count` in the
/// spec) and applies each valid entry to its group in `built`.
pub(crate) fn apply(
    isvc: &Value,
    count: usize,
    shown: &[Value],
    built: &mut [Built],
    view: View,
    issues: &mut Issues,
) {
    let mut by_index: BTreeMap<usize, Vec<&Value>> = BTreeMap::new();
    match read::array(
        read::path(isvc, &["status", "rollout"]).unwrap_or(&Value::Null),
        "groups",
    ) {
        Read::Unset => {}
        Read::Bad => issues.view(IssueCode::ResolutionMalformed, view),
        Read::Ok(entries) => {
            for entry in entries {
                let index = read::int(entry, "index")
                    .ok()
                    .and_then(|i| usize::try_from(i).ok())
                    .filter(|i| *i < count && entry.is_object());
                match index {
                    Some(i) => by_index.entry(i).or_default().push(entry),
                    None => issues.view(IssueCode::ResolutionMalformed, view),
                }
            }
        }
    }
    for (index, entries) in &by_index {
        if entries.len() > 1 {
            issues.group(IssueCode::ResolutionMalformed, view, *index);
        }
    }
    for (i, (raw, b)) in shown.iter().zip(built.iter_mut()).enumerate() {
        match by_index.get(&i).map(Vec::as_slice) {
            None if read::field(raw, "policyRef").is_some() => {
                issues.group(IssueCode::ResolutionMissing, view, i);
            }
            Some([entry]) => match resolve(entry, raw) {
                Some(resolved) => {
                    if resolved.policy.is_some() {
                        b.group.policy = resolved.policy;
                    }
                    b.group.portable_digest = resolved.digest;
                    if resolved.shadowed.is_some() {
                        b.group.shadowed_policy = resolved.shadowed;
                    }
                }
                None => issues.group(IssueCode::ResolutionMalformed, view, i),
            },
            _ => {}
        }
    }
}

/// A digest field: `Some(None)` when empty or unset, `None` when not `rp1:` form.
fn digest(value: &Value, key: &str) -> Option<Option<String>> {
    match read::text(value, key) {
        Read::Unset | Read::Ok("") => Some(None),
        Read::Ok(d) if is_digest(d) => Some(Some(d.to_string())),
        _ => None,
    }
}

/// The entry for the spec group `raw`, when it is valid for it.
fn resolve(entry: &Value, raw: &Value) -> Option<Resolved> {
    let spec_ref = read::field(raw, "policyRef");
    let policy_source = blocks(raw).is_empty() && spec_ref.is_some();
    let expected = if policy_source { "Policy" } else { "Inline" };
    if read::text(entry, "source").ok() != Some(expected) {
        return None;
    }
    let reported = match (read::field(entry, "policyRef"), spec_ref) {
        (None, None) => None,
        (Some(theirs), Some(ours)) => {
            let theirs = reference(theirs, Evidence::Reported)?;
            if reference(ours, Evidence::Reported)? != theirs {
                return None;
            }
            Some(theirs)
        }
        _ => return None,
    };
    let observed = digest(entry, "observedDigest")?;
    if !policy_source && observed.is_none() {
        return None;
    }
    let shadowed = match (read::field(entry, "shadowedPolicyRef"), &reported) {
        (None, _) if policy_source || spec_ref.is_none() => None,
        (Some(shadow), Some(r)) if !policy_source => {
            if read::text(shadow, "name").ok() != Some(r.name.as_str()) {
                return None;
            }
            Some(PolicyRef {
                kind: ROLLOUT_POLICY,
                name: r.name.clone(),
                progression: r.progression,
                generation: 0,
                digest: digest(shadow, "wouldPinDigest")?,
                evidence: Evidence::Reported,
            })
        }
        _ => return None,
    };
    let policy = reported.filter(|_| policy_source).map(|r| PolicyRef {
        digest: observed.clone(),
        ..r
    });
    Some(Resolved {
        policy,
        digest: observed,
        shadowed,
    })
}
