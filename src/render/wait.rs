//! Rendering for `wait` (to be written).
