//! Automatic runtime selection (runtime-selection.md): for a service that names a model and no
//! runtime, the runtime OME's controller selects, judged the way it judges: every candidate on
//! its raw listed spec (§3), ranked (§4), the first one selected. Pure: the model and the
//! candidate snapshot come in as read, verdicts go out.

pub(crate) mod candidate;
pub(crate) mod chain;
pub(crate) mod entry;
pub(crate) mod judge;
pub(crate) mod model;
pub(crate) mod rank;
pub(crate) mod requested;
pub(crate) mod score;
pub(crate) mod size;
pub(crate) mod snapshot;
pub(crate) mod spec;
#[cfg(test)]
mod tests;
pub(crate) mod version;

use crate::ome::InferenceService;
use crate::ome::reads::ModelReads;
use crate::ome::selection::SnapshotReads;
use candidate::Candidate;
use chain::ChainProblem;
use judge::judge;
use model::{ModelGate, ModelReadProblem, SelectedModel};
use rank::{Verdict, rank};
use requested::Requested;
use snapshot::{Snapshot, SnapshotProblem};
use spec::ModelSpec;

/// Whether `isvc` selects its runtime: no runtime name, and a model name (§1).
pub(crate) fn selects(isvc: &InferenceService) -> bool {
    let runtime_named = isvc
        .spec
        .runtime
        .as_ref()
        .and_then(|r| r.name.as_deref())
        .is_some_and(|n| !n.is_empty());
    let model_named = isvc
        .spec
        .model
        .as_ref()
        .and_then(|m| m.name.as_deref())
        .is_some_and(|n| !n.is_empty());
    !runtime_named && model_named
}

/// Every candidate's verdict, ranked: the qualifying ones first (the first is selected).
pub(crate) fn select<'a>(
    snapshot: &'a Snapshot,
    model: &ModelSpec,
    requested: &Requested,
) -> Vec<Verdict<'a>> {
    let verdicts = snapshot
        .candidates
        .iter()
        .map(|candidate| Verdict {
            candidate,
            outcome: judge(candidate, model, requested),
        })
        .collect();
    rank(verdicts, model.model_parameter_size.is_some())
}

/// The selected runtime with what it was selected from.
#[derive(Debug, Clone)]
pub(crate) struct Selected {
    pub(crate) model: SelectedModel,
    /// The winner.
    pub(crate) runtime: Candidate,
    /// Its declared chain, root first (the winner last).
    pub(crate) chain: Vec<Candidate>,
    /// How many candidates the snapshot held.
    pub(crate) candidates: usize,
}

/// Why no runtime is selected, in the order the checks run (§5.2).
#[derive(Debug, Clone)]
pub(crate) enum SelectionFailure {
    /// The model read: 404 twice, another failure, or a malformed spec.
    Model(ModelReadProblem),
    /// The model is disabled or names no format.
    Gate(ModelGate),
    /// The model cannot be bound as a source.
    ModelUnbound,
    Snapshot(SnapshotProblem),
    /// Nothing qualifies; `sharded` when the model is Sharded (which nothing can serve here).
    NoMatch {
        candidates: usize,
        model: Box<SelectedModel>,
        sharded: bool,
    },
    /// The winner's chain (`runtime`: the winner as `<Kind>/<name>`).
    Chain {
        runtime: String,
        problem: ChainProblem,
    },
    /// The winner or a runtime of its chain cannot be bound as a source.
    RuntimeUnbound {
        runtime: String,
    },
}

/// The model, the snapshot and the winner: what the selection chose, before its chain.
#[derive(Debug, Clone)]
pub(crate) struct Chosen {
    pub(crate) model: SelectedModel,
    pub(crate) snapshot: Snapshot,
    /// The winner's index in the snapshot.
    winner: usize,
}

impl Chosen {
    pub(crate) fn winner(&self) -> Option<&Candidate> {
        self.snapshot.candidates.get(self.winner)
    }

    /// The winner's declared chain, root first; every runtime of it bindable.
    pub(crate) fn chain(&self) -> Result<Vec<&Candidate>, SelectionFailure> {
        let Some(winner) = self.winner() else {
            return Err(SelectionFailure::NoMatch {
                candidates: self.snapshot.candidates.len(),
                model: Box::new(self.model.clone()),
                sharded: self.model.spec.is_sharded(),
            });
        };
        let chain =
            chain::chain(&self.snapshot, winner).map_err(|problem| SelectionFailure::Chain {
                runtime: winner.kind_name(),
                problem,
            })?;
        if !chain.iter().all(|c| c.is_bindable()) {
            return Err(SelectionFailure::RuntimeUnbound {
                runtime: winner.kind_name(),
            });
        }
        Ok(chain)
    }
}

/// The model gate, the snapshot and the selection, in that order.
pub(crate) fn choose(
    isvc: &InferenceService,
    models: &ModelReads,
    reads: &SnapshotReads,
) -> Result<Chosen, SelectionFailure> {
    let model = model::read(models).map_err(SelectionFailure::Model)?;
    match model.gate() {
        Some(gate @ (ModelGate::Disabled | ModelGate::NoFormat)) => {
            return Err(SelectionFailure::Gate(gate));
        }
        Some(ModelGate::Sharded) | None => {}
    }
    if !model.is_bindable() {
        return Err(SelectionFailure::ModelUnbound);
    }
    let snapshot = snapshot::snapshot(reads).map_err(SelectionFailure::Snapshot)?;
    let winner = {
        let verdicts = select(&snapshot, &model.spec, &Requested::of(isvc));
        verdicts
            .first()
            .filter(|v| v.outcome.is_ok())
            .and_then(|v| {
                snapshot
                    .candidates
                    .iter()
                    .position(|c| std::ptr::eq(c, v.candidate))
            })
    };
    match winner {
        Some(winner) => Ok(Chosen {
            model,
            snapshot,
            winner,
        }),
        None => Err(SelectionFailure::NoMatch {
            candidates: snapshot.candidates.len(),
            sharded: model.spec.is_sharded(),
            model: Box::new(model),
        }),
    }
}

/// The model gate, the snapshot, the selection and the winner's chain, in that order.
pub(crate) fn resolve(
    isvc: &InferenceService,
    models: &ModelReads,
    reads: &SnapshotReads,
) -> Result<Selected, SelectionFailure> {
    let chosen = choose(isvc, models, reads)?;
    let chain: Vec<Candidate> = chosen.chain()?.into_iter().cloned().collect();
    let runtime = chain
        .last()
        .cloned()
        .ok_or(SelectionFailure::ModelUnbound)?;
    Ok(Selected {
        runtime,
        chain,
        candidates: chosen.snapshot.candidates.len(),
        model: chosen.model,
    })
}
