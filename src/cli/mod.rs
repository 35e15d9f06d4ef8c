//! Parse: the command line, as clap sees it, and the local validation of each command's
//! arguments into a typed request. No I/O happens here (kubeconfig loading is `connect`).

pub mod args;
pub mod autoscale;
pub mod instance;
pub mod migration;
pub mod parse_error;
pub mod rollout;
pub mod scale;
pub mod wait;

pub use args::{Cli, Command};
