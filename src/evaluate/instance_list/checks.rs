//! The per-InferenceReplica checks of `instance list`, in the documented order
//! (read-commands.md §3.4). Each failed check adds an issue scoped to the component and IR and
//! may downgrade the component state, hide its rows or fix its index set.

use super::report::{Code, ComponentReport, ComponentState, IndexSet, InstanceReport, Issue};
use crate::evaluate::instance_row::Instance;
use crate::ome::Component;
use crate::ome::keys::ANNOTATION_PARENT_GENERATION;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::replica::INSTANCE_PHASES;
use crate::ome::replica::ReplicaStatus;
use crate::ome::{InferenceReplica, InstanceRow, meta_annotation, meta_name};
use std::collections::BTreeSet;

/// Row-level issues recorded per IR; more mark the output truncated.
pub(super) const MAX_ROW_ISSUES: usize = 8;

/// The decoded rows of one IR, or the fact that they exceed the remaining row budget.
pub(super) enum Rows<'a> {
    Decoded(&'a [InstanceRow]),
    OverBudget,
}

/// What the checks made of one accepted IR.
pub(super) struct Evaluated {
    pub(crate) component: ComponentReport,
    pub(crate) instances: Vec<InstanceReport>,
    pub(crate) issues: Vec<Issue>,
    pub(crate) truncated: bool,
}

struct Verdict {
    state: ComponentState,
    index_set: Option<IndexSet>,
    hidden: bool,
    issues: Vec<Issue>,
    component: &'static str,
    name: String,
}

impl Verdict {
    fn issue(&mut self, code: Code) {
        self.issues
            .push(Issue::scoped(code, self.component, &self.name));
    }

    fn row_issue(&mut self, code: Code, index: i64) {
        let mut issue = Issue::scoped(code, self.component, &self.name);
        issue.index = Some(index);
        self.issues.push(issue);
    }

    fn malformed(&mut self, code: Code) {
        self.state = ComponentState::Malformed;
        self.index_set = Some(IndexSet::Malformed);
        self.hidden = true;
        self.issue(code);
    }

    /// Unavailable unless already Malformed.
    fn unavailable(&mut self, code: Code) {
        if self.state != ComponentState::Malformed {
            self.state = ComponentState::Unavailable;
        }
        self.not_reported();
        self.issue(code);
    }

    /// Unavailable only if still Reported.
    fn unavailable_if_reported(&mut self, code: Code) {
        if self.state == ComponentState::Reported {
            self.state = ComponentState::Unavailable;
        }
        self.not_reported();
        self.issue(code);
    }

    fn not_reported(&mut self) {
        if self.index_set != Some(IndexSet::Malformed) {
            self.index_set = Some(IndexSet::NotReported);
        }
        self.hidden = true;
    }

    fn stale(&mut self, code: Code) {
        if self.state == ComponentState::Reported {
            self.state = ComponentState::Stale;
        }
        self.issue(code);
    }
}

/// A canonical positive decimal of at most 19 digits that fits an int64.
fn parse_parent_generation(value: &str) -> Option<i64> {
    let canonical = !value.is_empty()
        && value.len() <= 19
        && value.bytes().all(|b| b.is_ascii_digit())
        && !value.starts_with('0');
    if !canonical {
        return None;
    }
    value.parse::<i64>().ok().filter(|g| *g > 0)
}

fn valid_revision(value: &str) -> bool {
    value.is_empty() || is_dns1123_subdomain(value)
}

/// The aggregate counts of an IR's status (absent counts are 0).
struct Counts {
    replicas: i64,
    ready: i64,
    serving: i64,
    available: i64,
    updated: i64,
    updated_ready: i64,
}

impl Counts {
    fn of(status: &ReplicaStatus) -> Counts {
        let count = |value: Option<i64>| value.unwrap_or(0);
        Counts {
            replicas: count(status.replicas),
            ready: count(status.ready_replicas),
            serving: count(status.serving_replicas),
            available: count(status.available_replicas),
            updated: count(status.updated_replicas),
            updated_ready: count(status.updated_ready_replicas),
        }
    }

    /// Non-negative, nested (available ≤ serving ≤ ready ≤ replicas, updated-ready ≤ updated ≤
    /// replicas) and, when rows were decoded, as many rows as replicas.
    fn consistent(&self, row_count: Option<usize>) -> bool {
        [
            self.replicas,
            self.ready,
            self.serving,
            self.available,
            self.updated,
            self.updated_ready,
        ]
        .iter()
        .all(|c| *c >= 0)
            && row_count.is_none_or(|n| n == 0 || i64::try_from(n).ok() == Some(self.replicas))
            && self.available <= self.serving
            && self.serving <= self.ready
            && self.ready <= self.replicas
            && self.updated <= self.replicas
            && self.updated_ready <= self.updated
            && self.updated_ready <= self.ready
    }
}

/// The parent-generation stamp against the service's generation, then the IR's own
/// observed generation.
fn check_generations(v: &mut Verdict, ir: &InferenceReplica, service_generation: i64) {
    let generation = ir.metadata.generation.unwrap_or(0);
    let observed = ir.status.observed_generation.unwrap_or(0);
    match meta_annotation(&ir.metadata, ANNOTATION_PARENT_GENERATION) {
        None => v.unavailable(Code::ParentGenerationMissing),
        Some(text) => match parse_parent_generation(text) {
            None => v.malformed(Code::ParentGenerationInvalid),
            Some(parent) if parent < service_generation => v.stale(Code::ParentGenerationStale),
            Some(parent) if parent > service_generation => v.malformed(Code::ParentGenerationAhead),
            Some(_) => {}
        },
    }
    if observed == 0 && generation > 0 {
        v.unavailable(Code::StatusUnobserved);
    }
    if generation <= 0 || observed < 0 || observed > generation {
        v.malformed(Code::ObservedGenerationInvalid);
    } else if observed > 0 && observed < generation {
        v.stale(Code::StaleGeneration);
    }
}

/// The current and update revisions, without any that is not a valid name.
fn revisions(v: &mut Verdict, status: &ReplicaStatus) -> (Option<String>, Option<String>) {
    let current = status.current_revision.clone().filter(|r| !r.is_empty());
    let update = status.update_revision.clone().filter(|r| !r.is_empty());
    let valid = |r: &Option<String>| r.as_deref().is_none_or(valid_revision);
    if valid(&current) && valid(&update) {
        return (current, update);
    }
    v.malformed(Code::RevisionInvalid);
    (
        current.filter(|r| valid_revision(r)),
        update.filter(|r| valid_revision(r)),
    )
}

/// The decoded rows: duplicate indices, per-row problems (at most [`MAX_ROW_ISSUES`] reported),
/// the index set, and the Instances shown unless the component is hidden. Also whether row
/// issues were left out.
fn check_rows(
    v: &mut Verdict,
    rows: &[InstanceRow],
    component: Component,
    name: &str,
) -> (Vec<InstanceReport>, bool) {
    let mut truncated = false;
    let mut sorted: Vec<&InstanceRow> = rows.iter().collect();
    sorted.sort_by_key(|r| r.index);
    let mut seen = BTreeSet::new();
    let duplicated = sorted.iter().map(|r| r.index).find(|i| !seen.insert(*i));
    if let Some(index) = duplicated {
        v.malformed(Code::DuplicateIndex);
        if let Some(last) = v.issues.last_mut() {
            last.index = Some(index);
        }
    }
    let mut row_issues = 0usize;
    for row in &sorted {
        for problem in row_problems(row) {
            if row_issues < MAX_ROW_ISSUES {
                v.row_issue(problem, row.index);
            } else {
                truncated = true;
            }
            row_issues += 1;
        }
    }
    if row_issues > 0 {
        v.state = ComponentState::Malformed;
        v.index_set = Some(IndexSet::Malformed);
        v.hidden = true;
    }
    if v.index_set.is_none() {
        let dense = sorted
            .iter()
            .enumerate()
            .all(|(i, r)| i64::try_from(i).ok() == Some(r.index));
        let set = if sorted.is_empty() {
            IndexSet::Empty
        } else if dense {
            IndexSet::Dense
        } else {
            IndexSet::Sparse
        };
        if set == IndexSet::Sparse {
            v.issue(Code::SparseIndices);
        }
        v.index_set = Some(set);
    }
    let instances = if v.hidden {
        Vec::new()
    } else {
        sorted
            .iter()
            .map(|row| instance(row, component, name, v.state))
            .collect()
    };
    (instances, truncated)
}

/// The checks of one accepted IR, in the documented order.
pub(super) fn evaluate_replica(
    ir: &InferenceReplica,
    component: Component,
    rows: Rows<'_>,
    service_generation: i64,
    duplicate: bool,
) -> Evaluated {
    let name = meta_name(&ir.metadata).to_string();
    let status = &ir.status;
    let mut v = Verdict {
        state: ComponentState::Reported,
        index_set: None,
        hidden: false,
        issues: Vec::new(),
        component: component.as_str(),
        name: name.clone(),
    };
    check_generations(&mut v, ir, service_generation);
    let counts = Counts::of(status);
    let row_count = match rows {
        Rows::Decoded(rows) => Some(rows.len()),
        Rows::OverBudget => None,
    };
    if !counts.consistent(row_count) {
        v.malformed(Code::AggregateInvalid);
    }
    let (current_revision, update_revision) = revisions(&mut v, status);
    if row_count == Some(0) && counts.replicas > 0 {
        v.unavailable_if_reported(Code::StatusesNotReported);
    }
    if duplicate {
        v.malformed(Code::DuplicateComponent);
    }
    let (instances, truncated) = match rows {
        Rows::OverBudget => {
            v.unavailable(Code::StatusRowsTruncated);
            (Vec::new(), true)
        }
        Rows::Decoded(rows) => check_rows(&mut v, rows, component, &name),
    };
    Evaluated {
        component: ComponentReport {
            type_: component.as_str().to_string(),
            state: v.state,
            inference_replica: name,
            generation: ir.metadata.generation.unwrap_or(0),
            observed_generation: status.observed_generation.unwrap_or(0),
            index_set: v.index_set.unwrap_or(IndexSet::NotReported),
            current_revision,
            update_revision,
            replicas: counts.replicas,
            ready_replicas: counts.ready,
            serving_replicas: counts.serving,
            available_replicas: counts.available,
            updated_replicas: counts.updated,
            updated_ready_replicas: counts.updated_ready,
            pause: None,
            rollout_hold: None,
            held_revisions: None,
        },
        instances,
        issues: v.issues,
        truncated,
    }
}

fn row_problems(row: &InstanceRow) -> Vec<Code> {
    let mut problems = Vec::new();
    if row.index < 0 {
        problems.push(Code::IndexInvalid);
    }
    if row.incarnation < 0 {
        problems.push(Code::IncarnationInvalid);
    }
    if !INSTANCE_PHASES.contains(&row.phase.as_str()) {
        problems.push(Code::PhaseInvalid);
    }
    if !valid_revision(&row.running_revision) || !valid_revision(&row.target_revision) {
        problems.push(Code::InstanceRevisionInvalid);
    }
    let (total, serving, available) = (
        row.pod_count,
        row.serving_pod_count,
        row.available_pod_count,
    );
    if total < 0 || serving < 0 || available < 0 || available > serving || serving > total {
        problems.push(Code::PodCountsInvalid);
    }
    problems
}

fn instance(
    row: &InstanceRow,
    component: Component,
    ir_name: &str,
    state: ComponentState,
) -> InstanceReport {
    InstanceReport {
        component: component.as_str().to_string(),
        instance: Instance::of(row, ir_name),
        operation_present: row.operation.is_some(),
        last_failure_present: row.last_failure.as_ref().is_some_and(|f| !f.is_null()),
        evidence: state,
    }
}
