//! Rendering for `autoscale` (to be written).
