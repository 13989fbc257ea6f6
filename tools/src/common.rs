//! What the commands share: input files (a list of paths where a directory
//! stands for the game-record files under it) and the games in them, the
//! range arguments (`--empties`, `--holdout-years`, `--shard`), the progress bar and
//! the command line as run.

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use othello_solver::formats::games::{read_game_files, Game};
use othello_solver::sample::parse_ranges;
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

/// Reads game files (directories expanded) and the games of them.
pub fn read_games(files: &[PathBuf]) -> anyhow::Result<(Vec<PathBuf>, Vec<Game>)> {
    let files = expand(files)?;
    let read = read_game_files(&files);
    let mut games = Vec::new();
    for r in read {
        games.extend(r.map_err(|e| anyhow::anyhow!("{e}"))?.games);
    }
    Ok((files, games))
}

/// Parses `2-17` / `15,16,18-20` into stages (each 0..=60), in order,
/// each once.
pub fn parse_stages(text: &str) -> anyhow::Result<Vec<u32>> {
    let ranges = parse_ranges(text, "number of empties")
        .map_err(|reason| anyhow::anyhow!("--empties {text:?}: {reason}"))?;
    let mut out = Vec::new();
    for r in ranges {
        if *r.end() > 60 {
            bail!("--empties {text:?}: {} is more than 60 empties", r.end());
        }
        out.extend(u32::from(*r.start())..=u32::from(*r.end()));
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Parses `FIRST-LAST` or one year (also used for other inclusive ranges).
pub fn parse_years(s: &str) -> anyhow::Result<(u16, u16)> {
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let a: u16 = a
        .trim()
        .parse()
        .with_context(|| format!("--holdout-years {s:?}: bad first year"))?;
    let b: u16 = b
        .trim()
        .parse()
        .with_context(|| format!("--holdout-years {s:?}: bad last year"))?;
    if a > b {
        bail!("--holdout-years {s:?}: first year after last");
    }
    Ok((a, b))
}

/// A progress bar on stderr (hidden with `quiet`).
pub fn progress(total: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} {msg} (eta {eta})")
    {
        pb.set_style(style.progress_chars("=> "));
    }
    pb
}

/// The command line as run, with the program named `othello-tools`.
pub fn command_line() -> String {
    std::iter::once("othello-tools".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses `I/N` (1 ≤ I ≤ N).
pub fn parse_shard(text: &str) -> anyhow::Result<(usize, usize)> {
    let bad = || anyhow::anyhow!("--shard {text:?}: expected I/N with 1 <= I <= N, e.g. 1/2");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (usize, usize) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}
