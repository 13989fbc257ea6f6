//! The eight symmetries of the board (the dihedral group of the square).

/// Mirror top to bottom: rank 1 ↔ rank 8.
#[inline]
pub const fn flip_vertical(b: u64) -> u64 {
    b.swap_bytes()
}

/// Mirror left to right: file a ↔ file h.
#[inline]
pub const fn flip_horizontal(b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let b = ((b >> 1) & K1) | ((b & K1) << 1);
    let b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Mirror in the a1–h8 diagonal (transpose): square (file, rank) ↔ (rank, file).
#[inline]
pub const fn flip_diagonal(b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0F0F_0F0F_0000_0000;
    let mut b = b;
    let t = K4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = K2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = K1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// Applies symmetry number `s` (0 … 7) to a bitboard. Bit 0 of `s` mirrors
/// left–right, bit 1 top–bottom, bit 2 transposes (applied last); 0 is the
/// identity. The group is closed: composing any two gives another of the 8.
#[inline]
pub const fn apply(s: u8, b: u64) -> u64 {
    let mut b = b;
    if s & 1 != 0 {
        b = flip_horizontal(b);
    }
    if s & 2 != 0 {
        b = flip_vertical(b);
    }
    if s & 4 != 0 {
        b = flip_diagonal(b);
    }
    b
}

/// Applies symmetry `s` to a square index (same convention as [`apply`]).
#[inline]
pub const fn apply_square(s: u8, sq: usize) -> usize {
    (apply(s, 1u64 << sq)).trailing_zeros() as usize
}

/// The symmetry that undoes `s`.
#[inline]
pub const fn inverse(s: u8) -> u8 {
    // Transposition after mirrors: undoing swaps which mirror applies.
    if s & 4 != 0 {
        let h = s & 1;
        let v = (s >> 1) & 1;
        4 | (h << 1) | v
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_map_as_expected() {
        // a1 = 0, h1 = 7, a8 = 56, b3 = 17
        assert_eq!(apply_square(1, 0), 7);
        assert_eq!(apply_square(2, 0), 56);
        assert_eq!(apply_square(4, 17), 10); // b3 -> c2
        assert_eq!(apply_square(4, 7), 56); // h1 -> a8
    }

    #[test]
    fn inverse_undoes() {
        let b = 0x0123_4567_89AB_CDEF_u64;
        for s in 0..8 {
            assert_eq!(apply(inverse(s), apply(s, b)), b, "symmetry {s}");
            for sq in 0..64 {
                assert_eq!(apply_square(inverse(s), apply_square(s, sq)), sq);
            }
        }
        let images: std::collections::HashSet<u64> =
            (0..8).map(|s| apply(s, 0x0000_0000_0000_0f03)).collect();
        assert_eq!(images.len(), 8);
    }
}
