//! Reads for `wait` (read-commands.md §4): one acquisition per predicate, and the engine that
//! repeats acquisitions (poll) or follows a watch until a match, a lost binding or the deadline.

pub mod acquire;
pub mod engine;
pub mod reads;
