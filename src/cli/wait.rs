//! Parse `wait` (read-commands.md §4.1–§4.3): raw clap arguments → a typed request, checked in
//! the documented order. Every refusal is a closed token; no input value is ever echoed.

use crate::cli::args::WaitArgs;
use crate::connect::ConnectionFlags;
use crate::errors::{CliError, FlagCheck, FlagRefusal, FlagRule, WaitError};
use crate::ome::Component;
use crate::ome::duration::parse_go_duration;
use crate::ome::names::{is_canonical_uuid, is_dns1123_subdomain, is_safe_uid, uuid_version};
use crate::ome::replica::is_revision_of;
use crate::ome::request::{IrBinding, MAX_TIMEOUT, OutputFormat, Predicate, WaitRequest};
use std::time::Duration;

/// Validates in the order of §4.3 (flag parse errors already happened in clap); a value that
/// is a flag-parse error in the reference is refused after a line naming the flag and its rule.
pub(crate) fn parse(args: &WaitArgs, conn: &ConnectionFlags) -> Result<WaitRequest, CliError> {
    let refused = |flag: &str, rule| FlagRefusal {
        check: FlagCheck {
            command: "wait",
            flag: flag.to_string(),
            rule,
        },
        error: WaitError::InvalidWaitFlags.into(),
    };
    if parse_go_duration(&args.timeout).is_none() {
        // kubectl refuses a bare number too ("missing unit in duration").
        let bare_number =
            !args.timeout.is_empty() && args.timeout.bytes().all(|b| b.is_ascii_digit());
        let rule = if bare_number {
            FlagRule::DurationNeedsUnit
        } else {
            FlagRule::GoDuration
        };
        return Err(refused("--timeout", rule).into());
    }
    if conn.request_timeout().is_err() {
        return Err(refused("--request-timeout", FlagRule::RequestTimeout).into());
    }
    Ok(validate(args, conn)?)
}

/// The checks of §4.3 in order, each refusal one of the contract's tokens.
fn validate(args: &WaitArgs, conn: &ConnectionFlags) -> Result<WaitRequest, WaitError> {
    // Values clap keeps as text but that are flag-parse errors in the reference.
    let timeout_nanos = parse_go_duration(&args.timeout).ok_or(WaitError::InvalidWaitFlags)?;
    conn.request_timeout()
        .map_err(|_| WaitError::InvalidWaitFlags)?;
    let [name] = args.names.as_slice() else {
        return Err(WaitError::ArgCount(args.names.len()));
    };
    let name = name.clone();
    if !is_dns1123_subdomain(&name) {
        return Err(WaitError::InvalidInferenceServiceName);
    }
    let predicate = args
        .for_
        .as_deref()
        .and_then(Predicate::parse)
        .ok_or(WaitError::InvalidWaitPredicate)?;
    check_request_id(predicate, args.request_id.as_deref())?;
    let component = check_replica_flags(predicate, args)?;
    let ir = check_held_revision(predicate, args, &name, component)?;
    let timeout = u64::try_from(timeout_nanos)
        .ok()
        .filter(|nanos| *nanos > 0)
        .map(Duration::from_nanos)
        .filter(|timeout| *timeout <= MAX_TIMEOUT)
        .ok_or(WaitError::InvalidWaitTimeout)?;
    let output =
        OutputFormat::parse_with_wide(&args.output).ok_or(WaitError::InvalidOutputFormat)?;
    Ok(WaitRequest {
        name,
        predicate,
        timeout,
        output,
        component,
        replicas: args.replicas,
        request_id: args.request_id.clone(),
        revision: args.revision.clone(),
        ir,
    })
}

fn check_request_id(predicate: Predicate, id: Option<&str>) -> Result<(), WaitError> {
    let is_v4 = |v: &str| is_canonical_uuid(v) && uuid_version(v) == Some(b'4');
    match predicate {
        Predicate::MigrationTerminal if !id.is_some_and(is_canonical_uuid) => {
            Err(WaitError::InvalidMigrationRequestId)
        }
        Predicate::RuntimeSync if !id.is_some_and(is_v4) => {
            Err(WaitError::InvalidRuntimeSyncRequestId)
        }
        Predicate::MigrationTerminal | Predicate::RuntimeSync => Ok(()),
        _ if id.is_some() => Err(WaitError::InvalidMigrationRequestId),
        _ => Ok(()),
    }
}

/// The `--component`/`--replicas`/`--ir-*` rows of replicas=ready and replicas=current.
fn check_replica_flags(
    predicate: Predicate,
    args: &WaitArgs,
) -> Result<Option<Component>, WaitError> {
    let component = args.component.as_deref().map(Component::parse);
    match predicate {
        Predicate::ReplicasReady => {
            let valid = matches!(component, Some(Some(_))) && args.replicas.is_some_and(|n| n >= 0);
            if !valid {
                return Err(WaitError::InvalidReadyReplicaFlags);
            }
        }
        Predicate::ReplicasCurrent => {
            let paired = args.ir_name.is_some() == args.ir_uid.is_some();
            let name_ok = args.ir_name.as_deref().is_none_or(is_dns1123_subdomain);
            let uid_ok = args.ir_uid.as_deref().is_none_or(is_safe_uid);
            let valid = matches!(component, Some(Some(_)))
                && args.replicas.is_some_and(|n| n >= 1)
                && paired
                && name_ok
                && uid_ok;
            if !valid {
                return Err(WaitError::InvalidCurrentReplicaFlags);
            }
        }
        // held-revision takes --component; its --replicas is refused by its own row.
        Predicate::HeldRevision => {}
        _ if component.is_some() || args.replicas.is_some() => {
            return Err(WaitError::InvalidReadyReplicaFlags);
        }
        _ => {}
    }
    Ok(component.flatten())
}

fn check_held_revision(
    predicate: Predicate,
    args: &WaitArgs,
    service: &str,
    component: Option<Component>,
) -> Result<Option<IrBinding>, WaitError> {
    let binding = match (&args.ir_name, &args.ir_uid) {
        (Some(name), Some(uid)) => Some(IrBinding {
            name: name.clone(),
            uid: uid.clone(),
        }),
        _ => None,
    };
    match predicate {
        Predicate::HeldRevision => {
            let target_ok = component.is_some_and(|c| {
                let ir_name = format!("{service}-{c}");
                args.revision
                    .as_deref()
                    .is_some_and(|rev| is_revision_of(&ir_name, rev))
            });
            let ir_ok = args.ir_name.as_deref().is_some_and(is_dns1123_subdomain)
                && args.ir_uid.as_deref().is_some_and(is_safe_uid);
            if !target_ok || !ir_ok || args.replicas.is_some() {
                return Err(WaitError::InvalidHeldRevisionTarget);
            }
            Ok(binding)
        }
        Predicate::ReplicasCurrent if args.revision.is_none() => Ok(binding),
        _ if args.revision.is_some() || args.ir_name.is_some() || args.ir_uid.is_some() => {
            Err(WaitError::InvalidHeldRevisionTarget)
        }
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn parse_line(line: &str) -> Result<WaitRequest, WaitError> {
        let words: Vec<&str> = std::iter::once("kubectl-ome")
            .chain(line.split_whitespace())
            .collect();
        let cli =
            crate::cli::Cli::try_parse_from(words).map_err(|_| WaitError::InvalidWaitFlags)?;
        match cli.command {
            crate::cli::Command::Wait(args) => validate(&args, &cli.connection),
            _ => Err(WaitError::InvalidWaitFlags),
        }
    }

    #[test]
    fn flag_matrix() {
        use WaitError::*;
        let uuid = "0b9a4c8e-6f1d-4e2a-9b3c-5d7e8f901234";
        let cases: Vec<(String, WaitError)> = vec![
            ("wait chat --for=replicas=current --timeout=30".into(), InvalidWaitFlags),
            ("wait chat --for=replicas=current --replicas=x".into(), InvalidWaitFlags),
            ("wait --for=condition=Ready".into(), ArgCount(0)),
            ("wait a b --for=condition=Ready".into(), ArgCount(2)),
            ("wait Chat --for=condition=Ready".into(), InvalidInferenceServiceName),
            ("wait chat".into(), InvalidWaitPredicate),
            ("wait chat --for=Condition=Ready".into(), InvalidWaitPredicate),
            ("wait chat --for=condition=Readiness".into(), InvalidWaitPredicate),
            ("wait chat --for=condition=ready=maybe".into(), InvalidWaitPredicate),
            ("wait chat --for=replicas=Ready".into(), InvalidWaitPredicate),
            ("wait chat --for=migration=terminal".into(), InvalidMigrationRequestId),
            ("wait chat --for=migration=terminal --request-id=X".into(), InvalidMigrationRequestId),
            (format!("wait chat --for=condition=Ready --request-id={uuid}"), InvalidMigrationRequestId),
            ("wait chat --for=runtime-sync=acknowledged".into(), InvalidRuntimeSyncRequestId),
            ("wait chat --for=replicas=ready --replicas=1".into(), InvalidReadyReplicaFlags),
            ("wait chat --for=replicas=ready --component=engine --replicas=-1".into(), InvalidReadyReplicaFlags),
            ("wait chat --for=condition=Ready --component=engine".into(), InvalidReadyReplicaFlags),
            ("wait chat --for=replicas=current --replicas=2".into(), InvalidCurrentReplicaFlags),
            ("wait chat --for=replicas=current --component=engine --replicas=0".into(), InvalidCurrentReplicaFlags),
            ("wait chat --for=replicas=current --component=gpu --replicas=1".into(), InvalidCurrentReplicaFlags),
            ("wait chat --for=replicas=current --component=engine --replicas=1 --ir-uid=u1".into(), InvalidCurrentReplicaFlags),
            ("wait chat --for=held-revision=unheld --component=engine".into(), InvalidHeldRevisionTarget),
            ("wait chat --for=condition=Ready --ir-name=chat-engine".into(), InvalidHeldRevisionTarget),
            ("wait chat --for=replicas=current --component=engine --replicas=1 --revision=chat-engine-0a1b2c3d".into(), InvalidHeldRevisionTarget),
            ("wait chat --for=condition=Ready --timeout=0s".into(), InvalidWaitTimeout),
            ("wait chat --for=condition=Ready --timeout=-5s".into(), InvalidWaitTimeout),
            ("wait chat --for=condition=Ready --timeout=24h1s".into(), InvalidWaitTimeout),
            ("wait chat --for=condition=Ready -o name".into(), InvalidOutputFormat),
        ];
        for (line, want) in cases {
            assert_eq!(parse_line(&line).err(), Some(want), "{line}");
        }
    }

    #[test]
    fn accepts_documented_forms() {
        let req =
            parse_line("wait chat --for=replicas=current --component=engine --replicas=3").unwrap();
        assert_eq!(req.timeout, Duration::from_secs(60));
        assert_eq!(req.predicate, Predicate::ReplicasCurrent);
        let req = parse_line(
            "wait chat --for=held-revision=unheld --component=engine --revision=chat-engine-0a1b2c3d --ir-name=chat-engine --ir-uid=u1 --timeout=24h -o wide",
        )
        .unwrap();
        assert_eq!(req.ir.unwrap().uid, "u1");
        assert!(
            parse_line("wait chat --for=replicas=ready --component=engine --replicas=0").is_ok()
        );
    }
}
