//! Regression tests of hardening and everyday use: memory
//! errors instead of aborts, batch output that cannot be lost or go stale,
//! one position syntax everywhere, and the smaller findings.

#[path = "../../tests/common/mod.rs"]
mod common;
use common::TempDir;
use std::path::Path;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_othello-solver"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run the binary: {e}"))
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_othello-solver"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run the binary: {e}"))
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// FFO #1 (14 empties), with a known best score of +18 (G8).
const FFO1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

/// A problem file of two easy positions: FFO #1 with its known scores, and
/// its board with white to move.
fn problem_file(dir: &TempDir) -> std::path::PathBuf {
    dir.write(
        "p.obf",
        format!(
            "{FFO1}; G8:+18; H1:+12;\n% a comment\n{}\n",
            FFO1.replace(" X", " O")
        )
        .as_bytes(),
    )
}

#[test]
fn a_table_larger_than_the_memory_is_an_error_not_an_abort() {
    let o = run(&["solve", "f5d6c3d3c4", "--hash-mb", "1048576"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let e = err(&o);
    assert!(e.contains("cannot allocate 1048576 MiB"), "{e}");
    assert!(e.contains("--hash-mb"), "{e}");
    assert!(!e.contains("panicked") && !e.contains("backtrace"), "{e}");
    if Path::new("/proc/meminfo").exists() {
        assert!(e.contains("this machine has"), "{e}");
    }
    // A batch asks for jobs × N.
    let tmp = TempDir::new("hash-batch");
    let p = problem_file(&tmp);
    let ps = p.to_string_lossy().to_string();
    let o = run(&["batch", &ps, "--jobs", "64", "--hash-mb", "65536"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(
        err(&o).contains("cannot allocate 4194304 MiB"),
        "{}",
        err(&o)
    );
    assert!(err(&o).contains("--jobs × --hash-mb"), "{}", err(&o));
}

#[test]
fn the_output_cannot_be_one_of_the_inputs() {
    let tmp = TempDir::new("out-is-in");
    let p = problem_file(&tmp);
    let before = std::fs::read(&p).unwrap_or_default();
    for output in ["p.obf", "./p.obf", "../p.obf"] {
        let dir = if output.starts_with("..") {
            let sub = tmp.0.join("sub");
            std::fs::create_dir_all(&sub).unwrap_or_else(|e| panic!("{e}"));
            sub
        } else {
            tmp.0.clone()
        };
        let input = if output.starts_with("..") {
            "../p.obf"
        } else {
            "p.obf"
        };
        let o = run_in(
            &dir,
            &["batch", input, "--format", "obf", "--output", output],
        );
        assert_eq!(o.status.code(), Some(1), "{output}: {}", err(&o));
        assert!(err(&o).contains("one of the input files"), "{}", err(&o));
        assert_eq!(std::fs::read(&p).unwrap_or_default(), before, "{output}");
    }
}

#[test]
fn resume_ids_do_not_depend_on_how_the_path_is_spelled() {
    let tmp = TempDir::new("resume-spelling");
    problem_file(&tmp);
    std::fs::create_dir_all(tmp.0.join("sub")).unwrap_or_else(|e| panic!("{e}"));
    let first = run_in(
        &tmp.0,
        &[
            "batch", "p.obf", "--format", "jsonl", "-o", "r.jsonl", "--jobs", "1",
        ],
    );
    assert!(first.status.success(), "{}", err(&first));
    let rows1 = common::jsonl_rows(&tmp.0.join("r.jsonl"));
    assert_eq!(rows1.len(), 2);
    // The id is the canonical path and the line, as the README says.
    let canonical = tmp.0.join("p.obf").canonicalize().unwrap_or_default();
    assert_eq!(
        rows1[0]["id"].as_str(),
        Some(format!("{}:1", canonical.display()).as_str())
    );
    for spelling in ["./p.obf", "sub/../p.obf", &canonical.to_string_lossy()] {
        let again = run_in(
            &tmp.0,
            &[
                "batch", spelling, "--format", "jsonl", "-o", "r.jsonl", "--resume",
            ],
        );
        assert!(again.status.success(), "{}", err(&again));
        assert!(
            err(&again).contains("2 positions already done, 0 to go"),
            "{}",
            err(&again)
        );
        assert_eq!(
            common::jsonl_rows(&tmp.0.join("r.jsonl")).len(),
            2,
            "{spelling}"
        );
    }
}

#[test]
fn unknown_rows_are_solved_again_on_resume_and_reported_by_the_exit_code() {
    let tmp = TempDir::new("resume-retry");
    let p = problem_file(&tmp);
    let ps = p.to_string_lossy().to_string();
    for format in ["jsonl", "csv"] {
        let outp = tmp.0.join(format!("r.{format}"));
        let os = outp.to_string_lossy().to_string();
        let limited = run(&[
            "batch",
            &ps,
            "--format",
            format,
            "-o",
            &os,
            "--node-limit",
            "10",
            "--jobs",
            "1",
        ]);
        assert_eq!(limited.status.code(), Some(4), "{}", err(&limited));
        let text = std::fs::read_to_string(&outp).unwrap_or_default();
        let unknown_rows = text.lines().filter(|l| l.contains("unknown")).count();
        assert_eq!(unknown_rows, 2, "{text}");
        // Resumed without a limit: both are solved, one row per position.
        let resumed = run(&[
            "batch", &ps, "--format", format, "-o", &os, "--resume", "--check",
        ]);
        assert!(resumed.status.success(), "{}", err(&resumed));
        assert!(
            err(&resumed).contains("2 of them unknown before"),
            "{}",
            err(&resumed)
        );
        let text = std::fs::read_to_string(&outp).unwrap_or_default();
        assert!(!text.contains("unknown"), "{text}");
        let data_rows = text.lines().filter(|l| l.contains("solved")).count();
        assert_eq!(data_rows, 2, "{text}");
        assert_eq!(
            text.lines().count(),
            if format == "csv" { 3 } else { 2 },
            "{text}"
        );
        // Resumed again with a limit that hits: nothing left to do, exit 0.
        let done = run(&[
            "batch",
            &ps,
            "--format",
            format,
            "-o",
            &os,
            "--resume",
            "--node-limit",
            "10",
        ]);
        assert!(done.status.success(), "{}", err(&done));
    }
}

#[test]
fn csv_resume_refuses_a_garbage_line_naming_it() {
    let tmp = TempDir::new("resume-garbage");
    let p = problem_file(&tmp);
    let ps = p.to_string_lossy().to_string();
    let outp = tmp.0.join("r.csv");
    let os = outp.to_string_lossy().to_string();
    let o = run(&["batch", &ps, "--format", "csv", "-o", &os, "--jobs", "1"]);
    assert!(o.status.success(), "{}", err(&o));
    let mut text = std::fs::read_to_string(&outp).unwrap_or_default();
    text.push_str("this is not a row\n");
    std::fs::write(&outp, &text).unwrap_or_else(|e| panic!("{e}"));
    for format in ["csv", "jsonl"] {
        let o = run(&["batch", &ps, "--format", format, "-o", &os, "--resume"]);
        assert_eq!(o.status.code(), Some(1), "{}", err(&o));
        let line = if format == "csv" { 4 } else { 1 };
        assert!(
            err(&o).contains(&format!("r.csv:{line}: not a {format} row")),
            "{}",
            err(&o)
        );
        assert_eq!(std::fs::read_to_string(&outp).unwrap_or_default(), text);
    }
}

#[test]
fn every_command_takes_every_position_form() {
    let board = FFO1;
    let forms = [
        board.to_string(),
        format!("{board};"),
        format!("{board}; G8:+18; H1:+12;"),
        format!("{board}; G8:+18; --:-127; % fforum #1"),
        format!("\u{feff}{board}"),
    ];
    for form in &forms {
        for cmd in [
            vec!["show", form.as_str()],
            vec!["eval", form.as_str()],
            vec!["perft", "2", "--position", form.as_str()],
            vec!["solve", form.as_str(), "--wld"],
        ] {
            let o = run(&cmd);
            assert!(o.status.success(), "{cmd:?}: {}", err(&o));
        }
    }
    let o = run(&["solve", &forms[2], "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap_or_default();
    assert_eq!(v["score"], 18, "{}", out(&o));
    // A malformed tail is an error naming the field.
    let o = run(&["eval", &format!("{board}; Z9:+2")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("field 2 \"Z9:+2\": unknown square name"),
        "{}",
        err(&o)
    );
}

#[test]
fn eval_file_reports_a_bad_line_and_goes_on() {
    let tmp = TempDir::new("eval-bad-line");
    let p = tmp.write(
        "e.obf",
        format!("\u{feff}{FFO1}\nnot a position\nf5d6c3\n").as_bytes(),
    );
    let o = run(&["eval", "--file", &p.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let lines: Vec<String> = out(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 2, "{}", out(&o));
    assert!(lines[0].trim_start().starts_with("1 "), "{lines:?}");
    assert!(lines[1].trim_start().starts_with("3 "), "{lines:?}");
    assert!(err(&o).contains("e.obf:2: position"), "{}", err(&o));
}

#[test]
fn usage_errors_exit_2_with_a_clear_message() {
    let tmp = TempDir::new("usage");
    let p = problem_file(&tmp);
    let ps = p.to_string_lossy().to_string();
    let outp = tmp.0.join("o.obf").to_string_lossy().to_string();
    let o = run(&["batch", &ps, "--format", "obf", "--wld", "-o", &outp]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("--format obf"), "{}", err(&o));
    assert!(!Path::new(&outp).exists());
    let o = run(&["batch", &ps, "--format", "table", "-o", &outp, "--resume"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(
        err(&o).contains("--resume needs --format jsonl or csv"),
        "{}",
        err(&o)
    );
    let o = run(&["batch", &ps, "--jobs", "-1"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("-1 is not in 1..=1024"), "{}", err(&o));
}

#[test]
fn bound_answers_do_not_claim_there_is_no_move() {
    // The default (alpha-beta) names a move proving the bound: one of FFO
    // #1's moves scoring at least +4 (g8 +18, h1 +12, h7 +6, a2 +6, a3 +4).
    let o = run(&["solve", FFO1, "--bound", "4"]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("yes: score >= +4"), "{text}");
    assert!(!text.contains("none (pass or game over)"), "{text}");
    let proving = ["g8", "h1", "h7", "a2", "a3"];
    assert!(
        proving
            .iter()
            .any(|m| text.contains(&format!("best move: {m}\n"))),
        "{text}"
    );
    // df-pn+, whose leaf search answered the whole question here, says it
    // has no move rather than claiming there is none.
    let o = run(&["solve", FFO1, "--bound", "4", "--algo", "dfpn+"]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("yes: score >= +4"), "{text}");
    assert!(!text.contains("none (pass or game over)"), "{text}");
    assert!(text.contains("best move: not determined"), "{text}");
}

#[test]
fn a_missing_file_says_the_os_error_once() {
    for args in [
        vec!["batch", "no-such-file.obf"],
        vec!["eval", "--file", "no-such-file.obf"],
        vec!["solve", "f5d6", "--weights", "no-such-file.bin"],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(
            err(&o).matches("os error 2").count(),
            1,
            "{args:?}: {}",
            err(&o)
        );
    }
}

#[test]
fn a_byte_order_mark_on_line_1_is_accepted() {
    let tmp = TempDir::new("bom");
    let p = tmp.write("b.obf", format!("\u{feff}{FFO1}; G8:+18;\n").as_bytes());
    let o = run(&["batch", &p.to_string_lossy(), "--check", "--jobs", "1"]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("1 solved"), "{}", out(&o));
}

#[test]
fn the_diagram_marks_moves_with_a_legend_and_not_with_a_disc_symbol() {
    let o = run(&["show", "f5"]);
    let text = out(&o);
    let diagram: String = text.lines().take(9).collect::<Vec<_>>().join("\n");
    assert!(!diagram.contains('*'), "{text}");
    assert_eq!(diagram.matches('+').count(), 3, "{text}");
    assert!(
        text.contains("X black, O white, + legal move for white, . empty"),
        "{text}"
    );
}

#[test]
fn help_and_sources_cite_the_repository_docs() {
    let o = run(&["perft", "--help"]);
    let design = concat!("DESIGN", ".md");
    assert!(!out(&o).contains(design), "{}", out(&o));
    assert!(out(&o).contains("docs/benchmarks.md"), "{}", out(&o));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stack = vec![root.join("src"), root.join("tools/src"), root.join("tests")];
    stack.push(root.join("docs"));
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                assert!(!text.contains(design), "{} cites {design}", path.display());
            }
        }
    }
}

/// The start position after one move: 59 empties.
const LONG: &str = "f5";

#[test]
fn a_long_solve_without_a_limit_is_warned_about() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_othello-solver"))
        .args(["solve", LONG, "--hash-mb", "16"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut first = String::new();
    if let Some(stderr) = child.stderr.take() {
        let _ = BufReader::new(stderr).read_line(&mut first);
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        first.starts_with("warning: 59 empties and no limit"),
        "{first}"
    );
    assert!(
        first.contains("--time-limit") && first.contains("--node-limit"),
        "{first}"
    );
    // With a limit, no warning; with stderr not a terminal, no progress text.
    let o = run(&["solve", LONG, "--hash-mb", "16", "--time-limit", "1.5"]);
    assert_eq!(o.status.code(), Some(4), "{}", err(&o));
    assert_eq!(err(&o), "", "nothing on a redirected stderr");
    assert!(out(&o).contains("unknown"), "{}", out(&o));
}

/// On a terminal (a pseudo-terminal from `script`, where it exists), a long
/// solve redraws a status line on stderr; `--json` never does.
#[test]
fn a_terminal_shows_live_progress() {
    if !Path::new("/usr/bin/script").exists() {
        eprintln!("skipped: no /usr/bin/script to make a terminal");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_othello-solver");
    let shown = |extra: &str| -> String {
        let cmd = format!("{bin} solve {LONG} --hash-mb 16 --time-limit 2.5 {extra}");
        let o = Command::new("/usr/bin/script")
            .args(["-qec", &cmd, "/dev/null"])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        out(&o)
    };
    let text = shown("");
    assert!(text.contains("\x1b[2K"), "{text:?}");
    assert!(text.contains("M nodes/s, score in [-64, +64]"), "{text:?}");
    let json = shown("--json");
    assert!(
        !json.contains("\x1b[2K") && !json.contains("M nodes/s,"),
        "{json:?}"
    );
}

#[test]
fn bench_runs_a_problem_file_deterministically_and_checks_it() {
    let dir = TempDir::new("bench-file");
    let file = problem_file(&dir);
    let path = file.to_string_lossy().into_owned();
    let args = [
        "bench",
        "--file",
        &path,
        "--threads",
        "1",
        "--hash-mb",
        "16",
    ];
    let a = run(&args);
    assert!(a.status.success(), "{}", err(&a));
    let text = out(&a);
    assert!(text.contains("bench: 2 positions, from "), "{text}");
    // FFO #1 is checked against its known score; the other line has none.
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("1 ") && l.ends_with(" ok")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("2 ") && l.ends_with(" -")),
        "{text}"
    );
    // The same node count on every run (one thread, a fresh engine each).
    let total = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("total:"))
            .map(|l| l.split(',').next().map(String::from))
    };
    let b = run(&args);
    assert_eq!(total(&text), total(&out(&b)), "{text}");

    // A wrong known score is a mismatch: named on stderr, exit code 3.
    let wrong = dir.write("wrong.obf", format!("{FFO1}; G8:+20;\n").as_bytes());
    let o = run(&[
        "bench",
        "--file",
        &wrong.to_string_lossy(),
        "--threads",
        "1",
        "--hash-mb",
        "16",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    assert!(err(&o).contains("MISMATCH"), "{}", err(&o));

    // A malformed line stops the benchmark, naming the file and line.
    let bad = dir.write(
        "bad.obf",
        format!("{FFO1}; G8:+18;\nnot a position\n").as_bytes(),
    );
    let o = run(&["bench", "--file", &bad.to_string_lossy(), "--threads", "1"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("bad.obf:2:"), "{}", err(&o));
    // --file goes with none of the random set's options.
    let o = run(&["bench", "--file", &path, "--count", "3"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
}

/// `--isa` forces each instruction set this CPU runs: the same answers and
/// node counts on every one, the level named in `bench`'s header; a level
/// that does not exist (or that this CPU lacks) is a usage error.
#[test]
fn isa_switch_forces_each_path_with_the_same_tree() {
    let mut totals = Vec::new();
    for isa in othello_solver::board::cpu::ALL_ISAS {
        let name = isa.name();
        let o = run(&[
            "bench",
            "--isa",
            name,
            "--empties",
            "16",
            "--count",
            "3",
            "--threads",
            "1",
        ]);
        if !isa.supported() {
            assert_eq!(o.status.code(), Some(2), "{name}: {}", err(&o));
            assert!(err(&o).contains("cannot run"), "{}", err(&o));
            continue;
        }
        assert!(o.status.success(), "{name}: {}", err(&o));
        let text = out(&o);
        assert!(text.contains(&format!("isa {name}")), "{text}");
        let total = text
            .lines()
            .find(|l| l.starts_with("total:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .map(str::to_string);
        totals.push((name, total));
    }
    assert!(
        totals.iter().all(|(_, t)| t.is_some() && *t == totals[0].1),
        "{totals:?}"
    );
    let o = run(&["solve", "--isa", "neon", FFO1]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("expected portable, x86-64-v3 or x86-64-v4"),
        "{}",
        err(&o)
    );
}

/// `--json` on every command that writes JSON: `analyze --json` is
/// `--format json`, `batch --json` is `--format jsonl`, with the same
/// records; either with `--format` too is a usage error.
#[test]
fn json_is_one_flag_on_every_command() {
    use othello_solver::formats::position::format_move_list;
    use othello_solver::rng::{random_game, SplitMix64};
    let game = format_move_list(&random_game(&mut SplitMix64::new(11)));
    let a = run(&["analyze", &game, "--from-empties", "12", "--json"]);
    let b = run(&["analyze", &game, "--from-empties", "12", "--format", "json"]);
    assert!(a.status.success(), "{}", err(&a));
    assert_eq!(out(&a), out(&b));
    assert!(out(&a).trim_start().starts_with('{'), "{}", out(&a));
    let dir = TempDir::new("json-flag");
    let file = problem_file(&dir);
    let file = file.to_string_lossy();
    let c = run(&["batch", &file, "--json", "--jobs", "1"]);
    let d = run(&["batch", &file, "--format", "jsonl", "--jobs", "1"]);
    assert!(c.status.success(), "{}", err(&c));
    let strip = |t: String| -> Vec<String> {
        t.lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap_or_default();
                if let Some(m) = v.as_object_mut() {
                    m.remove("time_s");
                }
                v.to_string()
            })
            .collect()
    };
    assert_eq!(strip(out(&c)), strip(out(&d)));
    assert_eq!(out(&c).lines().count(), 2, "{}", out(&c));
    let e = run(&["batch", &file, "--json", "--format", "csv"]);
    assert_eq!(e.status.code(), Some(2), "{}", err(&e));
    // bench --json: a record per position, then the totals, which equal
    // the table's.
    let args = ["bench", "--empties", "14", "--count", "3", "--threads", "1"];
    let table = run(&args);
    let json = run(&[&args[..], &["--json"]].concat());
    assert!(json.status.success(), "{}", err(&json));
    let lines: Vec<serde_json::Value> = out(&json)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(lines.len(), 4, "{}", out(&json));
    assert_eq!(lines[0]["id"], "1");
    let total_nodes = out(&table)
        .lines()
        .find(|l| l.starts_with("total:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse::<u64>().ok());
    assert_eq!(
        lines[3]["total"]["nodes"].as_u64(),
        total_nodes,
        "{}",
        out(&table)
    );
}
