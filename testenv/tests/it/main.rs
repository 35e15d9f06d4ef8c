//! The test environment's own tests: one crate (one binary, one shared API server), with a
//! module per area, like the plugin's `tests/it`.

// The whole crate is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

mod demo_build_reuse;
mod diagnosis_fixtures;
mod faults;
mod first_run;
mod harness;
mod kubelet;
mod models_and_pins;
