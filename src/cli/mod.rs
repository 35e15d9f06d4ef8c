//! Parse: the command line, as clap sees it, and the local validation of each command's
//! arguments into a typed request. No I/O happens here (kubeconfig loading is `connect`).

pub mod args;
pub mod autoscale;
pub mod instance;
pub mod migration;
pub mod output;
pub mod parse_error;
pub mod rollout;
pub mod scale;
pub mod validate;
pub mod wait;

pub use args::{Cli, Command, ConnectionFlags};
pub use output::OutputFormat;

/// The three OMENative components, in the canonical order engine → decoder → router.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Component {
    Engine,
    Decoder,
    Router,
}

impl Component {
    pub const ALL: [Component; 3] = [Component::Engine, Component::Decoder, Component::Router];

    /// Exact, case-sensitive parse of `engine`, `decoder` or `router`.
    pub fn parse(value: &str) -> Option<Component> {
        match value {
            "engine" => Some(Component::Engine),
            "decoder" => Some(Component::Decoder),
            "router" => Some(Component::Router),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Component::Engine => "engine",
            Component::Decoder => "decoder",
            Component::Router => "router",
        }
    }

    /// Rank for sorting names that may not be components: known ones first, unknown last.
    pub fn rank(name: &str) -> usize {
        Component::parse(name).map_or(3, |c| c as usize)
    }
}

impl std::fmt::Display for Component {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
