//! `othello-solver bench`: a fixed, deterministic set of positions solved
//! one after another, for comparing speed across builds and machines. The
//! positions come from seeded random games, or from a problem file
//! (`--file`, such as FFO #40–#59), each solved by a fresh engine, so the
//! node count is the same on every run of the same build and options (one
//! thread); only the time varies.

use super::options::SearchArgs;
use anyhow::Context;
use othello_solver::batch::check::{check, Verdict};
use othello_solver::formats::problem::{read_problem_file, Problem};
use othello_solver::record::Record;
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::search::{Engine, Status};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// `bench`'s table when `--hash-mb` is not given: fixed, so that its node
/// counts stay comparable from one build to the next.
const DEFAULT_HASH_MB: usize = 256;

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The positions of this problem file instead of random ones (every
    /// line must be a position; known scores on a line are checked).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "empties", "seed"])]
    pub file: Option<PathBuf>,
    /// Number of positions.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub count: u64,
    /// Empty squares of each position.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=40))]
    pub empties: u32,
    /// Seed of the random games the positions come from.
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
    /// Write JSON Lines instead of the table: one record per position (the
    /// fields of `solve --json`, `id` the position's number, `check` against
    /// the file's scores), then one line `{"total": {...}}` with the
    /// positions, nodes, seconds, nodes per second, unknown and mismatched.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Solves the positions and prints per-position and total nodes, time, speed.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (positions, problems) = match &args.file {
        Some(path) => {
            let problems = read_problems(path)?;
            (
                problems.iter().map(|p| p.position.board).collect(),
                problems,
            )
        }
        None => (random_positions(&args), Vec::new()),
    };
    let resolved = args.search.engine_config(DEFAULT_HASH_MB)?;
    let config = resolved.config();
    let mode = args.search.mode();
    if !args.json {
        println!("(boards from the side to move's view: X moves; table allocation is not timed)");
    }
    let source = match &args.file {
        Some(path) => format!("from {}", path.display()),
        None => format!("{} empties, seed {}", args.empties, args.seed),
    };
    let header = format!(
        "bench: {} positions, {source}, algo {}, mode {}, hash {} MiB, isa {}",
        positions.len(),
        config.algo.name(),
        mode.name(),
        config.hash_mb,
        othello_solver::board::cpu::active()
    );
    if args.json {
        eprintln!("{header}");
    } else {
        println!("{header}");
    }
    let (mut nodes, mut unknown, mut mismatched, mut secs) = (0u64, 0, 0, 0.0);
    for (i, b) in positions.iter().enumerate() {
        // A fresh engine per position: the count does not depend on the order.
        let mut engine = Engine::from_resolved(resolved.clone())?;
        let start = Instant::now();
        let r = engine.solve(b, mode);
        secs += start.elapsed().as_secs_f64();
        let n = r.nodes + r.leaf_nodes;
        nodes += n;
        unknown += usize::from(r.status == Status::Unknown);
        let verdict = problems.get(i).map(|p| check(p, &r));
        if let Some(Verdict::Mismatch(why)) = &verdict {
            mismatched += 1;
            eprintln!("bench: position {} MISMATCH: {why}", i + 1);
        }
        if args.json {
            let position = othello_solver::Position {
                board: *b,
                side: othello_solver::Color::Black,
            };
            let id = (i + 1).to_string();
            let mut record = Record::new(&position, &r);
            record.id = Some(&id);
            record.check = verdict.as_ref().map(|v| v.word());
            println!("{}", record.to_json());
            continue;
        }
        println!(
            "{:>4} {} {:>8} {:>14} nodes {:>9.3} s {:>8.2} M nodes/s{}",
            i + 1,
            othello_solver::Position {
                board: *b,
                side: othello_solver::Color::Black
            }
            .squares_string(),
            othello_solver::batch::output::result_text(&r),
            n,
            r.time_s,
            r.nodes_per_second() / 1e6,
            verdict.map_or(String::new(), |v| format!(" {}", v.word()))
        );
    }
    if args.json {
        let total = serde_json::json!({"total": {
            "positions": positions.len(),
            "nodes": nodes,
            "seconds": secs,
            "nodes_per_second": nodes as f64 / secs.max(1e-9),
            "unknown": unknown,
            "mismatched": mismatched,
        }});
        println!("{total}");
    } else {
        println!(
            "total: {} nodes, {:.3} s, {:.2} M nodes/s{}{}",
            nodes,
            secs,
            nodes as f64 / secs.max(1e-9) / 1e6,
            if unknown > 0 {
                format!(", {unknown} unknown")
            } else {
                String::new()
            },
            if mismatched > 0 {
                format!(", {mismatched} MISMATCHED")
            } else {
                String::new()
            }
        );
    }
    Ok(if mismatched > 0 {
        ExitCode::from(super::EXIT_MISMATCH)
    } else if unknown > 0 {
        ExitCode::from(super::EXIT_UNKNOWN)
    } else {
        ExitCode::SUCCESS
    })
}

/// The seeded random positions of `args` (each with a legal move).
fn random_positions(args: &Args) -> Vec<othello_solver::Board> {
    let mut rng = SplitMix64::new(args.seed);
    let mut positions = Vec::new();
    while (positions.len() as u64) < args.count {
        if let Some(b) = random_position(&mut rng, args.empties).filter(|b| b.moves() != 0) {
            positions.push(b);
        }
    }
    positions
}

/// Every position of the problem file `path`: a line that does not parse
/// is an error naming the file and line (a benchmark must not silently run
/// on fewer positions), as is a file without positions.
fn read_problems(path: &std::path::Path) -> anyhow::Result<Vec<Problem>> {
    // The library's errors name the file (and the line) themselves.
    let problems = read_problem_file(path)
        .context("bench --file")?
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .context("bench --file")?;
    if problems.is_empty() {
        anyhow::bail!("bench --file {}: no positions in the file", path.display());
    }
    Ok(problems)
}
