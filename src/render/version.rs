//! `version` as text: kubectl's `Client Version:`/`Server Version:` lines with the OME
//! operator's `Operator Version:` between them (website.md §2; the third line is README ac).

use crate::evaluate::version::{Found, VersionReport};
use crate::text::sanitize;

/// The report's lines.
pub(crate) fn text(report: &VersionReport) -> String {
    let client = &report.client_version;
    let mut out = format!(
        "Client Version: {} (commit {})\n",
        client.version, client.commit
    );
    if let Some(operator) = &report.operator_version {
        out.push_str(&format!("Operator Version: {}\n", line(operator)));
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
            },
            operator_version: Some(Found {
                version: "unknown".into(),
                reason: Some("get deployments.apps ome/ome-controller-manager: NotFound".into()),
            }),
            server_version: Some(Found {
                version: "v1.37.2".into(),
                reason: None,
            }),
        };
        assert_eq!(
            text(&report),
            "Client Version: v0.1.0 (commit 0123456789ab)\nOperator Version: unknown (get deployments.apps ome/ome-controller-manager: NotFound)\nServer Version: v1.37.2\n"
        );
    }
}
