//! Reads for `rollout` (to be written).
