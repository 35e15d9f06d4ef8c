//! Render: turning a report or result into text. Pure functions from values to strings; the
//! command writes the string to its stream.

pub(crate) mod admin_doctor;
pub(crate) mod autoscale_explain;
pub(crate) mod autoscale_status;
pub(crate) mod instance_list;
pub(crate) mod instance_status;
pub(crate) mod logs;
pub(crate) mod migration_status;
pub(crate) mod output;
pub(crate) mod release_held;
pub(crate) mod retry_blocks;
pub(crate) mod rollout_action;
pub(crate) mod rollout_explain;
pub(crate) mod rollout_status;
pub(crate) mod runtime_effective;
pub(crate) mod runtime_explain;
pub(crate) mod scale;
pub(crate) mod status;
pub(crate) mod structured;
pub(crate) mod table;
pub(crate) mod term_layout;
pub(crate) mod version;
pub(crate) mod wait;

pub(crate) use output::{Tabular, render};
pub(crate) use table::{Table, TableStyle, Tone};
