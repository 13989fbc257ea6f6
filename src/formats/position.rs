//! A position with its side to move, and its two text forms: 64 board
//! characters plus the side (`X`/`O`, also `B`/`W`), or a move list from the
//! start (`f5d6c3…`, either case, passes implicit).

use crate::board::{Board, Color, Square};
use std::fmt;

/// A board and the colour of the side to move.
///
/// ```
/// use othello_solver::{Color, Position};
///
/// let p = Position::parse("f5d6c3").expect("a move list");
/// assert_eq!(p.side, Color::White);
/// assert_eq!(p.board.empties(), 57);
/// // The board text form reads back to the same position.
/// assert_eq!(Position::parse(&p.to_string()), Ok(p));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The discs, from the side to move's view.
    pub board: Board,
    /// The colour of the side to move.
    pub side: Color,
}

/// What was wrong with a position string. `column` is 1-based in the text given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The board part had the wrong number of squares.
    #[error("board has {found} squares, expected 64 (a1..h8, then the side to move)")]
    WrongLength {
        /// Squares found.
        found: usize,
    },
    /// A character that is neither a disc nor an empty square.
    #[error("column {column}: bad board character {ch:?}, expected X, *, O, - or .")]
    BadCharacter {
        /// 1-based column in the input.
        column: usize,
        /// The character.
        ch: char,
    },
    /// No side to move after the 64 squares.
    #[error("missing side to move after the 64 squares, expected X or O (or B / W)")]
    MissingSide,
    /// A side-to-move field that is not X/O/B/W.
    #[error("column {column}: bad side to move {found:?}, expected X or O (or B / W)")]
    BadSide {
        /// 1-based column in the input.
        column: usize,
        /// What stood there.
        found: String,
    },
    /// An unreadable square name in a move list.
    #[error("column {column}: unknown square name {name:?} in the move list")]
    BadSquare {
        /// 1-based column in the input.
        column: usize,
        /// The text.
        name: String,
    },
    /// A move that is not legal where it is played.
    #[error("move {number} ({square}) is illegal for {side}")]
    IllegalMove {
        /// 1-based move number in the list.
        number: usize,
        /// The square.
        square: Square,
        /// Who was to move.
        side: &'static str,
    },
    /// Nothing at all.
    #[error("empty position: expected 64 squares and a side, or a move list such as f5d6c3")]
    Empty,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start position, black to move.
    pub const fn start() -> Position {
        Position {
            board: Board::start(),
            side: Color::Black,
        }
    }

    /// Black's discs.
    pub const fn black(&self) -> u64 {
        match self.side {
            Color::Black => self.board.player,
            Color::White => self.board.opponent,
        }
    }

    /// White's discs.
    pub const fn white(&self) -> u64 {
        match self.side {
            Color::Black => self.board.opponent,
            Color::White => self.board.player,
        }
    }

    /// A position from black's and white's discs and the side to move.
    /// `None` if the two overlap.
    pub const fn from_colors(black: u64, white: u64, side: Color) -> Option<Position> {
        let (p, o) = match side {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        match Board::new(p, o) {
            Some(board) => Some(Position { board, side }),
            None => None,
        }
    }

    /// Plays a legal move; `None` if illegal.
    pub fn play(&self, sq: Square) -> Option<Position> {
        self.board.play(sq).map(|board| Position {
            board,
            side: self.side.opponent(),
        })
    }

    /// Hands the move to the other side.
    pub const fn pass(&self) -> Position {
        Position {
            board: self.board.pass(),
            side: self.side.opponent(),
        }
    }

    /// Plays `sq`, first passing if the side to move has no move and the
    /// other side does (the implicit pass of transcripts). `None` if the move
    /// is illegal even so.
    pub fn play_with_pass(&self, sq: Square) -> Option<Position> {
        if self.board.moves() == 0 && self.board.opponent_moves() != 0 {
            self.pass().play(sq)
        } else {
            self.play(sq)
        }
    }

    /// The 64-character board (a1…h8, `X` black, `O` white, `-` empty), a
    /// space and the side to move.
    pub fn to_board_string(&self) -> String {
        let mut s = String::with_capacity(66);
        s.push_str(&self.squares_string());
        s.push(' ');
        s.push(self.side.symbol());
        s
    }

    /// The 64 board characters alone.
    pub fn squares_string(&self) -> String {
        let (b, w) = (self.black(), self.white());
        (0..64)
            .map(|i| {
                if b >> i & 1 != 0 {
                    'X'
                } else if w >> i & 1 != 0 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect()
    }

    /// Reads a position: 64 board characters followed by the side to move
    /// (with or without a space between), or a move list from the start.
    pub fn parse(text: &str) -> Result<Position, PositionError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(PositionError::Empty);
        }
        if looks_like_move_list(t) {
            Ok(parse_move_list(t)?.0)
        } else {
            parse_board(t)
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_board_string())
    }
}

impl std::str::FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::parse(s)
    }
}

/// A move list has only square names (letters a–h, digits), at least one
/// digit, and none of the board characters `X O * - .`.
fn looks_like_move_list(t: &str) -> bool {
    t.chars().any(|c| c.is_ascii_digit())
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || c.is_whitespace())
        && !t.chars().any(|c| matches!(c, 'x' | 'X' | 'o' | 'O'))
}

fn parse_board(t: &str) -> Result<Position, PositionError> {
    let mut black = 0u64;
    let mut white = 0u64;
    let mut n = 0usize;
    let mut chars = t.char_indices().peekable();
    // 64 board squares, no spaces inside.
    while n < 64 {
        let Some(&(i, c)) = chars.peek() else { break };
        match c {
            'X' | 'x' | '*' => black |= 1 << n,
            'O' | 'o' => white |= 1 << n,
            '-' | '.' => {}
            c if c.is_whitespace() => break,
            c => {
                return Err(PositionError::BadCharacter {
                    column: t[..i].chars().count() + 1,
                    ch: c,
                })
            }
        }
        n += 1;
        chars.next();
    }
    if n < 64 {
        return Err(PositionError::WrongLength { found: n });
    }
    // Skip spaces, then exactly one side character.
    while chars.peek().is_some_and(|&(_, c)| c.is_whitespace()) {
        chars.next();
    }
    let Some((i, c)) = chars.next() else {
        return Err(PositionError::MissingSide);
    };
    let column = t[..i].chars().count() + 1;
    let rest = t[i..].trim_end();
    let side = match c.to_ascii_uppercase() {
        'X' | 'B' | '*' if rest.chars().count() == 1 => Color::Black,
        'O' | 'W' if rest.chars().count() == 1 => Color::White,
        // A 65th board character with no space: the board is too long.
        '-' | '.' if column == 65 => {
            return Err(PositionError::WrongLength {
                found: 64 + rest.chars().take_while(|c| !c.is_whitespace()).count(),
            })
        }
        _ => {
            return Err(PositionError::BadSide {
                column,
                found: rest.to_string(),
            })
        }
    };
    Position::from_colors(black, white, side).ok_or(PositionError::WrongLength { found: 64 })
}

/// Plays a move list from the start, with implicit passes. Returns the final
/// position and the squares played.
pub fn parse_move_list(t: &str) -> Result<(Position, Vec<Square>), PositionError> {
    let mut pos = Position::start();
    let mut moves = Vec::new();
    let chars: Vec<(usize, char)> = t
        .chars()
        .filter(|c| !c.is_whitespace())
        .enumerate()
        .collect();
    let mut k = 0;
    while k < chars.len() {
        let column = chars[k].0 + 1;
        let name: String = chars[k..(k + 2).min(chars.len())]
            .iter()
            .map(|&(_, c)| c)
            .collect();
        let sq = Square::parse(&name).map_err(|_| PositionError::BadSquare { column, name })?;
        let next = pos.play_with_pass(sq).ok_or(PositionError::IllegalMove {
            number: moves.len() + 1,
            square: sq,
            side: if pos.board.moves() == 0 {
                pos.side.opponent().name()
            } else {
                pos.side.name()
            },
        })?;
        pos = next;
        moves.push(sq);
        k += 2;
    }
    Ok((pos, moves))
}

/// Writes a move list as lowercase square names, `f5d6c3…`.
pub fn format_move_list(moves: &[Square]) -> String {
    moves.iter().map(|s| s.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "---------------------------OX------XO--------------------------- X";

    #[test]
    fn start_round_trips() {
        let p = Position::parse(START);
        assert_eq!(p, Ok(Position::start()));
        assert_eq!(Position::start().to_board_string(), START);
        let no_space = START.replace(' ', "");
        assert_eq!(Position::parse(&no_space), Ok(Position::start()));
        let alt = START.replace('-', ".").replace('X', "*");
        assert_eq!(
            Position::parse(&alt.replace(" *", " B")),
            Ok(Position::start())
        );
    }

    #[test]
    fn move_lists() {
        let (p, m) = parse_move_list("f5d6C3d3c4").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(m.len(), 5);
        assert_eq!(p.side, Color::White);
        assert_eq!(format_move_list(&m), "f5d6c3d3c4");
        assert_eq!(Position::parse("f5 d6 c3 d3 c4"), Ok(p));
        assert!(matches!(
            Position::parse("f5f5"),
            Err(PositionError::IllegalMove { number: 2, .. })
        ));
        assert!(matches!(
            Position::parse("f5z9"),
            Err(PositionError::BadSquare { column: 3, .. })
        ));
    }

    #[test]
    fn bad_boards() {
        assert!(matches!(
            Position::parse(&START[..60]),
            Err(PositionError::WrongLength { found: 60 }) | Err(PositionError::BadSide { .. })
        ));
        assert_eq!(
            Position::parse(&START.replace(" X", "")),
            Err(PositionError::MissingSide)
        );
        assert!(matches!(
            Position::parse(&START.replacen('-', "Z", 1)),
            Err(PositionError::BadCharacter { column: 1, ch: 'Z' })
        ));
        assert!(matches!(
            Position::parse(&START.replace(" X", " Q")),
            Err(PositionError::BadSide { column: 66, .. })
        ));
        assert!(matches!(
            Position::parse(&START.replace(" X", "- X")),
            Err(PositionError::WrongLength { found: 65 })
        ));
        assert_eq!(Position::parse("   "), Err(PositionError::Empty));
    }
}
