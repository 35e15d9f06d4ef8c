//! Reads for `autoscale` (to be written).
