//! Reads for `wait` (to be written).
