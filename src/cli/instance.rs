//! `instance list` arguments → a typed request (read-commands.md §3.1, §3.2). No I/O: the
//! namespace is checked once the kubeconfig is loaded.

use crate::cli::args::InstanceListArgs;
use crate::errors::{CliError, CommonError, InstanceError};
use crate::ome::names::is_dns1123_subdomain;
use crate::ome::request::{InstanceListRequest, OutputFormat};

/// Cobra's argument count first, then the output format, then the service name.
pub(crate) fn parse(args: &InstanceListArgs) -> Result<InstanceListRequest, CliError> {
    let [name] = args.names.as_slice() else {
        return Err(CommonError::ArgCount(args.names.len()).into());
    };
    // `wide` is not offered here: the base parser rejects it with the base message.
    let output = OutputFormat::parse_base(&args.output)
        .ok_or_else(|| InstanceError::UnsupportedOutput(args.output.clone()))?;
    let name = name.clone();
    if !is_dns1123_subdomain(&name) {
        return Err(InstanceError::InvalidName.into());
    }
    Ok(InstanceListRequest { name, output })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(names: &[&str], output: &str) -> InstanceListArgs {
        InstanceListArgs {
            names: names.iter().map(|s| s.to_string()).collect(),
            output: output.to_string(),
        }
    }

    fn message(result: Result<InstanceListRequest, CliError>) -> String {
        result
            .map(|_| String::new())
            .unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn validation_order_and_messages() {
        assert_eq!(
            message(parse(&args(&[], "wide"))),
            "accepts 1 arg(s), received 0"
        );
        assert_eq!(
            message(parse(&args(&["Bad_Name"], "wide"))),
            "unsupported output format \"wide\" (supported: table, json, yaml)"
        );
        assert_eq!(
            message(parse(&args(&["Bad_Name"], "json"))),
            "inference service name is invalid"
        );
        let ok = parse(&args(&["chat"], "")).unwrap();
        assert_eq!(ok.output, OutputFormat::Table);
    }
}
