//! Runs `othello-tools fit-h` end to end on a small WTHOR sample (seconds):
//! the four parameter files load, the data file round-trips and refits to
//! the same parameters, bad data files name line and field; then
//! `dfpn-experiment` on a few held-out problems, and its log re-tabulated.

#[path = "../../tests/common/mod.rs"]
mod common;
mod run_tools;
use common::{shared_data, TempDir};
use othello_solver::search::dfpn::params::{HParams, STAGES};
use othello_tools::hfit::read_data;
use run_tools::run_tools;
use std::path::Path;

fn tools(args: &[&str]) -> (bool, String, String) {
    run_tools(args)
}

fn stage_values(p: &HParams) -> Vec<String> {
    (0..STAGES as u32)
        .map(|e| format!("{:?}", p.stage(e)))
        .collect()
}

#[test]
fn fit_h_small_run_and_experiment() {
    let Some(data) = shared_data("fit_h_small_run_and_experiment") else {
        return;
    };
    let games = data.join("games/wthor/WTH_1985.wtb");
    let held_out = data.join("games/wthor/WTH_2019.wtb");
    let dir = TempDir::new("fit-h");
    let d = |name: &str| dir.0.join(name).display().to_string();
    let (ok, stdout, stderr) = tools(&[
        "fit-h",
        &games.display().to_string(),
        "--empties",
        "6-9",
        "--count",
        "25",
        "--seed",
        "3",
        "--jobs",
        "1",
        "--hash-mb",
        "8",
        "--quiet",
        "--data-out",
        &d("data.txt"),
        "--out-prefix",
        &d("h"),
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("| 9 |"), "{stdout}");

    let records = read_data(Path::new(&d("data.txt"))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(records.len(), 100, "25 problems at each of 4 stages");
    assert!(records
        .iter()
        .all(|r| r.tips >= 1 && r.k == 1 && r.leaf_empties == 0 && (6..=9).contains(&r.empties())));
    assert!(records.iter().any(|r| r.proven) && records.iter().any(|r| !r.proven));

    let mut fitted = Vec::new();
    for v in ["naive", "doubling", "smoothing", "both"] {
        let path = d(&format!("h-{v}.txt"));
        let p = HParams::load(Path::new(&path)).unwrap_or_else(|e| panic!("{e}"));
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(text.contains("# command: othello-tools fit-h"), "{text}");
        assert!(text.contains("6:"), "per-stage counts in the header");
        assert_eq!(p.stage(7).cost_phi, -1.0);
        assert!(p.stage(9).b_phi > 0.0 && p.stage(9).c_phi < 0.0 && p.stage(9).c_delta > 0.0);
        // The file round-trips through the text format.
        let again =
            HParams::parse(&p.to_text(), Path::new("<text>")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(stage_values(&p), stage_values(&again));
        fitted.push(p);
    }
    // Doubling ties the two sides.
    assert_eq!(fitted[1].stage(8).b_phi, fitted[1].stage(8).b_delta);
    assert_eq!(fitted[1].stage(8).c_phi, -fitted[1].stage(8).c_delta);

    // Refitting the saved data (no solving) gives the same parameters.
    let (ok, _, stderr) = tools(&[
        "fit-h",
        "--data",
        &d("data.txt"),
        "--out-prefix",
        &d("again"),
        "--quiet",
    ]);
    assert!(ok, "{stderr}");
    for (i, v) in ["naive", "doubling", "smoothing", "both"]
        .iter()
        .enumerate()
    {
        let p = HParams::load(Path::new(&d(&format!("again-{v}.txt"))))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(stage_values(&p), stage_values(&fitted[i]), "{v}");
    }

    // A malformed data file names the line and the field.
    let text = std::fs::read_to_string(d("data.txt")).unwrap_or_default();
    let first_data = text.lines().position(|l| !l.starts_with('#')).unwrap_or(0);
    let bad: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == first_data {
                l.replacen("proved", "won", 1)
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(d("bad.txt"), bad.join("\n")).unwrap_or_else(|e| panic!("{e}"));
    let (ok, _, stderr) = tools(&["fit-h", "--data", &d("bad.txt"), "--quiet"]);
    assert!(!ok);
    assert!(
        stderr.contains(&format!("bad.txt:{}: field 4 (result)", first_data + 1)),
        "{stderr}"
    );

    // The experiment on a few held-out problems, and its log re-read.
    let (ok, stdout, stderr) = tools(&[
        "dfpn-experiment",
        &held_out.display().to_string(),
        "--empties",
        "8,10",
        "--count",
        "6",
        "--h",
        &format!("both={}", d("h-both.txt")),
        "--epsilon",
        "0,0.25",
        "--jobs",
        "1",
        "--hash-mb",
        "8",
        "--quiet",
        "--log",
        &d("exp.jsonl"),
    ]);
    assert!(ok, "{stderr}");
    for want in [
        "| 8 | 6 |",
        "| 10 | 6 |",
        "| both c=0 | both c=-1 | only cost c=-1 | both c=0 ε=0.25 | both c=-1 ε=0.25 | only cost c=-1 ε=0.25 |",
    ] {
        assert!(stdout.contains(want), "{want}: {stdout}");
    }
    let (ok, _, stderr) = tools(&[
        "dfpn-experiment",
        &held_out.display().to_string(),
        "--epsilon",
        "0,-1",
    ]);
    assert!(!ok);
    assert!(stderr.contains("ε must lie in 0 ..= 4"), "{stderr}");
    let (ok, again, stderr) = tools(&["dfpn-experiment", "--from-log", &d("exp.jsonl")]);
    assert!(ok, "{stderr}");
    let tables = |s: &str| {
        s.lines()
            .filter(|l| l.starts_with('|'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(tables(&stdout), tables(&again));

    // The diagnostic oracle: fit and experiment with the exact score as
    // the evaluation; the h file says so; a bad sigma is a usage error.
    let (ok, _, stderr) = tools(&[
        "fit-h",
        "--data",
        &d("data.txt"),
        "--out-prefix",
        &d("oracle"),
        "--oracle-sigma",
        "0",
        "--quiet",
    ]);
    assert!(ok, "{stderr}");
    let text = std::fs::read_to_string(d("oracle-both.txt")).unwrap_or_default();
    assert!(text.contains("DIAGNOSTIC oracle"), "{text}");
    let (ok, stdout, stderr) = tools(&[
        "dfpn-experiment",
        &held_out.display().to_string(),
        "--empties",
        "8",
        "--count",
        "4",
        "--h",
        &format!("oracle={}", d("oracle-both.txt")),
        "--oracle-sigma",
        "0",
        "--jobs",
        "1",
        "--hash-mb",
        "8",
        "--quiet",
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("| 8 | 4 |"), "{stdout}");
    let (ok, _, stderr) = tools(&[
        "dfpn-experiment",
        &held_out.display().to_string(),
        "--oracle-sigma=-1",
    ]);
    assert!(!ok);
    assert!(stderr.contains("not a standard deviation"), "{stderr}");
}
