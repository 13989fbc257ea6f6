//! No module imports another that imports it back, directly or through
//! others (docs/architecture.md, "Dependencies"), in any crate of the
//! workspace: the library (`src/`), the command line (`cli/src/`), the
//! tools (`tools/src/`), the Python binding (`python/src/`) and the C
//! library (`capi/src/`).
//!
//! A node of the graph is a whole file module (`search::alphabeta::pvs`,
//! `search::alphabeta` for its `mod.rs`); a module declared inline in a file
//! (`mod tests { … }`) belongs to its file. A file's references are its
//! `crate::…` and `super::…` paths, and the child paths of a `mod.rs`, in
//! every line of code outside comments, string literals and items gated
//! by `#[cfg(test)]`: `super::` inside an inline module resolves from that
//! module. Test items are found by parsing (each one runs to the end of its
//! braces or its `;`), wherever they stand in the file, and only they are
//! left out: a test may use a helper of a module that depends on the one
//! it tests (the move generator's tests draw random games from `rng`, which
//! plays moves with the move generator), which is no cycle of the code.
//! A referenced path belongs to the longest file module that prefixes it.
//! A `mod.rs` that re-exports its children (`pub use child::…`) is a
//! facade, not a dependency on them.
//!
//! The listing in docs/architecture.md is this test's output: the test
//! fails when the two differ, and `UPDATE_ARCHITECTURE=1 cargo test --test
//! module_cycles` writes it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

/// The crates whose modules are checked: a name for the listing and the
/// source folder, relative to the workspace root.
const CRATES: [(&str, &str); 5] = [
    ("library", "src"),
    ("cli", "cli/src"),
    ("tools", "tools/src"),
    ("python", "python/src"),
    ("capi", "capi/src"),
];

/// The module path of a file under its crate's source folder
/// (`search/dfpn/mod.rs` → `["search", "dfpn"]`; the crate root → `[]`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    let root = parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main");
    if root || parts.last().is_some_and(|l| l == "mod") {
        parts.pop();
    }
    parts
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

/// The code of a file with its comments and the contents of its string
/// and character literals blanked out (each replaced by spaces, newlines
/// kept), so that braces and paths inside them are not read as code.
fn code(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && matches!(next, Some('"') | Some('#'))
            && !(i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
            && raw_string_start(&c, i).is_some()
        {
            let (hashes, body) = raw_string_start(&c, i).unwrap_or((0, i));
            out.push('"');
            i = body;
            loop {
                if i >= c.len() {
                    break;
                }
                if c[i] == '"' && (0..hashes).all(|k| c.get(i + 1 + k) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                blank(&mut out, c[i]);
                i += 1;
            }
            out.push('"');
        } else if c[i] == '"' {
            out.push('"');
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    blank(&mut out, c[i]);
                    i += 1;
                }
                if i < c.len() {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if c[i] == '\'' {
            // A character literal ('x', '\n', '\u{1F600}') or a lifetime ('a).
            let close = if next == Some('\\') {
                (i + 2..c.len().min(i + 12)).find(|&k| c[k] == '\'')
            } else if c.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(k) => {
                    out.push_str("' '");
                    i = k + 1;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// `code` with every item gated by `#[cfg(test)]` blanked out: test
/// modules, and the test-only imports and helpers of a file. The item runs
/// to its first `;` outside braces or to the brace that closes its first
/// `{`, whichever comes first.
fn without_test_items(code: &str) -> String {
    let mut out = code.as_bytes().to_vec();
    let key = "#[cfg(test)]";
    let mut from = 0;
    while let Some(pos) = code[from..].find(key) {
        let start = from + pos;
        let mut depth = 0usize;
        let mut end = code.len();
        for (k, b) in code.as_bytes()[start + key.len()..].iter().enumerate() {
            let at = start + key.len() + k;
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = at + 1;
                        break;
                    }
                }
                b';' if depth == 0 => {
                    end = at + 1;
                    break;
                }
                _ => {}
            }
        }
        for b in &mut out[start..end] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
        from = end;
    }
    String::from_utf8(out).unwrap_or_default()
}

/// Where a raw string starting at `c[i] == 'r'` has its body: the number of
/// `#`s and the index after the opening quote.
fn raw_string_start(c: &[char], i: usize) -> Option<(usize, usize)> {
    let mut k = i + 1;
    while c.get(k) == Some(&'#') {
        k += 1;
    }
    (c.get(k) == Some(&'"')).then_some((k - i - 1, k + 1))
}

/// The inline modules of a file's code: each `mod name {` with the byte
/// range of its body and its path below the file's module.
fn inline_modules(code: &str) -> Vec<(usize, usize, Vec<String>)> {
    let bytes = code.as_bytes();
    let mut spans = Vec::new();
    // Open inline modules: (name, brace depth at which the body opened, start).
    let mut open: Vec<(String, usize, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if open.last().is_some_and(|(_, d, _)| *d == depth + 1) {
                    let (_, _, start) = open.pop().unwrap_or_default();
                    let mut path: Vec<String> = open.iter().map(|(n, _, _)| n.clone()).collect();
                    path.push(module_name_before(code, start));
                    spans.push((start, i, path));
                }
            }
            b'm' if code[i..].starts_with("mod ")
                && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_')) =>
            {
                let rest = &code[i + 4..];
                let name: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let after = rest.trim_start()[name.len()..].trim_start();
                if !name.is_empty() && after.starts_with('{') {
                    let brace = i + 4 + (rest.len() - after.len());
                    depth += 1;
                    open.push((name, depth, brace));
                    i = brace + 1;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    spans
}

/// The name of the inline module whose body opens at `brace`.
fn module_name_before(code: &str, brace: usize) -> String {
    code[..brace]
        .trim_end()
        .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("")
        .to_string()
}

/// The paths of the items of a brace group starting at `s[0] == '{'`
/// (`{a::b, c::{d, e}, self}` → `a::b`, `c`, `self`).
fn brace_items(s: &str) -> Vec<Vec<String>> {
    let mut items = Vec::new();
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
                    items.push(std::mem::take(&mut item));
                    break;
                }
            }
            ',' if depth == 1 => {
                items.push(std::mem::take(&mut item));
                continue;
            }
            _ => {}
        }
        if depth >= 1 {
            item.push(c);
        }
    }
    items
        .iter()
        .map(|h| {
            let head = h.split('{').next().unwrap_or("");
            let head = head.split(" as ").next().unwrap_or("");
            head.split("::")
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty() && s != "*")
                .collect::<Vec<_>>()
        })
        .filter(|p: &Vec<String>| !p.is_empty() && p[0] != "self")
        .collect()
}

/// The path segments of a plain path starting at `s` (`a::b::C;` → a, b, C).
fn path_at(s: &str) -> Vec<String> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .next()
        .unwrap_or("")
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// The module paths a file's code refers to, each with whether it is a
/// re-export line of a `mod.rs`.
fn references(module: &[String], is_mod_file: bool, code: &str) -> Vec<(Vec<String>, bool)> {
    let spans = inline_modules(code);
    // The module a byte of the file is in: the file's, or an inline one's.
    let module_at = |pos: usize| -> Vec<String> {
        let mut m = module.to_vec();
        if let Some((_, _, inner)) = spans
            .iter()
            .filter(|(s, e, _)| *s <= pos && pos < *e)
            .max_by_key(|(s, _, _)| *s)
        {
            m.extend(inner.iter().cloned());
        }
        m
    };
    let mut refs = Vec::new();
    let bytes = code.as_bytes();
    for key in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(pos) = code[from..].find(key) {
            let start = from + pos;
            from = start + key.len();
            // Not part of a longer identifier or path (`mycrate::`, `a::super::`).
            if start > 0
                && (bytes[start - 1].is_ascii_alphanumeric()
                    || bytes[start - 1] == b'_'
                    || bytes[start - 1] == b':')
            {
                continue;
            }
            let mut base = if key == "crate::" {
                Vec::new()
            } else {
                let mut m = module_at(start);
                m.pop();
                m
            };
            // Further `super::`s climb on.
            let mut rest = &code[from..];
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
                from += "super::".len();
            }
            let line_start = code[..start].rfind('\n').map_or(0, |i| i + 1);
            let reexport =
                is_mod_file && code[line_start..start].trim_start().starts_with("pub use");
            // Leading segments (`eval::`), then a brace group or a path.
            let plain = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let mut prefix = Vec::new();
            if rest[..plain].ends_with("::") && rest[plain..].starts_with('{') {
                prefix = path_at(&rest[..plain]);
                rest = &rest[plain..];
            }
            base.extend(prefix);
            let heads = if rest.starts_with('{') {
                brace_items(rest)
            } else {
                vec![path_at(rest)]
            };
            for h in heads {
                let mut path = base.clone();
                path.extend(h);
                refs.push((path, reexport));
            }
        }
    }
    // A mod.rs (or crate root) names its children without a prefix
    // (`patterns::stage`, `use root::Root;`).
    if is_mod_file {
        let children: Vec<&str> = code
            .lines()
            .filter_map(|l| {
                let l = l.trim();
                let l = l
                    .strip_prefix("pub(crate) ")
                    .or_else(|| l.strip_prefix("pub "))
                    .unwrap_or(l);
                l.strip_prefix("mod ")?.strip_suffix(';')
            })
            .collect();
        for line in code.lines() {
            let reexport = line.trim_start().starts_with("pub use");
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
                    path.extend(path_at(&line[from..]));
                    refs.push((path, reexport));
                }
            }
        }
    }
    refs
}

/// The dependency listing of the crate whose sources are under `src`:
/// file module → the file modules it refers to.
fn graph_of(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: Vec<(Vec<String>, PathBuf)> = files
        .iter()
        .map(|f| (module_of(f.strip_prefix(src).unwrap_or(f)), f.clone()))
        .collect();
    let nodes: BTreeSet<Vec<String>> = modules
        .iter()
        .filter(|(m, _)| !m.is_empty())
        .map(|(m, _)| m.clone())
        .collect();
    // The node of a referenced path: the longest file module prefixing it.
    let resolve = |path: &[String]| -> Option<String> {
        (1..=path.len())
            .rev()
            .map(|n| &path[..n])
            .find(|p| nodes.contains(*p))
            .map(|p| p.join("::"))
    };
    let mut graph = Graph::new();
    for (module, file) in &modules {
        if module.is_empty() {
            continue; // the crate root declares the modules
        }
        let from = module.join("::");
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        let is_mod_file = file.ends_with("mod.rs");
        let deps = graph.entry(from.clone()).or_default();
        for (path, reexport) in references(module, is_mod_file, &without_test_items(&code(&text))) {
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

/// A cycle, if any (depth-first search).
fn cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &Graph,
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

/// The listing of one crate: a line per module that uses others.
fn listing(name: &str, g: &Graph) -> String {
    let mut s = format!("# {name}\n");
    if g.is_empty() {
        s.push_str("(one file: the crate root)\n");
    }
    for (n, deps) in g {
        if !deps.is_empty() {
            let list: Vec<&str> = deps.iter().map(String::as_str).collect();
            s.push_str(&format!("{n} -> {}\n", list.join(", ")));
        }
    }
    s
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

const START: &str = "<!-- module listing: written by tests/module_cycles.rs -->\n```text\n";
const END: &str = "```\n<!-- end of module listing -->";

#[test]
fn no_module_import_cycles_in_any_crate() {
    let mut all = String::new();
    let mut cycles = Vec::new();
    for (name, dir) in CRATES {
        let mut files = Vec::new();
        rust_files(&root().join(dir), &mut files);
        assert!(!files.is_empty(), "{dir}: no Rust files found");
        let g = graph_of(&root().join(dir));
        if let Some(c) = cycle(&g) {
            cycles.push(format!("{name}: {}", c.join(" -> ")));
        }
        all.push_str(&listing(name, &g));
    }
    print!("{all}");
    assert!(
        cycles.is_empty(),
        "module import cycles:\n{}",
        cycles.join("\n")
    );

    // docs/architecture.md shows this listing, as written by this test.
    let doc_path = root().join("docs/architecture.md");
    let doc = std::fs::read_to_string(&doc_path).unwrap_or_else(|e| panic!("{doc_path:?}: {e}"));
    let (Some(a), Some(b)) = (doc.find(START), doc.find(END)) else {
        panic!("docs/architecture.md has no module listing between its markers");
    };
    let shown = &doc[a + START.len()..b];
    if shown != all {
        if std::env::var_os("UPDATE_ARCHITECTURE").is_some() {
            let new = format!("{}{START}{all}{}", &doc[..a], &doc[b..]);
            std::fs::write(&doc_path, new).unwrap_or_else(|e| panic!("{doc_path:?}: {e}"));
        } else {
            panic!(
                "docs/architecture.md's module listing is stale: rerun with \
                 UPDATE_ARCHITECTURE=1 cargo test --test module_cycles"
            );
        }
    }
}

/// The tools' commands (`cmd::*`) use the shared modules, never each other,
/// and no shared module uses a command.
#[test]
fn tools_commands_stand_alone() {
    let g = graph_of(&root().join("tools/src"));
    let is_command = |m: &str| m.starts_with("cmd::");
    assert!(g.keys().filter(|m| is_command(m)).count() >= 10, "{g:?}");
    let mut wrong = Vec::new();
    for (from, deps) in &g {
        for to in deps.iter().filter(|t| is_command(t)) {
            wrong.push(format!("{from} -> {to}"));
        }
    }
    assert!(wrong.is_empty(), "edges into a command: {wrong:?}");
}

/// The checker finds a cycle when there is one (and none in a chain).
#[test]
fn the_checker_sees_cycles() {
    let mut g = Graph::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    assert_eq!(cycle(&g), None);
    g.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        cycle(&g),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
}

/// References resolve through `super`, brace groups and inline modules;
/// comments and strings are not code.
#[test]
fn references_resolve_whole_paths() {
    let m = vec!["search".to_string(), "alphabeta".to_string()];
    let src = "use super::{fail_soft_bounds, shallow::Probe};\n\
               use crate::eval::{patterns::Stage, Evaluator};\n\
               use crate::search::alphabeta::{pvs::Candidate, tt};\n\
               // use crate::hidden::X;\n\
               const S: &str = \"crate::in_string::X {\";\n\
               const C: char = '{';\n\
               #[cfg(test)]\nmod tests {\n    use super::super::Searcher;\n    use super::*;\n}\n";
    let paths: Vec<Vec<String>> = references(&m, true, &code(src))
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let has = |p: &[&str]| paths.contains(&p.iter().map(|s| s.to_string()).collect());
    assert!(has(&["search", "shallow", "Probe"]), "{paths:?}");
    assert!(has(&["eval", "patterns", "Stage"]), "{paths:?}");
    assert!(has(&["eval", "Evaluator"]), "{paths:?}");
    assert!(
        has(&["search", "alphabeta", "pvs", "Candidate"]),
        "{paths:?}"
    );
    assert!(has(&["search", "alphabeta", "tt"]), "{paths:?}");
    // `super::super` of search::alphabeta::tests is search.
    assert!(has(&["search", "Searcher"]), "{paths:?}");
    assert!(!paths
        .iter()
        .flatten()
        .any(|s| s == "hidden" || s == "in_string"));
}

/// Only the items gated by `#[cfg(test)]` are left out, wherever they
/// stand: the code after a test module, a test-only import or a test-only
/// function is still read (a guard that stopped at the first
/// `#[cfg(test)]` of a file would miss the last two paths below).
#[test]
fn code_after_test_items_is_read() {
    let m = vec!["search".to_string(), "probe".to_string()];
    let src = "use crate::board::Board;\n\
               #[cfg(test)]\nuse crate::board::movegen::moves;\n\
               #[cfg(test)]\nfn helper() { let _ = crate::rng::Rng::new(1); }\n\
               use crate::eval::Evaluator;\n\
               #[cfg(test)]\nmod tests {\n    use crate::search::engine::Engine;\n    fn f() { if true { } }\n}\n\
               pub fn g() -> u32 { crate::search::tuning::LAST_N_MAX }\n";
    let paths: Vec<String> = references(&m, false, &without_test_items(&code(src)))
        .into_iter()
        .map(|(p, _)| p.join("::"))
        .collect();
    for want in [
        "board::Board",
        "eval::Evaluator",
        "search::tuning::LAST_N_MAX",
    ] {
        assert!(paths.iter().any(|p| p == want), "{want} missing: {paths:?}");
    }
    for gone in ["board::movegen", "rng", "search::engine"] {
        assert!(
            !paths.iter().any(|p| p.starts_with(gone)),
            "{gone} read: {paths:?}"
        );
    }
}

/// A circle planted between two files of one folder is caught: the nodes
/// are whole module paths, not their first two segments.
#[test]
fn a_circle_between_sibling_files_is_caught() {
    let dir = std::env::temp_dir().join(format!("module-cycles-{}", std::process::id()));
    let ab = dir.join("search/alphabeta");
    std::fs::create_dir_all(&ab).unwrap_or_else(|e| panic!("{ab:?}: {e}"));
    let write = |p: &str, s: &str| {
        std::fs::write(dir.join(p), s).unwrap_or_else(|e| panic!("{p}: {e}"));
    };
    write("lib.rs", "pub mod search;\n");
    write("search/mod.rs", "pub mod alphabeta;\n");
    write("search/alphabeta/mod.rs", "mod pvs;\nmod endgame;\n");
    write("search/alphabeta/pvs.rs", "use super::endgame::solve;\n");
    write(
        "search/alphabeta/endgame.rs",
        "use crate::search::alphabeta::pvs::X;\npub fn solve() {}\n",
    );
    let g = graph_of(&dir);
    let found = cycle(&g);
    std::fs::remove_dir_all(&dir).ok();
    assert!(found.is_some(), "{g:?}");
}
