//! One acquisition of the waited-for state per predicate: the reads in their documented order
//! (independent ones concurrently), then the pure evaluation of what was read.

use crate::collect::instance::{ListLimits, collect_replicas};
use crate::collect::wait::{self as reads, Found};
use crate::connect::RequestTimeout;
use crate::errors::WaitError;
use crate::evaluate::instance::{code as instance_code, project};
use crate::evaluate::wait::identity::{ParentProblem, check_parent, is_deleting};
use crate::evaluate::wait::{
    Observation, condition, held_revision, migration, ready, rollout, runtime_sync, scale,
};
use crate::ome::evidence::{ApiError, ReplicaCollection};
use crate::ome::request::{Predicate, WaitRequest};
use crate::ome::{Component, Fetched, InferenceService, meta_resource_version, meta_uid};

/// What one acquisition found.
pub(super) enum Acquired {
    /// The InferenceService does not exist (404).
    NotFound,
    /// A read's own deadline expired; this poll is skipped.
    Skipped,
    Found {
        uid: String,
        resource_version: String,
        deleting: bool,
        observation: Box<Observation>,
    },
}

/// Acquires the state for one request; keeps the IR pinned at first sight across polls.
pub(super) struct Acquirer {
    pub(crate) client: kube::Client,
    pub(crate) timeout: RequestTimeout,
    pub(crate) namespace: String,
    pub(crate) request: WaitRequest,
    pinned_ir: Option<(String, String)>,
    pinned_migration_source: Option<migration::PinnedSource>,
}

/// Turns a read error into the engine's reason; a timed-out read is skipped.
fn failed(e: ApiError) -> Result<Acquired, WaitError> {
    match e {
        ApiError::TimedOut => Ok(Acquired::Skipped),
        _ => Err(WaitError::AcquisitionFailed),
    }
}

impl Acquirer {
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
        }
    }

    fn component(&self) -> Component {
        self.request.component.unwrap_or(Component::Engine)
    }

    fn replicas(&self) -> i32 {
        self.request.replicas.unwrap_or(0)
    }

    /// Binds a parent read to the request and evaluates a watch-driven predicate on it.
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
            Predicate::RuntimeSync => Observation::RuntimeSync(runtime_sync::evaluate(
                &parent.raw,
                self.request.request_id.as_deref().unwrap_or_default(),
            )),
            _ => return Err(WaitError::AcquisitionFailed),
        };
        Ok(found(isvc, observation))
    }

    fn check(&self, isvc: &InferenceService) -> Result<(), WaitError> {
        check_parent(isvc, &self.namespace, &self.request.name).map_err(|p| match p {
            ParentProblem::NoIdentity => WaitError::InvalidIdentity,
            ParentProblem::Mismatch => WaitError::AcquisitionFailed,
        })
    }

    /// One acquisition of the state.
    pub(super) async fn acquire(&mut self) -> Result<Acquired, WaitError> {
        match self.request.predicate {
            // Poll-only for runtime-sync; the same single parent GET otherwise.
            Predicate::ConditionReady(_) | Predicate::Rollout(_) | Predicate::RuntimeSync => {
                match reads::get_parent(
                    &self.client,
                    self.timeout,
                    &self.namespace,
                    &self.request.name,
                )
                .await
                {
                    Ok(Found::Object(parent)) => self.evaluate_parent(&parent),
                    Ok(Found::Missing) => Ok(Acquired::NotFound),
                    Err(e) => failed(e),
                }
            }
            Predicate::ReplicasCurrent => self.acquire_scale().await,
            Predicate::ReplicasReady => self.acquire_ready().await,
            Predicate::MigrationTerminal => self.acquire_migration().await,
            // Refused before the engine starts (commands::wait).
            Predicate::HeldRevision => self.acquire_held().await,
        }
    }

    /// replicas=current (§4.5): parent GET, IR selection, bounded IR GET, parent re-GET.
    async fn acquire_scale(&mut self) -> Result<Acquired, WaitError> {
        let (ns, name) = (self.namespace.clone(), self.request.name.clone());
        let parent = match reads::get_parent(&self.client, self.timeout, &ns, &name).await {
            Ok(Found::Object(p)) => p.view,
            Ok(Found::Missing) => return Ok(Acquired::NotFound),
            Err(e) => return failed(e),
        };
        self.check(&parent)?;
        let request = scale::ScaleRequest {
            component: self.component(),
            replicas: self.replicas(),
            bound: self.request.ir.clone(),
        };
        let selection = scale::select_ir(&parent, request.component, request.bound.as_ref());
        let mut ir = None;
        if let scale::Selection::Read(ir_name) = &selection {
            ir = match reads::get_replica(&self.client, self.timeout, &ns, ir_name).await {
                Ok(Found::Object(read)) => Some(read),
                Ok(Found::Missing) => None,
                Err(e) => return failed(e),
            };
            // Re-check the parent only after the IR read completed.
            let again = match reads::get_parent(&self.client, self.timeout, &ns, &name).await {
                Ok(Found::Object(p)) => p.view,
                Ok(Found::Missing) => {
                    return Ok(found_deleting(&parent, self.initial()));
                }
                Err(e) => return failed(e),
            };
            self.check(&again)?;
            if !scale::parent_unchanged(&parent, &again, request.component) {
                ir = None;
            }
        }
        let evidence = scale::ScaleEvidence {
            parent: &parent,
            selection,
            ir: ir.as_ref(),
        };
        let observation =
            Observation::Scale(scale::evaluate(&evidence, &request, &mut self.pinned_ir));
        Ok(found(&parent, observation))
    }

    /// replicas=ready (§4.6): parent GET and the `instance list` collection, concurrently,
    /// then the `instance list` projection with wait's tighter bounds.
    async fn acquire_ready(&mut self) -> Result<Acquired, WaitError> {
        let (parent, collection) = match self.parent_and_list(ListLimits::WAIT).await? {
            Listed::Both(both) => *both,
            Listed::Ended(acquired) => return Ok(acquired),
        };
        let report = project(
            &parent,
            &collection,
            ready::MAX_ROWS,
            jiff::Timestamp::now(),
        );
        let unreadable = report.content.issues.iter().any(|i| {
            i.code == instance_code::COLLECTION_UNAVAILABLE
                && i.unavailable_reason == Some("Unreadable")
        });
        if unreadable {
            return Err(WaitError::AcquisitionFailed);
        }
        let observation = Observation::Ready(ready::evaluate(
            &report,
            self.component(),
            self.replicas(),
            &mut self.pinned_ir,
        ));
        Ok(found(&parent.view, observation))
    }

    /// migration=terminal (§4.9): parent GET and the bounded IR LIST (the `migration status`
    /// bounds), concurrently; judged on the `migration status` projection.
    async fn acquire_migration(&mut self) -> Result<Acquired, WaitError> {
        let (parent, collection) = match self.parent_and_list(ListLimits::MIGRATION).await? {
            Listed::Both(both) => (both.0, both.1),
            Listed::Ended(acquired) => return Ok(acquired),
        };
        let report =
            crate::evaluate::migration::project(&parent, &collection, None, jiff::Timestamp::now());
        let id = self.request.request_id.as_deref().unwrap_or_default();
        let observation = Observation::Migration(migration::evaluate(
            &report,
            id,
            &mut self.pinned_migration_source,
        ));
        Ok(found(&parent.view, observation))
    }

    /// The parent GET and the bounded IR LIST within `limits`, concurrently: both usable, or
    /// what this acquisition ends with (a missing parent, a skipped poll).
    async fn parent_and_list(&self, limits: ListLimits) -> Result<Listed, WaitError> {
        let (ns, name) = (&self.namespace, &self.request.name);
        let (parent, collection) = futures::join!(
            reads::get_parent(&self.client, self.timeout, ns, name),
            collect_replicas(&self.client, ns, name, limits.with_timeout(self.timeout)),
        );
        let parent = match parent {
            Ok(Found::Object(p)) => p,
            Ok(Found::Missing) => return Ok(Listed::Ended(Acquired::NotFound)),
            Err(e) => return failed(e).map(Listed::Ended),
        };
        self.check(&parent.view)?;
        if let Some(skipped) = list_failure(&collection)? {
            return Ok(Listed::Ended(skipped));
        }
        Ok(Listed::Both(Box::new((parent, collection))))
    }

    /// held-revision=unheld (§4.10, evidence-strictness.md §3.3): the parent and the exact
    /// original IR (bounded) concurrently, then the parent again once the IR read has completed.
    async fn acquire_held(&mut self) -> Result<Acquired, WaitError> {
        let (ns, name) = (&self.namespace, &self.request.name);
        let target = crate::evaluate::wait::report::held_target(&self.request);
        let (parent, ir) = futures::join!(
            reads::get_parent(&self.client, self.timeout, ns, name),
            reads::get_replica_raw(&self.client, self.timeout, ns, &target.ir.name),
        );
        let parent = match parent {
            Ok(Found::Object(p)) => p,
            Ok(Found::Missing) => return Ok(Acquired::NotFound),
            Err(e) => return failed(e),
        };
        self.check(&parent.view)?;
        let ir = match ir {
            Ok(Found::Object(ir)) => Some(ir),
            Ok(Found::Missing) => None,
            Err(e) => return failed(e),
        };
        let again = match reads::get_parent(&self.client, self.timeout, ns, name).await {
            Ok(Found::Object(p)) => p.raw,
            // Gone between the reads: not the same parent.
            Ok(Found::Missing) => serde_json::Value::Null,
            Err(e) => return failed(e),
        };
        let observation = Observation::HeldRevision(held_revision::evaluate(
            &parent.raw,
            ir.as_ref(),
            &again,
            &target,
            jiff::Timestamp::now(),
        ));
        Ok(found(&parent.view, observation))
    }

    fn initial(&self) -> Observation {
        crate::evaluate::wait::report::initial_observation(&self.request)
    }
}

/// The parent and the IR list of one acquisition, or how the acquisition ended early.
enum Listed {
    Both(Box<(Fetched<InferenceService>, ReplicaCollection)>),
    Ended(Acquired),
}

/// A LIST error aborts the wait; a 404 LIST is a missing object (nothing recorded yet) and a
/// timed-out page skips this poll.
fn list_failure(collection: &ReplicaCollection) -> Result<Option<Acquired>, WaitError> {
    match &collection.error {
        None => Ok(None),
        Some(e) if e.is_not_found() => Ok(None),
        Some(ApiError::TimedOut) => Ok(Some(Acquired::Skipped)),
        Some(_) => Err(WaitError::AcquisitionFailed),
    }
}

fn found(parent: &InferenceService, observation: Observation) -> Acquired {
    Acquired::Found {
        uid: meta_uid(&parent.metadata).to_string(),
        resource_version: meta_resource_version(&parent.metadata).to_string(),
        deleting: is_deleting(parent),
        observation: Box::new(observation),
    }
}

/// The parent vanished between two reads of one acquisition.
fn found_deleting(parent: &InferenceService, observation: Observation) -> Acquired {
    match found(parent, observation) {
        Acquired::Found {
            uid,
            resource_version,
            observation,
            ..
        } => Acquired::Found {
            uid,
            resource_version,
            deleting: true,
            observation,
        },
        other => other,
    }
}
