//! `migration status` arguments → a typed request (read-commands.md §6.1). No I/O: the
//! namespace is checked once the kubeconfig is loaded.

use crate::cli::args::MigrationStatusArgs;
use crate::errors::{CliError, MigrationStatusError};
use crate::ome::Component;
use crate::ome::request::MigrationStatusRequest;

/// Cobra's argument count first, then output → name → component.
pub(crate) fn parse(args: &MigrationStatusArgs) -> Result<MigrationStatusRequest, CliError> {
    let (name, output) = args.service.parse::<MigrationStatusError>()?;
    let component = match args.component.as_deref() {
        None => None,
        Some(value) => Some(Component::parse(value).ok_or(MigrationStatusError::InvalidComponent)?),
    };
    Ok(MigrationStatusRequest {
        name,
        component,
        output,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::ServiceArgs;
    use crate::cli::message;

    fn args(names: &[&str], component: Option<&str>, output: &str) -> MigrationStatusArgs {
        MigrationStatusArgs {
            component: component.map(str::to_string),
            service: ServiceArgs::new(names, output),
        }
    }

    #[test]
    fn validation_order_and_messages() {
        assert_eq!(
            message(parse(&args(&["a", "b"], Some("x"), "wide"))),
            "accepts 1 arg(s), received 2"
        );
        assert_eq!(
            message(parse(&args(&["Bad"], Some("x"), "wide"))),
            "unsupported output format \"wide\" (supported: table, json, yaml)"
        );
        assert_eq!(
            message(parse(&args(&["Bad"], Some("x"), "yaml"))),
            "inference service name is invalid"
        );
        assert_eq!(
            message(parse(&args(&["chat"], Some("Engine"), "yaml"))),
            "component must be engine, decoder, or router"
        );
        let ok = parse(&args(&["chat"], Some("router"), "table")).unwrap();
        assert_eq!(ok.component, Some(Component::Router));
    }
}
