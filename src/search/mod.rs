//! Searches: the exact alpha-beta solver, df-pn / df-pn+, and what they share
//! (limits, results, the interfaces between the proof-number search, its leaf
//! solver and its evaluation).

pub mod alphabeta;
pub mod dfpn;
pub mod driver;
pub mod engine;
pub mod heuristic;
pub mod result;
pub mod tt;

pub use engine::{Algo, Engine, EngineConfig};
pub use result::{Limits, Mode, SolveResult, Status};
pub use tt::TableStats;

use crate::board::Board;

/// An exact solver for small positions, asked "is the final score of the side
/// to move at least `k`?" (empties to the winner). df-pn hands its nodes with
/// few empties to one of these.
pub trait LeafSolver {
    /// Whether the exact score of `board` for the side to move is `>= k`.
    fn at_least(&mut self, board: &Board, k: i32) -> bool;
    /// Positions visited so far by this solver (each visited position counts one).
    fn nodes(&self) -> u64;
}

/// A static evaluation: the predicted final disc difference for the side to
/// move. df-pn+ derives its leaf proof numbers from it.
pub trait Evaluator {
    /// The predicted final disc difference for the side to move.
    fn evaluate(&self, board: &Board) -> f32;

    /// The pattern evaluation behind this one, if it is one: searches that
    /// evaluate positions one move apart then update its pattern indices
    /// move by move ([`crate::eval::Features`]) instead of calling
    /// [`Evaluator::evaluate`] from scratch. The values are the same.
    fn as_pattern(&self) -> Option<&crate::eval::PatternEvaluator> {
        None
    }
}

impl<E: Evaluator + ?Sized> Evaluator for &E {
    #[inline]
    fn evaluate(&self, board: &Board) -> f32 {
        (**self).evaluate(board)
    }

    #[inline]
    fn as_pattern(&self) -> Option<&crate::eval::PatternEvaluator> {
        (**self).as_pattern()
    }
}

impl<E: Evaluator + ?Sized> Evaluator for std::sync::Arc<E> {
    #[inline]
    fn evaluate(&self, board: &Board) -> f32 {
        (**self).evaluate(board)
    }

    #[inline]
    fn as_pattern(&self) -> Option<&crate::eval::PatternEvaluator> {
        (**self).as_pattern()
    }
}
