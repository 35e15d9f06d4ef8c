//! Reads for `instance` (to be written).
