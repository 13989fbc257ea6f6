//! Helpers shared by the integration tests (also of the cli and tools
//! crates, which include this file by path): finding `../shared`, temporary
//! directories. (The reference solver is the library's
//! `othello_solver::search::reference`.)

#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared/data` beside the crate, or `None` (after printing why) when it
/// is absent: tests that need it then say they were skipped.
pub fn shared_data(test: &str) -> Option<PathBuf> {
    // Beside the workspace: one level up from the library crate, two from cli/ and tools/.
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = crate_dir.join("../shared/data");
    let tools_dir = crate_dir.join("../../shared/data");
    if dir.is_dir() {
        Some(dir)
    } else if (crate_dir.ends_with("tools") || crate_dir.ends_with("cli")) && tools_dir.is_dir() {
        Some(tools_dir)
    } else {
        eprintln!(
            "skipped {test}: {} not found (CI always has ../shared)",
            dir.display()
        );
        None
    }
}

/// A fresh directory under the system temp dir, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A new empty directory whose name contains `name`, the process id and
    /// the time, so that parallel tests and runs never share one.
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "othello-test-{}-{name}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0)
        ));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        TempDir(dir)
    }

    /// Writes `bytes` to the file `name` inside the directory.
    pub fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `../shared` next to the crate root, if present.
pub fn shared() -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared");
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("skipped: ../shared not found");
        None
    }
}

/// Checks that `pv` is a legal line from `board` (a pass only where the side
/// to move has no move) that reaches the end of the game at `score` (for
/// the side to move at `board`).
pub fn check_pv(
    board: &othello_solver::Board,
    pv: &[Option<othello_solver::Square>],
    score: i32,
    what: &str,
) {
    let mut b = *board;
    let mut sign = 1;
    for m in pv {
        b = match m {
            Some(sq) => b
                .play(*sq)
                .unwrap_or_else(|| panic!("{what}: illegal PV move {sq}")),
            None => {
                assert_eq!(b.moves(), 0, "{what}: PV passes with moves");
                b.pass()
            }
        };
        sign = -sign;
    }
    assert!(b.is_game_over(), "{what}: PV stops before the end");
    assert_eq!(
        sign * b.final_score(),
        score,
        "{what}: PV does not reach the score"
    );
}

/// The rows of a JSON-lines file (none if it does not exist yet).
pub fn jsonl_rows(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}
