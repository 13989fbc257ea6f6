//! GGF, the Generic Game Format of the GGS server's archives and of
//! NBoard's `set game` command. A record is `(;` properties `;)`, each
//! property `KEY[value]`; a file holds any number of records, separated by
//! anything (newlines in the archives). The properties read here:
//!
//! - `GM[Othello]` (any other game is refused) and `TY[8]`, the board
//!   type (only the plain 8×8 game: the synchro, komi, random-start and
//!   anti variants are refused, as their results mean something else);
//! - `BO[8 <64 squares> <side>]`, the starting board: the squares row by
//!   row from a1 to h8, `-` empty, `*` black, `O` white, then the side to
//!   move (`*` or `O`);
//! - `B[move]` and `W[move]`, the moves in order, each `f5`, `F5` or `PA`
//!   (a pass), optionally followed by `/eval` and `/eval/time`;
//! - `PB`, `PW` (players), `PC` (place), `DT` (date) and `RE`, the result:
//!   black's disc difference (`+12.000`, `-4`), with `:r` (resigned),
//!   `:t` (lost on time) or `:s` (scored by agreement) after it when the
//!   game did not end on the board.
//!
//! Every other property is skipped. [`parse_ggf_game`] reads one record
//! from any starting board (what NBoard sends); a game file keeps the
//! records that start from the standard position as [`Game`]s (the
//! others are rejected, `non-standard start`), checking a recorded result
//! against the final board when the game ended on it.

use super::{file_label, Game, GameFile, GameFileError, Rejected};
use crate::board::{Color, Square};
use crate::formats::Position;
use std::path::Path;

/// One move of a GGF record.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfMove {
    /// Who played it.
    pub color: Color,
    /// The square, or `None` for a pass (`PA`).
    pub square: Option<Square>,
    /// The evaluation the player's program gave, if recorded.
    pub eval: Option<f64>,
    /// The time it took, in seconds, if recorded.
    pub time: Option<f64>,
}

/// How a recorded game ended, from `RE`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfResult {
    /// Black's disc difference as recorded.
    pub black_score: f64,
    /// The game ended on the board (no `:r`, `:t` or `:s`).
    pub on_board: bool,
}

/// One GGF record, replayed: every move was legal and played by the side
/// to move (passes included).
#[derive(Clone, Debug, PartialEq)]
pub struct GgfGame {
    /// The starting position (`BO`).
    pub start: Position,
    /// The moves, explicit passes included.
    pub moves: Vec<GgfMove>,
    /// The position after the last move.
    pub end: Position,
    /// `PB`, `PW`, `PC` and `DT`.
    pub black: Option<String>,
    /// See [`GgfGame::black`].
    pub white: Option<String>,
    /// See [`GgfGame::black`].
    pub place: Option<String>,
    /// See [`GgfGame::black`].
    pub date: Option<String>,
    /// `RE`, if recorded.
    pub result: Option<GgfResult>,
    /// Each player's main time in seconds, from `TI` (`15:00`,
    /// `1:00:00`, `300`; anything after a `/` is the increment and
    /// extension, not read), if recorded and readable.
    pub time_limit: Option<f64>,
}

/// Why a GGF record was refused. Each message reads `KIND: details`
/// (see [`Rejected`]).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{0}")]
pub struct GgfError(String);

impl GgfError {
    fn new(kind: &str, details: impl std::fmt::Display) -> GgfError {
        GgfError(format!("{kind}: {details}"))
    }
}

/// Reads one record, `(;` … `;)` (surrounding white space allowed).
pub fn parse_ggf_game(text: &str) -> Result<GgfGame, GgfError> {
    let t = text.trim();
    let body = t
        .strip_prefix("(;")
        .and_then(|b| b.strip_suffix(";)"))
        .ok_or_else(|| {
            GgfError::new(
                "bad record",
                "a GGF game starts with \"(;\" and ends with \";)\"",
            )
        })?;
    let mut start = None;
    let mut game = GgfGame {
        start: Position::start(),
        moves: Vec::new(),
        end: Position::start(),
        black: None,
        white: None,
        place: None,
        date: None,
        result: None,
        time_limit: None,
    };
    let mut pending: Vec<(Color, &str)> = Vec::new();
    let mut rest = body;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let open = rest.find('[').ok_or_else(|| {
            GgfError::new(
                "bad record",
                format!("text {:?} is not a property", clip(rest)),
            )
        })?;
        let key = rest[..open].trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_uppercase()) {
            return Err(GgfError::new(
                "bad record",
                format!("bad property name {:?}", clip(key)),
            ));
        }
        let close = rest[open..].find(']').map(|i| open + i).ok_or_else(|| {
            GgfError::new("bad record", format!("property {key} has no closing \"]\""))
        })?;
        let value = &rest[open + 1..close];
        rest = &rest[close + 1..];
        match key {
            "GM" if !value.trim().eq_ignore_ascii_case("othello") => {
                return Err(GgfError::new("not Othello", format!("GM[{}]", clip(value))));
            }
            "TY" if value.trim() != "8" => {
                return Err(GgfError::new(
                    "unsupported game type",
                    format!(
                        "TY[{}] (only the plain 8×8 game, TY[8], is read)",
                        clip(value)
                    ),
                ));
            }
            "BO" => start = Some(parse_board(value)?),
            "B" => pending.push((Color::Black, value)),
            "W" => pending.push((Color::White, value)),
            "PB" => game.black = Some(value.trim().to_string()),
            "PW" => game.white = Some(value.trim().to_string()),
            "PC" => game.place = Some(value.trim().to_string()),
            "DT" => game.date = Some(value.trim().to_string()),
            // NBoard sends `RE[?]` for a game in progress.
            "RE" if matches!(value.trim(), "" | "?") => {}
            "RE" => game.result = Some(parse_result(value)?),
            "TI" => game.time_limit = parse_clock(value),
            _ => {}
        }
    }
    game.start = start.ok_or_else(|| GgfError::new("bad record", "no starting board (BO[…])"))?;
    let mut pos = game.start;
    for (n, (color, value)) in pending.into_iter().enumerate() {
        let m = parse_move(color, value, n + 1)?;
        if pos.side != color {
            return Err(GgfError::new(
                "wrong colour",
                format!(
                    "move {} ({}) is {}'s, but {} is to move",
                    n + 1,
                    clip(value),
                    color.name(),
                    pos.side.name()
                ),
            ));
        }
        pos = match m.square {
            None if pos.board.moves() == 0 => pos.pass(),
            None => {
                return Err(GgfError::new(
                    "illegal move",
                    format!("move {} is a pass, but {} has a move", n + 1, color.name()),
                ))
            }
            Some(sq) => pos.play(sq).ok_or_else(|| {
                GgfError::new(
                    "illegal move",
                    format!("move {} ({sq}) is not legal for {}", n + 1, color.name()),
                )
            })?,
        };
        game.moves.push(m);
    }
    game.end = pos;
    Ok(game)
}

/// Seconds of a clock text `[[h:]m:]s` before any `/`; `None` if it is
/// not one.
fn parse_clock(value: &str) -> Option<f64> {
    let main = value.split('/').next()?.trim();
    let mut total = 0.0;
    for part in main.split(':') {
        let v: f64 = part.trim().parse().ok()?;
        if !v.is_finite() || v < 0.0 {
            return None;
        }
        total = total * 60.0 + v;
    }
    Some(total)
}

/// At most 40 characters of `s`, for messages.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

fn parse_board(value: &str) -> Result<Position, GgfError> {
    let v: Vec<char> = value.chars().filter(|c| !c.is_whitespace()).collect();
    let bad = || {
        GgfError::new(
            "bad board",
            format!(
                "BO[{}]: expected \"8\", 64 squares of -, * or O, and the side to move",
                clip(value)
            ),
        )
    };
    if v.len() != 66 || v[0] != '8' {
        return Err(bad());
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, &c) in v[1..65].iter().enumerate() {
        match c {
            '-' => {}
            '*' => black |= 1 << i,
            'O' | 'o' => white |= 1 << i,
            _ => return Err(bad()),
        }
    }
    let side = match v[65] {
        '*' => Color::Black,
        'O' | 'o' => Color::White,
        _ => return Err(bad()),
    };
    Position::from_colors(black, white, side).ok_or_else(bad)
}

fn parse_result(value: &str) -> Result<GgfResult, GgfError> {
    let v = value.trim();
    let (number, how) = match v.split_once(':') {
        Some((n, how)) => (n, Some(how.trim())),
        None => (v, None),
    };
    let black_score: f64 = number
        .trim()
        .parse()
        .ok()
        .filter(|x: &f64| x.is_finite() && x.abs() <= 64.0)
        .ok_or_else(|| {
            GgfError::new(
                "bad result",
                format!("RE[{}]: expected black's disc difference", clip(value)),
            )
        })?;
    let on_board = match how {
        None => true,
        Some("r" | "t" | "s") => false,
        Some(other) => {
            return Err(GgfError::new(
                "bad result",
                format!(
                    "RE[{}]: unknown ending {:?} (expected :r, :t or :s)",
                    clip(value),
                    clip(other)
                ),
            ))
        }
    };
    Ok(GgfResult {
        black_score,
        on_board,
    })
}

fn parse_move(color: Color, value: &str, number: usize) -> Result<GgfMove, GgfError> {
    let mut parts = value.split('/');
    let name = parts.next().unwrap_or("").trim();
    let square = if crate::formats::position::is_pass_name(name) {
        None
    } else {
        let mut c = name.chars();
        let sq = match (c.next(), c.next(), c.next()) {
            (Some(a), b @ Some(_), None) => super::square_of(a, b),
            _ => None,
        };
        Some(sq.ok_or_else(|| {
            GgfError::new("unknown square name", format!("{name:?} (move {number})"))
        })?)
    };
    let mut number_field = |what: &str| -> Result<Option<f64>, GgfError> {
        match parts.next().map(str::trim) {
            None | Some("") => Ok(None),
            Some(x) => x.parse().map(Some).map_err(|_| {
                GgfError::new(
                    "bad move",
                    format!("move {number} ({}): bad {what} {x:?}", clip(value)),
                )
            }),
        }
    };
    let eval = number_field("evaluation")?;
    let time = number_field("time")?;
    Ok(GgfMove {
        color,
        square,
        eval,
        time,
    })
}

/// The records of a GGF file's text: (the line each starts on, its text).
/// A record that never closes runs to the end of the text.
fn records(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("(;") {
        let start = from + i;
        let end = text[start..]
            .find(";)")
            .map_or(text.len(), |j| start + j + 2);
        let line = 1 + text[..start].matches('\n').count();
        out.push((line, &text[start..end]));
        from = end;
    }
    out
}

/// Parses a GGF file's text into `file`: one record per `(;` … `;)`, its
/// line the one it starts on.
pub(crate) fn parse(path: &Path, bytes: &[u8], file: &mut GameFile) -> Result<(), GameFileError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        GameFileError::NotUtf8 {
            path: path.to_path_buf(),
            line,
        }
    })?;
    let label = file_label(path);
    for (line, record) in records(text) {
        file.records += 1;
        match parse_ggf_game(record).map_err(|e| e.0).and_then(into_game) {
            Ok(mut game) => {
                game.id = format!("{label}:{line}");
                file.games.push(game);
            }
            Err(reason) => file.rejected.push(Rejected {
                record: line,
                reason,
            }),
        }
    }
    Ok(())
}

/// The [`Game`] of a record from the standard start: its moves without
/// the passes; the recorded result checked against the board when the
/// game ended there, and kept when it did not.
fn into_game(g: GgfGame) -> Result<Game, String> {
    if g.start != Position::start() {
        return Err(
            "non-standard start: the record does not start from the standard position".into(),
        );
    }
    let moves: Vec<Square> = g.moves.iter().filter_map(|m| m.square).collect();
    let mut game = Game::from_moves("", moves);
    if let Some(r) = g.result {
        match game.black_score {
            Some(s) if r.on_board && (r.black_score - f64::from(s)).abs() > 1e-9 => {
                return Err(format!(
                    "score mismatch: RE says {:+}, the final board gives {s:+}",
                    r.black_score
                ));
            }
            None if r.on_board && r.black_score.fract() == 0.0 => {
                game.black_score = Some(r.black_score as i32);
            }
            _ => {}
        }
    }
    game.black = g.black;
    game.white = g.white;
    game.tournament = g.place;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::position::parse_move_list;

    const START: &str = "8 ---------------------------O*------*O--------------------------- *";

    fn record(moves: &str, re: &str) -> String {
        format!("(;GM[Othello]PC[GGS/os]DT[2003.01.01_00:00:00.UTC]PB[alice]PW[bob]TY[8]RE[{re}]BO[{START}]{moves};)")
    }

    #[test]
    fn a_record_replays_with_evaluations_times_and_players() {
        let g =
            parse_ggf_game(&record("B[f5//1.2]W[d6/-1.5/0.8]B[C3]", "+0.000:r")).expect("parses");
        assert_eq!(g.start, Position::start());
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.moves[1].eval, Some(-1.5));
        assert_eq!(g.moves[1].time, Some(0.8));
        assert_eq!(g.moves[0].time, Some(1.2));
        assert_eq!(g.black.as_deref(), Some("alice"));
        assert_eq!(
            g.result,
            Some(GgfResult {
                black_score: 0.0,
                on_board: false
            })
        );
        let (want, _) = parse_move_list("f5d6c3").expect("moves");
        assert_eq!(g.end, want);
        assert_eq!(g.time_limit, None);
    }

    #[test]
    fn the_clock_is_read_from_ti() {
        let with = |ti: &str| {
            let r = record("B[f5]", "?").replace("TY[8]", &format!("TY[8]TI[{ti}]"));
            parse_ggf_game(&r).map(|g| g.time_limit)
        };
        assert_eq!(with("15:00"), Ok(Some(900.0)));
        assert_eq!(with("05:00//02:00"), Ok(Some(300.0)));
        assert_eq!(with("1:00:00"), Ok(Some(3600.0)));
        assert_eq!(with("12.5"), Ok(Some(12.5)));
        assert_eq!(with("soon"), Ok(None));
    }

    #[test]
    fn bad_records_name_what_is_wrong() {
        for (text, kind) in [
            (record("B[f5]B[d6]", "+0"), "wrong colour"),
            (record("B[a1]", "+0"), "illegal move"),
            (record("B[PA]", "+0"), "illegal move"),
            (record("B[z9]", "+0"), "unknown square name"),
            (record("B[f5/x]", "+0"), "bad move"),
            (record("", "+3:q"), "bad result"),
            (record("", "many"), "bad result"),
            ("(;GM[Chess]BO[8];)".to_string(), "not Othello"),
            (format!("(;TY[s8]BO[{START}];)"), "unsupported game type"),
            ("(;BO[8 ---];)".to_string(), "bad board"),
            ("(;PB[x];)".to_string(), "bad record"),
            ("(;PB[x;)".to_string(), "bad record"),
            ("(;pb[x];)".to_string(), "bad record"),
            ("PB[x]".to_string(), "bad record"),
        ] {
            let e = parse_ggf_game(&text).expect_err(&text);
            assert!(
                e.to_string().starts_with(&format!("{kind}: ")),
                "{text}: {e}"
            );
        }
    }

    /// A random game played to its end ([`crate::rng::random_game`]), as
    /// GGF moves with explicit passes, and its final black score.
    fn random_game(seed: u64) -> (String, i32) {
        let mut pos = Position::start();
        let mut text = String::new();
        let key = |c: Color| if c == Color::Black { "B" } else { "W" };
        for sq in crate::rng::random_game(&mut crate::rng::SplitMix64::new(seed)) {
            if pos.board.moves() == 0 {
                text.push_str(&format!("{}[PA]", key(pos.side)));
                pos = pos.pass();
            }
            text.push_str(&format!("{}[{sq}]", key(pos.side)));
            pos = pos.play(sq).expect("a random game's moves are legal");
        }
        assert!(pos.board.is_game_over());
        let s = pos.board.final_score();
        (text, if pos.side == Color::Black { s } else { -s })
    }

    #[test]
    fn a_file_keeps_standard_games_and_checks_finished_results() {
        let (moves, score) = random_game(5);
        let text = format!(
            "{}\n{}\n{}\n{}\n(;GM[Othello]TY[8]BO[{}];)\n",
            record("B[f5]W[d6]", "+12.000"),
            record("B[f5]W[d6]B[c3]", "-2:t"),
            record(&moves, &format!("{score:+}.000")),
            record(&moves, &format!("{:+}", score + 2)),
            START.replace(" *", " O"),
        );
        let mut file = GameFile {
            path: "x.ggf".into(),
            format: super::super::GameFormat::Ggf,
            records: 0,
            games: Vec::new(),
            rejected: Vec::new(),
        };
        parse(Path::new("x.ggf"), text.as_bytes(), &mut file).expect("reads");
        assert_eq!(file.records, 5);
        assert_eq!(file.games.len(), 3, "{:?}", file.rejected);
        assert_eq!(file.games[0].id, "x.ggf:1");
        assert_eq!(
            file.games[0].black_score,
            Some(12),
            "an unfinished game keeps RE"
        );
        assert_eq!(
            file.games[1].black_score, None,
            "a game lost on time has no disc count"
        );
        assert_eq!(file.games[1].black.as_deref(), Some("alice"));
        assert!(file.games[2].complete);
        assert_eq!(file.games[2].black_score, Some(score));
        let kinds: Vec<(usize, &str)> =
            file.rejected.iter().map(|r| (r.record, r.kind())).collect();
        assert_eq!(kinds, [(4, "score mismatch"), (5, "non-standard start")]);
    }
}
