//! GTP, the Go Text Protocol (version 2) as Othello match runners and GoGui
//! use it: one command a line, optionally numbered; each answer is `=`
//! (or `=ID`) and the result, or `?` and a message, then an empty line.
//! An empty result is `= ` and the empty line, as the specification's
//! grammar has it. A pass is `PASS`; colours are `b`/`black` and `w`/`white`. An unknown
//! command or a bad argument gets `? message` and changes nothing.
//!
//! Besides the standard commands it answers GoGui's rules commands
//! (`gogui-rules_*`). `komi` is accepted and ignored (Othello has none).
//! `play` and `genmove` for the side not to move are taken as coming after
//! a forced pass when the side to move has none; otherwise they are errors.
//! `genmove` thinks with the time the clock leaves ([`super::move_time`]:
//! `time_settings` and `time_left`), or to the session's depth when no
//! clock was set; `final_score` is the final score (empty squares to the
//! winner) once the game is over, and the disc count before.

use super::{move_time, GameState, SessionError};
use crate::board::{Color, Square};
use crate::formats::Position;
use crate::search::{Engine, EngineConfig, EngineError, Limits, ThinkOptions};
use std::io::{BufRead, Write};

/// Every command this engine answers, as `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
    "quit",
    "gogui-rules_game_id",
    "gogui-rules_board",
    "gogui-rules_board_size",
    "gogui-rules_legal_moves",
    "gogui-rules_side_to_move",
    "gogui-rules_final_result",
];

/// One command line, split: its number (if any), name and arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The command's number, echoed in the answer.
    pub id: Option<u64>,
    /// The command name.
    pub name: String,
    /// Its arguments.
    pub args: Vec<String>,
}

/// Splits a line (comments after `#` and control characters dropped);
/// `None` for a line with no command.
pub fn parse_line(line: &str) -> Option<Line> {
    let clean: String = line
        .split('#')
        .next()
        .unwrap_or("")
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut words = clean.split_whitespace();
    let first = words.next()?;
    let (id, name) = match first.parse::<u64>() {
        Ok(id) => (Some(id), words.next()?.to_string()),
        Err(_) => (None, first.to_string()),
    };
    Some(Line {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// A colour argument.
pub fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(format!(
            "expected a colour (b, w, black or white), found {text:?}"
        )),
    }
}

/// A move argument (`None`: `pass`).
pub fn parse_vertex(text: &str) -> Result<Option<Square>, String> {
    if crate::formats::position::is_pass_name(text) {
        return Ok(None);
    }
    Square::parse(text)
        .map(Some)
        .map_err(|_| format!("expected a move like f5 or pass, found {text:?}"))
}

/// The session's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SessionOptions {
    /// The midgame depth of every move when no clock is set (with one,
    /// the time decides).
    pub depth: u32,
    /// ProbCut's confidence, percent.
    pub confidence: u32,
}

impl Default for SessionOptions {
    fn default() -> SessionOptions {
        SessionOptions {
            depth: 12,
            confidence: 95,
        }
    }
}

/// A GTP session: the game, the clocks and the engine.
pub struct Session {
    engine: Engine,
    game: GameState,
    options: SessionOptions,
    /// Main time per side from `time_settings` (0: no limit).
    main_time: Option<f64>,
    /// Each side's time left from `time_left` (black, white).
    left: [Option<f64>; 2],
    /// `quit` was received.
    pub done: bool,
}

fn side_index(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

fn vertex(mv: Option<Square>) -> String {
    mv.map_or_else(|| "PASS".to_string(), |sq| sq.to_string().to_uppercase())
}

/// Black's result as GTP writes it: `B+12`, `W+4` or `0`: the final
/// score (empty squares to the winner) when the game is over, else the
/// disc count now.
fn result_text(pos: &Position) -> String {
    let s = if pos.board.is_game_over() {
        pos.board.final_score()
    } else {
        pos.board.player.count_ones() as i32 - pos.board.opponent.count_ones() as i32
    };
    let black = if pos.side == Color::Black { s } else { -s };
    match black {
        0 => "0".to_string(),
        b if b > 0 => format!("B+{b}"),
        b => format!("W+{}", -b),
    }
}

impl Session {
    /// A session thinking with an engine made from `config`.
    pub fn new(config: EngineConfig, options: SessionOptions) -> Result<Session, EngineError> {
        Ok(Session {
            engine: Engine::new(config)?,
            game: GameState::default(),
            options,
            main_time: None,
            left: [None, None],
            done: false,
        })
    }

    /// The current game.
    pub fn game(&self) -> &GameState {
        &self.game
    }

    /// Plays `mv` for `color`, after a forced pass of the side to move if
    /// it is the other colour's turn and it has no move.
    fn play_for(&mut self, color: Color, mv: Option<Square>) -> Result<(), String> {
        let pos = self.game.current();
        if pos.side != color {
            if pos.board.moves() == 0 && !pos.board.is_game_over() {
                self.game.play(None, None).map_err(|e| e.to_string())?;
            } else {
                return Err(format!("it is {}'s turn", pos.side.name()));
            }
        }
        self.game.play(mv, None).map_err(|e| e.to_string())
    }

    /// Answers one command: `Ok(result)` or `Err(message)`.
    pub fn answer(&mut self, line: &Line) -> Result<String, String> {
        let a = &line.args;
        let need = |n: usize| -> Result<(), String> {
            if a.len() < n {
                Err(format!(
                    "{} needs {n} argument{}",
                    line.name,
                    if n == 1 { "" } else { "s" }
                ))
            } else {
                Ok(())
            }
        };
        let pos = self.game.current();
        match line.name.as_str() {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("othello-solver".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                need(1)?;
                Ok(COMMANDS.contains(&a[0].as_str()).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "gogui-rules_board_size" => Ok("8".into()),
            "boardsize" => {
                need(1)?;
                match a[0].parse::<u32>() {
                    Ok(8) => Ok(String::new()),
                    _ => Err("unacceptable size: only 8 is played".into()),
                }
            }
            "clear_board" => {
                self.game = GameState::default();
                self.engine.clear();
                Ok(String::new())
            }
            "komi" => {
                need(1)?;
                a[0].parse::<f64>()
                    .map(|_| String::new())
                    .map_err(|_| format!("expected a number, found {:?}", a[0]))
            }
            "play" => {
                need(2)?;
                let color = parse_color(&a[0])?;
                let mv = parse_vertex(&a[1])?;
                self.play_for(color, mv).map(|_| String::new())
            }
            "genmove" => {
                need(1)?;
                let color = parse_color(&a[0])?;
                let mut pos = pos;
                if pos.board.is_game_over() {
                    return Err("the game is over".into());
                }
                if pos.side != color {
                    if pos.board.moves() == 0 {
                        self.game.play(None, None).map_err(|e| e.to_string())?;
                        pos = self.game.current();
                    } else {
                        return Err(format!("it is {}'s turn", pos.side.name()));
                    }
                }
                if pos.board.moves() == 0 {
                    self.game.play(None, None).map_err(|e| e.to_string())?;
                    return Ok("PASS".into());
                }
                let left = self.left[side_index(color)].or(self.main_time);
                let time = left
                    .filter(|t| *t > 0.0)
                    .map(|t| move_time(t, pos.board.empties()));
                // With a clock the time decides the depth; without, --depth.
                let options = ThinkOptions {
                    depth: time.is_none().then_some(self.options.depth),
                    confidence: self.options.confidence,
                    limits: Limits { time, nodes: None },
                    // A game is won or lost: near the end, play for it.
                    wld: true,
                    ..ThinkOptions::default()
                };
                let t = self
                    .engine
                    .think(&pos.board, &options)
                    .map_err(|e| e.to_string())?;
                let Some(best) = t.best() else {
                    return Err("no move found".into());
                };
                if let Some(l) = self.left[side_index(color)].as_mut() {
                    *l = (*l - t.time_s).max(0.0);
                }
                self.game
                    .play(Some(best), Some(t.time_s))
                    .map_err(|e| e.to_string())?;
                Ok(vertex(Some(best)))
            }
            "undo" => {
                if self.game.undo() {
                    Ok(String::new())
                } else {
                    Err("cannot undo: no move was played".into())
                }
            }
            "showboard" | "gogui-rules_board" => Ok(format!("\n{}", board_text(&pos))),
            "final_score" | "gogui-rules_final_result" => {
                if line.name == "gogui-rules_final_result" && !pos.board.is_game_over() {
                    return Ok("unknown".into());
                }
                Ok(result_text(&pos))
            }
            "time_settings" => {
                need(3)?;
                let main: f64 = a[0]
                    .parse()
                    .map_err(|_| format!("expected seconds, found {:?}", a[0]))?;
                if !main.is_finite() || main < 0.0 {
                    return Err(format!("bad main time {main}"));
                }
                self.main_time = Some(main);
                self.left = [None, None];
                Ok(String::new())
            }
            "time_left" => {
                need(3)?;
                let color = parse_color(&a[0])?;
                let t: f64 = a[1]
                    .parse()
                    .map_err(|_| format!("expected seconds, found {:?}", a[1]))?;
                if !t.is_finite() || t < 0.0 {
                    return Err(format!("bad time {t}"));
                }
                self.left[side_index(color)] = Some(t);
                Ok(String::new())
            }
            "quit" => {
                self.done = true;
                Ok(String::new())
            }
            "gogui-rules_game_id" => Ok("Othello".into()),
            "gogui-rules_legal_moves" => {
                if pos.board.is_game_over() {
                    return Ok(String::new());
                }
                if pos.board.moves() == 0 {
                    return Ok("pass".into());
                }
                Ok(Square::iter_bits(pos.board.moves())
                    .map(|sq| vertex(Some(sq)))
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "gogui-rules_side_to_move" => Ok(pos.side.name().into()),
            other => Err(format!(
                "unknown command {:?}",
                other.chars().take(40).collect::<String>()
            )),
        }
    }
}

/// The board as text: ranks 1 to 8 down, `X` black, `O` white, `.`
/// empty, and who is to move.
fn board_text(pos: &Position) -> String {
    let squares = pos.squares_string();
    let mut s = String::from("  A B C D E F G H\n");
    for (r, row) in squares.as_bytes().chunks(8).enumerate() {
        s.push_str(&format!("{} ", r + 1));
        for &c in row {
            s.push(if c == b'-' { '.' } else { c as char });
            s.push(' ');
        }
        s.pop();
        s.push('\n');
    }
    s.push_str(&format!("{} to move", pos.side.name()));
    s
}

/// Runs a GTP session: commands from `input` until `quit` or its end,
/// answers to `output`.
pub fn run<R: BufRead, W: Write>(
    input: R,
    mut output: W,
    config: EngineConfig,
    options: SessionOptions,
) -> Result<(), SessionError> {
    let mut session = Session::new(config, options)?;
    for line in input.lines() {
        let line = line?;
        let Some(cmd) = parse_line(&line) else {
            continue;
        };
        let id = cmd.id.map(|i| i.to_string()).unwrap_or_default();
        match session.answer(&cmd) {
            Ok(r) => write!(output, "={id} {r}\n\n")?,
            Err(m) => write!(output, "?{id} {m}\n\n")?,
        }
        output.flush()?;
        if session.done {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_with_ids_and_comments() {
        assert_eq!(
            parse_line("12 play b f5 # comment"),
            Some(Line {
                id: Some(12),
                name: "play".into(),
                args: vec!["b".into(), "f5".into()],
            })
        );
        assert_eq!(parse_line("  # only a comment"), None);
        assert_eq!(parse_line("7"), None);
        assert_eq!(parse_color("W"), Ok(Color::White));
        assert!(parse_color("red").is_err());
        assert_eq!(parse_vertex("PASS"), Ok(None));
        assert!(parse_vertex("z9").is_err());
    }
}
