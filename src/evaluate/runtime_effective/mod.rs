//! `runtime effective` (after-the-write.md §3): which objects to read after the service
//! ([`plan`]) and, from what was read, the Live and Active views, the pin, sync, status
//! freshness and drift ([`project`]). Pure; the clock is a parameter. Every read failure is
//! evidence.

mod active;
mod live;
pub(crate) mod report;
mod selected;
mod service;
#[cfg(test)]
mod tests;

pub(crate) use report::RuntimeEffectiveReport;

use crate::ome::names::is_dns1123_subdomain;
use crate::ome::reads::{EffectivePlan, EffectiveReads, RuntimeKind, lookup_scopes};
use crate::ome::report::{Report, Source, SourceKind, WarningCode, report_time};
use crate::ome::{Fetched, InferenceService, meta_name, meta_namespace};
use active::{Declared, Owner, RevisionRead, pin_and_active, read_revision, revision_issues};
use live::{BoundChain, bind_chain, failed_links, inheritance, live_view, model_problem};
use report::{
    Issue, IssueCode, ObjectRef, Reason, Relation, Selection, SelectionSource, View, ViewState,
};

fn valid(name: &Option<String>) -> Option<String> {
    name.clone().filter(|n| is_dns1123_subdomain(n))
}

/// What to read after the service: the runtime where the controller looks for it, the model,
/// and the revisions the pin names (only with a runtime name). A name that is not a DNS-1123
/// subdomain is not read.
pub(crate) fn plan(isvc: &InferenceService) -> EffectivePlan {
    let declared = Declared::of(isvc);
    let namespace = meta_namespace(&isvc.metadata).to_string();
    let runtime = valid(&declared.name)
        .map(|name| (lookup_scopes(declared.kind.as_deref(), &namespace), name));
    let mut revisions = Vec::new();
    if declared.name.is_some() {
        for name in [valid(&declared.requested), valid(&declared.reported)]
            .into_iter()
            .flatten()
        {
            if !revisions.contains(&name) {
                revisions.push(name);
            }
        }
    }
    EffectivePlan {
        runtime,
        model: valid(&model_name(isvc)),
        service_namespace: namespace,
        revisions,
        snapshot: crate::evaluate::runtime_selection::selects(isvc),
    }
}

fn model_name(isvc: &InferenceService) -> Option<String> {
    isvc.spec
        .model
        .as_ref()
        .and_then(|m| m.name.clone())
        .filter(|n| !n.is_empty())
}

/// The Live view, the bound chain (when a runtime is named and its reads came back) and the
/// issue the Live reads raise.
struct LiveOutcome {
    view: View,
    chain: Result<BoundChain, Reason>,
    /// What the selection gave, for a service whose runtime OME selects.
    selected: Option<selected::SelectedLive>,
}

fn live_outcome(
    isvc: &InferenceService,
    declared: &Declared,
    plan: &EffectivePlan,
    reads: &EffectiveReads,
) -> LiveOutcome {
    let has_model = model_name(isvc).is_some();
    let unavailable = |reason: Reason| LiveOutcome {
        view: View::unavailable(reason),
        chain: Err(reason),
        selected: None,
    };
    if declared.name.is_none() && !has_model {
        // Neither runtime nor model: nothing to evaluate; live failures are not reported.
        return unavailable(Reason::NotConfigured);
    }
    let Some(live) = &reads.live else {
        // The shared deadline of the live reads expired.
        return unavailable(Reason::Unreadable);
    };
    let model = match (&live.model, has_model) {
        (Some(models), _) => model_problem(models),
        // A model name that cannot be a request path was not read.
        (None, true) => Some(Reason::Unreadable),
        (None, false) => None,
    };
    let Some(name) = declared.name.as_deref() else {
        // The model gate of §3.3 first; then the runtime OME selects for it.
        if let Some(reason) = model {
            let mut outcome = unavailable(reason);
            outcome.chain = Err(Reason::NotConfigured);
            return outcome;
        }
        let selected = selected::selected_live(isvc, live);
        return LiveOutcome {
            view: selected.view.clone(),
            chain: Err(Reason::NotConfigured),
            selected: Some(selected),
        };
    };
    let chain = match &plan.runtime {
        Some(_) => bind_chain(name, live),
        None => Err(Reason::Unreadable),
    };
    let view = match (&chain, model) {
        (_, Some(reason)) | (&Err(reason), None) => View::unavailable(reason),
        (Ok(bound), None) => live_view(isvc, bound),
    };
    LiveOutcome {
        view,
        chain,
        selected: None,
    }
}

/// Where a revision must belong: where the live runtime was found, else the declared scope.
fn owner(declared: &Declared, chain: &Result<BoundChain, Reason>, namespace: &str) -> Owner {
    let name = declared.name.clone().unwrap_or_default();
    let kind = match chain {
        Ok(bound) => bound.scope.kind,
        Err(_) if declared.kind.as_deref() == Some("ServingRuntime") => RuntimeKind::Namespaced,
        Err(_) => RuntimeKind::Cluster,
    };
    Owner {
        kind: kind.as_str(),
        namespace: match kind {
            RuntimeKind::Namespaced => namespace.to_string(),
            RuntimeKind::Cluster => String::new(),
        },
        name,
    }
}

/// The revisions read, in plan order, with their inspections.
fn revision_reads(
    declared: &Declared,
    reads: &EffectiveReads,
    owner: &Owner,
    ome_namespace: &str,
) -> Vec<(String, RevisionRead)> {
    let mut names: Vec<String> = Vec::new();
    if declared.name.is_some() {
        for name in [&declared.requested, &declared.reported]
            .into_iter()
            .flatten()
        {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    names
        .into_iter()
        .map(|name| {
            let result = reads
                .revisions
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, r)| r);
            let read = read_revision(result, &name, owner, ome_namespace);
            (name, read)
        })
        .collect()
}

/// Projects the report from the service and what was read after it.
pub(crate) fn project(
    isvc: &Fetched<InferenceService>,
    plan: &EffectivePlan,
    reads: &EffectiveReads,
    ome_namespace: &str,
    now: jiff::Timestamp,
) -> RuntimeEffectiveReport {
    let view = &isvc.view;
    let namespace = meta_namespace(&view.metadata);
    let declared = Declared::of(view);
    let live = live_outcome(view, &declared, plan, reads);
    let owner = owner(&declared, &live.chain, namespace);
    let revisions = revision_reads(&declared, reads, &owner, ome_namespace);
    let pinned = declared
        .pinned()
        .and_then(|name| revisions.iter().find(|(n, _)| n == name))
        .map(|(n, r)| (n.as_str(), r));
    let (pin_state, active) =
        pin_and_active(view, &declared, &live.view, pinned, &owner, ome_namespace);
    let service = service::evidence(view);
    let inheritance = match &live.selected {
        Some(selected) => selected.inheritance.clone(),
        None => inheritance(&live.chain),
    };
    let selection = match &live.selected {
        Some(selected) => Selection {
            source: SelectionSource::Selected,
            runtime: selected.runtime.clone(),
        },
        None => selection(&declared, &live.chain, &owner),
    };
    let live_to_active = if active.state == ViewState::Available
        && active.origin == Some(report::Origin::LiveRuntime)
    {
        Relation::Equal
    } else {
        Relation::Unknown
    };
    let mut issues = service.issues.clone();
    issues.extend(view_issues(
        &declared,
        &live.view,
        &active,
        pin_state,
        &inheritance,
    ));
    issues.extend(
        live.selected
            .iter()
            .filter_map(|s| s.issue)
            .map(|code| Issue {
                code,
                revision: None,
            }),
    );
    for (name, read) in &revisions {
        issues.extend(revision_issues(name, read));
    }
    issues.extend(duplicate_content(&revisions));
    // By the code as shown, then the revision, so the listed order is alphabetical.
    issues.sort_by(|a, b| (a.code.as_str(), &a.revision).cmp(&(b.code.as_str(), &b.revision)));
    issues.dedup();
    let collected_at = report_time(now);
    let listed = live.selected.as_ref().map_or(&[][..], |s| &s.listed[..]);
    let sources = sources(
        isvc,
        reads,
        listed,
        &revisions,
        ome_namespace,
        &collected_at,
    );
    let source_failed = sources
        .iter()
        .any(|s| s.evidence == Some(crate::ome::report::SourceEvidence::Unavailable));
    let mut warnings = service.warnings.clone();
    // A selected runtime's chain unavailable while its Live view is there (§3.3's rule for a
    // named runtime's inheritance).
    let partial_chain = inheritance.state == ViewState::Unavailable
        && (declared.name.is_some()
            || (live.selected.is_some() && live.view.state == ViewState::Available));
    if source_failed || partial_chain {
        warnings.extend([WarningCode::PartialData, WarningCode::SourceUnavailable]);
    }
    let content = report::EffectiveContent {
        selection,
        inheritance,
        pin: report::Pin {
            mode: declared.mode(),
            state: pin_state,
            requested_revision: declared.requested.clone(),
            reported_revision: declared.reported.clone(),
            status: service.status,
            reported_drift: service.drift,
            sync_state: service.sync,
        },
        live: live.view,
        active,
        live_to_active,
        issues,
    };
    let mut report = Report::new(
        report::KIND,
        namespace,
        meta_name(&view.metadata),
        collected_at,
        content,
    )
    .with_warnings(warnings);
    report.sources = sources;
    report
}

fn selection(declared: &Declared, chain: &Result<BoundChain, Reason>, owner: &Owner) -> Selection {
    let Some(name) = &declared.name else {
        return Selection {
            source: SelectionSource::Selected,
            runtime: None,
        };
    };
    let runtime = match chain {
        Ok(bound) => bound
            .links
            .first()
            .map(|(stamp, _)| live::runtime_ref(stamp)),
        Err(_) => None,
    };
    Selection {
        source: SelectionSource::Explicit,
        runtime: runtime.or_else(|| {
            Some(ObjectRef {
                api_version: crate::ome::API_VERSION,
                kind: declared
                    .kind
                    .clone()
                    .filter(|k| !k.is_empty())
                    .unwrap_or_else(|| owner.kind.to_string()),
                namespace: owner.namespace.clone(),
                name: name.clone(),
                uid: None,
                generation: None,
            })
        }),
    }
}

fn view_issues(
    declared: &Declared,
    live: &View,
    active: &View,
    pin_state: report::PinState,
    inheritance: &report::Inheritance,
) -> Vec<Issue> {
    let plain = |code| Issue {
        code,
        revision: None,
    };
    let mut issues = Vec::new();
    if declared.name.is_some() && !declared.kind_valid() {
        issues.push(plain(IssueCode::InvalidDeclaredKind));
    }
    if inheritance.state == ViewState::Unavailable {
        issues.push(plain(IssueCode::InheritanceUnavailable));
    }
    if declared.name.is_none()
        && live.state == ViewState::Unavailable
        && live.unavailable_reason != Some(Reason::NotConfigured)
    {
        issues.push(plain(IssueCode::LiveRuntimeUnavailable));
    }
    if declared.name.is_some() && live.state == ViewState::Unavailable {
        issues.push(plain(IssueCode::LiveRuntimeUnavailable));
    }
    if pin_state == report::PinState::AwaitingPin {
        issues.push(plain(IssueCode::ActiveRevisionUnreported));
    }
    if declared.pinned().is_some() && active.state == ViewState::Unavailable {
        issues.push(plain(IssueCode::ActiveRevisionUnavailable));
    }
    issues
}

/// Two revisions with the same `data` bytes.
fn duplicate_content(revisions: &[(String, RevisionRead)]) -> Vec<Issue> {
    let data = |read: &RevisionRead| match read {
        RevisionRead::Returned(i) if !i.data.is_empty() => Some(i.data.clone()),
        _ => None,
    };
    let mut issues = Vec::new();
    for (i, (name, read)) in revisions.iter().enumerate() {
        let mine = data(read);
        let equal = revisions
            .iter()
            .enumerate()
            .any(|(j, (_, other))| j != i && mine.is_some() && data(other) == mine);
        if equal {
            issues.push(Issue {
                code: IssueCode::DuplicateRevisionContent,
                revision: Some(name.clone()),
            });
        }
    }
    issues
}

/// The name a chain link was looked up by: the service's runtime, or its child's parent.
fn link_name(live: &crate::ome::reads::LiveReads, index: usize, runtime: &str) -> String {
    let Some(child) = index.checked_sub(1).and_then(|i| live.chain.get(i)) else {
        return runtime.to_string();
    };
    match &child.read {
        Ok(raw) => match crate::ome::reads::declared_parent(raw) {
            crate::ome::reads::DeclaredParent::Name(name) => name,
            _ => String::new(),
        },
        Err(_) => String::new(),
    }
}

fn sources(
    isvc: &Fetched<InferenceService>,
    reads: &EffectiveReads,
    listed: &[serde_json::Value],
    revisions: &[(String, RevisionRead)],
    ome_namespace: &str,
    at: &str,
) -> Vec<Source> {
    let runtime_name = Declared::of(&isvc.view).name.unwrap_or_default();
    let runtime_name = runtime_name.as_str();
    use crate::ome::report::SourceEvidence::{Observed, Unavailable};
    let meta = &isvc.view.metadata;
    let mut out = vec![Source::of_object(
        SourceKind::InferenceService,
        meta,
        Observed,
        at,
    )];
    let observed = |kind: SourceKind, raw: &serde_json::Value| {
        let text = |key: &str| {
            raw.pointer(&format!("/metadata/{key}"))
                .and_then(serde_json::Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        Source::named(kind, &text("namespace"), &text("name"))
            .with_uid(&text("uid"))
            .with_generation(
                raw.pointer("/metadata/generation")
                    .and_then(serde_json::Value::as_i64)
                    .unwrap_or(0),
            )
            .with_evidence(Observed)
            .at(at)
    };
    if let Some(live) = &reads.live {
        if let Some(models) = &live.model {
            match (&models.base, &models.cluster) {
                (Ok(model), _) => out.push(observed(SourceKind::BaseModel, model)),
                (Err(e), Ok(model)) if e.is_not_found() => {
                    out.push(observed(SourceKind::ClusterBaseModel, model));
                }
                _ => {}
            }
        }
        for link in &live.chain {
            if let Ok(raw) = &link.read {
                out.push(observed(link.scope.kind.into(), raw));
            }
        }
        // A selected runtime and its chain, as listed (a ClusterServingRuntime has no
        // namespace).
        for raw in listed {
            let namespaced = raw
                .pointer("/metadata/namespace")
                .and_then(serde_json::Value::as_str)
                .is_some_and(|n| !n.is_empty());
            let kind = if namespaced {
                SourceKind::ServingRuntime
            } else {
                SourceKind::ClusterServingRuntime
            };
            out.push(observed(kind, raw));
        }
        for (index, error) in failed_links(live) {
            let Some(link) = live.chain.get(index) else {
                continue;
            };
            let mut source = Source::named(
                link.scope.kind.into(),
                &link.scope.namespace,
                &link_name(live, index, runtime_name),
            )
            .with_evidence(Unavailable)
            .at(at);
            source.unavailable_reason = Some(live::read_reason(error).as_str());
            out.push(source);
        }
    }
    for (name, read) in revisions {
        match read {
            RevisionRead::Returned(inspection) => {
                let mut source = observed(SourceKind::ControllerRevision, &inspection.object);
                source.generation = None;
                out.push(source);
            }
            RevisionRead::Missing | RevisionRead::Failed(_) => {
                let reason = match read {
                    RevisionRead::Failed(reason) => *reason,
                    _ => Reason::NotFound,
                };
                let mut source = Source::named(SourceKind::ControllerRevision, ome_namespace, name)
                    .with_evidence(Unavailable)
                    .at(at);
                source.unavailable_reason = Some(reason.as_str());
                out.push(source);
            }
        }
    }
    out.sort_by(|a, b| {
        // By the kind as shown, so the order stays alphabetical.
        (a.kind.as_str(), &a.namespace, &a.name, &a.uid).cmp(&(
            b.kind.as_str(),
            &b.namespace,
            &b.name,
            &b.uid,
        ))
    });
    out
}
