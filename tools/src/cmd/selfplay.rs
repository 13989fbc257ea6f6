//! `othello-tools selfplay --games N --seed S --out FILE`: self-play games
//! ([`crate::selfplay`]) written as a transcript file (one game a line,
//! `f5d6c3… % game I`), with the seed and every setting in its `%` header.
//! `label` and `train` read the file like any game-record file (a `.txt`
//! file is a transcript file).
//!
//! Resumable and shardable as `label` is: games are appended as they
//! finish, a run killed at any moment keeps them, and the same command
//! again plays only the games missing from the file (cutting off a torn
//! last line). `--shard I/N` plays the games whose index is I−1 modulo N,
//! so N array jobs write N files that together hold the N-game run.

use crate::common::{command_line, expand, parse_shard, progress};
use crate::selfplay::{play_game, Settings};
use anyhow::{bail, Context, Result};
use othello_solver::board::Square;
use othello_solver::eval::PatternEvaluator;
use othello_solver::formats::games::read_game_files;
use othello_solver::formats::position::format_move_list;
use othello_solver::rng::SplitMix64;
use rayon::prelude::*;
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

/// Arguments of `selfplay`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Games in the whole run (all shards together).
    #[arg(long)]
    pub games: u64,
    /// Master seed: the same seed and settings give the same games.
    #[arg(long)]
    pub seed: u64,
    /// Where to write the games (a transcript file; appended to when it
    /// exists and was made by the same settings).
    #[arg(long)]
    pub out: PathBuf,
    /// Uniformly random legal moves at the start of each game (after the
    /// opening prefix).
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// Game records whose openings start the games: each game begins with
    /// the first `--prefix-plies` moves of a game drawn from these files.
    #[arg(long)]
    pub openings: Vec<PathBuf>,
    /// Moves taken from a drawn opening (with `--openings`).
    #[arg(long, default_value_t = 10)]
    pub prefix_plies: usize,
    /// Plies of the search that values each move (the evaluation at its
    /// leaves; 1 = the static evaluation of each child).
    #[arg(long, default_value_t = 4)]
    pub depth: u32,
    /// Softmax temperature in discs (0: always a best move).
    #[arg(long, default_value_t = 1.0)]
    pub temperature: f64,
    /// From this many empties on, always play a best move.
    #[arg(long, default_value_t = 14)]
    pub greedy_from: u32,
    /// Play only part I of N (1-based, `I/N`): the games whose index is
    /// I−1 modulo N.
    #[arg(long, default_value = "1/1")]
    pub shard: String,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
    /// Pattern weights of the move choice (default: the embedded ones).
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// The game index a written line carries (`… % game I`).
fn line_index(line: &str) -> Option<u64> {
    line.split_once("% game ")?.1.trim().parse().ok()
}

/// Runs `selfplay`.
pub fn run(args: &Args) -> Result<()> {
    let t0 = std::time::Instant::now();
    if args.games == 0 {
        bail!("--games 0: nothing to play");
    }
    if !(1..=14).contains(&args.depth) {
        bail!("--depth {}: expected 1 to 14 plies", args.depth);
    }
    if !(args.temperature.is_finite() && args.temperature >= 0.0) {
        bail!(
            "--temperature {}: expected 0 or more discs",
            args.temperature
        );
    }
    if args.random_plies > 60 {
        bail!("--random-plies {}: expected 0 to 60", args.random_plies);
    }
    let shard = parse_shard(&args.shard)?;
    let eval = PatternEvaluator::from_option(args.weights.as_deref())
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let openings: Vec<Vec<Square>> = if args.openings.is_empty() {
        Vec::new()
    } else {
        let files = expand(&args.openings)?;
        let mut v = Vec::new();
        for f in read_game_files(&files) {
            let f = f.context("reading --openings")?;
            v.extend(
                f.games
                    .into_iter()
                    .map(|g| g.moves.into_iter().take(args.prefix_plies).collect()),
            );
        }
        v
    };
    if !args.openings.is_empty() && openings.is_empty() {
        bail!("--openings: no games in the files given");
    }
    let settings = Settings {
        seed: args.seed,
        random_plies: args.random_plies,
        depth: args.depth,
        temperature: args.temperature,
        greedy_from: args.greedy_from,
    };
    let identity = format!(
        "% settings: seed {}, games {}, shard {}/{}, random plies {}, openings {} ({} games, {} plies), depth {}, temperature {}, greedy from {} empties, evaluation {:016x}",
        args.seed,
        args.games,
        shard.0,
        shard.1,
        args.random_plies,
        if args.openings.is_empty() {
            "none".to_string()
        } else {
            args.openings
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        },
        openings.len(),
        args.prefix_plies,
        args.depth,
        args.temperature,
        args.greedy_from,
        eval.fingerprint()
    );
    let mut done = HashSet::new();
    if args.out.exists() {
        let text = std::fs::read_to_string(&args.out)
            .with_context(|| format!("reading {}", args.out.display()))?;
        if !text.lines().any(|l| l == identity) {
            bail!(
                "{}: made with other settings (its header has no line {identity:?}); give another --out or the same settings",
                args.out.display()
            );
        }
        // A torn last line (killed mid-write) is cut off and played again.
        let keep = if text.ends_with('\n') {
            text.len()
        } else {
            text.rfind('\n').map_or(0, |i| i + 1)
        };
        if keep < text.len() {
            eprintln!(
                "selfplay: {}: cutting off a torn last line",
                args.out.display()
            );
            let f = std::fs::OpenOptions::new()
                .write(true)
                .open(&args.out)
                .with_context(|| format!("opening {}", args.out.display()))?;
            f.set_len(keep as u64)
                .with_context(|| format!("truncating {}", args.out.display()))?;
        }
        done.extend(text[..keep].lines().filter_map(line_index));
    } else {
        let header = format!(
            "% othello-tools selfplay: games from randomized openings, then moves drawn by a softmax over {}-ply search values (one game a line, then its index)\n{identity}\n% command: {}\n% started: {}\n",
            args.depth,
            command_line(),
            crate::report::utc_now()
        );
        std::fs::write(&args.out, header)
            .with_context(|| format!("writing {}", args.out.display()))?;
    }
    let todo: Vec<u64> = (0..args.games)
        .filter(|i| i % shard.1 as u64 == shard.0 as u64 - 1 && !done.contains(i))
        .collect();
    eprintln!(
        "selfplay: shard {}/{} of {} games: {} in {}, {} to play",
        shard.0,
        shard.1,
        args.games,
        done.len(),
        args.out.display(),
        todo.len()
    );
    let file = std::fs::OpenOptions::new()
        .append(true)
        .open(&args.out)
        .with_context(|| format!("opening {}", args.out.display()))?;
    let sink = Mutex::new(std::io::BufWriter::new(file));
    let pb = progress(todo.len() as u64, args.quiet);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.max(1))
        .build()
        .context("starting the worker threads")?;
    pool.install(|| {
        todo.par_iter().try_for_each(|&i| -> Result<()> {
            let prefix: &[Square] = if openings.is_empty() {
                &[]
            } else {
                let mut r = SplitMix64::new(args.seed ^ 0x6F70_656E ^ i.rotate_left(17));
                &openings[r.below(openings.len() as u64) as usize]
            };
            let moves = play_game(&settings, &eval, i, prefix);
            let mut w = sink
                .lock()
                .map_err(|_| anyhow::anyhow!("a selfplay thread panicked"))?;
            // One whole line per write and flush, so a kill tears at most
            // the last line.
            writeln!(w, "{} % game {i}", format_move_list(&moves))
                .and_then(|()| w.flush())
                .with_context(|| format!("writing {}", args.out.display()))?;
            pb.inc(1);
            Ok(())
        })
    })?;
    pb.finish_and_clear();
    eprintln!(
        "selfplay: {} games in {} ({} played now) in {:.1} s",
        done.len() + todo.len(),
        args.out.display(),
        todo.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(out: PathBuf, shard: &str) -> Args {
        Args {
            games: 6,
            seed: 11,
            out,
            random_plies: 4,
            openings: Vec::new(),
            prefix_plies: 10,
            depth: 1,
            temperature: 1.0,
            greedy_from: 10,
            shard: shard.to_string(),
            jobs: 2,
            weights: None,
            quiet: true,
        }
    }

    fn games_of(path: &std::path::Path) -> Vec<(u64, String)> {
        let mut v: Vec<(u64, String)> = std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter_map(|l| Some((line_index(l)?, l.to_string())))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn shards_resume_and_a_torn_line_make_the_same_games() {
        let dir = std::env::temp_dir().join(format!("selfplay-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let whole = dir.join("whole.txt");
        run(&args(whole.clone(), "1/1")).unwrap();
        let all = games_of(&whole);
        assert_eq!(
            all.iter().map(|g| g.0).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4, 5]
        );

        // Two shards hold the same games between them.
        let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
        run(&args(a.clone(), "1/2")).unwrap();
        run(&args(b.clone(), "2/2")).unwrap();
        let mut parts = games_of(&a);
        parts.extend(games_of(&b));
        parts.sort();
        assert_eq!(parts, all);

        // A torn last line is cut off and that game played again.
        let text = std::fs::read_to_string(&whole).unwrap();
        std::fs::write(&whole, &text[..text.len() - 5]).unwrap();
        run(&args(whole.clone(), "1/1")).unwrap();
        assert_eq!(games_of(&whole), all);

        // Other settings cannot resume the file.
        let mut other = args(whole.clone(), "1/1");
        other.temperature = 2.0;
        let e = run(&other).unwrap_err().to_string();
        assert!(e.contains("other settings"), "{e}");

        // The file reads as game records, every game complete.
        let file = read_game_files(std::slice::from_ref(&whole))
            .remove(0)
            .unwrap();
        assert_eq!(file.games.len(), 6);
        assert!(file.games.iter().all(|g| g.complete));
        std::fs::remove_dir_all(&dir).ok();
    }
}
