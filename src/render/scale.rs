//! Rendering for `scale` (to be written).
