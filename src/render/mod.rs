//! Render: turning a report or result into text. Pure functions from values to strings; the
//! command writes the string to its stream.

pub mod autoscale;
pub mod cells;
pub mod envelope;
pub mod instance;
pub mod migration;
pub mod rollout;
pub mod scale;
pub mod structured;
pub mod table;
pub mod term_layout;
pub mod wait;

pub use cells::{bounded, bounded_middle, sanitize};
pub use envelope::{Report, ReportMetadata, Warning};
pub use structured::{to_json, to_yaml};
pub use table::{Table, TableStyle, Tone};
