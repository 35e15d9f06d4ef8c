//! A second SIGINT/SIGTERM: the process ends at once, with 128 + the signal's number as its exit
//! code (130, 143) and one line saying what is known about the guarded write, if any.

use super::ExitCode;
use std::fmt;

/// The signal that arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Signal {
    /// SIGINT (Ctrl-C).
    Interrupt,
    /// SIGTERM.
    Terminate,
}

/// The guarded write a command makes: it names the request and the command that shows its
/// outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GuardedAction {
    /// `scale`'s PATCH of `/scale`.
    Scale,
    /// `rollout pause`.
    Pause,
    /// `rollout resume`.
    Resume,
    /// `instance release-held`.
    ReleaseHeld,
}

impl GuardedAction {
    /// The request as the action's own messages name it.
    fn request(self) -> &'static str {
        match self {
            GuardedAction::Scale => "scale",
            GuardedAction::Pause => "rollout pause",
            GuardedAction::Resume => "rollout resume",
            GuardedAction::ReleaseHeld => "held-release",
        }
    }

    /// What to look at before trying again, once the request may have been stored.
    fn follow_up(self) -> &'static str {
        match self {
            GuardedAction::Scale => {
                "inspect kubectl ome autoscale status before preparing another request"
            }
            GuardedAction::Pause | GuardedAction::Resume => {
                "check kubectl ome rollout status before another request"
            }
            GuardedAction::ReleaseHeld => {
                "inspect kubectl ome instance retry-blocks before another explicit request"
            }
        }
    }
}

/// What is known about the command's guarded write when the process stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GuardedWrite {
    /// The command makes no write.
    None,
    /// The write was never handed to a connection: nothing was sent.
    NotSent(GuardedAction),
    /// The write was handed to a connection: it may have been stored.
    MayHaveBeenSent(GuardedAction),
}

/// The second signal that stops the process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SecondSignal {
    pub(crate) signal: Signal,
    pub(crate) write: GuardedWrite,
}

impl SecondSignal {
    pub(crate) fn exit_code(self) -> ExitCode {
        match self.signal {
            Signal::Interrupt => ExitCode::Interrupted,
            Signal::Terminate => ExitCode::Terminated,
        }
    }
}

impl fmt::Display for SecondSignal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stopped by a second signal")?;
        match self.write {
            GuardedWrite::None => Ok(()),
            GuardedWrite::NotSent(action) => {
                write!(f, "; no {} request was sent", action.request())
            }
            GuardedWrite::MayHaveBeenSent(action) => write!(
                f,
                "; {} request outcome unknown; {}",
                action.request(),
                action.follow_up()
            ),
        }
    }
}

impl std::error::Error for SecondSignal {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_follow_the_signal_and_the_message_the_write() {
        let stop = |signal, write| SecondSignal { signal, write };
        assert_eq!(
            stop(Signal::Interrupt, GuardedWrite::None).exit_code() as u8,
            130
        );
        assert_eq!(
            stop(
                Signal::Terminate,
                GuardedWrite::NotSent(GuardedAction::Scale)
            )
            .exit_code() as u8,
            143
        );
        assert_eq!(
            stop(Signal::Interrupt, GuardedWrite::None).to_string(),
            "stopped by a second signal"
        );
    }

    /// Each action names its own request and the command that shows its outcome (issue 42).
    #[test]
    fn each_action_names_itself_and_its_follow_up() {
        let cases = [
            (
                GuardedAction::Scale,
                "no scale request was sent",
                "scale request outcome unknown; inspect kubectl ome autoscale status before preparing another request",
            ),
            (
                GuardedAction::Pause,
                "no rollout pause request was sent",
                "rollout pause request outcome unknown; check kubectl ome rollout status before another request",
            ),
            (
                GuardedAction::Resume,
                "no rollout resume request was sent",
                "rollout resume request outcome unknown; check kubectl ome rollout status before another request",
            ),
            (
                GuardedAction::ReleaseHeld,
                "no held-release request was sent",
                "held-release request outcome unknown; inspect kubectl ome instance retry-blocks before another explicit request",
            ),
        ];
        for (action, unsent, unknown) in cases {
            let stop = |write| {
                SecondSignal {
                    signal: Signal::Terminate,
                    write,
                }
                .to_string()
            };
            assert_eq!(
                stop(GuardedWrite::NotSent(action)),
                format!("stopped by a second signal; {unsent}")
            );
            assert_eq!(
                stop(GuardedWrite::MayHaveBeenSent(action)),
                format!("stopped by a second signal; {unknown}")
            );
        }
    }
}
