//! Rendering for `migration` (to be written).
