//! The import directions of `src/lib.rs`, checked on the sources: every `crate::<module>` path
//! (and every `super::` that climbs out of a module) must name a module the importing module
//! may use. `ARCHITECTURE_SRC` points the check at another tree (e.g. an older checkout).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Which top-level modules each module may import. The order of the list is the layering,
/// lowest first; a module absent from a list is forbidden to it.
const ALLOWED: &[(&str, &[&str])] = &[
    ("text", &[]),
    ("ome", &["text"]),
    ("errors", &["ome", "text"]),
    ("connect", &["errors", "ome", "text"]),
    ("cli", &["connect", "errors", "ome", "text"]),
    ("collect", &["connect", "errors", "ome", "text"]),
    ("evaluate", &["errors", "ome", "text"]),
    ("render", &["evaluate", "errors", "ome", "text"]),
    (
        "act",
        &["collect", "connect", "errors", "evaluate", "ome", "text"],
    ),
    (
        "commands",
        &[
            "act", "cli", "collect", "connect", "errors", "evaluate", "ome", "render", "text",
        ],
    ),
    ("complete", &["cli", "collect", "connect", "ome", "text"]),
    ("app", &["cli", "commands", "errors"]),
];

fn source_root() -> PathBuf {
    match std::env::var_os("ARCHITECTURE_SRC") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read source directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file relative to `src/` (`evaluate/wait/mod.rs` →
/// `["evaluate", "wait"]`, `lib.rs` → `[]`).
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// Code without comments and string literals, so prose never counts as an import.
fn code_only(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for line in source.lines() {
        let mut in_string = false;
        let mut escaped = false;
        let mut previous = ' ';
        for c in line.chars() {
            if in_string {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    in_string = false;
                }
                continue;
            }
            if c == '/' && previous == '/' {
                out.pop();
                break;
            }
            if c == '"' {
                in_string = true;
            } else {
                out.push(c);
            }
            previous = c;
        }
        out.push('\n');
    }
    out
}

fn identifier(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    text.get(..end).unwrap_or_default()
}

/// The first names after `prefix` (`crate::a::x` → `a`; `crate::{a::x, b}` → `a`, `b`).
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        let before = code.get(..at).and_then(|c| c.chars().next_back());
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = code.get(at + prefix.len()..).unwrap_or_default();
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && !c.is_whitespace() => {
                        start = false;
                        let tail = group.get(i..).unwrap_or_default();
                        names.push(identifier(tail).to_string());
                    }
                    _ => {}
                }
            }
        } else {
            names.push(identifier(rest).to_string());
        }
    }
    names
}

/// `(file, importing module, imported module)` for every import across top-level modules.
fn cross_imports(root: &Path) -> Vec<(String, String, String)> {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let mut found = Vec::new();
    for file in files {
        let relative = file
            .strip_prefix(root)
            .expect("under the root")
            .to_path_buf();
        let module = module_path(&relative);
        let Some(own) = module.first().cloned() else {
            continue; // lib.rs and main.rs declare the modules.
        };
        if own == "bin" {
            continue;
        }
        let code = code_only(&std::fs::read_to_string(&file).expect("read source"));
        let mut targets: BTreeSet<String> = names_after(&code, "crate::").into_iter().collect();
        // As many `super::` as the module is deep reach the crate root.
        let prefix = "super::".repeat(module.len());
        targets.extend(
            names_after(&code, &prefix)
                .into_iter()
                .filter(|n| n != "super"),
        );
        for target in targets {
            if target != own && !target.is_empty() && target != "self" {
                found.push((relative.display().to_string(), own.clone(), target));
            }
        }
    }
    found
}

fn violations(root: &Path) -> Vec<String> {
    cross_imports(root)
        .into_iter()
        .filter(|(_, from, to)| {
            let known = ALLOWED.iter().any(|(m, _)| m == to);
            let allowed = ALLOWED
                .iter()
                .find(|(m, _)| m == from)
                .is_some_and(|(_, list)| list.contains(&to.as_str()));
            known && !allowed
        })
        .map(|(file, from, to)| format!("{file}: {from} imports {to}"))
        .collect()
}

#[test]
fn imports_point_downward_only() {
    let root = source_root();
    let found = violations(&root);
    assert!(
        found.is_empty(),
        "{} import(s) against the directions of src/lib.rs in {}:\n{}",
        found.len(),
        root.display(),
        found.join("\n")
    );
}

#[test]
fn every_module_has_a_place_in_the_layering() {
    let root = source_root();
    let mut modules = BTreeSet::new();
    for entry in std::fs::read_dir(&root).expect("read src") {
        let path = entry.expect("entry").path();
        let name = path
            .file_stem()
            .expect("name")
            .to_string_lossy()
            .to_string();
        if !matches!(name.as_str(), "lib" | "main" | "bin") {
            modules.insert(name);
        }
    }
    let placed: BTreeSet<String> = ALLOWED.iter().map(|(m, _)| m.to_string()).collect();
    assert_eq!(modules, placed);
}

#[test]
fn the_check_sees_grouped_nested_and_climbing_imports() {
    let dir = tempfile::tempdir().expect("temp dir");
    let evaluate = dir.path().join("evaluate");
    std::fs::create_dir_all(evaluate.join("wait")).expect("mkdir");
    std::fs::write(
        evaluate.join("wait").join("mod.rs"),
        "use crate::{ome::Component, collect::x};\nuse super::super::render::Table;\n// crate::connect in a comment\nlet s = \"crate::connect\";\n",
    )
    .expect("write");
    let found = violations(dir.path());
    assert_eq!(
        found,
        [
            "evaluate/wait/mod.rs: evaluate imports collect",
            "evaluate/wait/mod.rs: evaluate imports render",
        ]
    );
}
