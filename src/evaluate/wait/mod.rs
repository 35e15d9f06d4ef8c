//! Evaluation for `wait` (to be written).
