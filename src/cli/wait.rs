//! Argument parsing for `wait` (to be written).
