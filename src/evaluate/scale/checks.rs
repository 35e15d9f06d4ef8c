//! The evidence of a refusal (diagnose.md §5.1): small constructors so that each check names
//! what it found where it finds it.

use crate::errors::scale_check::{CheckId, Evidence, ScaleCheck};
use crate::errors::{Refusal, ScaleError};

/// `error` with one line of evidence of check `id`.
pub(crate) fn refuse(error: ScaleError, id: CheckId, evidence: Evidence) -> Refusal {
    error.because(ScaleCheck::new(id, evidence))
}

/// `inspection-bounds object=<Kind> limit=<path> observed=<n> max=<m>`.
pub(crate) fn bounds(
    object: &'static str,
    limit: &'static str,
    observed: usize,
    max: usize,
) -> Refusal {
    let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    refuse(
        ScaleError::Bounds,
        CheckId::InspectionBounds,
        Evidence::new()
            .word("object", object)
            .word("limit", limit)
            .int("observed", count(observed))
            .int("max", count(max)),
    )
}

/// `controller-freshness ir=<name> cause=<cause>` and more evidence.
pub(crate) fn stale(ir: &str, cause: &'static str, more: Evidence) -> Refusal {
    let mut evidence = Evidence::new().name("ir", ir).word("cause", cause);
    evidence.0.extend(more.0);
    refuse(ScaleError::Stale, CheckId::ControllerFreshness, evidence)
}

/// `manual-scale-source cause=<cause>` and more evidence.
pub(crate) fn source(cause: &'static str, more: Evidence) -> Refusal {
    let mut evidence = Evidence::new().word("cause", cause);
    evidence.0.extend(more.0);
    refuse(
        ScaleError::ManualScaleSource,
        CheckId::ManualScaleSource,
        evidence,
    )
}

/// `replica-binding ir=<name> cause=<cause>` and more evidence.
pub(crate) fn binding(ir: &str, cause: &'static str, more: Evidence) -> Refusal {
    let mut evidence = Evidence::new().name("ir", ir).word("cause", cause);
    evidence.0.extend(more.0);
    refuse(ScaleError::ScaleEvidence, CheckId::ReplicaBinding, evidence)
}
