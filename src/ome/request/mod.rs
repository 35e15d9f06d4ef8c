//! Typed requests: what the user asked for, as the command-line parsers (`cli`) produce it and
//! the later stages consume it. No parsing logic beyond the closed value sets.

mod output;
mod scale;
mod wait;

pub(crate) use output::OutputFormat;
pub(crate) use scale::{DryRun, REQUEST_CAP, ScaleRequest};
pub(crate) use wait::{
    ConditionStatus, IrBinding, MAX_TIMEOUT, Predicate, RolloutTarget, WaitRequest,
};

use crate::ome::Component;

/// Which live evidence `autoscale status` was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct LiveFlags {
    pub live_scale: bool,
    pub live_scaler: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AutoscaleStatusRequest {
    pub name: String,
    pub output: OutputFormat,
    pub live: LiveFlags,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct InstanceListRequest {
    pub name: String,
    pub output: OutputFormat,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RolloutStatusRequest {
    pub name: String,
    pub output: OutputFormat,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MigrationStatusRequest {
    pub name: String,
    pub component: Option<Component>,
    pub output: OutputFormat,
}
