//! `othello-tools label FILE… --empties 1-16 --out FILE`: solve the late
//! positions of game records exactly and write them as training labels
//! (format and solver in [`crate::labels`]). `train --labels FILE` then
//! fits those positions to their exact scores.
//!
//! Held-out games are labelled too: the fitter never trains on them, and
//! reports its held-out error against their exact scores.
//!
//! The run is resumable and shardable: labels are appended to `--out` (a
//! streamed labels file, see [`crate::labels`]) chunk by chunk as they are
//! solved, so a kill loses only the chunks being solved; run the same
//! command again and it skips the positions already in the file (cutting
//! off a torn last record). `--shard I/N` labels only the I-th of N
//! interleaved parts of the positions, for several machines or runs; `train
//! --labels` takes every part's file.

use crate::common::{expand, parse_shard, parse_stages, parse_years, progress};
use crate::labels;
use crate::train::load_games;
use anyhow::{bail, Context, Result};
use othello_solver::board::Board;
use othello_solver::eval::{PatternEvaluator, WeightsFile};
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
    /// Label only part I of N (1-based, `I/N`): chunk c of the positions
    /// (in game order) belongs to part c mod N + 1.
    #[arg(long, default_value = "1/1")]
    pub shard: String,
    /// Positions per chunk: the unit of work of a thread and of appending
    /// to the file (a kill loses at most `--jobs` chunks of work).
    #[arg(long, default_value_t = 16)]
    pub chunk: usize,
    /// Label by a search this many plies deep with the embedded evaluation
    /// at its leaves (1–14), rounded to the nearest disc, instead of the
    /// exact score: cheaper and noisier, for positions too deep to solve in
    /// number. The file's header records the depth, so `train
    /// --search-labels` knows what it holds and a resumed run cannot mix two
    /// depths.
    #[arg(long)]
    pub search_depth: Option<u32>,
    /// Label the positions one move off the games' lines instead of the
    /// games' own (each legal move other than the one played, from a
    /// position with one more empty; see `labels::deviations`). Meant with
    /// `--search-depth`: about seven times as many positions.
    #[arg(long)]
    pub deviations: bool,
    /// With `--deviations`: keep only moves that a 4-ply search finds within
    /// this many discs of the best move (drops blunders, which games
    /// rarely reach).
    #[arg(long)]
    pub deviation_margin: Option<i32>,
    /// Pattern weights valuing the leaves of `--search-depth` and the
    /// deviation screen, and ordering the exact solver's moves (default:
    /// the weights embedded in the binary). The file's header records their
    /// fingerprint; a run with other weights cannot resume it. Backward
    /// bootstrapping labels each round with the weights of the round before.
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// The header line that a resumed file must repeat (what was labelled and
/// how).
fn identity(
    empties: &str,
    shard: (usize, usize),
    chunk: usize,
    how: labels::Labeller,
    fingerprint: u64,
) -> String {
    let id = format!(
        "labels: empties {empties}, shard {}/{}, chunk {chunk}",
        shard.0, shard.1
    );
    match how.depth() {
        None => id,
        Some(d) => format!(
            "{id}, {}{d}, evaluation {fingerprint:016x}",
            labels::SEARCH_DEPTH_TAG,
        ),
    }
}

/// Runs `label`.
pub fn run(args: &Args) -> Result<()> {
    let t0 = Instant::now();
    let empties = parse_stages(&args.empties)?;
    // Options first: loading the games and finding deviations take a while.
    let how = match args.search_depth {
        None => labels::Labeller::Exact {
            hash_mb: args.hash_mb,
        },
        Some(d) if (1..=14).contains(&d) => labels::Labeller::Search { depth: d },
        Some(d) => bail!("--search-depth {d}: expected 1 to 14 plies"),
    };
    match args.deviation_margin {
        Some(_) if !args.deviations => bail!("--deviation-margin goes with --deviations"),
        Some(m) if !(0..=128).contains(&m) => {
            bail!("--deviation-margin {m}: expected 0 to 128 discs")
        }
        _ => {}
    }
    let shard = parse_shard(&args.shard)?;
    let (eval, fingerprint): (&'static PatternEvaluator, u64) = match &args.weights {
        None => (
            PatternEvaluator::embedded().context("decoding the built-in pattern weights")?,
            labels::weights_fingerprint(othello_solver::eval::EMBEDDED_WEIGHTS),
        ),
        Some(path) => {
            let bytes = std::fs::read(path)
                .with_context(|| format!("reading the weights {}", path.display()))?;
            let file = WeightsFile::from_bytes(&bytes)
                .with_context(|| format!("weights {}", path.display()))?;
            // One evaluator for the whole run, shared by every thread.
            let eval = Box::leak(Box::new(PatternEvaluator::from_file(&file)));
            (&*eval, labels::weights_fingerprint(&bytes))
        }
    };
    let files = expand(&args.files)?;
    if files.is_empty() {
        bail!("no game records given");
    }
    let (games, _) = load_games(&files, parse_years(&args.holdout_years)?)?;
    let boards: Vec<Vec<Board>> = games
        .iter()
        .map(|g| g.positions.iter().map(|(b, _)| *b).collect())
        .collect();
    let lines = boards.iter().map(|v| v.as_slice());
    let all = if args.deviations {
        let screen = args
            .deviation_margin
            .map(|margin| labels::Screen { depth: 4, margin });
        labels::deviations(lines, &empties, screen, eval)?
    } else {
        labels::positions_to_label(lines, &empties)
    };
    let chunk = args.chunk.max(1);
    let mine: Vec<Board> = all
        .chunks(chunk)
        .enumerate()
        .filter(|(c, _)| c % shard.1 == shard.0 - 1)
        .flat_map(|(_, part)| part.iter().copied())
        .collect();
    let mut id = identity(&args.empties, shard, chunk, how, fingerprint);
    if args.deviations {
        id.push_str(", deviations");
        if let Some(m) = args.deviation_margin {
            id.push_str(&format!(" within {m} discs at 4 plies"));
        }
    }
    let (mut appender, done) = if args.out.exists() {
        let (header, old, appender) = labels::Appender::resume(&args.out)?;
        if !header.lines().any(|l| l == id) {
            bail!(
                "{}: made by another run (its header has no line {id:?}); give another --out or the same --empties/--shard/--chunk",
                args.out.display()
            );
        }
        let done: std::collections::HashSet<Board> = old.iter().map(|l| l.board).collect();
        (appender, done)
    } else {
        let header = format!(
            "othello-tools label: positions with {} empties from {} games, {}, appended as solved\n{id}\ncommand: {}\nstarted: {}",
            args.empties,
            games.len(),
            match how.depth() {
                None => "solved exactly by alpha-beta".to_string(),
                Some(d) => format!(
                    "valued by a {d}-ply search with the evaluation {} at its leaves",
                    args.weights.as_ref().map_or("embedded in the binary".to_string(), |p| p.display().to_string())
                ),
            },
            std::env::args().collect::<Vec<_>>().join(" "),
            crate::report::utc_now()
        );
        (
            labels::Appender::create(&args.out, &header)?,
            Default::default(),
        )
    };
    let todo: Vec<Board> = mine.iter().filter(|b| !done.contains(b)).copied().collect();
    eprintln!(
        "label: {} games from {} files ({} in the held-out years), {} distinct positions with {} empties; shard {}/{}: {}, {} already in {}, {} to solve",
        games.len(),
        files.len(),
        games.iter().filter(|g| g.heldout).count(),
        all.len(),
        args.empties,
        shard.0,
        shard.1,
        mine.len(),
        mine.len() - todo.len(),
        args.out.display(),
        todo.len()
    );
    let pb = progress(todo.len() as u64, args.quiet);
    let sink = std::sync::Mutex::new(&mut appender);
    labels::label_with(&todo, how, eval, args.jobs, &pb, chunk, |_, v| {
        sink.lock()
            .map_err(|_| anyhow::anyhow!("a labelling thread panicked"))?
            .append(&v)
    })?;
    pb.finish_and_clear();
    eprintln!(
        "label: {} labels in {} ({} solved now) in {:.1} s",
        mine.len(),
        args.out.display(),
        todo.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
