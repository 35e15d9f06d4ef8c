//! Evaluate `scale`: pure functions from the collected evidence to a prepared plan, or to the
//! first refusal in the documented order (scale.md §2.3–§2.7). No I/O; the clock is a
//! parameter.

pub mod autoscaler_checks;
pub mod autoscaling;
pub mod model;
pub mod payload;
pub mod pin;
pub mod prepare;
pub mod replica;
pub mod result;
pub mod revalidate;
pub mod rollout;
pub mod runtime;
pub mod scale_body;
pub mod target;

use crate::collect::ApiError;
use crate::errors::ScaleError;

pub use prepare::{Evidence, Plan, prepare};
pub use result::{ActionResult, build_result};

/// The identity of one source object, revalidated just before the write (§2.3 step 8).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    pub kind: String,
    pub api_version: String,
    pub namespace: String,
    pub name: String,
    pub uid: String,
    pub resource_version: String,
    pub generation: i64,
}

/// A failed stage-1 read (ISVC, IR, Scale) as the user sees it: a timeout is the plain context
/// error, anything else the generic API message with the cause hidden.
pub fn read_error(err: &ApiError) -> ScaleError {
    match err {
        ApiError::TimedOut => ScaleError::DeadlineExceeded,
        _ => ScaleError::Api,
    }
}
