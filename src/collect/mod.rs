//! Collect: every API read, and nothing else. Independent reads are issued concurrently; the
//! evaluators decide what the results mean, in the documented order.

pub mod autoscale;
pub mod http;
pub mod instance;
pub mod migration;
pub mod rollout;
pub mod scale;
pub mod wait;
