//! Evaluate: pure functions from collected evidence to verdicts, projections and previews.
//! No I/O and no hidden clock reads: the current time is a parameter.

pub mod autoscale;
pub mod instance;
pub mod lifecycle;
pub mod migration;
pub mod rollout;
pub mod scale;
pub mod wait;
