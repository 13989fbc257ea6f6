//! Input files shared by the commands: a list of paths where a directory
//! stands for the game-record files under it.

use anyhow::Context;
use std::path::{Path, PathBuf};

/// The files named, with directories replaced by the game files under them.
pub fn expand(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found)?;
            if found.is_empty() {
                anyhow::bail!(
                    "{}: directory holds no .wtb, .gam, .gam.gz or .csv files",
                    p.display()
                );
            }
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("{}: cannot list", dir.display()))?;
    for entry in entries {
        let path = entry
            .with_context(|| format!("{}: cannot list", dir.display()))?
            .path();
        if path.is_dir() {
            walk(&path, found)?;
        } else {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().to_ascii_lowercase())
                .unwrap_or_default();
            if [".wtb", ".gam", ".gam.gz", ".csv"]
                .iter()
                .any(|e| name.ends_with(e))
            {
                found.push(path);
            }
        }
    }
    Ok(())
}
