//! The three OMENative components.

/// The three OMENative components, in the canonical order engine → decoder → router.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Component {
    /// The serving engine.
    Engine,
    /// The decoder of a disaggregated (prefill/decode) deployment.
    Decoder,
    /// The request router.
    Router,
}

impl Component {
    /// All components, in canonical order.
    pub(crate) const ALL: [Component; 3] =
        [Component::Engine, Component::Decoder, Component::Router];

    /// Exact, case-sensitive parse of `engine`, `decoder` or `router`.
    pub(crate) fn parse(value: &str) -> Option<Component> {
        match value {
            "engine" => Some(Component::Engine),
            "decoder" => Some(Component::Decoder),
            "router" => Some(Component::Router),
            _ => None,
        }
    }

    /// The lowercase name used in the API and on the command line.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Component::Engine => "engine",
            Component::Decoder => "decoder",
            Component::Router => "router",
        }
    }

    /// The position in canonical order (engine 0, decoder 1, router 2).
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// Rank for sorting names that may not be components: known ones first, unknown last.
    pub(crate) fn rank(name: &str) -> usize {
        Component::parse(name).map_or(3, Component::index)
    }
}

impl std::fmt::Display for Component {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
