//! `instance list` arguments → a typed request (read-commands.md §3.1, §3.2). No I/O: the
//! namespace is checked once the kubeconfig is loaded.

use crate::cli::args::{InstanceListArgs, InstanceRetryBlocksArgs, InstanceStatusArgs};
use crate::errors::{
    CliError, InstanceListError, InstanceStatusError, ReadPreamble, RetryBlocksError,
};
use crate::ome::Component;
use crate::ome::request::{
    InstanceListRequest, InstanceStatusRequest, OutputFormat, RetryBlocksRequest,
};

/// Cobra's argument count first, then the output format, then the service name.
pub(crate) fn parse(args: &InstanceListArgs) -> Result<InstanceListRequest, CliError> {
    let (name, output) = args.parse::<InstanceListError>()?;
    Ok(InstanceListRequest { name, output })
}

/// `instance status` (diagnose.md §1.2 steps 1–5): the argument count, the output format
/// (trimmed and lower-cased first), the name, the component and the index. The namespaces are
/// checked once the kubeconfig is loaded.
pub(crate) fn parse_status(
    args: &InstanceStatusArgs,
) -> Result<InstanceStatusRequest, InstanceStatusError> {
    let [name, index] = args.names.as_slice() else {
        return Err(InstanceStatusError::ArgCount(args.names.len()));
    };
    let wanted = args.output.trim().to_ascii_lowercase();
    let output = if wanted == "wide" {
        OutputFormat::Wide
    } else {
        OutputFormat::parse_base(&wanted)
            .ok_or_else(|| ReadPreamble::UnsupportedOutput(wanted.clone()))?
    };
    ReadPreamble::check_name(name)?;
    let component = match args.component.trim() {
        "" => return Err(InstanceStatusError::ComponentRequired),
        value => Component::parse(value).ok_or(InstanceStatusError::InvalidComponent)?,
    };
    let index = parse_index(index).ok_or(InstanceStatusError::InvalidIndex)?;
    Ok(InstanceStatusRequest {
        name: name.clone(),
        index,
        component,
        output,
        ome_namespace: args.ome_namespace.clone(),
    })
}

/// `instance retry-blocks` (after-the-write.md §2.2 steps 1–4): the argument count, the output
/// format (`wide` is rejected), the name, then the component.
pub(crate) fn parse_retry_blocks(
    args: &InstanceRetryBlocksArgs,
) -> Result<RetryBlocksRequest, CliError> {
    let (name, output) = args.service.parse::<RetryBlocksError>()?;
    let component = match args.component.trim() {
        "" => return Err(RetryBlocksError::ComponentRequired.into()),
        value => Component::parse(value).ok_or(RetryBlocksError::InvalidComponent)?,
    };
    Ok(RetryBlocksRequest {
        name,
        component,
        output,
    })
}

/// A decimal from 0 through 2147483647.
fn parse_index(text: &str) -> Option<i64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<i32>().ok().map(i64::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::message;

    fn args(names: &[&str], output: &str) -> InstanceListArgs {
        InstanceListArgs::new(names, output)
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

    fn status_args(names: &[&str], component: &str, output: &str) -> InstanceStatusArgs {
        InstanceStatusArgs {
            names: names.iter().map(|s| s.to_string()).collect(),
            component: component.to_string(),
            output: output.to_string(),
            ome_namespace: "ome".into(),
        }
    }

    #[test]
    fn instance_status_arguments_in_order() {
        let message = |a: InstanceStatusArgs| message(parse_status(&a));
        assert_eq!(
            message(status_args(&["chat"], "engine", "xml")),
            "accepts 2 arg(s), received 1"
        );
        assert_eq!(
            message(status_args(&["chat", "0"], "engine", " XML ")),
            "unsupported output format \"xml\" (supported: table, json, yaml)"
        );
        assert_eq!(
            message(status_args(&["Chat", "x"], "", "json")),
            "inference service name is invalid"
        );
        assert_eq!(
            message(status_args(&["chat", "x"], " ", "json")),
            "--component is required"
        );
        assert_eq!(
            message(status_args(&["chat", "x"], "gpu", "json")),
            "component must be engine, decoder, or router"
        );
        for bad in ["-1", "x", "2147483648", ""] {
            assert_eq!(
                message(status_args(&["chat", bad], "engine", "json")),
                "instance index must be an integer from 0 through 2147483647"
            );
        }
        let ok = parse_status(&status_args(&["chat", "2147483647"], "decoder", "WIDE")).unwrap();
        assert_eq!(
            (ok.index, ok.component, ok.output),
            (2147483647, Component::Decoder, OutputFormat::Wide)
        );
    }
}
