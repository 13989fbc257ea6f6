//! Search options shared by `solve`, `batch` and `bench`: the question, the
//! algorithm, the table size and the limits.

use othello_solver::search::{Algo, EngineConfig, Limits, Mode};
use std::time::Duration;

/// The search algorithm (command-line names).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlgoArg {
    /// Exact null-window alpha-beta with a transposition table.
    Alphabeta,
}

impl From<AlgoArg> for Algo {
    fn from(a: AlgoArg) -> Algo {
        match a {
            AlgoArg::Alphabeta => Algo::Alphabeta,
        }
    }
}

/// The question, algorithm, table and limits.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchArgs {
    /// The exact score, every best move and a principal variation (the default).
    #[arg(long, group = "mode")]
    pub exact: bool,
    /// Win, draw or loss only.
    #[arg(long, group = "mode")]
    pub wld: bool,
    /// Only whether the score is at least K (disc difference, -64..=64).
    #[arg(long, group = "mode", value_name = "K", allow_negative_numbers = true,
          value_parser = clap::value_parser!(i32).range(-64..=64))]
    pub bound: Option<i32>,
    /// The search algorithm.
    #[arg(long, value_enum, default_value_t = AlgoArg::Alphabeta)]
    pub algo: AlgoArg,
    /// Table size in MiB (for `batch`: per job).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    pub hash_mb: Option<u64>,
    /// Give up after this many seconds per position (the result is then
    /// unknown, exit code 4).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Give up after this many nodes per position (the result is then
    /// unknown, exit code 4).
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .parse()
        .map_err(|_| format!("{s:?} is not a number of seconds"))?;
    Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("{s:?}: expected a non-negative number of seconds"))
}

impl SearchArgs {
    /// The question asked.
    pub fn mode(&self) -> Mode {
        match (self.wld, self.bound) {
            (true, _) => Mode::Wld,
            (_, Some(k)) => Mode::Bound(k),
            _ => Mode::Exact,
        }
    }

    /// The engine configuration, with `default_hash_mb` when `--hash-mb` is absent.
    pub fn engine_config(&self, default_hash_mb: usize) -> EngineConfig {
        EngineConfig {
            algo: self.algo.into(),
            hash_mb: self.hash_mb.map_or(default_hash_mb, |n| n as usize),
            limits: Limits {
                time: self.time_limit,
                nodes: self.node_limit,
            },
        }
    }
}
