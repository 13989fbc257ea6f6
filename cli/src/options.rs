//! Search options shared by `solve`, `batch` and `bench`: the question, the
//! algorithm, the table size and the limits.

use anyhow::Context;
use othello_solver::search::dfpn::deep::DeepParams;
use othello_solver::search::dfpn::level2::Pn2Params;
use othello_solver::search::dfpn::params::HParams;
use othello_solver::search::dfpn::{check_epsilon, DfpnOptions, MAX_EPSILON};
use othello_solver::search::tuning::{
    DEFAULT_DEEP_D, DEFAULT_DEEP_E, DEFAULT_H_SEARCH_FROM, DEFAULT_LEAF_EMPTIES,
};
use othello_solver::search::{default_algo, Algo, EngineConfig, Limits, Mode, ResolvedConfig};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The search algorithm (command-line names).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlgoArg {
    /// df-pn+: proof-number search with h and cost from the evaluation.
    #[value(name = "dfpn+")]
    DfpnPlus,
    /// Plain df-pn (h = 1, cost = 0).
    Dfpn,
    /// Deep df-pn: h = E^(D − depth) for nodes less than D plies below the
    /// root, 1 below (see --deep-e, --deep-d).
    #[value(name = "deep-dfpn")]
    DeepDfpn,
    /// Exact null-window alpha-beta with a transposition table.
    Alphabeta,
    /// PDS: a proof-number search that leaves a node only when both its
    /// thresholds are reached. Searches on one thread (--threads goes to
    /// its alpha-beta leaf solver).
    Pds,
    /// PDS-PN: PDS with a best-first PN search at nodes its table does not
    /// hold (see --pn2-a, --pn2-b, --pn2-cap). Searches on one thread
    /// (--threads goes to its alpha-beta leaf solver).
    #[value(name = "pds-pn")]
    PdsPn,
}

impl From<AlgoArg> for Algo {
    fn from(a: AlgoArg) -> Algo {
        match a {
            AlgoArg::Alphabeta => Algo::Alphabeta,
            AlgoArg::Dfpn => Algo::Dfpn,
            AlgoArg::DfpnPlus => Algo::DfpnPlus,
            AlgoArg::DeepDfpn => Algo::DeepDfpn,
            AlgoArg::Pds => Algo::Pds,
            AlgoArg::PdsPn => Algo::PdsPn,
        }
    }
}

/// The question, algorithm, table and limits.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchArgs {
    /// The exact score, one best move and a principal variation (the default).
    #[arg(long, group = "mode")]
    pub exact: bool,
    /// Win, draw or loss only, with one move that proves it.
    #[arg(long, group = "mode")]
    pub wld: bool,
    /// Only whether the score is at least K (disc difference, -64..=64).
    #[arg(long, group = "mode", value_name = "K", allow_negative_numbers = true,
          value_parser = clap::value_parser!(i32).range(-64..=64))]
    pub bound: Option<i32>,
    /// List every best move (exact: every move reaching the score; WLD: every
    /// move keeping the outcome; bound: every move proving it), not just one.
    /// Our own extra: it costs a proof per root move.
    #[arg(long)]
    pub all_best: bool,
    /// Value every legal move, best first: its exact score (with --wld, its
    /// outcome; with --bound, whether it reaches K). Lists every best move
    /// too. Costs more than one best move (docs/benchmarks.md, "Every move").
    #[arg(long)]
    pub all_moves: bool,
    /// The search algorithm. Default: the fastest measured for the question
    /// (docs/benchmarks.md, "Which algorithm"): alphabeta, except dfpn+ for
    /// --wld and --bound with --all-best.
    #[arg(long, value_enum)]
    pub algo: Option<AlgoArg>,
    /// df-pn: positions with at most L empties go to alpha-beta (0 = pure df-pn).
    #[arg(long, value_name = "L", default_value_t = DEFAULT_LEAF_EMPTIES,
          value_parser = clap::value_parser!(u32).range(0..=60))]
    pub leaf_empties: u32,
    /// df-pn: the 1+ε trick for the child's δ threshold (0 = off).
    #[arg(long, value_name = "E", default_value_t = 0.0, value_parser = parse_epsilon)]
    pub epsilon: f64,
    /// df-pn+: nodes with at least N empties take h from a shallow search
    /// ((empties − 12) / 2 plies, 1 to 4) instead of the static evaluation (0 =
    /// the static evaluation everywhere, as in the df-pn+ paper).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_H_SEARCH_FROM,
          value_parser = clap::value_parser!(u32).range(0..=60))]
    pub h_search_from: u32,
    /// deep-dfpn: the base E of a new node's φ = δ = E^(D − depth), at
    /// least 1 (1 is plain df-pn; the paper's E = 0 cannot be expressed,
    /// as 0 marks a solved node).
    #[arg(long, value_name = "E", default_value_t = DEFAULT_DEEP_E, value_parser = parse_deep_e)]
    pub deep_e: u32,
    /// deep-dfpn: the depth D (plies below the root) from which new nodes
    /// get φ = δ = 1, 0 to 60 (0 or 1 is plain df-pn).
    #[arg(long, value_name = "D", default_value_t = DEFAULT_DEEP_D,
          value_parser = clap::value_parser!(u32).range(0..=60))]
    pub deep_d: u32,
    /// dfpn+: multiply a new node's h by deep df-pn's E^(D − depth) (the E
    /// and D of --deep-e and --deep-d), so that nodes near the root look
    /// dearer both ways.
    #[arg(long)]
    pub plus_depth: bool,
    /// pds-pn: a of the level-2 growth function f(x) = 1 / (1 + e^((a − x) /
    /// b)), x the proof table's entries in use (default: 0.45 × its capacity).
    #[arg(long, value_name = "A", value_parser = parse_positive)]
    pub pn2_a: Option<f64>,
    /// pds-pn: b of the growth function (default: 0.30 × the table's capacity).
    #[arg(long, value_name = "B", value_parser = parse_positive)]
    pub pn2_b: Option<f64>,
    /// pds-pn: the most nodes one level-2 search may hold, 2 up to the
    /// proof table's capacity (default: a quarter of it).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..))]
    pub pn2_cap: Option<u64>,
    /// df-pn+: pattern weights file for h; alphabeta: for move ordering
    /// (default: the weights built in, from `weights/eval.bin`).
    #[arg(long, value_name = "PATH")]
    pub weights: Option<PathBuf>,
    /// df-pn+: h and cost parameters file (default: weights/h.txt, built in).
    #[arg(long, value_name = "PATH")]
    pub h_params: Option<PathBuf>,
    /// Table size in MiB (default: for `solve` and `show` 32 up to 20
    /// empties, doubling every two empties above, at most 256; 256 for
    /// `bench`; 64 per job for `batch`, so a batch uses jobs × N MiB).
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
    /// Threads searching one position (default: every core; for `batch`,
    /// the cores left per job, see `--jobs`). All threads share the one
    /// table of `--hash-mb`. Results do not depend on it; node counts do.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
}

/// The number of cores of this machine (1 when it cannot be read).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn parse_epsilon(s: &str) -> Result<f64, String> {
    let e: f64 = s
        .parse()
        .map_err(|_| format!("{s:?}: expected a number from 0 to {MAX_EPSILON}"))?;
    check_epsilon(e).map_err(|e| e.to_string())
}

fn parse_deep_e(s: &str) -> Result<u32, String> {
    let e: u32 = s
        .parse()
        .map_err(|_| format!("{s:?}: expected a whole number of at least 1"))?;
    DeepParams::new(e, 0)
        .map(|p| p.e())
        .map_err(|e| e.to_string())
}

fn parse_positive(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("{s:?}: expected a positive number")),
    }
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

    /// The algorithm: `--algo`, else the default for the question
    /// ([`default_algo`]).
    pub fn algo(&self) -> Algo {
        let all_best = self.all_best && !self.all_moves;
        self.algo
            .map_or_else(|| default_algo(self.mode(), all_best), Algo::from)
    }

    /// The engine configuration, with `default_hash_mb` when `--hash-mb` is
    /// absent, resolved: reads the `--weights` and `--h-params` files, else
    /// decodes the built-in ones.
    pub fn engine_config(&self, default_hash_mb: usize) -> anyhow::Result<ResolvedConfig> {
        let mut config = EngineConfig::new(
            self.algo(),
            self.hash_mb.map_or(default_hash_mb, |n| n as usize),
            Limits {
                time: self.time_limit,
                nodes: self.node_limit,
            },
        );
        config.all_best = self.all_best || self.all_moves;
        config.all_moves = self.all_moves;
        config.threads = self.threads.map_or_else(cores, |n| n as usize);
        if config.algo.single_threaded() && self.threads.is_some_and(|n| n > 1) {
            eprintln!(
                "note: {} searches on one thread; the {} threads go to its alpha-beta leaf solver",
                config.algo.name(),
                config.threads
            );
        }
        config.dfpn = DfpnOptions {
            leaf_empties: self.leaf_empties,
            epsilon: self.epsilon,
            h_search_from: self.h_search_from,
            deep: DeepParams::new(self.deep_e, self.deep_d)?,
            plus_depth: self.plus_depth,
            pn2: Pn2Params::new(self.pn2_a, self.pn2_b, self.pn2_cap)?,
            // The engine sets the procedure from the algorithm.
            ..DfpnOptions::default()
        };
        if let Some(path) = &self.weights {
            let e =
                othello_solver::eval::PatternEvaluator::load(path).context("reading --weights")?;
            config.evaluator = Some(Arc::new(e));
        }
        if let Some(path) = &self.h_params {
            let p = HParams::load(path).context("reading --h-params")?;
            config.h_params = Some(Arc::new(p));
        }
        let resolved = config.resolve()?;
        if let Some(why) = resolved.h_mismatch() {
            eprintln!("warning: {why}");
        }
        Ok(resolved)
    }
}
