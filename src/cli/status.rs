//! `status` arguments → a typed request (diagnose.md §3.1 steps 2–4). No I/O: the namespaces
//! are checked once the kubeconfig is loaded.

use crate::cli::args::StatusArgs;
use crate::errors::StatusError;
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::request::{OutputFormat, StatusRequest};

/// The argument count, then `-o` (case-sensitive), then the name.
pub(crate) fn parse(args: &StatusArgs) -> Result<StatusRequest, StatusError> {
    let [name] = args.service.names.as_slice() else {
        return Err(StatusError::ArgCount);
    };
    let output = match args.service.output.as_str() {
        "table" => OutputFormat::Table,
        "wide" => OutputFormat::Wide,
        "json" => OutputFormat::Json,
        "yaml" => OutputFormat::Yaml,
        _ => return Err(StatusError::UnsupportedOutput),
    };
    if !is_dns1123_subdomain(name) {
        return Err(StatusError::InvalidName);
    }
    Ok(StatusRequest {
        name: name.clone(),
        output,
        ome_namespace: args.ome_namespace.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::ServiceArgs;
    use crate::cli::message;

    fn args(names: &[&str], output: &str) -> StatusArgs {
        StatusArgs {
            service: ServiceArgs::new(names, output),
            ome_namespace: "ome".into(),
        }
    }

    #[test]
    fn count_then_output_then_name_and_never_the_input() {
        let message = |a: StatusArgs| message(parse(&a));
        assert_eq!(
            message(args(&[], "xml")),
            "status requires exactly one InferenceService name"
        );
        assert_eq!(
            message(args(&["Bad"], "JSON")),
            "status output must be table, wide, json, or yaml"
        );
        assert_eq!(
            message(args(&["Bad"], "wide")),
            "status requires a valid InferenceService name"
        );
        assert_eq!(
            parse(&args(&["chat"], "yaml")).unwrap().output,
            OutputFormat::Yaml
        );
    }
}
