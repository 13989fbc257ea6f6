//! Helpers shared by the integration tests: finding `../shared`.

#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared/data` beside the crate, or `None` (after printing why) when it
/// is absent: tests that need it then say they were skipped.
pub fn shared_data(test: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipped {test}: {} not found (CI always has ../shared)",
            dir.display()
        );
        None
    }
}
