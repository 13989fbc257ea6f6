//! No module imports another that imports it back, directly or through
//! others (docs/architecture.md, "Dependencies"). The modules are the
//! library's top-level modules and their children (`search::dfpn`,
//! `eval::patterns`, …); a file's references are its `crate::…` and
//! `super::…` paths outside comments and `#[cfg(test)]` code. A `mod.rs`
//! that re-exports its children (`pub use child::…`) is a facade, not a
//! dependency on them. Run with `--nocapture` to print the listing that
//! docs/architecture.md shows.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The module path of a file under `src/` (`search/dfpn/mod.rs` →
/// `["search", "dfpn"]`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|l| l == "mod" || l == "lib") {
        parts.pop();
    }
    parts
}

/// The node a module path belongs to: its first two segments.
fn node(path: &[String]) -> String {
    path.iter().take(2).cloned().collect::<Vec<_>>().join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a file without comments and without its `#[cfg(test)]` tail.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Identifiers at the start of each comma-separated item of a brace group
/// starting at `s[0] == '{'`.
fn brace_heads(s: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut item = String::new();
    for c in s.chars() {
        match c {
            '{' => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    heads.push(std::mem::take(&mut item));
                    break;
                }
            }
            ',' if depth == 1 => {
                heads.push(std::mem::take(&mut item));
                continue;
            }
            _ => {}
        }
        if depth >= 1 {
            item.push(c);
        }
    }
    heads
        .iter()
        .map(|h| h.trim().split("::").next().unwrap_or("").trim().to_string())
        .filter(|h| !h.is_empty())
        .collect()
}

/// The module paths a file's code refers to, each as the path of segments
/// after resolving `crate` and `super` (items keep their name as a segment;
/// only the first two segments matter).
fn references(module: &[String], is_mod_file: bool, code: &str) -> Vec<(Vec<String>, bool)> {
    let mut refs = Vec::new();
    // `super` of a file `a/b.rs` (module a::b) is `a`; of `a/b/mod.rs` too.
    let parent: Vec<String> = module[..module.len().saturating_sub(1)].to_vec();
    let bytes = code.as_bytes();
    for (key, base) in [("crate::", Vec::new()), ("super::", parent)] {
        let mut from = 0;
        while let Some(pos) = code[from..].find(key) {
            let start = from + pos;
            from = start + key.len();
            // Not part of a longer identifier (`mycrate::`).
            if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
                continue;
            }
            // A re-export in a mod.rs: a facade over its children.
            let line_start = code[..start].rfind('\n').map_or(0, |i| i + 1);
            let reexport =
                is_mod_file && code[line_start..start].trim_start().starts_with("pub use");
            let rest = &code[from..];
            let mut heads = Vec::new();
            if rest.starts_with('{') {
                heads.extend(brace_heads(rest).into_iter().map(|h| vec![h]));
            } else {
                let segs: Vec<String> = rest
                    .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .next()
                    .unwrap_or("")
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .take(2)
                    .map(str::to_string)
                    .collect();
                heads.push(segs);
            }
            for h in heads {
                let mut path = base.clone();
                path.extend(h);
                refs.push((path, reexport));
            }
        }
    }
    // A mod.rs names its children without a prefix (`patterns::stage`).
    if is_mod_file {
        let children: Vec<&str> = code
            .lines()
            .filter_map(|l| {
                let l = l.trim();
                let l = l.strip_prefix("pub ").unwrap_or(l);
                l.strip_prefix("mod ")?.strip_suffix(';')
            })
            .collect();
        for line in code.lines() {
            if line.trim_start().starts_with("pub use") {
                continue;
            }
            for c in &children {
                let key = format!("{c}::");
                let mut from = 0;
                while let Some(pos) = line[from..].find(&key) {
                    let start = from + pos;
                    from = start + key.len();
                    let prev = line[..start].chars().last();
                    if prev.is_some_and(|p| p.is_alphanumeric() || p == '_' || p == ':') {
                        continue;
                    }
                    let mut path = module.to_vec();
                    path.push(c.to_string());
                    refs.push((path, false));
                }
            }
        }
    }
    refs
}

/// The library's dependency listing: node → nodes it refers to.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    graph_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The dependency listing of the crate whose sources are under `src`.
fn graph_of(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: Vec<(Vec<String>, PathBuf)> = files
        .iter()
        .map(|f| (module_of(f.strip_prefix(src).unwrap_or(f)), f.clone()))
        .collect();
    let nodes: BTreeSet<String> = modules
        .iter()
        .filter(|(m, _)| !m.is_empty())
        .map(|(m, _)| node(m))
        .collect();
    // The node of a referenced path: the longest node that prefixes it.
    let resolve = |path: &[String]| -> Option<String> {
        let two = node(path);
        if nodes.contains(&two) {
            return Some(two);
        }
        let one = path.first()?.clone();
        nodes.contains(&one).then_some(one)
    };
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &modules {
        if module.is_empty() {
            continue; // lib.rs declares the modules
        }
        let from = node(module);
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        let is_mod_file = file.ends_with("mod.rs");
        let deps = graph.entry(from.clone()).or_default();
        for (path, reexport) in references(module, is_mod_file, &code(&text)) {
            let Some(to) = resolve(&path) else { continue };
            // A parent's re-export of its own child is a facade.
            let child_of_from = to.starts_with(&format!("{from}::"));
            if to != from && !(reexport && child_of_from) {
                deps.insert(to);
            }
        }
    }
    graph
}

/// A cycle through `start`, if any (depth-first search).
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for d in graph.get(n).into_iter().flatten() {
            match state.get(d.as_str()).copied().unwrap_or(0) {
                1 => {
                    let i = stack.iter().position(|s| s == d).unwrap_or(0);
                    let mut c = stack[i..].to_vec();
                    c.push(d.clone());
                    return Some(c);
                }
                0 => {
                    if let Some(c) = visit(d, graph, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0 {
            let mut stack = Vec::new();
            if let Some(c) = visit(n, graph, &mut state, &mut stack) {
                return Some(c);
            }
        }
    }
    None
}

/// Prints the listing (each line after `prefix`) and fails on a cycle.
fn print_and_check(g: &BTreeMap<String, BTreeSet<String>>, prefix: &str) {
    for (n, deps) in g {
        let list: Vec<&str> = deps.iter().map(String::as_str).collect();
        println!("{prefix}{n} -> {}", list.join(", "));
    }
    if let Some(c) = cycle(g) {
        panic!("{prefix}module import cycle: {}", c.join(" -> "));
    }
}

#[test]
fn no_module_import_cycles() {
    let g = graph();
    assert!(g.contains_key("search::dfpn") && g.contains_key("eval"));
    print_and_check(&g, "");
}

/// The same for the tools crate (`tools/src`): its commands use the shared
/// parts (`common`, `hfit`, `train`, …), never each other.
#[test]
fn no_tools_module_import_cycles() {
    let g = graph_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/src"));
    assert!(g.contains_key("hfit::solve") && g.contains_key("fit_h_cmd"));
    print_and_check(&g, "tools: ");
}

/// The checker finds a cycle when there is one (and none in a chain).
#[test]
fn the_checker_sees_cycles() {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    assert_eq!(cycle(&g), None);
    g.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        cycle(&g),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    // References resolve through `super` and brace groups.
    let m = vec!["search".to_string(), "alphabeta".to_string()];
    let refs = references(
        &m,
        true,
        "use super::{fail_soft_bounds, shallow::Probe};\nuse crate::eval::Evaluator;",
    );
    let paths: Vec<Vec<String>> = refs.into_iter().map(|(p, _)| p).collect();
    assert!(paths.contains(&vec!["search".to_string(), "shallow".to_string()]));
    assert!(paths.contains(&vec!["eval".to_string(), "Evaluator".to_string()]));
}
