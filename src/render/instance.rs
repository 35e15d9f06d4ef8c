//! Rendering for `instance` (to be written).
