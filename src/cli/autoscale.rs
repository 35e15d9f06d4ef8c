//! Argument parsing for `autoscale` (to be written).
