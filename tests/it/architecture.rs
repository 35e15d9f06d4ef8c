//! The import directions of `src/lib.rs`, checked on the parsed sources: every path that starts
//! with `crate::`, `self::` or `super::` (in `use` trees, in code, and inside macro calls) is
//! resolved from the module it is written in, counting inline modules such as `mod tests`, and
//! must name a module the importing module may use. Inside `evaluate`, one command's evaluation
//! imports only the shared modules and the evaluations it is declared to build on (below).
//! `ARCHITECTURE_SRC` points the check at another tree (e.g. an older checkout).

// The whole file is test code, so the lints that allow panicking shortcuts in tests
// (clippy.toml) apply to its helpers too.
#![cfg(test)]

use proc_macro2::{TokenStream, TokenTree};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use syn::visit::{self, Visit};

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

/// The modules of `evaluate` that every command's evaluation may use.
const EVALUATE_SHARED: &[&str] = &[
    "condition",
    "deployment_mode",
    "instance_row",
    "lifecycle",
    "read",
    "replica_identity",
    "replica_sources",
    "runtime_selection",
];

/// Which other commands' evaluations each command's evaluation builds on (besides the shared
/// modules). A child of `evaluate` absent from this list may import only the shared modules.
const EVALUATE_ALLOWED: &[(&str, &[&str])] = &[
    // The IR fixtures of its unit tests.
    ("migration", &["instance_list"]),
    ("scale", &["migration", "rollout"]),
    ("wait", &["instance_list", "migration", "rollout"]),
    ("instance_status", &["instance_list"]),
    ("autoscale_explain", &["autoscale_status", "scale"]),
    ("runtime_effective", &["scale"]),
    ("rollout_action", &["rollout", "scale"]),
    ("rollout_explain", &["rollout"]),
    ("release_held", &["rollout_action", "scale"]),
    ("status", &["autoscale_status", "rollout", "scale"]),
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

/// The absolute module path a path names, when it starts from the crate (`crate::`, `self::`,
/// `super::`); `module` is where it is written.
fn resolve(segments: &[String], module: &[String]) -> Option<Vec<String>> {
    let (first, rest) = segments.split_first()?;
    match first.as_str() {
        "crate" => Some(rest.to_vec()),
        "self" => Some([module, rest].concat()),
        "super" => {
            let climbs = segments.iter().take_while(|s| *s == "super").count();
            let base = module.get(..module.len().checked_sub(climbs)?)?;
            Some([base, segments.get(climbs..)?].concat())
        }
        _ => None,
    }
}

/// Every crate-relative path in one file, resolved to absolute module paths.
struct Paths {
    /// The module the visitor is in (the file's, plus the inline modules around it).
    module: Vec<String>,
    found: Vec<(Vec<String>, Vec<String>)>,
}

impl Paths {
    fn note(&mut self, segments: &[String]) {
        if let Some(absolute) = resolve(segments, &self.module) {
            self.found.push((self.module.clone(), absolute));
        }
    }

    /// Every path of a `use` tree (`a::{b::c, d}` → `a::b::c`, `a::d`).
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                self.note(&prefix.clone());
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                prefix.push(r.ident.to_string());
                self.note(&prefix.clone());
                prefix.pop();
            }
            syn::UseTree::Glob(_) => self.note(&prefix.clone()),
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.use_tree(prefix, t)),
        }
    }

    /// Paths inside a macro call's tokens (`format!("{}", crate::x::y())`): runs of
    /// `ident :: ident …` that start from the crate.
    fn tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(group) => self.tokens(group.stream()),
                TokenTree::Ident(first) => {
                    let mut segments = vec![first.to_string()];
                    let mut j = i + 1;
                    while let (
                        Some(TokenTree::Punct(a)),
                        Some(TokenTree::Punct(b)),
                        Some(TokenTree::Ident(next)),
                    ) = (trees.get(j), trees.get(j + 1), trees.get(j + 2))
                    {
                        if a.as_char() != ':' || b.as_char() != ':' {
                            break;
                        }
                        segments.push(next.to_string());
                        j += 3;
                    }
                    if segments.len() > 1 {
                        self.note(&segments);
                        i = j - 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if item.content.is_some() {
            self.module.push(item.ident.to_string());
            visit::visit_item_mod(self, item);
            self.module.pop();
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.note(&segments);
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(mac.tokens.clone());
        visit::visit_macro(self, mac);
    }
}

/// `(file, importing module, imported path)` for every crate-relative path in `root`.
fn crate_paths(root: &Path) -> Vec<(String, Vec<String>, Vec<String>)> {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let mut found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(root).expect("under the root");
        let module = module_path(relative);
        if module.first().is_none_or(|m| m == "bin") {
            continue; // lib.rs and main.rs declare the modules.
        }
        let text = std::fs::read_to_string(&file).expect("read source");
        let parsed = syn::parse_file(&text)
            .unwrap_or_else(|e| panic!("{} does not parse: {e}", relative.display()));
        let mut paths = Paths {
            module,
            found: Vec::new(),
        };
        paths.visit_file(&parsed);
        let name = relative.display().to_string();
        found.extend(paths.found.into_iter().map(|(m, p)| (name.clone(), m, p)));
    }
    found
}

/// The children of `evaluate` that are modules (files or folders), from the tree.
fn evaluate_children(root: &Path) -> BTreeSet<String> {
    let Ok(entries) = std::fs::read_dir(root.join("evaluate")) else {
        return BTreeSet::new();
    };
    entries
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_stem().expect("name").to_string_lossy().to_string())
        .filter(|name| name != "mod")
        .collect()
}

/// Why `from` may not use `to`, or `None` when it may.
fn broken_rule(from: &[String], to: &[String], features: &BTreeSet<String>) -> Option<String> {
    let (own, target) = (from.first()?, to.first()?);
    if own != target {
        let known = ALLOWED.iter().any(|(m, _)| m == target);
        let allowed = ALLOWED
            .iter()
            .find(|(m, _)| m == own)
            .is_some_and(|(_, list)| list.contains(&target.as_str()));
        return (known && !allowed).then(|| format!("{own} imports {target}"));
    }
    if own != "evaluate" {
        return None;
    }
    let (own_feature, feature) = (from.get(1)?, to.get(1)?);
    let builds_on = EVALUATE_ALLOWED
        .iter()
        .find(|(m, _)| m == own_feature)
        .is_some_and(|(_, list)| list.contains(&feature.as_str()));
    let crosses = own_feature != feature
        && features.contains(own_feature)
        && features.contains(feature)
        && !EVALUATE_SHARED.contains(&feature.as_str())
        && !builds_on;
    crosses.then(|| format!("evaluate::{own_feature} imports evaluate::{feature}"))
}

fn violations(root: &Path) -> Vec<String> {
    let features = evaluate_children(root);
    let found: BTreeSet<String> = crate_paths(root)
        .into_iter()
        .filter_map(|(file, from, to)| {
            broken_rule(&from, &to, &features).map(|rule| format!("{file}: {rule}"))
        })
        .collect();
    found.into_iter().collect()
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
fn every_evaluate_module_named_in_the_rules_exists() {
    let children = evaluate_children(&source_root());
    let named = EVALUATE_SHARED.iter().chain(
        EVALUATE_ALLOWED
            .iter()
            .flat_map(|(m, list)| std::iter::once(m).chain(list.iter())),
    );
    for module in named {
        assert!(
            children.contains(*module),
            "evaluate::{module} is not in the tree"
        );
    }
}

#[test]
fn the_check_sees_grouped_nested_climbing_and_macro_imports() {
    let dir = tempfile::tempdir().expect("temp dir");
    let evaluate = dir.path().join("evaluate");
    std::fs::create_dir_all(evaluate.join("wait")).expect("mkdir");
    std::fs::create_dir_all(evaluate.join("status")).expect("mkdir");
    std::fs::write(evaluate.join("lifecycle.rs"), "").expect("write");
    std::fs::write(evaluate.join("status").join("mod.rs"), "").expect("write");
    std::fs::write(
        evaluate.join("wait").join("mod.rs"),
        concat!(
            "use crate::{ome::Component, collect::x};\n",
            "use super::super::render::Table;\n",
            "use super::lifecycle::Strategy;\n",
            "// crate::connect in a comment\n",
            "fn f() { let s = \"crate::connect\"; }\n",
            "#[cfg(test)]\nmod tests {\n",
            "    use super::super::super::act::Write;\n",
            "    use super::super::status::Counts;\n",
            "    fn g() { assert!(crate::cli::parse()); }\n",
            "}\n",
        ),
    )
    .expect("write");
    let found = violations(dir.path());
    assert_eq!(
        found,
        [
            "evaluate/wait/mod.rs: evaluate imports act",
            "evaluate/wait/mod.rs: evaluate imports cli",
            "evaluate/wait/mod.rs: evaluate imports collect",
            "evaluate/wait/mod.rs: evaluate imports render",
            "evaluate/wait/mod.rs: evaluate::wait imports evaluate::status",
        ]
    );
}
