//! Argument parsing for `instance` (to be written).
