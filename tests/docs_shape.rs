//! The reference documents stay readable: no line of `docs/*.md` or the
//! README is over 400 characters (long paragraphs wrap, long table cells
//! split into rows or move to the lab notes), and docs/benchmarks.md holds
//! current figures in at most 300 lines (history goes to `lab/notes/`).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn documents() -> Vec<PathBuf> {
    let docs = root().join("docs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&docs)
        .unwrap_or_else(|e| panic!("{docs:?}: {e}"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.push(root().join("README.md"));
    files.sort();
    files
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{p:?}: {e}"))
}

#[test]
fn no_document_line_is_over_400_characters() {
    let files = documents();
    assert!(files.len() > 5, "{files:?}");
    let mut long = Vec::new();
    for f in &files {
        for (i, line) in read(f).lines().enumerate() {
            let n = line.chars().count();
            if n > 400 {
                long.push(format!("{}:{}: {n} characters", f.display(), i + 1));
            }
        }
    }
    assert!(
        long.is_empty(),
        "lines over 400 characters:\n{}",
        long.join("\n")
    );
}

#[test]
fn benchmarks_reference_is_at_most_300_lines() {
    let n = read(&root().join("docs/benchmarks.md")).lines().count();
    assert!(
        n <= 300,
        "docs/benchmarks.md has {n} lines (at most 300; history goes to lab/notes/)"
    );
}
