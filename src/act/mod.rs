//! Act: the one guarded write the plugin ever makes (`scale`'s PATCH of `/scale`).

pub(crate) mod scale;
