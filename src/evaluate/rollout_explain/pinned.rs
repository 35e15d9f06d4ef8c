//! The Effective view of an active run (rollout-explain.md §2.5 "Pinned Effective view"): the
//! pinned `activeRun.plan.groups[]`, checked for shape and digest form only (never for the
//! run's validity, which `scale` and `wait` decide), each group with its provenance.

use super::effects;
use super::group::{self, Built, ViewContext, is_digest, plan_group};
use super::issues::Issues;
use super::model::{
    Evidence, IssueCode, Origin, PlanGroup, PlanSource, PolicyRef, Progression, ROLLOUT_POLICY,
    View,
};
use super::views::MAX_GROUPS;
use crate::evaluate::read::{self, Read};
use crate::evaluate::rollout::model::Strategy;
use crate::evaluate::rollout::project::{self, pinned, spec};
use crate::ome::Component;
use crate::ome::names::is_dns1123_subdomain;
use serde_json::Value;
use std::collections::BTreeSet;

const CONTEXT: ViewContext = ViewContext {
    view: View::Effective,
    malformed: IssueCode::ActiveRunMalformed,
    evidence: Evidence::Reported,
    pinned: true,
};

/// The pinned groups of `run` (the stored `status.rollout.activeRun`) of `isvc`.
pub(crate) fn pinned_view(isvc: &Value, run: &Value, issues: &mut Issues) -> Vec<PlanGroup> {
    let plan = read::field(run, "plan").unwrap_or(&Value::Null);
    let entries = match read::array(plan, "groups") {
        Read::Unset => &[][..],
        Read::Ok(entries) => entries,
        Read::Bad => {
            issues.view(IssueCode::ActiveRunMalformed, View::Effective);
            &[][..]
        }
    };
    let groups: Vec<&Value> = entries
        .iter()
        .map(|e| read::field(e, "group").unwrap_or(&Value::Null))
        .collect();
    let spec = read::field(isvc, "spec").unwrap_or(&Value::Null);
    if !shape_valid(spec, entries, &groups) {
        issues.view(IssueCode::ActiveRunMalformed, View::Effective);
    }
    for i in conflicts(&groups) {
        if i < MAX_GROUPS {
            issues.group(IssueCode::ActiveRunMalformed, View::Effective, i);
        } else {
            issues.view(IssueCode::ActiveRunMalformed, View::Effective);
        }
    }
    if entries.len() > MAX_GROUPS {
        issues.view(IssueCode::PlanTruncated, View::Effective);
    }
    let mut built: Vec<Built> = entries
        .iter()
        .zip(&groups)
        .take(MAX_GROUPS)
        .enumerate()
        .map(|(i, (entry, raw))| pinned_group(entry, raw, i, issues))
        .collect();
    effects::apply(&mut built, CONTEXT, issues);
    built.into_iter().map(|b| b.group).collect()
}

/// P2 of evidence-strictness.md §1.1: the pinned groups pass the rollout projection's group
/// rules against the live spec (members declared and OMENative, the prefill-decode unit, one
/// group per component, empty `order`), at most 3 of them. The ordering and soak rules are
/// the run's own ([`conflicts`]).
fn shape_valid(spec: &Value, entries: &[Value], groups: &[&Value]) -> bool {
    if entries.len() > MAX_GROUPS || entries.iter().any(|e| read::field(e, "group").is_none()) {
        return false;
    }
    let mut found = project::Issues::default();
    let mut member_of = [None; 3];
    for (i, raw) in groups.iter().enumerate() {
        spec::read_group(Some(spec), raw, i, &mut member_of, &mut found);
    }
    found.recorded().is_empty()
}

/// The groups a cross-group rule of the run concerns: a canary unit (the router; the engine
/// with the decoder) in two canary groups, a component in two groups, a `soak` on a canary
/// group or on a plan whose non-canary groups do not collapse to Sequential (at least two,
/// all single-component blue-green).
fn conflicts(groups: &[&Value]) -> BTreeSet<usize> {
    let canary: Vec<bool> = groups
        .iter()
        .map(|g| read::field(g, "canary").is_some())
        .collect();
    let members: Vec<Vec<Component>> = groups
        .iter()
        .map(|g| {
            group::members(g, "components")
                .0
                .iter()
                .filter_map(|n| Component::parse(n))
                .collect()
        })
        .collect();
    let mut out = BTreeSet::new();
    let units: [&[Component]; 2] = [
        &[Component::Router],
        &[Component::Engine, Component::Decoder],
    ];
    for unit in units {
        let holders: Vec<usize> = (0..groups.len())
            .filter(|i| canary.get(*i) == Some(&true))
            .filter(|i| {
                members
                    .get(*i)
                    .is_some_and(|m| m.iter().any(|c| unit.contains(c)))
            })
            .collect();
        if holders.len() >= 2 {
            out.extend(holders);
        }
    }
    for c in Component::ALL {
        let holders: Vec<usize> = (0..groups.len())
            .filter(|i| members.get(*i).is_some_and(|m| m.contains(&c)))
            .collect();
        if holders.len() >= 2 {
            out.extend(holders);
        }
    }
    let coordinated: Vec<&&Value> = groups
        .iter()
        .zip(&canary)
        .filter(|(_, c)| !**c)
        .map(|(g, _)| g)
        .collect();
    let collapses = coordinated.len() >= 2
        && coordinated.iter().all(|g| {
            read::strings(g, "components").is_some_and(|c| c.len() == 1)
                && group::blocks(g) == [Progression::BlueGreen]
        });
    for (i, raw) in groups.iter().enumerate() {
        let on_canary = canary.get(i) == Some(&true);
        if read::field(raw, "soak").is_some() && (on_canary || !collapses) {
            out.insert(i);
        }
    }
    out
}

/// One pinned group: §2.4 on the group (its `policyRef` aside), then its provenance.
fn pinned_group(entry: &Value, raw: &Value, index: usize, issues: &mut Issues) -> Built {
    let mut built = plan_group(raw, index, CONTEXT, issues);
    let single = built.blocks == 1;
    let g = &mut built.group;
    let mut bad = !single || read::field(raw, "policyRef").is_some();
    if !single {
        g.strategy = Strategy::Unknown;
        g.progression_origin = Origin::Unknown;
    }
    g.portable_digest = read::text(entry, "portableDigest")
        .ok()
        .filter(|d| is_digest(d))
        .map(str::to_string);
    bad |= g.portable_digest.is_none();
    let generation = match read::int(entry, "policyGeneration") {
        Read::Unset => Some(0),
        Read::Ok(n) => Some(n),
        Read::Bad => None,
    };
    match read::text(entry, "source").ok() {
        Some("Inline") => {
            g.source = PlanSource::Inline;
            if single {
                // The pin cannot tell an omitted progression from `blueGreen: {}`.
                g.progression_origin = if g.strategy == Strategy::BlueGreen {
                    Origin::Unknown
                } else {
                    Origin::Configured
                };
            }
            bad |= read::field(entry, "policyRef").is_some() || generation != Some(0);
        }
        Some("Policy") => {
            g.source = PlanSource::Policy;
            if single {
                g.progression_origin = Origin::Policy;
            }
            let reference = read::field(entry, "policyRef")
                .and_then(|r| pinned_reference(r, g.strategy))
                .zip(generation.filter(|n| *n >= 0));
            bad |= reference.is_none() || !pinned::policy_body_ok(raw);
            g.policy = reference.map(|(r, generation)| PolicyRef {
                generation,
                digest: g.portable_digest.clone(),
                ..r
            });
        }
        _ => {
            g.source = PlanSource::Unknown;
            bad = true;
        }
    }
    g.defaulted = g.progression_origin == Origin::Defaulted;
    if bad {
        issues.group(IssueCode::ActiveRunMalformed, View::Effective, index);
    }
    built
}

/// A pinned reference that projects: `kind` empty or `RolloutPolicy`, a DNS-1123 name, a
/// progression empty (the group's) or equal to the group's.
fn pinned_reference(value: &Value, strategy: Strategy) -> Option<PolicyRef> {
    let own = Progression::of(strategy)?;
    if !matches!(
        read::text(value, "kind"),
        Read::Unset | Read::Ok("") | Read::Ok(ROLLOUT_POLICY)
    ) {
        return None;
    }
    let name = read::text(value, "name")
        .ok()
        .filter(|n| is_dns1123_subdomain(n))?;
    let progression = match read::text(value, "progression") {
        Read::Unset | Read::Ok("") => own,
        Read::Ok(p) => Progression::parse(p).filter(|p| *p == own)?,
        Read::Bad => return None,
    };
    Some(PolicyRef {
        kind: ROLLOUT_POLICY,
        name: name.to_string(),
        progression,
        generation: 0,
        digest: None,
        evidence: Evidence::Reported,
    })
}
