//! The players' commands: every move's score (`solve --all-moves`, `show
//! --scores`, `batch --all-moves`), a game analysed (`analyze`), the SVG
//! pictures (parsed as XML), and the batch table in input order.

#[path = "../../tests/common/mod.rs"]
mod common;

use std::process::{Command, Output};

fn solver() -> Command {
    Command::new(env!("CARGO_BIN_EXE_othello-solver"))
}

fn run(args: &[&str]) -> Output {
    solver()
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run {args:?}: {e}"))
}

/// Runs a command that must succeed and write one JSON value.
fn run_json(args: &[&str]) -> serde_json::Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("json: {e}"))
}

/// FFO #2 (14 empties), with every move's known score.
const FFO2: &str = "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X";
const FFO2_SCORES: [(&str, i64); 8] = [
    ("a4", 10),
    ("b2", 0),
    ("a3", -6),
    ("g7", -8),
    ("a7", -12),
    ("h7", -14),
    ("b7", -14),
    ("h2", -24),
];

#[test]
fn solve_all_moves_json_lists_every_move_best_first() {
    let out = run(&["solve", FFO2, "--all-moves", "--json", "--hash-mb", "16"]);
    assert!(out.status.success());
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("json: {e}"));
    let moves = v["moves"].as_array().cloned().unwrap_or_default();
    assert_eq!(moves.len(), FFO2_SCORES.len());
    for (m, (sq, score)) in moves.iter().zip(FFO2_SCORES) {
        // h7 and b7 tie: either order.
        if score == -14 {
            assert_eq!(m["score"].as_i64(), Some(-14));
            continue;
        }
        assert_eq!(m["move"].as_str(), Some(sq), "{m}");
        assert_eq!(m["score"].as_i64(), Some(score), "{m}");
    }
    assert_eq!(v["score"].as_i64(), Some(10));
    assert_eq!(v["best_moves"], serde_json::json!(["a4"]));
    assert_eq!(v["all_best"], serde_json::json!(true));
    // WLD: each move's outcome.
    let out = run(&[
        "solve",
        FFO2,
        "--all-moves",
        "--wld",
        "--json",
        "--hash-mb",
        "16",
    ]);
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("json: {e}"));
    for m in v["moves"].as_array().cloned().unwrap_or_default() {
        let known = FFO2_SCORES
            .iter()
            .find(|(sq, _)| Some(*sq) == m["move"].as_str())
            .map(|s| s.1)
            .unwrap_or_else(|| panic!("{m}"));
        let want = match known.signum() {
            1 => "win",
            0 => "draw",
            _ => "loss",
        };
        assert_eq!(m["wld"].as_str(), Some(want), "{m}");
    }
}

#[test]
fn show_scores_prints_each_value_in_its_square_without_colour_in_a_pipe() {
    let out = run(&["show", "--scores", FFO2, "--hash-mb", "16"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains('\x1b'), "no colour codes in a pipe: {text}");
    let rows: Vec<&str> = text.lines().collect();
    // Rank 4: a4 holds the best move, marked.
    assert!(rows[4].starts_with(" 4  +10*"), "{text}");
    assert!(
        rows[2].contains("+0 ") && rows[2].trim_end().ends_with("-24"),
        "{text}"
    );
    assert!(
        text.contains("moves: a4 +10, b2 +0, a3 -6, g7 -8, a7 -12"),
        "{text}"
    );
}

/// The SVG's `text.score` elements: square → label, and the framed squares.
fn svg_scores(svg: &str) -> (Vec<(String, String)>, Vec<String>, usize) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("SVG is XML: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let class = |n: &roxmltree::Node, c: &str| n.attribute("class") == Some(c);
    let scores = root
        .descendants()
        .filter(|n| class(n, "score"))
        .map(|n| {
            (
                n.attribute("data-square").unwrap_or("").to_string(),
                n.text().unwrap_or("").to_string(),
            )
        })
        .collect();
    let best = root
        .descendants()
        .filter(|n| class(n, "best"))
        .map(|n| n.attribute("data-square").unwrap_or("").to_string())
        .collect();
    let discs = root.descendants().filter(|n| class(n, "disc")).count();
    (scores, best, discs)
}

#[test]
fn svg_board_has_every_score_in_its_square_and_the_best_framed() {
    let dir = common::TempDir::new("svg-board");
    let path = dir.0.join("board.svg");
    let path_text = path.to_string_lossy().to_string();
    let out = run(&[
        "solve",
        FFO2,
        "--all-moves",
        "--svg",
        &path_text,
        "--hash-mb",
        "16",
    ]);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let (scores, best, discs) = svg_scores(&svg);
    let mut want: Vec<(String, String)> = FFO2_SCORES
        .iter()
        .map(|(sq, s)| (sq.to_string(), format!("{s:+}")))
        .collect();
    let mut got = scores.clone();
    want.sort();
    got.sort();
    assert_eq!(got, want);
    assert_eq!(best, ["a4"]);
    assert_eq!(discs, 64 - 14);
    // A board without values: discs only.
    let out = run(&["show", FFO2, "--svg", &path_text]);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let (scores, best, discs) = svg_scores(&svg);
    assert!(scores.is_empty() && best.is_empty());
    assert_eq!(discs, 50);
    // An unwritable path is an error naming it.
    let out = run(&["show", FFO2, "--svg", "/nonexistent-dir/x.svg"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent-dir/x.svg"));
}

/// A whole game of seeded random legal moves, as a move list.
fn random_game_text() -> String {
    use othello_solver::formats::position::format_move_list;
    use othello_solver::rng::{random_game, SplitMix64};
    format_move_list(&random_game(&mut SplitMix64::new(11)))
}

#[test]
fn analyze_a_move_list_as_json_csv_and_table() {
    let game = random_game_text();
    let game = game.as_str();
    let v = run_json(&["analyze", game, "--from-empties", "14", "--format", "json"]);
    let moves = v["moves"].as_array().cloned().unwrap_or_default();
    assert!(!moves.is_empty());
    assert_eq!(moves[0]["empties"].as_i64(), Some(14));
    let mut lost = [0i64, 0];
    for m in &moves {
        let (s, b, l) = (
            m["score"].as_i64(),
            m["best_score"].as_i64(),
            m["lost"].as_i64(),
        );
        assert_eq!(l, b.zip(s).map(|(b, s)| b - s), "{m}");
        lost[usize::from(m["side"] == "O")] += l.unwrap_or(0);
    }
    assert_eq!(v["lost_black"].as_i64(), Some(lost[0]));
    assert_eq!(v["lost_white"].as_i64(), Some(lost[1]));
    assert!(v["final_black_score"].is_i64());
    let out = run(&["analyze", game, "--from-empties", "14", "--format", "csv"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "game,ply,move_number,side,empties,move,score,best_score,best_moves,lost,precision,score_precision"
    );
    assert_eq!(lines.len(), moves.len() + 1);
    let out = run(&["analyze", game, "--from-empties", "14"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("discs lost: black "), "{text}");
    assert!(text.contains("result: "), "{text}");
}

#[test]
fn analyze_from_move_1_labels_estimates_and_the_chart_marks_where_values_become_exact() {
    let game = random_game_text();
    let dir = common::TempDir::new("svg-from-move-1");
    let chart = dir.0.join("chart.svg");
    let v = run_json(&[
        "analyze",
        &game,
        "--from-empties",
        "60",
        "--exact-empties",
        "14",
        "--depth",
        "4",
        "--json",
        "--svg",
        &chart.to_string_lossy(),
    ]);
    let moves = v["moves"].as_array().cloned().unwrap_or_default();
    assert_eq!(moves.first().map(|m| m["ply"].clone()), Some(0.into()));
    let estimates = moves.iter().filter(|m| m["precision"] == "4@95%").count();
    let exact = moves.iter().filter(|m| m["precision"] == "100%").count();
    assert_eq!(estimates + exact, moves.len());
    assert!(estimates > 40 && exact > 5, "{estimates} and {exact}");
    assert!(v["perfect_black_score"].is_null());
    let from = v["exact_from_ply"]
        .as_u64()
        .unwrap_or_else(|| panic!("{v}"));
    let svg = std::fs::read_to_string(&chart).unwrap_or_else(|e| panic!("{e}"));
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("XML: {e}"));
    let mark: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("exact-from"))
        .collect();
    assert_eq!(mark.len(), 1);
    assert_eq!(
        mark[0].attribute("data-ply"),
        Some(from.to_string().as_str())
    );
    let hollow = doc
        .descendants()
        .filter(|n| {
            n.attribute("class") == Some("point") && n.attribute("data-exact") == Some("false")
        })
        .count();
    assert_eq!(hollow, estimates);
    assert!(svg.contains("estimate-line"));
    let out = run(&[
        "analyze",
        &game,
        "--from-empties",
        "60",
        "--confidence",
        "50",
    ]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a confidence that is not a level"
    );
}

#[test]
fn analyze_reads_a_wthor_game_and_agrees_with_its_recorded_score() {
    let Some(data) =
        common::shared_data("analyze_reads_a_wthor_game_and_agrees_with_its_recorded_score")
    else {
        return;
    };
    let game = format!("{}#1", data.join("games/wthor/WTH_2022.wtb").display());
    let dir = common::TempDir::new("svg-chart");
    let chart = dir.0.join("chart.svg");
    let out = run(&["analyze", &game, "--svg", &chart.to_string_lossy()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("(agree)"), "{text}");
    let svg = std::fs::read_to_string(&chart).unwrap_or_else(|e| panic!("{e}"));
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("XML: {e}"));
    let points = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("point"))
        .count();
    // One point per analysed position from 24 empties, and the end.
    assert!(points >= 20, "{points} points");
    // Bad game numbers and bad input say what is wrong.
    let bad = format!("{}#999999", data.join("games/wthor/WTH_2022.wtb").display());
    let out = run(&["analyze", &bad]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("game 999999"));
    let out = run(&["analyze", "f5d6z9"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("neither a file nor a move list"));
}

#[test]
fn batch_all_moves_checks_every_listed_move_and_writes_obf() {
    let Some(data) = common::shared_data("batch_all_moves_checks_every_listed_move_and_writes_obf")
    else {
        return;
    };
    let file = data.join("positions/ffo-fforum/fforum-1-19.obf");
    let file = file.to_string_lossy();
    let out = run(&["batch", "--all-moves", "--check", "--format", "obf", &file]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    // Every move of FFO #1, best first, as the file lists them.
    assert!(
        text.contains("X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;"),
        "{text}"
    );
    // A wrong per-move score in the file is a mismatch naming the move.
    let dir = common::TempDir::new("wrong-move");
    let wrong = dir.write(
        "wrong.obf",
        format!("{FFO2}; A4:+10; B2:+0; A3:-4; G7:-8;\n").as_bytes(),
    );
    let out = run(&["batch", "--all-moves", "--check", &wrong.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("a3 valued [-6,-6], known -4"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn batch_table_rows_come_in_input_order() {
    let Some(data) = common::shared_data("batch_table_rows_come_in_input_order") else {
        return;
    };
    let file = data.join("positions/ffo-fforum/fforum-1-19.obf");
    let out = run(&["batch", "--jobs", "2", &file.to_string_lossy()]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<usize> = text
        .lines()
        .filter_map(|l| {
            l.split_whitespace()
                .next()?
                .rsplit(':')
                .next()?
                .parse()
                .ok()
        })
        .collect();
    assert_eq!(lines, (1..=19).collect::<Vec<_>>(), "{text}");
}
