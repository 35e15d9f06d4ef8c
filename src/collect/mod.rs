//! Collect: every API read, and nothing else. Independent reads are issued concurrently; the
//! evaluators decide what the results mean, in the documented order.

pub(crate) mod autoscale;
pub(crate) mod diagnose;
pub mod handoff;
pub mod http;
pub(crate) mod instance;
pub(crate) mod list;
pub(crate) mod logs;
pub(crate) mod migration;
pub(crate) mod release_held;
pub(crate) mod rollout;
pub(crate) mod runtime_effective;
pub(crate) mod scale;
pub(crate) mod selection;
pub(crate) mod version;
pub(crate) mod wait;
pub(crate) mod watch;
