//! Evaluation for `instance` (to be written).
