//! `scale`'s step 7 for a service whose runtime OME selects (runtime-selection.md §5.2–§5.5):
//! the model gate, the selection from the candidate snapshot and the winner's chain, then the
//! cross-check with what the controller recorded. The active configuration is the winner's
//! raw spec (nothing inherited is merged), origin `LiveRuntime`, pin AutoSync.

use super::checks::refuse;
use super::runtime::{ActiveRuntime, Origin, RuntimeProblem, native_components};
use crate::errors::scale_check::{CheckId, Evidence, Next, ScaleCheck};
use crate::errors::{Refusal, ScaleError};
use crate::evaluate::runtime_selection::chain::ChainProblem;
use crate::evaluate::runtime_selection::model::{ModelGate, ModelKind, ModelReadProblem};
use crate::evaluate::runtime_selection::snapshot::SnapshotProblem;
use crate::evaluate::runtime_selection::{self, Selected, SelectionFailure};
use crate::ome::evidence::ApiError;
use crate::ome::reads::{RuntimeReads, RuntimeScope, Stamp};
use crate::ome::runtime::RuntimeSpec;
use crate::ome::selection::{MAX_CANDIDATES, MAX_PAGES, PAGE_SIZE};
use crate::ome::{InferenceService, closed_set};
use serde_json::Value;

closed_set! {
    /// What the IR's `serving-runtime` label said of the selected runtime.
    pub(crate) enum LabelEvidence {
        Confirmed => "Confirmed",
        Absent => "Absent",
    }
}

/// How the runtime was selected: what the preview, the result and revalidation show.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SelectionFacts {
    pub(crate) model_kind: ModelKind,
    pub(crate) model: Stamp,
    pub(crate) runtime: Stamp,
    /// The winner's declared chain, root first (the winner last).
    pub(crate) chain: Vec<Stamp>,
    pub(crate) candidates: usize,
    pub(crate) label: LabelEvidence,
    /// The model's selection fields, to select again at revalidation.
    pub(crate) model_spec: crate::evaluate::runtime_selection::spec::ModelSpec,
}

/// The selected runtime as the active configuration, or the refusal naming why not. `irs` are
/// the IRs read (`scale`: the stage-1 IR, when its read succeeded), whose labels are
/// cross-checked.
pub(crate) fn check_selected(
    isvc: &InferenceService,
    service: &str,
    reads: &RuntimeReads,
    irs: &[&Value],
) -> Result<ActiveRuntime, Refusal> {
    let (Some(models), Some(snapshot)) = (&reads.model, &reads.snapshot) else {
        return Err(refusal("-", RuntimeProblem::Unbound));
    };
    let selected = runtime_selection::resolve(isvc, models, snapshot)
        .map_err(|failure| failure_refusal(service, failure))?;
    let shown = selected.runtime.kind_name();
    let spec: RuntimeSpec = serde_json::from_value(
        selected
            .runtime
            .raw
            .get("spec")
            .cloned()
            .unwrap_or(Value::Null),
    )
    .map_err(|_| refusal(&shown, RuntimeProblem::Unbound))?;
    let native = native_components(isvc, &spec, Origin::LiveRuntime);
    if native.is_empty() {
        return Err(refusal(&shown, RuntimeProblem::NoNativeComponent));
    }
    check_runtime_ready(isvc, service, &shown)?;
    let mut label = LabelEvidence::Absent;
    for ir in irs {
        if check_label(ir, &selected, service)? == LabelEvidence::Confirmed {
            label = LabelEvidence::Confirmed;
        }
    }
    Ok(active(selected, spec, native, label))
}

fn active(
    selected: Selected,
    spec: RuntimeSpec,
    native: Vec<crate::ome::Component>,
    label: LabelEvidence,
) -> ActiveRuntime {
    let chain: Vec<Stamp> = selected.chain.iter().map(|c| c.stamp()).collect();
    let mut stamps = vec![selected.model.stamp.clone()];
    stamps.extend(chain.iter().cloned());
    ActiveRuntime {
        origin: Origin::LiveRuntime,
        scope: RuntimeScope {
            kind: selected.runtime.kind,
            namespace: selected.runtime.namespace.clone(),
        },
        spec,
        stamps,
        native,
        selection: Some(SelectionFacts {
            model_kind: selected.model.kind,
            model: selected.model.stamp,
            runtime: selected.runtime.stamp(),
            chain,
            candidates: selected.candidates,
            label,
            model_spec: selected.model.spec,
        }),
    }
}

/// `native-runtime runtime=<shown> pin=AutoSync cause=<problem>` (a timeout is the plain
/// deadline error).
fn native_runtime(shown: &str, problem: RuntimeProblem) -> Result<ScaleCheck, Refusal> {
    if problem == RuntimeProblem::Timeout {
        return Err(ScaleError::DeadlineExceeded.into());
    }
    Ok(ScaleCheck::new(
        CheckId::NativeRuntime,
        Evidence::new()
            .name("runtime", shown)
            .word("pin", "AutoSync")
            .word("cause", problem.as_str()),
    ))
}

fn refusal(shown: &str, problem: RuntimeProblem) -> Refusal {
    match native_runtime(shown, problem) {
        Ok(check) => ScaleError::Runtime.because(check),
        Err(refusal) => refusal,
    }
}

/// The refusal with lines of further checks and a `next:` line.
fn explained(
    shown: &str,
    problem: RuntimeProblem,
    lines: Vec<(CheckId, Evidence)>,
    next: Option<&str>,
) -> Refusal {
    let mut check = match native_runtime(shown, problem) {
        Ok(check) => check,
        Err(refusal) => return refusal,
    };
    for (id, evidence) in lines {
        check = check.followed_by(id, evidence);
    }
    if let Some(service) = next {
        check = check.with_next(Next::RuntimeExplain {
            service: service.to_string(),
        });
    }
    ScaleError::Runtime.because(check)
}

fn read_problem(cause: &ApiError) -> RuntimeProblem {
    match cause {
        ApiError::TimedOut => RuntimeProblem::Timeout,
        ApiError::Forbidden { .. } | ApiError::Unauthorized { .. } => RuntimeProblem::Forbidden,
        _ => RuntimeProblem::Unreadable,
    }
}

/// Each failure of the selection with its cause and lines (runtime-selection.md §2.4, §5.5).
fn failure_refusal(service: &str, failure: SelectionFailure) -> Refusal {
    let selection = |evidence: Evidence| vec![(CheckId::RuntimeSelection, evidence)];
    match failure {
        SelectionFailure::Model(ModelReadProblem::NotFound | ModelReadProblem::Failed { .. }) => {
            refusal("-", RuntimeProblem::ModelNotFound)
        }
        SelectionFailure::Model(ModelReadProblem::Malformed) | SelectionFailure::ModelUnbound => {
            refusal("-", RuntimeProblem::Unbound)
        }
        SelectionFailure::Gate(ModelGate::Disabled) => refusal("-", RuntimeProblem::ModelDisabled),
        SelectionFailure::Gate(ModelGate::NoFormat) => {
            refusal("-", RuntimeProblem::ModelIncompatible)
        }
        SelectionFailure::Gate(ModelGate::Sharded) => refusal("-", RuntimeProblem::ModelSharded),
        SelectionFailure::Snapshot(SnapshotProblem::Failed { cause, .. }) => {
            refusal("-", read_problem(&cause))
        }
        SelectionFailure::Snapshot(SnapshotProblem::Truncated { kind }) => explained(
            "-",
            RuntimeProblem::SelectionTruncated,
            vec![
                (
                    CheckId::RuntimeSelection,
                    Evidence::new()
                        .word("kind", kind.as_str())
                        .int("limit", count(MAX_CANDIDATES))
                        .int("pageSize", count(PAGE_SIZE))
                        .int("maxPages", count(MAX_PAGES)),
                ),
                (
                    CheckId::RuntimeSelection,
                    Evidence::new()
                        .word("advice", "name-the-runtime")
                        .word("field", "spec.runtime.name"),
                ),
            ],
            Some(service),
        ),
        SelectionFailure::Snapshot(SnapshotProblem::Inconsistent { kind, problem }) => explained(
            "-",
            RuntimeProblem::SelectionInconsistent,
            selection(
                Evidence::new()
                    .word("kind", kind.as_str())
                    .word("problem", problem.as_str()),
            ),
            None,
        ),
        SelectionFailure::NoMatch {
            candidates,
            model,
            sharded,
        } => explained(
            "-",
            if sharded {
                RuntimeProblem::ModelSharded
            } else {
                RuntimeProblem::NoRuntimeSelected
            },
            selection(
                Evidence::new()
                    .int("candidates", count(candidates))
                    .name("model", format!("{}/{}", model.kind, model.stamp.name)),
            ),
            Some(service),
        ),
        SelectionFailure::Chain { runtime, problem } => refusal(
            &runtime,
            match problem {
                ChainProblem::NotFound => RuntimeProblem::NotFound,
                ChainProblem::Cycle => RuntimeProblem::Cycle,
                ChainProblem::MaxDepthExceeded => RuntimeProblem::MaxDepthExceeded,
            },
        ),
        SelectionFailure::RuntimeUnbound { runtime } => refusal(&runtime, RuntimeProblem::Unbound),
    }
}

fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// §5.3 item 1: no `RuntimeReady` condition, or exactly one that is `True`.
fn check_runtime_ready(isvc: &InferenceService, service: &str, shown: &str) -> Result<(), Refusal> {
    let ready: Vec<_> = isvc
        .status
        .conditions
        .iter()
        .filter(|c| c.type_ == "RuntimeReady")
        .collect();
    let status = match ready.as_slice() {
        [] => return Ok(()),
        [one] => match one.status.as_str() {
            "True" => return Ok(()),
            "False" => "False",
            "Unknown" => "Unknown",
            _ => "Invalid",
        },
        _ => "Duplicate",
    };
    let reason = match ready.as_slice() {
        [one] => one.reason.clone().filter(|r| !r.is_empty()),
        _ => None,
    };
    Err(explained(
        shown,
        RuntimeProblem::RuntimeNotReady,
        vec![(
            CheckId::RuntimeReady,
            Evidence::new()
                .word("status", status)
                .name("reason", reason.unwrap_or_else(|| "-".to_string())),
        )],
        Some(service),
    ))
}

/// §5.3 item 2: the IR's `serving-runtime` label, when present, names the winner.
fn check_label(ir: &Value, selected: &Selected, service: &str) -> Result<LabelEvidence, Refusal> {
    let label = ir
        .pointer("/metadata/labels/serving-runtime")
        .and_then(Value::as_str);
    let winner = &selected.runtime.name;
    match label {
        None => Ok(LabelEvidence::Absent),
        Some(label) if label == winner => Ok(LabelEvidence::Confirmed),
        Some(label) => {
            let ir_name = ir
                .pointer("/metadata/name")
                .and_then(Value::as_str)
                .unwrap_or_default();
            Err(explained(
                &selected.runtime.kind_name(),
                RuntimeProblem::SelectedRuntimeMismatch,
                vec![(
                    CheckId::RuntimeLabel,
                    Evidence::new()
                        .name("ir", ir_name)
                        .name("label", label)
                        .name("selected", winner.clone()),
                )],
                Some(service),
            ))
        }
    }
}

/// `source-revalidation kind=<Kind> name=<name> changed=<what>`.
pub(crate) fn source_changed(stamp: &Stamp, changed: &'static str) -> Refusal {
    refuse(
        ScaleError::ManualScaleSourceChanged,
        CheckId::SourceRevalidation,
        Evidence::new()
            .name("kind", stamp.kind.clone())
            .name("name", stamp.name.clone())
            .word("changed", changed),
    )
}
