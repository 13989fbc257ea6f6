//! `othello-solver bench`: a fixed, deterministic set of positions solved
//! one after another, for comparing speed across builds and machines. The
//! positions come from seeded random games, so the node count is the same on
//! every run of the same build and options; only the time varies.

use super::options::SearchArgs;
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::search::{Engine, Status};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of positions.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub count: u64,
    /// Empty squares of each position.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=40))]
    pub empties: u32,
    /// Seed of the random games the positions come from.
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Solves the positions and prints per-position and total nodes, time, speed.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut rng = SplitMix64::new(args.seed);
    let mut positions = Vec::new();
    while (positions.len() as u64) < args.count {
        if let Some(b) = random_position(&mut rng, args.empties).filter(|b| b.moves() != 0) {
            positions.push(b);
        }
    }
    let resolved = args.search.engine_config(super::solve::DEFAULT_HASH_MB)?;
    let config = resolved.config();
    let mode = args.search.mode();
    println!("(boards from the side to move's view: X moves; table allocation is not timed)");
    println!(
        "bench: {} positions, {} empties, seed {}, algo {}, mode {}, hash {} MiB",
        args.count,
        args.empties,
        args.seed,
        config.algo.name(),
        mode.name(),
        config.hash_mb
    );
    let (mut nodes, mut unknown, mut secs) = (0u64, 0, 0.0);
    for (i, b) in positions.iter().enumerate() {
        // A fresh engine per position: the count does not depend on the order.
        let mut engine = Engine::from_resolved(resolved.clone())?;
        let start = Instant::now();
        let r = engine.solve(b, mode);
        secs += start.elapsed().as_secs_f64();
        let n = r.nodes + r.leaf_nodes;
        nodes += n;
        unknown += usize::from(r.status == Status::Unknown);
        println!(
            "{:>4} {} {:>8} {:>14} nodes {:>9.3} s {:>8.2} M nodes/s",
            i + 1,
            othello_solver::Position {
                board: *b,
                side: othello_solver::Color::Black
            }
            .squares_string(),
            othello_solver::batch::output::result_text(&r),
            n,
            r.time_s,
            r.nodes_per_second() / 1e6
        );
    }
    println!(
        "total: {} nodes, {:.3} s, {:.2} M nodes/s{}",
        nodes,
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6,
        if unknown > 0 {
            format!(", {unknown} unknown")
        } else {
            String::new()
        }
    );
    Ok(if unknown > 0 {
        ExitCode::from(super::EXIT_UNKNOWN)
    } else {
        ExitCode::SUCCESS
    })
}
