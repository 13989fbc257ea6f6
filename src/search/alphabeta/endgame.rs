//! The last-N solver: exact searches of the last few empties without the
//! table. Dedicated solvers for 1–4 empty squares (no move list: each
//! empty square is tried in parity order; on the vector instances every
//! square's flips are computed before the first child, see
//! [`Kernels::EAGER_FLIPS`]), and the search for 5 up to
//! [`LAST_N_MAX`] empties (moves
//! generated at once, with the stability cutoff, no table: tried fastest
//! first from [`LAST_N_SORT_MIN`]
//! empties, below that odd quadrants first then by square class). From
//! [`LOW_CACHE_MIN`] empties the search keeps its bounds and best move in
//! its own small cache (`cache`), and tries the cached move first.
//!
//! All searches are fail-soft alpha-beta over final disc differences (empties
//! to the winner) from the side to move's view; the window is `(alpha, beta)`
//! exclusive, a null window being `beta == alpha + 1`.

use super::cache::{Known, ShallowCache};
use super::context::Context;
use super::instance::Instance;
use super::ordering::{
    odd_squares, CORNERS, NEIGHBOUR, PRIORITY_CLASSES, QUADRANT_BIT, QUADRANT_MASK,
};
use super::stability::stability_bound;
use super::window::{window_bounds, NONE};
#[cfg(test)]
use crate::board::cpu::Isa;
use crate::board::kernels::Kernels;
#[cfg(test)]
use crate::board::kernels::Portable;
use crate::board::{final_score, Move};
use crate::search::bounds_cut;
use crate::search::tuning::{LAST_N_MAX, LAST_N_SORT_MIN, LOW_CACHE_MIN, STABILITY_THRESHOLD};
use crate::units::Score;

/// The `moves` of [`Context::last_n_with`] when the caller has not generated
/// them (no position's legal moves cover all 64 squares).
pub(super) const MOVES_UNKNOWN: u64 = u64::MAX;

/// `COUNT_FLIP[i][line]`: the discs flipped along one line by a move on
/// position `i` of the line, when the mover owns the bits of `line` and the
/// other side every other square of the line (the last empty square).
static COUNT_FLIP: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Toward lower positions.
            let mut j = i as i32 - 1;
            while j >= 0 && line >> j & 1 == 0 {
                j -= 1;
            }
            if j >= 0 {
                n += i as i32 - j - 1;
            }
            // Toward higher positions.
            let mut j = i + 1;
            while j < 8 && line >> j & 1 == 0 {
                j += 1;
            }
            if j < 8 {
                n += (j - i - 1) as i32;
            }
            t[i][line] = n as u8;
            line += 1;
        }
        i += 1;
    }
    t
};

/// The two diagonals through each square: `[a1-h8 direction, h1-a8 direction]`.
static DIAGONALS: [[u64; 2]; 64] = {
    let mut t = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (g, s) = (other % 8, other / 8);
            if g - s == f - r {
                t[sq][0] |= 1 << other;
            }
            if g + s == f + r {
                t[sq][1] |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    t
};

/// The number of discs a move on `x` flips when `x` is the only empty
/// square and the mover owns `p` (the other side owns the rest): four table
/// look-ups, one per line through `x`.
#[inline(always)]
pub fn count_last_flips(p: u64, x: usize) -> u32 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    // `& 63` tells the compiler every index below is in bounds.
    let x = x & 63;
    let (f, r) = (x & 7, x >> 3);
    let row = (p >> (8 * r)) as usize & 0xFF;
    let col = (((p >> f) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let [d9, d7] = DIAGONALS[x];
    let d9 = ((p & d9).wrapping_mul(FILE_A) >> 56) as usize;
    let d7 = ((p & d7).wrapping_mul(FILE_A) >> 56) as usize;
    (COUNT_FLIP[f][row] + COUNT_FLIP[r][col] + COUNT_FLIP[f][d9] + COUNT_FLIP[f][d7]) as u32
}

/// Orders up to four empty squares for the small solvers: squares alone in
/// their quadrant first, then those in a quadrant of three, then the even
/// quadrants (two, then four); by square within each group. Each square's
/// (group, square) key goes through a comparator network (min and max, no
/// branch): branches on where the empties lie are hard to predict.
#[inline(always)]
fn parity_sorted<const N: usize>(empty: u64) -> [usize; N] {
    // The group of a square by the number of empties in its quadrant.
    const GROUP: [u32; 8] = [0, 0, 2, 1, 3, 0, 0, 0];
    let mut k = [0u32; N];
    let mut e = empty;
    for key in k.iter_mut() {
        let x = e.trailing_zeros();
        e &= e.wrapping_sub(1);
        let c = (empty & QUADRANT_MASK[x as usize & 63]).count_ones();
        *key = GROUP[c as usize & 7] << 6 | x;
    }
    #[inline(always)]
    fn order<const N: usize>(k: &mut [u32; N], i: usize, j: usize) {
        let (a, b) = (k[i], k[j]);
        k[i] = a.min(b);
        k[j] = a.max(b);
    }
    match N {
        2 => order(&mut k, 0, 1),
        3 => {
            order(&mut k, 0, 1);
            order(&mut k, 1, 2);
            order(&mut k, 0, 1);
        }
        4 => {
            order(&mut k, 0, 1);
            order(&mut k, 2, 3);
            order(&mut k, 0, 2);
            order(&mut k, 1, 3);
            order(&mut k, 1, 2);
        }
        _ => k.sort_unstable(),
    }
    k.map(|key| (key & 63) as usize)
}

/// The discs a move on each of `xs` flips when the instance computes them
/// all before the first child ([`Kernels::EAGER_FLIPS`]); zeros, never
/// read, when it does not.
#[inline(always)]
fn eager_flips<K: Kernels, const N: usize>(p: u64, o: u64, xs: [usize; N]) -> [u64; N] {
    if K::EAGER_FLIPS {
        xs.map(|x| K::flips(p, o, x))
    } else {
        [0; N]
    }
}

/// The discs the move on `xs[i]` flips (0 when it is not legal): from
/// `eager` ([`eager_flips`]) when the instance computed them first, else
/// computed now, after a test for an opponent disc beside the square.
#[inline(always)]
fn move_flips<K: Kernels, const N: usize>(
    p: u64,
    o: u64,
    xs: &[usize; N],
    eager: &[u64; N],
    i: usize,
) -> u64 {
    if K::EAGER_FLIPS {
        eager[i]
    } else if NEIGHBOUR[xs[i] & 63] & o == 0 {
        0
    } else {
        K::flips(p, o, xs[i])
    }
}

/// The move to try first among the non-empty set `moves`: the lowest
/// square of the first of [`PRIORITY_CLASSES`] that holds one (as one bit).
#[inline(always)]
fn next_by_class(moves: u64) -> u64 {
    let [c0, c1, c2, _] = PRIORITY_CLASSES;
    let m = if moves & c0 != 0 {
        moves & c0
    } else if moves & c1 != 0 {
        moves & c1
    } else if moves & c2 != 0 {
        moves & c2
    } else {
        moves
    };
    m & m.wrapping_neg()
}

impl Context {
    /// One empty square `x`; the side to move owns `p`, the other side
    /// every other square.
    #[inline(always)]
    fn solve_1(&mut self, p: u64, alpha: Score, x: usize) -> Score {
        self.nodes += 1;
        let o = !(p | 1 << x);
        // Score if the side to move plays x and flips nothing: (p+1) − (63−p).
        let base = 2 * p.count_ones() as i32 - 62;
        let n = count_last_flips(p, x) as i32;
        if n > 0 {
            return base + 2 * n;
        }
        // Every other outcome is at most `base`.
        if base <= alpha {
            return base;
        }
        let n = count_last_flips(o, x) as i32;
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
    #[inline(always)]
    pub(super) fn solve_2_with<K: Instance>(
        &mut self,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
        x1: usize,
        x2: usize,
    ) -> Score {
        self.nodes += 1;
        let mut best = NONE;
        let xs = [x1, x2];
        let eager = eager_flips::<K, 2>(p, o, xs);
        let f = move_flips::<K, 2>(p, o, &xs, &eager, 0);
        if f != 0 {
            best = -self.solve_1(o ^ f, -beta, x2);
            if best >= beta {
                return best;
            }
        }
        let f = move_flips::<K, 2>(p, o, &xs, &eager, 1);
        if f != 0 {
            let v = -self.solve_1(o ^ f, -beta, x1);
            if v > best {
                best = v;
            }
            return best;
        }
        if best != NONE {
            return best;
        }
        // Pass: the other side moves, if it can. Its node is searched here,
        // each flip computed once (the legality test is the move's own
        // flips); from the side to move's view its best is the least value.
        let f1 = K::flips(o, p, x1);
        if f1 != 0 {
            self.nodes += 1;
            let worst = self.solve_1(p ^ f1, alpha, x2);
            if worst <= alpha {
                return worst;
            }
            let f2 = K::flips(o, p, x2);
            return if f2 != 0 {
                worst.min(self.solve_1(p ^ f2, alpha, x1))
            } else {
                worst
            };
        }
        let f2 = K::flips(o, p, x2);
        if f2 == 0 {
            return final_score(p, o);
        }
        self.nodes += 1;
        self.solve_1(p ^ f2, alpha, x1)
    }

    /// Three empty squares, tried in the order given.
    #[inline(always)]
    pub(super) fn solve_3_with<K: Instance>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: Score,
        beta: Score,
        xs: [usize; 3],
    ) -> Score {
        self.nodes += 1;
        let mut best = NONE;
        let eager = eager_flips::<K, 3>(p, o, xs);
        for i in 0..3 {
            let x = xs[i];
            let f = move_flips::<K, 3>(p, o, &xs, &eager, i);
            if f == 0 {
                continue;
            }
            let (a, b) = match i {
                0 => (xs[1], xs[2]),
                1 => (xs[0], xs[2]),
                _ => (xs[0], xs[1]),
            };
            let v = -self.solve_2_with::<K>(o ^ f, p ^ f ^ (1 << x), -beta, -alpha, a, b);
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
        if xs.iter().any(|&x| K::flips(o, p, x) != 0) {
            -K::solve_3(self, o, p, -beta, -alpha, xs)
        } else {
            final_score(p, o)
        }
    }

    /// Four empty squares, tried in the order given.
    #[inline(always)]
    pub(super) fn solve_4_with<K: Instance>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: Score,
        beta: Score,
        xs: [usize; 4],
    ) -> Score {
        self.nodes += 1;
        if alpha >= STABILITY_THRESHOLD[4] {
            if let Some(ub) = stability_bound(p, o, alpha).filter(|&ub| ub <= alpha) {
                return ub;
            }
        }
        let mut best = NONE;
        let eager = eager_flips::<K, 4>(p, o, xs);
        for i in 0..4 {
            let x = xs[i];
            let f = move_flips::<K, 4>(p, o, &xs, &eager, i);
            if f == 0 {
                continue;
            }
            let rest = match i {
                0 => [xs[1], xs[2], xs[3]],
                1 => [xs[0], xs[2], xs[3]],
                2 => [xs[0], xs[1], xs[3]],
                _ => [xs[0], xs[1], xs[2]],
            };
            let v = -self.solve_3_with::<K>(o ^ f, p ^ f ^ (1 << x), -beta, -alpha, rest);
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
        if xs.iter().any(|&x| K::flips(o, p, x) != 0) {
            -K::solve_4(self, o, p, -beta, -alpha, xs)
        } else {
            final_score(p, o)
        }
    }

    /// Any position with at most four empties, on the instance `K`.
    #[inline(always)]
    pub(super) fn solve_small_with<K: Instance>(
        &mut self,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
    ) -> Score {
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
                self.solve_2_with::<K>(p, o, alpha, beta, a, b)
            }
            3 => K::solve_3(self, p, o, alpha, beta, parity_sorted::<3>(empty)),
            _ => K::solve_4(self, p, o, alpha, beta, parity_sorted::<4>(empty)),
        }
    }

    /// The last-N search on the instance `K`: 5 or more empties (up to
    /// [`LAST_N_MAX`](crate::search::tuning::LAST_N_MAX)), no table. `parity` holds the
    /// quadrants with an odd number of empties; `moves` the position's legal
    /// moves when the caller has them (a sorted parent counted them for its
    /// key), else [`MOVES_UNKNOWN`].
    #[inline(always)]
    pub(super) fn last_n_with<K: Instance>(
        &mut self,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
        parity: u8,
        moves: u64,
    ) -> Score {
        self.nodes += 1;
        let empties = (!(p | o)).count_ones();
        debug_assert!(empties <= LAST_N_MAX, "the last-N solver's range");
        if alpha >= STABILITY_THRESHOLD[empties as usize] {
            if let Some(ub) = stability_bound(p, o, alpha).filter(|&ub| ub <= alpha) {
                return ub;
            }
        }
        let mv = if moves == MOVES_UNKNOWN {
            K::moves(p, o)
        } else {
            debug_assert_eq!(moves, K::moves(p, o), "the moves handed down");
            moves
        };
        if mv == 0 {
            let replies = K::moves(o, p);
            if replies == 0 {
                return final_score(p, o);
            }
            return -K::last_n(self, o, p, -beta, -alpha, parity, replies);
        }
        let odd = odd_squares(parity);
        if empties >= LAST_N_SORT_MIN {
            let cached = ShallowCache::covers(empties);
            let mut hint = Move::NONE;
            if let Some(k) = cached.then(|| self.cached(p, o, empties)).flatten() {
                if let Some(v) = bounds_cut(k.lower, k.upper, alpha, beta) {
                    return v;
                }
                hint = k.best;
            }
            let (v, best) = self.last_n_sorted::<K>(p, o, alpha, beta, parity, mv, odd, hint);
            if cached {
                let (lower, upper) = window_bounds(v, alpha, beta);
                self.cache(p, o, empties, lower, upper, best);
            }
            return v;
        }
        if empties >= LOW_CACHE_MIN {
            self.last_n_grouped::<K, true>(p, o, alpha, beta, parity, mv, odd, empties)
        } else {
            self.last_n_grouped::<K, false>(p, o, alpha, beta, parity, mv, odd, empties)
        }
    }

    /// The last-N search below [`LAST_N_SORT_MIN`] empties: the moves of the
    /// odd quadrants, then the others, each group by square class. With
    /// `CACHED` (from [`LOW_CACHE_MIN`] empties) the cached move goes first
    /// and the bounds and best move are stored in the cache's low region.
    /// `mv` holds the moves, `odd` the squares of the odd quadrants.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn last_n_grouped<K: Instance, const CACHED: bool>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: Score,
        beta: Score,
        parity: u8,
        mv: u64,
        odd: u64,
        empties: u32,
    ) -> Score {
        let alpha0 = alpha;
        let mut hint = Move::NONE;
        if let Some(k) = CACHED.then(|| self.cached(p, o, empties)).flatten() {
            if let Some(v) = bounds_cut(k.lower, k.upper, alpha, beta) {
                return v;
            }
            hint = k.best;
        }
        let mut best = NONE;
        let mut best_sq = Move::NONE;
        // The cached move, then the odd quadrants' moves, then the others,
        // each group by square class (see `next_by_class`).
        let mut first = mv & hint.bit();
        let mut odd_moves = mv & !first & odd;
        let mut even_moves = mv & !first & !odd;
        loop {
            let bit = if first != 0 {
                first
            } else if odd_moves != 0 {
                next_by_class(odd_moves)
            } else if even_moves != 0 {
                next_by_class(even_moves)
            } else {
                break;
            };
            first &= !bit;
            odd_moves &= !bit;
            even_moves &= !bit;
            let x = bit.trailing_zeros() as usize;
            let f = K::flips(p, o, x);
            let (np, no) = (o ^ f, p ^ f ^ bit);
            let v = if empties == 5 {
                -K::solve_4(self, np, no, -beta, -alpha, parity_sorted::<4>(!(np | no)))
            } else {
                -K::last_n(
                    self,
                    np,
                    no,
                    -beta,
                    -alpha,
                    parity ^ QUADRANT_BIT[x],
                    MOVES_UNKNOWN,
                )
            };
            if v > best {
                best = v;
                best_sq = Move::at(x);
                if v >= beta {
                    break;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        if CACHED {
            let (lower, upper) = window_bounds(best, alpha0, beta);
            self.cache(p, o, empties, lower, upper, best_sq);
        }
        best
    }

    /// The last-N search's move loop from [`LAST_N_SORT_MIN`] empties up:
    /// the move `hint` first (the cache's best move, or [`Move::NONE`]; searched
    /// before the others are keyed), then the others fastest first (fewest
    /// replies, a reply on a corner counting two, as in the table-driven
    /// search's key; a move into an odd quadrant first among equals), each
    /// child's replies counted once. `mv` holds the moves, `odd` the squares
    /// of the odd quadrants. Returns the value and the square of the best
    /// move.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn last_n_sorted<K: Instance>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: Score,
        beta: Score,
        parity: u8,
        mv: u64,
        odd: u64,
        hint: Move,
    ) -> (Score, Move) {
        let mut best = NONE;
        let mut best_sq = Move::NONE;
        let mut m = mv;
        // The cached move first, before any other move is keyed: when it
        // cuts, the others need no work.
        if mv & hint.bit() != 0 {
            let x = hint.index();
            m &= !(1 << x);
            let f = K::flips(p, o, x);
            let v = -K::last_n(
                self,
                o ^ f,
                p ^ f ^ (1 << x),
                -beta,
                -alpha,
                parity ^ QUADRANT_BIT[x],
                MOVES_UNKNOWN,
            );
            best = v;
            best_sq = hint;
            if v >= beta {
                return (v, best_sq);
            }
            if v > alpha {
                alpha = v;
            }
        }
        // The children's cache slots start loading while they are keyed.
        let child_empties = (!(p | o)).count_ones() - 1;
        let child_cached = ShallowCache::covers(child_empties);
        // (key, flips, square, the child's moves); at most LAST_N_MAX moves.
        let mut list = [(0u32, 0u64, 0usize, 0u64); LAST_N_MAX as usize];
        let mut n = 0;
        while m != 0 {
            let x = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = K::flips(p, o, x);
            if child_cached {
                self.prefetch_cached(o ^ f, p ^ f ^ (1 << x), child_empties);
            }
            // A corner reply counts twice: it is the likeliest refutation.
            let r = K::moves(o ^ f, p ^ f ^ (1 << x));
            let replies = r.count_ones() + (r & CORNERS).count_ones();
            list[n] = (2 * replies + u32::from(odd >> x & 1 == 0), f, x, r);
            n += 1;
        }
        for i in 0..n {
            // Lazy selection sort: the first move usually cuts.
            let mut k = i;
            for j in i + 1..n {
                if list[j].0 < list[k].0 {
                    k = j;
                }
            }
            list.swap(i, k);
            let (_, f, x, r) = list[i];
            let (np, no) = (o ^ f, p ^ f ^ (1 << x));
            let v = -K::last_n(self, np, no, -beta, -alpha, parity ^ QUADRANT_BIT[x], r);
            if v > best {
                best = v;
                best_sq = Move::at(x);
                if v >= beta {
                    return (v, best_sq);
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        (best, best_sq)
    }
}

impl Context {
    /// What the last-N cache the context holds knows of the position.
    #[inline(always)]
    pub(super) fn cached(&self, p: u64, o: u64, empties: u32) -> Option<Known> {
        self.shallow.as_ref()?.probe(p, o, empties)
    }

    /// Starts loading the last-N cache's slot of `(p, o)` (see
    /// [`ShallowCache::prefetch`]).
    #[inline(always)]
    pub(super) fn prefetch_cached(&self, p: u64, o: u64, empties: u32) {
        if let Some(c) = &self.shallow {
            c.prefetch(p, o, empties);
        }
    }

    /// Records bounds and the best move in the last-N cache (see
    /// [`ShallowCache::store`]).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn cache(
        &mut self,
        p: u64,
        o: u64,
        empties: u32,
        lower: i32,
        upper: i32,
        best: Move,
    ) {
        if let Some(c) = &mut self.shallow {
            c.store(p, o, empties, lower, upper, best);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::movegen::flips;
    use crate::search::alphabeta::ordering::parity;

    #[test]
    fn last_flip_count_matches_flips() {
        let mut rng = crate::rng::SplitMix64::new(99);
        for _ in 0..20_000 {
            let x = rng.below(64) as usize;
            let p = rng.next_u64() & !(1 << x);
            let o = !(p | 1 << x);
            assert_eq!(
                count_last_flips(p, x),
                flips(p, o, x).count_ones(),
                "{p:#x} {x}"
            );
            assert_eq!(
                count_last_flips(o, x),
                flips(o, p, x).count_ones(),
                "{p:#x} {x}"
            );
        }
    }

    /// Every instance of the solvers (portable and, where the CPU has them,
    /// x86-64-v3 and x86-64-v4) on random positions with 1–8 empties (the
    /// solver's range): the exact score with a full window equals minimax;
    /// every null window gives a fail-soft bound on the correct side; and
    /// the instances agree on every value and node count.
    #[test]
    fn solvers_match_minimax_on_every_instance() {
        use crate::search::reference::score as minimax;
        let mut rng = crate::rng::SplitMix64::new(0xE9D);
        let mut s = Context::on_table(std::sync::Arc::new(super::super::tt::Table::new(1)));
        type Solve = fn(&mut Context, u64, u64, i32, i32) -> Score;
        let portable: Solve = |s, p, o, a, b| {
            if (!(p | o)).count_ones() > 4 {
                s.last_n_with::<Portable>(p, o, a, b, parity(!(p | o)), MOVES_UNKNOWN)
            } else {
                s.solve_small_with::<Portable>(p, o, a, b)
            }
        };
        let mut others: Vec<(&str, Solve)> = Vec::new();
        #[cfg(target_arch = "x86_64")]
        if Isa::X86V3.supported() {
            others.push(("x86-64-v3", |s, p, o, a, b| {
                // SAFETY: the CPU check said the CPU has the instance's features.
                unsafe {
                    if (!(p | o)).count_ones() > 4 {
                        s.last_n_v3(p, o, a, b, parity(!(p | o)), MOVES_UNKNOWN)
                    } else {
                        s.solve_small_v3(p, o, a, b)
                    }
                }
            }));
        }
        #[cfg(target_arch = "x86_64")]
        if Isa::X86V4.supported() {
            others.push(("x86-64-v4", |s, p, o, a, b| {
                // SAFETY: the CPU check said the CPU has the instance's features.
                unsafe {
                    if (!(p | o)).count_ones() > 4 {
                        s.last_n_v4(p, o, a, b, parity(!(p | o)), MOVES_UNKNOWN)
                    } else {
                        s.solve_small_v4(p, o, a, b)
                    }
                }
            }));
        }
        if others.is_empty() {
            eprintln!("note: only the portable instance runs on this CPU");
        }
        let mut count = 0;
        while count < 3_000 {
            let empties = 1 + count % LAST_N_MAX;
            let Some(b) = crate::rng::random_position(&mut rng, empties) else {
                continue;
            };
            count += 1;
            let (p, o) = (b.player, b.opponent);
            let exact = minimax(&b);
            for (a, beta) in [
                (-65, 65),
                (exact - 1, exact + 1),
                (exact - 3, exact - 2),
                (exact + 2, exact + 3),
            ] {
                // Each run starts on an empty (small) last-N cache, so that
                // both instances search the same tree.
                s.nodes = 0;
                s.shallow = Some(ShallowCache::with_bits(6));
                let v = portable(&mut s, p, o, a, beta);
                let nodes = s.nodes;
                if v <= a {
                    assert!(exact <= v, "{b:?} ({a},{beta}): {v} vs {exact}");
                } else if v >= beta {
                    assert!(exact >= v, "{b:?} ({a},{beta}): {v} vs {exact}");
                } else {
                    assert_eq!(v, exact, "{b:?} ({a},{beta})");
                }
                for &(name, solve) in &others {
                    s.nodes = 0;
                    s.shallow = Some(ShallowCache::with_bits(6));
                    assert_eq!(solve(&mut s, p, o, a, beta), v, "{name} {b:?} ({a},{beta})");
                    assert_eq!(s.nodes, nodes, "{name} nodes {b:?} ({a},{beta})");
                }
            }
        }
    }

    #[test]
    fn moves_by_class_come_class_by_class_then_by_square() {
        let mut rng = crate::rng::SplitMix64::new(0xC1A55);
        for _ in 0..1_000 {
            let moves = rng.next_u64() & rng.next_u64();
            let mut want = Vec::new();
            for class in PRIORITY_CLASSES {
                let mut m = moves & class;
                while m != 0 {
                    want.push(m.trailing_zeros());
                    m &= m - 1;
                }
            }
            let mut got = Vec::new();
            let mut m = moves;
            while m != 0 {
                let bit = next_by_class(m);
                assert_eq!(bit.count_ones(), 1);
                got.push(bit.trailing_zeros());
                m &= !bit;
            }
            assert_eq!(got, want, "{moves:#x}");
        }
    }

    /// The comparator networks give the order of a plain sort by (group,
    /// square) on random sets of two to four empties.
    #[test]
    fn parity_sort_matches_a_plain_sort() {
        let mut rng = crate::rng::SplitMix64::new(0x9A41);
        for _ in 0..20_000 {
            let mut empty = 0u64;
            let n = 2 + rng.below(3) as u32;
            while empty.count_ones() < n {
                empty |= 1 << rng.below(64);
            }
            let mut want: Vec<usize> = (0..64).filter(|&x| empty >> x & 1 == 1).collect();
            let group = |x: usize| match (empty & QUADRANT_MASK[x]).count_ones() {
                1 => 0,
                3 => 1,
                2 => 2,
                _ => 3,
            };
            want.sort_by_key(|&x| (group(x), x));
            let got: Vec<usize> = match n {
                2 => parity_sorted::<2>(empty).to_vec(),
                3 => parity_sorted::<3>(empty).to_vec(),
                _ => parity_sorted::<4>(empty).to_vec(),
            };
            assert_eq!(got, want, "{empty:#x}");
        }
    }

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
