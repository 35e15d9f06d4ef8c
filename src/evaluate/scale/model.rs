//! The model gate of `scale` (evidence-strictness.md §2.1): the model a service names must exist
//! (a BaseModel in the service's namespace wins over the ClusterBaseModel of that name) and be
//! enabled; under AutoSync it must also name a format and must not be sharded (the runtime
//! compatibility matcher is not implemented, so a sharded model is refused).

use crate::evaluate::read::at;
use serde_json::Value;

/// One model read of stage 2.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ModelRead {
    Found(Value),
    NotFound,
    /// Any other failure (forbidden, timeout, an undecodable body, …).
    Failed,
}

/// Why the model gate refused (the `cause` of the `native-runtime` check line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ModelCause {
    /// `ModelNotFound`: neither kind could be read.
    NotFound,
    /// `ModelDisabled`.
    Disabled,
    /// `ModelIncompatible`: no format, or sharded, under AutoSync.
    Incompatible,
}

/// The two stage-2 reads for `spec.model.name`, checked in order: the BaseModel decides when it
/// was read; only a 404 falls through to the ClusterBaseModel (whose result is otherwise
/// discarded, errors included).
pub(crate) fn check(
    base: &ModelRead,
    cluster: &ModelRead,
    auto_sync: bool,
) -> Result<(), ModelCause> {
    let model = match (base, cluster) {
        (ModelRead::Found(model), _) => model,
        (ModelRead::NotFound, ModelRead::Found(model)) => model,
        _ => return Err(ModelCause::NotFound),
    };
    let spec = at(model, &["spec"]);
    match spec.get("disabled") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => {}
        Some(_) => return Err(ModelCause::Disabled),
    }
    if auto_sync {
        let format = at(spec, &["modelFormat", "name"])
            .as_str()
            .unwrap_or_default();
        let sharded = at(spec, &["distribution"]).as_str() == Some("Sharded");
        if format.is_empty() || sharded {
            return Err(ModelCause::Incompatible);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn model(spec: Value) -> ModelRead {
        ModelRead::Found(json!({"metadata": {"name": "m"}, "spec": spec}))
    }

    fn enabled() -> ModelRead {
        model(json!({"disabled": false, "modelFormat": {"name": "safetensors"}}))
    }

    #[test]
    fn the_base_model_decides_when_read() {
        use ModelRead::*;
        assert_eq!(check(&enabled(), &Failed, true), Ok(()));
        assert_eq!(check(&NotFound, &enabled(), true), Ok(()));
        let disabled = model(json!({"disabled": true, "modelFormat": {"name": "x"}}));
        assert_eq!(
            check(&disabled, &enabled(), true),
            Err(ModelCause::Disabled)
        );
        assert_eq!(check(&NotFound, &NotFound, true), Err(ModelCause::NotFound));
        assert_eq!(check(&Failed, &enabled(), true), Err(ModelCause::NotFound));
        assert_eq!(check(&NotFound, &Failed, true), Err(ModelCause::NotFound));
        let odd = model(json!({"disabled": "yes", "modelFormat": {"name": "x"}}));
        assert_eq!(check(&odd, &NotFound, false), Err(ModelCause::Disabled));
    }

    #[test]
    fn compatibility_only_under_autosync() {
        let no_format = model(json!({"modelFormat": {"name": ""}}));
        let sharded = model(json!({"modelFormat": {"name": "x"}, "distribution": "Sharded"}));
        for m in [&no_format, &sharded] {
            assert_eq!(
                check(m, &ModelRead::NotFound, true),
                Err(ModelCause::Incompatible)
            );
            assert_eq!(check(m, &ModelRead::NotFound, false), Ok(()));
        }
    }
}
