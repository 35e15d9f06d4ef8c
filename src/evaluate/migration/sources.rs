//! Source validation of `migration status` (read-commands.md §6.3): which listed IRs are bound
//! to the service, and how fresh their status is. Only Current and Stale sources yield records.

use super::report::{Issue, IssueCode};
use crate::evaluate::replica_identity::owned_by;
use crate::ome::keys::LABEL_INFERENCESERVICE;
use crate::ome::names::{is_dns1123_subdomain, is_safe_uid};
use crate::ome::report::Freshness;
use crate::ome::{
    Component, InferenceReplica, InferenceService, meta_label, meta_name, meta_namespace, meta_uid,
};

/// One listed IR after validation.
pub(super) struct CheckedSource {
    pub(crate) ir: InferenceReplica,
    /// The name as shown: `INVALID` when the identity itself is unsafe.
    pub(crate) name: String,
    /// The component, when the IR is bound to the service.
    pub(crate) component: Option<Component>,
    pub(crate) freshness: Freshness,
    pub(crate) identity_valid: bool,
    pub(crate) issues: Vec<Issue>,
}

impl CheckedSource {
    pub(super) fn usable(&self) -> bool {
        self.component.is_some() && matches!(self.freshness, Freshness::Current | Freshness::Stale)
    }
}

fn identity_valid(ir: &InferenceReplica, service: &InferenceService) -> bool {
    is_dns1123_subdomain(meta_name(&ir.metadata))
        && meta_namespace(&ir.metadata) == meta_namespace(&service.metadata)
        && is_safe_uid(meta_uid(&ir.metadata))
        && ir.metadata.generation.unwrap_or(0) > 0
}

/// The first binding problem of an IR, in the documented order.
fn binding_problem(ir: &InferenceReplica, service: &InferenceService) -> Option<IssueCode> {
    let service_name = meta_name(&service.metadata);
    if !identity_valid(ir, service) {
        return Some(IssueCode::SourceIdentityInvalid);
    }
    if meta_label(&ir.metadata, LABEL_INFERENCESERVICE) != Some(service_name) {
        return Some(IssueCode::SourceLabelMismatch);
    }
    if ir.spec.parent_ref.as_ref().and_then(|p| p.name.as_deref()) != Some(service_name) {
        return Some(IssueCode::SourceParentMismatch);
    }
    if !owned_by(ir, service) {
        return Some(IssueCode::SourceOwnerMismatch);
    }
    if ir
        .spec
        .component
        .as_deref()
        .and_then(Component::parse)
        .is_none()
    {
        return Some(IssueCode::SourceComponentInvalid);
    }
    None
}

/// Validates every IR (already filtered by `--component`), then marks duplicate components.
pub(super) fn check_sources(
    irs: Vec<InferenceReplica>,
    service: &InferenceService,
) -> Vec<CheckedSource> {
    let mut checked: Vec<CheckedSource> = irs
        .into_iter()
        .map(|ir| {
            let valid_identity = identity_valid(&ir, service);
            let name = if valid_identity {
                meta_name(&ir.metadata).to_string()
            } else {
                "INVALID".to_string()
            };
            let shown_component = ir
                .spec
                .component
                .as_deref()
                .and_then(Component::parse)
                .map(|c| c.as_str().to_string());
            let issue = |code| Issue {
                source_name: Some(name.clone()),
                component: shown_component.clone(),
                ..Issue::report(code)
            };
            let mut issues = Vec::new();
            let (component, freshness) = match binding_problem(&ir, service) {
                Some(problem) => {
                    issues.push(issue(problem));
                    (None, Freshness::Invalid)
                }
                None => {
                    let generation = ir.metadata.generation.unwrap_or(0);
                    let observed = ir.status.observed_generation.unwrap_or(0);
                    let freshness = if observed == generation {
                        Freshness::Current
                    } else if observed == 0 {
                        issues.push(issue(IssueCode::SourceGenerationUnobserved));
                        Freshness::Unobserved
                    } else if 0 < observed && observed < generation {
                        issues.push(issue(IssueCode::SourceGenerationStale));
                        Freshness::Stale
                    } else {
                        issues.push(issue(IssueCode::SourceGenerationInvalid));
                        Freshness::Invalid
                    };
                    (
                        ir.spec.component.as_deref().and_then(Component::parse),
                        freshness,
                    )
                }
            };
            CheckedSource {
                ir,
                name,
                component,
                freshness,
                identity_valid: valid_identity,
                issues,
            }
        })
        .collect();

    let bound: Vec<Option<Component>> = checked.iter().map(|s| s.component).collect();
    for source in &mut checked {
        let Some(component) = source.component else {
            continue;
        };
        if bound.iter().filter(|c| **c == Some(component)).count() > 1 {
            source.freshness = Freshness::Invalid;
            source.issues.push(Issue {
                source_name: Some(source.name.clone()),
                component: Some(component.as_str().to_string()),
                ..Issue::report(IssueCode::SourceComponentDuplicate)
            });
        }
    }
    checked
}
