//! `othello-solver batch` end to end: formats, jobs, resume after a kill,
//! shards, --check, malformed lines, limits, and stdout kept clean.

#[path = "../../tests/common/mod.rs"]
mod common;
use common::TempDir;
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::search::{Algo, Engine, EngineConfig, Limits, Mode};
use othello_solver::{Color, Position};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_othello-solver"))
}

fn run(args: &[&str]) -> Output {
    bin()
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run: {e}"))
}

/// `count` random positions with `empties` empties where the side to move
/// can move, with their exact scores (as OBF best-move scores) when `scored`.
fn problem_file(
    dir: &Path,
    name: &str,
    count: usize,
    empties: u32,
    seed: u64,
    scored: bool,
) -> PathBuf {
    let mut rng = SplitMix64::new(seed);
    // Every best move, so that `--check` can hold one-move results to all of them.
    let mut config = EngineConfig::new(Algo::Alphabeta, 8, Limits::default());
    config.all_best = true;
    let mut engine = Engine::new(config).expect("built-in files decode");
    let mut text = String::from("% generated for the batch tests\n");
    let mut n = 0;
    while n < count {
        let Some(b) = random_position(&mut rng, empties) else {
            continue;
        };
        if b.moves() == 0 {
            continue;
        }
        let pos = Position {
            board: b,
            side: if b.empties() % 2 == 0 {
                Color::Black
            } else {
                Color::White
            },
        };
        text.push_str(&pos.to_board_string());
        if scored {
            let r = engine.solve(&b, Mode::Exact);
            for sq in &r.best_moves {
                text.push_str(&format!(
                    "; {}:{:+}",
                    sq.to_string().to_uppercase(),
                    r.lower
                ));
            }
        }
        text.push('\n');
        n += 1;
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    path
}

/// id -> (score, best moves) from jsonl output.
fn jsonl_results(text: &str) -> BTreeMap<String, (i64, String)> {
    text.lines()
        .map(|l| {
            let v: serde_json::Value =
                serde_json::from_str(l).unwrap_or_else(|e| panic!("bad row {l:?}: {e}"));
            let id = v["id"].as_str().unwrap_or_default().to_string();
            let score = v["score"].as_i64().unwrap_or(999);
            (id, (score, v["best_moves"].to_string()))
        })
        .collect()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn formats_jobs_and_check() {
    let tmp = TempDir::new("formats");
    let dir = &tmp.0;
    let file = problem_file(dir, "p.obf", 24, 12, 11, true);
    let f = file.to_str().unwrap_or_default();

    let one = run(&[
        "batch",
        f,
        "--format",
        "jsonl",
        "--jobs",
        "1",
        "--threads",
        "1",
        "--check",
    ]);
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    let two = run(&["batch", f, "--format", "jsonl", "--jobs", "2", "--check"]);
    assert_eq!(two.status.code(), Some(0), "{}", stderr(&two));
    let (r1, r2) = (jsonl_results(&stdout(&one)), jsonl_results(&stdout(&two)));
    assert_eq!(r1.len(), 24);
    assert_eq!(r1, r2, "--jobs 2 must give the results of --jobs 1");
    // The summary goes to stderr for machine formats; every row has the schema.
    assert!(stderr(&one).contains("summary: 24 positions: 24 solved, 0 unknown, 0 mismatched"));
    for line in stdout(&one).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
        for key in [
            "id",
            "board",
            "side",
            "empties",
            "mode",
            "algo",
            "status",
            "score",
            "wld",
            "lower",
            "upper",
            "best_moves",
            "all_best",
            "pv",
            "nodes",
            "leaf_nodes",
            "time_s",
            "check",
        ] {
            assert!(v.get(key).is_some(), "missing {key} in {line}");
        }
        assert_eq!(v["check"], "ok");
        assert_eq!(v["all_best"], false, "one best move by default");
        assert_eq!(
            v["algo"], "alphabeta",
            "alpha-beta is the default for exact scores"
        );
    }
    // --all-best lists every best move and still checks.
    let all = run(&[
        "batch",
        f,
        "--format",
        "jsonl",
        "--jobs",
        "2",
        "--check",
        "--all-best",
    ]);
    assert_eq!(all.status.code(), Some(0), "{}", stderr(&all));
    assert!(stdout(&all)
        .lines()
        .all(|l| l.contains("\"all_best\":true")));
    // --jobs 1 --threads 1 is deterministic, nodes included.
    let again = run(&[
        "batch",
        f,
        "--format",
        "jsonl",
        "--jobs",
        "1",
        "--threads",
        "1",
    ]);
    let nodes = |t: &str| -> Vec<u64> {
        t.lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l)
                    .map(|v| v["nodes"].as_u64().unwrap_or(0))
                    .unwrap_or(0)
            })
            .collect()
    };
    assert_eq!(nodes(&stdout(&one)), nodes(&stdout(&again)));

    let csv = run(&["batch", f, "--format", "csv", "--jobs", "2"]);
    assert_eq!(csv.status.code(), Some(0));
    let out = stdout(&csv);
    let mut lines = out.lines();
    assert!(lines
        .next()
        .unwrap_or_default()
        .starts_with("id,board,side,empties,mode"));
    assert_eq!(lines.count(), 24);

    let table = run(&["batch", f, "--wld"]);
    assert_eq!(table.status.code(), Some(0));
    assert!(stdout(&table).contains("summary: 24 positions: 24 solved"));
    // No progress bar (nor anything else) on stdout but rows and summary.
    assert!(!stdout(&table).contains("ETA"));
}

#[test]
fn check_reports_a_wrong_known_score() {
    let tmp = TempDir::new("check");
    let dir = &tmp.0;
    let file = problem_file(dir, "p.obf", 4, 10, 5, true);
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    // Corrupt the known score of the third position (line 4).
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let (board, scores) = lines[3]
        .split_once(';')
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .unwrap_or_default();
    let (mv, sc) = scores
        .split(';')
        .next()
        .and_then(|s| s.split_once(':'))
        .map(|(a, b)| (a.trim().to_string(), b.to_string()))
        .unwrap_or_default();
    let wrong: i32 = sc.trim().parse::<i32>().unwrap_or(0) + 2;
    lines[3] = format!("{board}; {mv}:{wrong:+}");
    std::fs::write(&file, lines.join("\n")).unwrap_or_else(|e| panic!("{e}"));
    let o = run(&[
        "batch",
        file.to_str().unwrap_or_default(),
        "--check",
        "--format",
        "csv",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("mismatch: {}:4: score", file.display())),
        "{err}"
    );
    assert!(err.contains("1 mismatched"), "{err}");
}

#[test]
fn malformed_lines_are_reported_and_skipped() {
    let tmp = TempDir::new("malformed");
    let dir = &tmp.0;
    let file = problem_file(dir, "p.obf", 3, 10, 9, false);
    let mut text = std::fs::read_to_string(&file).unwrap_or_default();
    text.push_str("this is not a position\n");
    text.push_str("f5d6c3d3c4\n");
    std::fs::write(&file, &text).unwrap_or_else(|e| panic!("{e}"));
    let f = file.to_str().unwrap_or_default();
    // The move list leaves 55 empties: a node limit keeps it short (unknown).
    let o = run(&[
        "batch",
        f,
        "--format",
        "jsonl",
        "--bound",
        "0",
        "--node-limit",
        "200000",
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "malformed input wins over unknowns"
    );
    assert!(
        stderr(&o).contains(&format!("{f}:5: position:")),
        "{}",
        stderr(&o)
    );
    // The other four positions (3 boards and the move list) were answered.
    assert_eq!(stdout(&o).lines().count(), 4);
    let strict = run(&["batch", f, "--strict", "--node-limit", "1000"]);
    assert_eq!(strict.status.code(), Some(1));
    assert_eq!(stdout(&strict).lines().count(), 0);
}

#[test]
fn node_limit_gives_unknown_and_exit_4() {
    let tmp = TempDir::new("limit");
    let dir = &tmp.0;
    let file = problem_file(dir, "p.obf", 2, 20, 3, false);
    let o = run(&[
        "batch",
        file.to_str().unwrap_or_default(),
        "--format",
        "jsonl",
        "--node-limit",
        "1000",
    ]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    for line in stdout(&o).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
        assert_eq!(v["status"], "unknown");
        assert!(v["score"].is_null());
    }
}

#[test]
fn shards_partition_the_input() {
    let tmp = TempDir::new("shards");
    let dir = &tmp.0;
    let file = problem_file(dir, "p.obf", 10, 10, 21, false);
    let f = file.to_str().unwrap_or_default();
    let all = jsonl_results(&stdout(&run(&[
        "batch", f, "--format", "jsonl", "--jobs", "1",
    ])));
    let mut merged = BTreeMap::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let part = jsonl_results(&stdout(&run(&[
            "batch", f, "--format", "jsonl", "--shard", &shard,
        ])));
        assert!(part.len() == 3 || part.len() == 4);
        for (k, v) in part {
            assert!(merged.insert(k, v).is_none(), "a position in two shards");
        }
    }
    assert_eq!(merged, all);
    assert_eq!(run(&["batch", f, "--shard", "4/3"]).status.code(), Some(2));
}

#[test]
fn resume_after_a_kill_gives_the_rows_of_a_full_run() {
    let tmp = TempDir::new("resume");
    let dir = &tmp.0;
    let file = problem_file(dir, "p.obf", 40, 18, 77, false);
    let f = file.to_str().unwrap_or_default();
    let full = jsonl_results(&stdout(&run(&[
        "batch", f, "--format", "jsonl", "--jobs", "1",
    ])));
    assert_eq!(full.len(), 40);

    // Kill a run as soon as it has written a row, then resume it.
    let out = dir.join("out.jsonl");
    let o = out.to_str().unwrap_or_default();
    let mut child = bin()
        .args([
            "batch", f, "--format", "jsonl", "--jobs", "2", "--output", o,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let t = std::time::Instant::now();
    while std::fs::read_to_string(&out).map_or(0, |s| s.lines().count()) < 3
        && t.elapsed().as_secs() < 60
    {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let _ = child.kill();
    let _ = child.wait();
    // A half-written last row, as a kill in mid-write would leave.
    let mut partial = std::fs::read(&out).unwrap_or_default();
    partial.extend_from_slice(b"{\"id\":\"half a r");
    std::fs::write(&out, &partial).unwrap_or_else(|e| panic!("{e}"));

    let resumed = run(&["batch", f, "--format", "jsonl", "--output", o, "--resume"]);
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("resuming"),
        "{}",
        stderr(&resumed)
    );
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    assert_eq!(text.lines().count(), 40, "each position exactly once");
    assert_eq!(jsonl_results(&text), full);

    // Resuming a finished file does nothing more.
    let again = run(&["batch", f, "--format", "jsonl", "--output", o, "--resume"]);
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&out)
            .unwrap_or_default()
            .lines()
            .count(),
        40
    );
    // A table cannot be resumed: a usage error.
    let table = run(&["batch", f, "--output", o, "--resume"]);
    assert_eq!(table.status.code(), Some(2));
    assert!(stderr(&table).contains("--resume needs --format jsonl or csv"));
}

/// The project's default problem set solves and matches its known scores
/// with the default algorithm (the README's quick job).
#[test]
fn default_position_set_checks() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../positions/default.obf");
    let o = run(&[
        "batch",
        path.to_str().unwrap_or_default(),
        "--check",
        "--format",
        "csv",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("30 positions: 30 solved, 0 unknown, 0 mismatched"),
        "{}",
        stderr(&o)
    );
}

/// `--format obf` writes a problem file that a later `--check` accepts.
#[test]
fn obf_output_round_trips_through_check() {
    let tmp = TempDir::new("obf");
    let dir = &tmp.0;
    let file = problem_file(dir, "p.obf", 6, 12, 41, false);
    let o = run(&[
        "batch",
        file.to_str().unwrap_or_default(),
        "--format",
        "obf",
        "--jobs",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let solved = dir.join("solved.obf");
    std::fs::write(&solved, &o.stdout).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        stdout(&o).lines().filter(|l| !l.starts_with('%')).count(),
        6
    );
    let c = run(&[
        "batch",
        solved.to_str().unwrap_or_default(),
        "--check",
        "--format",
        "jsonl",
    ]);
    assert_eq!(c.status.code(), Some(0), "{}", stderr(&c));
    assert!(stdout(&c).lines().all(|l| l.contains("\"check\":\"ok\"")));
}

/// `--games FILE --empties E` solves the position at E empties of each game
/// and checks WTHOR's perfect-play score at 24 empties.
#[test]
fn games_input_with_wthor_scores() {
    let wthor = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/games/wthor/WTH_2022.wtb");
    if !wthor.exists() {
        eprintln!(
            "skipped games_input_with_wthor_scores: {} not found",
            wthor.display()
        );
        return;
    }
    let w = wthor.to_str().unwrap_or_default();
    let o = run(&[
        "batch",
        "--games",
        w,
        "--empties",
        "14",
        "--format",
        "jsonl",
        "--shard",
        "1/50",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).lines().count() >= 20);
    assert!(stdout(&o)
        .lines()
        .all(|l| l.contains("\"id\":\"WTH_2022.wtb#")));
    let o = run(&[
        "batch",
        "--games",
        w,
        "--empties",
        "24",
        "--check",
        "--format",
        "csv",
        "--shard",
        "1/400",
        "--algo",
        "alphabeta",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("0 mismatched"), "{}", stderr(&o));
    assert!(
        // The check column, all_best, then moves (added last; empty
        // without --all-moves).
        stdout(&o)
            .lines()
            .skip(1)
            .all(|l| l.ends_with(",ok,false,")),
        "{}",
        stdout(&o)
    );
}
