//! Argument parsing for `scale` (to be written).
