//! `othello-solver nboard` and `othello-solver gtp` on real pipes.

use std::io::Write;
use std::process::{Command, Stdio};

fn session(args: &[&str], script: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_othello-solver"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("writes");
    let out = child.wait_with_output().expect("finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn gtp_plays_and_reports_errors() {
    let (code, out, _) = session(
        &["gtp", "--depth", "4", "--hash-mb", "8"],
        "protocol_version\nplay b f5\ngenmove w\nplay b z9\nquit\n",
    );
    assert_eq!(code, 0);
    let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 5, "{out}");
    assert_eq!(replies[0], "= 2");
    assert_eq!(replies[1], "= ");
    assert!(["= D6", "= F6", "= F4"].contains(&replies[2]), "{out}");
    assert!(replies[3].starts_with("? expected a move"), "{out}");
}

#[test]
fn nboard_answers_go_with_a_legal_move() {
    let (code, out, _) = session(
        &["nboard", "--hash-mb", "8"],
        "nboard 2\nset depth 4\nset game (;GM[Othello]PC[t]RE[?]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)\nping 3\ngo\n",
    );
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"pong 3"), "{out}");
    let go = lines
        .iter()
        .find(|l| l.starts_with("=== "))
        .expect("a move");
    assert!(["D6", "F6", "F4"].contains(&&go[4..6]), "{out}");
}

#[test]
fn bad_engine_options_are_usage_errors() {
    let (code, _, err) = session(&["nboard", "--confidence", "90"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("73, 87, 95, 98, 99 or 100"), "{err}");
    let (code, _, err) = session(&["nboard", "--clock", "-1"], "");
    assert_eq!(code, 2, "{err}");
}
