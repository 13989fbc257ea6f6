//! One entry point for every algorithm: an [`Engine`] is a reusable solver
//! (its tables are allocated once) configured with an [`Algo`], a table size
//! and limits. `solve`, `batch` and `bench` all go through it.
//!
//! For df-pn and df-pn⁺ the engine owns a proof-number table of half of
//! `hash_mb` and hands nodes with few empties to its alpha-beta searcher
//! (the leaf solver), whose table gets the other half (both round down to a
//! power of two; docs/benchmarks.md, 2026-11-22 late evening, for the split).

use super::alphabeta::Searcher;
use super::dfpn::DfpnOptions;
use super::heuristic::{HParams, Heuristic, MobilityEvaluator};
use super::tt::ProofTable;
use super::{driver, Evaluator, Limits, Mode, SolveResult};
use crate::board::Board;
use std::sync::Arc;

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algo {
    /// Exact null-window alpha-beta with a transposition table.
    Alphabeta,
    /// Plain df-pn (h = 1, cost = 0) with alpha-beta at the leaves.
    Dfpn,
    /// df-pn⁺: h from the evaluation's sigmoid, cost_φ = A.
    DfpnPlus,
}

impl Algo {
    /// The name used on the command line and in output (`alphabeta`, `dfpn`, `dfpn+`).
    pub fn name(&self) -> &'static str {
        match self {
            Algo::Alphabeta => "alphabeta",
            Algo::Dfpn => "dfpn",
            Algo::DfpnPlus => "dfpn+",
        }
    }
}

/// How to solve.
#[derive(Clone)]
pub struct EngineConfig {
    /// The algorithm.
    pub algo: Algo,
    /// Table size in mebibytes (per engine).
    pub hash_mb: usize,
    /// Time and node limits, per position.
    pub limits: Limits,
    /// df-pn's leaf hand-over and 1+ε trick.
    pub dfpn: DfpnOptions,
    /// List every best move instead of one (`--all-best`).
    pub all_best: bool,
    /// df-pn⁺'s h and cost parameters (`None`: [`HParams::shipped`]).
    pub h_params: Option<Arc<HParams>>,
    /// df-pn⁺'s evaluation, and alpha-beta's move ordering (`None`: the
    /// embedded pattern weights).
    pub evaluator: Option<Arc<dyn Evaluator + Send + Sync>>,
}

impl EngineConfig {
    /// A configuration with the default df-pn options, the shipped h
    /// parameters and the fallback evaluation.
    pub fn new(algo: Algo, hash_mb: usize, limits: Limits) -> EngineConfig {
        EngineConfig {
            algo,
            hash_mb,
            limits,
            dfpn: DfpnOptions::default(),
            all_best: false,
            h_params: None,
            evaluator: None,
        }
    }
}

impl std::fmt::Debug for EngineConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineConfig")
            .field("algo", &self.algo)
            .field("hash_mb", &self.hash_mb)
            .field("limits", &self.limits)
            .field("dfpn", &self.dfpn)
            .field("all_best", &self.all_best)
            .field(
                "h_params",
                &self.h_params.as_ref().map(|p| p.source.clone()),
            )
            .field("evaluator", &self.evaluator.is_some())
            .finish()
    }
}

/// The share of `hash_mb` each of df-pn's two tables gets (at least 1 MiB).
/// Each table rounds its size down to a power of two, so with a power-of-two
/// `hash_mb` the proof table is as large as three quarters would give, and
/// the leaf solver's table, which sees far more traffic, twice a quarter.
fn half_mb(hash_mb: usize) -> usize {
    (hash_mb / 2).max(1)
}

/// A reusable solver. Positions solved one after another share the tables
/// (entries are keyed by the full board, so this only saves work).
pub struct Engine {
    config: EngineConfig,
    alphabeta: Searcher,
    proof: Option<ProofTable>,
    params: Arc<HParams>,
}

impl Engine {
    /// An engine with its tables allocated.
    pub fn new(config: EngineConfig) -> Engine {
        let dfpn = matches!(config.algo, Algo::Dfpn | Algo::DfpnPlus);
        let (ab_mb, proof) = if dfpn {
            (
                half_mb(config.hash_mb),
                Some(ProofTable::with_mb(half_mb(config.hash_mb))),
            )
        } else {
            (config.hash_mb, None)
        };
        let params = config
            .h_params
            .clone()
            .unwrap_or_else(|| match HParams::shipped() {
                Ok(p) => Arc::new(p.clone()),
                // A test keeps the embedded file valid; the synthetic set
                // stands in only if it were not.
                Err(_) => Arc::new(HParams::provisional()),
            });
        let mut alphabeta = Searcher::new(ab_mb);
        // Move ordering by the given evaluation, else the embedded
        // pattern weights, from `DEFAULT_ORDER_MIN` (15) empties up: for
        // alpha-beta itself, and for df-pn's leaf solver, which gets
        // positions of up to `--leaf-empties` (default 17) empties.
        // Results never depend on it; if the embedded weights do not
        // decode, fastest first alone (the command line reports that as an
        // error before getting here).
        match &config.evaluator {
            Some(e) => alphabeta.set_order_evaluator(
                Some(Box::new(Arc::clone(e))),
                super::alphabeta::midgame::DEFAULT_ORDER_MIN,
            ),
            None => {
                let _ = alphabeta.use_embedded_evaluator();
            }
        }
        alphabeta.set_all_best(config.all_best);
        Engine {
            alphabeta,
            proof,
            params,
            config,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Answers `mode` about `board` (side to move's view) within the limits.
    pub fn solve(&mut self, board: &Board, mode: Mode) -> SolveResult {
        let limits = self.config.limits;
        let algo = self.config.algo;
        if algo == Algo::Alphabeta {
            return self.alphabeta.solve(board, mode, limits);
        }
        let options = self.config.dfpn;
        let hash_mb = self.config.hash_mb;
        let table = self
            .proof
            .get_or_insert_with(|| ProofTable::with_mb(half_mb(hash_mb)));
        // The embedded pattern weights unless another evaluator was given;
        // the crude mobility evaluation only if the embedded file is unusable
        // (a test keeps it loadable).
        let eval: &dyn Evaluator = match &self.config.evaluator {
            Some(e) => e.as_ref(),
            None => match crate::eval::PatternEvaluator::embedded() {
                Ok(e) => e,
                Err(_) => &MobilityEvaluator,
            },
        };
        let heuristic = if algo == Algo::DfpnPlus {
            Heuristic::Sigmoid {
                eval,
                params: &self.params,
            }
        } else {
            Heuristic::Uniform
        };
        driver::solve(
            board,
            mode,
            self.config.all_best,
            table,
            &mut self.alphabeta,
            heuristic,
            options,
            limits,
        )
    }
}
