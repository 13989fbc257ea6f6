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
    /// An explicit pass (`PA`, `PS`) where the side to move has a move, or
    /// where neither side has one.
    #[error("move {number} is a pass, but {side} {reason}")]
    BadPass {
        /// 1-based move number in the list.
        number: usize,
        /// Who was to move.
        side: &'static str,
        /// "has a move" or "cannot pass: the game is over".
        reason: &'static str,
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

/// A move list has square names and move numbers (letters, digits), at
/// least one digit, separators (white space, `-`, `,`, `.`) and none of
/// the disc characters `X O *` (a board has no digit).
fn looks_like_move_list(t: &str) -> bool {
    t.chars().any(|c| c.is_ascii_digit())
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || c.is_whitespace() || matches!(c, '-' | ',' | '.'))
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

/// Whether `text` names a pass: `pass`, `pa` (NBoard, GGF, GTP, WTHOR
/// transcripts) or `ps`, in any case and with spaces around. Every reader
/// of moves asks this, so that they all take the same spellings.
pub fn is_pass_name(text: &str) -> bool {
    ["pass", "pa", "ps"]
        .iter()
        .any(|p| text.trim().eq_ignore_ascii_case(p))
}

/// Plays a move list from the start, with implicit passes. Square names in
/// either case (`f5d6`, `F5 D6`), separated or not by white space, `-` or
/// `,` (`F5-D6-C3`), with move numbers (`1. F5 d6 2. C3`, `1.f5 2.d6`)
/// skipped, and explicit passes `PA` or `PS` where the side to move has no
/// move. Returns the final position and the squares played.
pub fn parse_move_list(t: &str) -> Result<(Position, Vec<Square>), PositionError> {
    let mut pos = Position::start();
    let mut moves = Vec::new();
    let chars: Vec<(usize, char)> = t.char_indices().collect();
    let column = |k: usize| t[..chars[k].0].chars().count() + 1;
    let mut k = 0;
    let mut number = 0;
    while k < chars.len() {
        let c = chars[k].1;
        if c.is_whitespace() || matches!(c, '-' | ',') {
            k += 1;
            continue;
        }
        if c.is_ascii_digit() {
            // A move number: digits, then at least one dot.
            let first = k;
            while k < chars.len() && chars[k].1.is_ascii_digit() {
                k += 1;
            }
            if k < chars.len() && chars[k].1 == '.' {
                while k < chars.len() && chars[k].1 == '.' {
                    k += 1;
                }
                continue;
            }
            let name = chars[first..k].iter().map(|&(_, c)| c).collect();
            return Err(PositionError::BadSquare {
                column: column(first),
                name,
            });
        }
        let name: String = chars[k..(k + 2).min(chars.len())]
            .iter()
            .map(|&(_, c)| c)
            .collect();
        number += 1;
        let mover = if pos.board.moves() == 0 {
            pos.side.opponent().name()
        } else {
            pos.side.name()
        };
        if is_pass_name(&name) {
            if pos.board.moves() != 0 {
                return Err(PositionError::BadPass {
                    number,
                    side: pos.side.name(),
                    reason: "has a move",
                });
            }
            if pos.board.opponent_moves() == 0 {
                return Err(PositionError::BadPass {
                    number,
                    side: pos.side.name(),
                    reason: "cannot pass: the game is over",
                });
            }
            pos = pos.pass();
            k += 2;
            continue;
        }
        let sq = Square::parse(&name).map_err(|_| PositionError::BadSquare {
            column: column(k),
            name,
        })?;
        pos = pos.play_with_pass(sq).ok_or(PositionError::IllegalMove {
            number,
            square: sq,
            side: mover,
        })?;
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

    #[test]
    fn pass_names_are_one_set_in_any_case() {
        for t in ["pass", "PASS", "Pa", "pa", "PS", " ps "] {
            assert!(is_pass_name(t), "{t}");
        }
        for t in ["", "p", "pas", "passe", "a1", "--"] {
            assert!(!is_pass_name(t), "{t}");
        }
        // A move list takes every spelling.
        for pass in ["pa", "PASS", "ps"] {
            let err = parse_move_list(&format!("f5 {pass}")).unwrap_err();
            assert!(
                matches!(err, PositionError::BadPass { .. }),
                "{pass}: {err}"
            );
        }
    }

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
        // The notations of other programs and books.
        for text in [
            "F5-D6-C3-D3-C4",
            "F5 D6 C3 D3 C4",
            "1. F5 d6 2. C3 d3 3. C4",
            "1.f5 2.d6 3.c3 4.d3 5.c4",
            "f5, d6, c3, d3, c4",
            "1... f5 d6 c3 d3 c4",
        ] {
            assert_eq!(Position::parse(text), Ok(p), "{text}");
        }
        assert!(matches!(
            Position::parse("1. f5 7 d6"),
            Err(PositionError::BadSquare { column: 7, .. })
        ));
        assert!(matches!(
            Position::parse("f5 pa"),
            Err(PositionError::BadPass {
                number: 2,
                reason: "has a move",
                ..
            })
        ));
    }

    /// An explicit pass where one is due gives the same position as the
    /// implicit pass, and the squares played leave the pass out.
    #[test]
    fn explicit_passes_where_they_are_due() {
        let mut rng = crate::rng::SplitMix64::new(21);
        let mut checked = 0;
        while checked < 20 {
            let mut pos = Position::start();
            let (mut implicit, mut explicit) = (String::new(), String::new());
            let mut passed = false;
            for sq in crate::rng::random_game(&mut rng) {
                if pos.board.moves() == 0 {
                    explicit.push_str(" PA");
                    pos = pos.pass();
                    passed = true;
                }
                implicit.push_str(&sq.to_string());
                explicit.push_str(&format!(" {sq}"));
                pos = pos.play(sq).expect("a random game's moves are legal");
            }
            if passed {
                let a = parse_move_list(&implicit).expect("implicit");
                let b = parse_move_list(&explicit).expect("explicit");
                assert_eq!(a, b, "{explicit}");
                assert_eq!(a.0, pos);
                // A pass after the end of the game is refused.
                assert!(matches!(
                    parse_move_list(&format!("{explicit} PA")),
                    Err(PositionError::BadPass {
                        reason: "cannot pass: the game is over",
                        ..
                    })
                ));
                checked += 1;
            }
        }
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
