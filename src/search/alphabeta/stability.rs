//! Stable discs: discs that no sequence of moves can ever flip.
//!
//! Edge discs can only be flipped along their edge, so their stability comes
//! from a table over every edge configuration (computed once: a disc is
//! stable if it keeps its colour whatever either side plays on the edge's
//! empty squares, in any order). An inner disc is stable when, on each of its
//! four lines (horizontal, vertical, two diagonals), the line is full or one
//! of its two neighbours on that line is a stable disc of the same colour.
//! The result is a subset of the truly stable discs (a lower bound), which is
//! what the stability cutoff needs: the opponent's stable discs bound the
//! score of the side to move from above.

use crate::units::{Score, SCORE_MAX};

/// Squares not on the board's edge.
const INNER: u64 = 0x007E_7E7E_7E7E_7E00;
/// The a-file.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The stable discs of the owner of an 8-square edge line, indexed by
/// `player << 8 | opponent` (8 bits each, adjacent squares in adjacent bits).
/// Built at compile time, so that a look-up is a plain load (no check that
/// a lazily built table is ready).
static EDGE_TABLE: [u8; 1 << 16] = build_edge_table();

/// The discs a move on bit `x` of a line by `p` against `o` flips (8-bit line).
const fn line_flips(p: u32, o: u32, x: u32) -> u32 {
    let mut f = 0;
    // Toward higher bits.
    let mut run = 0;
    let mut y = x + 1;
    while y < 8 && o >> y & 1 != 0 {
        run |= 1 << y;
        y += 1;
    }
    if y < 8 && p >> y & 1 != 0 {
        f |= run;
    }
    // Toward lower bits.
    run = 0;
    let mut y = x as i32 - 1;
    while y >= 0 && o >> y & 1 != 0 {
        run |= 1 << y;
        y -= 1;
    }
    if y >= 0 && p >> y & 1 != 0 {
        f |= run;
    }
    f
}

/// Builds the edge table by increasing number of empty squares (fewest
/// first, so that every state a move leads to is already known): a full
/// line is all stable; otherwise a disc of the player is stable when it is
/// stable after every move of either side on every empty square (such a
/// move is always possible in a real game through the other directions).
/// Only the 3⁸ states with `p & o == 0` are built; the rest stay 0.
const fn build_edge_table() -> [u8; 1 << 16] {
    let mut table = [0u8; 1 << 16];
    let mut empties = 0;
    while empties <= 8 {
        let mut p = 0u32;
        while p < 256 {
            // Every `o` disjoint from `p`: the subsets of `!p`.
            let free = !p & 0xFF;
            let mut o = 0u32;
            loop {
                let empty = !(p | o) & 0xFF;
                if empty.count_ones() == empties {
                    let mut stable = p;
                    let mut e = empty;
                    while e != 0 && stable != 0 {
                        let x = e.trailing_zeros();
                        e &= e - 1;
                        let bit = 1 << x;
                        // The player plays x.
                        let f = line_flips(p, o, x);
                        let (np, no) = (p | bit | f, o & !f);
                        stable &= table[(np << 8 | no) as usize] as u32;
                        // The opponent plays x.
                        let f = line_flips(o, p, x);
                        let (np, no) = (p & !f, o | bit | f);
                        stable &= table[(np << 8 | no) as usize] as u32;
                    }
                    table[(p << 8 | o) as usize] = stable as u8;
                }
                if o == free {
                    break;
                }
                // The next subset of `free`.
                o = ((o | !free) + 1) & free;
            }
            p += 1;
        }
        empties += 1;
    }
    table
}

/// Packs the a-file (a1 bit 0 … a8 bit 7) of `x` into a byte.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline]
fn pack_file_a(x: u64) -> u32 {
    ((x & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Spreads a byte (bit i = rank i) over the a-file: bit i of `x` goes to
/// bit 8i. Each bit lands at its own place in the product (`x` times the
/// sum of 2^(7j) puts bit i at i + 7j, and i + 7j = 8k only for j = i,
/// two terms never meet), so there is no carry and the mask keeps the
/// file. Ranks 1 and 8 are left out: the edge rows cover the corners.
#[inline(always)]
fn spread_inner_file_a(x: u32) -> u64 {
    (u64::from(x & 0x7E).wrapping_mul(0x0000_0408_1020_4080)) & 0x0001_0101_0101_0100
}

/// The edge table's indices of the four edges, `[rank 1, rank 8, a-file,
/// h-file]`, each `player << 8 | opponent` (the portable version; on
/// x86-64 the tests hold the SSE2 one to it).
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
fn edge_indices_portable(p: u64, o: u64) -> [usize; 4] {
    [
        ((p & 0xFF) << 8 | (o & 0xFF)) as usize,
        ((p >> 56) << 8 | (o >> 56)) as usize,
        (pack_file_a(p) << 8 | pack_file_a(o)) as usize,
        (pack_file_a(p >> 7) << 8 | pack_file_a(o >> 7)) as usize,
    ]
}

/// [`edge_indices_portable`] with SSE2, which every x86-64 processor has
/// (no run-time choice): interleaving the bytes of `o` and `p` makes each
/// 16-bit word a rank's index, and the byte mask of `[o, p]` gathers the
/// h-file of both (the a-file after a shift by 7) in one instruction.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn edge_indices(p: u64, o: u64) -> [usize; 4] {
    use std::arch::x86_64::{
        _mm_cvtsi64_si128, _mm_extract_epi16, _mm_movemask_epi8, _mm_slli_epi64,
        _mm_unpacklo_epi64, _mm_unpacklo_epi8,
    };
    // SAFETY: SSE2 is part of the x86-64 baseline, so these intrinsics run
    // on every processor this code is compiled for; they touch no memory.
    unsafe {
        let p0 = _mm_cvtsi64_si128(p as i64);
        let o0 = _mm_cvtsi64_si128(o as i64);
        // Word r: o's byte r, then p's byte r (rank r + 1's index).
        let ranks = _mm_unpacklo_epi8(o0, p0);
        let both = _mm_unpacklo_epi64(o0, p0);
        [
            _mm_extract_epi16::<0>(ranks) as usize,
            _mm_extract_epi16::<7>(ranks) as usize,
            _mm_movemask_epi8(_mm_slli_epi64::<7>(both)) as usize,
            _mm_movemask_epi8(both) as usize,
        ]
    }
}

/// [`edge_indices_portable`] where there is no SSE2.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn edge_indices(p: u64, o: u64) -> [usize; 4] {
    edge_indices_portable(p, o)
}

/// The stable discs of `p` on the four edges.
#[inline(always)]
fn edge_stable(p: u64, o: u64) -> u64 {
    let t = &EDGE_TABLE;
    let [r1, r8, fa, fh] = edge_indices(p, o);
    u64::from(t[r1])
        | u64::from(t[r8]) << 56
        | spread_inner_file_a(u32::from(t[fa]))
        | spread_inner_file_a(u32::from(t[fh])) << 7
}

/// Diagonal lines (a1-h8 direction) of length ≥ 3, as masks (tests).
#[cfg(test)]
static DIAG9: [u64; 11] = diag_masks(true);
/// Anti-diagonal lines (h1-a8 direction) of length ≥ 3, as masks (tests).
#[cfg(test)]
static DIAG7: [u64; 11] = diag_masks(false);

#[cfg(test)]
const fn diag_masks(main: bool) -> [u64; 11] {
    let mut out = [0u64; 11];
    let mut k = 0;
    // Diagonal index d = file - rank (+7) for main, file + rank for anti.
    let mut d = 2;
    while d <= 12 {
        let mut m = 0u64;
        let mut sq = 0;
        while sq < 64 {
            let (f, r) = (sq % 8, sq / 8);
            let id = if main { f + 7 - r } else { f + r };
            if id == d {
                m |= 1 << sq;
            }
            sq += 1;
        }
        out[k] = m;
        k += 1;
        d += 1;
    }
    out
}

/// Every square that shares a diagonal with a square of `x`, for `step` 9
/// (the a1-h8 direction) or 7 (the h1-a8 direction): a fill of `x` both
/// ways along the diagonal, in doubling steps (1, 2, 4 squares) with the
/// files that a shift of that many squares cannot reach masked off.
#[inline(always)]
fn diagonal_spread(x: u64, step: u32) -> u64 {
    // NOT_LOW[k]: every file but the k lowest (a..); NOT_HIGH[k]: every file but the k highest.
    const NOT_LOW: [u64; 3] = [
        0xFEFE_FEFE_FEFE_FEFE,
        0xFCFC_FCFC_FCFC_FCFC,
        0xF0F0_F0F0_F0F0_F0F0,
    ];
    const NOT_HIGH: [u64; 3] = [
        0x7F7F_7F7F_7F7F_7F7F,
        0x3F3F_3F3F_3F3F_3F3F,
        0x0F0F_0F0F_0F0F_0F0F,
    ];
    // A shift up by 9 moves a square one file right, by 7 one file left.
    let (up_mask, down_mask) = if step == 9 {
        (NOT_LOW, NOT_HIGH)
    } else {
        (NOT_HIGH, NOT_LOW)
    };
    let mut up = x;
    let mut down = x;
    for (k, shift) in [step, 2 * step, 4 * step].into_iter().enumerate() {
        up |= (up << shift) & up_mask[k];
        down |= (down >> shift) & down_mask[k];
    }
    up | down
}

/// The full lines in each of the four directions: `[horizontal, vertical,
/// a1-h8 diagonal, h1-a8 diagonal]`, each the union of the full lines'
/// squares. Diagonals of length 1–2 count as full (their squares are corners
/// or edges, and they cannot be flipped along them).
#[inline(always)]
fn full_lines(occ: u64) -> [u64; 4] {
    let mut h = occ;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let full_h = (h & FILE_A).wrapping_mul(0xFF);
    // Rotating by whole ranks ANDs every rank into every rank.
    let mut full_v = occ;
    full_v &= full_v.rotate_right(8);
    full_v &= full_v.rotate_right(16);
    full_v &= full_v.rotate_right(32);
    // A diagonal square is on a full line unless an empty square shares
    // its diagonal: spread the empties along each diagonal both ways.
    // Short diagonals (length 1–2) cover the squares near the corners and
    // count as full.
    let empty = !occ;
    let d9 = !diagonal_spread(empty, 9) | 0x0301_0000_0000_80C0;
    let d7 = !diagonal_spread(empty, 7) | 0xC080_0000_0000_0103;
    [full_h, full_v, d9, d7]
}

/// The stable discs of `p` (against `o`): a subset of the discs that can
/// never be flipped.
///
/// Always inlined: each instance of the solvers then compiles the scan with
/// its own target features (BMI with AVX2 or AVX-512 on the vector
/// instances) and without a call; out of line it was one function built for the baseline
/// target, called from every instance.
#[inline(always)]
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let [fh, fv, f9, f7] = full_lines(p | o);
    let inner = p & INNER;
    let mut stable = edge_stable(p, o) | (fh & fv & f9 & f7 & inner);
    if stable == 0 {
        return 0;
    }
    loop {
        let old = stable;
        let h = (stable >> 1) | (stable << 1) | fh;
        let v = (stable >> 8) | (stable << 8) | fv;
        let d9 = (stable >> 9) | (stable << 9) | f9;
        let d7 = (stable >> 7) | (stable << 7) | f7;
        stable |= h & v & d9 & d7 & inner;
        if stable == old {
            return stable;
        }
    }
}

/// The number of stable discs of `o`, and from it the best score the side
/// to move `p` can still reach: `64 - 2 × stable(o)`.
#[inline]
pub fn score_upper_bound(p: u64, o: u64) -> Score {
    SCORE_MAX - 2 * stable_discs(o, p).count_ones() as Score
}

/// [`score_upper_bound`] for a search whose window starts at `alpha`, when
/// it may reach `alpha`; else `None`, and the stable discs are not
/// computed. The opponent's stable discs are among its discs: with fewer
/// than `(64 - alpha) / 2` of them the bound stays above `alpha`, so one
/// popcount spares the work where the cutoff cannot succeed (the bound
/// would only have narrowed the window from above).
#[inline]
pub fn stability_bound(p: u64, o: u64, alpha: Score) -> Option<Score> {
    (SCORE_MAX - 2 * o.count_ones() as Score <= alpha).then(|| score_upper_bound(p, o))
}

/// Owned corners plus the owned squares orthogonally next to an owned corner
/// (a cheap stability measure for move ordering).
#[inline]
pub fn corner_stability(p: u64) -> u32 {
    let s = (((0x0100_0000_0000_0001 & p) << 1)
        | ((0x8000_0000_0000_0080 & p) >> 1)
        | ((0x0000_0000_0000_0081 & p) << 8)
        | ((0x8100_0000_0000_0000 & p) >> 8)
        | 0x8100_0000_0000_0081)
        & p;
    s.count_ones()
}

/// Straightforward square-by-square version of [`stable_discs`] (same
/// rule, no bit tricks), for the tests.
pub fn stable_discs_reference(p: u64, o: u64) -> u64 {
    let occ = p | o;
    let at = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
    let bit = |f: i32, r: i32| 1u64 << (r * 8 + f);
    // Is the whole line through (f, r) in direction (df, dr) occupied?
    let line_full = |f: i32, r: i32, df: i32, dr: i32| {
        for s in [1, -1] {
            let (mut x, mut y) = (f + s * df, r + s * dr);
            while at(x, y) {
                if occ & bit(x, y) == 0 {
                    return false;
                }
                x += s * df;
                y += s * dr;
            }
        }
        true
    };
    let table = &EDGE_TABLE;
    // Edges by brute force over the edge line alone.
    let mut stable = 0u64;
    for edge in 0..4 {
        let sqs: Vec<(i32, i32)> = (0..8)
            .map(|i| match edge {
                0 => (i, 0),
                1 => (i, 7),
                2 => (0, i),
                _ => (7, i),
            })
            .collect();
        let (mut lp, mut lo) = (0u32, 0u32);
        for (i, &(f, r)) in sqs.iter().enumerate() {
            if p & bit(f, r) != 0 {
                lp |= 1 << i;
            }
            if o & bit(f, r) != 0 {
                lo |= 1 << i;
            }
        }
        let s = table[(lp << 8 | lo) as usize];
        for (i, &(f, r)) in sqs.iter().enumerate() {
            if s >> i & 1 != 0 {
                stable |= bit(f, r);
            }
        }
    }
    let dirs = [(1, 0), (0, 1), (1, 1), (1, -1)];
    loop {
        let old = stable;
        for r in 1..7 {
            for f in 1..7 {
                if p & bit(f, r) == 0 {
                    continue;
                }
                let ok = dirs.iter().all(|&(df, dr)| {
                    line_full(f, r, df, dr)
                        || stable & bit(f + df, r + dr) != 0
                        || stable & bit(f - df, r - dr) != 0
                });
                if ok {
                    stable |= bit(f, r);
                }
            }
        }
        if stable == old {
            return stable;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::movegen;
    use crate::rng::{random_position, SplitMix64};

    #[test]
    fn file_packing_round_trips() {
        for x in 0u32..256 {
            let spread = spread_inner_file_a(x);
            assert_eq!(spread & !FILE_A, 0);
            assert_eq!(pack_file_a(spread), x & 0x7E);
            for i in 1..7 {
                assert_eq!(spread >> (8 * i) & 1, (x >> i & 1) as u64);
            }
        }
    }

    /// The edge indices (SSE2 on x86-64) equal the portable ones.
    #[test]
    fn edge_indices_match_portable() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..100_000 {
            let (a, b) = (rng.next_u64(), rng.next_u64());
            let (p, o) = (a & !b, b & !a);
            assert_eq!(edge_indices(p, o), edge_indices_portable(p, o));
        }
        for (p, o) in [(0, 0), (u64::MAX, 0), (0, u64::MAX), (FILE_A, !FILE_A)] {
            assert_eq!(edge_indices(p, o), edge_indices_portable(p, o));
        }
    }

    #[test]
    fn edge_table_basics() {
        let t = &EDGE_TABLE;
        // A full line is stable for both sides.
        assert_eq!(t[0b1010_1010 << 8 | 0b0101_0101], 0b1010_1010);
        // A lone corner is stable, a lone non-corner is not.
        assert_eq!(t[1 << 8], 1);
        assert_eq!(t[0b10 << 8], 0);
        // Corner plus a run from it is stable.
        assert_eq!(t[0b111 << 8 | 0b1000], 0b111);
        // An opponent disc bracketed by empties can be flipped.
        assert_eq!(t[(1 << 3) << 8], 0);
    }

    #[test]
    fn fast_matches_reference_and_is_sound() {
        let mut rng = SplitMix64::new(0xA11CE);
        let mut checked = 0;
        while checked < 3000 {
            let empties = 1 + rng.below(40) as u32;
            let Some(b) = random_position(&mut rng, empties) else {
                continue;
            };
            checked += 1;
            for (p, o) in [(b.player, b.opponent), (b.opponent, b.player)] {
                let fast = stable_discs(p, o);
                assert_eq!(fast, stable_discs_reference(p, o), "{p:#x} {o:#x}");
                assert_eq!(fast & !p, 0);
            }
            // Soundness: play random games to the end; stable discs never flip.
            let sp = stable_discs(b.player, b.opponent);
            let so = stable_discs(b.opponent, b.player);
            for _ in 0..3 {
                // (first, second) = discs of b.player's side, of the other.
                let (mut first, mut second, mut first_to_move) = (b.player, b.opponent, true);
                loop {
                    let (me, you) = if first_to_move {
                        (first, second)
                    } else {
                        (second, first)
                    };
                    let mut m = movegen::moves(me, you);
                    if m == 0 {
                        if movegen::moves(you, me) == 0 {
                            break;
                        }
                        first_to_move = !first_to_move;
                        continue;
                    }
                    for _ in 0..rng.below(m.count_ones() as u64) {
                        m &= m - 1;
                    }
                    let sq = m.trailing_zeros() as usize;
                    let f = movegen::flips(me, you, sq);
                    let (me, you) = (me | f | 1 << sq, you & !f);
                    (first, second) = if first_to_move { (me, you) } else { (you, me) };
                    first_to_move = !first_to_move;
                    assert_eq!(sp & !first, 0, "a stable disc of the player flipped");
                    assert_eq!(so & !second, 0, "a stable disc of the opponent flipped");
                }
            }
        }
    }

    /// The disc-count shortcut never hides a cutoff: wherever the bound
    /// reaches alpha, it is computed; and it is skipped somewhere.
    #[test]
    fn stability_bound_skips_only_hopeless_tests() {
        let mut rng = SplitMix64::new(0x5AB1E);
        let (mut computed, mut skipped) = (0, 0);
        for _ in 0..3000 {
            let empties = 1 + rng.below(30) as u32;
            let Some(b) = random_position(&mut rng, empties) else {
                continue;
            };
            let (p, o) = (b.player, b.opponent);
            let ub = score_upper_bound(p, o);
            for alpha in -64..64 {
                match stability_bound(p, o, alpha) {
                    Some(v) => {
                        assert_eq!(v, ub);
                        computed += 1;
                    }
                    None => {
                        assert!(ub > alpha, "{b:?} alpha {alpha}: the cut {ub} was hidden");
                        skipped += 1;
                    }
                }
            }
        }
        assert!(computed > 0 && skipped > 0, "{computed} {skipped}");
    }

    /// The full lines of the diagonals by looking at each diagonal's mask
    /// (the former implementation): the same lines as [`full_lines`].
    #[test]
    fn diagonal_full_lines_match_masks() {
        let mut rng = SplitMix64::new(0xD1A6);
        for i in 0..20_000 {
            // Sparse and dense boards both.
            let occ = match i % 3 {
                0 => rng.next_u64(),
                1 => rng.next_u64() | rng.next_u64(),
                _ => rng.next_u64() | rng.next_u64() | rng.next_u64() | rng.next_u64(),
            };
            let mut d9 = 0x0301_0000_0000_80C0u64;
            let mut d7 = 0xC080_0000_0000_0103u64;
            for &m in &DIAG9 {
                if occ & m == m {
                    d9 |= m;
                }
            }
            for &m in &DIAG7 {
                if occ & m == m {
                    d7 |= m;
                }
            }
            let [_, _, f9, f7] = full_lines(occ);
            assert_eq!((f9, f7), (d9, d7), "{occ:#x}");
        }
    }

    #[test]
    fn corner_stability_counts() {
        assert_eq!(corner_stability(0), 0);
        assert_eq!(corner_stability(1), 1);
        assert_eq!(corner_stability(0b11 | 1 << 8), 3);
        assert_eq!(corner_stability(0b10), 0);
    }
}
