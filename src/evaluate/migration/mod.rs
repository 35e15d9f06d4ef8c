//! Evaluation for `migration` (to be written).
