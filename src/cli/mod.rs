//! Parse: the command line, as clap sees it, and the local validation of each command's
//! arguments into a typed request. No I/O happens here (kubeconfig loading is `connect`).

pub(crate) mod args;
pub(crate) mod autoscale;
pub(crate) mod doctor;
pub(crate) mod instance;
pub(crate) mod migration;
pub(crate) mod parse_error;
pub(crate) mod rollout;
pub(crate) mod scale;
pub(crate) mod status;
pub(crate) mod wait;

pub(crate) use args::{Cli, Command};
