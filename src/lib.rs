//! kubectl-ome: a kubectl plugin for OME's OMENative mode.
//!
//! # Layers, and which way imports point
//!
//! The code follows the data: `cli` parses the command line (no I/O), `connect` loads the
//! kubeconfig and builds the client, `collect` makes every API read, `evaluate` turns evidence
//! into verdicts and reports (pure: no I/O, the clock is a parameter), `render` turns reports into
//! text, and `act` makes the one guarded write. `commands` composes them, one thin file per
//! command, and holds the orchestration that repeats reads (the `wait` engine); `app` is the
//! process edge.
//!
//! Everything the stages share lives below them, so the stages never import each other for
//! vocabulary:
//!
//! * `text` — sanitising and bounding text for a terminal. A leaf: imports nothing of ours.
//! * `ome` — the domain vocabulary: object views, components, names and their validation,
//!   durations, the evidence a read produces (`ApiError`, `ReplicaCollection`), read plans, the
//!   binding check, the report envelope and the typed requests. Imports only `text`.
//! * `errors` — every error as a type with its fixed message, exit code and typed cause. Imports
//!   `ome` and `text`.
//!
//! Above them, each module imports only what its line allows (`tests/it/architecture.rs` reads the
//! sources and fails on anything else):
//!
//! | module     | may import                                                           |
//! |------------|----------------------------------------------------------------------|
//! | `text`     | —                                                                    |
//! | `ome`      | `text`                                                               |
//! | `errors`   | `ome`, `text`                                                        |
//! | `connect`  | `errors`, `ome`, `text`                                              |
//! | `cli`      | `connect` (the connection flags), `errors`, `ome`, `text`            |
//! | `collect`  | `connect`, `errors`, `ome`, `text`                                   |
//! | `evaluate` | `errors`, `ome`, `text` — never `collect`, `connect`, `render`        |
//! | `render`   | `evaluate` (it renders what evaluate built), `errors`, `ome`, `text` |
//! | `act`      | `collect`, `connect`, `errors`, `evaluate`, `ome`, `text`            |
//! | `commands` | everything above                                                     |
//! | `complete` | `cli`, `collect`, `connect`, `ome`, `text`                           |
//! | `app`      | `cli`, `commands`, `errors`                                          |
//!
//! The public items are what the binaries and the benchmark use; everything else is
//! `pub(crate)`.

#![warn(unreachable_pub)]

/// The configuration of every property test: a fixed seed, so that `cargo test` gives the same
/// result on every run, and `cases` cases. `OME_PROPTEST_SEED` and `OME_PROPTEST_FACTOR` (cases
/// times that factor) make the randomized run of `scripts/proptest-random`. Failures found are
/// written to `proptest-regressions/` and replayed first. A macro (not a module) because every
/// layer's tests use it and it imports nothing of ours.
#[cfg(test)]
macro_rules! property_config {
    ($cases:expr) => {{
        let seed = std::env::var("OME_PROPTEST_SEED")
            .ok()
            .and_then(|s| s.parse::<u64>().ok())
            .unwrap_or(0x6f6d_652d_7365_6564);
        let factor = std::env::var("OME_PROPTEST_FACTOR")
            .ok()
            .and_then(|s| s.parse::<u32>().ok())
            .unwrap_or(1)
            .max(1);
        let cases = u32::saturating_mul($cases, factor);
        // Shown with the test's output when it fails, so the run can be replayed.
        eprintln!("proptest: OME_PROPTEST_SEED={seed} cases={cases}");
        proptest::test_runner::Config {
            cases,
            rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
            ..proptest::test_runner::Config::default()
        }
    }};
}

mod act;
pub mod app;
mod cli;
pub mod collect;
mod commands;
pub mod complete;
pub mod connect;
mod errors;
mod evaluate;
mod ome;
mod render;
mod text;
