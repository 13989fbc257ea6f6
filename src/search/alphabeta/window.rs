//! A node's window and the bounds it proves: the fail-soft conventions
//! every alpha-beta node shares (the table-driven search, the last-N
//! solver, split points and the root). The cut on stored bounds,
//! [`crate::search::bounds_cut`], is shared with the evaluation probe.

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
