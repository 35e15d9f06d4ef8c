//! kubectl-ome: a kubectl plugin for OME's OMENative mode.
//!
//! The code follows the data: `cli` parses arguments (no I/O), `connect` loads the kubeconfig,
//! `collect` makes the API reads, `evaluate` turns evidence into verdicts and reports (pure),
//! `render` formats them, and `act` makes the one guarded write. `commands` composes them.

pub mod act;
pub mod app;
pub mod cli;
pub mod collect;
pub mod commands;
pub mod complete;
pub mod connect;
pub mod errors;
pub mod evaluate;
pub mod ome;
pub mod render;
pub mod text;
