//! The exact alpha-beta endgame solver: the baseline every df-pn result is
//! checked against, and df-pn's leaf solver.
//!
//! [`solve`] / [`Searcher::solve`] answer a [`Mode`]
//! (exact score, win/draw/loss, or one bound) with one best move (or every
//! best move, with [`Searcher::set_all_best`]; or every move's value, with
//! [`Searcher::set_all_moves`]) and, for exact solves, a principal
//! variation to the end of the game.
//!
//! Layout, from the user down:
//! - this file: [`Searcher`], the configured solver a user holds (table,
//!   thread pool, options), and df-pn's [`LeafSolver`];
//!   `config`: [`SolveOptions`] and the searcher's root configuration;
//! - `root`: the root and ladder driver (move order at the root, score
//!   guess, selective ladder, MTD(f), best moves, every move's value, PV);
//! - `context`: the per-thread node context every search runs on;
//! - `instance`: the compiled instances of the search, one per kernel set,
//!   and the one place that picks the instance the CPU runs;
//! - `pvs`: the table-driven principal-variation search, more than
//!   [`LAST_N_MAX`] empties;
//!   [`endgame`]: the last-N solver below it and the 1–4-empty solvers;
//!   `cache`: the last-N solver's small cache; [`split`]: split points;
//! - `window`, [`ordering`], [`stability`], [`probcut`] and [`tt`]: what
//!   the nodes use.
//!
//! The tests check it against [`crate::search::reference`].
//!
//! Scores are final disc differences for the side to move, empties to the
//! winner, hence always even. Node counting: every position visited counts
//! one (including the last-empty positions and positions after a pass).

mod cache;
mod config;
mod context;
pub mod endgame;
mod instance;
pub mod ordering;
pub mod probcut;
mod pvs;
mod root;
pub mod split;
pub mod stability;
pub mod stats;
mod thread_tables;
pub mod tt;
mod window;

use config::Config;
pub use config::SolveOptions;
use context::{Context, OrderEval};
use root::Root;
use split::SplitPool;

use crate::eval::Evaluator;
use crate::search::progress::Progress;
use crate::search::tuning::{DEFAULT_ORDER_MIN, LAST_N_MAX};
use crate::search::{fail_soft_bounds, LeafSolver, Limits, Mode, SolveResult};
use crate::units::Score;
use crate::Board;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Solves `board` (side to move's view) with a fresh searcher, ordering
/// moves with the embedded pattern evaluation (it only changes the node
/// count, never the result). Errors if the embedded weights do not decode.
pub fn solve(
    board: &Board,
    mode: Mode,
    options: &SolveOptions,
) -> Result<SolveResult, crate::eval::WeightsError> {
    let mut searcher = Searcher::new(options.hash_mb);
    searcher.use_embedded_evaluator()?;
    searcher.set_all_best(options.all_best);
    Ok(searcher.solve(board, mode, options.limits))
}

/// The reusable alpha-beta solver: its table, its thread pool and its
/// options. Once created it allocates nothing per node or per question, so
/// [`LeafSolver::bounds`] is cheap to call millions of times.
pub struct Searcher {
    /// This thread's node context (the table, counters and limits).
    ctx: Context,
    /// The question's options.
    cfg: Config,
    /// The threads of a parallel search (`None`: one thread).
    pool: Option<Arc<SplitPool>>,
}

impl Searcher {
    /// A searcher with a table of `hash_mb` mebibytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher::try_new(hash_mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Searcher::new`], or an error naming the size when the memory for
    /// the table is not there.
    pub fn try_new(hash_mb: usize) -> Result<Searcher, crate::search::memory::TableMemoryError> {
        Ok(Searcher::on_table(Arc::new(tt::Table::try_new(hash_mb)?)))
    }

    /// A one-thread searcher on `tt` with no limits, no move-ordering
    /// evaluation and one best move.
    fn on_table(tt: Arc<tt::Table>) -> Searcher {
        Searcher {
            ctx: Context::on_table(tt),
            cfg: Config {
                presearch: true,
                ..Config::default()
            },
            pool: None,
        }
    }

    /// Whether exact solves run the selective pre-searches first
    /// ([`probcut`]; on by default). They change the node count and
    /// the time, never the answer.
    pub fn set_presearch(&mut self, on: bool) {
        self.cfg.presearch = on;
    }

    /// Searches with `threads` threads from now on (1: this thread alone,
    /// the default). Results never depend on it (docs/parallel.md).
    pub fn set_threads(&mut self, threads: usize) -> Result<(), rayon::ThreadPoolBuildError> {
        self.pool = if threads > 1 {
            Some(Arc::new(SplitPool::new(threads)?))
        } else {
            None
        };
        Ok(())
    }

    /// Splits nodes with at least `empties` empties among the threads
    /// (default [`SPLIT_MIN`](crate::search::tuning::SPLIT_MIN)). Lower
    /// values make more, smaller split points: the tests use them to
    /// exercise the parallel search on small positions; results never
    /// depend on it.
    pub fn set_split_min(&mut self, empties: u32) {
        self.ctx.split_min = empties;
    }

    /// The number of threads a solve uses.
    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |p| p.threads())
    }

    /// Stops every later solve as soon as `flag` becomes true (Ctrl-C); the
    /// answer is then unknown with what is proven.
    pub fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.cfg.interrupt = flag;
    }

    /// Whether [`Searcher::solve`] lists every best move (`true`) or stops at
    /// the first one it proves (`false`, the default: cheaper, and what
    /// Edax answers). WLD with one move stops at the first winning move;
    /// exact with one move tests root moves at the score until one reaches it.
    pub fn set_all_best(&mut self, all_best: bool) {
        self.cfg.all_best = all_best;
    }

    /// Whether [`Searcher::solve`] values every legal move
    /// ([`SolveResult::moves`]; off by default): exactly for an exact
    /// question, else as far as the question's window decides (win, draw or
    /// loss; the bound). Every best move is then listed too.
    pub fn set_all_moves(&mut self, all_moves: bool) {
        self.cfg.all_moves = all_moves;
    }

    /// Ranks moves at nodes with at least `min_empties` empties by a
    /// probe of the position after the move with `eval` at its leaves
    /// ([`crate::search::probe::Probe::key`], deeper with more empties)
    /// added to the fastest-first key, instead of fastest first alone
    /// (under a small root from fewer empties:
    /// [`order_min_empties`](crate::search::tuning::order_min_empties)).
    /// `None` goes back to fastest first everywhere. Results never depend
    /// on the ordering, only the node counts do.
    pub fn set_order_evaluator(
        &mut self,
        eval: Option<Box<dyn Evaluator + Send + Sync>>,
        min_empties: u32,
    ) {
        self.ctx.order_eval = eval.map(|eval| {
            Arc::new(OrderEval {
                eval: Arc::from(eval),
                base_min: min_empties,
                min_empties,
            })
        });
        self.ctx.set_order_root(None);
    }

    /// Orders moves with the embedded pattern evaluation
    /// ([`crate::eval::PatternEvaluator::embedded`]) from
    /// [`DEFAULT_ORDER_MIN`] empties up.
    pub fn use_embedded_evaluator(&mut self) -> Result<(), crate::eval::WeightsError> {
        let eval = crate::eval::PatternEvaluator::embedded()?;
        self.set_order_evaluator(Some(Box::new(eval)), DEFAULT_ORDER_MIN);
        Ok(())
    }

    /// Publishes the progress of every later [`Searcher::solve`] into
    /// `progress` (`None`: nowhere): the node count where the search looks
    /// at the clock, the bounds and the table's best line at the root.
    pub fn set_progress(&mut self, progress: Option<Arc<Progress>>) {
        self.ctx.progress = progress;
    }

    /// Whether an evaluation takes part in move ordering.
    pub fn has_order_evaluator(&self) -> bool {
        self.ctx.order_eval.is_some()
    }

    /// Empties the table (and the last-N solver's cache) and resets the
    /// node counter.
    pub fn clear(&mut self) {
        self.ctx.tt.clear();
        if let Some(c) = &mut self.ctx.shallow {
            c.clear();
        }
        if let Some(t) = &mut self.ctx.probe_table {
            t.clear();
        }
        self.ctx.nodes = 0;
        self.ctx.charged = 0;
    }

    /// Positions visited since creation (or the last [`Searcher::clear`]).
    pub fn nodes(&self) -> u64 {
        self.ctx.nodes
    }

    /// The driver of a solve on this thread.
    fn root(&mut self) -> Root<'_> {
        Root {
            ctx: &mut self.ctx,
            cfg: &self.cfg,
        }
    }

    /// The exact score of `board`, or `None` if a limit stopped the search.
    pub fn exact_score(&mut self, board: &Board, limits: Limits) -> Option<Score> {
        let interrupt = self.cfg.interrupt.clone();
        self.ctx.set_limits(limits, Instant::now(), interrupt);
        self.ctx.set_order_root(Some(board.empties()));
        let (lower, upper) = self.root().mtd(board);
        (lower == upper).then_some(lower)
    }

    /// A fail-soft search of `board` in the window `(alpha, beta)`, without
    /// limits: a result `<= alpha` is an upper bound, `>= beta` a lower bound,
    /// in between the exact score.
    pub fn search_window(&mut self, board: &Board, alpha: Score, beta: Score) -> Score {
        self.ctx.clear_limits();
        self.ctx.set_order_root(Some(board.empties()));
        self.ctx
            .search_any(board.player, board.opponent, alpha, beta)
    }

    /// Answers `mode` about `board` within `limits`.
    pub fn solve(&mut self, board: &Board, mode: Mode, limits: Limits) -> SolveResult {
        let Searcher { ctx, cfg, pool } = self;
        let cfg = &*cfg;
        match pool.clone() {
            Some(pool) => ctx.on_pool(&pool, board, |ctx| {
                Root { ctx, cfg }.solve(board, mode, limits)
            }),
            None => Root { ctx, cfg }.solve(board, mode, limits),
        }
    }

    /// The node-kind counters since the last [`Searcher::reset_stats`]
    /// (builds with the `stats` feature only; this thread's nodes).
    #[cfg(feature = "stats")]
    pub fn stats(&self) -> &stats::Stats {
        &self.ctx.stats
    }

    /// Zeroes the node-kind counters.
    #[cfg(feature = "stats")]
    pub fn reset_stats(&mut self) {
        self.ctx.stats = stats::Stats::default();
    }

    /// The number of this searcher's helpers running now (zero whenever no
    /// solve is running: a test checks that none outlives its solve).
    pub fn live_helpers(&self) -> usize {
        self.ctx.live_helpers()
    }
}

impl LeafSolver for Searcher {
    /// The fail-soft value of the null-window search `(k − 1, k)`, as bounds.
    /// Every value this search returns is a true bound on the score: the
    /// stability cutoff returns an upper bound, the table and ETC return
    /// stored bounds, and in a null window neither narrows the window.
    fn bounds(&mut self, board: &Board, k: Score) -> (Score, Score) {
        let ctx = &mut self.ctx;
        if ctx.aborted || !ctx.budget.is_unlimited() {
            ctx.clear_limits();
        }
        // df-pn's many leaf searches share their subtrees through the
        // table: at 9 and 10 empties too (the small cache is per thread and
        // overwritten between leaves). The range is restored after, so
        // every other search keeps its own.
        let cache_max = std::mem::replace(&mut ctx.cache_max, LAST_N_MAX);
        ctx.set_order_root(None);
        let v = match self.pool.clone() {
            Some(pool) if board.empties() >= ctx.split_min + 2 => ctx.on_pool(&pool, board, |c| {
                c.search_any(board.player, board.opponent, k - 1, k)
            }),
            _ => ctx.search_any(board.player, board.opponent, k - 1, k),
        };
        ctx.cache_max = cache_max;
        fail_soft_bounds(v, k)
    }

    fn nodes(&self) -> u64 {
        self.ctx.nodes
    }

    /// The threads of this searcher's pool (1 without one).
    fn threads(&self) -> usize {
        Searcher::threads(self)
    }

    /// A one-thread searcher on the same table, with the same move
    /// ordering and no limits (a leaf search is never cut short).
    fn helper(&self) -> Option<Box<dyn LeafSolver + Send>> {
        let mut s = Searcher::on_table(Arc::clone(&self.ctx.tt));
        s.ctx.order_eval = self.ctx.order_eval.clone();
        s.ctx.set_order_root(None);
        s.cfg.all_best = self.cfg.all_best;
        Some(Box::new(s))
    }
}

/// A time limit from seconds (for the command line).
pub fn seconds(s: f64) -> Option<Duration> {
    Duration::try_from_secs_f64(s).ok()
}
