//! Argument parsing for `migration` (to be written).
