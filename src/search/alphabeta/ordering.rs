//! Move ordering: the static measures that rank moves before they are
//! searched (fastest first: fewest opponent replies, corners and stable
//! discs, potential mobility, parity), and the quadrant parity used near the
//! end of the game.

use super::stability::corner_stability;
use crate::board::kernels::{with_active_kernels, Kernels};
use crate::search::tuning::{W_CORNER_STABILITY, W_MOBILITY, W_PARITY, W_POTENTIAL_MOBILITY};

/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The quadrant masks (a1-d4, e1-h4, a5-d8, e5-h8).
pub const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The quadrant bit (1, 2, 4, 8) of each square.
pub static QUADRANT_BIT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let q = (sq / 32) * 2 + (sq % 8) / 4;
        t[sq] = 1 << q;
        sq += 1;
    }
    t
};

/// The mask of the quadrant of each square.
pub static QUADRANT_MASK: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = QUADRANTS[(sq / 32) * 2 + (sq % 8) / 4];
        sq += 1;
    }
    t
};

/// The quadrants holding an odd number of empty squares, as quadrant bits.
#[inline]
pub fn parity(empty: u64) -> u8 {
    let mut p = 0;
    for (q, &m) in QUADRANTS.iter().enumerate() {
        p |= ((empty & m).count_ones() as u8 & 1) << q;
    }
    p
}

/// The empty squares in odd quadrants, given the quadrant parity bits.
#[inline]
pub fn odd_squares(parity: u8) -> u64 {
    let mut m = 0;
    for (q, &mask) in QUADRANTS.iter().enumerate() {
        if parity >> q & 1 != 0 {
            m |= mask;
        }
    }
    m
}

/// Static square values (corners best, X- and C-squares worst), from the
/// usual endgame-ordering table.
pub static SQUARE_VALUE: [i32; 64] = [
    18, 4, 16, 12, 12, 16, 4, 18, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    18, 4, 16, 12, 12, 16, 4, 18, //
];

/// Squares grouped by static priority for the last-N search, best first:
/// corners; A/B edge squares and the centre-ring squares; the rest of the
/// inner squares; C-squares; X-squares.
pub const PRIORITY_CLASSES: [u64; 4] = {
    const C_AND_X: u64 = 0x4281_0000_0000_8142 | 0x0042_0000_0000_4200;
    const GOOD: u64 = 0x3C00_8181_8181_003C | 0x0000_2400_0024_0000;
    [CORNERS, GOOD, !(CORNERS | GOOD | C_AND_X), C_AND_X]
};

/// The squares next to any square of `x` (8 directions).
#[inline]
pub fn neighbours(x: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let lr = ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    let row = x | lr;
    lr | (row << 8) | (row >> 8)
}

/// Squares worth a neighbour test before computing flips: for each square,
/// its eight neighbours.
pub static NEIGHBOUR: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut m = 0u64;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (x, y) = (f + df, r + dr);
                if (df != 0 || dr != 0) && x >= 0 && x < 8 && y >= 0 && y < 8 {
                    m |= 1 << (y * 8 + x);
                }
                dr += 1;
            }
            df += 1;
        }
        t[sq] = m;
        sq += 1;
    }
    t
};

/// Key of the table's move.
pub const KEY_TT_MOVE: i32 = 1 << 30;
/// Key of a move that wipes out the opponent.
pub const KEY_WIPEOUT: i32 = (1 << 30) + 1;

/// The fastest-first key of a move on `sq` whose result is `(next_p, next_o)`
/// (next_p to move). Fewer (corner-weighted) replies first, then the
/// mover's corner stability, quadrant parity (`odd` = the square is in an
/// odd quadrant, only used near the end), the replier's potential mobility
/// and the static square value.
///
/// The moves are generated on the kernels of the process's instruction set
/// ([`cpu::active`](crate::board::cpu::active)). The solver does not call
/// this entry: each of its compiled instances computes the same key inline
/// with its own kernels.
#[inline]
pub fn fastest_first_key(sq: usize, next_p: u64, next_o: u64, odd: bool) -> i32 {
    with_active_kernels!(K => fastest_first_key_with(K::moves, sq, next_p, next_o, odd))
}

/// [`fastest_first_key`] with the move generator `moves`.
#[inline(always)]
pub(super) fn fastest_first_key_with(
    moves: impl Fn(u64, u64) -> u64,
    sq: usize,
    next_p: u64,
    next_o: u64,
    odd: bool,
) -> i32 {
    if next_p == 0 {
        return KEY_WIPEOUT;
    }
    let replies = moves(next_p, next_o);
    let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
    let empty = !(next_p | next_o);
    let potential = (neighbours(next_o) & empty).count_ones() as i32;
    SQUARE_VALUE[sq]
        + (36 - mobility) * W_MOBILITY
        + corner_stability(next_o) as i32 * W_CORNER_STABILITY
        + if odd { W_PARITY } else { 0 }
        + (36 - potential) * W_POTENTIAL_MOBILITY
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "x86_64")]
    use crate::board::cpu::Isa;
    use crate::board::kernels::Portable;
    #[cfg(target_arch = "x86_64")]
    use crate::board::kernels::X86V3;
    use crate::board::movegen;

    #[test]
    fn priority_classes_partition_the_board() {
        let mut all = 0u64;
        for (i, &c) in PRIORITY_CLASSES.iter().enumerate() {
            for &d in &PRIORITY_CLASSES[i + 1..] {
                assert_eq!(c & d, 0, "classes overlap");
            }
            all |= c;
        }
        assert_eq!(all, u64::MAX);
    }

    #[test]
    fn quadrants_and_parity() {
        assert_eq!(QUADRANT_BIT[0], 1);
        assert_eq!(QUADRANT_BIT[7], 2);
        assert_eq!(QUADRANT_BIT[56], 4);
        assert_eq!(QUADRANT_BIT[63], 8);
        assert_eq!(parity(1 | 1 << 63 | 1 << 62), 1);
        assert_eq!(odd_squares(1 | 8), QUADRANTS[0] | QUADRANTS[3]);
        for (sq, m) in QUADRANT_MASK.iter().enumerate() {
            assert_ne!(m & 1 << sq, 0);
        }
    }

    #[test]
    fn fastest_first_key_same_on_every_path() {
        let mut rng = crate::rng::SplitMix64::new(7);
        let mut checked = 0;
        while checked < 5_000 {
            let empties = 4 + rng.below(50) as u32;
            let Some(b) = crate::rng::random_position(&mut rng, empties) else {
                continue;
            };
            let mut m = b.moves();
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let f = movegen::naive::flips(b.player, b.opponent, sq);
                let (np, no) = (b.opponent ^ f, b.player ^ f ^ (1 << sq));
                let odd = sq.is_multiple_of(3);
                let want = fastest_first_key_with(movegen::naive::moves, sq, np, no, odd);
                assert_eq!(fastest_first_key(sq, np, no, odd), want, "{b:?} {sq}");
                let portable = fastest_first_key_with(Portable::moves, sq, np, no, odd);
                assert_eq!(portable, want, "{b:?} {sq}");
                #[cfg(target_arch = "x86_64")]
                if Isa::X86V3.supported() {
                    let x86 = fastest_first_key_with(X86V3::moves, sq, np, no, odd);
                    assert_eq!(x86, want, "{b:?} {sq}");
                }
                checked += 1;
            }
        }
    }

    #[test]
    fn neighbours_match_table() {
        for (sq, &n) in NEIGHBOUR.iter().enumerate() {
            assert_eq!(neighbours(1 << sq), n, "square {sq}");
        }
    }
}
