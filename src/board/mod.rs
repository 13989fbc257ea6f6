//! The bitboard position: two `u64`s, the side to move and the other side.
//!
//! Colour is not part of [`Board`]; formats that need it carry a [`Color`]
//! beside it ([`crate::formats::Position`]). Scores are always from the side
//! to move's view and give the empty squares to the winner, so final scores
//! are even.

pub mod cpu;
pub mod kernels;
pub mod movegen;
pub mod square;
pub mod symmetry;

pub use square::{Move, Square, SquareIter, SquareParseError};

use crate::units::Score;
use std::fmt;

/// The final disc difference for the owner of `p` against the owner of
/// `o` if the game ended now, with the empty squares given to the winner
/// (none on a draw): every search's score at the end of the game.
#[inline]
pub const fn final_score(p: u64, o: u64) -> Score {
    let p = p.count_ones() as i32;
    let o = o.count_ones() as i32;
    let e = 64 - p - o;
    let d = p - o;
    if d > 0 {
        d + e
    } else if d < 0 {
        d - e
    } else {
        0
    }
}

/// Black or white.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Color {
    /// Black, who moves first (`X` / `*` / `B`).
    Black,
    /// White (`O` / `W`).
    White,
}

impl Color {
    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `'X'` for black, `'O'` for white.
    pub const fn symbol(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// `"black"` or `"white"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

/// A position from the side to move's view: `player` moves next, `opponent`
/// moved last. The two bitboards never overlap.
///
/// ```
/// use othello_solver::{Board, Square};
///
/// let start = Board::start();
/// assert_eq!(start.empties(), 60);
/// assert_eq!(start.moves().count_ones(), 4);
/// let f5 = Square::parse("f5").expect("a square name");
/// let next = start.play(f5).expect("f5 is legal");
/// assert_eq!(next.empties(), 59);
/// assert_eq!(start.perft(3, false), 56);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
}

impl Default for Board {
    fn default() -> Self {
        Board::start()
    }
}

impl Board {
    /// The standard start position, black (d5, e4) to move against white (d4, e5).
    pub const fn start() -> Board {
        Board {
            player: (1 << 35) | (1 << 28),
            opponent: (1 << 27) | (1 << 36),
        }
    }

    /// A board from two bitboards; `None` if they overlap.
    pub const fn new(player: u64, opponent: u64) -> Option<Board> {
        if player & opponent != 0 {
            None
        } else {
            Some(Board { player, opponent })
        }
    }

    /// The empty squares.
    #[inline]
    pub const fn empty(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// Number of empty squares.
    #[inline]
    pub const fn empties(&self) -> u32 {
        self.empty().count_ones()
    }

    /// Number of discs on the board.
    #[inline]
    pub const fn discs(&self) -> u32 {
        (self.player | self.opponent).count_ones()
    }

    /// Legal moves of the side to move.
    #[inline]
    pub fn moves(&self) -> u64 {
        movegen::moves(self.player, self.opponent)
    }

    /// Legal moves of the side not to move.
    #[inline]
    pub fn opponent_moves(&self) -> u64 {
        movegen::moves(self.opponent, self.player)
    }

    /// The discs a move on `sq` would flip (0 if the move is illegal).
    #[inline]
    pub fn flips(&self, sq: Square) -> u64 {
        if self.empty() & sq.bit() == 0 {
            return 0;
        }
        movegen::flips(self.player, self.opponent, sq.index())
    }

    /// Plays a move known to be legal whose flips are `flips`, and hands the
    /// turn over. (Fast path: the caller computed the flips.)
    #[inline]
    pub const fn play_flips(&self, sq: usize, flips: u64) -> Board {
        Board {
            player: self.opponent ^ flips,
            opponent: self.player ^ flips ^ (1u64 << sq),
        }
    }

    /// Plays `sq` if it is legal; `None` otherwise.
    #[inline]
    pub fn play(&self, sq: Square) -> Option<Board> {
        let f = self.flips(sq);
        if f == 0 {
            None
        } else {
            Some(self.play_flips(sq.index(), f))
        }
    }

    /// The position after each move of `moves` (a subset of
    /// [`Board::moves`]), in square order.
    #[inline]
    pub fn children_of(&self, moves: u64) -> impl Iterator<Item = Board> {
        let b = *self;
        let mut m = moves;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(b.play_flips(sq, movegen::flips(b.player, b.opponent, sq)))
        })
    }

    /// The same discs with the other side to move (a pass).
    #[inline]
    pub const fn pass(&self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// Whether neither side can move.
    #[inline]
    pub fn is_game_over(&self) -> bool {
        self.moves() == 0 && self.opponent_moves() == 0
    }

    /// The final disc difference for the side to move if the game ended now,
    /// with the empty squares given to the winner ([`final_score`]).
    #[inline]
    pub const fn final_score(&self) -> Score {
        final_score(self.player, self.opponent)
    }

    /// The board under symmetry `s` (see [`symmetry::apply`]).
    #[inline]
    pub const fn symmetric(&self, s: u8) -> Board {
        Board {
            player: symmetry::apply(s, self.player),
            opponent: symmetry::apply(s, self.opponent),
        }
    }

    /// A 64-bit hash of the position, well mixed in every bit, for indexing
    /// tables (tables still compare the full board: two boards can share a hash).
    #[inline]
    pub const fn hash(&self) -> u64 {
        let mut h = self.player.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.opponent.rotate_left(29);
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 31;
        h ^= self.opponent.wrapping_mul(0x94D0_49BB_1331_11EB);
        h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^ (h >> 32)
    }

    /// The number of leaves `depth` plies below this position (perft).
    ///
    /// Two conventions for a forced pass (docs/benchmarks.md, "Board kernels",
    /// gives the figures of both). By default the pass is a move like any other: it uses up a ply
    /// and, on the last ply, is itself a leaf (212,258,800 at depth 11).
    /// With `count_passes` the pass is free: the replies after it are counted
    /// in the same ply (212,260,880 at depth 11). A finished game is a leaf
    /// whatever the depth left.
    pub fn perft(&self, depth: u32, count_passes: bool) -> u64 {
        self.count_leaves::<true>(depth, count_passes)
    }

    /// As [`Board::perft`] but without the bulk count of the last ply: every
    /// leaf is played out. Used to measure the raw make-move speed.
    pub fn perft_full(&self, depth: u32, count_passes: bool) -> u64 {
        self.count_leaves::<false>(depth, count_passes)
    }

    /// perft, the last ply counted by popcount when `BULK`.
    fn count_leaves<const BULK: bool>(&self, depth: u32, count_passes: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves == 0 {
            let passed = self.pass();
            if passed.moves() == 0 {
                return 1;
            }
            return if count_passes {
                passed.count_leaves::<BULK>(depth, true)
            } else {
                passed.count_leaves::<BULK>(depth - 1, false)
            };
        }
        if BULK && depth == 1 {
            return moves.count_ones() as u64;
        }
        let mut total = 0;
        for sq in Square::iter_bits(moves) {
            let f = movegen::flips(self.player, self.opponent, sq.index());
            total += self
                .play_flips(sq.index(), f)
                .count_leaves::<BULK>(depth - 1, count_passes);
        }
        total
    }

    /// The disc on `sq` from the side to move's view.
    pub const fn at(&self, sq: Square) -> Cell {
        if self.player & sq.bit() != 0 {
            Cell::Player
        } else if self.opponent & sq.bit() != 0 {
            Cell::Opponent
        } else {
            Cell::Empty
        }
    }
}

/// What stands on one square, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A disc of the side to move.
    Player,
    /// A disc of the other side.
    Opponent,
    /// No disc.
    Empty,
}

impl fmt::Display for Board {
    /// An 8×8 diagram, `X` for the side to move, `O` for the other, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  a b c d e f g h")?;
        for rank in 0..8u8 {
            write!(f, "{}", rank + 1)?;
            for file in 0..8u8 {
                let sq = Square::from_file_rank(file, rank).ok_or(fmt::Error)?;
                let c = match self.at(sq) {
                    Cell::Player => 'X',
                    Cell::Opponent => 'O',
                    Cell::Empty => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        let b = Board::start();
        assert_eq!(b.empties(), 60);
        let names: Vec<String> = Square::iter_bits(b.moves())
            .map(|s| s.to_string())
            .collect();
        assert_eq!(names, vec!["d3", "c4", "f5", "e6"]);
        let f5 = Square::parse("f5").ok().and_then(|s| b.play(s));
        let after = f5.map(|b| (b.player.count_ones(), b.opponent.count_ones()));
        assert_eq!(after, Some((1, 4)));
    }

    #[test]
    fn final_score_gives_empties_to_winner() {
        let b = Board {
            player: 0b111,
            opponent: 0b1000,
        };
        assert_eq!(b.final_score(), 2 + 60);
        assert_eq!(b.pass().final_score(), -62);
        let d = Board {
            player: 1,
            opponent: 2,
        };
        assert_eq!(d.final_score(), 0);
        let full = Board {
            player: u64::MAX >> 20,
            opponent: !(u64::MAX >> 20),
        };
        assert_eq!(full.final_score(), 44 - 20);
    }

    #[test]
    fn perft_small_depths() {
        let expect = [1u64, 4, 12, 56, 244, 1396, 8200, 55092];
        for (d, &n) in expect.iter().enumerate() {
            assert_eq!(Board::start().perft(d as u32, false), n);
            assert_eq!(Board::start().perft_full(d as u32, false), n);
        }
    }
}
