//! One acquisition of the waited-for state per predicate: the reads in their documented order
//! (independent ones concurrently), then the pure evaluation of what was read. The same
//! evaluation judges a [`Snapshot`] after a watch event changed one of its objects, and the
//! re-reads that confirm a match seen through a watch follow the order of a poll.

use super::snapshot::{Replicas, Snapshot, Watched};
use crate::collect::instance::{ListLimits, collect_replicas};
use crate::collect::wait::{self as reads, Found};
use crate::connect::RequestTimeout;
use crate::errors::read_check::ReadKind;
use crate::errors::{FailedStep, WaitError};
use crate::evaluate::instance_list::{Code as InstanceCode, project};
use crate::evaluate::wait::identity::{ParentProblem, check_parent, is_deleting};
use crate::evaluate::wait::{
    Observation, condition, held_revision, migration, ready, replicas_current, rollout,
    runtime_sync,
};
use crate::ome::evidence::{ApiError, ReplicaCollection};
use crate::ome::request::{Predicate, WaitRequest};
use crate::ome::{
    Component, Fetched, InferenceReplica, InferenceService, meta_resource_version, meta_uid,
};
use serde_json::Value;
use std::time::Duration;

/// What one acquisition found.
pub(super) enum Acquired {
    /// The InferenceService does not exist (404).
    NotFound,
    /// A read failed in a way a later read may not (429, 5xx, a dropped connection, its own
    /// time limit): this acquisition is skipped, not before `retry_after` if the server asked.
    Skipped { retry_after: Option<Duration> },
    Found {
        uid: String,
        deleting: bool,
        observation: Box<Observation>,
    },
}

impl Acquired {
    /// A found state that satisfies the predicate.
    pub(super) fn matched(&self) -> bool {
        matches!(self, Acquired::Found { observation, .. } if observation.matched())
    }
}

/// An acquisition and, when it read the state, what it read (for the watches to continue).
pub(super) struct Read {
    pub(super) acquired: Acquired,
    pub(super) snapshot: Option<Snapshot>,
}

impl Read {
    fn ended(acquired: Acquired) -> Read {
        Read {
            acquired,
            snapshot: None,
        }
    }
}

/// How the re-reads behind a match seen through a watch turned out.
pub(super) enum Confirmation {
    /// The re-reads were judged like a poll (the outcome may be a match or not).
    Judged(Acquired),
    /// The service changed around the event: nothing is concluded; its own event follows.
    ServiceChanged,
}

/// Acquires the state for one request; keeps the IR pinned at first sight across polls.
pub(super) struct Acquirer {
    pub(crate) client: kube::Client,
    pub(crate) timeout: RequestTimeout,
    pub(crate) namespace: String,
    pub(crate) request: WaitRequest,
    pinned_ir: Option<(String, String)>,
    pinned_migration_source: Option<migration::PinnedSource>,
    /// `--context`, for the `next:` line of a failed read.
    pub(crate) context: Option<String>,
}

impl Acquirer {
    /// Turns a read error into the engine's reason: a transient failure skips the acquisition;
    /// any other ends the wait, naming the read (difference y).
    fn failed(&self, e: ApiError, kind: ReadKind, name: &str) -> Result<Acquired, WaitError> {
        if e.is_transient() {
            return Ok(Acquired::Skipped {
                retry_after: e.retry_after(),
            });
        }
        let step = FailedStep::read(kind, &self.namespace, name, &e, self.context.as_deref());
        Err(WaitError::ReadFailed(Box::new(step)))
    }

    pub(super) fn new(
        client: kube::Client,
        timeout: RequestTimeout,
        namespace: String,
        request: WaitRequest,
    ) -> Self {
        Acquirer {
            client,
            timeout,
            namespace,
            request,
            pinned_ir: None,
            pinned_migration_source: None,
            context: None,
        }
    }

    fn component(&self) -> Component {
        self.request.component.unwrap_or(Component::Engine)
    }

    fn replicas(&self) -> i32 {
        self.request.replicas.unwrap_or(0)
    }

    /// Binds a parent read to the request and evaluates a parent-only predicate on it.
    pub(super) fn evaluate_parent(
        &self,
        parent: &Fetched<InferenceService>,
    ) -> Result<Acquired, WaitError> {
        let isvc = &parent.view;
        self.check(isvc)?;
        let observation = match self.request.predicate {
            Predicate::ConditionReady(wanted) => Observation::Condition(
                condition::evaluate(&parent.raw, wanted, jiff::Timestamp::now()).map_err(|e| {
                    match e {
                        condition::ConditionsUnreadable::TooMany => {
                            WaitError::ConditionInspectionLimit
                        }
                        condition::ConditionsUnreadable::BadTimestamp => {
                            WaitError::AcquisitionFailed
                        }
                    }
                })?,
            ),
            Predicate::Rollout(target) => Observation::Rollout(
                rollout::evaluate(&parent.raw, target, jiff::Timestamp::now())
                    .map_err(|_| WaitError::RolloutInspectionLimit)?,
            ),
            Predicate::RuntimeSync if runtime_sync::over_inspection_limit(&parent.raw) => {
                return Err(WaitError::ConditionInspectionLimit);
            }
            Predicate::RuntimeSync => Observation::RuntimeSync(runtime_sync::evaluate(
                &parent.raw,
                self.request.request_id.as_deref().unwrap_or_default(),
            )),
            _ => return Err(WaitError::AcquisitionFailed),
        };
        Ok(found(isvc, observation))
    }

    /// The parent must be the requested object with a usable identity.
    pub(super) fn check(&self, isvc: &InferenceService) -> Result<(), WaitError> {
        check_parent(isvc, &self.namespace, &self.request.name).map_err(|p| match p {
            ParentProblem::NoIdentity => WaitError::InvalidIdentity,
            ParentProblem::Mismatch => WaitError::AcquisitionFailed,
        })
    }

    /// One acquisition of the state.
    pub(super) async fn acquire(&mut self) -> Result<Read, WaitError> {
        match self.request.predicate {
            Predicate::ConditionReady(_) | Predicate::Rollout(_) | Predicate::RuntimeSync => {
                self.acquire_parent().await
            }
            Predicate::ReplicasCurrent => self.acquire_scale().await,
            Predicate::ReplicasReady => self.acquire_listed(ListLimits::WAIT).await,
            Predicate::MigrationTerminal => self.acquire_listed(ListLimits::MIGRATION).await,
            Predicate::HeldRevision => self.acquire_held().await,
        }
    }

    /// Judges a snapshot the way an acquisition of the same objects is judged.
    pub(super) fn evaluate(&mut self, snapshot: &Snapshot) -> Result<Acquired, WaitError> {
        let parent = &snapshot.parent;
        self.check(&parent.view)?;
        let observation = match (&self.request.predicate, &snapshot.replicas) {
            (Predicate::ReplicasCurrent, _) => {
                let ir = snapshot.named().and_then(|(name, object)| {
                    let selected = self.selection(&parent.view);
                    (selected == replicas_current::Selection::Read(name.to_string()))
                        .then_some(object)
                        .flatten()
                });
                self.scale_observation(&parent.view, ir)?
            }
            (Predicate::HeldRevision, _) => {
                // A match is confirmed by the re-reads of a poll (`confirm`), which read the
                // parent again after the IR.
                let ir = snapshot.named().and_then(|(_, object)| object);
                self.held_observation(parent, ir, &parent.raw)
            }
            (Predicate::ReplicasReady, Replicas::Listed { collection, .. }) => {
                self.ready_observation(parent, collection)?
            }
            (Predicate::MigrationTerminal, Replicas::Listed { collection, .. }) => {
                self.migration_observation(parent, collection)
            }
            _ => return self.evaluate_parent(parent),
        };
        Ok(found(&parent.view, observation))
    }

    /// replicas=current: true when the service now names another InferenceReplica than the one
    /// watched, so only a new read can follow it.
    pub(super) fn selection_moved(&self, snapshot: &Snapshot) -> bool {
        if self.request.predicate != Predicate::ReplicasCurrent {
            return false;
        }
        match self.selection(&snapshot.parent.view) {
            replicas_current::Selection::Read(wanted) => {
                snapshot.named().is_none_or(|(name, _)| name != wanted)
            }
            replicas_current::Selection::Refused(_) => false,
        }
    }

    /// Whether a match seen through a watch must be confirmed by re-reads: the predicates that
    /// read the service and one InferenceReplica in order (§4.5 step 4).
    pub(super) fn confirms_matches(&self) -> bool {
        matches!(
            self.request.predicate,
            Predicate::ReplicasCurrent | Predicate::HeldRevision
        )
    }

    /// The reads a poll makes after the object `trigger`'s event replaced: after an IR event
    /// the service is re-read; after a service event, the IR and then the service. The match
    /// holds only if the service did not change since the snapshot's version.
    pub(super) async fn confirm(
        &mut self,
        snapshot: &Snapshot,
        trigger: Watched,
    ) -> Result<Confirmation, WaitError> {
        let first = &snapshot.parent;
        let Some((name, object)) = snapshot.named() else {
            return Ok(Confirmation::ServiceChanged);
        };
        let (ns, service) = (self.namespace.clone(), self.request.name.clone());
        let ir = match trigger {
            Watched::Replica => object.cloned(),
            _ => match reads::get_replica(&self.client, self.timeout, &ns, name).await {
                Ok(Found::Object(read)) => Some(read),
                Ok(Found::Missing) => None,
                Err(e) => {
                    return self
                        .failed(e, ReadKind::InferenceReplica, name)
                        .map(Confirmation::Judged);
                }
            },
        };
        let again = match reads::get_parent(&self.client, self.timeout, &ns, &service).await {
            Ok(Found::Object(p)) => p,
            Ok(Found::Missing) => {
                return Ok(Confirmation::Judged(found_deleting(
                    &first.view,
                    self.initial(),
                )));
            }
            Err(e) => {
                return self
                    .failed(e, ReadKind::InferenceService, &self.request.name)
                    .map(Confirmation::Judged);
            }
        };
        self.check(&again.view)?;
        let unchanged = match self.request.predicate {
            Predicate::ReplicasCurrent => {
                replicas_current::parent_unchanged(&first.view, &again.view, self.component())
            }
            _ => same_version(&first.view, &again.view),
        };
        if !unchanged {
            return Ok(Confirmation::ServiceChanged);
        }
        let observation = match self.request.predicate {
            Predicate::ReplicasCurrent => self.scale_observation(&first.view, ir.as_ref())?,
            _ => self.held_observation(first, ir.as_ref(), &again.raw),
        };
        Ok(Confirmation::Judged(found(&first.view, observation)))
    }

    /// condition=Ready, rollout=*, runtime-sync: the service GET.
    async fn acquire_parent(&mut self) -> Result<Read, WaitError> {
        let parent = match reads::get_parent(
            &self.client,
            self.timeout,
            &self.namespace,
            &self.request.name,
        )
        .await
        {
            Ok(Found::Object(parent)) => parent,
            Ok(Found::Missing) => return Ok(Read::ended(Acquired::NotFound)),
            Err(e) => {
                return self
                    .failed(e, ReadKind::InferenceService, &self.request.name)
                    .map(Read::ended);
            }
        };
        let snapshot = Snapshot {
            parent,
            replicas: Replicas::NotRead,
        };
        Ok(Read {
            acquired: self.evaluate(&snapshot)?,
            snapshot: Some(snapshot),
        })
    }

    fn selection(&self, parent: &InferenceService) -> replicas_current::Selection {
        replicas_current::select_ir(parent, self.component(), self.request.ir.as_ref())
    }

    /// replicas=current on the parent and the selected IR as read (`None`: not found or not
    /// judged); an IR that does not decode ends the wait.
    fn scale_observation(
        &mut self,
        parent: &InferenceService,
        ir: Option<&Value>,
    ) -> Result<Observation, WaitError> {
        let ir = ir
            .map(|raw| serde_json::from_value::<InferenceReplica>(raw.clone()))
            .transpose()
            .map_err(|_| WaitError::AcquisitionFailed)?;
        let request = replicas_current::ScaleRequest {
            component: self.component(),
            replicas: self.replicas(),
            bound: self.request.ir.clone(),
        };
        let evidence = replicas_current::ScaleEvidence {
            parent,
            selection: self.selection(parent),
            ir: ir.as_ref(),
        };
        Ok(Observation::Scale(replicas_current::evaluate(
            &evidence,
            &request,
            &mut self.pinned_ir,
        )))
    }

    /// replicas=current (§4.5): parent GET, IR selection, bounded IR GET, parent re-GET.
    async fn acquire_scale(&mut self) -> Result<Read, WaitError> {
        let (ns, name) = (self.namespace.clone(), self.request.name.clone());
        let parent = match reads::get_parent(&self.client, self.timeout, &ns, &name).await {
            Ok(Found::Object(p)) => p,
            Ok(Found::Missing) => return Ok(Read::ended(Acquired::NotFound)),
            Err(e) => {
                return self
                    .failed(e, ReadKind::InferenceService, &self.request.name)
                    .map(Read::ended);
            }
        };
        self.check(&parent.view)?;
        let replicas_current::Selection::Read(ir_name) = self.selection(&parent.view) else {
            let observation = self.scale_observation(&parent.view, None)?;
            let acquired = found(&parent.view, observation);
            let snapshot = Snapshot {
                parent,
                replicas: Replicas::Unselected,
            };
            return Ok(Read {
                acquired,
                snapshot: Some(snapshot),
            });
        };
        let ir = match reads::get_replica(&self.client, self.timeout, &ns, &ir_name).await {
            Ok(Found::Object(read)) => Some(read),
            Ok(Found::Missing) => None,
            Err(e) => {
                return self
                    .failed(e, ReadKind::InferenceReplica, &ir_name)
                    .map(Read::ended);
            }
        };
        // Re-check the parent only after the IR read completed.
        let again = match reads::get_parent(&self.client, self.timeout, &ns, &name).await {
            Ok(Found::Object(p)) => p,
            Ok(Found::Missing) => {
                return Ok(Read::ended(found_deleting(&parent.view, self.initial())));
            }
            Err(e) => {
                return self
                    .failed(e, ReadKind::InferenceService, &self.request.name)
                    .map(Read::ended);
            }
        };
        self.check(&again.view)?;
        let unchanged =
            replicas_current::parent_unchanged(&parent.view, &again.view, self.component());
        let judged_ir = if unchanged { ir.as_ref() } else { None };
        let observation = self.scale_observation(&parent.view, judged_ir)?;
        let acquired = found(&parent.view, observation);
        // The watches continue from the latest reads.
        let snapshot = Snapshot {
            parent: again,
            replicas: Replicas::Named {
                name: ir_name,
                object: ir.map(Box::new),
            },
        };
        Ok(Read {
            acquired,
            snapshot: Some(snapshot),
        })
    }

    fn ready_observation(
        &mut self,
        parent: &Fetched<InferenceService>,
        collection: &ReplicaCollection,
    ) -> Result<Observation, WaitError> {
        let report = project(parent, collection, ready::MAX_ROWS, jiff::Timestamp::now());
        let unreadable = report.content.issues.iter().any(|i| {
            i.code == InstanceCode::CollectionUnavailable
                && i.unavailable_reason == Some("Unreadable")
        });
        if unreadable {
            return Err(WaitError::AcquisitionFailed);
        }
        Ok(Observation::Ready(ready::evaluate(
            &report,
            self.component(),
            self.replicas(),
            &mut self.pinned_ir,
        )))
    }

    fn migration_observation(
        &mut self,
        parent: &Fetched<InferenceService>,
        collection: &ReplicaCollection,
    ) -> Observation {
        let report =
            crate::evaluate::migration::project(parent, collection, None, jiff::Timestamp::now());
        let id = self.request.request_id.as_deref().unwrap_or_default();
        Observation::Migration(migration::evaluate(
            &report,
            id,
            &mut self.pinned_migration_source,
        ))
    }

    /// replicas=ready (§4.6) and migration=terminal (§4.9): the parent GET and the bounded IR
    /// LIST within `limits`, concurrently, then the predicate's projection.
    async fn acquire_listed(&mut self, limits: ListLimits) -> Result<Read, WaitError> {
        let (ns, name) = (&self.namespace, &self.request.name);
        let (parent, collection) = futures::join!(
            reads::get_parent(&self.client, self.timeout, ns, name),
            collect_replicas(&self.client, ns, name, limits.with_timeout(self.timeout)),
        );
        let parent = match parent {
            Ok(Found::Object(p)) => p,
            Ok(Found::Missing) => return Ok(Read::ended(Acquired::NotFound)),
            Err(e) => {
                return self
                    .failed(e, ReadKind::InferenceService, &self.request.name)
                    .map(Read::ended);
            }
        };
        self.check(&parent.view)?;
        if let Some(skipped) = self.list_failure(&collection)? {
            return Ok(Read::ended(skipped));
        }
        let snapshot = Snapshot {
            parent,
            replicas: Replicas::Listed {
                collection,
                max_items: limits.max_items,
            },
        };
        Ok(Read {
            acquired: self.evaluate(&snapshot)?,
            snapshot: Some(snapshot),
        })
    }

    /// held-revision=unheld: the parent, the original IR (`None`: not found) and the parent as
    /// read again after the IR.
    fn held_observation(
        &self,
        parent: &Fetched<InferenceService>,
        ir: Option<&Value>,
        parent_again: &Value,
    ) -> Observation {
        let target = crate::evaluate::wait::report::held_target(&self.request);
        Observation::HeldRevision(held_revision::evaluate(
            &parent.raw,
            ir,
            parent_again,
            &target,
            jiff::Timestamp::now(),
        ))
    }

    /// held-revision=unheld (§4.10, evidence-strictness.md §3.3): the parent and the exact
    /// original IR (bounded) concurrently, then the parent again once the IR read has completed.
    async fn acquire_held(&mut self) -> Result<Read, WaitError> {
        let (ns, name) = (self.namespace.clone(), self.request.name.clone());
        let target = crate::evaluate::wait::report::held_target(&self.request);
        let (parent, ir) = futures::join!(
            reads::get_parent(&self.client, self.timeout, &ns, &name),
            reads::get_replica(&self.client, self.timeout, &ns, &target.ir.name),
        );
        let parent = match parent {
            Ok(Found::Object(p)) => p,
            Ok(Found::Missing) => return Ok(Read::ended(Acquired::NotFound)),
            Err(e) => {
                return self
                    .failed(e, ReadKind::InferenceService, &self.request.name)
                    .map(Read::ended);
            }
        };
        self.check(&parent.view)?;
        let ir = match ir {
            Ok(Found::Object(ir)) => Some(ir),
            Ok(Found::Missing) => None,
            Err(e) => {
                return self
                    .failed(e, ReadKind::InferenceReplica, &target.ir.name)
                    .map(Read::ended);
            }
        };
        let again = match reads::get_parent(&self.client, self.timeout, &ns, &name).await {
            Ok(Found::Object(p)) => Some(p),
            // Gone between the reads: not the same parent.
            Ok(Found::Missing) => None,
            Err(e) => {
                return self
                    .failed(e, ReadKind::InferenceService, &self.request.name)
                    .map(Read::ended);
            }
        };
        let again_raw = again.as_ref().map_or(&Value::Null, |p| &p.raw);
        let observation = self.held_observation(&parent, ir.as_ref(), again_raw);
        let acquired = found(&parent.view, observation);
        // The watches continue from the latest reads.
        let snapshot = Snapshot {
            parent: again.unwrap_or(parent),
            replicas: Replicas::Named {
                name: target.ir.name,
                object: ir.map(Box::new),
            },
        };
        Ok(Read {
            acquired,
            snapshot: Some(snapshot),
        })
    }

    /// A LIST error aborts the wait unless it is transient (the acquisition is skipped); a 404
    /// LIST is a missing object (nothing recorded yet).
    fn list_failure(&self, collection: &ReplicaCollection) -> Result<Option<Acquired>, WaitError> {
        match &collection.error {
            None => Ok(None),
            Some(e) if e.is_not_found() => Ok(None),
            Some(e) => {
                let kind = ReadKind::InferenceReplicaList;
                self.failed(e.clone(), kind, &self.request.name).map(Some)
            }
        }
    }

    fn initial(&self) -> Observation {
        crate::evaluate::wait::report::initial_observation(&self.request)
    }
}

/// The same service at the same version, not being deleted.
fn same_version(first: &InferenceService, again: &InferenceService) -> bool {
    meta_uid(&first.metadata) == meta_uid(&again.metadata)
        && meta_resource_version(&first.metadata) == meta_resource_version(&again.metadata)
        && first.metadata.generation == again.metadata.generation
        && !is_deleting(again)
}

fn found(parent: &InferenceService, observation: Observation) -> Acquired {
    Acquired::Found {
        uid: meta_uid(&parent.metadata).to_string(),
        deleting: is_deleting(parent),
        observation: Box::new(observation),
    }
}

/// The parent vanished between two reads of one acquisition.
fn found_deleting(parent: &InferenceService, observation: Observation) -> Acquired {
    match found(parent, observation) {
        Acquired::Found {
            uid, observation, ..
        } => Acquired::Found {
            uid,
            deleting: true,
            observation,
        },
        other => other,
    }
}
