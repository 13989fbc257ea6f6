//! A node's window and the bounds it proves: the fail-soft conventions
//! every alpha-beta node shares (the table-driven search, the last-N
//! solver, split points and the root).

use crate::units::{Score, SCORE_MAX};

/// Below every score: "no move searched yet".
pub(super) const NONE: Score = -SCORE_MAX - 1;

/// The bounds on a node's score proven by `best`, the fail-soft value of its
/// search in the window `(alpha, beta)`: a lower bound at or above `beta`,
/// the exact score inside, an upper bound at or below `alpha`.
#[inline]
pub(super) fn window_bounds(best: Score, alpha: Score, beta: Score) -> (Score, Score) {
    if best >= beta {
        (best, SCORE_MAX)
    } else if best > alpha {
        (best, best)
    } else {
        (-SCORE_MAX, best)
    }
}

/// The value a node returns at once when stored bounds `lower..=upper`
/// on its score decide the window `(alpha, beta)`: the lower bound when it
/// fails high or the score is known, the upper bound when it fails low.
#[inline(always)]
pub(super) fn bounds_cut(lower: Score, upper: Score, alpha: Score, beta: Score) -> Option<Score> {
    if lower >= beta || lower == upper {
        Some(lower)
    } else if upper <= alpha {
        Some(upper)
    } else {
        None
    }
}
