//! Searches: the exact alpha-beta solver, df-pn / df-pn+, and what they share
//! (limits, results, the interfaces between the proof-number search, its leaf
//! solver and its evaluation). The evaluations themselves live in
//! [`crate::eval`]; searches use its traits, never the other way round.

pub mod alphabeta;
pub mod budget;
pub mod dfpn;
pub mod engine;
pub mod memory;
pub mod midgame;
pub mod probe;
pub mod probe_table;
pub mod progress;
pub mod reference;
pub mod result;
pub mod table;
pub mod tuning;

pub use engine::{
    default_algo, default_table_mb, Algo, Engine, EngineConfig, EngineError, ResolvedConfig,
};
pub use midgame::{MoveEstimate, Precision, ThinkError, ThinkOptions, Thought};
pub use result::{best_moves_of, Limits, Mode, MoveValue, SolveResult, Status, TableStats};

use crate::board::Board;
use crate::units::Score;

/// An exact solver for small positions, asked "is the final score of the side
/// to move at least `k`?" (empties to the winner). df-pn hands its nodes with
/// few empties to one of these.
pub trait LeafSolver {
    /// Proven bounds `(lower, upper)` on the exact score of `board` for the
    /// side to move, from a search that decides "score ≥ k": `lower ≥ k` or
    /// `upper < k`. Both are even and within −64..=64; a fail-soft search
    /// gives more than the bare answer (see [`fail_soft_bounds`]), which
    /// df-pn keeps for the other targets it asks about the same board.
    fn bounds(&mut self, board: &Board, k: Score) -> (Score, Score);
    /// Whether the exact score of `board` for the side to move is `>= k`.
    fn at_least(&mut self, board: &Board, k: i32) -> bool {
        self.bounds(board, k).0 >= k
    }
    /// Positions visited so far by this solver (each visited position counts one).
    fn nodes(&self) -> u64;
    /// How many threads a search that hands its leaves to this solver may
    /// run (1: one; each further thread gets a [`LeafSolver::helper`]).
    fn threads(&self) -> usize {
        1
    }
    /// A solver of its own for another thread, sharing whatever this one
    /// caches (`None`: this solver has no helpers; the search stays on one
    /// thread).
    fn helper(&self) -> Option<Box<dyn LeafSolver + Send>> {
        None
    }
}

/// The value a fail-soft node returns at once when stored bounds
/// `lower..=upper` on its value decide the window `(alpha, beta)`: the lower
/// bound when it fails high or the value is known, the upper bound when it
/// fails low (in any unit: discs for the solvers, quarter discs for the
/// evaluation probe).
#[inline(always)]
pub(crate) fn bounds_cut(lower: i32, upper: i32, alpha: i32, beta: i32) -> Option<i32> {
    if lower >= beta || lower == upper {
        Some(lower)
    } else if upper <= alpha {
        Some(upper)
    } else {
        None
    }
}

/// The bounds proven by the value `v` of a fail-soft null-window search
/// `(k − 1, k)`: `v ≥ k` proves score ≥ v, `v < k` proves score ≤ v. Scores
/// are even (empties go to the winner), so the bounds round inward to even
/// numbers; they are clamped to −64..=64.
pub fn fail_soft_bounds(v: Score, k: Score) -> (Score, Score) {
    if v >= k {
        ((v + (v & 1)).clamp(-64, 64), 64)
    } else {
        (-64, (v - (v & 1)).clamp(-64, 64))
    }
}
