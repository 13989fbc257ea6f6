//! `othello-solver perft DEPTH`.

use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Plies to search (0-60).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=60))]
    pub depth: u32,
    /// Start from this position instead of the initial one.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// The other pass convention: a forced pass is free, and the replies
    /// after it count in the same ply (docs/benchmarks.md: 212,260,880 at depth 11,
    /// against 212,258,800 when a pass is a ply of its own).
    #[arg(long)]
    pub count_passes: bool,
    /// Play out every leaf instead of counting the last ply by popcount
    /// (measures raw make-move speed).
    #[arg(long)]
    pub no_bulk: bool,
}

/// Counts the leaves and prints them with the time and leaves per second.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pos = match &args.position {
        Some(p) => super::parse_position(p)?,
        None => othello_solver::Position::start(),
    };
    let t = Instant::now();
    let leaves = if args.no_bulk {
        pos.board.perft_full(args.depth, args.count_passes)
    } else {
        pos.board.perft(args.depth, args.count_passes)
    };
    let secs = t.elapsed().as_secs_f64();
    println!("depth {}: {} leaves", args.depth, leaves);
    println!(
        "time {:.3} s, {:.1} M leaves/s ({}, passes {})",
        secs,
        leaves as f64 / secs.max(1e-9) / 1e6,
        if args.no_bulk {
            "every leaf played"
        } else {
            "last ply by popcount"
        },
        if args.count_passes {
            "free"
        } else {
            "a ply of their own"
        }
    );
    Ok(ExitCode::SUCCESS)
}
