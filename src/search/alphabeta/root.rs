//! The root and ladder driver of an alpha-beta solve: what happens above
//! the tree. [`Root::solve`] answers one question about a position: the
//! root's moves in order, the score guess, the selective ladder
//! ([`super::probcut`]: MTD(f) at rising confidence for an exact score, one
//! selective root search for WLD and bounds), then the exact search by
//! MTD(f) null windows, the best moves, every move's value
//! (`--all-moves`), and the principal variation. Every search below the
//! root runs on the per-thread [`Context`]; the driver only decides which
//! windows to ask.

use super::config::Config;
use super::context::Context;
use super::probcut;
use super::pvs::Candidate;
use super::stats::NodeCounters;
use super::window::{window_bounds, NONE};
use crate::board::kernels::Portable;
use crate::board::movegen::{flips, moves};
use crate::board::{Move, Square};
use crate::search::probe::probe_value;
use crate::search::tuning::{self, PROBCUT_PRECHECK, PROBCUT_PRECHECK_WINDOW, ROOT_GUESS_DEPTH};
use crate::search::{Limits, Mode, MoveValue, SolveResult, Status};
use crate::units::{quarters_to_score, Score, QUARTER_INF, SCORE_MAX};
use crate::Board;
use std::time::Instant;

/// A root move: a square, or the pass ([`Move::NONE`]) when the side to
/// move has none.
pub(super) type RootMove = Move;

/// The driver of one solve: the searcher's per-thread context, on which
/// every search runs, and its configuration (what the question asks for
/// beyond the mode: every best move, every move's value, the ladder).
pub(super) struct Root<'a> {
    pub(super) ctx: &'a mut Context,
    pub(super) cfg: &'a Config,
}

impl Root<'_> {
    /// Publishes the bounds and the best line the table holds from `board`.
    #[cold]
    fn publish_root(&mut self, board: &Board, lower: i32, upper: i32) {
        if let Some(p) = &self.ctx.progress {
            p.set_bounds(lower, upper);
            p.set_line(self.table_line(board));
        }
    }

    /// The line of the table's best moves from `board` (at most 12 plies,
    /// legal moves only; passes where the side to move has none, and the
    /// only move where there is one: the search stores nothing there).
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
            let mv = b.moves();
            let forced = if mv.is_power_of_two() {
                Square::new(mv.trailing_zeros() as u8)
            } else {
                None
            };
            let Some(sq) = forced.or_else(|| {
                self.ctx
                    .tt
                    .probe(&b)
                    .and_then(|e| e.best.square())
                    .filter(|sq| mv & sq.bit() != 0)
            }) else {
                break;
            };
            line.push(Some(sq));
            b = child(&b, Move::to(sq));
        }
        line
    }

    /// The exact score by a sequence of null-window searches (MTD(f) on
    /// even scores): the first asks "≥ k?" for k the evaluation's guess,
    /// refined by the selective ladder ([`Self::presearch`]), each
    /// next one starts from the fail-soft bound just returned, until the
    /// bounds meet. The table keeps every bound, so each search reuses the
    /// previous ones. Returns the bounds proven (equal unless a limit
    /// stopped the search).
    pub(super) fn mtd(&mut self, board: &Board) -> (Score, Score) {
        let guess = self.root_guess(board);
        let guess = self.presearch(board, guess);
        self.mtd_from(board, guess)
    }

    /// The selective ladder of an exact solve ([`probcut`]): from
    /// [`LADDER_MIN`](crate::search::tuning::LADDER_MIN) empties up and with the pattern evaluation,
    /// one MTD(f) per confidence of [`LADDER`](crate::search::tuning::LADDER), each from the
    /// previous one's value (the first from `guess`). Returns the last
    /// value, the guess for the exact search, which they leave with its
    /// best moves in the table. The search is exact again afterwards.
    fn presearch(&mut self, board: &Board, mut guess: i32) -> Score {
        let empties = board.empties();
        if !self.ladder_applies(empties, tuning::LADDER_MIN) {
            return guess;
        }
        for (level, &t) in tuning::LADDER.iter().enumerate() {
            self.ctx.sel = probcut::Selectivity::selective(
                level as u8,
                t,
                tuning::ladder_probcut_min_empties(empties),
                empties,
                PROBCUT_PRECHECK,
            );
            // Unless a limit stopped it, MTD(f) ends with equal bounds.
            let (lower, _) = self.mtd_from(board, guess);
            if self.ctx.aborted {
                break;
            }
            guess = lower;
        }
        self.ctx.sel = probcut::Selectivity::EXACT;
        guess
    }

    /// Whether a solve of a position with `empties` empties runs the
    /// selective ladder: enabled, from `min` empties up
    /// ([`LADDER_MIN`](crate::search::tuning::LADDER_MIN) for the exact score,
    /// [`WINDOW_LADDER_MIN`](crate::search::tuning::WINDOW_LADDER_MIN) for a WLD or bound
    /// question), and with the pattern evaluation (ProbCut's model is
    /// fitted to it).
    fn ladder_applies(&self, empties: u32, min: u32) -> bool {
        self.cfg.presearch
            && empties >= min
            && self
                .ctx
                .order_eval
                .as_ref()
                .is_some_and(|oe| oe.eval.as_pattern().is_some())
    }

    /// The selective ladder of a WLD or bound question: from
    /// [`WINDOW_LADDER_MIN`](crate::search::tuning::WINDOW_LADDER_MIN) empties up and with the pattern evaluation,
    /// one selective root search per confidence of [`LADDER`](crate::search::tuning::LADDER), in
    /// the question's own window `(alpha, beta)`, as [`Self::root_one`]
    /// answers it. Each leaves its best moves in the table at its level
    /// (the exact search reads only those); the move it found best goes
    /// first in the returned root order. The answer comes from the exact
    /// search alone.
    fn presearch_window(
        &mut self,
        board: &Board,
        mut root: Vec<RootMove>,
        alpha: Score,
        beta: Score,
    ) -> Vec<RootMove> {
        let empties = board.empties();
        if !self.ladder_applies(empties, tuning::WINDOW_LADDER_MIN) || root.len() < 2 {
            return root;
        }
        for (level, &t) in tuning::LADDER.iter().enumerate() {
            self.ctx.sel = probcut::Selectivity::selective(
                level as u8,
                t,
                tuning::ladder_probcut_min_empties(empties),
                empties,
                PROBCUT_PRECHECK_WINDOW,
            );
            let (_, _, best) = self.root_one(board, &root, alpha, beta);
            if self.ctx.aborted {
                break;
            }
            if let Some(&m) = best.first() {
                to_front(&mut root, m);
            }
        }
        self.ctx.sel = probcut::Selectivity::EXACT;
        root
    }

    /// MTD(f) from the first guess `k`: see [`Self::mtd`].
    fn mtd_from(&mut self, board: &Board, mut k: i32) -> (Score, Score) {
        let (p, o) = (board.player, board.opponent);
        let (mut lower, mut upper) = (-SCORE_MAX, SCORE_MAX);
        while lower < upper {
            // Keep k inside (lower, upper] so that each answer narrows them.
            k = k.clamp(lower + 1, upper);
            let level = self.ctx.sel.level;
            let before = self.ctx.nodes;
            let v = self.ctx.search_any(p, o, k - 1, k);
            let spent = self.ctx.nodes - before;
            self.ctx.counters().root_window(level, spent);
            if self.ctx.aborted {
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
            if self.ctx.progress.is_some() && self.ctx.sel.is_exact() {
                self.publish_root(board, lower, upper);
            }
        }
        (lower, upper)
    }

    /// A guess of the score of `board` for the first null window of
    /// [`Self::mtd`]: the ordering evaluation's probe,
    /// [`ROOT_GUESS_DEPTH`] plies deep (0 without an evaluation).
    fn root_guess(&mut self, board: &Board) -> Score {
        let Some(oe) = self.ctx.order_eval.clone() else {
            return 0;
        };
        let depth = ROOT_GUESS_DEPTH.min(board.empties());
        let before = self.ctx.nodes;
        let v = probe_value(
            &*oe.eval,
            board,
            depth,
            -QUARTER_INF,
            QUARTER_INF,
            &mut self.ctx.nodes,
            self.ctx.node_limit,
        );
        let spent = self.ctx.nodes - before;
        self.ctx.counters().root_probes(spent);
        quarters_to_score(v)
    }

    /// [`Searcher::solve`] on the current thread (splitting nodes among the
    /// pool's threads when it is one of them).
    pub(super) fn solve(&mut self, board: &Board, mode: Mode, limits: Limits) -> SolveResult {
        let start = Instant::now();
        let start_nodes = self.ctx.nodes;
        if let Some(p) = &self.ctx.progress {
            p.reset();
        }
        self.ctx.tt.new_generation();
        self.ctx.set_order_root(Some(board.empties()));
        self.ctx
            .set_limits(limits, start, self.cfg.interrupt.clone());
        let mut result = SolveResult::open(mode, "alphabeta", self.cfg.all_best);
        let mv = board.moves();
        let root_moves: Vec<RootMove> = if mv != 0 {
            self.ordered_moves(board)
        } else if board.opponent_moves() != 0 {
            vec![Move::NONE]
        } else {
            Vec::new()
        };
        if root_moves.is_empty() {
            self.ctx.nodes += 1;
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
                _ if self.cfg.all_moves && mv != 0 => {
                    let (lower, upper, values) = self.root_all_moves(board, root_moves, window);
                    result.all_best = true;
                    result.moves = values;
                    let best = crate::search::best_moves_of(&result.moves)
                        .iter()
                        .map(|&sq| Move::to(sq))
                        .collect();
                    (lower, upper, best)
                }
                None => self.root_exact(board, &root_moves),
                Some((alpha, beta)) => {
                    let root = self.presearch_window(board, root_moves, alpha, beta);
                    if self.cfg.all_best {
                        self.root_window(board, &root, alpha, beta)
                    } else {
                        self.root_one(board, &root, alpha, beta)
                    }
                }
            };
            result.lower = lower;
            result.upper = upper;
            if self.ctx.aborted {
                result.status = Status::Unknown;
            } else {
                result.best_moves = best.iter().filter_map(|m| m.square()).collect();
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
        result.nodes = self.ctx.nodes - start_nodes;
        result.time_s = start.elapsed().as_secs_f64();
        self.ctx.charge();
        result
    }

    /// Root moves (squares): table move first, then by the same key as
    /// inside the tree (fastest first, with the evaluation's shallow search
    /// when there are enough empties).
    fn ordered_moves(&mut self, board: &Board) -> Vec<RootMove> {
        let tt_move = self.ctx.tt.probe(board).map_or(Move::NONE, |e| e.best);
        let (p, o) = (board.player, board.opponent);
        let mut list: Vec<Candidate> = Square::iter_bits(moves(p, o))
            .map(|s| Candidate::new(p, o, s.index()))
            .collect();
        // The table's move goes first and needs no key.
        let first = list
            .iter()
            .position(|c| c.sq == tt_move)
            .map(|j| list.remove(j));
        self.ctx.order_keys_with::<Portable>(
            &mut list,
            p,
            o,
            board.empties(),
            0,
            -SCORE_MAX,
            &mut None,
        );
        list.sort_by_key(|c| std::cmp::Reverse(c.key));
        first.into_iter().chain(list).map(|c| c.sq).collect()
    }

    /// The parent's view of the child's fail-soft search in window `(alpha, beta)`.
    fn root_child(&mut self, board: &Board, m: RootMove, alpha: Score, beta: Score) -> Score {
        let c = child(board, m);
        -self.ctx.search_any(c.player, c.opponent, -beta, -alpha)
    }

    /// Exact score and every move reaching it (one with `all_best` off): the
    /// score by [`Self::mtd`], then one null-window search per root move,
    /// just below the score (a move reaches it exactly when its child's
    /// search does not fail low; the table holds the bounds of the best line
    /// already, and its move comes first). On a limit: the bounds so far.
    fn root_exact(&mut self, board: &Board, root: &[RootMove]) -> (i32, i32, Vec<RootMove>) {
        let (lower, upper) = self.mtd(board);
        if self.ctx.aborted || lower != upper {
            return (lower, upper, Vec::new());
        }
        let s = lower;
        // The table's move (the last search's best) first.
        let mut root = root.to_vec();
        if let Some(e) = self.ctx.tt.probe(board) {
            to_front(&mut root, e.best);
        }
        let mut best_moves = Vec::new();
        for &m in &root {
            let t = self.root_child(board, m, s - 1, s);
            if self.ctx.aborted {
                return (s, s, Vec::new());
            }
            if t >= s {
                best_moves.push(m);
                if !self.cfg.all_best {
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
        match window {
            None => {
                for m in root {
                    let Some(sq) = m.square() else { continue };
                    let child = child(board, m);
                    let (lower, upper) = self.mtd(&child);
                    values.push(MoveValue {
                        square: sq,
                        lower: -upper,
                        upper: -lower,
                    });
                    if self.ctx.aborted {
                        break;
                    }
                }
            }
            Some((alpha, beta)) => {
                let root = self.presearch_window(board, root, alpha, beta);
                for m in root {
                    let Some(sq) = m.square() else { continue };
                    let v = self.root_child(board, m, alpha, beta);
                    if self.ctx.aborted {
                        break;
                    }
                    let (lower, upper) = window_bounds(v, alpha, beta);
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
        let complete = !self.ctx.aborted;
        let lower = values.iter().map(|v| v.lower).max().unwrap_or(-SCORE_MAX);
        let upper = if complete {
            values.iter().map(|v| v.upper).max().unwrap_or(SCORE_MAX)
        } else {
            SCORE_MAX
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
        beta: Score,
    ) -> (i32, i32, Vec<RootMove>) {
        let mut alpha = alpha0;
        let mut best = NONE;
        let mut best_move = None;
        for &m in root {
            let v = self.root_child(board, m, alpha, beta);
            if self.ctx.aborted {
                // What the moves searched so far prove.
                let lower = if best > alpha0 { best } else { -SCORE_MAX };
                return (lower, SCORE_MAX, Vec::new());
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
        let (lower, upper) = window_bounds(best, alpha0, beta);
        (lower, upper, best_move.into_iter().collect())
    }

    /// Every move tested in the window `(alpha, beta)` (WLD: `(-1, 1)`;
    /// bound k: `(k - 1, k)`). Returns the bounds on the position's score and
    /// the moves of the best class (above the window, inside it, or below).
    fn root_window(
        &mut self,
        board: &Board,
        root: &[RootMove],
        alpha: Score,
        beta: Score,
    ) -> (i32, i32, Vec<RootMove>) {
        // Class 2: ≥ beta (lower bound v); 1: exact inside; 0: ≤ alpha (upper bound v).
        let mut best_class = 0;
        let mut lower = -SCORE_MAX;
        let mut upper_low = -64; // max upper bound among class-0 moves
        let mut moves_by_class: [Vec<RootMove>; 3] = Default::default();
        let mut all_done = true;
        for &m in root {
            let v = self.root_child(board, m, alpha, beta);
            if self.ctx.aborted {
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
            return (lower, SCORE_MAX, Vec::new());
        }
        let upper = match best_class {
            2 => SCORE_MAX,
            1 => lower, // some move is exact inside the window and none above
            _ => upper_low,
        };
        let lower = if best_class == 0 { -SCORE_MAX } else { lower };
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
        let mut pv = vec![first.square()];
        let mut b = child(board, first);
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
                vec![Move::at(mv.trailing_zeros() as usize)]
            } else {
                self.ordered_moves(&b)
            };
            let mut found = None;
            for &m in &candidates {
                let ok = candidates.len() == 1 || self.root_child(&b, m, s - 1, s) >= s;
                if self.ctx.aborted {
                    return pv;
                }
                if ok {
                    found = Some(m);
                    break;
                }
            }
            let Some(sq) = found else {
                // Unreachable when the score is exact; stop rather than guess.
                break;
            };
            pv.push(sq.square());
            b = child(&b, sq);
            s = -s;
        }
        pv
    }
}

/// The position after the root move `m` (a pass when [`Move::NONE`]).
fn child(board: &Board, m: RootMove) -> Board {
    match m.square() {
        Some(sq) => {
            let f = flips(board.player, board.opponent, sq.index());
            board.play_flips(sq.index(), f)
        }
        None => board.pass(),
    }
}

/// Moves `m` to the front of the root move list `root`, keeping the order
/// of the others; nothing when `m` is not in it.
fn to_front(root: &mut Vec<RootMove>, m: RootMove) {
    if let Some(j) = root.iter().position(|&r| r == m) {
        let m = root.remove(j);
        root.insert(0, m);
    }
}
