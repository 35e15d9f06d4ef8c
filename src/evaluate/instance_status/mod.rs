//! `instance status` projection (diagnose.md §1.4): one Instance from the IR's status, with its
//! Pods and their Warning Events. Pure: the reads come in, the `InstanceStatusReport` goes out.
//!
//! The command runs it in steps, because each read depends on the one before: [`select`] finds
//! the Instance in the listed IRs (the authority), [`Selection::owner`] says which Pods to
//! list, [`pods::accept`] which of them are this Instance's (the event targets), and
//! [`project`] builds the report.

pub(crate) mod events;
pub(crate) mod pods;
pub(crate) mod report;
pub(crate) mod row;

pub(crate) use report::{InstanceStatusContent, InstanceStatusReport, State};

use crate::evaluate::instance_list::{self, ComponentState, InstanceListReport};
use crate::evaluate::replica_identity::check_replica;
use crate::evaluate::replica_sources::{sort_sources, unavailable_reason};
use crate::ome::Component;
use crate::ome::evidence::ReplicaCollection;
use crate::ome::instances::decode;
use crate::ome::keys::LABEL_COMPONENT;
use crate::ome::listing::{Listed, TargetEvents};
use crate::ome::report::{Report, Source, SourceEvidence, SourceKind, WarningCode, report_time};
use crate::ome::{
    Fetched, InferenceReplica, InferenceService, InstanceRow, meta_label, meta_name,
    meta_namespace, meta_uid,
};
use report::{Code, Deployment, Encoding, Issue, IssueCode, Summary};

/// Rows decoded across the listed IRs at most.
pub(crate) const ROW_BUDGET: usize = 4096;

/// What the user asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Request {
    pub(crate) component: Component,
    pub(crate) index: i64,
}

/// How the deployment mode of the component was established (§1.4 "Deployment mode").
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Mode {
    Resolved {
        mode: String,
        source: &'static str,
        origin: &'static str,
    },
    /// The runtime could not be resolved; the command goes on.
    Unresolved(&'static str),
}

impl Mode {
    /// True when the mode is known and is not OMENative: nothing more is read.
    pub(crate) fn is_other_than_native(&self) -> bool {
        matches!(self, Mode::Resolved { mode, .. } if mode != "OMENative")
    }

    fn report(&self) -> Deployment {
        match self {
            Mode::Resolved {
                mode,
                source,
                origin,
            } => Deployment {
                mode: Some(mode.clone()),
                source: Some(source),
                origin: Some(origin),
                // Read from the objects as the API server returned them, whichever decided.
                evidence: "Reported",
                unavailable_reason: None,
            },
            Mode::Unresolved(reason) => Deployment {
                mode: None,
                source: None,
                origin: None,
                evidence: "Unavailable",
                unavailable_reason: Some(reason),
            },
        }
    }
}

/// The authority over the Instance: the IR list projected as `instance list` does, and the
/// selected IR and row when there is exactly one.
#[derive(Debug, Clone)]
pub(crate) struct Selection {
    state: State,
    evidence: &'static str,
    issues: Vec<Issue>,
    list: InstanceListReport,
    selected: Option<(InferenceReplica, InstanceRow)>,
    /// The encoding of the component's IR, when it decoded.
    encoding: Option<&'static str>,
    truncated: bool,
    stale: bool,
}

impl Selection {
    /// The Pods to list: this Instance's, when one IR and its row were projected.
    pub(crate) fn owner<'a>(
        &'a self,
        namespace: &'a str,
        service: &'a str,
    ) -> Option<pods::Owner<'a>> {
        let (ir, row) = self.selected.as_ref()?;
        Some(pods::Owner {
            namespace,
            service,
            component: ir.spec.component.as_deref().unwrap_or_default(),
            index: row.index,
            incarnation: row.incarnation,
            ir_name: meta_name(&ir.metadata),
            ir_uid: meta_uid(&ir.metadata),
        })
    }
}

/// Finds the Instance among the listed IRs; the first matching rule decides (§1.4
/// "Authority").
pub(crate) fn select(
    isvc: &Fetched<InferenceService>,
    collection: &ReplicaCollection,
    request: Request,
    now: jiff::Timestamp,
) -> Selection {
    let list = instance_list::project(isvc, collection, ROW_BUDGET, now);
    let mut selection = Selection {
        state: State::Reported,
        evidence: "Unavailable",
        issues: Vec::new(),
        list,
        selected: None,
        encoding: None,
        truncated: false,
        stale: false,
    };
    let name = request.component.as_str();
    if let Some(error) = &collection.error {
        selection.unavailable(Issue::unavailable(
            Code::CollectionUnavailable,
            unavailable_reason(error),
        ));
        return selection;
    }
    if collection.truncated {
        selection.truncated = true;
        selection.unavailable(Issue::new(Code::CollectionTruncated));
        return selection;
    }
    if rejected_of_component(isvc, collection, request.component) {
        selection.issues.push(Issue::new(Code::IdentityRejected));
    }
    let components: Vec<instance_list::ComponentReport> = selection
        .list
        .content
        .components
        .iter()
        .filter(|c| c.type_ == name)
        .cloned()
        .collect();
    let Some(component) = components.first().cloned() else {
        selection.state = State::NotProjected;
        selection
            .issues
            .push(Issue::unavailable(Code::InstanceMissing, "NotFound"));
        return selection;
    };
    selection.evidence = component_evidence(component.state);
    selection.copy_list_issues(&component.inference_replica, request.index);
    let decoded = decode_ir(isvc, collection, &component.inference_replica);
    selection.encoding = decoded.as_ref().map(|(_, _, encoding)| *encoding);
    if components.len() > 1 || component.state == ComponentState::Malformed {
        selection.state = State::Partial;
        selection
            .issues
            .push(Issue::new(Code::AuthoritativeInvalid));
        return selection;
    }
    if component.state == ComponentState::Unavailable {
        selection.state = State::Unavailable;
        return selection;
    }
    let found = decoded.and_then(|(ir, rows, _)| {
        let row = rows.into_iter().find(|r| r.index == request.index)?;
        Some((ir, row))
    });
    let Some((ir, row)) = found else {
        selection.state = State::Missing;
        selection.issues.push(Issue::new(Code::InstanceMissing));
        return selection;
    };
    if component.state == ComponentState::Stale {
        selection.state = State::Partial;
        selection.stale = true;
    }
    selection.selected = Some((ir, row));
    selection
}

impl Selection {
    fn unavailable(&mut self, issue: Issue) {
        self.state = State::Unavailable;
        self.issues.push(issue);
    }

    /// The list's issues about this IR and index (not `SparseIndices`), by code.
    fn copy_list_issues(&mut self, ir_name: &str, index: i64) {
        for issue in &self.list.content.issues {
            let about = issue.inference_replica.as_deref() == Some(ir_name)
                && issue.index.is_none_or(|i| i == index);
            if about && issue.code != instance_list::Code::SparseIndices {
                self.issues.push(Issue {
                    code: issue.code.into(),
                    unavailable_reason: issue.unavailable_reason,
                });
            }
        }
    }
}

/// True when a listed IR that claims this component (by `spec.component`, its `component`
/// label or the name `<service>-<component>`) failed the identity checks of `instance list`:
/// an impostor or a rejected IR is part of the answer, never silently left out.
fn rejected_of_component(
    isvc: &Fetched<InferenceService>,
    collection: &ReplicaCollection,
    component: Component,
) -> bool {
    let wanted = component.as_str();
    let own_name = format!("{}-{wanted}", meta_name(&isvc.view.metadata));
    collection
        .items
        .iter()
        .filter_map(|raw| Fetched::<InferenceReplica>::from_raw(raw.clone()))
        .any(|ir| {
            let ir = ir.view;
            let claims = ir.spec.component.as_deref() == Some(wanted)
                || meta_label(&ir.metadata, LABEL_COMPONENT) == Some(wanted)
                || meta_name(&ir.metadata) == own_name;
            claims && check_replica(&ir, &isvc.view, collection.selector_used).is_err()
        })
}

fn component_evidence(state: ComponentState) -> &'static str {
    match state {
        ComponentState::Reported => "Reported",
        ComponentState::Stale => "Stale",
        ComponentState::Unavailable => "Unavailable",
        ComponentState::Malformed => "Malformed",
    }
}

/// The accepted IR of that name, its rows decoded again in full, and their encoding.
fn decode_ir(
    isvc: &Fetched<InferenceService>,
    collection: &ReplicaCollection,
    ir_name: &str,
) -> Option<(InferenceReplica, Vec<InstanceRow>, &'static str)> {
    let namespace = meta_namespace(&isvc.view.metadata);
    let ir = collection
        .items
        .iter()
        .filter_map(|raw| Fetched::<InferenceReplica>::from_raw(raw.clone()))
        .map(|f| f.view)
        .find(|ir| {
            meta_name(&ir.metadata) == ir_name && meta_namespace(&ir.metadata) == namespace
        })?;
    let decoded = decode(&ir.status, ROW_BUDGET).ok()?;
    Some((ir, decoded.rows, decoded.encoding.as_str()))
}

/// Every read that was made, in the order they depend on each other.
#[derive(Debug, Clone)]
pub(crate) struct Evidence<'a> {
    pub(crate) isvc: &'a Fetched<InferenceService>,
    pub(crate) request: Request,
    pub(crate) mode: Mode,
    /// `None` when the mode is not OMENative (no IR was read).
    pub(crate) selection: Option<Selection>,
    /// `None` when no Instance was projected (no Pod was read).
    /// The Instance's Pod LIST.
    pub(crate) pods: Option<Listed>,
    pub(crate) events: Vec<TargetEvents>,
}

pub(crate) fn project(evidence: Evidence<'_>, now: jiff::Timestamp) -> InstanceStatusReport {
    let service = &evidence.isvc.view;
    let namespace = meta_namespace(&service.metadata).to_string();
    let name = meta_name(&service.metadata).to_string();
    let collected_at = report_time(now);
    let mut builder = Builder::new(evidence.request);
    builder.deployment = evidence.mode.report();
    let mut sources = Vec::new();
    match &evidence.selection {
        None => {
            builder.state = State::NotOmeNative;
            builder.issue(Issue::unavailable(Code::NotOmeNative, "NotConfigured"));
            sources.push(isvc_source(evidence.isvc, &collected_at));
        }
        Some(selection) => {
            builder.apply_selection(selection);
            sources.extend(selection.list.sources.iter().cloned());
        }
    }
    let pod_source_name = format!(
        "{name}/{}/{}",
        evidence.request.component.as_str(),
        evidence.request.index
    );
    if let (Some(pods_read), Some(selection)) = (&evidence.pods, &evidence.selection) {
        let owner = selection.owner(&namespace, &name);
        let (pod_source, event_source) =
            builder.apply_pods(pods_read, owner.as_ref(), &evidence.events, &namespace);
        let source = |kind: SourceKind, unavailable: Option<&'static str>| {
            let mut source = Source::named(kind, &namespace, &pod_source_name)
                .with_evidence(if unavailable.is_some() {
                    SourceEvidence::Unavailable
                } else {
                    SourceEvidence::Observed
                })
                .at(&collected_at);
            source.unavailable_reason = unavailable;
            source
        };
        sources.push(source(SourceKind::PodList, pod_source));
        if let Some(events) = event_source {
            sources.push(source(SourceKind::EventList, events));
        }
    }
    builder.finish(&namespace, &name, collected_at, sources)
}

fn isvc_source(isvc: &Fetched<InferenceService>, collected_at: &str) -> Source {
    Source::of_object(
        SourceKind::InferenceService,
        &isvc.view.metadata,
        SourceEvidence::Reported,
        collected_at,
    )
}

/// The report under construction.
struct Builder {
    request: Request,
    state: State,
    evidence: &'static str,
    deployment: Deployment,
    encoding: Encoding,
    instance: Option<report::InstanceDetails>,
    pods: Vec<report::PodReport>,
    events: Vec<report::EventReport>,
    issues: Vec<Issue>,
    truncated: bool,
    stale: bool,
}

impl Builder {
    fn new(request: Request) -> Builder {
        Builder {
            request,
            state: State::Reported,
            evidence: "Unavailable",
            deployment: Mode::Unresolved("Unreadable").report(),
            encoding: Encoding {
                name: None,
                evidence: "Unavailable",
                unavailable_reason: Some("UnsupportedAPI"),
            },
            instance: None,
            pods: Vec::new(),
            events: Vec::new(),
            issues: Vec::new(),
            truncated: false,
            stale: false,
        }
    }

    fn issue(&mut self, issue: Issue) {
        if !self.issues.contains(&issue) {
            self.issues.push(issue);
        }
    }

    fn apply_selection(&mut self, selection: &Selection) {
        self.state = selection.state;
        self.evidence = selection.evidence;
        self.truncated |= selection.truncated;
        self.stale |= selection.stale;
        for issue in &selection.issues {
            self.issue(issue.clone());
        }
        if let Some(encoding) = selection.encoding {
            self.encoding = Encoding {
                name: Some(encoding),
                evidence: "Reported",
                unavailable_reason: None,
            };
        } else if selection.state != State::NotProjected && selection.state != State::Unavailable {
            self.issue(Issue::new(Code::EncodingUnsupported));
        }
        if let Some((ir, row)) = &selection.selected {
            let projected = row::project(ir, row);
            self.truncated |= projected.truncated;
            self.stale |= projected.stale;
            for issue in projected.issues {
                self.issue(issue);
            }
            self.instance = Some(projected.instance);
        }
    }

    /// Returns the unavailable reasons of the Pod and Event sources (`None` = observed) and
    /// whether events were read at all.
    fn apply_pods(
        &mut self,
        read: &Listed,
        owner: Option<&pods::Owner<'_>>,
        reads: &[TargetEvents],
        namespace: &str,
    ) -> (Option<&'static str>, Option<Option<&'static str>>) {
        if let Some(error) = &read.error
            && read.items.is_empty()
        {
            let reason = unavailable_reason(error);
            self.issue(Issue::unavailable(Code::PodsUnavailable, reason));
            self.issue(Issue::unavailable(Code::EventsUnavailable, reason));
            return (Some(reason), Some(Some(reason)));
        }
        let Some(owner) = owner else {
            return (None, None);
        };
        let accepted = pods::accept(&read.items, owner);
        self.pods = accepted.pods;
        self.truncated |= accepted.truncated || read.truncated || read.error.is_some();
        if read.truncated || read.error.is_some() {
            self.issue(Issue::new(Code::PodsTruncated));
        }
        for issue in accepted.issues {
            self.issue(issue);
        }
        if accepted.targets.is_empty() {
            return (None, None);
        }
        let skipped = reads.len() < accepted.targets.len();
        let kept = events::accept(namespace, reads, skipped);
        self.events = kept.events;
        self.truncated |= kept.truncated;
        for issue in kept.issues {
            self.issue(issue);
        }
        (None, Some(kept.unavailable))
    }

    fn finish(
        mut self,
        namespace: &str,
        name: &str,
        collected_at: String,
        mut sources: Vec<Source>,
    ) -> InstanceStatusReport {
        if self.state == State::Reported && !self.issues.is_empty() {
            self.state = State::Partial;
        }
        let has = |codes: &[Code]| {
            self.issues
                .iter()
                .any(|i| codes.iter().any(|c| i.code == IssueCode::Status(*c)))
        };
        let mut warnings = Vec::new();
        if self.truncated {
            warnings.push(WarningCode::Truncated);
        }
        if has(&[
            Code::AuthoritativeInvalid,
            Code::IdentityRejected,
            Code::PodIdentityRejected,
            Code::PodDetailsTruncated,
            Code::EventIdentityRejected,
            Code::MigrationInvalid,
            Code::OperationInvalid,
            Code::LastFailureInvalid,
            Code::EncodingUnsupported,
        ]) {
            warnings.push(WarningCode::PartialData);
        }
        if self.stale {
            warnings.push(WarningCode::StaleEvidence);
        }
        if has(&[
            Code::CollectionUnavailable,
            Code::PodsUnavailable,
            Code::EventsUnavailable,
        ]) || self.deployment.evidence == "Unavailable"
        {
            warnings.push(WarningCode::SourceUnavailable);
        }
        sort_sources(&mut sources);
        let content = InstanceStatusContent {
            summary: Summary {
                state: self.state,
                component: self.request.component.as_str(),
                index: self.request.index,
                evidence: self.evidence,
                truncated: self.truncated,
            },
            deployment: self.deployment,
            encoding: self.encoding,
            instance: self.instance,
            pods: self.pods,
            events: self.events,
            issues: self.issues,
        };
        let mut report = Report::new(report::KIND, namespace, name, collected_at, content)
            .with_warnings(warnings);
        report.sources = sources;
        report
    }
}

#[cfg(test)]
mod tests;
