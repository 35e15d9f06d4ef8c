//! Reads for `migration` (to be written).
