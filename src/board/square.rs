//! Squares of the board and their names (`a1` … `h8`).
//!
//! Bit `i` of a bitboard is square `i`: file `i % 8` (a … h), rank `i / 8`
//! (1 … 8), so bit 0 is a1, bit 7 is h1 and bit 63 is h8.

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares, `0` = a1 … `63` = h8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// A move as the searches keep it in their tables, caches and root lists:
/// a square, or [`Move::NONE`] — no move known, or the pass of a side that
/// has no move. One byte: square `i` is `i`, `NONE` is 64, so a table entry
/// stores it as it is ([`Move::byte`], [`Move::from_byte`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Move(u8);

impl Move {
    /// No move: nothing known, or the pass.
    pub const NONE: Move = Move(64);

    /// The move to `sq`.
    #[inline(always)]
    pub const fn to(sq: Square) -> Move {
        Move(sq.0)
    }

    /// The move to the square of index `index`, known to be below 64 (a
    /// bit of a move mask): no range check in release builds.
    #[inline(always)]
    pub const fn at(index: usize) -> Move {
        debug_assert!(index < 64);
        Move(index as u8)
    }

    /// The square's index, 64 for [`Move::NONE`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The move a stored byte holds: a square below 64, else `NONE`.
    #[inline(always)]
    pub const fn from_byte(b: u8) -> Move {
        if b < 64 {
            Move(b)
        } else {
            Move::NONE
        }
    }

    /// The byte that stores it: the square's index, or 64.
    #[inline(always)]
    pub const fn byte(self) -> u8 {
        self.0
    }

    /// Whether it is [`Move::NONE`].
    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 >= 64
    }

    /// Its square, `None` for [`Move::NONE`].
    #[inline(always)]
    pub const fn square(self) -> Option<Square> {
        Square::new(self.0)
    }

    /// Its single-bit bitboard, 0 for [`Move::NONE`].
    #[inline(always)]
    pub const fn bit(self) -> u64 {
        if self.0 < 64 {
            1u64 << self.0
        } else {
            0
        }
    }
}

impl Default for Move {
    /// [`Move::NONE`].
    fn default() -> Move {
        Move::NONE
    }
}

/// Why a square name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown square name {0:?}: expected a file a-h and a rank 1-8, as in \"f5\"")]
pub struct SquareParseError(pub String);

impl Square {
    /// The square with index `index` (0 = a1 … 63 = h8), if in range.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if both are in range.
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The index 0 … 63.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) … 7 (h).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 (rank 1) … 7 (rank 8).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The single-bit bitboard of this square.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Every square, a1 … h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0u8..64).map(Square)
    }

    /// The squares of a bitboard, lowest index first.
    #[inline]
    pub fn iter_bits(bits: u64) -> SquareIter {
        SquareIter(bits)
    }

    /// Reads a name such as `f5` or `F5`.
    pub fn parse(name: &str) -> Result<Square, SquareParseError> {
        let b = name.as_bytes();
        if b.len() == 2 {
            let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
            let rank = b[1].wrapping_sub(b'1');
            if let Some(sq) = Square::from_file_rank(file, rank) {
                return Ok(sq);
            }
        }
        Err(SquareParseError(name.to_string()))
    }

    /// The lowercase name, e.g. `"f5"`.
    pub fn name(self) -> [u8; 2] {
        [b'a' + self.file(), b'1' + self.rank()]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.name();
        write!(f, "{}{}", n[0] as char, n[1] as char)
    }
}

impl FromStr for Square {
    type Err = SquareParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Square::parse(s)
    }
}

/// Iterator over the set squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct SquareIter(u64);

impl Iterator for SquareIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Square(i))
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            let name = sq.to_string();
            assert_eq!(Square::parse(&name), Ok(sq));
            assert_eq!(Square::parse(&name.to_uppercase()), Ok(sq));
        }
        assert_eq!(Square::parse("a1").map(Square::index), Ok(0));
        assert_eq!(Square::parse("h1").map(Square::index), Ok(7));
        assert_eq!(Square::parse("h8").map(Square::index), Ok(63));
        for bad in ["", "a", "a0", "a9", "i1", "a10", "11", "é1"] {
            assert!(Square::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn iterates_bits() {
        let v: Vec<usize> = Square::iter_bits(0x8000_0000_0000_0101)
            .map(Square::index)
            .collect();
        assert_eq!(v, vec![0, 8, 63]);
    }
}
