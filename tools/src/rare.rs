//! Rare configurations: how a configuration seen too seldom at a stage is
//! replaced by smaller pieces whose weights are fitted from more positions.
//!
//! After the df-pn⁺ paper (section 3, figure 1):
//!
//! - **Lines** (edge, 2nd–4th rows, diagonals): a rare configuration with a
//!   run of three or more empty squares is divided into two configurations at
//!   the middle of its longest empty run: the squares before the split point
//!   and the squares from it on. Each piece is a small pattern of its own,
//!   keyed by the family, the split point and the side, so a piece's weight
//!   is shared by every rare configuration with the same piece.
//! - **3×3 corner**: a rare configuration is reduced to the 2×2 corner (a1 b1
//!   a2 b2) plus the outer L (c1 c2 c3 b3 a3).
//! - **2×4 corner**: a rare configuration is reduced to its two 2×2 halves
//!   (a1 b1 a2 b2 and c1 d1 c2 d2).
//!
//! A configuration is *rare* at a stage when its canonical form (itself or
//! its mirror image) occurs fewer than `threshold` times among the training
//! positions of that stage (all instances counted). The fitter's default
//! threshold is [`DEFAULT_THRESHOLD`]. A rare line without an empty run of
//! three keeps its own weight (the ridge term holds it near 0).
//!
//! Because the evaluation is linear, a decomposed configuration's value is
//! just the sum of its pieces' weights; the fitter writes that sum into the
//! full table, so the evaluator never knows about pieces.

use othello_solver::eval::patterns::pow3;
use othello_solver::eval::{Family, FAMILIES};

/// Default rarity threshold (occurrences per stage).
pub const DEFAULT_THRESHOLD: u32 = 8;

/// The piece space: where each family's pieces live, after the full tables.
#[derive(Clone, Debug)]
pub struct Pieces {
    /// Per family (index into [`FAMILIES`]), the offset of each split point's
    /// left and right pieces (lines) or of the two reduced patterns (corners).
    offsets: Vec<Vec<(usize, usize)>>,
    total: usize,
}

const CORNER3X3_A: [usize; 4] = [0, 1, 3, 4];
const CORNER3X3_B: [usize; 5] = [2, 5, 8, 7, 6];
const CORNER2X4_A: [usize; 4] = [0, 1, 4, 5];
const CORNER2X4_B: [usize; 4] = [2, 3, 6, 7];

fn is_line(f: Family) -> bool {
    !f.is_count() && !matches!(f, Family::Corner3x3 | Family::Corner2x4)
}

fn sub_config(digits: &[usize], pick: &[usize]) -> usize {
    pick.iter()
        .enumerate()
        .map(|(k, &d)| digits[d] * pow3(k))
        .sum()
}

impl Default for Pieces {
    fn default() -> Self {
        Pieces::new()
    }
}

impl Pieces {
    /// The piece layout for every family.
    pub fn new() -> Pieces {
        let mut total = 0;
        let mut offsets = Vec::new();
        for f in FAMILIES {
            let mut v = Vec::new();
            if is_line(f) {
                let n = f.squares().len();
                v.push((0, 0)); // split point 0 is never used
                for m in 1..n {
                    let left = total;
                    total += pow3(m);
                    let right = total;
                    total += pow3(n - m);
                    v.push((left, right));
                }
            } else if f == Family::Corner3x3 {
                v.push((total, total + 81));
                total += 81 + 243;
            } else if f == Family::Corner2x4 {
                v.push((total, total + 81));
                total += 81 + 81;
            }
            offsets.push(v);
        }
        Pieces { offsets, total }
    }

    /// Number of piece weights.
    pub fn len(&self) -> usize {
        self.total
    }

    /// Whether there are no pieces (never: every pattern family has some).
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The two pieces (offsets into the piece space) a configuration of
    /// family `f` splits into, or `None` if it does not split.
    pub fn split(&self, f: Family, config: usize) -> Option<[usize; 2]> {
        let fi = FAMILIES.iter().position(|&g| g == f)?;
        let n = f.squares().len();
        let mut digits = [0usize; 9];
        let mut c = config;
        for d in digits.iter_mut().take(n) {
            *d = c % 3;
            c /= 3;
        }
        let digits = &digits[..n];
        if is_line(f) {
            let (mut best_start, mut best_len) = (0, 0);
            let mut k = 0;
            while k < n {
                if digits[k] == 0 {
                    let start = k;
                    while k < n && digits[k] == 0 {
                        k += 1;
                    }
                    if k - start > best_len {
                        best_start = start;
                        best_len = k - start;
                    }
                } else {
                    k += 1;
                }
            }
            if best_len < 3 {
                return None;
            }
            let m = best_start + best_len / 2;
            let left: usize = (0..m).map(|k| digits[k] * pow3(k)).sum();
            let right: usize = (m..n).map(|k| digits[k] * pow3(k - m)).sum();
            let (lo, ro) = self.offsets[fi][m];
            Some([lo + left, ro + right])
        } else if f == Family::Corner3x3 {
            let (a, b) = self.offsets[fi][0];
            Some([
                a + sub_config(digits, &CORNER3X3_A),
                b + sub_config(digits, &CORNER3X3_B),
            ])
        } else if f == Family::Corner2x4 {
            let (a, b) = self.offsets[fi][0];
            Some([
                a + sub_config(digits, &CORNER2X4_A),
                b + sub_config(digits, &CORNER2X4_B),
            ])
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_at_the_middle_of_the_empty_run() {
        let p = Pieces::new();
        // edge: X O - - - - O X  (digits 1 2 0 0 0 0 2 1)
        let digits = [1usize, 2, 0, 0, 0, 0, 2, 1];
        let c: usize = digits.iter().enumerate().map(|(k, d)| d * pow3(k)).sum();
        let [l, r] = p.split(Family::Edge, c).expect("splits");
        let (lo, ro) = p.offsets[0][4];
        assert_eq!(l - lo, 1 + 2 * 3);
        assert_eq!(r - ro, 2 * 9 + 27);
        // Two empties in a row do not split.
        let c2: usize = [1usize, 0, 0, 1, 2, 1, 2, 1]
            .iter()
            .enumerate()
            .map(|(k, d)| d * pow3(k))
            .sum();
        assert_eq!(p.split(Family::Edge, c2), None);
    }

    #[test]
    fn pieces_are_in_range_and_distinct_per_family() {
        let p = Pieces::new();
        for f in FAMILIES {
            if f.is_count() {
                assert_eq!(p.split(f, 0), None);
                continue;
            }
            for c in 0..f.configs() {
                if let Some([a, b]) = p.split(f, c) {
                    assert!(a < p.len() && b < p.len() && a != b);
                }
            }
        }
        assert!(p.split(Family::Corner3x3, 0).is_some());
    }
}
