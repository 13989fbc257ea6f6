//! `othello-solver eval`: one position with its contributions, a problem
//! file in order (text and JSON Lines), `--weights`, and clear errors for a
//! missing, corrupt or mismatched weights file.

use othello_solver::eval::{PatternEvaluator, WeightsFile, EMBEDDED_WEIGHTS};
use othello_solver::Position;
use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_othello-solver"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run the binary: {e}"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("othello-eval-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("temp dir: {e}"));
    dir.join(name)
}

#[test]
fn one_position_prints_the_evaluation_and_contributions() {
    let o = run(&["eval", "f5d6c3d3c4"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let pos = Position::parse("f5d6c3d3c4").unwrap_or_else(|e| panic!("{e}"));
    let e = PatternEvaluator::embedded().unwrap_or_else(|e| panic!("{e}"));
    let want = format!("evaluation: {:+.2} discs", e.evaluate(&pos.board));
    assert!(out.contains(&want), "{out}");
    assert!(out.contains("largest contributions"), "{out}");
    let o = run(&["eval", "f5d6c3d3c4", "--json"]);
    let v: serde_json::Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("json: {e}"));
    assert_eq!(v["contributions"].as_array().map(Vec::len), Some(12));
    assert_eq!(v["side"], "white");
}

#[test]
fn file_gives_one_result_per_line_in_order() {
    let lines = [
        "---------------------------OX------XO--------------------------- X",
        "f5d6c3d3c4",
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18",
    ];
    let path = temp("problems.obf");
    std::fs::write(
        &path,
        format!("% comment\n{}\n\n{}\n{}\n", lines[0], lines[1], lines[2]),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let p = path.to_string_lossy().into_owned();
    let o = run(&["eval", "--file", &p, "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let rows: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["line"], 2);
    assert_eq!(rows[1]["line"], 4);
    assert_eq!(rows[2]["line"], 5);
    assert_eq!(rows[2]["known_score"], 18);
    let e = PatternEvaluator::embedded().unwrap_or_else(|e| panic!("{e}"));
    for (row, l) in rows.iter().zip(lines) {
        let pos =
            Position::parse(l.split(';').next().unwrap_or(l)).unwrap_or_else(|e| panic!("{e}"));
        let want = (e.evaluate(&pos.board) as f64 * 100.0).round() / 100.0;
        assert_eq!(row["eval"].as_f64(), Some(want));
    }
    let o = run(&["eval", "--file", &p]);
    assert!(o.status.success());
    assert_eq!(text(&o.stdout).lines().count(), 3);
}

#[test]
fn weights_option_and_its_errors() {
    // The embedded file written out and read back gives the same answers.
    let good = temp("good.bin");
    std::fs::write(&good, EMBEDDED_WEIGHTS).unwrap_or_else(|e| panic!("{e}"));
    let g = good.to_string_lossy().into_owned();
    let a = run(&["eval", "f5d6", "--json"]);
    let b = run(&["eval", "f5d6", "--json", "--weights", &g]);
    assert!(b.status.success(), "{}", text(&b.stderr));
    assert_eq!(a.stdout, b.stdout);

    let missing = temp("missing.bin").to_string_lossy().into_owned();
    let o = run(&["eval", "f5d6", "--weights", &missing]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("missing.bin"),
        "{}",
        text(&o.stderr)
    );

    let mut bytes = EMBEDDED_WEIGHTS.to_vec();
    let n = bytes.len();
    bytes[n - 100] ^= 1;
    let corrupt = temp("corrupt.bin");
    std::fs::write(&corrupt, &bytes).unwrap_or_else(|e| panic!("{e}"));
    let o = run(&["eval", "f5d6", "--weights", &corrupt.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("corrupt"), "{}", text(&o.stderr));

    let truncated = temp("truncated.bin");
    std::fs::write(&truncated, &EMBEDDED_WEIGHTS[..n / 2]).unwrap_or_else(|e| panic!("{e}"));
    let o = run(&["eval", "f5d6", "--weights", &truncated.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("truncated"), "{}", text(&o.stderr));

    let mut file = WeightsFile::from_bytes(EMBEDDED_WEIGHTS).unwrap_or_else(|e| panic!("{e}"));
    file.layout.pop();
    let other = temp("other-layout.bin");
    file.save(&other).unwrap_or_else(|e| panic!("{e}"));
    let o = run(&["eval", "f5d6", "--weights", &other.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("layout mismatch"),
        "{}",
        text(&o.stderr)
    );
}
