//! `othello-tools label FILE… --empties 1-16 --out FILE`: solve the late
//! positions of game records exactly and write them as training labels
//! (format and solver in [`crate::labels`]). `train --labels FILE` then
//! fits those positions to their exact scores.
//!
//! Held-out games are labelled too: the fitter never trains on them, and
//! reports its held-out error against their exact scores.

use crate::fit_h_cmd::{parse_stages, progress};
use crate::labels;
use crate::train_cmd::{load_games, parse_years};
use anyhow::{bail, Result};
use othello_solver::board::Board;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `label`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Game-record files (a directory stands for the game files under it).
    pub files: Vec<PathBuf>,
    /// Label positions with these numbers of empties, e.g. `1-16` or `17,18`.
    #[arg(long, default_value = "1-16")]
    pub empties: String,
    /// Where to write the labels.
    #[arg(long)]
    pub out: PathBuf,
    /// WTHOR years held out by the fitter (labelled all the same; the count
    /// is reported), `FIRST-LAST` or one year.
    #[arg(long, default_value = "2018-2022")]
    pub holdout_years: String,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
    /// The alpha-beta table per thread, MiB.
    #[arg(long, default_value_t = 16)]
    pub hash_mb: usize,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `label`.
pub fn run(args: &Args) -> Result<()> {
    let t0 = Instant::now();
    let empties = parse_stages(&args.empties)?;
    let files = crate::files::expand(&args.files)?;
    if files.is_empty() {
        bail!("no game records given");
    }
    let (games, _) = load_games(&files, parse_years(&args.holdout_years)?)?;
    let boards: Vec<Vec<Board>> = games
        .iter()
        .map(|g| g.positions.iter().map(|(b, _)| *b).collect())
        .collect();
    let todo = labels::positions_to_label(boards.iter().map(|v| v.as_slice()), &empties);
    eprintln!(
        "label: {} games from {} files ({} in the held-out years), {} distinct positions with {} empties",
        games.len(),
        files.len(),
        games.iter().filter(|g| g.heldout).count(),
        todo.len(),
        args.empties
    );
    let pb = progress(todo.len() as u64, args.quiet);
    let out = labels::label_positions(&todo, args.jobs, args.hash_mb, &pb)?;
    pb.finish_and_clear();
    let header = format!(
        "othello-tools label: {} positions with {} empties from {} games, solved exactly by alpha-beta\ncommand: {}\ndate: {}",
        out.len(),
        args.empties,
        games.len(),
        std::env::args().collect::<Vec<_>>().join(" "),
        crate::report::utc_now()
    );
    labels::write(&args.out, &header, &out)?;
    eprintln!(
        "label: wrote {} labels to {} in {:.1} s",
        out.len(),
        args.out.display(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
