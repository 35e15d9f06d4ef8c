//! What a signal does to a running command: the first SIGINT/SIGTERM cancels it cooperatively
//! (each command then ends with its documented cancellation error); a second one stops the
//! process at once, saying whether the command's guarded write may have been sent.

use crate::collect::handoff::Handoff;
pub(crate) use crate::connect::stop_exec_plugins;
use crate::errors::{GuardedAction, GuardedWrite, SecondSignal, Signal};
use tokio_util::sync::CancellationToken;

/// Shared between the signal watcher and the running command.
#[derive(Debug, Clone, Default)]
pub(crate) struct Interruption {
    /// Cancelled by the first signal.
    pub(crate) cancel: CancellationToken,
    /// The guarded write of a command that makes one, and its handoff.
    write: Option<(GuardedAction, Handoff)>,
}

impl Interruption {
    /// For a command that makes this guarded write (`Some`) or only reads.
    pub(crate) fn new(guarded: Option<GuardedAction>) -> Interruption {
        Interruption {
            cancel: CancellationToken::new(),
            write: guarded.map(|action| (action, Handoff::default())),
        }
    }

    /// When the guarded write was handed to a connection (a fresh handoff for a reading
    /// command, which never sets it).
    pub(crate) fn handoff(&self) -> Handoff {
        self.write
            .as_ref()
            .map(|(_, handoff)| handoff.clone())
            .unwrap_or_default()
    }

    /// What a second `signal` reports, from whether the write was handed to a connection.
    pub(crate) fn second_signal(&self, signal: Signal) -> SecondSignal {
        let write = match &self.write {
            None => GuardedWrite::None,
            Some((action, handoff)) if handoff.happened() => GuardedWrite::MayHaveBeenSent(*action),
            Some((action, _)) => GuardedWrite::NotSent(*action),
        };
        SecondSignal { signal, write }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_signal_says_whether_a_write_could_have_left() {
        let reads = Interruption::new(None).second_signal(Signal::Interrupt);
        assert_eq!(reads.write, GuardedWrite::None);
        // No request was ever handed to a connection.
        let scale = Interruption::new(Some(GuardedAction::Scale)).second_signal(Signal::Terminate);
        assert_eq!(scale.write, GuardedWrite::NotSent(GuardedAction::Scale));
        assert_eq!(
            scale.to_string(),
            "stopped by a second signal; no scale request was sent"
        );
        let held = Interruption::new(Some(GuardedAction::ReleaseHeld));
        assert_eq!(
            held.second_signal(Signal::Interrupt).to_string(),
            "stopped by a second signal; no held-release request was sent"
        );
    }
}
