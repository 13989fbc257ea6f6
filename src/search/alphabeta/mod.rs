//! The exact alpha-beta endgame solver: the baseline every df-pn result is
//! checked against, and df-pn's leaf solver.
//!
//! A [`Searcher`] is a reusable search context (the transposition table,
//! node counter and limits); once created it allocates nothing per node or
//! per question, so [`LeafSolver::bounds`] is cheap to call millions of
//! times. [`solve`] / [`Searcher::solve`] answer a [`Mode`] (exact score,
//! win/draw/loss, or one bound) with one best move (or every best move, with
//! [`Searcher::set_all_best`]) and, for exact solves, a principal variation
//! to the end of the game.
//!
//! Layout: [`search`] (table-driven principal-variation search, more than
//! [`LAST_N_MAX`] empties), [`endgame`] (the shallow search and the 1–4
//! empty solvers), [`ordering`] (with the shallow searches of
//! [`crate::search::probe`] at nodes with many empties), [`stability`] and [`tt`]; the tests check it against
//! [`crate::search::reference`].
//!
//! Scores are final disc differences for the side to move, empties to the
//! winner, hence always even. Node counting: every position visited counts
//! one (including the last-empty positions and positions after a pass).

pub mod last_n;
pub mod ordering;
pub mod parallel;
pub mod probcut;
pub mod search;
pub mod stability;
pub mod tt;

use super::budget::Budget;
use super::probe::{probe_value, quarters_to_score, sort_depth, DEFAULT_ORDER_MIN};
use super::progress::Progress;
use super::{fail_soft_bounds, LeafSolver, Limits, Mode, MoveValue, SolveResult, Status};
use crate::board::movegen::{flips, moves};
use crate::board::Square;
use crate::eval::Evaluator;
use crate::Board;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Positions with at most this many empties are searched without the table.
pub const LAST_N_MAX: u32 = 8;
/// From this many empties up, children are probed in the table before
/// searching (enhanced transposition cutoff). 12 rather than 10 since
/// 2026-11-24 (evening): 2.3 % more nodes, but fewer table probes waiting
/// on memory; FFO #40–#49 25.78/25.80 s against 26.87/26.04 s and #50–#52
/// 56.74/56.23 s against 57.80/58.29 s, interleaved on a quiet machine
/// (docs/benchmarks.md).
pub const ETC_MIN: u32 = 12;
/// Up to this many empties, quadrant parity takes part in move ordering.
pub const PARITY_ORDER_MAX: u32 = 12;
/// From this many empties up, a WLD or bound question ranks the root's
/// moves by a shallow search [`ROOT_SORT_DEPTH`] plies deep.
pub const ROOT_SORT_MIN: u32 = 16;

/// The depth of the shallow search ranking the root's moves of a WLD or
/// bound question. On FFO #40–#49 WLD, alpha-beta with one proving move:
/// 196.6 M nodes without it, 115–121 M with depths 1, 4, 6 and 8, 210 M with
/// 2 and 3 (FFO #45 alone: 6.6 M nodes when b2 comes first, 83–97 M when it
/// does not); an exact score gains nothing from it (1,032.9 M nodes at
/// depth 8 against 1,030.5 M without). docs/benchmarks.md, "Modes".
pub const ROOT_SORT_DEPTH: u32 = 6;

/// The depth of the shallow search that guesses the score for the first
/// null window of an exact solve. On FFO #40–#49 (alpha-beta, one best
/// move) the guesses at depths 4, 6, 8, 10, 12 and 14 miss the scores by
/// 50, 42, 38, 22, 24 and 24 discs in all; the solve took 1,030.5 M nodes
/// with the former depth (that of move ordering, 4–6 plies here) and
/// 980.3 M with 10 (#44 alone: 41.1 M → 15.7 M; it had stepped from 0 to
/// −14 by 2). Stepping away from a missed guess by doubling steps instead
/// of MTD(f)'s 2 cost more: 1,070.5 M. docs/benchmarks.md, "Modes".
pub const ROOT_GUESS_DEPTH: u32 = 10;

/// Up to this many empties the score guess searches [`ROOT_GUESS_DEPTH`]
/// plies; above, as deep as move ordering (the guess's search looks at no
/// clock: at 31 empties it took 0.5 s, at 24 empties 0.03 s).
pub const ROOT_GUESS_MAX_EMPTIES: u32 = 26;

/// Nodes between two looks at the clock.
const CHECK_INTERVAL: u64 = 1 << 14;

/// Options of one solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Transposition-table size in mebibytes.
    pub hash_mb: usize,
    /// Time and node limits.
    pub limits: Limits,
    /// List every best move instead of one.
    pub all_best: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            hash_mb: 64,
            limits: Limits::default(),
            all_best: false,
        }
    }
}

/// The reusable search context: table, counters, limits. The table, the
/// ordering evaluation and the limits ([`Budget`]) are shared with the
/// helper searchers of a parallel search ([`parallel`]); the counters are
/// each searcher's own.
pub struct Searcher {
    tt: Arc<tt::Table>,
    nodes: u64,
    /// The node count at which the budget runs out if no other thread spends
    /// any (the shallow searches of move ordering stop deepening there).
    node_limit: u64,
    next_check: u64,
    /// The node count up to which this searcher's nodes are charged to the budget.
    charged: u64,
    aborted: bool,
    /// The limits of the current solve, shared by all its threads.
    budget: Arc<Budget>,
    /// Optional evaluation ranking moves at nodes with many empties.
    order_eval: Option<Arc<OrderEval>>,
    /// Where a solve publishes its progress (see [`Searcher::set_progress`]),
    /// and the node count at the start of the solve.
    progress: Option<(Arc<Progress>, u64)>,
    /// Whether [`Searcher::solve`] lists every best move.
    all_best: bool,
    /// Whether [`Searcher::solve`] values every legal move.
    all_moves: bool,
    /// The threads of a parallel search (`None`: one thread).
    pool: Option<Arc<parallel::SplitPool>>,
    /// Whether this searcher may split its nodes among the pool's threads
    /// now (it runs on one of them).
    splitting: bool,
    /// The fewest empties at which a null-window node shares out its
    /// younger brothers ([`parallel::SPLIT_MIN`] unless set otherwise).
    split_min: u32,
    /// Only nodes with fewer empties split: the root's count during a
    /// parallel search, so that the root never splits
    /// ([`Searcher::on_pool`]).
    split_below: u32,
    /// The stop flags of the split points above this searcher (a helper's):
    /// one raised means a sibling refuted that split point.
    splits: Vec<Arc<AtomicBool>>,
    /// An outside stop request (Ctrl-C) that every solve's budget watches.
    interrupt: Option<Arc<AtomicBool>>,
    /// Helpers of this searcher alive now ([`Searcher::live_helpers`]).
    live: Arc<std::sync::atomic::AtomicUsize>,
    /// Nodes with more empties than this pass their children the pattern
    /// evaluation's state (the children order moves with it): the
    /// evaluation's first empties less one, or `u32::MAX` without a
    /// pattern evaluation.
    carry_min: u32,
    /// The selectivity of the search under way ([`probcut::Selectivity::EXACT`]
    /// except during an exact solve's selective pre-searches).
    sel: probcut::Selectivity,
    /// Whether an exact solve runs the selective ladder first
    /// ([`Searcher::set_presearch`]).
    presearch: bool,
}

/// An evaluation plugged into move ordering, and where it is used.
struct OrderEval {
    eval: Arc<dyn Evaluator + Send + Sync>,
    min_empties: u32,
}

/// Solves `board` (side to move's view) with a fresh context, ordering
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

/// A root move: a square, or a pass (`None`) when the side to move has none.
type RootMove = Option<usize>;

impl Searcher {
    /// A context with a table of `hash_mb` mebibytes.
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
            tt,
            nodes: 0,
            node_limit: u64::MAX,
            next_check: CHECK_INTERVAL,
            charged: 0,
            aborted: false,
            budget: Arc::new(Budget::unlimited()),
            order_eval: None,
            progress: None,
            all_best: false,
            all_moves: false,
            pool: None,
            splitting: false,
            split_min: parallel::SPLIT_MIN,
            split_below: 0,
            splits: Vec::new(),
            interrupt: None,
            live: Arc::default(),
            carry_min: u32::MAX,
            sel: probcut::Selectivity::EXACT,
            presearch: true,
        }
    }

    /// Whether exact solves run the selective pre-searches first
    /// ([`probcut`]; on by default). They change the node count and the
    /// time, never the answer.
    pub fn set_presearch(&mut self, on: bool) {
        self.presearch = on;
    }

    /// Searches with `threads` threads from now on (1: this thread alone,
    /// the default). Results never depend on it (docs/parallel.md).
    pub fn set_threads(&mut self, threads: usize) -> Result<(), rayon::ThreadPoolBuildError> {
        self.pool = if threads > 1 {
            Some(Arc::new(parallel::SplitPool::new(threads)?))
        } else {
            None
        };
        Ok(())
    }

    /// Splits nodes with at least `empties` empties among the threads
    /// (default [`parallel::SPLIT_MIN`]). Lower values make more, smaller
    /// split points: the tests use them to exercise the parallel search on
    /// small positions; results never depend on it.
    pub fn set_split_min(&mut self, empties: u32) {
        self.split_min = empties;
    }

    /// The number of threads a solve uses.
    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |p| p.threads())
    }

    /// Stops every later solve as soon as `flag` becomes true (Ctrl-C); the
    /// answer is then unknown with what is proven.
    pub fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.interrupt = flag;
    }

    /// Whether [`Searcher::solve`] lists every best move (`true`) or stops at
    /// the first one it proves (`false`, the default: cheaper, and what
    /// Edax answers). WLD with one move stops at the first winning move;
    /// exact with one move tests root moves at the score until one reaches it.
    pub fn set_all_best(&mut self, all_best: bool) {
        self.all_best = all_best;
    }

    /// Whether [`Searcher::solve`] values every legal move
    /// ([`SolveResult::moves`]; off by default): exactly for an exact
    /// question, else as far as the question's window decides (win, draw or
    /// loss; the bound). Every best move is then listed too.
    pub fn set_all_moves(&mut self, all_moves: bool) {
        self.all_moves = all_moves;
    }

    /// Ranks moves at nodes with at least `min_empties` empties by a
    /// shallow search of the position after the move with `eval` at its
    /// leaves ([`crate::search::probe::Probe::key`], deeper with more empties) added to the
    /// fastest-first key, instead of fastest first alone. `None` goes back to
    /// fastest first everywhere. Results never depend on the ordering, only
    /// the node counts do.
    pub fn set_order_evaluator(
        &mut self,
        eval: Option<Box<dyn Evaluator + Send + Sync>>,
        min_empties: u32,
    ) {
        self.order_eval = eval.map(|eval| {
            Arc::new(OrderEval {
                eval: Arc::from(eval),
                min_empties,
            })
        });
        self.carry_min = match &self.order_eval {
            Some(oe) if oe.eval.as_pattern().is_some() => min_empties,
            _ => u32::MAX,
        };
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
        self.progress = progress.map(|p| (p, self.nodes));
    }

    /// Publishes the bounds and the best line the table holds from `board`.
    #[cold]
    fn publish_root(&mut self, board: &Board, lower: i32, upper: i32) {
        if let Some((p, _)) = &self.progress {
            p.set_bounds(lower, upper);
            p.set_line(self.table_line(board));
        }
    }

    /// The line of the table's best moves from `board` (at most 12 plies,
    /// legal moves only; passes where the side to move has none).
    fn table_line(&self, board: &Board) -> Vec<Option<Square>> {
        let mut line = Vec::new();
        let mut b = *board;
        while line.len() < 12 {
            if b.moves() == 0 {
                if b.opponent_moves() == 0 || line.last() == Some(&None) {
                    break;
                }
                line.push(None);
                b = b.pass();
                continue;
            }
            let Some(sq) = self
                .tt
                .probe(&b)
                .and_then(|e| Square::new(e.best))
                .filter(|sq| b.moves() & sq.bit() != 0)
            else {
                break;
            };
            line.push(Some(sq));
            b = Self::child(&b, Some(sq.index()));
        }
        line
    }

    /// Whether an evaluation takes part in move ordering.
    pub fn has_order_evaluator(&self) -> bool {
        self.order_eval.is_some()
    }

    /// Empties the table and resets the node counter.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.nodes = 0;
        self.charged = 0;
    }

    /// Positions visited since creation (or the last [`Searcher::clear`]).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn set_limits(&mut self, limits: Limits, start: Instant) {
        let budget = Budget::starting(limits, start).with_interrupt(self.interrupt.clone());
        self.set_budget(Arc::new(budget));
    }

    /// Searches within `budget` from now on (a helper gets its parent's).
    fn set_budget(&mut self, budget: Arc<Budget>) {
        self.aborted = false;
        self.budget = budget;
        self.charged = self.nodes;
        self.plan_check();
    }

    /// The next look at the budget: after [`CHECK_INTERVAL`] nodes, or
    /// where the node limit would run out.
    fn plan_check(&mut self) {
        let left = self.budget.remaining();
        self.node_limit = self.nodes.saturating_add(left);
        self.next_check = self
            .nodes
            .saturating_add(CHECK_INTERVAL)
            .min(self.node_limit);
    }

    /// No limit and no outside stop: for the searches whose bare value is
    /// taken as proven ([`Searcher::search_window`], df-pn's leaves), which
    /// must never be cut short.
    fn clear_limits(&mut self) {
        self.set_budget(Arc::new(Budget::unlimited()));
    }

    /// Charges this searcher's nodes to the budget.
    fn charge(&mut self) -> bool {
        let stop = self.budget.charge(self.nodes - self.charged);
        self.charged = self.nodes;
        stop
    }

    /// Called every [`CHECK_INTERVAL`] nodes: sets `aborted` when a limit is hit.
    #[cold]
    fn check_limits(&mut self) {
        if self.charge() {
            self.aborted = true;
        }
        if let Some((p, _)) = &self.progress {
            p.set_nodes(self.budget.spent());
        }
        self.plan_check();
    }

    /// The exact score of `board`, or `None` if a limit stopped the search.
    pub fn exact_score(&mut self, board: &Board, limits: Limits) -> Option<i32> {
        self.set_limits(limits, Instant::now());
        let (lower, upper) = self.mtd(board);
        (lower == upper).then_some(lower)
    }

    /// The exact score by a sequence of null-window searches (MTD(f) on
    /// even scores): the first asks "≥ k?" for k the evaluation's guess,
    /// refined by the selective ladder ([`Self::presearch`]), each
    /// next one starts from the fail-soft bound just returned, until the
    /// bounds meet. The table keeps every bound, so each search reuses the
    /// previous ones. Returns the bounds proven (equal unless a limit
    /// stopped the search).
    fn mtd(&mut self, board: &Board) -> (i32, i32) {
        let guess = self.root_guess(board);
        let guess = self.presearch(board, guess);
        self.mtd_from(board, guess)
    }

    /// The selective ladder of an exact solve ([`probcut`]): from
    /// [`probcut::LADDER_MIN`] empties up and with the pattern evaluation,
    /// one MTD(f) per confidence of [`probcut::LADDER`], each from the
    /// previous one's value (the first from `guess`). Returns the last
    /// value, the guess for the exact search, which they leave with its
    /// best moves in the table. The search is exact again afterwards.
    fn presearch(&mut self, board: &Board, mut guess: i32) -> i32 {
        let empties = board.empties();
        if !self.ladder_applies(empties) {
            return guess;
        }
        for (level, &t) in probcut::LADDER.iter().enumerate() {
            self.sel = probcut::Selectivity::selective(level as u8, t, empties);
            // Unless a limit stopped it, MTD(f) ends with equal bounds.
            let (lower, _) = self.mtd_from(board, guess);
            if self.aborted {
                break;
            }
            guess = lower;
        }
        self.sel = probcut::Selectivity::EXACT;
        guess
    }

    /// Whether a solve of a position with `empties` empties runs the
    /// selective ladder: enabled, from [`probcut::LADDER_MIN`] empties up,
    /// and with the pattern evaluation (ProbCut's model is fitted to it).
    fn ladder_applies(&self, empties: u32) -> bool {
        self.presearch
            && empties >= probcut::LADDER_MIN
            && self
                .order_eval
                .as_ref()
                .is_some_and(|oe| oe.eval.as_pattern().is_some())
    }

    /// The selective ladder of a WLD or bound question: from
    /// [`probcut::LADDER_MIN`] empties up and with the pattern evaluation,
    /// one selective root search per confidence of [`probcut::LADDER`], in
    /// the question's own window `(alpha, beta)`, as [`Self::root_one`]
    /// answers it. Each leaves its best moves in the table at its level
    /// (the exact search reads only those); the move it found best goes
    /// first in the returned root order. The answer comes from the exact
    /// search alone.
    fn presearch_window(
        &mut self,
        board: &Board,
        mut root: Vec<RootMove>,
        alpha: i32,
        beta: i32,
    ) -> Vec<RootMove> {
        let empties = board.empties();
        if !self.ladder_applies(empties) || root.len() < 2 {
            return root;
        }
        for (level, &t) in probcut::LADDER.iter().enumerate() {
            self.sel = probcut::Selectivity::selective(level as u8, t, empties);
            let (_, _, best) = self.root_one(board, &root, alpha, beta);
            if self.aborted {
                break;
            }
            if let Some(&m) = best.first() {
                to_front(&mut root, m);
            }
        }
        self.sel = probcut::Selectivity::EXACT;
        root
    }

    /// MTD(f) from the first guess `k`: see [`Self::mtd`].
    fn mtd_from(&mut self, board: &Board, mut k: i32) -> (i32, i32) {
        let (p, o) = (board.player, board.opponent);
        let (mut lower, mut upper) = (-64, 64);
        while lower < upper {
            // Keep k inside (lower, upper] so that each answer narrows them.
            k = k.clamp(lower + 1, upper);
            let v = self.search_any(p, o, k - 1, k);
            if self.aborted {
                break;
            }
            // Scores are even: an odd bound (a selective search fails hard
            // on odd windows) tightens to the even one beyond it.
            if v >= k {
                lower = v + (v & 1);
                k = lower + 1;
            } else {
                upper = v - (v & 1);
                k = upper;
            }
            // A selective search's bounds are not proven: never shown.
            if self.progress.is_some() && self.sel.is_exact() {
                self.publish_root(board, lower, upper);
            }
        }
        (lower, upper)
    }

    /// A guess of the score of `board` for the first null window of
    /// [`Self::mtd`]: the ordering evaluation's shallow search,
    /// [`ROOT_GUESS_DEPTH`] plies deep up to [`ROOT_GUESS_MAX_EMPTIES`]
    /// empties, as deep as move ordering above (0 without an evaluation).
    fn root_guess(&mut self, board: &Board) -> i32 {
        let Some(oe) = self.order_eval.clone() else {
            return 0;
        };
        let empties = board.empties();
        let depth = if empties <= ROOT_GUESS_MAX_EMPTIES {
            ROOT_GUESS_DEPTH.min(empties)
        } else {
            sort_depth(empties)
        };
        let v = probe_value(
            &*oe.eval,
            board,
            depth,
            -257,
            257,
            &mut self.nodes,
            self.node_limit,
        );
        quarters_to_score(v)
    }

    /// A fail-soft search of `board` in the window `(alpha, beta)`, without
    /// limits: a result `<= alpha` is an upper bound, `>= beta` a lower bound,
    /// in between the exact score.
    pub fn search_window(&mut self, board: &Board, alpha: i32, beta: i32) -> i32 {
        self.clear_limits();
        self.search_any(board.player, board.opponent, alpha, beta)
    }

    /// Answers `mode` about `board` within `limits`.
    pub fn solve(&mut self, board: &Board, mode: Mode, limits: Limits) -> SolveResult {
        match self.pool.clone() {
            Some(pool) => self.on_pool(&pool, board, |s| s.solve_here(board, mode, limits)),
            None => self.solve_here(board, mode, limits),
        }
    }

    /// [`Searcher::solve`] on the current thread (splitting nodes among the
    /// pool's threads when it is one of them).
    fn solve_here(&mut self, board: &Board, mode: Mode, limits: Limits) -> SolveResult {
        let start = Instant::now();
        let start_nodes = self.nodes;
        if let Some((p, base)) = &mut self.progress {
            p.reset();
            *base = start_nodes;
        }
        self.tt.new_generation();
        self.set_limits(limits, start);
        let mut result = SolveResult::open(mode, "alphabeta", self.all_best);
        let mv = board.moves();
        let root_moves: Vec<RootMove> = if mv != 0 {
            self.ordered_moves(board)
        } else if board.opponent_moves() != 0 {
            vec![None]
        } else {
            Vec::new()
        };
        if root_moves.is_empty() {
            self.nodes += 1;
            result.lower = board.final_score();
            result.upper = result.lower;
        } else {
            // The question's window: WLD (-1, 1), bound k (k - 1, k).
            let window = match mode {
                Mode::Exact => None,
                Mode::Wld => Some((-1, 1)),
                Mode::Bound(k) => Some((k - 1, k)),
            };
            let (lower, upper, best) = match window {
                _ if self.all_moves && mv != 0 => {
                    let (lower, upper, values) = self.root_all_moves(board, root_moves, window);
                    result.all_best = true;
                    result.moves = values;
                    let best = super::best_moves_of(&result.moves)
                        .iter()
                        .map(|sq| Some(sq.index()))
                        .collect();
                    (lower, upper, best)
                }
                None => self.root_exact(board, &root_moves),
                Some((alpha, beta)) => {
                    let ranked = self.ranked_root_moves(board, root_moves);
                    let root = self.presearch_window(board, ranked, alpha, beta);
                    if self.all_best {
                        self.root_window(board, &root, alpha, beta)
                    } else {
                        self.root_one(board, &root, alpha, beta)
                    }
                }
            };
            result.lower = lower;
            result.upper = upper;
            if self.aborted {
                result.status = Status::Unknown;
            } else {
                result.best_moves = best
                    .iter()
                    .filter_map(|m| m.and_then(|s| Square::new(s as u8)))
                    .collect();
                if mode == Mode::Exact {
                    if let Some(&first) = best.first() {
                        result.pv = self.principal_variation(board, first, lower);
                    }
                }
            }
        }
        if let Mode::Bound(k) = mode {
            // The question is answered as soon as a bound decides it.
            if result.lower >= k || result.upper < k {
                result.status = Status::Solved;
            }
        }
        result.nodes = self.nodes - start_nodes;
        result.time_s = start.elapsed().as_secs_f64();
        self.charge();
        result
    }

    /// Root moves (squares): table move first, then by the same key as
    /// inside the tree (fastest first, with the evaluation's shallow search
    /// when there are enough empties).
    fn ordered_moves(&mut self, board: &Board) -> Vec<RootMove> {
        let tt_move = self.tt.probe(board).map_or(tt::NO_MOVE, |e| e.best);
        let (p, o) = (board.player, board.opponent);
        let mut list: Vec<search::Candidate> = Square::iter_bits(moves(p, o))
            .map(|s| search::Candidate::new(p, o, s.index()))
            .collect();
        // The table's move goes first and needs no key.
        let first = list
            .iter()
            .position(|c| c.sq == tt_move)
            .map(|j| list.remove(j));
        self.order_keys_with::<crate::board::kernels::Portable>(
            &mut list,
            p,
            o,
            board.empties(),
            0,
            -64,
            &mut None,
        );
        list.sort_by_key(|c| std::cmp::Reverse(c.key));
        first
            .into_iter()
            .chain(list)
            .map(|c| Some(usize::from(c.sq)))
            .collect()
    }

    /// The root's moves `list` (from [`Self::ordered_moves`]) re-ranked for a
    /// WLD or bound question: from [`ROOT_SORT_MIN`] empties up, each child
    /// is searched [`ROOT_SORT_DEPTH`] plies deep with the ordering
    /// evaluation (a full window, so every move gets a value), best first;
    /// ties keep the order of `list`. The first move that proves the answer
    /// ends the question, so the first move matters most there.
    fn ranked_root_moves(&mut self, board: &Board, list: Vec<RootMove>) -> Vec<RootMove> {
        let empties = board.empties();
        let Some(oe) = self.order_eval.clone() else {
            return list;
        };
        if empties < ROOT_SORT_MIN || list.len() < 2 {
            return list;
        }
        let depth = ROOT_SORT_DEPTH;
        let mut keyed: Vec<(i32, RootMove)> = list
            .into_iter()
            .map(|m| {
                let c = Self::child(board, m);
                let v = -probe_value(
                    &*oe.eval,
                    &c,
                    depth - 1,
                    -257,
                    257,
                    &mut self.nodes,
                    self.node_limit,
                );
                (v, m)
            })
            .collect();
        keyed.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        keyed.into_iter().map(|(_, m)| m).collect()
    }

    fn child(board: &Board, m: RootMove) -> Board {
        match m {
            Some(sq) => {
                let f = flips(board.player, board.opponent, sq);
                board.play_flips(sq, f)
            }
            None => board.pass(),
        }
    }

    /// The parent's view of the child's fail-soft search in window `(alpha, beta)`.
    fn root_child(&mut self, board: &Board, m: RootMove, alpha: i32, beta: i32) -> i32 {
        let c = Self::child(board, m);
        -self.search_any(c.player, c.opponent, -beta, -alpha)
    }

    /// Exact score and every move reaching it (one with `all_best` off): the
    /// score by [`Self::mtd`], then one null-window search per root move,
    /// just below the score (a move reaches it exactly when its child's
    /// search does not fail low; the table holds the bounds of the best line
    /// already, and its move comes first). On a limit: the bounds so far.
    fn root_exact(&mut self, board: &Board, root: &[RootMove]) -> (i32, i32, Vec<RootMove>) {
        let (lower, upper) = self.mtd(board);
        if self.aborted || lower != upper {
            return (lower, upper, Vec::new());
        }
        let s = lower;
        // The table's move (the last search's best) first.
        let mut root = root.to_vec();
        if let Some(e) = self.tt.probe(board) {
            to_front(&mut root, Some(usize::from(e.best)));
        }
        let mut best_moves = Vec::new();
        for &m in &root {
            let t = self.root_child(board, m, s - 1, s);
            if self.aborted {
                return (s, s, Vec::new());
            }
            if t >= s {
                best_moves.push(m);
                if !self.all_best {
                    break;
                }
            }
        }
        // Keep the root order: the first best move leads the PV.
        (s, s, best_moves)
    }

    /// Every root move valued (`window`: `None` for exact scores, else the
    /// question's window, WLD `(-1, 1)` or bound k `(k - 1, k)`), best
    /// first, with the bounds on the position's score and the moves of the
    /// best value.
    ///
    /// Exact: each move's own exact score, the child solved as a position
    /// of its own by [`Self::mtd`] (its evaluation's guess, the selective
    /// ladder, MTD(f)), in root order on the one table, so that each proof
    /// reuses what the others stored. (A first exact solve of the position,
    /// or a test of each move against its score, only adds nodes: each
    /// move's two bounds must be proven anyway.) In a window: the root's
    /// ladder orders the moves, then each one is searched in the window.
    /// On a limit: the bounds so far, and the moves valued until then.
    fn root_all_moves(
        &mut self,
        board: &Board,
        root: Vec<RootMove>,
        window: Option<(i32, i32)>,
    ) -> (i32, i32, Vec<MoveValue>) {
        let mut values = Vec::with_capacity(root.len());
        let square = |m: RootMove| m.and_then(|s| Square::new(s as u8));
        match window {
            None => {
                for m in root {
                    let Some(sq) = square(m) else { continue };
                    let child = Self::child(board, m);
                    let (lower, upper) = self.mtd(&child);
                    values.push(MoveValue {
                        square: sq,
                        lower: -upper,
                        upper: -lower,
                    });
                    if self.aborted {
                        break;
                    }
                }
            }
            Some((alpha, beta)) => {
                let ranked = self.ranked_root_moves(board, root);
                let root = self.presearch_window(board, ranked, alpha, beta);
                for m in root {
                    let Some(sq) = square(m) else { continue };
                    let v = self.root_child(board, m, alpha, beta);
                    if self.aborted {
                        break;
                    }
                    let (lower, upper) = search::window_bounds(v, alpha, beta);
                    values.push(MoveValue {
                        square: sq,
                        lower,
                        upper,
                    });
                }
            }
        }
        // Best first: by the lower bound, then the upper; stable, so ties
        // keep the search's order.
        values.sort_by_key(|v| std::cmp::Reverse((v.lower, v.upper)));
        let complete = !self.aborted;
        let lower = values.iter().map(|v| v.lower).max().unwrap_or(-64);
        let upper = if complete {
            values.iter().map(|v| v.upper).max().unwrap_or(64)
        } else {
            64
        };
        if !complete {
            // Only the moves proven exactly (or decided) are kept.
            values.retain(|v| v.lower == v.upper || window.is_some());
        }
        (lower, upper, values)
    }

    /// One move of the best class for the window `(alpha, beta)` (WLD:
    /// `(-1, 1)`; bound k: `(k - 1, k)`): a root alpha-beta search that stops
    /// at the first move scoring `>= beta` and, once a move is exact inside
    /// the window, asks the others only whether they beat it. Returns the
    /// bounds on the position's score and that move.
    fn root_one(
        &mut self,
        board: &Board,
        root: &[RootMove],
        alpha0: i32,
        beta: i32,
    ) -> (i32, i32, Vec<RootMove>) {
        let mut alpha = alpha0;
        let mut best = -65;
        let mut best_move = None;
        for &m in root {
            let v = self.root_child(board, m, alpha, beta);
            if self.aborted {
                // What the moves searched so far prove.
                let lower = if best > alpha0 { best } else { -64 };
                return (lower, 64, Vec::new());
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if v >= beta {
                    break;
                }
                alpha = alpha.max(v);
            }
        }
        // Inside the window the value is exact: every other move is at most it.
        let (lower, upper) = search::window_bounds(best, alpha0, beta);
        (lower, upper, best_move.into_iter().collect())
    }

    /// Every move tested in the window `(alpha, beta)` (WLD: `(-1, 1)`;
    /// bound k: `(k - 1, k)`). Returns the bounds on the position's score and
    /// the moves of the best class (above the window, inside it, or below).
    fn root_window(
        &mut self,
        board: &Board,
        root: &[RootMove],
        alpha: i32,
        beta: i32,
    ) -> (i32, i32, Vec<RootMove>) {
        // Class 2: ≥ beta (lower bound v); 1: exact inside; 0: ≤ alpha (upper bound v).
        let mut best_class = 0;
        let mut lower = -64;
        let mut upper_low = -64; // max upper bound among class-0 moves
        let mut moves_by_class: [Vec<RootMove>; 3] = Default::default();
        let mut all_done = true;
        for &m in root {
            let v = self.root_child(board, m, alpha, beta);
            if self.aborted {
                all_done = false;
                break;
            }
            let class = if v >= beta {
                2
            } else if v > alpha {
                1
            } else {
                0
            };
            if class > 0 {
                lower = lower.max(v);
            } else {
                upper_low = upper_low.max(v);
            }
            best_class = best_class.max(class);
            moves_by_class[class].push(m);
        }
        if !all_done {
            return (lower, 64, Vec::new());
        }
        let upper = match best_class {
            2 => 64,
            1 => lower, // some move is exact inside the window and none above
            _ => upper_low,
        };
        let lower = if best_class == 0 { -64 } else { lower };
        let [c0, c1, c2] = moves_by_class;
        let best = match best_class {
            2 => c2,
            1 => c1,
            _ => c0,
        };
        (lower, upper, best)
    }

    /// Follows best moves from `board` (whose exact score is `score`,
    /// `first` a best move) to the end of the game. Each move is checked with
    /// a null-window search (the table move first), so the line is exact.
    fn principal_variation(
        &mut self,
        board: &Board,
        first: RootMove,
        score: i32,
    ) -> Vec<Option<Square>> {
        let mut pv = vec![first.and_then(|s| Square::new(s as u8))];
        let mut b = Self::child(board, first);
        let mut s = -score;
        loop {
            let mv = b.moves();
            if mv == 0 {
                if b.opponent_moves() == 0 {
                    break;
                }
                pv.push(None);
                b = b.pass();
                s = -s;
                continue;
            }
            let candidates = if mv.count_ones() == 1 {
                vec![Some(mv.trailing_zeros() as usize)]
            } else {
                self.ordered_moves(&b)
            };
            let mut found = None;
            for &m in &candidates {
                let ok = candidates.len() == 1 || self.root_child(&b, m, s - 1, s) >= s;
                if self.aborted {
                    return pv;
                }
                if ok {
                    found = m;
                    break;
                }
            }
            let Some(sq) = found else {
                // Unreachable when the score is exact; stop rather than guess.
                break;
            };
            pv.push(Square::new(sq as u8));
            b = Self::child(&b, Some(sq));
            s = -s;
        }
        pv
    }
}

impl LeafSolver for Searcher {
    /// The fail-soft value of the null-window search `(k − 1, k)`, as bounds.
    /// Every value this search returns is a true bound on the score: the
    /// stability cutoff returns an upper bound, the table and ETC return
    /// stored bounds, and in a null window neither narrows the window.
    fn bounds(&mut self, board: &Board, k: i32) -> (i32, i32) {
        if self.aborted || !self.budget.is_unlimited() {
            self.clear_limits();
        }
        let v = match self.pool.clone() {
            Some(pool) if board.empties() >= self.split_min + 2 => {
                self.on_pool(&pool, board, |s| {
                    s.search_any(board.player, board.opponent, k - 1, k)
                })
            }
            _ => self.search_any(board.player, board.opponent, k - 1, k),
        };
        fail_soft_bounds(v, k)
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The threads of this searcher's pool (1 without one).
    fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |p| p.threads())
    }

    /// A one-thread searcher on the same table, with the same move
    /// ordering and no limits (a leaf search is never cut short).
    fn helper(&self) -> Option<Box<dyn LeafSolver + Send>> {
        let mut s = Searcher::on_table(Arc::clone(&self.tt));
        s.order_eval = self.order_eval.clone();
        s.all_best = self.all_best;
        s.carry_min = self.carry_min;
        Some(Box::new(s))
    }
}

/// A time limit from seconds (for the command line).
pub fn seconds(s: f64) -> Option<Duration> {
    Duration::try_from_secs_f64(s).ok()
}

/// Moves `m` to the front of the root move list `root`, keeping the order
/// of the others; nothing when `m` is not in it.
fn to_front(root: &mut Vec<RootMove>, m: RootMove) {
    if let Some(j) = root.iter().position(|&r| r == m) {
        let m = root.remove(j);
        root.insert(0, m);
    }
}
