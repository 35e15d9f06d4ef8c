//! Commands: each one a thin composition of parse → connect → collect → evaluate → render →
//! act, plus the orchestration that repeats reads (the `wait` engine).

pub(crate) mod autoscale;
pub(crate) mod completion;
pub(crate) mod doctor;
pub(crate) mod explain;
mod failed_read;
pub(crate) mod instance;
pub(crate) mod instance_status;
pub(crate) mod interrupt;
pub(crate) mod logs;
pub(crate) mod migration;
pub(crate) mod output;
pub(crate) mod release_held;
pub(crate) mod retry_blocks;
pub(crate) mod rollout;
pub(crate) mod rollout_action;
pub(crate) mod runtime_effective;
pub(crate) mod runtime_reads;
pub(crate) mod scale;
pub(crate) mod status;
pub(crate) mod version;
pub(crate) mod wait;
