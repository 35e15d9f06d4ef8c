//! Act: the guarded writes the plugin makes (`scale`'s PATCH of `/scale`, the annotation PATCH
//! of `rollout pause`/`resume`).

pub(crate) mod annotate;
pub(crate) mod scale;
