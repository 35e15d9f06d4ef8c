//! Commands: each one a thin composition of parse → connect → collect → evaluate → render →
//! act, plus the orchestration that repeats reads (the `wait` engine).

pub mod autoscale;
pub mod completion;
pub mod instance;
pub mod migration;
pub mod output;
pub mod rollout;
pub mod scale;
pub mod version;
pub mod wait;
