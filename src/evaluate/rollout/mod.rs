//! Evaluation for `rollout` (to be written).
