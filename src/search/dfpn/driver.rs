//! The questions a df-pn solve asks, on top of [`Dfpn::prove`]'s single
//! "score ≥ k?":
//!
//! - **bound** K: one proof;
//! - **WLD**: "≥ +1?" (a win), then, if refuted, "≥ −1?" (a draw, else a
//!   loss); when df-pn⁺'s evaluation guesses a loss, the other way round;
//! - **exact**: WLD first, then odd targets between the proven bounds until
//!   lower = upper. Final scores are always even (empties go to the winner),
//!   so an odd target never ties. df-pn⁺ starts next to its evaluation's
//!   guess of the score and steps away from it (by 2 near the guess, then
//!   by doubling steps) until an answer turns, then bisects; plain df-pn
//!   bisects from the start. Targets far from the score cost proofs of
//!   their own (a far target's disproof can cost more than the whole
//!   solve), so starting near the score saves most of them. The table keeps
//!   solved bounds per board for every target (a proof or disproof, a
//!   leaf's fail-soft bound, and what a solved node's children prove), so
//!   each question reuses what the previous ones proved.
//!
//! When the score is known (exact, or WLD), the driver also finds **one best
//! move** (a move the table already proves, else the first in square order
//! whose child is refuted at the matching target), or with `all_best`
//! **every best move** (each root move whose child is refuted), and a
//! **principal variation** to the end of the game. In WLD mode
//! the variation keeps the outcome: the winner (or both sides of a draw,
//! which is an exact score of 0) plays moves that keep it, the loser plays its
//! first legal move.
//!
//! A time or node limit at any point gives [`Status::Unknown`] with the
//! bounds proven so far (and no best moves or variation).

use super::heuristic::Heuristic;
use super::table::ProofTable;
use super::{Dfpn, DfpnOptions, Outcome};
use crate::board::{Board, Square};
use crate::search::budget::Budget;
use crate::search::progress::Progress;
use crate::search::tuning::NEAR_GUESS;
use crate::search::{LeafSolver, Limits, Mode, SolveResult, Status};
use crate::units::{quarters_to_score, Quarters, Score};
use std::sync::Arc;
use std::time::Instant;

/// Rounds up to an even number (final scores are even).
fn even_up(x: i32) -> i32 {
    x + (x & 1)
}

/// Rounds down to an even number.
fn even_down(x: i32) -> i32 {
    x - (x & 1)
}

/// What the side to move of a position on the variation is known to reach.
#[derive(Clone, Copy, Debug)]
enum Class {
    /// Exactly this score.
    Exact(i32),
    /// At least t (proven).
    AtLeast(i32),
    /// Below t (proven).
    Below(i32),
}

impl Class {
    fn after_move(self) -> Class {
        match self {
            Class::Exact(s) => Class::Exact(-s),
            Class::AtLeast(t) => Class::Below(1 - t),
            Class::Below(t) => Class::AtLeast(1 - t),
        }
    }
}

struct Driver<'s, 'a> {
    dfpn: &'s mut Dfpn<'a>,
    lower: i32,
    upper: i32,
    /// The heuristic's guess in quarter discs, unrounded, once computed
    /// ([`Driver::guess_value`]).
    guess: Option<Option<i32>>,
}

impl Driver<'_, '_> {
    /// Asks "root ≥ k?" and narrows the bounds; `None` when a limit stopped it.
    fn ask(&mut self, root: &Board, k: i32) -> Option<bool> {
        if self.lower >= k {
            return Some(true);
        }
        if self.upper < k {
            return Some(false);
        }
        let answer = match self.dfpn.prove(root, k) {
            Outcome::Proven => {
                self.lower = self.lower.max(even_up(k));
                true
            }
            Outcome::Disproven => {
                self.upper = self.upper.min(even_down(k - 1));
                false
            }
            Outcome::Aborted => return None,
        };
        // The table may know more than the answer: bounds from the leaf
        // solver's fail-soft values, passed up the proof.
        let (lower, upper) = self.dfpn.table().bounds(root);
        self.lower = self.lower.max(lower);
        self.upper = self.upper.min(upper);
        if let Some(p) = self.dfpn.progress() {
            p.set_bounds(self.lower, self.upper);
            // A move the table proves reaches the lower bound, if any.
            let best = (self.lower > -64)
                .then(|| self.known_keeper(root, Class::AtLeast(self.lower)))
                .flatten()
                .map(|(sq, _)| vec![Some(sq)]);
            p.set_line(best.unwrap_or_default());
        }
        Some(answer)
    }

    /// The heuristic's guess of the root's score (computed once; `None` for
    /// plain df-pn).
    fn guess(&mut self, root: &Board) -> Option<Score> {
        self.guess_value(root).map(quarters_to_score)
    }

    /// The heuristic's guess in quarter discs before rounding (computed
    /// once; `None` for plain df-pn).
    fn guess_value(&mut self, root: &Board) -> Option<Quarters> {
        if self.guess.is_none() {
            self.guess = Some(self.dfpn.guess(root));
        }
        self.guess.flatten()
    }

    /// WLD: returns `None` on a limit. When df-pn⁺'s guess leans to a loss
    /// (its unrounded value is below 0, even if it rounds to a draw) it asks
    /// "≥ −1?" first: refuted, that alone proves the loss (a draw or a win
    /// needs both questions in either order).
    fn wld(&mut self, root: &Board) -> Option<()> {
        if self.guess_value(root).is_some_and(|v| v < 0) {
            if self.ask(root, -1)? {
                self.ask(root, 1)?;
            }
        } else if !self.ask(root, 1)? {
            self.ask(root, -1)?;
        }
        Some(())
    }

    /// Narrows to the exact score. With a guess g of the score (df-pn⁺'s
    /// evaluation): the first target is next to g, and the targets step away
    /// from it while the answers point the same way, by 2 discs within
    /// [`NEAR_GUESS`] of g, then by doubling steps; once two answers
    /// disagree, bisection finishes. Without a guess (plain df-pn):
    /// bisection from the WLD bounds.
    fn exact(&mut self, root: &Board) -> Option<()> {
        self.wld(root)?;
        let guess = if self.lower < self.upper {
            self.guess(root)
        } else {
            None
        };
        if let Some(g) = guess {
            let g = g.clamp(self.lower, self.upper);
            let mut next = if g < self.upper { g + 1 } else { g - 1 };
            let mut step = 2;
            let mut last = None;
            while self.lower < self.upper {
                let k = next.clamp(self.lower + 1, self.upper - 1);
                let up = self.ask(root, k)?;
                if last.is_some_and(|l| l != up) {
                    break;
                }
                last = Some(up);
                next = if up { k + step } else { k - step };
                if (next - g).abs() > NEAR_GUESS {
                    step *= 2;
                }
            }
        }
        while self.lower < self.upper {
            self.ask(root, self.bisect())?;
        }
        Some(())
    }

    /// The odd target that halves the interval between the proven bounds.
    fn bisect(&self) -> i32 {
        let steps = (self.upper - self.lower) / 2;
        self.lower + 2 * ((steps + 1) / 2) - 1
    }

    /// Whether the child `c` of a node of class `class` keeps the class
    /// (`None` on a limit).
    fn keeps(&mut self, c: &Board, class: Class) -> Option<bool> {
        let t = match class {
            Class::Exact(s) => s,
            Class::AtLeast(t) => t,
            Class::Below(_) => return Some(true),
        };
        // We reach ≥ t through c iff the child's "≥ 1 − t" is refuted.
        match self.dfpn.prove(c, 1 - t) {
            Outcome::Proven => Some(false),
            Outcome::Disproven => Some(true),
            Outcome::Aborted => None,
        }
    }

    /// A move of `board` that the table already proves keeps `class` (its
    /// child's bounds refute "≥ 1 − t"), if any: the variation takes it
    /// before searching any move. The losing side of a WLD variation has no
    /// class to keep and plays its first legal move instead (`None` here).
    fn known_keeper(&self, board: &Board, class: Class) -> Option<(Square, Board)> {
        let t = match class {
            Class::Exact(s) => s,
            Class::AtLeast(t) => t,
            Class::Below(_) => return None,
        };
        let table = self.dfpn.table();
        Square::iter_bits(board.moves())
            .filter_map(|sq| board.play(sq).map(|c| (sq, c)))
            .find(|(_, c)| table.bounds(c).1 < 1 - t)
    }

    /// Every move of `root` that keeps `class`, in square order; with `all`
    /// off, one: a move the table already proves, else the first that keeps it.
    fn best_moves(&mut self, root: &Board, class: Class, all: bool) -> Option<Vec<Square>> {
        if !all {
            if let Some((sq, _)) = self.known_keeper(root, class) {
                return Some(vec![sq]);
            }
        }
        let mut best = Vec::new();
        for sq in Square::iter_bits(root.moves()) {
            let Some(child) = root.play(sq) else { continue };
            if self.keeps(&child, class)? {
                best.push(sq);
                if !all {
                    break;
                }
            }
        }
        Some(best)
    }

    /// A variation to the end of the game that keeps `class` at every ply.
    fn pv(&mut self, root: &Board, first: &[Square], class: Class) -> Option<Vec<Option<Square>>> {
        let mut pv = Vec::new();
        let mut board = *root;
        let mut class = class;
        let mut first = first.first().copied();
        loop {
            let moves = board.moves();
            if moves == 0 {
                let passed = board.pass();
                if passed.moves() == 0 {
                    return Some(pv);
                }
                pv.push(None);
                board = passed;
                class = class.after_move();
                continue;
            }
            let mut chosen = None;
            if let Some(sq) = first.take() {
                chosen = board.play(sq).map(|c| (sq, c));
            }
            if chosen.is_none() {
                chosen = self.known_keeper(&board, class);
            }
            if chosen.is_none() {
                for sq in Square::iter_bits(moves) {
                    let Some(child) = board.play(sq) else {
                        continue;
                    };
                    if self.keeps(&child, class)? {
                        chosen = Some((sq, child));
                        break;
                    }
                }
            }
            // The class is proven, so some move keeps it; stop rather than loop if not.
            let (sq, child) = chosen?;
            pv.push(Some(sq));
            board = child;
            class = class.after_move();
        }
    }
}

/// Solves `root` with df-pn (plain or ⁺, by `heuristic`) for `mode`, using
/// `table` (kept across calls, so a caller may reuse it) and `leaf` for nodes
/// with at most `options.leaf_empties` empties; lists every best move when
/// `all_best`, else one; publishes its progress (nodes, proven bounds, a
/// proven best move when the table shows one) into `progress` when given.
#[allow(clippy::too_many_arguments)]
pub fn solve(
    root: &Board,
    mode: Mode,
    all_best: bool,
    table: &mut ProofTable,
    leaf: &mut dyn LeafSolver,
    heuristic: Heuristic<'_>,
    options: DfpnOptions,
    limits: Limits,
    progress: Option<Arc<Progress>>,
) -> SolveResult {
    solve_within(
        root,
        mode,
        all_best,
        table,
        leaf,
        heuristic,
        options,
        Budget::new(limits),
        progress,
    )
}

/// [`solve`] within `budget`: its limits, counted from when it was made,
/// and its outside stop flag ([`Budget::with_interrupt`]). A stop gives
/// [`Status::Unknown`] with the bounds proven until then.
#[allow(clippy::too_many_arguments)]
pub fn solve_within(
    root: &Board,
    mode: Mode,
    all_best: bool,
    table: &mut ProofTable,
    leaf: &mut dyn LeafSolver,
    heuristic: Heuristic<'_>,
    options: DfpnOptions,
    budget: Budget,
    progress: Option<Arc<Progress>>,
) -> SolveResult {
    let start = Instant::now();
    if let Some(p) = &progress {
        p.reset();
    }
    let mut dfpn = Dfpn::within(table, leaf, heuristic, options, Arc::new(budget));
    let algo = dfpn.algo_name();
    dfpn.set_progress(progress);
    let mut d = Driver {
        dfpn: &mut dfpn,
        lower: -64,
        upper: 64,
        guess: None,
    };
    let answered = match mode {
        Mode::Bound(k) => d.ask(root, k).map(|_| ()),
        Mode::Wld => d.wld(root),
        Mode::Exact => d.exact(root),
    };
    let (lower, upper) = (d.lower, d.upper);
    let class = match (answered, mode) {
        (Some(()), Mode::Exact) => Some(Class::Exact(lower)),
        (Some(()), Mode::Wld) if lower > 0 => Some(Class::AtLeast(1)),
        (Some(()), Mode::Wld) if upper < 0 => Some(Class::Below(-1)),
        (Some(()), Mode::Wld) => Some(Class::Exact(0)),
        _ => None,
    };
    let mut status = if answered.is_some() {
        Status::Solved
    } else {
        Status::Unknown
    };
    let mut best_moves = Vec::new();
    let mut pv = Vec::new();
    if let Some(class) = class {
        let found = d
            .best_moves(root, class, all_best)
            .and_then(|best| d.pv(root, &best, class).map(|pv| (best, pv)));
        match found {
            Some((b, p)) => {
                best_moves = b;
                pv = p;
            }
            None => status = Status::Unknown,
        }
    }
    SolveResult {
        mode,
        algo,
        status,
        lower,
        upper,
        best_moves,
        all_best,
        pv,
        nodes: dfpn.nodes,
        leaf_nodes: dfpn.leaf_nodes(),
        time_s: start.elapsed().as_secs_f64(),
        table: Some(dfpn.table().stats()),
        moves: Vec::new(),
    }
}
