//! The fields selection reads, typed strictly: a candidate or model whose field has the wrong
//! JSON type does not decode (the real CRDs make that impossible, so only a broken or hostile
//! server sends it, and nothing is selected from such a snapshot).

use super::size::SizeRange;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A runtime's raw spec, the selection fields only (inheritance is never merged).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CandidateSpec {
    #[serde(default)]
    pub(crate) disabled: Option<bool>,
    #[serde(default)]
    pub(crate) supported_model_formats: Option<Vec<Entry>>,
    #[serde(default)]
    pub(crate) model_size_range: Option<SizeRange>,
    #[serde(default)]
    pub(crate) accelerator_requirements: Option<AcceleratorRequirements>,
    #[serde(default)]
    pub(crate) engine_config: Option<ComponentAnnotations>,
    #[serde(default)]
    pub(crate) decoder_config: Option<ComponentAnnotations>,
}

/// `spec.acceleratorRequirements`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AcceleratorRequirements {
    #[serde(default)]
    pub(crate) accelerator_classes: Option<Vec<String>>,
}

/// The annotations of a runtime component (its declared deployment mode).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub(crate) struct ComponentAnnotations {
    #[serde(default)]
    pub(crate) annotations: Option<BTreeMap<String, String>>,
}

/// One `supportedModelFormats` entry.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Entry {
    #[serde(default)]
    pub(crate) model_format: Option<Format>,
    #[serde(default)]
    pub(crate) model_framework: Option<Format>,
    #[serde(default)]
    pub(crate) model_architecture: Option<String>,
    #[serde(default)]
    pub(crate) quantization: Option<String>,
    #[serde(default)]
    pub(crate) auto_select: Option<bool>,
    #[serde(default)]
    pub(crate) priority: Option<i64>,
    #[serde(default)]
    pub(crate) diffusion_pipeline: Option<Pipeline>,
}

/// A format or framework: of a model (name, version) or of an entry (also operator, weight).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub(crate) struct Format {
    #[serde(default)]
    pub(crate) name: Option<String>,
    #[serde(default)]
    pub(crate) version: Option<String>,
    #[serde(default)]
    pub(crate) operator: Option<String>,
    #[serde(default)]
    pub(crate) weight: Option<i64>,
}

impl Format {
    pub(crate) fn name(&self) -> &str {
        self.name.as_deref().unwrap_or_default()
    }
}

/// A diffusion pipeline: of a model, or what an entry requires of one.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Pipeline {
    #[serde(default)]
    pub(crate) class_name: Option<String>,
    #[serde(default)]
    pub(crate) scheduler: Option<PipelinePart>,
    #[serde(default)]
    pub(crate) text_encoder: Option<PipelinePart>,
    #[serde(default)]
    pub(crate) tokenizer: Option<PipelinePart>,
    #[serde(default)]
    pub(crate) transformer: Option<PipelinePart>,
    #[serde(default)]
    pub(crate) vae: Option<PipelinePart>,
    #[serde(default)]
    pub(crate) additional_components: Option<BTreeMap<String, PipelinePart>>,
}

impl Pipeline {
    /// The named parts, in the order they are compared.
    pub(crate) fn parts(&self) -> [(&'static str, Option<&PipelinePart>); 5] {
        [
            ("scheduler", self.scheduler.as_ref()),
            ("textEncoder", self.text_encoder.as_ref()),
            ("tokenizer", self.tokenizer.as_ref()),
            ("transformer", self.transformer.as_ref()),
            ("vae", self.vae.as_ref()),
        ]
    }
}

/// One part of a diffusion pipeline.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub(crate) struct PipelinePart {
    #[serde(default)]
    pub(crate) library: Option<String>,
    #[serde(default, rename = "type")]
    pub(crate) type_: Option<String>,
}

/// A BaseModel's or ClusterBaseModel's spec, the fields selection reads.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ModelSpec {
    #[serde(default)]
    pub(crate) disabled: Option<bool>,
    #[serde(default)]
    pub(crate) model_format: Option<Format>,
    #[serde(default)]
    pub(crate) model_framework: Option<Format>,
    #[serde(default)]
    pub(crate) model_architecture: Option<String>,
    #[serde(default)]
    pub(crate) quantization: Option<String>,
    #[serde(default)]
    pub(crate) model_parameter_size: Option<String>,
    #[serde(default)]
    pub(crate) distribution: Option<String>,
    #[serde(default)]
    pub(crate) diffusion_pipeline: Option<Pipeline>,
}

impl ModelSpec {
    pub(crate) fn format_name(&self) -> &str {
        self.model_format.as_ref().map_or("", Format::name)
    }

    pub(crate) fn format_version(&self) -> Option<&str> {
        self.model_format.as_ref()?.version.as_deref()
    }

    pub(crate) fn is_sharded(&self) -> bool {
        self.distribution.as_deref() == Some("Sharded")
    }

    /// `mt:<format>` then `:<format version>`, `:<architecture>`, `:<quantization>`,
    /// `:<framework>`, `:<framework version>`, each when set.
    pub(crate) fn label(&self) -> String {
        let framework = self.model_framework.as_ref();
        let parts = [
            self.format_version(),
            self.model_architecture.as_deref(),
            self.quantization.as_deref(),
            framework.and_then(|f| f.name.as_deref()),
            framework.and_then(|f| f.version.as_deref()),
        ];
        let mut label = format!("mt:{}", self.format_name());
        for part in parts.into_iter().flatten() {
            label.push(':');
            label.push_str(part);
        }
        label
    }
}
