//! Scripted sessions of both protocols, end to end through their drivers.

use super::{gtp, nboard, GameState};
use crate::board::{Color, Square};
use crate::formats::Position;
use crate::rng::SplitMix64;
use crate::search::{Algo, Engine, EngineConfig, Limits, Mode};
use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Input fed line by line from the test.
struct Feed {
    rx: Receiver<Vec<u8>>,
    buf: Vec<u8>,
    pos: usize,
}

impl Read for Feed {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.buf.len() {
            match self.rx.recv() {
                Ok(b) => {
                    self.buf = b;
                    self.pos = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.buf.len() - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Output the test reads while the session runs.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn lines(&self) -> Vec<String> {
        let b = self.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
        String::from_utf8_lossy(&b)
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Waits (at most `limit`) until a line starts with `prefix`.
    fn wait_for(&self, prefix: &str, limit: Duration) -> Option<Duration> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if self.lines().iter().any(|l| l.starts_with(prefix)) {
                return Some(start.elapsed());
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        None
    }
}

struct NboardSession {
    tx: Option<Sender<Vec<u8>>>,
    out: Shared,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl NboardSession {
    fn start() -> NboardSession {
        let (tx, rx) = channel();
        let out = Shared::default();
        let o = out.clone();
        let handle = std::thread::spawn(move || {
            let input = BufReader::new(Feed {
                rx,
                buf: Vec::new(),
                pos: 0,
            });
            let config = EngineConfig::new(Algo::Alphabeta, 16, Limits::default());
            nboard::run(input, o, config, nboard::SessionOptions::default()).expect("session");
        });
        NboardSession {
            tx: Some(tx),
            out,
            handle: Some(handle),
        }
    }

    fn send(&self, line: &str) {
        if let Some(tx) = &self.tx {
            tx.send(format!("{line}\n").into_bytes())
                .expect("session alive");
        }
    }

    /// Ends the input and waits for the session to finish its work.
    fn finish(mut self) -> Vec<String> {
        self.tx = None;
        if let Some(h) = self.handle.take() {
            h.join().expect("session thread");
        }
        self.out.lines()
    }
}

/// A GGF record of `moves` from the start (passes written out).
fn ggf(moves: &[Square]) -> String {
    let mut pos = Position::start();
    let mut body = String::new();
    for &sq in moves {
        if pos.board.moves() == 0 {
            body.push_str(if pos.side == Color::Black {
                "B[PA]"
            } else {
                "W[PA]"
            });
            pos = pos.pass();
        }
        body.push_str(&format!(
            "{}[{}]",
            if pos.side == Color::Black { "B" } else { "W" },
            sq
        ));
        pos = pos.play(sq).expect("legal");
    }
    format!(
        "(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]{body};)"
    )
}

/// The moves of a random game down to `empties` empties.
fn moves_to(seed: u64, empties: u32) -> Vec<Square> {
    let mut rng = SplitMix64::new(seed);
    loop {
        let moves = crate::rng::random_game(&mut rng);
        let mut pos = Position::start();
        let mut out = Vec::new();
        for &sq in &moves {
            if pos.board.empties() == empties {
                break;
            }
            pos = pos.play_with_pass(sq).expect("legal");
            out.push(sq);
        }
        if pos.board.empties() == empties && pos.board.moves() != 0 {
            return out;
        }
    }
}

#[test]
fn nboard_session_answers_every_command() {
    let s = NboardSession::start();
    s.send("nboard 2");
    s.send("set depth 6");
    s.send("set contempt 0");
    s.send(&format!("set game {}", ggf(&moves_to(5, 50))));
    s.send("ping 1");
    s.send("hint 2");
    s.send("go");
    s.send("move F5/1.00/2.5");
    s.send("learn");
    s.send("analyze");
    // A ping stops every search before it: wait for the analysis first.
    assert!(
        s.out
            .wait_for("analysis 0 ", Duration::from_secs(60))
            .is_some(),
        "{:?}",
        s.out.lines()
    );
    s.send("set depth 99");
    s.send("frobnicate");
    s.send("move");
    s.send("");
    s.send("ping 2");
    let lines = s.finish();
    let text = lines.join("\n");
    assert_eq!(lines[0], format!("set myname {}", nboard::NAME), "{text}");
    assert_eq!(lines[1], "pong 1", "{text}");
    let searches: Vec<&String> = lines.iter().filter(|l| l.starts_with("search ")).collect();
    assert_eq!(searches.len(), 2, "{text}");
    for l in &searches {
        let w: Vec<&str> = l.split(' ').collect();
        assert_eq!(w.len(), 5, "{l}");
        assert!(
            w[2].parse::<f64>().is_ok() && w[3] == "0" && w[4] == "6@95%",
            "{l}"
        );
    }
    let go = lines
        .iter()
        .find(|l| l.starts_with("=== "))
        .expect("a move");
    let mv = go[4..].split('/').next().expect("move");
    assert_eq!(mv.len(), 2, "{go}");
    assert!(lines.iter().any(|l| l.starts_with("nodestats ")), "{text}");
    assert!(lines.iter().any(|l| l == "learned"), "{text}");
    // The game has 10 moves; F5 was rejected or played (it may be illegal).
    let analysis = lines.iter().filter(|l| l.starts_with("analysis ")).count();
    assert!((11..=12).contains(&analysis), "{text}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("status error: set depth")),
        "{text}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("status error: unknown command \"frobnicate\"")),
        "{text}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("status error: move")),
        "{text}"
    );
    assert_eq!(lines.last().map(String::as_str), Some("pong 2"), "{text}");
}

#[test]
fn nboard_hint_within_reach_equals_every_move_solve() {
    let moves = moves_to(9, 14);
    let mut state = GameState::default();
    for &sq in &moves {
        if state.current().board.moves() == 0 {
            state.play(None, None).expect("pass");
        }
        state.play(Some(sq), None).expect("legal");
    }
    let board = state.current().board;
    let s = NboardSession::start();
    s.send("nboard 2");
    s.send("set depth 8");
    s.send(&format!("set game {}", ggf(&moves)));
    s.send("hint 64");
    let lines = s.finish();
    let mut config = EngineConfig::new(Algo::Alphabeta, 16, Limits::default());
    config.all_moves = true;
    let want = Engine::new(config)
        .expect("engine")
        .solve(&board, Mode::Exact);
    let got: Vec<(String, f64, String)> = lines
        .iter()
        .filter(|l| l.starts_with("search "))
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            (
                w[1][..2].to_string(),
                w[2].parse().expect("eval"),
                w[4].to_string(),
            )
        })
        .collect();
    assert_eq!(got.len(), want.moves.len(), "{lines:?}");
    for (g, m) in got.iter().zip(&want.moves) {
        assert_eq!(g.0, m.square.to_string().to_uppercase());
        assert_eq!(Some(g.1 as i32), m.score());
        assert_eq!(g.2, "100%");
    }
}

#[test]
fn nboard_ping_stops_a_long_search() {
    let s = NboardSession::start();
    s.send("nboard 2");
    s.send("set depth 60");
    s.send(&format!("set game {}", ggf(&moves_to(3, 40))));
    s.send("hint 1");
    assert!(s
        .out
        .wait_for("status thinking", Duration::from_secs(10))
        .is_some());
    std::thread::sleep(Duration::from_millis(300));
    s.send("ping 7");
    // The search runs for up to a minute unless the ping stops it; the
    // latency itself is measured in the closing note, not here.
    let waited = s.out.wait_for("pong 7", Duration::from_secs(5));
    assert!(waited.is_some(), "{:?}", s.out.lines());
    let lines = s.finish();
    let pong = lines.iter().position(|l| l == "pong 7").expect("pong");
    assert!(
        !lines[pong..].iter().any(|l| l.starts_with("search ")),
        "no answer after the pong: {lines:?}"
    );
}

#[test]
fn nboard_passes_and_the_game_end() {
    // A position where white must pass: black then moves again.
    let mut rng = SplitMix64::new(1);
    let mut found = None;
    for _ in 0..2000 {
        let moves = crate::rng::random_game(&mut rng);
        let mut pos = Position::start();
        for (i, &sq) in moves.iter().enumerate() {
            if pos.board.moves() == 0 && !pos.board.is_game_over() {
                found = Some(moves[..i].to_vec());
                break;
            }
            pos = pos.play_with_pass(sq).expect("legal");
        }
        if found.is_some() {
            break;
        }
    }
    let moves = found.expect("a random game with a pass");
    let s = NboardSession::start();
    s.send("nboard 2");
    s.send("set depth 4");
    s.send(&format!("set game {}", ggf(&moves)));
    s.send("go");
    assert!(
        s.out.wait_for("=== ", Duration::from_secs(60)).is_some(),
        "{:?}",
        s.out.lines()
    );
    s.send("move PA");
    s.send("ping 1");
    let whole = crate::rng::random_game(&mut SplitMix64::new(2));
    s.send(&format!("set game {}", ggf(&whole)));
    s.send("go");
    s.send("move PA");
    let lines = s.finish();
    assert!(lines.iter().any(|l| l.starts_with("=== PA")), "{lines:?}");
    let pong = lines.iter().position(|l| l == "pong 1").expect("pong");
    assert!(
        !lines[..pong].iter().any(|l| l.starts_with("status error")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "status error: go: the game is over"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "status error: move PA: the game is over"),
        "{lines:?}"
    );
}

fn gtp_session(script: &str) -> Vec<(bool, String)> {
    let config = EngineConfig::new(Algo::Alphabeta, 16, Limits::default());
    let options = gtp::SessionOptions {
        depth: 4,
        confidence: 95,
    };
    let mut out = Vec::new();
    gtp::run(script.as_bytes(), &mut out, config, options).expect("session");
    String::from_utf8_lossy(&out)
        .split("\n\n")
        .filter(|r| !r.is_empty())
        .map(|r| (r.starts_with('='), r.to_string()))
        .collect()
}

#[test]
fn gtp_session_answers_every_command() {
    let script = [
        "1 protocol_version",
        "name",
        "version",
        "known_command genmove",
        "known_command fly",
        "list_commands",
        "boardsize 8",
        "boardsize 19",
        "clear_board",
        "komi 0",
        "play b f5",
        "genmove w",
        "showboard",
        "undo",
        "undo",
        "undo",
        "play w d6",
        "play b a1",
        "play black pass",
        "time_settings 60 0 0",
        "time_left b 30 0",
        "genmove b",
        "gogui-rules_game_id",
        "gogui-rules_board_size",
        "gogui-rules_legal_moves",
        "gogui-rules_side_to_move",
        "gogui-rules_final_result",
        "gogui-rules_board",
        "final_score",
        "play",
        "time_left x 3 0",
        "fly away",
        "quit",
        "name",
    ]
    .join("\n");
    let r = gtp_session(&script);
    let ok: Vec<bool> = r.iter().map(|x| x.0).collect();
    let text: Vec<&str> = r.iter().map(|x| x.1.as_str()).collect();
    assert_eq!(
        ok,
        [
            true, true, true, true, true, true, true, false, true, true, true, true, true, true,
            true, false, false, false, false, true, true, true, true, true, true, true, true, true,
            true, false, false, false, true
        ],
        "{text:#?}"
    );
    assert_eq!(text[0], "=1 2");
    assert_eq!(text[3], "= true");
    assert_eq!(text[4], "= false");
    assert!(text[11].len() == 4, "genmove gives a vertex: {}", text[11]);
    assert!(text[12].contains("A B C D E F G H"));
    assert_eq!(text[22], "= Othello");
    assert_eq!(text[23], "= 8");
    assert_eq!(text[25], "= white");
    assert_eq!(text[26], "= unknown");
    // Black's five discs against white's... after f5 and black's genmove.
    assert!(text[28].starts_with("= B+") || text[28].starts_with("= W+") || text[28] == "= 0");
    assert!(text[29].starts_with("? play needs 2 arguments"));
    assert!(text[31].starts_with("? unknown command"));
    // Nothing after quit.
    assert_eq!(r.len(), 33);
}

#[test]
fn gtp_plays_a_whole_game_with_passes() {
    // Both sides by genmove until the game ends; every answer is a move or
    // PASS, and the final score is the board's.
    let mut script = vec!["clear_board".to_string()];
    for i in 0..70 {
        script.push(format!("genmove {}", if i % 2 == 0 { "b" } else { "w" }));
    }
    script.push("final_score".into());
    script.push("gogui-rules_final_result".into());
    let r = gtp_session(&script.join("\n"));
    let moves: Vec<&str> = r[1..71].iter().map(|x| x.1.as_str()).collect();
    let over = moves.iter().position(|m| m.starts_with('?'));
    let over = over.expect("the game ends within 70 plies");
    assert!(
        moves[over..].iter().all(|m| *m == "? the game is over"),
        "{moves:?}"
    );
    assert!(
        moves[..over].iter().all(|m| m.len() == 4 || *m == "= PASS"),
        "{moves:?}"
    );
    assert_eq!(
        r[71].1, r[72].1,
        "final_score and final_result agree at the end"
    );
}
