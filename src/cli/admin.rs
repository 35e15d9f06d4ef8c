//! `admin doctor` arguments → a typed request (diagnose.md §4.2 steps 2–7, §5.2). No I/O: these
//! checks run before the kubeconfig is read and never echo input.

use crate::cli::args::DoctorArgs;
use crate::connect::ConnectionFlags;
use crate::errors::AdminDoctorError;
use crate::ome::Component;
use crate::ome::names::{is_dns1123_label, is_dns1123_subdomain};
use crate::ome::request::{DoctorRequest, OutputFormat};

/// Positional arguments, `-o`, `--isvc`, `--component`, the namespace options, an explicit
/// `-n`, an explicit `--request-timeout`.
pub(crate) fn parse(
    args: &DoctorArgs,
    flags: &ConnectionFlags,
) -> Result<DoctorRequest, AdminDoctorError> {
    if !args.names.is_empty() {
        return Err(AdminDoctorError::Positional);
    }
    let output = match args.output.as_str() {
        "table" => OutputFormat::Table,
        "wide" => OutputFormat::Wide,
        "json" => OutputFormat::Json,
        "yaml" => OutputFormat::Yaml,
        _ => return Err(AdminDoctorError::UnsupportedOutput),
    };
    if args
        .isvc
        .as_deref()
        .is_some_and(|n| !is_dns1123_subdomain(n))
    {
        return Err(AdminDoctorError::InvalidService);
    }
    let component = match &args.component {
        None => None,
        Some(_) if !args.access || args.isvc.is_none() => {
            return Err(AdminDoctorError::ComponentWithoutAccess);
        }
        Some(value) => Some(Component::parse(value).ok_or(AdminDoctorError::InvalidComponent)?),
    };
    // The Alfred namespace defaults to the OME namespace (the placeholder resolution).
    let alfred = args
        .alfred_namespace
        .as_deref()
        .unwrap_or(&args.ome_namespace);
    if !is_dns1123_label(&args.ome_namespace)
        || !is_dns1123_label(alfred)
        || !is_dns1123_subdomain(&args.alfred_config_name)
        || args.alfred_config_key.is_empty()
    {
        return Err(AdminDoctorError::InvalidNamespaces);
    }
    if flags
        .namespace
        .as_deref()
        .is_some_and(|n| !is_dns1123_label(n))
    {
        return Err(AdminDoctorError::InvalidWorkloadNamespace);
    }
    if flags.request_timeout().is_err() {
        return Err(AdminDoctorError::InvalidRequestTimeout);
    }
    Ok(DoctorRequest {
        output,
        isvc: args.isvc.clone(),
        access: args.access,
        component,
        ome_namespace: args.ome_namespace.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args() -> DoctorArgs {
        DoctorArgs {
            names: Vec::new(),
            output: "table".into(),
            isvc: None,
            access: false,
            component: None,
            ome_namespace: "ome".into(),
            alfred_namespace: None,
            alfred_config_name: "alfred-config".into(),
            alfred_config_key: "config.yaml".into(),
        }
    }

    fn message(a: DoctorArgs, flags: ConnectionFlags) -> String {
        parse(&a, &flags).map_or_else(|e| e.to_string(), |_| String::new())
    }

    #[test]
    fn checks_in_order_without_echoing_input() {
        let flags = ConnectionFlags::default();
        let mut a = args();
        a.names = vec!["x".into()];
        a.output = "JSON".into();
        assert_eq!(
            message(a, flags.clone()),
            "doctor accepts no positional arguments"
        );
        let mut a = args();
        a.output = "JSON".into();
        a.isvc = Some(String::new());
        assert_eq!(
            message(a, flags.clone()),
            "doctor output must be table, wide, json or yaml"
        );
        let mut a = args();
        a.isvc = Some(String::new());
        assert_eq!(
            message(a, flags.clone()),
            "doctor InferenceService name is invalid"
        );
        let mut a = args();
        a.component = Some("engine".into());
        a.isvc = Some("chat".into());
        assert_eq!(
            message(a, flags.clone()),
            "doctor --component requires --access and --isvc"
        );
        let mut a = args();
        a.component = Some("gpu".into());
        a.isvc = Some("chat".into());
        a.access = true;
        assert_eq!(
            message(a, flags.clone()),
            "doctor component must be engine, decoder or router"
        );
        let mut a = args();
        a.alfred_namespace = Some("Bad".into());
        assert_eq!(message(a, flags.clone()), "doctor namespaces are invalid");
        let bad_ns = ConnectionFlags {
            namespace: Some("Bad".into()),
            request_timeout: Some("soon".into()),
            ..ConnectionFlags::default()
        };
        assert_eq!(
            message(args(), bad_ns),
            "doctor workload namespace is invalid"
        );
        let bad_timeout = ConnectionFlags {
            request_timeout: Some("-1s".into()),
            ..ConnectionFlags::default()
        };
        assert_eq!(
            message(args(), bad_timeout),
            "doctor request timeout is invalid"
        );
        let mut a = args();
        a.access = true;
        a.isvc = Some("chat".into());
        a.component = Some("decoder".into());
        let ok = parse(&a, &flags).unwrap();
        assert_eq!(ok.component, Some(Component::Decoder));
    }
}
