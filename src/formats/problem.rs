//! Problem files: one position a line, optionally with known scores in the
//! OBF convention (`board side; MOVE:+score; …`). `%` starts a comment;
//! blank lines are skipped. A line may also be a move list from the start.

use super::position::{Position, PositionError};
use crate::board::Square;
use std::fmt;
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// The known exact score of one move (or of a pass, `square == None`),
/// from the side to move's view, empties to the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScore {
    /// The move; `None` for a pass (`--` in OBF).
    pub square: Option<Square>,
    /// Final disc difference for the side to move after this move.
    pub score: i32,
}

/// One position read from a problem file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line number in its file.
    pub line: usize,
    /// The position.
    pub position: Position,
    /// Known scores listed on the line (may be empty; may list only some moves).
    pub scores: Vec<MoveScore>,
    /// The line's comment (the text after `%`, trimmed), if any.
    pub comment: Option<String>,
}

impl Problem {
    /// The best known score: the highest listed score, if any is listed.
    pub fn best_score(&self) -> Option<i32> {
        self.scores.iter().map(|m| m.score).max()
    }

    /// The listed moves that reach the best known score.
    pub fn best_moves(&self) -> Vec<Option<Square>> {
        let Some(best) = self.best_score() else {
            return Vec::new();
        };
        self.scores
            .iter()
            .filter(|m| m.score == best)
            .map(|m| m.square)
            .collect()
    }

    /// The known score of `sq`, if listed.
    pub fn score_of(&self, sq: Square) -> Option<i32> {
        self.scores
            .iter()
            .find(|m| m.square == Some(sq))
            .map(|m| m.score)
    }

    /// The OBF line: board, side, then the listed scores.
    pub fn to_obf(&self) -> String {
        let mut s = self.position.to_board_string();
        for m in &self.scores {
            let name = m
                .square
                .map_or_else(|| "--".to_string(), |q| q.to_string().to_uppercase());
            s.push_str(&format!("; {}:{:+}", name, m.score));
        }
        if !self.scores.is_empty() {
            s.push(';');
        }
        if let Some(c) = &self.comment {
            s.push_str(" % ");
            s.push_str(c);
        }
        s
    }
}

/// What was wrong with one problem line, or with the file.
#[derive(Debug, thiserror::Error)]
pub enum ProblemError {
    /// The file could not be opened or read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A line whose text is not UTF-8.
    #[error("{path}:{line}: the line is not valid UTF-8")]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
    },
    /// A line whose position field is malformed.
    #[error("{path}:{line}: position: {source}")]
    Position {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// What was wrong.
        source: PositionError,
    },
    /// A malformed `MOVE:score` field.
    #[error("{path}:{line}: field {field} {text:?}: {reason}")]
    Score {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based `;`-separated field number.
        field: usize,
        /// The field's text.
        text: String,
        /// What was expected.
        reason: &'static str,
    },
}

impl ProblemError {
    /// The 1-based line the error is on, if it is about one line.
    pub fn line(&self) -> Option<usize> {
        match self {
            ProblemError::Io { .. } => None,
            ProblemError::NotUtf8 { line, .. }
            | ProblemError::Position { line, .. }
            | ProblemError::Score { line, .. } => Some(*line),
        }
    }
}

/// The filler OBF writers put after the last move (`--:-127`).
const FILLER: i32 = -127;

/// What was wrong with one position text or problem line, without its file
/// and line (see [`ProblemError`] for those).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The position field is malformed.
    #[error("{0}")]
    Position(#[from] PositionError),
    /// A malformed `MOVE:score` field.
    #[error("field {field} {text:?}: {reason}")]
    Score {
        /// 1-based `;`-separated field number.
        field: usize,
        /// The field's text.
        text: String,
        /// What was expected.
        reason: &'static str,
    },
}

impl LineError {
    fn at(self, path: &Path, line: usize) -> ProblemError {
        let path = path.to_path_buf();
        match self {
            LineError::Position(source) => ProblemError::Position { path, line, source },
            LineError::Score {
                field,
                text,
                reason,
            } => ProblemError::Score {
                path,
                line,
                field,
                text,
                reason,
            },
        }
    }
}

/// Reads a position in any of the forms every command accepts: 64 board
/// characters and the side to move, a move list from the start, or a whole
/// problem-file (OBF) line with its tail (`BOARD X; G8:+18; % comment`),
/// whose scores must then be well formed. A leading UTF-8 byte-order mark
/// is skipped. The scores and comment come back in the [`Problem`] (line 1).
pub fn parse_position_text(text: &str) -> Result<Problem, LineError> {
    match parse_problem_text(1, text)? {
        Some(p) => Ok(p),
        None => Err(LineError::Position(PositionError::Empty)),
    }
}

/// Parses one line of a problem file. `Ok(None)` for a blank or comment line.
pub fn parse_line(
    path: &Path,
    line_no: usize,
    text: &str,
) -> Result<Option<Problem>, ProblemError> {
    parse_problem_text(line_no, text).map_err(|e| e.at(path, line_no))
}

/// [`parse_line`] without the file name in its errors.
fn parse_problem_text(line_no: usize, text: &str) -> Result<Option<Problem>, LineError> {
    // A UTF-8 byte-order mark some editors put at the start of a file.
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) if line_no == 1 => rest,
        _ => text,
    };
    let (text, comment) = match text.split_once('%') {
        Some((t, c)) => (
            t.trim(),
            Some(c.trim()).filter(|c| !c.is_empty()).map(str::to_string),
        ),
        None => (text.trim(), None),
    };
    if text.is_empty() {
        return Ok(None);
    }
    let mut fields = text.split(';');
    let pos_text = fields.next().unwrap_or("");
    let position = Position::parse(pos_text)?;
    let mut scores = Vec::new();
    for (k, field) in fields.enumerate() {
        let f = field.trim();
        if f.is_empty() {
            continue;
        }
        let err = |reason| LineError::Score {
            field: k + 2,
            text: f.to_string(),
            reason,
        };
        let (mv, sc) = f
            .split_once(':')
            .ok_or_else(|| err("expected MOVE:SCORE, e.g. G8:+12"))?;
        let score: i32 = sc
            .trim()
            .trim_start_matches('+')
            .parse()
            .map_err(|_| err("the score is not an integer"))?;
        let mv = mv.trim();
        let square = if mv == "--" || super::position::is_pass_name(mv) {
            if score == FILLER {
                continue;
            }
            None
        } else {
            Some(Square::parse(mv).map_err(|_| err("unknown square name"))?)
        };
        if !(-64..=64).contains(&score) {
            return Err(err("the score is outside -64..=64"));
        }
        scores.push(MoveScore { square, score });
    }
    Ok(Some(Problem {
        line: line_no,
        position,
        scores,
        comment,
    }))
}

/// Reads every line of a problem file. Each entry is either a problem or the
/// error of that one line, so that a caller can report a bad line and go on;
/// the outer error is for a file that cannot be opened or read at all.
pub fn read_problem_file(path: &Path) -> Result<Vec<Result<Problem, ProblemError>>, ProblemError> {
    let io = |source| ProblemError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let reader = std::io::BufReader::new(file);
    let mut out = Vec::new();
    for (i, raw) in reader.split(b'\n').enumerate() {
        let raw = raw.map_err(io)?;
        let line_no = i + 1;
        match std::str::from_utf8(&raw) {
            Err(_) => out.push(Err(ProblemError::NotUtf8 {
                path: path.to_path_buf(),
                line: line_no,
            })),
            Ok(text) => match parse_line(path, line_no, text) {
                Ok(Some(p)) => out.push(Ok(p)),
                Ok(None) => {}
                Err(e) => out.push(Err(e)),
            },
        }
    }
    Ok(out)
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_obf())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn obf_line_round_trips() {
        let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+0; --:-127; % fforum #1";
        let p = parse_line(Path::new("t"), 1, line).ok().flatten();
        let p = p.unwrap_or_else(|| panic!("parse failed"));
        assert_eq!(p.scores.len(), 4);
        assert_eq!(p.best_score(), Some(18));
        assert_eq!(p.best_moves(), vec![Square::parse("g8").ok()]);
        let again = parse_line(Path::new("t"), 1, &p.to_obf()).ok().flatten();
        assert_eq!(again.as_ref(), Some(&p));
    }

    #[test]
    fn comments_and_blanks() {
        assert!(matches!(
            parse_line(Path::new("t"), 3, "   % only a comment"),
            Ok(None)
        ));
        assert!(matches!(parse_line(Path::new("t"), 3, ""), Ok(None)));
        let e = parse_line(Path::new("t"), 3, "f5d6; G8:+x").err();
        assert!(
            matches!(
                e,
                Some(ProblemError::Score {
                    field: 2,
                    line: 3,
                    ..
                })
            ),
            "{e:?}"
        );
        let e = parse_line(Path::new("f.obf"), 9, "f5d6; Z9:+2")
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("f.obf:9: field 2 \"Z9:+2\": unknown square name")
        );
    }
}
