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

/// What is known about the command's guarded write when the process stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GuardedWrite {
    /// The command makes no write.
    None,
    /// The write was never handed to a connection: nothing was sent.
    NotSent,
    /// The write was handed to a connection: it may have been stored.
    MayHaveBeenSent,
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
        f.write_str(match self.write {
            GuardedWrite::None => "stopped by a second signal",
            GuardedWrite::NotSent => "stopped by a second signal; no scale request was sent",
            GuardedWrite::MayHaveBeenSent => {
                "stopped by a second signal; scale request outcome unknown; inspect kubectl ome autoscale status before preparing another request"
            }
        })
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
            stop(Signal::Terminate, GuardedWrite::NotSent).exit_code() as u8,
            143
        );
        assert_eq!(
            stop(Signal::Terminate, GuardedWrite::MayHaveBeenSent).to_string(),
            "stopped by a second signal; scale request outcome unknown; inspect kubectl ome autoscale status before preparing another request"
        );
    }
}
