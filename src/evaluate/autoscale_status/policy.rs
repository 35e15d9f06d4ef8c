//! AutoscalerPolicy evidence (alpha; read-commands.md §2.4 "Policy evidence").

use super::model::{IssueCode, PolicyEvidence, PolicyState};
use crate::ome::isvc::{
    ComponentSpec, ComponentStatus, PolicyRef, PolicyStatus, ShadowedPolicyRef,
};
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::{Condition, InferenceService};

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

/// Everything the parent says about a component's policy.
struct Inputs<'a> {
    /// The `AutoscalerResolved` conditions.
    resolved: Vec<&'a Condition>,
    reference: Option<&'a PolicyRef>,
    status_policy: Option<&'a PolicyStatus>,
    shadowed: Option<&'a ShadowedPolicyRef>,
    spec_source: Option<&'a str>,
    /// The component declares an inline autoscaler.
    inline: bool,
}

impl<'a> Inputs<'a> {
    fn of(spec: Option<&'a ComponentSpec>, status: &'a ComponentStatus) -> Inputs<'a> {
        let autoscaler = status.autoscaler.as_ref();
        Inputs {
            resolved: autoscaler
                .map(|a| {
                    a.conditions
                        .iter()
                        .filter(|c| c.type_ == "AutoscalerResolved")
                        .collect()
                })
                .unwrap_or_default(),
            reference: spec.and_then(|s| s.autoscaler_policy_ref.as_ref()),
            status_policy: autoscaler.and_then(|a| a.policy.as_ref()),
            shadowed: autoscaler.and_then(|a| a.shadowed_policy_ref.as_ref()),
            spec_source: autoscaler.and_then(|a| a.spec_source.as_deref()),
            inline: spec.is_some_and(|s| s.autoscaler.is_some()),
        }
    }

    fn any(&self) -> bool {
        self.reference.is_some()
            || !self.resolved.is_empty()
            || self.status_policy.is_some()
            || self.shadowed.is_some()
            || self.spec_source == Some("policy")
    }

    /// The state the resolved condition's reason and status prove, with the rest of the
    /// evidence agreeing; `None` when they do not fit together.
    fn state(
        &self,
        condition: &Condition,
        reason: &str,
        ref_name: &Option<String>,
    ) -> Option<PolicyState> {
        let status_names_ref = self.status_policy.is_some_and(|p| p.name == *ref_name);
        let shadow_names_ref = self.shadowed.is_some_and(|p| p.name == *ref_name);
        let is = |s: &str| condition.status == s;
        let source = self.spec_source;
        match reason {
            "RenderedFromPolicy"
                if is("True") && !self.inline && source == Some("policy") && status_names_ref =>
            {
                Some(PolicyState::Current)
            }
            "InlinePrecedence"
                if is("True") && self.inline && source == Some("isvc") && shadow_names_ref =>
            {
                Some(PolicyState::Shadowed)
            }
            "PolicyNotFound" | "PolicyInvalid" | "AuthNotFound" | "ClassUnavailable"
                if is("False") && source == Some("policy") =>
            {
                Some(if self.status_policy.is_some() {
                    PolicyState::Held
                } else {
                    PolicyState::Unresolved
                })
            }
            "UnsupportedDeploymentMode" if is("False") && source != Some("policy") => {
                Some(PolicyState::Unsupported)
            }
            _ => None,
        }
    }

    /// The portable and render digests and the policy generation shown for `state`.
    fn digests(&self, state: Option<PolicyState>) -> (Option<String>, Option<String>, Option<i64>) {
        match (state, self.status_policy, self.shadowed) {
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
        }
    }
}

/// `None` when the component has no policy evidence at all.
pub(super) fn policy_evidence(
    isvc: &InferenceService,
    spec: Option<&ComponentSpec>,
    status: &ComponentStatus,
    issues: &mut Vec<IssueCode>,
) -> Option<PolicyEvidence> {
    let inputs = Inputs::of(spec, status);
    if !inputs.any() {
        return None;
    }
    let ref_name = inputs.reference.and_then(|r| r.name.clone());
    if inputs.resolved.len() > 1 {
        issues.push(IssueCode::PolicyConditionConflict);
        return Some(invalid("Conflict", ref_name));
    }
    let ref_ok = inputs.reference.is_none_or(|r| {
        r.name.as_deref().is_some_and(is_dns1123_subdomain)
            && r.kind
                .as_deref()
                .is_none_or(|k| k.is_empty() || k == "AutoscalerPolicy")
    });
    let Some(condition) = inputs.resolved.first() else {
        issues.push(IssueCode::PolicyEvidenceInvalid);
        return Some(invalid("Unobserved", ref_name));
    };
    let reason = condition.reason.clone().unwrap_or_default();
    let generation_ok = condition.observed_generation.is_some()
        && condition.observed_generation == isvc.metadata.generation;
    if !ref_ok || inputs.reference.is_none() || !generation_ok {
        issues.push(IssueCode::PolicyEvidenceInvalid);
        return Some(invalid(&reason, ref_name));
    }
    let state = inputs.state(condition, &reason, &ref_name);
    let (portable, render, generation) = inputs.digests(state);
    let digests_ok = digest_ok(portable.as_deref(), "pv1:") && digest_ok(render.as_deref(), "rv1:");
    let Some(state) = state.filter(|_| digests_ok) else {
        issues.push(IssueCode::PolicyEvidenceInvalid);
        return Some(invalid(&reason, ref_name));
    };
    // A held render may name the previous policy; show what was rendered.
    let name = if state == PolicyState::Held {
        inputs
            .status_policy
            .and_then(|p| p.name.clone())
            .or(ref_name)
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
