//! The release archive `kubectl-ome_<version>_<os>_<arch>.tar.gz` (`.zip` for Windows): the
//! binary (`kubectl-ome.exe` on Windows), LICENSE, README.md and the man pages, flat at the top
//! level. Entries are sorted and carry fixed owners, modes and times, so the same binary always
//! gives the same archive and digest.

use crate::generate::Generated;
use crate::platform::Platform;
use anyhow::{Context, Result};
use flate2::Compression;
use flate2::write::GzEncoder;
use sha2::{Digest, Sha256};
use std::io::{Read, Write};
use std::path::Path;

/// The installed executable's name.
pub const BINARY: &str = "kubectl-ome";
/// Files copied from the repository root into the archive.
pub const DOCUMENTS: [&str; 2] = ["LICENSE", "README.md"];

/// `kubectl-ome_0.1.0_linux_amd64.tar.gz`, `kubectl-ome_0.1.0_windows_arm64.zip`
pub fn archive_name(version: &str, platform: &Platform) -> String {
    format!(
        "{BINARY}_{version}_{}_{}.{}",
        platform.os,
        platform.arch,
        platform.archive_extension()
    )
}

/// The platform of an archive named by [`archive_name`] for `version`.
pub fn platform_of_name(version: &str, file_name: &str) -> Option<Platform> {
    let rest = file_name.strip_prefix(&format!("{BINARY}_{version}_"))?;
    let (platform, extension) = rest.split_once('.')?;
    let (os, arch) = platform.split_once('_')?;
    let platform = Platform::new(os, arch);
    (platform.archive_extension() == extension).then_some(platform)
}

/// What goes into the archive: path inside it, Unix mode, content.
pub struct Entry {
    /// Path inside the archive, e.g. `man/man1/kubectl-ome.1`.
    pub path: String,
    /// Unix permission bits.
    pub mode: u32,
    /// The file's bytes.
    pub content: Vec<u8>,
}

/// The archive's entries: `binary` (named for `platform`), the documents of `root`, and
/// `man_pages`.
pub fn entries(
    platform: &Platform,
    binary: &Path,
    root: &Path,
    man_pages: &[Generated],
) -> Result<Vec<Entry>> {
    let mut entries = vec![Entry {
        path: platform.binary_name(),
        mode: 0o755,
        content: std::fs::read(binary).with_context(|| format!("reading {}", binary.display()))?,
    }];
    for name in DOCUMENTS {
        let path = root.join(name);
        entries.push(Entry {
            path: name.to_string(),
            mode: 0o644,
            content: std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?,
        });
    }
    for page in man_pages {
        entries.push(Entry {
            path: page.path.to_string_lossy().into_owned(),
            mode: 0o644,
            content: page.content.clone(),
        });
    }
    entries.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(entries)
}

/// Writes `entries` (with their parent directories) to `out`: a zip when `out` ends with
/// `.zip`, else a gzipped tar.
pub fn write(entries: &[Entry], out: &Path) -> Result<()> {
    if is_zip(out) {
        write_zip(entries, out)
    } else {
        write_tar_gz(entries, out)
    }
}

fn is_zip(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "zip")
}

fn write_tar_gz(entries: &[Entry], out: &Path) -> Result<()> {
    let file = std::fs::File::create(out).with_context(|| format!("creating {}", out.display()))?;
    let mut tar = tar::Builder::new(GzEncoder::new(file, Compression::default()));
    tar.mode(tar::HeaderMode::Deterministic);
    let mut directories: Vec<String> = Vec::new();
    for entry in entries {
        for dir in parents(&entry.path) {
            if !directories.contains(&dir) {
                append(
                    &mut tar,
                    &format!("{dir}/"),
                    0o755,
                    tar::EntryType::Directory,
                    &[],
                )?;
                directories.push(dir);
            }
        }
        append(
            &mut tar,
            &entry.path,
            entry.mode,
            tar::EntryType::Regular,
            &entry.content,
        )?;
    }
    let gz = tar.into_inner().context("finishing the tar stream")?;
    let mut file = gz.finish().context("finishing the gzip stream")?;
    file.flush().context("writing the archive")?;
    Ok(())
}

/// A zip with DOS times of 1980-01-01 (the format's earliest) and Unix modes, so it is as
/// reproducible as the tar.
fn write_zip(entries: &[Entry], out: &Path) -> Result<()> {
    use zip::write::SimpleFileOptions;
    let file = std::fs::File::create(out).with_context(|| format!("creating {}", out.display()))?;
    let mut zip = zip::ZipWriter::new(file);
    let options = |mode: u32| {
        SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .last_modified_time(zip::DateTime::DEFAULT)
            .unix_permissions(mode)
    };
    let mut directories: Vec<String> = Vec::new();
    for entry in entries {
        for dir in parents(&entry.path) {
            if !directories.contains(&dir) {
                zip.add_directory(format!("{dir}/"), options(0o755))
                    .with_context(|| format!("adding {dir} to the archive"))?;
                directories.push(dir);
            }
        }
        zip.start_file(&entry.path, options(entry.mode))
            .with_context(|| format!("adding {} to the archive", entry.path))?;
        zip.write_all(&entry.content)
            .with_context(|| format!("writing {} into the archive", entry.path))?;
    }
    let mut file = zip.finish().context("finishing the zip")?;
    file.flush().context("writing the archive")?;
    Ok(())
}

fn append<W: Write>(
    tar: &mut tar::Builder<W>,
    path: &str,
    mode: u32,
    kind: tar::EntryType,
    content: &[u8],
) -> Result<()> {
    let mut header = tar::Header::new_gnu();
    header.set_entry_type(kind);
    header.set_mode(mode);
    header.set_size(content.len() as u64);
    header.set_uid(0);
    header.set_gid(0);
    header.set_mtime(0);
    tar.append_data(&mut header, path, content)
        .with_context(|| format!("adding {path} to the archive"))
}

/// `man/man1/x.1` → [`man`, `man/man1`].
fn parents(path: &str) -> Vec<String> {
    let mut parents: Vec<String> = Vec::new();
    let mut pieces = path.split('/').peekable();
    let mut current = String::new();
    while let Some(piece) = pieces.next() {
        if pieces.peek().is_none() {
            break;
        }
        if !current.is_empty() {
            current.push('/');
        }
        current.push_str(piece);
        parents.push(current.clone());
    }
    parents
}

/// The paths in a `.tar.gz` or `.zip` (directories end with `/`).
pub fn list(archive: &Path) -> Result<Vec<String>> {
    if is_zip(archive) {
        let file = std::fs::File::open(archive)
            .with_context(|| format!("opening {}", archive.display()))?;
        let zip = zip::ZipArchive::new(file).context("reading the zip")?;
        return zip
            .file_names()
            .map(|name| Ok(name.context("a zip entry name")?.into_owned()))
            .collect();
    }
    let file =
        std::fs::File::open(archive).with_context(|| format!("opening {}", archive.display()))?;
    let mut tar = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut paths = Vec::new();
    for entry in tar.entries().context("reading the archive")? {
        let entry = entry.context("reading an archive entry")?;
        let path = entry.path().context("an archive path")?;
        let mut text = path.to_string_lossy().into_owned();
        if entry.header().entry_type().is_dir() && !text.ends_with('/') {
            text.push('/');
        }
        paths.push(text);
    }
    Ok(paths)
}

/// Lowercase hex SHA-256 of a file.
pub fn sha256_file(path: &Path) -> Result<String> {
    let mut file =
        std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buffer).context("reading for the digest")?;
        if n == 0 {
            break;
        }
        hasher.update(buffer.get(..n).unwrap_or_default());
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}
