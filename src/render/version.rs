//! `version` as text (kubectl's `Client Version:`/`Server Version:` lines with the OME operator
//! between them), JSON or YAML.

use super::structured::{to_json, to_yaml};
use crate::errors::RenderError;
use crate::evaluate::version::{Found, VersionReport};
use crate::ome::request::OutputFormat;
use crate::text::sanitize;

/// The report in `format` (`Table` is the text form).
pub(crate) fn render(report: &VersionReport, format: OutputFormat) -> Result<String, RenderError> {
    match format {
        OutputFormat::Json => to_json(report),
        OutputFormat::Yaml => to_yaml(report),
        OutputFormat::Table | OutputFormat::Wide => Ok(text(report)),
    }
}

fn text(report: &VersionReport) -> String {
    let client = &report.client_version;
    let mut out = format!(
        "Client Version: {} (commit {})\n",
        client.version, client.commit
    );
    if let Some(ome) = &report.ome_version {
        out.push_str(&format!("OME Version: {}\n", line(ome)));
    }
    if let Some(server) = &report.server_version {
        out.push_str(&format!("Server Version: {}\n", line(server)));
    }
    out
}

fn line(found: &Found) -> String {
    match &found.reason {
        Some(reason) => format!("{} ({})", sanitize(&found.version), sanitize(reason)),
        None => sanitize(&found.version),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::version::ClientVersion;

    #[test]
    fn text_golden() {
        let report = VersionReport {
            client_version: ClientVersion {
                version: "v0.1.0".into(),
                commit: "0123456789ab".into(),
                platform: "linux/amd64".into(),
            },
            ome_version: Some(Found {
                version: "unknown".into(),
                reason: Some("no ome-controller-manager Deployment in namespace \"ome\"".into()),
            }),
            server_version: Some(Found {
                version: "v1.37.2".into(),
                reason: None,
            }),
        };
        assert_eq!(
            render(&report, OutputFormat::Table).unwrap(),
            "Client Version: v0.1.0 (commit 0123456789ab)\nOME Version: unknown (no ome-controller-manager Deployment in namespace \"ome\")\nServer Version: v1.37.2\n"
        );
        assert_eq!(
            render(&report, OutputFormat::Json).unwrap(),
            r#"{
  "clientVersion": {
    "version": "v0.1.0",
    "commit": "0123456789ab",
    "platform": "linux/amd64"
  },
  "omeVersion": {
    "version": "unknown",
    "reason": "no ome-controller-manager Deployment in namespace \"ome\""
  },
  "serverVersion": {
    "version": "v1.37.2"
  }
}
"#
        );
    }
}
