//! Evaluation for `scale` (to be written).
