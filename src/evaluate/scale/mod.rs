//! Evaluate `scale`: pure functions from the collected evidence to a prepared plan, or to the
//! first refusal in the documented order (scale.md §2.3–§2.7). No I/O; the clock is a
//! parameter.

pub(crate) mod autoscaler_checks;
pub(crate) mod autoscaling;
pub(crate) mod checks;
pub(crate) mod model;
pub(crate) mod payload;
pub(crate) mod pin;
pub(crate) mod pinned;
pub(crate) mod prepare;
#[cfg(test)]
pub(crate) mod properties;
pub(crate) mod replica;
pub(crate) mod reselect;
pub(crate) mod result;
pub(crate) mod revalidate;
pub(crate) mod rollout;
pub(crate) mod runtime;
pub(crate) mod scale_body;
pub(crate) mod selected;
pub(crate) mod target;

use crate::errors::read_check::{ReadCause, ReadObject, read_check};
use crate::errors::{Refusal, ScaleError};
use crate::ome::evidence::ApiError;

pub(crate) use prepare::{Plan, prepare};
pub(crate) use result::{ActionResult, build_result};

/// A failed required read (ISVC, IR, Scale) as the user sees it: the `read` check line naming
/// the object and the cause, then a timeout as the plain context error and anything else as the
/// generic API message (the server's text is never shown).
pub(crate) fn read_failure(object: ReadObject<'_>, err: &ApiError) -> Refusal {
    let error = match err {
        ApiError::TimedOut => ScaleError::DeadlineExceeded,
        _ => ScaleError::Api,
    };
    error.because(read_check(object, ReadCause::of(err)))
}
