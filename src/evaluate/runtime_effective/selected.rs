//! The Live view of a service whose runtime OME selects (runtime-selection.md §6.2): the
//! selected runtime's raw spec and components, its chain from the snapshot as inheritance,
//! or why nothing was selected, with the selection's issue.

use super::live::{components, runtime_ref};
use super::report::{Inheritance, IssueCode, ObjectRef, Reason, View, ViewState};
use crate::evaluate::runtime_selection::chain::ChainProblem;
use crate::evaluate::runtime_selection::model::{ModelGate, ModelReadProblem};
use crate::evaluate::runtime_selection::snapshot::SnapshotProblem;
use crate::evaluate::runtime_selection::{SelectionFailure, choose};
use crate::ome::InferenceService;
use crate::ome::reads::LiveReads;
use crate::ome::runtime::RuntimeSpec;
use serde_json::Value;

/// What the selection gave the report.
#[derive(Debug, Clone)]
pub(crate) struct SelectedLive {
    pub(crate) view: View,
    pub(crate) inheritance: Inheritance,
    /// The selected runtime (`selection.runtime`).
    pub(crate) runtime: Option<ObjectRef>,
    pub(crate) issue: Option<IssueCode>,
    /// The selected runtime and its chain as listed (sources).
    pub(crate) listed: Vec<Value>,
}

fn unavailable(reason: Reason, issue: Option<IssueCode>) -> SelectedLive {
    SelectedLive {
        view: View::unavailable(reason),
        inheritance: Inheritance {
            state: ViewState::Unavailable,
            sources: Vec::new(),
            unavailable_reason: Some(reason),
        },
        runtime: None,
        issue,
        listed: Vec::new(),
    }
}

/// The Live view of the runtime selected from `live`'s model and snapshot.
pub(crate) fn selected_live(isvc: &InferenceService, live: &LiveReads) -> SelectedLive {
    let (Some(models), Some(snapshot)) = (&live.model, &live.snapshot) else {
        return unavailable(
            Reason::Unreadable,
            Some(IssueCode::RuntimeSelectionUnavailable),
        );
    };
    let chosen = match choose(isvc, models, snapshot) {
        Ok(chosen) => chosen,
        Err(failure) => {
            let (reason, issue) = failure_reason(&failure);
            return unavailable(reason, issue);
        }
    };
    let Some(winner) = chosen.winner() else {
        return unavailable(
            Reason::Unreadable,
            Some(IssueCode::RuntimeSelectionUnavailable),
        );
    };
    let spec: Option<RuntimeSpec> =
        serde_json::from_value(winner.raw.get("spec").cloned().unwrap_or_default()).ok();
    let Some(spec) = spec else {
        return unavailable(
            Reason::MalformedPayload,
            Some(IssueCode::RuntimeSelectionUnavailable),
        );
    };
    let (inheritance, listed) = match chosen.chain() {
        Ok(chain) => (
            Inheritance {
                state: ViewState::Observed,
                sources: chain.iter().map(|c| runtime_ref(&c.stamp())).collect(),
                unavailable_reason: None,
            },
            chain.iter().map(|c| c.raw.clone()).collect(),
        ),
        Err(failure) => (
            Inheritance {
                state: ViewState::Unavailable,
                sources: Vec::new(),
                unavailable_reason: Some(failure_reason(&failure).0),
            },
            vec![winner.raw.clone()],
        ),
    };
    let source = runtime_ref(&winner.stamp());
    SelectedLive {
        view: View {
            state: ViewState::Available,
            origin: Some(super::report::Origin::LiveRuntime),
            source: Some(source.clone()),
            revision: None,
            hash: None,
            components: components(isvc, &spec, "LiveRuntime"),
            unavailable_reason: None,
        },
        inheritance,
        runtime: Some(source),
        issue: None,
        listed,
    }
}

/// The Live reason and the issue of a failed selection (§2.4's `runtime effective` column).
fn failure_reason(failure: &SelectionFailure) -> (Reason, Option<IssueCode>) {
    let unavailable = Some(IssueCode::RuntimeSelectionUnavailable);
    match failure {
        SelectionFailure::Gate(ModelGate::NoFormat | ModelGate::Sharded)
        | SelectionFailure::NoMatch { .. } => {
            (Reason::NotFound, Some(IssueCode::RuntimeSelectionNoMatch))
        }
        SelectionFailure::Model(ModelReadProblem::NotFound) => (Reason::NotFound, None),
        SelectionFailure::Model(_) | SelectionFailure::Gate(ModelGate::Disabled) => {
            (Reason::Unreadable, None)
        }
        SelectionFailure::Snapshot(SnapshotProblem::Failed { cause, .. })
            if cause.is_forbidden()
                || matches!(
                    &**cause,
                    crate::ome::evidence::ApiError::Unauthorized { .. }
                ) =>
        {
            (Reason::Forbidden, unavailable)
        }
        SelectionFailure::Snapshot(SnapshotProblem::Truncated { .. }) => (
            Reason::Unreadable,
            Some(IssueCode::RuntimeSelectionTruncated),
        ),
        SelectionFailure::Snapshot(_)
        | SelectionFailure::ModelUnbound
        | SelectionFailure::RuntimeUnbound { .. } => (Reason::Unreadable, unavailable),
        SelectionFailure::Chain { problem, .. } => (
            match problem {
                ChainProblem::NotFound => Reason::NotFound,
                ChainProblem::Cycle => Reason::Cycle,
                ChainProblem::MaxDepthExceeded => Reason::MaxDepthExceeded,
            },
            None,
        ),
    }
}
