//! NBoard's protocol, version 2 (the protocol page of NTest's repository,
//! `instructions/Protocol.htm`): the GUI sends one command a line, the
//! engine answers with `set myname`, `pong`, `status`, `search`, `===`,
//! `nodestats`, `analysis` and `learned` lines.
//!
//! [`parse_command`] reads one line (a fuzz target); [`run`] is the whole
//! session. Searches (`hint`, `go`, `analyze`) run on a thread of their
//! own while the input is still read: a `ping` (or `quit`) that arrives
//! during one stops it at once (and any search still waiting before it), and the `pong` comes only
//! after the stopped search said its last word, so that the GUI never takes
//! an old answer for the new position. Other lines wait for the search's
//! end, in order. A line the engine cannot read gets a `status`
//! line saying why (the protocol has no error reply) and changes nothing.
//!
//! Values are in discs from the side to move's view, with the precision
//! label as depth ([`crate::search::Precision`]: "100%" exact, "18@95%" a
//! midgame search). `set contempt` is accepted and kept, but changes
//! nothing: it values book draws, and there is no book. `learn` answers
//! `learned` and learns nothing, for the same reason.

use super::{move_time, GameState, SessionError};
use crate::board::Square;
use crate::formats::games::ggf::parse_ggf_game;
use crate::search::{Engine, EngineConfig, Limits, ThinkOptions};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `nboard VERSION`.
    Nboard(u32),
    /// `set depth N`: the midgame depth.
    Depth(u32),
    /// `set game GGF`: the game (its moves were checked).
    Game(Box<GameState>, Option<f64>),
    /// `set contempt N`.
    Contempt(i32),
    /// `move SQ[/EVAL[/TIME]]` (`None`: a pass).
    Move(Option<Square>, Option<f64>),
    /// `hint N`.
    Hint(usize),
    /// `go`.
    Go,
    /// `ping N`.
    Ping(String),
    /// `learn`.
    Learn,
    /// `analyze`.
    Analyze,
    /// `quit`.
    Quit,
    /// An empty line.
    Nothing,
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The first word is no command of the protocol.
    #[error("unknown command {0:?}")]
    Unknown(String),
    /// A command with a bad argument.
    #[error("{command}: {message}")]
    Argument {
        /// The command.
        command: &'static str,
        /// What was expected.
        message: String,
    },
}

fn arg(command: &'static str, message: impl Into<String>) -> ParseError {
    ParseError::Argument {
        command,
        message: message.into(),
    }
}

/// Reads one line of the GUI's.
pub fn parse_command(line: &str) -> Result<Command, ParseError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let int = |command: &'static str, text: &str, what: &str| -> Result<i64, ParseError> {
        text.parse::<i64>()
            .map_err(|_| arg(command, format!("expected {what}, found {text:?}")))
    };
    match word {
        "" => Ok(Command::Nothing),
        "nboard" => Ok(Command::Nboard(
            u32::try_from(int("nboard", rest, "the protocol version")?)
                .map_err(|_| arg("nboard", "the version is negative"))?,
        )),
        "set" => {
            let (what, value) = match rest.split_once(char::is_whitespace) {
                Some((w, v)) => (w, v.trim()),
                None => (rest, ""),
            };
            match what {
                "depth" => {
                    let d = int("set depth", value, "a depth from 1 to 60")?;
                    if !(1..=60).contains(&d) {
                        return Err(arg("set depth", format!("{d} is not a depth from 1 to 60")));
                    }
                    Ok(Command::Depth(d as u32))
                }
                "contempt" => {
                    let c = int("set contempt", value, "an integer")?;
                    Ok(Command::Contempt(c.clamp(-10_000, 10_000) as i32))
                }
                "game" => {
                    let g = parse_ggf_game(value).map_err(|e| arg("set game", e.to_string()))?;
                    let mut state = GameState::new(g.start);
                    for m in &g.moves {
                        state
                            .play(m.square, m.time)
                            .map_err(|e| arg("set game", e.to_string()))?;
                    }
                    Ok(Command::Game(Box::new(state), g.time_limit))
                }
                _ => Err(ParseError::Unknown(format!("set {what}"))),
            }
        }
        "move" => {
            let mut parts = rest.split('/');
            let sq = parts.next().unwrap_or("").trim();
            let mv = if crate::formats::position::is_pass_name(sq) {
                None
            } else {
                Some(Square::parse(sq).map_err(|_| {
                    arg(
                        "move",
                        format!("expected a square like F5 or PA, found {sq:?}"),
                    )
                })?)
            };
            let _eval = parts.next();
            let time = match parts.next().map(str::trim) {
                None | Some("") => None,
                Some(t) => Some(
                    t.parse::<f64>()
                        .ok()
                        .filter(|t| t.is_finite() && *t >= 0.0)
                        .ok_or_else(|| {
                            arg("move", format!("expected a time in seconds, found {t:?}"))
                        })?,
                ),
            };
            Ok(Command::Move(mv, time))
        }
        "hint" => {
            let n = int("hint", rest, "how many moves")?;
            if n < 1 {
                return Err(arg("hint", format!("{n}: expected at least 1 move")));
            }
            Ok(Command::Hint(n.min(64) as usize))
        }
        "go" => Ok(Command::Go),
        "ping" => Ok(Command::Ping(rest.to_string())),
        "learn" => Ok(Command::Learn),
        "analyze" => Ok(Command::Analyze),
        "quit" => Ok(Command::Quit),
        other => Err(ParseError::Unknown(other.chars().take(40).collect())),
    }
}

/// How a session thinks when the GUI does not say.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SessionOptions {
    /// The midgame depth until `set depth` (NBoard always sends one).
    pub depth: u32,
    /// ProbCut's confidence, percent.
    pub confidence: u32,
    /// Each side's clock when `set game` has no `TI`, seconds.
    pub clock: f64,
    /// The longest a `hint` thinks, seconds.
    pub hint_time: f64,
}

impl Default for SessionOptions {
    fn default() -> SessionOptions {
        SessionOptions {
            depth: 12,
            confidence: 95,
            clock: 600.0,
            hint_time: 60.0,
        }
    }
}

/// The name the engine gives itself.
pub const NAME: &str = concat!("othello-solver ", env!("CARGO_PKG_VERSION"));

/// What the session loop waits for: a line of input, its end, or the
/// end of search number N (a stopped search's end can come after the next
/// search started).
enum Event {
    Line(String),
    Eof,
    Done(u64),
}

/// What a search thread needs of the session.
#[derive(Clone)]
struct Job {
    kind: Command,
    game: GameState,
    options: ThinkOptions,
}

/// Writes one line and flushes it (the GUI reads a pipe).
fn say<W: Write>(out: &Mutex<W>, line: &str) -> io::Result<()> {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    writeln!(w, "{line}")?;
    w.flush()
}

/// A move as NBoard writes it (`PA` for a pass).
fn move_text(mv: Option<Square>) -> String {
    mv.map_or_else(|| "PA".to_string(), |sq| sq.to_string().to_uppercase())
}

/// The PV as one word, `F5d6C3`-style without separators: `F5-D6-C3`.
fn pv_text(pv: &[Option<Square>]) -> String {
    pv.iter()
        .map(|m| move_text(*m))
        .collect::<Vec<_>>()
        .join("-")
}

/// Runs a search job, writing its lines unless `stop` was raised.
fn run_job<W: Write>(
    engine: &mut Engine,
    job: &Job,
    stop: &AtomicBool,
    out: &Mutex<W>,
) -> io::Result<()> {
    let pos = job.game.current();
    match job.kind {
        Command::Hint(n) => {
            say(out, "status thinking")?;
            let options = ThinkOptions {
                moves: n,
                ..job.options
            };
            let t = engine.think(&pos.board, &options);
            if stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let t = match t {
                Ok(t) => t,
                Err(e) => return say(out, &format!("status error: hint: {e}")),
            };
            if t.moves.is_empty() {
                say(out, &format!("search PA {:.2} 0 {}", t.value, t.precision))?;
            }
            for (i, m) in t.moves.iter().enumerate() {
                let pv = if i == 0 {
                    pv_text(&t.pv)
                } else {
                    move_text(Some(m.square))
                };
                say(
                    out,
                    &format!("search {pv} {:.2} 0 {}", m.value, m.precision),
                )?;
            }
            say(out, &format!("nodestats {} {:.2}", t.nodes, t.time_s))?;
            say(out, "status")
        }
        Command::Go => {
            say(out, "status thinking")?;
            let t = engine.think(&pos.board, &job.options);
            if stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            match t {
                Ok(t) => {
                    say(out, &format!("nodestats {} {:.2}", t.nodes, t.time_s))?;
                    say(
                        out,
                        &format!("=== {}/{:.2}/{:.2}", move_text(t.best()), t.value, t.time_s),
                    )
                }
                Err(e) => say(out, &format!("status error: go: {e}")),
            }
        }
        Command::Analyze => {
            say(out, "status analysing")?;
            let positions = job.game.positions();
            for (k, p) in positions.iter().enumerate().rev() {
                let t = engine.think(&p.board, &job.options);
                if stop.load(Ordering::Relaxed) {
                    return Ok(());
                }
                match t {
                    Ok(t) => say(out, &format!("analysis {k} {:.2}", t.value))?,
                    Err(e) => return say(out, &format!("status error: analyze: {e}")),
                }
            }
            say(out, "status")
        }
        _ => Ok(()),
    }
}

/// The session state between commands.
struct Session {
    game: GameState,
    clock: Option<f64>,
    depth: u32,
    options: SessionOptions,
}

impl Session {
    fn think_options(&self, kind: &Command) -> ThinkOptions {
        let base = ThinkOptions {
            depth: Some(self.depth),
            confidence: self.options.confidence,
            ..ThinkOptions::default()
        };
        match kind {
            Command::Go => {
                let pos = self.game.current();
                let left = self.clock.unwrap_or(self.options.clock) - self.game.time_used(pos.side);
                ThinkOptions {
                    limits: Limits {
                        time: Some(move_time(left.max(0.0), pos.board.empties())),
                        nodes: None,
                    },
                    // A game is won or lost: near the end, play for it.
                    wld: true,
                    ..base
                }
            }
            Command::Hint(_) => ThinkOptions {
                limits: Limits {
                    time: Some(Duration::from_secs_f64(self.options.hint_time)),
                    nodes: None,
                },
                ..base
            },
            _ => base,
        }
    }
}

/// Whether a line that arrives during a search stops it: `ping` (the GUI
/// is about to change the position) and `quit`. Other lines wait for the
/// search's end.
fn stops(line: &str) -> bool {
    matches!(parse_command(line), Ok(Command::Ping(_) | Command::Quit))
}

/// Runs an NBoard session: commands from `input` until `quit` or its end,
/// replies to `output`, thinking with an engine made from `config` (its
/// interrupt flag is the session's own).
pub fn run<R, W>(
    input: R,
    output: W,
    mut config: EngineConfig,
    options: SessionOptions,
) -> Result<(), SessionError>
where
    R: BufRead + Send + 'static,
    W: Write + Send,
{
    let stop = Arc::new(AtomicBool::new(false));
    config.interrupt = Some(Arc::clone(&stop));
    let mut engine = Engine::new(config)?;
    let out = Mutex::new(output);
    let (tx, rx) = mpsc::channel::<Event>();
    let reader = tx.clone();
    // Detached: it may block on the input after `quit`.
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if reader.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Eof);
    });
    let mut session = Session {
        game: GameState::default(),
        clock: None,
        depth: options.depth,
        options,
    };
    let mut searches = 0u64;
    let mut queued = std::collections::VecDeque::new();
    loop {
        let event = match queued.pop_front() {
            Some(e) => e,
            None => match rx.recv() {
                Ok(e) => e,
                Err(_) => break,
            },
        };
        let line = match event {
            Event::Eof => break,
            Event::Done(_) => continue,
            Event::Line(l) => l,
        };
        let command = match parse_command(&line) {
            Ok(c) => c,
            Err(e) => {
                say(&out, &format!("status error: {e}"))?;
                continue;
            }
        };
        match command {
            Command::Nothing => {}
            Command::Quit => break,
            Command::Nboard(v) => {
                say(&out, &format!("set myname {NAME}"))?;
                if v != 2 {
                    say(
                        &out,
                        &format!(
                            "status warning: protocol version {v}, this engine speaks version 2"
                        ),
                    )?;
                }
            }
            Command::Depth(d) => session.depth = d,
            // Contempt values book draws; there is no book.
            Command::Contempt(_) => {}
            Command::Game(g, clock) => {
                session.game = *g;
                session.clock = clock;
            }
            Command::Move(mv, time) => {
                if let Err(e) = session.game.play(mv, time) {
                    say(&out, &format!("status error: move {}: {e}", move_text(mv)))?;
                }
            }
            Command::Ping(n) => say(&out, &format!("pong {n}"))?,
            Command::Learn => say(&out, "learned")?,
            Command::Go if session.game.current().board.is_game_over() => {
                say(&out, "status error: go: the game is over")?;
            }
            // A ping already waiting stops this search before it starts.
            Command::Hint(_) | Command::Go | Command::Analyze
                if queued
                    .iter()
                    .any(|e| matches!(e, Event::Line(l) if stops(l))) => {}
            kind @ (Command::Hint(_) | Command::Go | Command::Analyze) => {
                stop.store(false, Ordering::Relaxed);
                searches += 1;
                let id = searches;
                let job = Job {
                    options: session.think_options(&kind),
                    kind,
                    game: session.game.clone(),
                };
                let (engine, out, stop_flag, queued) = (&mut engine, &out, &*stop, &mut queued);
                std::thread::scope(|s| {
                    let done = tx.clone();
                    let worker = s.spawn(move || {
                        let r = run_job(engine, &job, stop_flag, out);
                        let _ = done.send(Event::Done(id));
                        r
                    });
                    loop {
                        match rx.recv() {
                            Ok(Event::Done(n)) if n == id => break,
                            Ok(Event::Done(_)) => {}
                            Ok(Event::Line(l)) if !stops(&l) => queued.push_back(Event::Line(l)),
                            // The input's end lets the search finish.
                            Ok(Event::Eof) => queued.push_back(Event::Eof),
                            Ok(other) => {
                                stop_flag.store(true, Ordering::Relaxed);
                                queued.push_back(other);
                                break;
                            }
                            Err(_) => {
                                stop_flag.store(true, Ordering::Relaxed);
                                queued.push_back(Event::Eof);
                                break;
                            }
                        }
                    }
                    match worker.join() {
                        Ok(r) => r,
                        Err(_) => Err(io::Error::other("the search thread panicked")),
                    }
                })?;
            }
        }
    }
    Ok(())
}
