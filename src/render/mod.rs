//! Render: turning a report or result into text. Pure functions from values to strings; the
//! command writes the string to its stream.

pub mod autoscale;
pub mod instance;
pub mod migration;
pub mod output;
pub mod rollout;
pub mod scale;
pub mod structured;
pub mod table;
pub mod wait;

pub use output::{Tabular, render};
pub use structured::{to_json, to_yaml};
pub use table::{Table, TableStyle, Tone};
