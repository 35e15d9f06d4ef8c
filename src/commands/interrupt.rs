//! What a signal does to a running command: the first SIGINT/SIGTERM cancels it cooperatively
//! (each command then ends with its documented cancellation error); a second one stops the
//! process at once, saying whether the guarded write may have been sent.

use crate::collect::handoff::Handoff;
pub(crate) use crate::connect::stop_exec_plugins;
use crate::errors::{GuardedWrite, SecondSignal, Signal};
use tokio_util::sync::CancellationToken;

/// Shared between the signal watcher and the running command.
#[derive(Debug, Clone, Default)]
pub(crate) struct Interruption {
    /// Cancelled by the first signal.
    pub(crate) cancel: CancellationToken,
    /// The guarded write's handoff, for a command that makes one (`scale`).
    pub(crate) write: Option<Handoff>,
}

impl Interruption {
    /// For a command that makes the guarded write (`guarded_write`) or only reads.
    pub(crate) fn new(guarded_write: bool) -> Interruption {
        Interruption {
            cancel: CancellationToken::new(),
            write: guarded_write.then(Handoff::default),
        }
    }

    /// What a second `signal` reports, from whether the write was handed to a connection.
    pub(crate) fn second_signal(&self, signal: Signal) -> SecondSignal {
        let write = match &self.write {
            None => GuardedWrite::None,
            Some(handoff) if handoff.happened() => GuardedWrite::MayHaveBeenSent,
            Some(_) => GuardedWrite::NotSent,
        };
        SecondSignal { signal, write }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_signal_says_whether_a_write_could_have_left() {
        let reads = Interruption::new(false).second_signal(Signal::Interrupt);
        assert_eq!(reads.write, GuardedWrite::None);
        // No request was ever handed to a connection.
        let scale = Interruption::new(true).second_signal(Signal::Terminate);
        assert_eq!(scale.write, GuardedWrite::NotSent);
        assert_eq!(
            scale.to_string(),
            "stopped by a second signal; no scale request was sent"
        );
    }
}
