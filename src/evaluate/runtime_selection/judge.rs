//! The checks one candidate passes or fails, in order (runtime-selection.md §3.2); the first
//! failure is its reason.

use super::candidate::Candidate;
use super::entry;
use super::requested::Requested;
use super::score;
use super::size;
use super::spec::{ComponentAnnotations, ModelSpec};
use crate::evaluate::deployment_mode::valid_mode;
use crate::ome::keys::ANNOTATION_DEPLOYMENT_MODE;

/// Why a candidate does not qualify.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Exclusion {
    Disabled,
    AcceleratorClass,
    DeploymentMode {
        component: &'static str,
        runtime: &'static str,
        requested: &'static str,
    },
    /// No entry matches: the model's label and, per entry, why not.
    Format {
        label: String,
        parts: String,
    },
    Size {
        size: String,
        range: String,
    },
    NoAutoSelect,
    /// The entry that matches is not `autoSelect: true` (another entry is).
    MatchingNotAutoSelect {
        format: String,
    },
    /// The score is 0 (`priority_zero`: the matching entry's priority is 0).
    ZeroScore {
        priority_zero: bool,
    },
}

impl Exclusion {
    /// The REASON `runtime explain` shows (runtime-selection.md §7.4).
    pub(crate) fn reason(&self) -> String {
        match self {
            Exclusion::Disabled => "runtime is disabled".into(),
            Exclusion::AcceleratorClass => {
                "runtime does not support the required accelerator class".into()
            }
            Exclusion::DeploymentMode {
                component,
                runtime,
                requested,
            } => format!(
                "runtime {component} deployment mode {runtime} does not match requested \
                 {component} deployment mode {requested}"
            ),
            Exclusion::Format { label, parts } => {
                format!("model format '{label}' not in supported formats: {parts}")
            }
            Exclusion::Size { size, range } => {
                format!("model size {size} is outside supported range {range}")
            }
            Exclusion::NoAutoSelect => "supports the model but has no \
                supportedModelFormats[].autoSelect=true entry, so automatic selection skips it \
                (pin it explicitly via spec.runtime.name instead)"
                .into(),
            Exclusion::MatchingNotAutoSelect { format } => format!(
                "matching format {format} is not autoSelect-enabled (a different \
                 supportedModelFormats entry on this runtime has autoSelect=true, but not the \
                 one that matches this model)"
            ),
            Exclusion::ZeroScore {
                priority_zero: true,
            } => "auto-select score is 0 (format priority 0)".into(),
            Exclusion::ZeroScore {
                priority_zero: false,
            } => "auto-select score is 0".into(),
        }
    }
}

/// A candidate that qualifies: its score and distance (for ranking), and the PRIORITY and
/// WEIGHT of the entry that matched (for `runtime explain`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Qualified {
    pub(crate) score: i64,
    pub(crate) distance: f64,
    pub(crate) priority: i64,
    pub(crate) weight: i64,
}

/// Judges one candidate.
pub(crate) fn judge(
    candidate: &Candidate,
    model: &ModelSpec,
    requested: &Requested,
) -> Result<Qualified, Exclusion> {
    let spec = &candidate.spec;
    if spec.disabled == Some(true) {
        return Err(Exclusion::Disabled);
    }
    let supported = spec
        .accelerator_requirements
        .as_ref()
        .and_then(|a| a.accelerator_classes.as_deref())
        .unwrap_or_default();
    if !requested.classes.iter().all(|c| supported.contains(c)) {
        return Err(Exclusion::AcceleratorClass);
    }
    check_modes(candidate, requested)?;
    let entries = spec.supported_model_formats.as_deref().unwrap_or_default();
    let label = || model.label();
    if entries.is_empty() {
        return Err(Exclusion::Format {
            label: label(),
            parts: "no supported formats defined".into(),
        });
    }
    let Some(first) = entries.iter().find(|e| entry::matches(e, model)) else {
        return Err(Exclusion::Format {
            label: label(),
            parts: entry::parts(entries, model),
        });
    };
    let size = model.model_parameter_size.as_deref();
    if let (Some(size), Some(range)) = (size, spec.model_size_range.as_ref())
        && !range.contains(size::parse(size))
    {
        return Err(Exclusion::Size {
            size: size.to_string(),
            range: range.label(),
        });
    }
    if !entries.iter().any(|e| e.auto_select == Some(true)) {
        return Err(Exclusion::NoAutoSelect);
    }
    let score = score::score(entries, model);
    if score <= 0 {
        return Err(if first.auto_select != Some(true) {
            Exclusion::MatchingNotAutoSelect {
                format: model.format_name().to_string(),
            }
        } else {
            Exclusion::ZeroScore {
                priority_zero: first.priority == Some(0),
            }
        });
    }
    let distance = match (size, spec.model_size_range.as_ref()) {
        (Some(size), Some(range)) => range.distance(size::parse(size)),
        _ => 0.0,
    };
    Ok(Qualified {
        score,
        distance,
        priority: score::entry_priority(first),
        weight: score::weight(first, model),
    })
}

/// The runtime's declared mode of a component, when valid.
fn declared(config: Option<&ComponentAnnotations>) -> Option<&'static str> {
    config
        .and_then(|c| c.annotations.as_ref())
        .and_then(|a| a.get(ANNOTATION_DEPLOYMENT_MODE))
        .and_then(|m| valid_mode(m))
}

/// Engine, then decoder: only a mode declared on both sides and different rejects.
fn check_modes(candidate: &Candidate, requested: &Requested) -> Result<(), Exclusion> {
    let spec = &candidate.spec;
    let pairs = [
        (
            "engine",
            requested.engine_mode,
            declared(spec.engine_config.as_ref()),
        ),
        (
            "decoder",
            requested.decoder_mode,
            declared(spec.decoder_config.as_ref()),
        ),
    ];
    for (component, requested, runtime) in pairs {
        if let (Some(requested), Some(runtime)) = (requested, runtime)
            && requested != runtime
        {
            return Err(Exclusion::DeploymentMode {
                component,
                runtime,
                requested,
            });
        }
    }
    Ok(())
}
