//! Property tests of the command-line parsers: any command line, and any value of every flag,
//! either parses into a request that holds the documented invariants or becomes the command's
//! error; nothing panics (the error's message and exit code included).

use super::args::{AdminCommand, RolloutCommand, RuntimeCommand};
use super::args::{AutoscaleCommand, Cli, Command, InstanceCommand, MigrationCommand};
use super::parse_error::{map_clap_error, target_of};
use crate::ome::names::{is_dns1123_label, is_dns1123_subdomain, is_safe_uid};
use crate::ome::request::{MAX_TIMEOUT, Predicate, REQUEST_CAP};
use clap::Parser;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use std::time::Duration;

/// Cases of each property.
const CASES: u32 = 512;

/// Any Unicode, bytes read lossily, and near-misses of the real values.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        vec(any::<u8>(), 0..40).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        "[a-z0-9.\\-]{0,70}",
        "[+\\-]?[0-9]{0,12}",
        "[+\\-]?[0-9.]{0,6}(ns|us|µs|ms|s|m|h)?",
        select(vec![
            "engine",
            "decoder",
            "router",
            "table",
            "wide",
            "json",
            "yaml",
            "none",
            "client",
            "server",
            "condition=Ready",
            "replicas=current",
            "replicas=ready",
            "migration=terminal",
            "held-revision=unheld",
            "runtime-sync=acknowledged",
            "rollout=stable",
            "24h",
            "0",
            "7c9e6679-7425-40de-944b-e07fc1f90ae7",
            "chat-engine-7f9c4d2b",
            "chat-engine",
        ])
        .prop_map(String::from),
    ]
}

/// Words of a command line: the real vocabulary, flags with values, and anything.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => select(vec![
            "scale", "wait", "autoscale", "status", "instance", "list", "rollout", "pause", "resume", "release-held", "migration",
            "version", "completion", "help", "explain", "runtime", "effective", "admin", "doctor", "chat", "prod", "-n", "--namespace", "--component",
            "--replicas", "--for", "--timeout", "-o", "--output", "--override-autoscaler", "--yes",
            "--dry-run", "--request-timeout", "--ir-name", "--ir-uid", "--revision",
            "--request-id", "--ome-namespace", "--live-scale", "--live-scaler", "--client", "--",
            "--isvc", "--model", "--access", "logs", "-c", "--instance", "--container", "-f", "--follow",
            "--tail", "--since", "--max-log-requests", "--limit-bytes",
            "-", "--kubeconfig", "--context", "-h",
        ])
        .prop_map(String::from),
        1 => value(),
        1 => ("--[a-z\\-]{1,16}", value()).prop_map(|(flag, v)| format!("{flag}={v}")),
    ]
}

fn argv(words: Vec<String>) -> Vec<String> {
    std::iter::once("kubectl-ome".to_string())
        .chain(words)
        .collect()
}

/// Parses a command line the way the entry point does, up to the typed request.
fn parse_line(argv: &[String]) -> Result<(), TestCaseError> {
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(err) => {
            let shown = err.kind();
            let error = map_clap_error(err, target_of(argv));
            let _ = (error.to_string(), error.exit_code(), shown);
            return Ok(());
        }
    };
    match &cli.command {
        Command::Scale(args) => {
            if let Ok(request) = super::scale::parse(args, &cli.connection) {
                prop_assert!(request.replicas >= 1);
                prop_assert!(is_dns1123_subdomain(&request.name));
                prop_assert!(is_dns1123_label(&request.ome_namespace));
                prop_assert!(request.request_timeout <= REQUEST_CAP);
                prop_assert!(request.request_timeout > Duration::ZERO);
            }
        }
        Command::Wait(args) => {
            if let Ok(request) = super::wait::parse(args, &cli.connection) {
                prop_assert!(is_dns1123_subdomain(&request.name));
                prop_assert!(request.timeout > Duration::ZERO && request.timeout <= MAX_TIMEOUT);
                if let Some(ir) = &request.ir {
                    prop_assert!(is_dns1123_subdomain(&ir.name) && is_safe_uid(&ir.uid));
                }
                if request.predicate == Predicate::ReplicasCurrent {
                    prop_assert!(request.replicas.is_some_and(|n| n >= 1));
                }
            }
        }
        Command::Rollout(RolloutCommand::Pause(args)) => {
            let parsed =
                super::rollout_action::parse(&args.names, &args.action, false, &cli.connection);
            if let Ok(request) = parsed {
                prop_assert!(is_dns1123_subdomain(&request.name));
                prop_assert!(is_dns1123_label(&request.ome_namespace));
                prop_assert!(!request.discard_pending);
            }
        }
        Command::Rollout(RolloutCommand::Resume(args)) => {
            let discard = args.discard_pending_actions;
            let parsed =
                super::rollout_action::parse(&args.names, &args.action, discard, &cli.connection);
            if let Ok(request) = parsed {
                prop_assert!(is_dns1123_subdomain(&request.name));
                // Discarding mailboxes is never accepted without --yes.
                prop_assert!(!request.discard_pending || request.yes);
            }
        }
        Command::Autoscale(AutoscaleCommand::Status(args)) => {
            if let Ok(request) = super::autoscale::parse(args) {
                prop_assert!(is_dns1123_subdomain(&request.name));
            }
        }
        Command::Autoscale(AutoscaleCommand::Explain(args)) => {
            if let Ok(request) = super::autoscale::parse_explain(args) {
                prop_assert!(is_dns1123_subdomain(&request.name));
            }
        }
        Command::Instance(InstanceCommand::List(args)) => {
            let _ = super::instance::parse(args).map_err(|e| e.to_string());
        }
        Command::Instance(InstanceCommand::RetryBlocks(args)) => {
            if let Ok(request) = super::instance::parse_retry_blocks(args) {
                prop_assert!(is_dns1123_subdomain(&request.name));
            }
        }
        Command::Instance(InstanceCommand::ReleaseHeld(args)) => {
            if let Ok(request) = super::release_held::parse(args, &cli.connection) {
                prop_assert!(is_dns1123_subdomain(&request.name));
                // The revision becomes part of a patch body only as a validated name.
                prop_assert!(is_dns1123_subdomain(&request.revision));
                prop_assert!(is_dns1123_label(&request.ome_namespace));
                prop_assert!(request.request_timeout <= REQUEST_CAP);
            }
        }
        Command::Instance(InstanceCommand::Status(args)) => {
            if let Ok(request) = super::instance::parse_status(args) {
                prop_assert!(is_dns1123_subdomain(&request.name));
                prop_assert!((0..=i64::from(i32::MAX)).contains(&request.index));
            }
        }
        Command::Status(args) => {
            if let Ok(request) = super::status::parse(args) {
                prop_assert!(is_dns1123_subdomain(&request.name));
            }
        }
        Command::Admin(AdminCommand::Doctor(args)) => {
            if let Ok(request) = super::admin::parse(args, &cli.connection) {
                prop_assert!(request.isvc.as_deref().is_none_or(is_dns1123_subdomain));
                prop_assert!(
                    request.component.is_none() || (request.access && request.isvc.is_some())
                );
            }
        }
        Command::Rollout(RolloutCommand::Status(args)) => {
            let _ = super::rollout::parse(args).map_err(|e| e.to_string());
        }
        Command::Rollout(RolloutCommand::Explain(args)) => {
            if let Ok(request) = super::rollout::parse_explain(args) {
                prop_assert!(is_dns1123_subdomain(&request.name));
            }
        }
        Command::Migration(MigrationCommand::Status(args)) => {
            let _ = super::migration::parse(args).map_err(|e| e.to_string());
        }
        Command::Logs(args) => {
            if let Ok(request) = super::logs::parse(args) {
                prop_assert!(is_dns1123_subdomain(&request.name));
                prop_assert!(request.container.as_deref().is_none_or(is_dns1123_label));
                prop_assert!(request.max_log_requests > 0);
                prop_assert!(!(request.follow && request.limit_bytes.is_some()));
                prop_assert!(request.since_seconds.is_none_or(|s| s >= 1));
                prop_assert!(request.instance.is_none() || request.component.is_some());
            }
        }
        Command::Runtime(RuntimeCommand::Effective(args)) => {
            if let Ok(request) = super::runtime::parse_effective(args) {
                prop_assert!(is_dns1123_subdomain(&request.name));
            }
        }
        Command::Runtime(RuntimeCommand::Explain(args)) => {
            // Only a valid name becomes a request path; a rejected one is never echoed.
            match super::runtime_explain::parse_explain(args) {
                Ok(
                    crate::ome::request::RuntimeExplainRequest::Model(name)
                    | crate::ome::request::RuntimeExplainRequest::Service(name),
                ) => prop_assert!(is_dns1123_subdomain(&name)),
                Err(e) => {
                    let _ = (e.to_string(), e.failed_step(None));
                }
            }
        }
        Command::Version(_) | Command::Completion(_) => {}
    }
    let _ = cli.connection.request_timeout();
    Ok(())
}

proptest! {
    #![proptest_config(property_config!(CASES))]

    /// Any command line.
    #[test]
    fn command_lines_never_panic(words in vec(word(), 0..10)) {
        parse_line(&argv(words))?;
    }

    /// `scale` with any value in every flag (replicas, names, namespaces, timeouts, formats).
    #[test]
    fn scale_values_never_panic(
        name in value(), component in value(), replicas in value(), output in value(),
        dry_run in value(), ome_namespace in value(), namespace in value(), timeout in value(),
        context in value(),
    ) {
        let words = vec![
            "scale".to_string(), format!("--component={component}"),
            format!("--replicas={replicas}"), format!("--output={output}"),
            format!("--dry-run={dry_run}"), format!("--ome-namespace={ome_namespace}"),
            format!("--namespace={namespace}"), format!("--request-timeout={timeout}"),
            format!("--context={context}"), "--override-autoscaler".into(), "--yes".into(),
            "--".into(), name,
        ];
        parse_line(&argv(words))?;
    }

    /// `wait` with any value in every flag (predicates, durations, UUIDs, bindings).
    #[test]
    fn wait_values_never_panic(
        name in value(), predicate in value(), timeout in value(), request_id in value(),
        component in value(), replicas in value(), revision in value(), ir_name in value(),
        ir_uid in value(), output in value(), namespace in value(),
    ) {
        let words = vec![
            "wait".to_string(), format!("--for={predicate}"), format!("--timeout={timeout}"),
            format!("--request-id={request_id}"), format!("--component={component}"),
            format!("--replicas={replicas}"), format!("--revision={revision}"),
            format!("--ir-name={ir_name}"), format!("--ir-uid={ir_uid}"),
            format!("--output={output}"), format!("--namespace={namespace}"), "--".into(), name,
        ];
        parse_line(&argv(words))?;
    }

    /// `runtime explain` with any model, service and namespace.
    #[test]
    fn runtime_explain_values_never_panic(
        model in proptest::option::of(value()), isvc in proptest::option::of(value()),
        namespace in value(), extra in proptest::option::of(value()),
    ) {
        let mut words = vec!["runtime".to_string(), "explain".into(), format!("--namespace={namespace}")];
        words.extend(model.map(|m| format!("--model={m}")));
        words.extend(isvc.map(|i| format!("--isvc={i}")));
        words.extend(extra.map(|e| ["--".to_string(), e]).into_iter().flatten());
        parse_line(&argv(words))?;
    }

    /// The read commands with any name, output and namespace.
    #[test]
    fn read_command_values_never_panic(
        command in select(vec!["autoscale status", "instance list", "rollout status", "migration status"]),
        name in value(), output in value(), namespace in value(), timeout in value(),
    ) {
        let mut words: Vec<String> = command.split(' ').map(String::from).collect();
        words.extend([
            format!("--output={output}"), format!("--namespace={namespace}"),
            format!("--request-timeout={timeout}"), "--".into(), name,
        ]);
        parse_line(&argv(words))?;
    }
}
