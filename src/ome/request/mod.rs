//! Typed requests: what the user asked for, as the command-line parsers (`cli`) produce it and
//! the later stages consume it. No parsing logic beyond the closed value sets.

pub(crate) mod logs;
mod output;
mod scale;
mod version;
pub(crate) mod wait;

pub(crate) use output::OutputFormat;
pub(crate) use scale::{
    DryRun, REQUEST_CAP, ReleaseHeldRequest, RolloutActionRequest, ScaleRequest,
};
pub(crate) use version::VersionRequest;
pub(crate) use wait::{
    ConditionStatus, IrBinding, MAX_TIMEOUT, Predicate, RolloutTarget, WaitRequest,
};

use crate::ome::Component;

/// Which live evidence `autoscale status` was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct LiveFlags {
    pub(crate) live_scale: bool,
    pub(crate) live_scaler: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AutoscaleStatusRequest {
    pub(crate) name: String,
    pub(crate) output: OutputFormat,
    pub(crate) live: LiveFlags,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct InstanceListRequest {
    pub(crate) name: String,
    pub(crate) output: OutputFormat,
}

/// `instance retry-blocks` (after-the-write.md §2.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RetryBlocksRequest {
    pub(crate) name: String,
    pub(crate) component: Component,
    pub(crate) output: OutputFormat,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RolloutStatusRequest {
    pub(crate) name: String,
    pub(crate) output: OutputFormat,
}

/// `rollout explain` (rollout-explain.md §1.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RolloutExplainRequest {
    pub(crate) name: String,
    pub(crate) output: OutputFormat,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MigrationStatusRequest {
    pub(crate) name: String,
    pub(crate) component: Option<Component>,
    pub(crate) output: OutputFormat,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct InstanceStatusRequest {
    pub(crate) name: String,
    pub(crate) index: i64,
    pub(crate) component: Component,
    pub(crate) output: OutputFormat,
    pub(crate) ome_namespace: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AutoscaleExplainRequest {
    pub(crate) name: String,
    pub(crate) output: OutputFormat,
    pub(crate) ome_namespace: String,
}

/// `runtime effective` (after-the-write.md §3.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RuntimeEffectiveRequest {
    pub(crate) name: String,
    pub(crate) output: OutputFormat,
    pub(crate) ome_namespace: String,
}

/// `runtime explain` (runtime-selection.md §7.1): what the candidates are judged against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RuntimeExplainRequest {
    /// `--model NAME`: the BaseModel of that name, else the ClusterBaseModel; no service.
    Model(String),
    /// `--isvc NAME`: the service's model, accelerator classes and deployment modes.
    Service(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StatusRequest {
    pub(crate) name: String,
    pub(crate) output: OutputFormat,
    pub(crate) ome_namespace: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DoctorRequest {
    pub(crate) output: OutputFormat,
    pub(crate) isvc: Option<String>,
    pub(crate) access: bool,
    pub(crate) component: Option<Component>,
    pub(crate) ome_namespace: String,
}
