//! ServingRuntime / ClusterServingRuntime view (api-contract.md §4).

use super::isvc::{ComponentSpec, ScalingPolicy};
use serde::Deserialize;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RuntimeSpec {
    #[serde(default)]
    pub(crate) engine_config: Option<ComponentSpec>,
    #[serde(default)]
    pub(crate) decoder_config: Option<ComponentSpec>,
    #[serde(default)]
    pub(crate) router_config: Option<ComponentSpec>,
    #[serde(default)]
    pub(crate) scaling_policy: Option<ScalingPolicy>,
    #[serde(default)]
    pub(crate) disabled: Option<bool>,
}

impl RuntimeSpec {
    pub(crate) fn component(&self, name: &str) -> Option<&ComponentSpec> {
        match name {
            "engine" => self.engine_config.as_ref(),
            "decoder" => self.decoder_config.as_ref(),
            "router" => self.router_config.as_ref(),
            _ => None,
        }
    }
}
