//! The binary's basic commands and its handling of bad input: every bad
//! position gets a clear message and exit code 1 (2 for usage), never a panic.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_othello-solver"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run the binary: {e}"))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const START: &str = "---------------------------OX------XO--------------------------- X";

#[test]
fn version_and_help() {
    let o = run(&["--version"]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("othello-solver "));
    for cmd in ["show", "perft"] {
        let o = run(&[cmd, "--help"]);
        assert!(o.status.success(), "{cmd} --help");
        assert!(String::from_utf8_lossy(&o.stdout).contains("Usage"));
    }
}

#[test]
fn show_prints_board_and_facts() {
    for arg in [
        START.to_string(),
        START.replace(' ', ""),
        "".to_string() + "f5d6c3d3c4",
    ] {
        let o = run(&["show", &arg]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains("  a b c d e f g h"));
        assert!(out.contains("legal moves:"));
        assert!(out.contains("empties:"));
    }
    let out = String::from_utf8_lossy(&run(&["show", START]).stdout).into_owned();
    assert!(out.contains("legal moves: d3 c4 f5 e6"), "{out}");
    assert!(
        out.contains("discs: black 2, white 2; empties: 60"),
        "{out}"
    );
}

#[test]
fn perft_counts() {
    let o = run(&["perft", "6"]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("depth 6: 8200 leaves"));
    let o = run(&["perft", "9", "--count-passes"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("3005320 leaves"));
    let o = run(&["perft", "2", "--position", "f5"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("depth 2: 14 leaves"));
}

/// Each bad position: exit 1, a message naming what is wrong, no panic.
#[test]
fn bad_positions_are_clear_errors() {
    let long = START.replace(" X", "- X");
    let cases: Vec<(String, &str)> = vec![
        (START[..50].to_string(), "board has 50 squares, expected 64"),
        (long, "board has 65 squares"),
        (
            START.replacen('-', "Z", 1),
            "column 1: bad board character 'Z'",
        ),
        (START.replace(" X", ""), "missing side to move"),
        (
            START.replace(" X", " Q"),
            "column 66: bad side to move \"Q\"",
        ),
        ("f5d6c3c3".to_string(), "move 4 (c3) is illegal for white"),
        ("f5d6i3".to_string(), "column 5: unknown square name \"i3\""),
        ("f5d".to_string(), "column 3: unknown square name \"d\""),
    ];
    for (arg, want) in cases {
        let o = run(&["show", &arg]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{arg}: {err}");
        assert!(err.contains(want), "{arg}: expected {want:?} in {err:?}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn bad_flags_are_usage_errors() {
    for args in [
        &["perft", "x"][..],
        &["perft", "61"],
        &["show"],
        &["frobnicate"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&o).contains("panicked"));
    }
}
