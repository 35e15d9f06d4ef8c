//! Evaluate: pure functions from collected evidence to verdicts, projections and previews.
//! No I/O and no hidden clock reads: the current time is a parameter.

pub(crate) mod admin_doctor;
pub(crate) mod autoscale_explain;
pub(crate) mod autoscale_status;
pub(crate) mod condition;
pub(crate) mod deployment_mode;
pub(crate) mod instance_list;
pub(crate) mod instance_row;
pub(crate) mod instance_status;
pub(crate) mod lifecycle;
pub(crate) mod logs;
pub(crate) mod migration;
pub(crate) mod read;
pub(crate) mod release_held;
pub(crate) mod replica_identity;
pub(crate) mod replica_sources;
pub(crate) mod retry_blocks;
pub(crate) mod rollout;
pub(crate) mod rollout_action;
pub(crate) mod rollout_explain;
pub(crate) mod runtime_effective;
pub(crate) mod runtime_explain;
pub(crate) mod runtime_selection;
pub(crate) mod scale;
pub(crate) mod status;
pub(crate) mod version;
pub(crate) mod wait;
