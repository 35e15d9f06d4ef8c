//! The pin and the Active view (after-the-write.md §3.4): what the controller renders from,
//! the live runtime or the pinned ControllerRevision, and the writer contract of each
//! revision read.

use super::live::{components, read_reason};
use super::report::{
    Issue, IssueCode, ObjectRef, Origin, PinMode, PinState, Reason, RevisionRef, View, ViewState,
};
use crate::evaluate::scale::pin::{Inspection, PinTarget, WriterProblem, inspect};
use crate::ome::InferenceService;
use crate::ome::evidence::ApiError;
use crate::ome::runtime::RuntimeSpec;
use serde_json::Value;

/// What `spec.runtime` and the status declare.
#[derive(Debug, Clone, Default)]
pub(crate) struct Declared {
    /// `spec.runtime.name`, when not empty.
    pub(crate) name: Option<String>,
    /// `spec.runtime.kind` as stored.
    pub(crate) kind: Option<String>,
    pub(crate) auto_sync: bool,
    /// `spec.runtime.revision`, when not empty.
    pub(crate) requested: Option<String>,
    /// `status.pinnedRevisionName`, when not empty.
    pub(crate) reported: Option<String>,
}

impl Declared {
    pub(crate) fn of(isvc: &InferenceService) -> Declared {
        let runtime = isvc.spec.runtime.clone().unwrap_or_default();
        let non_empty = |v: Option<String>| v.filter(|s| !s.is_empty());
        Declared {
            name: non_empty(runtime.name),
            kind: runtime.kind,
            auto_sync: runtime.auto_sync.unwrap_or(true),
            requested: non_empty(runtime.revision),
            reported: non_empty(isvc.status.pinned_revision_name.clone()),
        }
    }

    /// The declared kind is one of OME's two (or absent).
    pub(crate) fn kind_valid(&self) -> bool {
        matches!(
            self.kind.as_deref(),
            None | Some("ClusterServingRuntime" | "ServingRuntime")
        )
    }

    pub(crate) fn mode(&self) -> PinMode {
        match (
            &self.name,
            self.kind_valid(),
            self.auto_sync,
            &self.requested,
        ) {
            (None, ..) | (_, _, true, _) => PinMode::AutoSync,
            (_, false, false, _) => PinMode::InvalidPin,
            (_, true, false, Some(_)) => PinMode::ExplicitPin,
            (_, true, false, None) => PinMode::ManagedPin,
        }
    }

    /// The revision the pin renders from: the requested one for ExplicitPin, the reported one
    /// for ManagedPin.
    pub(crate) fn pinned(&self) -> Option<&str> {
        match self.mode() {
            PinMode::ExplicitPin => self.requested.as_deref(),
            PinMode::ManagedPin => self.reported.as_deref(),
            PinMode::AutoSync | PinMode::InvalidPin => None,
        }
    }
}

/// The runtime a revision must belong to: where the live runtime was found, else the declared
/// kind (the cluster kind when absent).
#[derive(Debug, Clone)]
pub(crate) struct Owner {
    pub(crate) kind: &'static str,
    pub(crate) namespace: String,
    pub(crate) name: String,
}

/// One revision read, inspected.
#[derive(Debug, Clone)]
pub(crate) enum RevisionRead {
    Missing,
    Failed(Reason),
    Returned(Box<Inspection>),
}

pub(crate) fn read_revision(
    result: Option<&Result<Vec<u8>, ApiError>>,
    name: &str,
    owner: &Owner,
    ome_namespace: &str,
) -> RevisionRead {
    match result {
        // A name that is not a DNS-1123 subdomain was never read.
        None => RevisionRead::Failed(Reason::Unreadable),
        Some(Err(e)) if e.is_not_found() => RevisionRead::Missing,
        Some(Err(e)) => RevisionRead::Failed(read_reason(e)),
        Some(Ok(body)) => RevisionRead::Returned(Box::new(inspect(
            body,
            PinTarget {
                name,
                ome_namespace,
                runtime: &owner.name,
                kind: owner.kind,
                runtime_namespace: &owner.namespace,
            },
        ))),
    }
}

/// The issues of one revision read (`RevisionNotFound`, `RevisionUnavailable`, the writer
/// contract's codes, `RevisionDisabled`).
pub(crate) fn revision_issues(name: &str, read: &RevisionRead) -> Vec<Issue> {
    let issue = |code: IssueCode| Issue {
        code,
        revision: Some(name.to_string()),
    };
    match read {
        RevisionRead::Missing => vec![issue(IssueCode::RevisionNotFound)],
        RevisionRead::Failed(_) => vec![issue(IssueCode::RevisionUnavailable)],
        RevisionRead::Returned(inspection) => {
            let mut issues: Vec<Issue> = inspection
                .problems
                .iter()
                .map(|p| issue((*p).into()))
                .collect();
            if disabled(inspection) {
                issues.push(issue(IssueCode::RevisionDisabled));
            }
            issues
        }
    }
}

fn disabled(inspection: &Inspection) -> bool {
    inspection
        .spec
        .as_ref()
        .is_some_and(|s| s.get("disabled") == Some(&Value::Bool(true)))
}

/// The revision's runtime spec when the controller could render from it: its identity holds,
/// `data` is a runtime spec whose components decode, and for ExplicitPin it names the runtime.
fn usable_spec(inspection: &Inspection, explicit: bool) -> Option<RuntimeSpec> {
    let unusable = inspection.problems.iter().any(|p| {
        matches!(
            p,
            WriterProblem::IdentityMismatch
                | WriterProblem::DataObjectPresent
                | WriterProblem::PayloadMalformed
        )
    }) || (explicit && !inspection.runtime_matches);
    if unusable {
        return None;
    }
    serde_json::from_value(inspection.spec.clone()?).ok()
}

/// The pin's state and the Active view, first match of §3.4.
pub(crate) fn pin_and_active(
    isvc: &InferenceService,
    declared: &Declared,
    live: &View,
    pinned: Option<(&str, &RevisionRead)>,
    owner: &Owner,
    ome_namespace: &str,
) -> (PinState, View) {
    let live_reason = live.unavailable_reason;
    let mode = declared.mode();
    let named = |mut view: View| {
        if let Some((name, _)) = pinned {
            view.revision.get_or_insert_with(|| RevisionRef {
                namespace: ome_namespace.to_string(),
                name: name.to_string(),
                uid: None,
                created_at: None,
            });
        }
        view
    };
    if matches!(live_reason, Some(Reason::Unreadable | Reason::Disabled)) {
        return (PinState::Unavailable, named(live.clone()));
    }
    let live_or = |state: PinState| match live.state {
        ViewState::Available => (state, live.clone()),
        _ => (
            PinState::Unavailable,
            named(View::unavailable(match mode {
                PinMode::AutoSync => live_reason.unwrap_or(Reason::Unreadable),
                _ => Reason::Unreadable,
            })),
        ),
    };
    match (mode, pinned) {
        (PinMode::AutoSync, _) => live_or(PinState::NotApplicable),
        (PinMode::InvalidPin, _) => (
            PinState::InvalidIntent,
            View::unavailable(Reason::MalformedPayload),
        ),
        (_, None) => live_or(PinState::AwaitingPin),
        (_, Some((name, read))) => {
            let (state, view) = pinned_view(isvc, declared, name, read, owner);
            (state, named(view))
        }
    }
}

fn pinned_view(
    isvc: &InferenceService,
    declared: &Declared,
    name: &str,
    read: &RevisionRead,
    owner: &Owner,
) -> (PinState, View) {
    let explicit = declared.mode() == PinMode::ExplicitPin;
    let inspection = match read {
        RevisionRead::Missing => {
            return (
                PinState::RevisionMissing,
                View::unavailable(Reason::NotFound),
            );
        }
        RevisionRead::Failed(reason) => return (PinState::Unavailable, View::unavailable(*reason)),
        RevisionRead::Returned(inspection) => inspection,
    };
    let Some(spec) = usable_spec(inspection, explicit) else {
        return (
            PinState::RevisionInvalid,
            View::unavailable(Reason::MalformedPayload),
        );
    };
    if disabled(inspection) {
        return (
            PinState::RevisionDisabled,
            View::unavailable(Reason::Disabled),
        );
    }
    let state = match (&declared.reported, explicit) {
        (Some(reported), true) if reported != name => PinState::DesiredReportedMismatch,
        _ => PinState::Resolved,
    };
    let meta = inspection.object.get("metadata").unwrap_or(&Value::Null);
    let text = |key: &str| {
        meta.get(key)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let view = View {
        state: ViewState::Available,
        origin: Some(Origin::ControllerRevision),
        source: Some(ObjectRef {
            api_version: crate::ome::API_VERSION,
            kind: owner.kind.to_string(),
            namespace: owner.namespace.clone(),
            name: owner.name.clone(),
            uid: None,
            generation: None,
        }),
        revision: Some(RevisionRef {
            namespace: text("namespace").unwrap_or_default(),
            name: name.to_string(),
            uid: text("uid"),
            created_at: text("creationTimestamp"),
        }),
        hash: inspection.hash.clone(),
        components: components(isvc, &spec, "ControllerRevision"),
        unavailable_reason: None,
    };
    (state, view)
}
