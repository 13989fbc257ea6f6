//! The reference solver for tests and benches: a plain fail-soft negamax
//! alpha-beta over exact final scores, with no table, no stability cut-off
//! and no special endgame code (only fastest-first ordering above 6 empties
//! to keep it usable up to about 16 empties). It is the one "truth" the fast
//! searches are checked against (`tests/alphabeta.rs`, `tests/dfpn.rs`,
//! df-pn's unit tests, the tools' label tests) and the leaf solver of
//! `benches/dfpn.rs`. Its own unit test checks it against full minimax.

use crate::board::movegen::flips;
use crate::board::Board;
use crate::search::{fail_soft_bounds, LeafSolver};
use crate::units::Score;

/// The reference solver: counts the positions it visits. As a
/// [`LeafSolver`] it answers a null-window search `(k − 1, k)` with
/// fail-soft bounds.
#[derive(Clone, Debug, Default)]
pub struct Reference {
    /// Positions visited.
    pub nodes: u64,
}

/// The exact score of `b` for the side to move (empties to the winner), by a
/// fresh [`Reference`].
pub fn score(b: &Board) -> Score {
    Reference::default().score(b)
}

impl Reference {
    /// The exact score of `b` for the side to move.
    pub fn score(&mut self, b: &Board) -> Score {
        self.window(b, -64, 64)
    }

    /// Fail-soft negamax in `(alpha, beta)`: the exact score when it lies
    /// strictly inside the window, else a bound on the side it fell.
    pub fn window(&mut self, b: &Board, mut alpha: Score, beta: Score) -> Score {
        self.nodes += 1;
        let moves = b.moves();
        if moves == 0 {
            let p = b.pass();
            if p.moves() == 0 {
                return b.final_score();
            }
            return -self.window(&p, -beta, -alpha);
        }
        let mut kids = [(Board::start(), 0u32); 32];
        let mut n = 0;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            kids[n] = (b.play_flips(sq, flips(b.player, b.opponent, sq)), 0);
            n += 1;
        }
        if b.empties() > 6 {
            for k in kids[..n].iter_mut() {
                k.1 = k.0.moves().count_ones();
            }
            kids[..n].sort_by_key(|k| k.1);
        }
        let mut best = -65;
        for (c, _) in &kids[..n] {
            let v = -self.window(c, -beta, -alpha);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

impl LeafSolver for Reference {
    fn bounds(&mut self, board: &Board, k: Score) -> (Score, Score) {
        fail_soft_bounds(self.window(board, k - 1, k), k)
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{random_position, SplitMix64};

    /// Full minimax, every leaf visited: what the reference must equal.
    fn minimax(b: &Board) -> Score {
        let moves = b.moves();
        if moves == 0 {
            let p = b.pass();
            return if p.moves() == 0 {
                b.final_score()
            } else {
                -minimax(&p)
            };
        }
        crate::board::Square::iter_bits(moves)
            .filter_map(|sq| b.play(sq))
            .map(|c| -minimax(&c))
            .max()
            .unwrap_or(-64)
    }

    #[test]
    fn reference_equals_minimax_and_its_windows_are_fail_soft() {
        let mut rng = SplitMix64::new(0x5EF);
        let mut checked = 0;
        while checked < 60 {
            let Some(b) = random_position(&mut rng, 6 + checked % 4) else {
                continue;
            };
            checked += 1;
            let exact = minimax(&b);
            assert_eq!(score(&b), exact, "{b:?}");
            let mut r = Reference::default();
            for k in (-64..=64).step_by(2) {
                let v = r.window(&b, k - 1, k);
                assert_eq!(v >= k, exact >= k, "{b:?} k={k}");
                let (lo, hi) = r.bounds(&b, k);
                assert!(lo <= exact && exact <= hi, "{b:?} k={k}");
            }
            assert!(r.nodes() > 0);
        }
    }
}
