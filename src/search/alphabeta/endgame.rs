//! The last few empties: dedicated solvers for 1–4 empty squares (no move
//! list, no table: each empty square is tried in parity order), and the
//! shallow search for 5–[`SHALLOW_MAX`](super::SHALLOW_MAX) empties (moves
//! generated at once, tried odd quadrants first then by square class, with
//! the stability cutoff, no table).
//!
//! All searches are fail-soft alpha-beta over final disc differences (empties
//! to the winner) from the side to move's view; the window is `(alpha, beta)`
//! exclusive, a null window being `beta == alpha + 1`.

use super::ordering::{odd_squares, NEIGHBOUR, PRIORITY_CLASSES, QUADRANT_BIT, QUADRANT_MASK};
use super::stability::score_upper_bound;
use super::Searcher;
use crate::board::movegen::{flips, moves};

/// Below every score: "no move searched yet".
const NONE: i32 = -65;

/// The least `alpha` (by number of empties) at which the stability cutoff is
/// worth trying: with fewer stable discs possible, it cannot cut.
pub(super) static STABILITY_THRESHOLD: [i32; 65] = [
    99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46,
    48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
];

/// The final score of a finished game (empties to the winner).
#[inline]
pub(super) fn final_score(p: u64, o: u64) -> i32 {
    crate::Board {
        player: p,
        opponent: o,
    }
    .final_score()
}

/// Orders up to four empty squares for the small solvers: squares alone in
/// their quadrant first, then those in a quadrant of three, then the even
/// quadrants.
#[inline]
fn parity_sorted<const N: usize>(empty: u64) -> [usize; N] {
    let mut sq = [0usize; N];
    let mut key = [0u32; N];
    let mut e = empty;
    for i in 0..N {
        let x = e.trailing_zeros() as usize;
        e &= e - 1;
        let c = (empty & QUADRANT_MASK[x]).count_ones();
        let k = if c & 1 == 1 { c } else { c + 4 };
        // Insertion sort, stable.
        let mut j = i;
        while j > 0 && key[j - 1] > k {
            key[j] = key[j - 1];
            sq[j] = sq[j - 1];
            j -= 1;
        }
        key[j] = k;
        sq[j] = x;
    }
    sq
}

impl Searcher {
    /// One empty square `x`; the side to move owns `p`, the other side
    /// every other square.
    #[inline(always)]
    pub(super) fn solve_1(&mut self, p: u64, alpha: i32, x: usize) -> i32 {
        self.nodes += 1;
        let o = !(p | 1 << x);
        // Score if the side to move plays x and flips nothing: (p+1) − (63−p).
        let base = 2 * p.count_ones() as i32 - 62;
        let n = flips(p, o, x).count_ones() as i32;
        if n > 0 {
            return base + 2 * n;
        }
        // Every other outcome is at most `base`.
        if base <= alpha {
            return base;
        }
        let n = flips(o, p, x).count_ones() as i32;
        if n > 0 {
            return base - 2 - 2 * n;
        }
        // Nobody can play x: the empty goes to the winner (no draw possible).
        if base > 0 {
            base
        } else {
            base - 2
        }
    }

    /// Two empty squares.
    #[inline]
    pub(super) fn solve_2(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        x1: usize,
        x2: usize,
    ) -> i32 {
        self.nodes += 1;
        let mut best = NONE;
        if NEIGHBOUR[x1] & o != 0 {
            let f = flips(p, o, x1);
            if f != 0 {
                best = -self.solve_1(o ^ f, -beta, x2);
                if best >= beta {
                    return best;
                }
            }
        }
        if NEIGHBOUR[x2] & o != 0 {
            let f = flips(p, o, x2);
            if f != 0 {
                let v = -self.solve_1(o ^ f, -beta, x1);
                if v > best {
                    best = v;
                }
                return best;
            }
        }
        if best != NONE {
            return best;
        }
        // Pass: the other side moves, if it can.
        if flips(o, p, x1) != 0 || flips(o, p, x2) != 0 {
            -self.solve_2(o, p, -beta, -alpha, x1, x2)
        } else {
            final_score(p, o)
        }
    }

    /// Three empty squares, tried in the order given.
    pub(super) fn solve_3(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        xs: [usize; 3],
    ) -> i32 {
        self.nodes += 1;
        let mut best = NONE;
        for i in 0..3 {
            let x = xs[i];
            if NEIGHBOUR[x] & o == 0 {
                continue;
            }
            let f = flips(p, o, x);
            if f == 0 {
                continue;
            }
            let (a, b) = match i {
                0 => (xs[1], xs[2]),
                1 => (xs[0], xs[2]),
                _ => (xs[0], xs[1]),
            };
            let v = -self.solve_2(o ^ f, p ^ f ^ (1 << x), -beta, -alpha, a, b);
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        if best != NONE {
            return best;
        }
        if xs.iter().any(|&x| flips(o, p, x) != 0) {
            -self.solve_3(o, p, -beta, -alpha, xs)
        } else {
            final_score(p, o)
        }
    }

    /// Four empty squares, tried in the order given.
    pub(super) fn solve_4(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        xs: [usize; 4],
    ) -> i32 {
        self.nodes += 1;
        if alpha >= STABILITY_THRESHOLD[4] {
            let ub = score_upper_bound(p, o);
            if ub <= alpha {
                return ub;
            }
        }
        let mut best = NONE;
        for i in 0..4 {
            let x = xs[i];
            if NEIGHBOUR[x] & o == 0 {
                continue;
            }
            let f = flips(p, o, x);
            if f == 0 {
                continue;
            }
            let rest = match i {
                0 => [xs[1], xs[2], xs[3]],
                1 => [xs[0], xs[2], xs[3]],
                2 => [xs[0], xs[1], xs[3]],
                _ => [xs[0], xs[1], xs[2]],
            };
            let v = -self.solve_3(o ^ f, p ^ f ^ (1 << x), -beta, -alpha, rest);
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        if best != NONE {
            return best;
        }
        if xs.iter().any(|&x| flips(o, p, x) != 0) {
            -self.solve_4(o, p, -beta, -alpha, xs)
        } else {
            final_score(p, o)
        }
    }

    /// Any position with at most four empties.
    pub(super) fn solve_small(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let empty = !(p | o);
        match empty.count_ones() {
            0 => {
                self.nodes += 1;
                final_score(p, o)
            }
            1 => {
                // solve_1 trusts alpha only for a fail-low shortcut.
                self.solve_1(p, alpha, empty.trailing_zeros() as usize)
            }
            2 => {
                let [a, b] = parity_sorted::<2>(empty);
                self.solve_2(p, o, alpha, beta, a, b)
            }
            3 => self.solve_3(p, o, alpha, beta, parity_sorted::<3>(empty)),
            _ => self.solve_4(p, o, alpha, beta, parity_sorted::<4>(empty)),
        }
    }

    /// The shallow search: 5 or more empties (up to
    /// [`SHALLOW_MAX`](super::SHALLOW_MAX)), no table. `parity` holds the
    /// quadrants with an odd number of empties.
    pub(super) fn shallow(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, parity: u8) -> i32 {
        self.nodes += 1;
        let empties = (!(p | o)).count_ones();
        if alpha >= STABILITY_THRESHOLD[empties as usize] {
            let ub = score_upper_bound(p, o);
            if ub <= alpha {
                return ub;
            }
        }
        let mv = moves(p, o);
        if mv == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.shallow(o, p, -beta, -alpha, parity);
        }
        let odd = odd_squares(parity);
        let mut best = NONE;
        for group in [mv & odd, mv & !odd] {
            for class in PRIORITY_CLASSES {
                let mut m = group & class;
                while m != 0 {
                    let x = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let f = flips(p, o, x);
                    let (np, no) = (o ^ f, p ^ f ^ (1 << x));
                    let v = if empties == 5 {
                        -self.solve_4(np, no, -beta, -alpha, parity_sorted::<4>(!(np | no)))
                    } else {
                        -self.shallow(np, no, -beta, -alpha, parity ^ QUADRANT_BIT[x])
                    };
                    if v > best {
                        best = v;
                        if v >= beta {
                            return v;
                        }
                        if v > alpha {
                            alpha = v;
                        }
                    }
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parity_sort_puts_lone_squares_first() {
        // a1, b1 (quadrant 0, two empties), h8 (quadrant 3, alone).
        let empty = 1 | 2 | 1 << 63;
        assert_eq!(parity_sorted::<3>(empty), [63, 0, 1]);
        // Three in quadrant 0 and one in quadrant 1: the lone one first.
        let empty = 1 | 2 | 4 | 1 << 7;
        assert_eq!(parity_sorted::<4>(empty), [7, 0, 1, 2]);
    }
}
