//! `othello-solver solve`: text and JSON output, limits, bad input.

use std::process::Command;

fn solver() -> Command {
    Command::new(env!("CARGO_BIN_EXE_othello-solver"))
}

/// FFO #1 (14 empties): black G8 wins by 18.
const FFO1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

#[test]
fn text_report() {
    let out = solver().args(["solve", FFO1, "--hash-mb", "16"]).output();
    let out = out.unwrap_or_else(|e| panic!("run: {e}"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("result: +18 (black win)"), "{text}");
    assert!(text.contains("best move: g8"), "{text}");
    assert!(text.contains("pv: 47.X:g8 "), "{text}");
    assert!(text.contains("nodes: "), "{text}");
}

#[test]
fn json_report() {
    let out = solver()
        .args([
            "solve",
            FFO1,
            "--json",
            "--algo",
            "alphabeta",
            "--hash-mb",
            "16",
        ])
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    assert!(out.status.success());
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("json: {e}"));
    assert_eq!(v["score"], 18);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["mode"], "exact");
    assert_eq!(v["algo"], "alphabeta");
    assert_eq!(v["wld"], "win");
    assert_eq!(v["side"], "X");
    assert_eq!(v["empties"], 14);
    assert_eq!(v["best_moves"], serde_json::json!(["g8"]));
    assert_eq!(v["pv"][0], "g8");
    assert!(v["nodes"].as_u64().is_some_and(|n| n > 0));
    assert!(v["time_s"].as_f64().is_some());

    let out = solver()
        .args(["solve", FFO1, "--json", "--bound", "20"])
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("json: {e}"));
    assert_eq!(v["bound_holds"], false);
    assert_eq!(v["mode"], "bound");

    // FFO #1's winning moves: g8 +18, h1 +12, h7 +6, a2 +6, a3 +4.
    let winning = ["a2", "a3", "g8", "h1", "h7"];
    let out = solver()
        .args(["solve", FFO1, "--json", "--wld"])
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("json: {e}"));
    assert_eq!(v["wld"], "win");
    assert_eq!(
        v["algo"], "alphabeta",
        "alpha-beta (with its selective ladder) is the default for one WLD move"
    );
    assert_eq!(v["all_best"], false);
    // One proving move by default.
    let one = v["best_moves"].as_array().cloned().unwrap_or_default();
    assert_eq!(one.len(), 1, "{v}");
    assert!(winning.iter().any(|m| one[0] == *m), "{v}");

    // --all-best: every winning move reaches the WLD optimum.
    let out = solver()
        .args(["solve", FFO1, "--json", "--wld", "--all-best"])
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("json: {e}"));
    assert_eq!(v["wld"], "win");
    assert_eq!(
        v["algo"], "dfpn+",
        "df-pn+ is the default for every WLD move"
    );
    assert_eq!(v["all_best"], true);
    let mut best: Vec<String> = v["best_moves"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    best.sort();
    assert_eq!(best, winning);
    assert!(v["table"]["probes"].as_u64().is_some_and(|n| n > 0));
    assert!(v["leaf_nodes"].as_u64().is_some());
}

#[test]
fn node_limit_gives_unknown_and_exit_4() {
    let out = solver()
        .args([
            "solve",
            "f5d6c3d3c4f4f6f3e6e7",
            "--node-limit",
            "1000",
            "--json",
        ])
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    assert_eq!(out.status.code(), Some(4));
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("json: {e}"));
    assert_eq!(v["status"], "unknown");
    assert_eq!(v["score"], serde_json::Value::Null);
}

#[test]
fn bad_position_fails_with_a_message() {
    let out = solver()
        .args(["solve", "XXO"])
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("squares"), "{err}");
    let out = solver()
        .args(["solve", FFO1, "--wld", "--exact"])
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn an_unknown_answer_can_carry_a_labelled_estimate() {
    let args = [
        "solve",
        "f5d6c3d3c4f4f6f3e6e7",
        "--node-limit",
        "1000",
        "--estimate",
        "--estimate-time",
        "0.2",
        "--hash-mb",
        "16",
    ];
    let out = solver()
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    assert_eq!(out.status.code(), Some(4), "still unknown");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("result: unknown"), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("estimate (not proven): "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("@95%)"), "{line}");
    let out = solver()
        .args(args)
        .arg("--json")
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("json: {e}"));
    assert_eq!(v["status"], "unknown");
    assert_eq!(v["score"], serde_json::Value::Null);
    assert!(
        v["estimate"]["precision"]
            .as_str()
            .is_some_and(|p| p.ends_with("@95%")),
        "{v}"
    );
    assert!(v["estimate"]["move"].as_str().is_some(), "{v}");
    // Without --estimate there is no such key.
    let out = solver()
        .args(&args[..4])
        .arg("--json")
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("json: {e}"));
    assert!(v.get("estimate").is_none(), "{v}");
}
