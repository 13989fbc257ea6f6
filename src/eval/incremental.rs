//! Pattern indices kept up to date move by move, for searches that evaluate
//! many positions one move apart (the alpha-beta solver's ordering probes).
//!
//! A pattern index is a sum over the pattern's squares of digit × 3^k, so a
//! move changes it by a fixed amount per changed square: the new disc adds
//! its digit, each flipped disc swaps digit 2 (the other side) for 1 (the
//! side to move). [`Features`] holds every pattern index from both sides'
//! views, so that after a move (when the sides swap roles) the child's
//! indices are the parent's other view plus those changes: a few vector
//! additions instead of gathering every pattern again.
//!
//! The count features (parity, mobility, frontier) do not add up this way;
//! [`PatternEvaluator::evaluate_features`] computes them in full
//! ([`count_indices`](super::patterns::count_indices)). The result equals [`PatternEvaluator::evaluate`]
//! exactly (tested).

use super::patterns::{
    count_indices_from_moves, pattern_indices_both_views, pow3, FEATURE_FAMILIES,
    FEATURE_SYMMETRIES, NUM_PATTERN_FEATURES,
};
use super::PatternEvaluator;
use crate::board::kernels::Kernels;
use crate::board::{movegen, symmetry, Board};

/// Pattern features rounded up to a multiple of 8 lanes (the padding stays
/// zero), so that the updates vectorise.
pub const LANES: usize = NUM_PATTERN_FEATURES.next_multiple_of(8);

/// `COEFF[sq][k]`: 3^d if square `sq` is digit d of pattern feature `k`,
/// else 0.
static COEFF: [[u16; LANES]; 64] = {
    let mut t = [[0u16; LANES]; 64];
    let mut k = 0;
    while k < NUM_PATTERN_FEATURES {
        let squares = FEATURE_FAMILIES[k].squares();
        let inv = symmetry::inverse(FEATURE_SYMMETRIES[k]);
        let mut d = 0;
        while d < squares.len() {
            let sq = symmetry::apply_square(inv, squares[d] as usize);
            t[sq][k] += pow3(d) as u16;
            d += 1;
        }
        k += 1;
    }
    t
};

/// Every pattern index of a position, from the side to move's view and from
/// the other side's (family offsets included; the same numbers as the first
/// [`NUM_PATTERN_FEATURES`] slots of [`feature_indices`](super::patterns::feature_indices) of the position and
/// of the position with the sides swapped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct Features {
    mover: [u16; LANES],
    other: [u16; LANES],
}

/// `a + b` lane by lane (indices stay below 3^9 + offsets: no wrap for a
/// valid position; wrapping keeps an invalid one from panicking).
#[inline(always)]
fn add(a: &mut [u16; LANES], b: &[u16; LANES]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = x.wrapping_add(*y);
    }
}

#[inline(always)]
fn sub(a: &mut [u16; LANES], b: &[u16; LANES]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = x.wrapping_sub(*y);
    }
}

impl Features {
    /// The indices of `board`, computed in full.
    pub fn new(board: &Board) -> Features {
        let mut f = Features {
            mover: [0; LANES],
            other: [0; LANES],
        };
        let (own, swapped) = pattern_indices_both_views(board);
        f.mover[..NUM_PATTERN_FEATURES].copy_from_slice(&own);
        f.other[..NUM_PATTERN_FEATURES].copy_from_slice(&swapped);
        f
    }

    /// The indices after the side to move plays `sq` flipping `flips`
    /// (seen from the new side to move, the old other side).
    #[inline(always)]
    pub fn after_move(&self, sq: usize, flips: u64) -> Features {
        let mut changed = [0u16; LANES];
        let mut f = flips;
        while f != 0 {
            add(&mut changed, &COEFF[f.trailing_zeros() as usize]);
            f &= f - 1;
        }
        let placed = &COEFF[sq & 63];
        // The old other side now moves: the new disc is digit 2 in its
        // view (0 → 2), each flipped disc goes from its 1 to 2.
        let mut mover = self.other;
        add(&mut mover, placed);
        add(&mut mover, placed);
        add(&mut mover, &changed);
        // The old mover's view: the new disc 0 → 1, flipped discs 2 → 1.
        let mut other = self.mover;
        add(&mut other, placed);
        sub(&mut other, &changed);
        Features { mover, other }
    }

    /// The new side to move's indices after the side to move plays `sq`
    /// flipping `flips`: the `mover` half of [`Features::after_move`], all a
    /// leaf's evaluation reads.
    #[inline(always)]
    pub fn mover_after(&self, sq: usize, flips: u64) -> [u16; LANES] {
        let mut mover = self.other;
        let placed = &COEFF[sq & 63];
        add(&mut mover, placed);
        add(&mut mover, placed);
        let mut f = flips;
        while f != 0 {
            add(&mut mover, &COEFF[f.trailing_zeros() as usize]);
            f &= f - 1;
        }
        mover
    }

    /// The side to move's pattern indices.
    #[inline(always)]
    pub fn mover(&self) -> &[u16; LANES] {
        &self.mover
    }

    /// The indices after a pass (the views swap).
    #[inline]
    pub fn after_pass(&self) -> Features {
        Features {
            mover: self.other,
            other: self.mover,
        }
    }
}

impl PatternEvaluator {
    /// [`PatternEvaluator::evaluate`] of the position `(p, o)` (p to move)
    /// whose pattern indices are `features`, with the count features
    /// computed in full; the same value to the bit.
    #[inline(always)]
    pub fn evaluate_features(&self, features: &Features, p: u64, o: u64) -> f32 {
        let o = o & !p;
        let (mp, mo) = movegen::both_moves(p, o);
        self.evaluate_from_moves(&features.mover, p, o, mp, mo)
    }

    /// [`PatternEvaluator::evaluate_features`] from the side to move's
    /// pattern indices alone (`mover`, as [`Features::mover_after`] gives
    /// them), the mobilities generated by the move kernels `K` (inlined
    /// into the caller's instance: the same moves, in its instruction set).
    #[inline(always)]
    pub fn evaluate_indices<K: Kernels>(&self, mover: &[u16; LANES], p: u64, o: u64) -> f32 {
        let o = o & !p;
        self.evaluate_from_moves(mover, p, o, K::moves(p, o), K::moves(o, p))
    }

    /// The evaluation of `(p, o)` (p to move, disjoint) from the side to
    /// move's pattern indices `mover` and both sides' legal moves.
    #[inline(always)]
    fn evaluate_from_moves(&self, mover: &[u16; LANES], p: u64, o: u64, mp: u64, mo: u64) -> f32 {
        let table = self.stage_weights(&Board {
            player: p,
            opponent: o,
        });
        let mut sum = 0i32;
        // Every `u16` index is inside a stage's table (the stride is 2^16),
        // so these reads need no bounds check and can never leave the table,
        // even for indices that a misuse of `after_move` would produce.
        for &i in &mover[..NUM_PATTERN_FEATURES] {
            sum += table[usize::from(i)] as i32;
        }
        for i in count_indices_from_moves(p, o, mp, mo) {
            sum += table[usize::from(i)] as i32;
        }
        sum as f32 * self.inv_scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::movegen::{flips, moves};
    use crate::eval::patterns::{feature_indices, NUM_FEATURES};
    use crate::rng::{random_position, SplitMix64};

    #[test]
    fn patterns_come_before_the_counts() {
        for (k, f) in FEATURE_FAMILIES.iter().enumerate() {
            assert_eq!(f.is_count(), k >= NUM_PATTERN_FEATURES, "slot {k}");
        }
        const { assert!(NUM_PATTERN_FEATURES < NUM_FEATURES && LANES >= NUM_PATTERN_FEATURES) };
    }

    #[test]
    fn coefficients_read_the_same_squares_as_feature_indices() {
        let empty = feature_indices(&Board {
            player: 0,
            opponent: 0,
        });
        for (sq, coeff) in COEFF.iter().enumerate() {
            let one = feature_indices(&Board {
                player: 1 << sq,
                opponent: 0,
            });
            for k in 0..NUM_PATTERN_FEATURES {
                assert_eq!(one[k] - empty[k], coeff[k], "square {sq} feature {k}");
            }
            assert!(coeff[NUM_PATTERN_FEATURES..].iter().all(|&c| c == 0));
        }
    }

    /// Random games: the updated features equal the recomputed ones at
    /// every ply, passes included, and so does the evaluation.
    #[test]
    fn updates_match_a_full_recompute_along_games() {
        let eval = PatternEvaluator::embedded().expect("embedded weights decode");
        let mut rng = SplitMix64::new(0x1C2E);
        let mut plies = 0;
        for _ in 0..200 {
            let mut b = Board::start();
            let mut f = Features::new(&b);
            loop {
                assert_eq!(f, Features::new(&b));
                assert_eq!(
                    eval.evaluate_features(&f, b.player, b.opponent),
                    eval.evaluate(&b)
                );
                let mv = moves(b.player, b.opponent);
                if mv == 0 {
                    if moves(b.opponent, b.player) == 0 {
                        break;
                    }
                    b = b.pass();
                    f = f.after_pass();
                    continue;
                }
                let n = rng.below(u64::from(mv.count_ones())) as u32;
                let mut m = mv;
                for _ in 0..n {
                    m &= m - 1;
                }
                let sq = m.trailing_zeros() as usize;
                let fl = flips(b.player, b.opponent, sq);
                let leaf = f.mover_after(sq, fl);
                f = f.after_move(sq, fl);
                assert_eq!(leaf, f.mover);
                b = Board {
                    player: b.opponent ^ fl,
                    opponent: b.player ^ fl ^ (1 << sq),
                };
                plies += 1;
            }
        }
        assert!(plies > 10_000, "{plies}");
        // And from arbitrary reachable positions.
        for _ in 0..200 {
            let empties = 1 + rng.below(55) as u32;
            if let Some(b) = random_position(&mut rng, empties) {
                let f = Features::new(&b);
                assert_eq!(
                    eval.evaluate_features(&f, b.player, b.opponent),
                    eval.evaluate(&b)
                );
            }
        }
    }
}
