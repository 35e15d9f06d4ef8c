//! What an InferenceService asks of a runtime besides its model (runtime-selection.md §3.2
//! checks 2 and 3): accelerator classes and deployment modes.

use crate::evaluate::deployment_mode::valid_mode;
use crate::ome::InferenceService;
use crate::ome::keys::{ANNOTATION_ACCELERATOR_CLASS, ANNOTATION_DEPLOYMENT_MODE};

/// The service's requirements; [`Requested::nothing`] for `runtime explain --model`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Requested {
    /// Every class the service names; each must be supported.
    pub(crate) classes: Vec<String>,
    /// The requested deployment mode of the engine and of the decoder, when valid.
    pub(crate) engine_mode: Option<&'static str>,
    pub(crate) decoder_mode: Option<&'static str>,
}

impl Requested {
    /// No service: checks 2 and 3 pass.
    pub(crate) fn nothing() -> Requested {
        Requested::default()
    }

    /// What `isvc` asks for.
    pub(crate) fn of(isvc: &InferenceService) -> Requested {
        let spec = &isvc.spec;
        let mut classes = Vec::new();
        // The annotation counts whenever present, an empty value included.
        if let Some(class) =
            crate::ome::meta_annotation(&isvc.metadata, ANNOTATION_ACCELERATOR_CLASS)
        {
            classes.push(class.to_string());
        }
        let choices = [
            spec.accelerator_selector.as_ref(),
            spec.engine
                .as_ref()
                .and_then(|e| e.accelerator_override.as_ref()),
            spec.decoder
                .as_ref()
                .and_then(|d| d.accelerator_override.as_ref()),
        ];
        classes.extend(
            choices
                .into_iter()
                .flatten()
                .filter_map(|c| c.accelerator_class.clone())
                .filter(|c| !c.is_empty()),
        );
        let service_mode = spec.deployment_mode.as_deref().and_then(valid_mode);
        let component_mode = |c: Option<&crate::ome::isvc::ComponentSpec>| {
            c.and_then(|c| c.annotations.as_ref())
                .and_then(|a| a.get(ANNOTATION_DEPLOYMENT_MODE))
                .and_then(|m| valid_mode(m))
        };
        Requested {
            classes,
            engine_mode: component_mode(spec.engine.as_ref()).or(service_mode),
            decoder_mode: spec
                .decoder
                .as_ref()
                .and_then(|d| component_mode(Some(d)).or(service_mode)),
        }
    }
}
