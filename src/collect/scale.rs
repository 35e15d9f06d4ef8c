//! Reads for `scale` (to be written).
