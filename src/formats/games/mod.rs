//! Game records: WTHOR `.wtb` files ([`wthor`], with the `.JOU`/`.TRN` name
//! files of [`wthor_names`]), Logistello `logbook.gam` lines ([`logbook`]),
//! one-transcript-per-line files ([`transcript`]), the eOthello CSV
//! ([`eothello`]) and GGF records ([`ggf`]).
//!
//! Every record is replayed from the start position with the library's own
//! rules ([`Position::play_with_pass`]: a side with no legal move passes
//! implicitly). A record that cannot be replayed, or whose recorded result
//! contradicts the board, is counted and skipped as a [`Rejected`] entry; a
//! file that cannot be read at all is a [`GameFileError`].
//!
//! # Choosing the format
//!
//! [`read_game_file`] picks the format from the file name, ignoring case:
//! a trailing `.gz` is first decompressed (gzip) and stripped, then `.wtb`
//! means WTHOR, `.gam` the Logistello logbook, `.csv` the eOthello CSV,
//! `.ggf` GGF, and anything else a transcript file (one move list a line).
//!
//! # Rejection reasons
//!
//! Every [`Rejected::reason`] reads `KIND: details`, where `KIND` is a short
//! fixed phrase ("illegal move", "bad move byte", "wrong colour", "unknown
//! square name", "score mismatch", …) so that reasons can be grouped by
//! [`Rejected::kind`].

pub mod eothello;
pub mod ggf;
pub mod logbook;
mod read;
pub mod transcript;
pub mod wthor;
pub mod wthor_names;

pub use read::{parse_game_bytes, read_game_file, read_game_file_as, read_game_files};

use crate::board::{Color, Square};
use crate::formats::Position;
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// One game read from a record file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Where it came from: `FILE#RECORD` (1-based) for WTHOR, e.g.
    /// `WTH_1990.wtb#123`, or `FILE:LINE` (1-based) for the text formats,
    /// e.g. `logbook.gam.gz:17`. `FILE` is the file name without directories.
    pub id: String,
    /// The legal moves from the start position, passes implicit.
    pub moves: Vec<Square>,
    /// Neither side can move after the last move.
    pub complete: bool,
    /// Final disc difference black − white with the empty squares given to
    /// the winner: recomputed from the board when the game is complete;
    /// otherwise the recorded result if the format has one (WTHOR byte 6 as
    /// `2·b − 64`), else `None`.
    pub black_score: Option<i32>,
    /// The year of the game, when the format records it (WTHOR header).
    pub year: Option<u16>,
    /// WTHOR's perfect-play score (byte 7), when the file's header gives a
    /// non-zero depth and the game reaches a position with that many empties.
    pub theoretical: Option<Theoretical>,
    /// Black player's name, if known.
    pub black: Option<String>,
    /// White player's name, if known.
    pub white: Option<String>,
    /// Tournament name, if known.
    pub tournament: Option<String>,
}

/// A perfect-play score recorded with a game (WTHOR byte 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theoretical {
    /// Empty squares at the position it refers to (the header depth, 24 in WTHOR).
    pub empties: u8,
    /// Final disc difference black − white under perfect play from that
    /// position, empties to the winner.
    pub black_score: i32,
}

/// A record that was counted and skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    /// 1-based record number for WTHOR, 1-based line number for the text formats.
    pub record: usize,
    /// Why, as `KIND: details` (see the module documentation).
    pub reason: String,
}

impl Rejected {
    /// The kind of rejection: the reason up to its first `": "`.
    pub fn kind(&self) -> &str {
        self.reason
            .split_once(": ")
            .map_or(self.reason.as_str(), |(k, _)| k)
    }
}

/// The record formats [`read_game_file`] knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameFormat {
    /// WTHOR binary `.wtb`.
    Wthor,
    /// Logistello `logbook.gam` lines (`+d3-c3…: -04 10`).
    Logbook,
    /// One move list a line (`f5d6c3…`).
    Transcripts,
    /// The eOthello CSV (`eOthello_game_id,winner,game_moves`).
    EOthelloCsv,
    /// GGF records (`(;GM[Othello]…;)`), the GGS archives' format.
    Ggf,
}

impl GameFormat {
    /// The format for a file name (see the module documentation), and
    /// whether the file is gzip-compressed.
    pub fn from_path(path: &Path) -> (GameFormat, bool) {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        let (base, gz) = match name.strip_suffix(".gz") {
            Some(b) => (b, true),
            None => (name.as_str(), false),
        };
        let format = if base.ends_with(".wtb") {
            GameFormat::Wthor
        } else if base.ends_with(".gam") {
            GameFormat::Logbook
        } else if base.ends_with(".csv") {
            GameFormat::EOthelloCsv
        } else if base.ends_with(".ggf") {
            GameFormat::Ggf
        } else {
            GameFormat::Transcripts
        };
        (format, gz)
    }

    /// A short name for reports.
    pub const fn name(self) -> &'static str {
        match self {
            GameFormat::Wthor => "WTHOR",
            GameFormat::Logbook => "logbook",
            GameFormat::Transcripts => "transcripts",
            GameFormat::EOthelloCsv => "eOthello CSV",
            GameFormat::Ggf => "GGF",
        }
    }
}

impl fmt::Display for GameFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything read from one record file.
#[derive(Clone, Debug)]
pub struct GameFile {
    /// The file.
    pub path: PathBuf,
    /// Its format.
    pub format: GameFormat,
    /// Records found: WTHOR records, or non-blank non-comment lines (CSV: data rows).
    pub records: usize,
    /// The records that replayed legally and agree with their recorded result.
    pub games: Vec<Game>,
    /// The others, in file order.
    pub rejected: Vec<Rejected>,
}

impl GameFile {
    /// Counts one record of a text format, read from line `line`, and keeps
    /// its game (id `LABEL:LINE`) or its rejection.
    pub(crate) fn add_line_record(
        &mut self,
        label: &str,
        line: usize,
        parsed: Result<Replay, String>,
    ) {
        self.records += 1;
        match parsed {
            Ok(replay) => self
                .games
                .push(replay.into_game(format!("{label}:{line}"), None)),
            Err(reason) => self.rejected.push(Rejected {
                record: line,
                reason,
            }),
        }
    }

    /// A rejection located in its file: `PATH#RECORD: reason` for WTHOR,
    /// `PATH:LINE: reason` for the text formats.
    pub fn describe(&self, r: &Rejected) -> String {
        let sep = if self.format == GameFormat::Wthor {
            '#'
        } else {
            ':'
        };
        format!("{}{}{}: {}", self.path.display(), sep, r.record, r.reason)
    }
}

/// A file that cannot be read at all. Every message names the file.
#[derive(Debug, thiserror::Error)]
pub enum GameFileError {
    /// The file could not be opened or read.
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A `.gz` file that is not valid gzip.
    #[error("{}: cannot decompress (gzip): {source}", path.display())]
    Gzip {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A WTHOR file shorter than its 16-byte header.
    #[error("{}: truncated WTHOR file: {size} bytes, shorter than the 16-byte header", path.display())]
    WthorNoHeader {
        /// The file.
        path: PathBuf,
        /// Its size in bytes.
        size: usize,
    },
    /// A WTHOR file shorter than its header says.
    #[error(
        "{}: truncated WTHOR file: the header says N1 = {n1} records, so the file should be \
         16 + 68 × {n1} = {expected} bytes, but it is {size} bytes \
         ({complete} complete records, the last record cut after {partial} bytes)",
        path.display(),
        complete = size.saturating_sub(16) / 68,
        partial = size.saturating_sub(16) % 68
    )]
    WthorTruncated {
        /// The file.
        path: PathBuf,
        /// Record count from the header (bytes 4–7).
        n1: u32,
        /// The size the header implies.
        expected: u64,
        /// The actual size.
        size: usize,
    },
    /// A WTHOR file longer than its header says, or not a whole number of records.
    #[error(
        "{}: mis-sized WTHOR file: the header says N1 = {n1} records, so the file should be \
         16 + 68 × {n1} = {expected} bytes, but it is {size} bytes",
        path.display()
    )]
    WthorSize {
        /// The file.
        path: PathBuf,
        /// Record count from the header (bytes 4–7).
        n1: u32,
        /// The size the header implies.
        expected: u64,
        /// The actual size.
        size: usize,
    },
    /// A WTHOR header field this reader does not support.
    #[error("{}: WTHOR header byte {byte} ({field}) is {value}: {expected}", path.display())]
    WthorHeader {
        /// The file.
        path: PathBuf,
        /// The byte offset in the header.
        byte: usize,
        /// The field's name.
        field: &'static str,
        /// Its value.
        value: u32,
        /// What is supported.
        expected: &'static str,
    },
    /// A malformed `.JOU` or `.TRN` name file found beside a WTHOR file.
    #[error("{}: bad WTHOR name file: {reason}", path.display())]
    NameFile {
        /// The name file.
        path: PathBuf,
        /// What was wrong.
        reason: String,
    },
    /// A line of a text format that is not UTF-8.
    #[error("{}:{line}: the line is not valid UTF-8", path.display())]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
    },
    /// The eOthello CSV header is missing or different.
    #[error(
        "{}:1: bad CSV header {found:?}: expected \"eOthello_game_id,winner,game_moves\"",
        path.display()
    )]
    CsvHeader {
        /// The file.
        path: PathBuf,
        /// The first line as found.
        found: String,
    },
}

/// The file name used in game ids.
pub(crate) fn file_label(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Calls `f(line_number, text)` for every line (split at `\n`, a trailing
/// `\r` removed); a line that is not UTF-8 is an error naming the file and line.
pub(crate) fn for_each_line(
    path: &Path,
    bytes: &[u8],
    mut f: impl FnMut(usize, &str) -> Result<(), GameFileError>,
) -> Result<(), GameFileError> {
    if bytes.is_empty() {
        return Ok(());
    }
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    for (i, raw) in body.split(|&b| b == b'\n').enumerate() {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let text = std::str::from_utf8(raw).map_err(|_| GameFileError::NotUtf8 {
            path: path.to_path_buf(),
            line: i + 1,
        })?;
        f(i + 1, text)?;
    }
    Ok(())
}

/// A game being replayed from the start, move by move.
#[derive(Clone, Debug)]
pub(crate) struct Replay {
    pos: Position,
    moves: Vec<Square>,
}

impl Replay {
    pub(crate) fn new() -> Replay {
        Replay {
            pos: Position::start(),
            moves: Vec::with_capacity(60),
        }
    }

    /// Who plays the next move (after an implicit pass); `None` if the game is over.
    pub(crate) fn side_to_play(&self) -> Option<Color> {
        if self.pos.board.moves() != 0 {
            Some(self.pos.side)
        } else if self.pos.board.opponent_moves() != 0 {
            Some(self.pos.side.opponent())
        } else {
            None
        }
    }

    /// Plays the next move (with [`Position::play_with_pass`]); on failure
    /// the reason (`illegal move: …`). On success, the colour that moved.
    pub(crate) fn play(&mut self, sq: Square) -> Result<Color, String> {
        match self.pos.play_with_pass(sq) {
            Some(next) => {
                self.pos = next;
                self.moves.push(sq);
                // The side to move after a move is the mover's opponent.
                Ok(next.side.opponent())
            }
            None => Err(self.illegal(sq)),
        }
    }

    /// Why `sq` cannot be played next.
    pub(crate) fn illegal(&self, sq: Square) -> String {
        let number = self.moves.len() + 1;
        match self.side_to_play() {
            None => format!("illegal move: move {number} ({sq}) comes after the end of the game"),
            Some(side) => format!(
                "illegal move: move {number} ({sq}) is not legal for {}",
                side.name()
            ),
        }
    }

    /// Moves played so far.
    pub(crate) fn len(&self) -> usize {
        self.moves.len()
    }

    pub(crate) fn is_over(&self) -> bool {
        self.pos.board.is_game_over()
    }

    /// Black discs − white discs on the board (empties not counted).
    pub(crate) fn disc_difference(&self) -> i32 {
        self.pos.black().count_ones() as i32 - self.pos.white().count_ones() as i32
    }

    /// Black's final score if the game ended now: black − white, empties to the winner.
    pub(crate) fn final_black_score(&self) -> i32 {
        let s = self.pos.board.final_score();
        match self.pos.side {
            Color::Black => s,
            Color::White => -s,
        }
    }

    /// A game with these moves, complete if over, the recomputed score when
    /// complete and `recorded` otherwise; the other fields empty.
    pub(crate) fn into_game(self, id: String, recorded: Option<i32>) -> Game {
        let complete = self.is_over();
        let black_score = if complete {
            Some(self.final_black_score())
        } else {
            recorded
        };
        Game {
            id,
            moves: self.moves,
            complete,
            black_score,
            year: None,
            theoretical: None,
            black: None,
            white: None,
            tournament: None,
        }
    }
}

/// Replays a move list written as square names (`f5d6c3…`, either case,
/// whitespace ignored). `column0` is the 1-based column of `text` in its line.
pub(crate) fn replay_move_text(text: &str, column0: usize) -> Result<Replay, String> {
    let mut replay = Replay::new();
    let mut chars = text
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .peekable();
    while let Some((i, a)) = chars.next() {
        let b = chars.next().map(|(_, c)| c);
        let sq = square_of(a, b).ok_or_else(|| {
            let name: String = std::iter::once(a).chain(b).collect();
            let column = column0 + text[..i].chars().count();
            format!(
                "unknown square name: {name:?} at column {column} (move {})",
                replay.len() + 1
            )
        })?;
        replay.play(sq)?;
    }
    Ok(replay)
}

/// The square named by a file letter (either case) and a rank digit.
pub(crate) fn square_of(file: char, rank: Option<char>) -> Option<Square> {
    let f = (file.to_ascii_lowercase() as u32).checked_sub('a' as u32)?;
    let r = (rank? as u32).checked_sub('1' as u32)?;
    Square::from_file_rank(u8::try_from(f).ok()?, u8::try_from(r).ok()?)
}

impl Game {
    /// A game of `moves` from the start (passes implicit) with no other
    /// record: `complete` and `black_score` from its last position.
    pub fn from_moves(id: &str, moves: Vec<Square>) -> Game {
        let mut game = Game {
            id: id.to_string(),
            moves,
            complete: false,
            black_score: None,
            year: None,
            theoretical: None,
            black: None,
            white: None,
            tournament: None,
        };
        if let Some((_, last)) = game.positions().last() {
            if last.board.moves() == 0 && last.board.opponent_moves() == 0 {
                game.complete = true;
                let s = last.board.final_score();
                game.black_score = Some(match last.side {
                    Color::Black => s,
                    Color::White => -s,
                });
            }
        }
        game
    }

    /// The positions of the game: `(moves_played, position)` from the start
    /// (0 moves) to the end (all moves). When the side to move has to pass
    /// and the game is not over, the pass is applied, so each position has
    /// the side that plays the next move to move. The iteration stops early
    /// if a move is illegal (only possible for a hand-built [`Game`]).
    pub fn positions(&self) -> GamePositions<'_> {
        GamePositions {
            moves: &self.moves,
            next: 0,
            pos: Some(Position::start()),
        }
    }

    /// The position with `e` empty squares (after `60 − e` moves, passes
    /// applied as in [`Game::positions`]), if the game reaches it.
    pub fn position_at_empties(&self, e: u32) -> Option<Position> {
        let played = 60usize.checked_sub(e as usize)?;
        if played > self.moves.len() {
            return None;
        }
        self.positions().nth(played).map(|(_, p)| p)
    }

    /// The position to solve at `e` empties: [`Game::position_at_empties`]
    /// (so a forced pass there is already applied) when the side to move has
    /// a legal move; `None` if the game never reaches `e` empties or the
    /// game is over there. This is the rule of the position sampler
    /// ([`crate::sample`]) and of `batch --games`.
    pub fn position_to_solve_at(&self, e: u32) -> Option<Position> {
        self.position_at_empties(e).filter(|p| p.board.moves() != 0)
    }

    /// The game's perfect-play score ([`Game::theoretical`]) from the view
    /// of the side to move in `pos`, if the game has one recorded for
    /// exactly `e` empties. `pos` must be the game's position at `e`
    /// empties (the score is black − white under perfect play from there, so
    /// a forced pass before `pos` does not change it).
    pub fn theoretical_for(&self, e: u32, pos: &Position) -> Option<i32> {
        let t = self.theoretical.filter(|t| u32::from(t.empties) == e)?;
        Some(match pos.side {
            Color::Black => t.black_score,
            Color::White => -t.black_score,
        })
    }
}

/// Iterator over the positions of a [`Game`]; see [`Game::positions`].
#[derive(Clone, Debug)]
pub struct GamePositions<'a> {
    moves: &'a [Square],
    next: usize,
    pos: Option<Position>,
}

impl Iterator for GamePositions<'_> {
    type Item = (usize, Position);

    fn next(&mut self) -> Option<(usize, Position)> {
        let mut pos = self.pos.take()?;
        if pos.board.moves() == 0 && pos.board.opponent_moves() != 0 {
            pos = pos.pass();
        }
        let item = (self.next, pos);
        if let Some(&sq) = self.moves.get(self.next) {
            self.pos = pos.play(sq);
        }
        self.next += 1;
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self.pos {
            None => (0, Some(0)),
            Some(_) => (1, Some(self.moves.len() + 1 - self.next)),
        }
    }
}

/// Remembers move sequences to spot duplicate games (same moves from the
/// start, exactly: no symmetry is applied).
#[derive(Clone, Debug, Default)]
pub struct DuplicateFilter {
    /// Square indices of each sequence (hashed as one byte slice, which is
    /// much faster than hashing square by square).
    seen: HashSet<Box<[u8]>>,
}

impl DuplicateFilter {
    /// An empty filter.
    pub fn new() -> DuplicateFilter {
        DuplicateFilter::default()
    }

    /// Records `moves`; `true` if they were not seen before.
    pub fn insert(&mut self, moves: &[Square]) -> bool {
        let key: Vec<u8> = moves.iter().map(|s| s.index() as u8).collect();
        if self.seen.contains(key.as_slice()) {
            false
        } else {
            self.seen.insert(key.into_boxed_slice());
            true
        }
    }

    /// Number of distinct sequences seen.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether nothing was seen yet.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}

/// Keeps the first game of each move sequence, in order; returns the kept
/// games and the number of duplicates dropped.
pub fn dedup_games(games: impl IntoIterator<Item = Game>) -> (Vec<Game>, usize) {
    let mut filter = DuplicateFilter::new();
    let mut dropped = 0;
    let mut kept = Vec::new();
    for g in games {
        if filter.insert(&g.moves) {
            kept.push(g);
        } else {
            dropped += 1;
        }
    }
    (kept, dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Game {
        let r = replay_move_text(text, 1).unwrap_or_else(|e| panic!("{e}"));
        r.into_game("t".into(), None)
    }

    #[test]
    fn formats_from_names() {
        let f = |s: &str| GameFormat::from_path(Path::new(s));
        assert_eq!(f("a/WTH_1990.wtb"), (GameFormat::Wthor, false));
        assert_eq!(f("logbook.gam.gz"), (GameFormat::Logbook, true));
        assert_eq!(f("LOGBOOK.GAM"), (GameFormat::Logbook, false));
        assert_eq!(f("x.csv"), (GameFormat::EOthelloCsv, false));
        assert_eq!(f("games.txt"), (GameFormat::Transcripts, false));
        assert_eq!(f("games.txt.gz"), (GameFormat::Transcripts, true));
    }

    #[test]
    fn positions_apply_passes_and_reach_the_end() {
        // A wipe-out from WTHOR 1995 (record 2197): black wins after 17 moves.
        let g = game("f5d6c4d3c5f4f3e3c3c6c7g5h5g6h7b2a1");
        assert!(g.complete);
        assert_eq!(g.black_score, Some(64));
        let ps: Vec<(usize, Position)> = g.positions().collect();
        assert_eq!(ps.len(), 18);
        assert_eq!(ps[0], (0, Position::start()));
        assert_eq!(ps[17].1.board.empties(), 43);
        assert_eq!(ps[17].1.white(), 0);
        assert_eq!(g.position_at_empties(43), Some(ps[17].1));
        assert_eq!(g.position_at_empties(42), None);
        // Black passes after white's b1 here; the position before g1 has
        // white to move.
        let line = "d3c3c4e3c2b3d2e1d1c1f4d6e6g4b2f6d7c8e7d8f3f5g5h4h6f2f7h5g6c6c5c7b6b5f8a6b4a5a4e8b8h7g8b7g2g3h2a1f1e2h3a3a8a7h8g7a2b1g1h1";
        let g = game(line);
        assert!(g.complete);
        assert_eq!(g.black_score, Some(0));
        let before_g1 = g.positions().nth(58).map(|(_, p)| p.side);
        assert_eq!(before_g1, Some(crate::board::Color::White));
        let before_b1 = g.positions().nth(57).map(|(_, p)| p.side);
        assert_eq!(before_b1, Some(crate::board::Color::White));
        assert_eq!(g.positions().count(), 61);
        assert_eq!(g.position_at_empties(60), Some(Position::start()));
        assert_eq!(g.position_at_empties(61), None);
    }

    #[test]
    fn dedup_keeps_first() {
        let a = game("f5d6");
        let mut b = game("f5d6");
        b.id = "second".into();
        let c = game("f5f6");
        let (kept, dropped) = dedup_games(vec![a.clone(), b, c.clone()]);
        assert_eq!(dropped, 1);
        assert_eq!(kept, vec![a, c]);
    }

    #[test]
    fn rejection_kinds() {
        let r = Rejected {
            record: 3,
            reason: "illegal move: move 2 (f5) is not legal for white".into(),
        };
        assert_eq!(r.kind(), "illegal move");
    }
}
