//! One entry point for every algorithm: an [`Engine`] is a reusable solver
//! (its tables are allocated once) configured with an [`Algo`], a table size
//! and limits. `solve`, `batch` and `bench` all go through it.
//!
//! For df-pn and df-pn⁺ the engine owns a proof-number table of half of
//! `hash_mb` and hands nodes with few empties to its alpha-beta searcher
//! (the leaf solver), whose table gets the other half (both round down to a
//! power of two; docs/tuning.md, "Table split").

use super::alphabeta::Searcher;
use super::budget::Budget;
use super::dfpn::heuristic::{DepthTerm, Heuristic};
use super::dfpn::level2::{Pn2ParamsError, PN2_NODE_BYTES};
use super::dfpn::params::{HParams, HParamsError};
use super::dfpn::table::ProofTable;
use super::dfpn::{driver, DfpnOptions, DfpnOptionsError, Procedure};
use super::memory::{self, TableMemoryError};
use super::midgame::{Midgame, ThinkError, ThinkOptions, Thought};
use super::progress::Progress;
use super::{Limits, Mode, MoveValue, SolveResult, Status};
use crate::board::{Board, Square};
use crate::eval::{Evaluator, PatternEvaluator, Scratch, WeightsError};
use crate::search::tuning::DEFAULT_ORDER_MIN;
use std::sync::atomic::AtomicBool;
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
    /// Deep df-pn: h = E^(D − depth) near the root, 1 below depth D
    /// ([`crate::search::dfpn::deep`]).
    DeepDfpn,
    /// PDS: proof-and-disproof-number search, a node left only when both
    /// thresholds are reached; one thread, alpha-beta at the leaves.
    Pds,
    /// PDS-PN: PDS with a best-first PN search at the nodes its table does
    /// not hold ([`crate::search::dfpn::level2`]); one thread, alpha-beta at
    /// the leaves.
    PdsPn,
}

impl Algo {
    /// The name used on the command line and in output (`alphabeta`,
    /// `dfpn`, `dfpn+`, `deep-dfpn`, `pds`, `pds-pn`).
    pub fn name(&self) -> &'static str {
        match self {
            Algo::Alphabeta => "alphabeta",
            Algo::Dfpn => "dfpn",
            Algo::DfpnPlus => "dfpn+",
            Algo::DeepDfpn => "deep-dfpn",
            Algo::Pds => "pds",
            Algo::PdsPn => "pds-pn",
        }
    }

    /// Every algorithm.
    pub const ALL: [Algo; 6] = [
        Algo::Alphabeta,
        Algo::DfpnPlus,
        Algo::Dfpn,
        Algo::DeepDfpn,
        Algo::Pds,
        Algo::PdsPn,
    ];

    /// The algorithm of a [`Algo::name`], if it is one.
    pub fn from_name(name: &str) -> Option<Algo> {
        Algo::ALL.into_iter().find(|a| a.name() == name)
    }

    /// A proof-number search (df-pn, df-pn⁺, deep df-pn, PDS or PDS-PN),
    /// which keeps a proof table beside alpha-beta's.
    pub fn is_proof_number(&self) -> bool {
        self != &Algo::Alphabeta
    }

    /// How a proof-number algorithm explores the tree (MID for the df-pn
    /// members and for alpha-beta, which has none).
    pub fn procedure(&self) -> Procedure {
        match self {
            Algo::Pds => Procedure::Pds,
            Algo::PdsPn => Procedure::PdsPn,
            _ => Procedure::Mid,
        }
    }

    /// Whether its proof-number search runs on one thread only (its leaf
    /// solver may still use more): PDS and PDS-PN.
    pub fn single_threaded(&self) -> bool {
        self.procedure() != Procedure::Mid
    }
}

/// The algorithm a question gets by default: the fastest measured, one
/// thread (docs/benchmarks.md). Exact scores, and WLD and bound questions
/// with one proving move: alpha-beta (its selective ladder orders the root
/// before the exact null-window search). WLD and bounds with every best
/// move (`all_best`): df-pn⁺. Every move's value (`all_moves`) is
/// alpha-beta's root search: pass `all_best = false` for it.
pub fn default_algo(mode: Mode, all_best: bool) -> Algo {
    match mode {
        Mode::Wld | Mode::Bound(_) if all_best => Algo::DfpnPlus,
        _ => Algo::Alphabeta,
    }
}

/// The largest table (MiB) a one-shot solve gets by default
/// ([`default_table_mb`]).
pub const MAX_DEFAULT_TABLE_MB: usize = 256;

/// The table size (MiB) a one-shot solve of a position with `empties`
/// empties gets by default (the CLI's `solve` and `show`, Python's
/// `solve`): 32 MiB up to 20 empties, doubling every two empties above, at
/// most [`MAX_DEFAULT_TABLE_MB`]. The whole table is mapped before the
/// search starts, and the kernel zeroes (and, short of free huge pages,
/// first compacts) every page of it: at 256 MiB that can take several
/// times as long as the whole search of a 20-empty position, which finds
/// the small table as good (docs/benchmarks.md, "one `solve` outside its
/// search").
pub fn default_table_mb(empties: u32) -> usize {
    let doublings = (empties.saturating_sub(20) / 2).min(20);
    (32usize << doublings).min(MAX_DEFAULT_TABLE_MB)
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
    /// Value every legal move (`--all-moves`, [`SolveResult::moves`]); every
    /// best move is then listed too.
    pub all_moves: bool,
    /// Threads searching one position (`--threads`; 1: no parallel search).
    /// Alpha-beta splits its nodes among them; df-pn hands its larger leaves
    /// and its root guess to the parallel alpha-beta.
    pub threads: usize,
    /// df-pn⁺'s h and cost parameters (`None`: [`HParams::shipped`]).
    pub h_params: Option<Arc<HParams>>,
    /// df-pn⁺'s evaluation, and alpha-beta's move ordering (`None`: the
    /// embedded pattern weights).
    pub evaluator: Option<Arc<dyn Evaluator + Send + Sync>>,
    /// An outside stop request (the command line sets it on Ctrl-C): once
    /// true, every solve in progress stops, on every thread, and answers
    /// unknown with what it has proven; later solves stop at once.
    pub interrupt: Option<Arc<AtomicBool>>,
}

/// Why an engine could not be made: a built-in file that does not decode
/// (tests keep both decodable; a broken build says so instead of searching
/// with something else), or tables larger than the machine's memory.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The embedded pattern weights.
    #[error("decoding the built-in pattern weights (weights/eval.bin): {0}")]
    Weights(#[from] WeightsError),
    /// The embedded df-pn⁺ parameters.
    #[error("decoding the built-in df-pn+ parameters (weights/h.txt): {0}")]
    HParams(#[from] HParamsError),
    /// The tables do not fit in the machine's memory.
    #[error(transparent)]
    Memory(#[from] TableMemoryError),
    /// The search threads could not be started.
    #[error("starting the search threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// PDS-PN's level-2 cap does not fit its table.
    #[error(transparent)]
    Pn2(#[from] Pn2ParamsError),
    /// A df-pn option out of its range ([`DfpnOptions::check`]).
    #[error(transparent)]
    Options(#[from] DfpnOptionsError),
    /// The depth term ([`DfpnOptions::plus_depth`]) asked of an algorithm
    /// other than df-pn⁺.
    #[error("the depth term (--plus-depth) is an option of dfpn+, not of {0}")]
    PlusDepth(&'static str),
}

/// An [`EngineConfig`] with its evaluation and h parameters loaded, once:
/// engines made from it ([`Engine::from_resolved`], for example one per
/// thread of a batch) share them and fail only for want of memory.
#[derive(Clone)]
pub struct ResolvedConfig {
    config: EngineConfig,
    eval: Arc<dyn Evaluator + Send + Sync>,
    params: Arc<HParams>,
}

impl std::fmt::Debug for ResolvedConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResolvedConfig")
            .field("config", &self.config)
            .field("h_params", &self.params.source)
            .finish()
    }
}

impl ResolvedConfig {
    /// Why df-pn⁺'s h does not suit the evaluation, when the algorithm is
    /// df-pn⁺ and h was fitted with other weights ([`HParams::mismatch`]):
    /// the answers stay exact, the search is slower than it should be.
    pub fn h_mismatch(&self) -> Option<String> {
        if self.config.algo != Algo::DfpnPlus {
            return None;
        }
        self.params.mismatch(self.eval.as_pattern()?)
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// The same with `threads` search threads per engine.
    pub fn with_threads(mut self, threads: usize) -> ResolvedConfig {
        self.config.threads = threads.max(1);
        self
    }

    /// The same, stopped by `flag` ([`EngineConfig::interrupt`]).
    pub fn with_interrupt(mut self, flag: Option<Arc<AtomicBool>>) -> ResolvedConfig {
        self.config.interrupt = flag;
        self
    }
}

impl EngineConfig {
    /// Loads what the configuration leaves to the defaults: the embedded
    /// pattern weights when no evaluator is given, the shipped h parameters
    /// when none are given. Errors if a built-in file does not decode, if a
    /// df-pn option is out of range ([`DfpnOptions::check`]), if
    /// the depth term is asked of an algorithm other than df-pn⁺, or if
    /// PDS-PN's level-2 cap is larger than its table.
    pub fn resolve(self) -> Result<ResolvedConfig, EngineError> {
        self.dfpn.check()?;
        if self.dfpn.plus_depth && self.algo != Algo::DfpnPlus {
            return Err(EngineError::PlusDepth(self.algo.name()));
        }
        if self.algo == Algo::PdsPn {
            self.dfpn.pn2.check(self.proof_capacity())?;
        }
        let eval: Arc<dyn Evaluator + Send + Sync> = match &self.evaluator {
            Some(e) => Arc::clone(e),
            None => Arc::new(PatternEvaluator::embedded()?),
        };
        let params = match &self.h_params {
            Some(p) => Arc::clone(p),
            None => Arc::new(HParams::shipped()?.clone()),
        };
        Ok(ResolvedConfig {
            config: self,
            eval,
            params,
        })
    }

    /// The entries of the proof table a proof-number algorithm gets: half
    /// of `hash_mb`, the other half going to the leaf solver.
    fn proof_capacity(&self) -> u64 {
        ProofTable::with_mb_capacity(half_mb(self.hash_mb))
    }

    /// A configuration with the default df-pn options, the shipped h
    /// parameters and the embedded pattern evaluation.
    pub fn new(algo: Algo, hash_mb: usize, limits: Limits) -> EngineConfig {
        EngineConfig {
            algo,
            hash_mb,
            limits,
            dfpn: DfpnOptions::default(),
            all_best: false,
            all_moves: false,
            threads: 1,
            h_params: None,
            evaluator: None,
            interrupt: None,
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
            .field("all_moves", &self.all_moves)
            .field("threads", &self.threads)
            .field(
                "h_params",
                &self.h_params.as_ref().map(|p| p.source.clone()),
            )
            .field("evaluator", &self.evaluator.is_some())
            .field("interrupt", &self.interrupt.is_some())
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
///
/// ```
/// use othello_solver::search::{Algo, Engine, EngineConfig, Limits, Mode, Status};
/// use othello_solver::Position;
///
/// let text = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
/// let pos = Position::parse(text)?;
/// let mut dfpn = Engine::new(EngineConfig::new(Algo::DfpnPlus, 16, Limits::default()))?;
/// let r = dfpn.solve(&pos.board, Mode::Exact);
/// assert_eq!(r.status, Status::Solved);
/// // Alpha-beta proves the same score.
/// let mut ab = Engine::new(EngineConfig::new(Algo::Alphabeta, 16, Limits::default()))?;
/// assert_eq!(ab.solve(&pos.board, Mode::Exact).score(), r.score());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Engine {
    config: EngineConfig,
    alphabeta: Searcher,
    proof: Option<ProofTable>,
    params: Arc<HParams>,
    eval: Arc<dyn Evaluator + Send + Sync>,
    progress: Option<Arc<Progress>>,
    /// The midgame searcher, made on the first [`Engine::think`].
    midgame: Option<Midgame>,
}

impl Engine {
    /// An engine with its tables allocated; [`EngineConfig::resolve`] first.
    /// Errors if a built-in file does not decode or the tables do not fit in
    /// the machine's memory.
    pub fn new(config: EngineConfig) -> Result<Engine, EngineError> {
        Engine::from_resolved(config.resolve()?)
    }

    /// An engine with its tables allocated, from a resolved configuration,
    /// or an error naming the memory asked and the machine's total when it
    /// is not there.
    pub fn from_resolved(resolved: ResolvedConfig) -> Result<Engine, EngineError> {
        let ResolvedConfig {
            config,
            eval,
            params,
        } = resolved;
        let dfpn = config.algo.is_proof_number();
        // PDS-PN's level-2 tree grows up to its cap beside the tables.
        let mut arena_bytes = 0u64;
        if config.algo == Algo::PdsPn {
            // The cap fits the table: `resolve` checked it.
            arena_bytes = config
                .dfpn
                .pn2
                .max_nodes(config.proof_capacity())
                .saturating_mul(PN2_NODE_BYTES as u64);
        }
        // Both tables together first: the error names the whole request.
        memory::check_fits(
            (config.hash_mb as u64)
                .saturating_mul(1 << 20)
                .saturating_add(arena_bytes),
            "the search tables",
        )?;
        let (ab_mb, proof) = if dfpn {
            (
                half_mb(config.hash_mb),
                Some(ProofTable::try_with_mb(half_mb(config.hash_mb))?),
            )
        } else {
            (config.hash_mb, None)
        };
        let mut alphabeta = Searcher::try_new(ab_mb)?;
        // Move ordering by the evaluation from `DEFAULT_ORDER_MIN` (14)
        // empties up: for alpha-beta itself, and for df-pn's leaf solver,
        // which gets positions of up to `--leaf-empties` (default 17)
        // empties. Results never depend on it.
        alphabeta.set_order_evaluator(Some(Box::new(Arc::clone(&eval))), DEFAULT_ORDER_MIN);
        alphabeta.set_all_best(config.all_best);
        alphabeta.set_all_moves(config.all_moves);
        alphabeta.set_threads(config.threads)?;
        // Alpha-beta's own solves stop on it; df-pn's leaf solves never do
        // (their values are taken as proven): df-pn looks at it between leaves.
        alphabeta.set_interrupt(config.interrupt.clone());
        Ok(Engine {
            alphabeta,
            proof,
            params,
            eval,
            config,
            progress: None,
            midgame: None,
        })
    }

    /// Publishes the progress of every later solve into `progress` (`None`:
    /// nowhere): nodes, proven bounds and the best line the search knows
    /// (see [`super::progress`]).
    pub fn set_progress(&mut self, progress: Option<Arc<Progress>>) {
        if self.config.algo == Algo::Alphabeta {
            self.alphabeta.set_progress(progress.clone());
        }
        self.progress = progress;
    }

    /// The limits of every later [`Engine::solve`] (for bindings that set
    /// them per call; the tables stay).
    pub fn set_limits(&mut self, limits: Limits) {
        self.config.limits = limits;
    }

    /// Whether later solves list every best move (`EngineConfig::all_best`).
    pub fn set_all_best(&mut self, all_best: bool) {
        self.config.all_best = all_best;
        self.alphabeta.set_all_best(all_best);
    }

    /// Whether later solves value every legal move
    /// (`EngineConfig::all_moves`).
    pub fn set_all_moves(&mut self, all_moves: bool) {
        self.config.all_moves = all_moves;
        self.alphabeta.set_all_moves(all_moves);
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// A value and a best move for any position, exact within the exact
    /// solver's reach and a midgame search's estimate beyond it, labelled
    /// with its precision ([`super::midgame`]; `options` carries the limits:
    /// the engine's own are for [`Engine::solve`]). The midgame table, a
    /// quarter of `hash_mb`, is allocated on the first call. The engine's
    /// interrupt flag stops it at once with the best answer found so far.
    pub fn think(&mut self, board: &Board, options: &ThinkOptions) -> Result<Thought, ThinkError> {
        let mut midgame = match self.midgame.take() {
            Some(m) => m,
            None => Midgame::try_new((self.config.hash_mb / 4).max(1))?,
        };
        let interrupt = self.config.interrupt.clone();
        let thought = match self.eval.as_pattern() {
            Some(p) => midgame.think(p, &mut self.alphabeta, board, options, interrupt),
            None => midgame.think(
                &Scratch(&*self.eval),
                &mut self.alphabeta,
                board,
                options,
                interrupt,
            ),
        };
        self.midgame = Some(midgame);
        thought
    }

    /// Forgets every stored position (a new game): the tables stay
    /// allocated.
    pub fn clear(&mut self) {
        self.alphabeta.clear();
        if let Some(m) = self.midgame.as_mut() {
            m.clear();
        }
        if let Some(p) = self.proof.as_mut() {
            p.clear();
        }
    }

    /// Answers `mode` about `board` (side to move's view) within the limits.
    pub fn solve(&mut self, board: &Board, mode: Mode) -> SolveResult {
        let limits = self.config.limits;
        let algo = self.config.algo;
        if algo == Algo::Alphabeta {
            return self.alphabeta.solve(board, mode, limits);
        }
        if self.config.all_moves && board.moves() != 0 {
            return self.solve_each_move(board, mode);
        }
        self.solve_one(board, mode, limits)
    }

    /// Every move's value by df-pn: one solve of each child (the child's
    /// question is the parent's, seen from the other side), all on the
    /// shared tables and within the one solve's limits. Alpha-beta has a
    /// root search of its own for this (`Searcher::set_all_moves`).
    fn solve_each_move(&mut self, board: &Board, mode: Mode) -> SolveResult {
        let start = std::time::Instant::now();
        let limits = self.config.limits;
        let mut result = SolveResult::open(mode, self.config.algo.name(), true);
        let mut complete = true;
        let mut lines = Vec::new();
        for sq in Square::iter_bits(board.moves()) {
            let Some(child) = board.play(sq) else {
                continue;
            };
            let child_mode = match mode {
                Mode::Exact => Mode::Exact,
                Mode::Wld => Mode::Wld,
                // The move's score ≥ k exactly when the child's ≤ −k, that is
                // when the child's score ≥ −k + 1 fails.
                Mode::Bound(k) => Mode::Bound(1 - k),
            };
            let spent = result.nodes + result.leaf_nodes;
            let left = Limits {
                time: limits.time.map(|t| t.saturating_sub(start.elapsed())),
                nodes: limits.nodes.map(|n| n.saturating_sub(spent)),
            };
            let r = self.solve_one(&child, child_mode, left);
            result.nodes += r.nodes;
            result.leaf_nodes += r.leaf_nodes;
            result.table = r.table;
            if r.status != Status::Solved {
                complete = false;
                break;
            }
            result.moves.push(MoveValue {
                square: sq,
                lower: -r.upper,
                upper: -r.lower,
            });
            lines.push((sq, r.pv));
        }
        result
            .moves
            .sort_by_key(|v| std::cmp::Reverse((v.lower, v.upper)));
        result.lower = result.moves.iter().map(|v| v.lower).max().unwrap_or(-64);
        if complete {
            result.upper = result.moves.iter().map(|v| v.upper).max().unwrap_or(64);
            result.best_moves = super::best_moves_of(&result.moves);
            if let (Mode::Exact, Some(&first)) = (mode, result.best_moves.first()) {
                if let Some((_, line)) = lines.into_iter().find(|(sq, _)| *sq == first) {
                    result.pv = std::iter::once(Some(first)).chain(line).collect();
                }
            }
        } else {
            result.status = Status::Unknown;
        }
        result.time_s = start.elapsed().as_secs_f64();
        result
    }

    /// One df-pn solve of `board` within `limits`.
    fn solve_one(&mut self, board: &Board, mode: Mode, limits: Limits) -> SolveResult {
        let algo = self.config.algo;
        let mut options = self.config.dfpn;
        options.procedure = algo.procedure();
        let hash_mb = self.config.hash_mb;
        let table = self
            .proof
            .get_or_insert_with(|| ProofTable::with_mb(half_mb(hash_mb)));
        let eval: &(dyn Evaluator + Sync) = &*self.eval;
        let heuristic = match algo {
            Algo::DfpnPlus => Heuristic::Sigmoid {
                eval,
                params: &self.params,
                depth: options.plus_depth.then_some(DepthTerm {
                    params: options.deep,
                    root_empties: board.empties(),
                }),
            },
            Algo::DeepDfpn => Heuristic::Deep {
                params: options.deep,
                root_empties: board.empties(),
            },
            _ => Heuristic::Uniform,
        };
        driver::solve_within(
            board,
            mode,
            self.config.all_best,
            table,
            &mut self.alphabeta,
            heuristic,
            options,
            Budget::new(limits).with_interrupt(self.config.interrupt.clone()),
            self.progress.clone(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::dfpn::MAX_EPSILON;

    fn resolve_with(f: impl FnOnce(&mut DfpnOptions)) -> Result<ResolvedConfig, EngineError> {
        let mut config = EngineConfig::new(Algo::Dfpn, 1, Limits::default());
        f(&mut config.dfpn);
        config.resolve()
    }

    #[test]
    fn default_table_grows_with_the_empties_up_to_the_cap() {
        assert_eq!(default_table_mb(0), 32);
        assert_eq!(default_table_mb(20), 32);
        assert_eq!(default_table_mb(21), 32);
        assert_eq!(default_table_mb(22), 64);
        assert_eq!(default_table_mb(24), 128);
        assert_eq!(default_table_mb(26), MAX_DEFAULT_TABLE_MB);
        assert_eq!(default_table_mb(60), MAX_DEFAULT_TABLE_MB);
        for e in 0..60 {
            assert!(default_table_mb(e) <= default_table_mb(e + 1));
        }
    }

    #[test]
    fn df_pn_options_out_of_range_are_refused_at_resolve() {
        let bad: [fn(&mut DfpnOptions); 5] = [
            |o| o.leaf_empties = 61,
            |o| o.h_search_from = 61,
            |o| o.epsilon = f64::NAN,
            |o| o.epsilon = -0.1,
            |o| o.epsilon = MAX_EPSILON + 0.5,
        ];
        for f in bad {
            let err = resolve_with(f).unwrap_err();
            assert!(matches!(err, EngineError::Options(_)), "{err}");
        }
        let edges: [fn(&mut DfpnOptions); 3] = [
            |o| o.leaf_empties = 60,
            |o| o.h_search_from = 60,
            |o| o.epsilon = MAX_EPSILON,
        ];
        for f in edges {
            assert!(resolve_with(f).is_ok());
        }
        let err = resolve_with(|o| o.leaf_empties = 99).unwrap_err();
        assert_eq!(
            err.to_string(),
            "leaf-empties 99: expected a number of empties from 0 to 60"
        );
    }
}
