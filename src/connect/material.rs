//! The certificate authority, client certificate and key, and token file the selection points
//! to, read and checked here so that a problem names the file (or the kubeconfig entry) and
//! never shows what is in it.

use crate::errors::{ConnectError, Material, MaterialError, MaterialOrigin, MaterialProblem};
use base64::Engine as _;
use std::path::PathBuf;

/// PEM material, read from a file or decoded from inline data.
pub(crate) struct Pem {
    /// The PEM text.
    pub(crate) bytes: Vec<u8>,
}

/// Inline base64 data wins over a file, as in kubectl; neither means none.
pub(crate) fn load(
    material: Material,
    data: Option<&str>,
    file: Option<&str>,
    inline_origin: MaterialOrigin,
) -> Result<Option<Pem>, ConnectError> {
    let fail = |origin: MaterialOrigin, problem: MaterialProblem| {
        ConnectError::Material(Box::new(MaterialError {
            material,
            origin,
            problem,
        }))
    };
    let (bytes, origin) = match (
        data.filter(|d| !d.is_empty()),
        file.filter(|f| !f.is_empty()),
    ) {
        (Some(data), _) => {
            let compact: String = data.split_whitespace().collect();
            match base64::engine::general_purpose::STANDARD.decode(compact) {
                Ok(bytes) => (bytes, inline_origin),
                Err(_) => return Err(fail(inline_origin, MaterialProblem::NotBase64)),
            }
        }
        (None, Some(file)) => {
            let origin = MaterialOrigin::File(PathBuf::from(file));
            match std::fs::read(file) {
                Ok(bytes) => (bytes, origin),
                Err(e) => return Err(fail(origin, MaterialProblem::Unreadable(e))),
            }
        }
        (None, None) => return Ok(None),
    };
    if !has_pem_block(&bytes, material) {
        return Err(fail(origin, MaterialProblem::NoPem));
    }
    Ok(Some(Pem { bytes }))
}

/// A token file's content, trimmed of surrounding whitespace as kubectl does.
pub(crate) fn read_token_file(path: &str) -> Result<String, ConnectError> {
    std::fs::read_to_string(path)
        .map(|token| token.trim().to_string())
        .map_err(|e| {
            ConnectError::Material(Box::new(MaterialError {
                material: Material::TokenFile,
                origin: MaterialOrigin::File(PathBuf::from(path)),
                problem: MaterialProblem::Unreadable(e),
            }))
        })
}

/// The DER certificates of a PEM bundle.
pub(crate) fn certificates(pem: &[u8]) -> Vec<Vec<u8>> {
    pem::parse_many(pem)
        .unwrap_or_default()
        .into_iter()
        .filter(|block| block.tag() == "CERTIFICATE")
        .map(pem::Pem::into_contents)
        .collect()
}

pub(crate) fn has_pem_block(bytes: &[u8], material: Material) -> bool {
    let Ok(blocks) = pem::parse_many(bytes) else {
        return false;
    };
    blocks.iter().any(|block| match material {
        Material::ClientKey => block.tag().ends_with("PRIVATE KEY"),
        _ => block.tag() == "CERTIFICATE",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CERT: &str = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";

    #[test]
    fn inline_data_wins_and_bad_material_is_named_without_its_content() {
        let data = base64::engine::general_purpose::STANDARD.encode(CERT);
        let pem = load(
            Material::CertificateAuthority,
            Some(&data),
            Some("/nonexistent"),
            MaterialOrigin::ClusterData("c".into()),
        )
        .unwrap()
        .unwrap();
        assert_eq!(pem.bytes, CERT.as_bytes());
        let err = load(
            Material::ClientKey,
            Some("s3cr3t!!"),
            None,
            MaterialOrigin::UserData("u".into()),
        )
        .err()
        .unwrap();
        assert_eq!(
            err.to_string(),
            "client key data of user \"u\": not valid base64"
        );
        let err = load(
            Material::ClientCertificate,
            None,
            Some("/nonexistent/c.crt"),
            MaterialOrigin::UserData("u".into()),
        )
        .err()
        .unwrap();
        assert_eq!(
            err.to_string(),
            "client certificate /nonexistent/c.crt: file not found"
        );
        let not_pem = base64::engine::general_purpose::STANDARD.encode("s3cr3t");
        let err = load(
            Material::CertificateAuthority,
            Some(&not_pem),
            None,
            MaterialOrigin::ClusterData("c".into()),
        )
        .err()
        .unwrap();
        assert_eq!(
            err.to_string(),
            "certificate authority data of cluster \"c\": no PEM certificate in it"
        );
    }
}
