//! Commands: each one a thin composition of parse → connect → collect → evaluate → render →
//! act, plus the orchestration that repeats reads (the `wait` engine).

pub(crate) mod admin_doctor;
pub(crate) mod autoscale_explain;
pub(crate) mod autoscale_status;
pub(crate) mod completion;
mod failed_read;
pub(crate) mod instance_list;
pub(crate) mod instance_status;
pub(crate) mod interrupt;
pub(crate) mod logs;
pub(crate) mod migration_status;
pub(crate) mod output;
pub(crate) mod release_held;
pub(crate) mod retry_blocks;
pub(crate) mod rollout_action;
pub(crate) mod rollout_explain;
pub(crate) mod rollout_reads;
pub(crate) mod rollout_status;
pub(crate) mod runtime_effective;
pub(crate) mod runtime_explain;
pub(crate) mod runtime_reads;
pub(crate) mod scale;
pub(crate) mod status;
pub(crate) mod version;
pub(crate) mod wait;
