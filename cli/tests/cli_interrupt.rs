//! Ctrl-C (SIGINT, sent with `kill -INT`): `solve` answers
//! `unknown (interrupted)` with its proven bounds and exits 130; `batch`
//! keeps the rows it wrote, writes the position in progress as unknown,
//! starts no more, exits 130, and `--resume` then solves the rest, leaving
//! one row per position. Unix only (signals).
#![cfg(unix)]

#[path = "../../tests/common/mod.rs"]
mod common;
use common::TempDir;
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::{Color, Position};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// 50 empties: no search finishes it in the time these tests wait.
const FAR_FROM_THE_END: &str = "f5d6c3d3c4f4f6f3e6e7";

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_othello-solver"))
}

fn start(args: &[&str]) -> Child {
    bin()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run: {e}"))
}

fn sigint(child: &Child) {
    let ok = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap_or_else(|e| panic!("kill: {e}"))
        .success();
    assert!(ok, "kill -INT failed");
}

/// Waits for the child to exit, at most `limit`; a child still running
/// then is killed and the test fails (the stop was not prompt).
fn finish(mut child: Child, limit: Duration) -> Output {
    let t0 = Instant::now();
    while child
        .try_wait()
        .unwrap_or_else(|e| panic!("wait: {e}"))
        .is_none()
    {
        if t0.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().ok();
            panic!(
                "still running {limit:?} after Ctrl-C; stderr: {}",
                out.map(|o| String::from_utf8_lossy(&o.stderr).into_owned())
                    .unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("output: {e}"))
}

fn solve_interrupted(args: &[&str]) {
    let child = start(args);
    std::thread::sleep(Duration::from_millis(1500));
    sigint(&child);
    let out = finish(child, Duration::from_secs(20));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(130),
        "{args:?}: stdout {stdout} stderr {stderr}"
    );
    assert!(
        stdout.contains("result: unknown (interrupted); proven"),
        "{args:?}: {stdout}"
    );
    assert!(
        stderr.contains("interrupted: stopping"),
        "{args:?}: {stderr}"
    );
}

#[test]
fn solve_stops_on_ctrl_c_with_alphabeta_and_dfpn_plus() {
    solve_interrupted(&[
        "solve",
        FAR_FROM_THE_END,
        "--threads",
        "2",
        "--hash-mb",
        "16",
    ]);
    solve_interrupted(&[
        "solve",
        FAR_FROM_THE_END,
        "--wld",
        "--algo",
        "dfpn+",
        "--threads",
        "2",
        "--hash-mb",
        "16",
    ]);
}

#[test]
fn batch_keeps_its_rows_on_ctrl_c_and_resumes() {
    let dir = TempDir::new("interrupt");
    // One quick position, then three that no search finishes in time.
    let mut rng = SplitMix64::new(5);
    let quick = loop {
        if let Some(b) = random_position(&mut rng, 12).filter(|b| b.moves() != 0) {
            break Position {
                board: b,
                side: Color::Black,
            };
        }
    };
    let text = format!(
        "{}\n{FAR_FROM_THE_END}\n{FAR_FROM_THE_END}c6\n{FAR_FROM_THE_END}f7\n",
        quick.to_board_string()
    );
    let input = dir.write("four.obf", text.as_bytes());
    let output = dir.0.join("rows.jsonl");
    let (input_s, output_s) = (input.to_string_lossy(), output.to_string_lossy());
    let common = [
        "batch",
        &input_s,
        "--jobs",
        "1",
        "--threads",
        "2",
        "--hash-mb",
        "16",
        "--format",
        "jsonl",
        "--output",
        &output_s,
    ];
    let child = start(&common);
    // Wait for the quick position's row, then let the second one run a little.
    let t0 = Instant::now();
    while common::jsonl_rows(&output).is_empty() {
        assert!(t0.elapsed() < Duration::from_secs(60), "no first row");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    sigint(&child);
    let out = finish(child, Duration::from_secs(20));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("interrupted: 2 positions not started"),
        "{stderr}"
    );
    let kept = common::jsonl_rows(&output);
    assert_eq!(kept.len(), 2, "{kept:?}");
    assert_eq!(kept[0]["status"], "solved", "{kept:?}");
    assert_eq!(kept[1]["status"], "unknown", "{kept:?}");

    // Resume: the unknown row and the two not started, each within a small
    // node limit; one row per position in the end.
    let mut args = common.to_vec();
    args.extend(["--resume", "--node-limit", "20000"]);
    let out = bin().args(&args).output().unwrap_or_else(|e| panic!("{e}"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1 positions already done, 3 to go (1 of them unknown before"),
        "{stderr}"
    );
    let all = common::jsonl_rows(&output);
    let mut ids: Vec<&str> = all.iter().filter_map(|r| r["id"].as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!((all.len(), ids.len()), (4, 4), "{all:?}");
}
