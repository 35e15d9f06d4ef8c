//! The three OMENative components.

use super::closed_set;

closed_set! {
    /// The three OMENative components, in the canonical order engine → decoder → router; the
    /// text is the lowercase name used in the API and on the command line.
    pub(crate) enum Component {
        /// The serving engine.
        Engine => "engine",
        /// The decoder of a disaggregated (prefill/decode) deployment.
        Decoder => "decoder",
        /// The request router.
        Router => "router",
    }
}

impl Component {
    /// All components, in canonical order.
    pub(crate) const ALL: [Component; 3] =
        [Component::Engine, Component::Decoder, Component::Router];

    /// The position in canonical order (engine 0, decoder 1, router 2).
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// Rank for sorting names that may not be components: known ones first, unknown last.
    pub(crate) fn rank(name: &str) -> usize {
        Component::parse(name).map_or(3, Component::index)
    }
}
