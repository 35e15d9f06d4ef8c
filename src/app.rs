//! The outermost edge: parse the command line, run the command with cancellation on
//! SIGINT/SIGTERM, print a returned error as one `error: <message>` line on stderr, and turn
//! it into the exit code. A second signal stops the process at once (exit 130/143), unless
//! the command has already ended and its outcome is being reported: one end, one line.

use crate::cli::args::{
    AdminCommand, AutoscaleCommand, InstanceCommand, MigrationCommand, RolloutCommand,
    RuntimeCommand,
};
use crate::cli::parse_error::{map_clap_error, target_of};
use crate::cli::{Cli, Command};
use crate::commands;
use crate::commands::interrupt::Interruption;
use crate::commands::output::{
    ERROR_LINE_LIMIT, write_error_after, write_error_within, write_stdout,
};
use crate::errors::{
    AdminDoctorError, CliError, CommonError, ExitCode, GuardedAction, StatusError, kubeconfig_step,
};
use clap::Parser;
use clap::error::ErrorKind;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio_util::sync::CancellationToken;

/// Runs the CLI with these arguments (the first is the program name).
pub async fn run(args: Vec<String>) -> ExitCode {
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err)
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) =>
        {
            let _ = shown_help(&args, err).print();
            return ExitCode::Success;
        }
        // A group command (or the root) without a subcommand prints its help, as kubectl does.
        Err(err) if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = write_stdout(&shown_help(&args, err).render().to_string());
            return ExitCode::Success;
        }
        Err(err) => return report(&map_clap_error(err, target_of(&args))),
    };
    let interruption = Interruption::new(guarded_action(&cli.command));
    spawn_signal_watch(interruption.clone());
    let name = check_name(&cli.command);
    let outcome = dispatch(cli, &interruption).await;
    if !claim_the_end() {
        // A second signal is stopping the process with its own line and exit code; this
        // outcome is not reported beside it.
        tokio::time::sleep(ERROR_LINE_LIMIT * 2).await;
    }
    match outcome {
        Ok(()) => ExitCode::Success,
        Err(err) if interruption.cancel.is_cancelled() => {
            report_interrupted(&name_kubeconfig_step(err, name))
        }
        Err(err) => report(&name_kubeconfig_step(err, name)),
    }
}

/// A kubeconfig entry the selection names but the kubeconfig lacks is named on a `<command>
/// check:` line (difference y), unless the error already names its check.
fn name_kubeconfig_step(err: CliError, name: &'static str) -> CliError {
    let err = err.named(name);
    if !err.evidence().is_empty() {
        return err;
    }
    let step = kubeconfig_step(&err);
    err.checked(name, step)
}

/// The guarded write the command makes, if any (what a second signal reports on).
fn guarded_action(command: &Command) -> Option<GuardedAction> {
    match command {
        Command::Scale(_) => Some(GuardedAction::Scale),
        Command::Rollout(RolloutCommand::Pause(_)) => Some(GuardedAction::Pause),
        Command::Rollout(RolloutCommand::Resume(_)) => Some(GuardedAction::Resume),
        Command::Instance(InstanceCommand::ReleaseHeld(_)) => Some(GuardedAction::ReleaseHeld),
        _ => None,
    }
}

/// The command's name as its check lines start (`autoscale status check: …`).
fn check_name(command: &Command) -> &'static str {
    match command {
        Command::Scale(_) => "scale",
        Command::Wait(_) => "wait",
        Command::Autoscale(AutoscaleCommand::Status(_)) => "autoscale status",
        Command::Autoscale(AutoscaleCommand::Explain(_)) => "autoscale explain",
        Command::Status(_) => "status",
        Command::Admin(AdminCommand::Doctor(_)) => "admin doctor",
        Command::Instance(InstanceCommand::List(_)) => "instance list",
        Command::Instance(InstanceCommand::Status(_)) => "instance status",
        Command::Instance(InstanceCommand::RetryBlocks(_)) => "instance retry-blocks",
        Command::Instance(InstanceCommand::ReleaseHeld(_)) => "release-held",
        Command::Logs(_) => "logs",
        Command::Runtime(RuntimeCommand::Effective(_)) => "runtime effective",
        Command::Runtime(RuntimeCommand::Explain(_)) => "runtime explain",
        Command::Rollout(RolloutCommand::Status(_)) => "rollout status",
        Command::Rollout(RolloutCommand::Explain(_)) => "rollout explain",
        Command::Rollout(RolloutCommand::Pause(_)) => "pause",
        Command::Rollout(RolloutCommand::Resume(_)) => "resume",
        Command::Migration(MigrationCommand::Status(_)) => "migration status",
        Command::Version(_) => "version",
        Command::Completion(_) => "completion",
    }
}

/// The clap definition of every command as help shows it (the release tooling renders the man
/// pages from it).
pub fn command() -> clap::Command {
    crate::cli::usage::for_display(<Cli as clap::CommandFactory>::command())
}

/// The help clap printed for `args`, rendered again from the command as it is shown (required
/// positionals); clap answers help before it checks positionals, so the kind is the same.
fn shown_help(args: &[String], parsed: clap::Error) -> clap::Error {
    match command().try_get_matches_from(args) {
        Err(shown) if shown.kind() == parsed.kind() => shown,
        _ => parsed,
    }
}

/// What `kubectl ome completion SHELL` prints (the release tooling keeps `completions/` equal).
pub fn completion_script(shell: clap_complete::Shell) -> String {
    commands::completion::script_text(shell)
}

fn report(err: &CliError) -> ExitCode {
    // Nothing is left to report a failed write of the error line to.
    if !err.is_quiet() {
        let _ = write_error_after(&err.evidence(), &err.to_string());
    }
    err.exit_code()
}

/// [`report`] once a signal has ended the command: the error line is given
/// [`ERROR_LINE_LIMIT`] at most (stderr may be as stalled as stdout was), so the process ends
/// within a second of the signal whatever its output streams do.
fn report_interrupted(err: &CliError) -> ExitCode {
    if !err.is_quiet() {
        write_error_within(err.evidence(), err.to_string(), ERROR_LINE_LIMIT);
    }
    err.exit_code()
}

async fn dispatch(cli: Cli, interruption: &Interruption) -> Result<(), CliError> {
    let conn = cli.connection;
    let cancel = &interruption.cancel;
    match cli.command {
        Command::Scale(args) => commands::scale::run(args, conn, interruption).await,
        Command::Wait(args) => commands::wait::run(args, conn, cancel.clone()).await,
        Command::Autoscale(AutoscaleCommand::Status(args)) => {
            until_canceled(commands::autoscale_status::run(args, conn), cancel).await
        }
        Command::Autoscale(AutoscaleCommand::Explain(args)) => {
            until_canceled(commands::autoscale_explain::run(args, conn), cancel).await
        }
        Command::Status(args) => {
            let canceled = || StatusError::CanceledOrTimedOut.into();
            until_canceled_as(commands::status::run(args, conn), cancel, canceled).await
        }
        Command::Admin(AdminCommand::Doctor(args)) => {
            let canceled = || AdminDoctorError::CanceledOrTimedOut.into();
            until_canceled_as(commands::admin_doctor::run(args, conn), cancel, canceled).await
        }
        Command::Instance(InstanceCommand::List(args)) => {
            until_canceled(commands::instance_list::run(args, conn), cancel).await
        }
        Command::Instance(InstanceCommand::Status(args)) => {
            until_canceled(commands::instance_status::run(args, conn), cancel).await
        }
        Command::Instance(InstanceCommand::RetryBlocks(args)) => {
            until_canceled(commands::retry_blocks::run(args, conn), cancel).await
        }
        Command::Instance(InstanceCommand::ReleaseHeld(args)) => {
            commands::release_held::run(args, conn, interruption).await
        }
        Command::Rollout(RolloutCommand::Status(args)) => {
            until_canceled(commands::rollout_status::run(args, conn), cancel).await
        }
        Command::Rollout(RolloutCommand::Explain(args)) => {
            until_canceled(commands::rollout_explain::run(args, conn), cancel).await
        }
        Command::Rollout(RolloutCommand::Pause(args)) => {
            commands::rollout_action::run_pause(args, conn, interruption).await
        }
        Command::Rollout(RolloutCommand::Resume(args)) => {
            commands::rollout_action::run_resume(args, conn, interruption).await
        }
        Command::Runtime(RuntimeCommand::Effective(args)) => {
            until_canceled(commands::runtime_effective::run(args, conn), cancel).await
        }
        Command::Runtime(RuntimeCommand::Explain(args)) => {
            until_canceled(commands::runtime_explain::run(args, conn), cancel).await
        }
        Command::Migration(MigrationCommand::Status(args)) => {
            until_canceled(commands::migration_status::run(args, conn), cancel).await
        }
        Command::Version(args) => until_canceled(commands::version::run(args, conn), cancel).await,
        Command::Completion(args) => until_canceled(commands::completion::run(args), cancel).await,
        Command::Logs(args) => until_canceled(commands::logs::run(args, conn), cancel).await,
    }
}

/// Runs a read-only command; a signal ends it at once with `context canceled`.
async fn until_canceled(
    command: impl std::future::Future<Output = Result<(), CliError>>,
    cancel: &CancellationToken,
) -> Result<(), CliError> {
    until_canceled_as(command, cancel, || CommonError::Canceled.into()).await
}

/// Runs a read-only command; a signal ends it at once with the command's own error.
async fn until_canceled_as(
    command: impl std::future::Future<Output = Result<(), CliError>>,
    cancel: &CancellationToken,
    canceled: impl FnOnce() -> CliError,
) -> Result<(), CliError> {
    tokio::select! {
        result = command => result,
        () = cancel.cancelled() => Err(canceled()),
    }
}

/// Whether the process's end is reported yet: by the command's outcome, or by a second
/// signal's stop. Exactly one of them writes its line and chooses the exit code, whichever
/// comes first (a second signal arriving as a cancelled command ends would otherwise print a
/// second `error:` line).
static END_CLAIMED: AtomicBool = AtomicBool::new(false);

/// Claims the end's report; `false` when the other side has it.
fn claim_the_end() -> bool {
    !END_CLAIMED.swap(true, Ordering::SeqCst)
}

/// The first SIGINT/SIGTERM cancels the command cooperatively; a second one stops the process
/// at once, as the default signal handling would, but with a line saying what is known.
fn spawn_signal_watch(interruption: Interruption) {
    tokio::spawn(async move {
        let Ok(mut signals) = signals::Signals::new() else {
            return;
        };
        let mut first = true;
        loop {
            let received = signals.recv().await;
            if first {
                first = false;
                interruption.cancel.cancel();
            } else if claim_the_end() {
                stop_now(&CliError::from(interruption.second_signal(received)));
            }
            // Otherwise the command has ended and its outcome is being reported (within
            // ERROR_LINE_LIMIT): that is what the process ends with.
        }
    });
}

/// SIGINT and SIGTERM on Unix.
#[cfg(unix)]
mod signals {
    use crate::errors::Signal;
    use tokio::signal::unix::{SignalKind, signal};

    pub(super) struct Signals {
        interrupt: tokio::signal::unix::Signal,
        terminate: tokio::signal::unix::Signal,
    }

    impl Signals {
        pub(super) fn new() -> std::io::Result<Signals> {
            Ok(Signals {
                interrupt: signal(SignalKind::interrupt())?,
                terminate: signal(SignalKind::terminate())?,
            })
        }

        pub(super) async fn recv(&mut self) -> Signal {
            tokio::select! {
                _ = self.interrupt.recv() => Signal::Interrupt,
                _ = self.terminate.recv() => Signal::Terminate,
            }
        }
    }
}

/// The console's events on Windows, read as Go reads them: Ctrl+C and Ctrl+Break are an
/// interrupt, closing the console a termination.
#[cfg(windows)]
mod signals {
    use crate::errors::Signal;
    use tokio::signal::windows::{CtrlBreak, CtrlC, CtrlClose, ctrl_break, ctrl_c, ctrl_close};

    pub(super) struct Signals {
        ctrl_c: CtrlC,
        ctrl_break: CtrlBreak,
        ctrl_close: CtrlClose,
    }

    impl Signals {
        pub(super) fn new() -> std::io::Result<Signals> {
            Ok(Signals {
                ctrl_c: ctrl_c()?,
                ctrl_break: ctrl_break()?,
                ctrl_close: ctrl_close()?,
            })
        }

        pub(super) async fn recv(&mut self) -> Signal {
            tokio::select! {
                _ = self.ctrl_c.recv() => Signal::Interrupt,
                _ = self.ctrl_break.recv() => Signal::Interrupt,
                _ = self.ctrl_close.recv() => Signal::Terminate,
            }
        }
    }
}

/// Prints the error line and exits. An abandoned write may hold the stderr lock, or stderr be
/// a full pipe, so the line is written from its own thread and given a moment at most.
fn stop_now(err: &CliError) -> ! {
    write_error_within(Vec::new(), err.to_string(), ERROR_LINE_LIMIT);
    commands::interrupt::stop_exec_plugins();
    std::process::exit(err.exit_code() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errors::Signal;

    /// The second signal names the guarded write of the command that runs (issue 42).
    #[test]
    fn a_second_signal_names_the_running_commands_write() {
        let cases: [(&[&str], &str); 5] = [
            (
                &["scale", "chat", "--component", "engine", "--replicas", "3"],
                "stopped by a second signal; no scale request was sent",
            ),
            (
                &["rollout", "pause", "chat", "--yes"],
                "stopped by a second signal; no rollout pause request was sent",
            ),
            (
                &["rollout", "resume", "chat", "--yes"],
                "stopped by a second signal; no rollout resume request was sent",
            ),
            (
                &[
                    "instance",
                    "release-held",
                    "chat",
                    "--component",
                    "engine",
                    "--revision",
                    "0a1b2c3d",
                    "--yes",
                ],
                "stopped by a second signal; no held-release request was sent",
            ),
            (&["logs", "chat", "-f"], "stopped by a second signal"),
        ];
        for (args, message) in cases {
            let argv: Vec<&str> = std::iter::once("kubectl-ome")
                .chain(args.iter().copied())
                .collect();
            let cli = Cli::try_parse_from(&argv).unwrap();
            let interruption = Interruption::new(guarded_action(&cli.command));
            assert_eq!(
                interruption.second_signal(Signal::Interrupt).to_string(),
                message,
                "{args:?}"
            );
        }
    }
}
