//! Argument parsing for `rollout` (to be written).
