//! Evaluation for `autoscale` (to be written).
