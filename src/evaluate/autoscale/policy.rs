//! AutoscalerPolicy evidence (alpha; read-commands.md §2.4 "Policy evidence").

use super::model::{PolicyEvidence, PolicyState};
use crate::ome::InferenceService;
use crate::ome::isvc::{ComponentSpec, ComponentStatus};
use crate::ome::names::is_dns1123_subdomain;

fn digest_ok(value: Option<&str>, prefix: &str) -> bool {
    value.is_none_or(|v| {
        v.strip_prefix(prefix).is_some_and(|hex| {
            hex.len() == 12
                && hex
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        })
    })
}

fn invalid(resolution: &str, name: Option<String>) -> PolicyEvidence {
    PolicyEvidence {
        state: PolicyState::Invalid,
        resolution: resolution.into(),
        name,
        generation: None,
        portable_digest: None,
        render_digest: None,
    }
}

/// `None` when the component has no policy evidence at all.
pub(super) fn policy_evidence(
    isvc: &InferenceService,
    spec: Option<&ComponentSpec>,
    status: &ComponentStatus,
    issues: &mut Vec<&'static str>,
) -> Option<PolicyEvidence> {
    let autoscaler = status.autoscaler.as_ref();
    let resolved: Vec<_> = autoscaler
        .map(|a| {
            a.conditions
                .iter()
                .filter(|c| c.type_ == "AutoscalerResolved")
                .collect()
        })
        .unwrap_or_default();
    let reference = spec.and_then(|s| s.autoscaler_policy_ref.as_ref());
    let status_policy = autoscaler.and_then(|a| a.policy.as_ref());
    let shadowed = autoscaler.and_then(|a| a.shadowed_policy_ref.as_ref());
    let spec_source = autoscaler.and_then(|a| a.spec_source.as_deref());
    let inline = spec.is_some_and(|s| s.autoscaler.is_some());

    let any_evidence = reference.is_some()
        || !resolved.is_empty()
        || status_policy.is_some()
        || shadowed.is_some()
        || spec_source == Some("policy");
    if !any_evidence {
        return None;
    }
    let ref_name = reference.and_then(|r| r.name.clone());
    if resolved.len() > 1 {
        issues.push("PolicyConditionConflict");
        return Some(invalid("Conflict", ref_name));
    }
    let ref_ok = reference.is_none_or(|r| {
        r.name.as_deref().is_some_and(is_dns1123_subdomain)
            && r.kind
                .as_deref()
                .is_none_or(|k| k.is_empty() || k == "AutoscalerPolicy")
    });
    let Some(condition) = resolved.first() else {
        issues.push("PolicyEvidenceInvalid");
        return Some(invalid("Unobserved", ref_name));
    };
    let reason = condition.reason.clone().unwrap_or_default();
    let generation_ok = condition.observed_generation.is_some()
        && condition.observed_generation == isvc.metadata.generation;
    if !ref_ok || reference.is_none() || !generation_ok {
        issues.push("PolicyEvidenceInvalid");
        return Some(invalid(&reason, ref_name));
    }
    let status_names_ref = status_policy.is_some_and(|p| p.name == ref_name);
    let shadow_names_ref = shadowed.is_some_and(|p| p.name == ref_name);
    let is = |s: &str| condition.status == s;
    let state = match reason.as_str() {
        "RenderedFromPolicy"
            if is("True") && !inline && spec_source == Some("policy") && status_names_ref =>
        {
            Some(PolicyState::Current)
        }
        "InlinePrecedence"
            if is("True") && inline && spec_source == Some("isvc") && shadow_names_ref =>
        {
            Some(PolicyState::Shadowed)
        }
        "PolicyNotFound" | "PolicyInvalid" | "AuthNotFound" | "ClassUnavailable"
            if is("False") && spec_source == Some("policy") =>
        {
            Some(if status_policy.is_some() {
                PolicyState::Held
            } else {
                PolicyState::Unresolved
            })
        }
        "UnsupportedDeploymentMode" if is("False") && spec_source != Some("policy") => {
            Some(PolicyState::Unsupported)
        }
        _ => None,
    };
    let (portable, render, generation) = match (state, status_policy, shadowed) {
        (Some(PolicyState::Shadowed), _, Some(s)) => (
            s.portable_digest.clone(),
            s.would_render_digest.clone(),
            None,
        ),
        (_, Some(p), _) => (
            p.portable_digest.clone(),
            p.resolved_digest.clone(),
            p.observed_generation.filter(|g| *g != 0),
        ),
        _ => (None, None, None),
    };
    let digests_ok = digest_ok(portable.as_deref(), "pv1:") && digest_ok(render.as_deref(), "rv1:");
    match state {
        Some(state) if digests_ok => {
            // A held render may name the previous policy; show what was rendered.
            let name = if state == PolicyState::Held {
                status_policy.and_then(|p| p.name.clone()).or(ref_name)
            } else {
                ref_name
            };
            Some(PolicyEvidence {
                state,
                resolution: reason,
                name,
                generation,
                portable_digest: portable.filter(|d| !d.is_empty()),
                render_digest: render.filter(|d| !d.is_empty()),
            })
        }
        _ => {
            issues.push("PolicyEvidenceInvalid");
            Some(invalid(&reason, ref_name))
        }
    }
}
