//! `othello-solver nboard` and `othello-solver gtp`: the engine on standard
//! input and output for a GUI (NBoard's protocol) or a match runner (GTP).
//! The sessions themselves are the library's ([`othello_solver::protocol`]).

use anyhow::Context;
use othello_solver::protocol::{gtp, nboard};
use othello_solver::search::midgame::CONFIDENCE;
use othello_solver::search::{Algo, EngineConfig, Limits};
use std::io::{stdin, stdout};
use std::process::ExitCode;

/// Options of both modes.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Table size in MiB (the exact solver's; the midgame table is a quarter of it).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub hash_mb: u64,
    /// Threads of the exact solver.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// The midgame depth until the GUI sets one (GTP: with no clock set,
    /// the depth of every move).
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: u32,
    /// ProbCut's confidence in percent: 73, 87, 95, 98, 99 or 100 (no ProbCut).
    #[arg(long, default_value_t = othello_solver::search::midgame::DEFAULT_CONFIDENCE, value_parser = parse_confidence)]
    pub confidence: u32,
    /// NBoard: each side's clock in seconds when the game record has none.
    #[arg(long, default_value_t = 600.0)]
    pub clock: f64,
}

/// A ProbCut confidence on the command line: one of the levels.
pub(crate) fn parse_confidence(s: &str) -> Result<u32, String> {
    let v: u32 = s
        .parse()
        .map_err(|_| format!("expected a percentage, found {s:?}"))?;
    if CONFIDENCE.iter().any(|&(p, _)| p == v) {
        Ok(v)
    } else {
        Err(format!("{v}: use one of 73, 87, 95, 98, 99 or 100"))
    }
}

fn config(args: &Args) -> EngineConfig {
    let mut c = EngineConfig::new(Algo::Alphabeta, args.hash_mb as usize, Limits::default());
    c.threads = args.threads as usize;
    c
}

/// Runs `nboard`.
pub fn run_nboard(args: Args) -> anyhow::Result<ExitCode> {
    if !(args.clock.is_finite() && args.clock > 0.0) {
        return Err(crate::UsageError(format!(
            "--clock {}: expected a positive number of seconds",
            args.clock
        ))
        .into());
    }
    let options = nboard::SessionOptions {
        depth: args.depth,
        confidence: args.confidence,
        clock: args.clock,
        ..nboard::SessionOptions::default()
    };
    nboard::run(
        std::io::BufReader::new(stdin()),
        stdout(),
        config(&args),
        options,
    )
    .context("nboard session")?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `gtp`.
pub fn run_gtp(args: Args) -> anyhow::Result<ExitCode> {
    let options = gtp::SessionOptions {
        depth: args.depth,
        confidence: args.confidence,
    };
    gtp::run(stdin().lock(), stdout(), config(&args), options).context("gtp session")?;
    Ok(ExitCode::SUCCESS)
}
