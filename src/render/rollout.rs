//! Rendering for `rollout` (to be written).
