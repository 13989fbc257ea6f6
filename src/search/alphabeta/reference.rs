//! Plain reference searches, for checking the fast solver in tests: a
//! minimax without any pruning, and a bare alpha-beta (no table, no
//! ordering, no special cases). Both return the exact score (empties to the
//! winner) for the side to move.

use crate::board::movegen::{flips, moves};
use crate::Board;

/// The exact score by full minimax (every leaf visited). Exponential: keep
/// it to about ten empties.
pub fn minimax(b: &Board) -> i32 {
    let mv = moves(b.player, b.opponent);
    if mv == 0 {
        if moves(b.opponent, b.player) == 0 {
            return b.final_score();
        }
        return -minimax(&b.pass());
    }
    let mut best = -65;
    let mut m = mv;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let f = flips(b.player, b.opponent, sq);
        best = best.max(-minimax(&b.play_flips(sq, f)));
    }
    best
}

/// The exact score by bare fail-hard alpha-beta in `(alpha, beta)`: the
/// result is clamped to the window.
pub fn alphabeta(b: &Board, mut alpha: i32, beta: i32) -> i32 {
    let mv = moves(b.player, b.opponent);
    if mv == 0 {
        if moves(b.opponent, b.player) == 0 {
            return b.final_score().clamp(alpha, beta);
        }
        return -alphabeta(&b.pass(), -beta, -alpha);
    }
    let mut m = mv;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let f = flips(b.player, b.opponent, sq);
        let v = -alphabeta(&b.play_flips(sq, f), -beta, -alpha);
        if v >= beta {
            return beta;
        }
        alpha = alpha.max(v);
    }
    alpha
}
