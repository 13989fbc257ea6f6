//! `othello-tools label` end to end on one small WTHOR file: the labels
//! are exact (checked against a plain alpha-beta), `train --labels` fits
//! them and reports its error against them, and a damaged labels file is a
//! clear error naming the file.

#[path = "../../tests/common/mod.rs"]
mod common;
mod run_tools;
use common::{shared_data, TempDir};
use othello_solver::search::alphabeta::reference;
use run_tools::run_tools;

#[test]
fn label_then_train_with_labels() {
    let Some(data) = shared_data("label_then_train_with_labels") else {
        return;
    };
    let games = data.join("games/wthor/WTH_1977.wtb").display().to_string();
    let dir = TempDir::new("label");
    let labels = dir.0.join("l.bin").display().to_string();
    let (ok, _, stderr) = run_tools(&[
        "label",
        &games,
        "--empties",
        "1-9",
        "--out",
        &labels,
        "--quiet",
    ]);
    assert!(ok, "{stderr}");
    assert!(stderr.contains("wrote"), "{stderr}");
    let (header, read) = othello_tools::labels::read(std::path::Path::new(&labels)).unwrap();
    assert!(header.contains("1-9 empties"), "{header}");
    // 12 games, 9 positions each with 1-9 empties (fewer after passes).
    assert!(read.len() > 50, "{} labels", read.len());
    for l in &read {
        assert!((1..=9).contains(&l.board.empties()));
        assert_eq!(
            l.score as i32,
            reference::alphabeta(&l.board, -64, 64),
            "{:?}",
            l.board
        );
    }

    let out = dir.0.join("eval.bin").display().to_string();
    let (ok, _, stderr) = run_tools(&[
        "train",
        &games,
        "--out",
        &out,
        "--labels",
        &labels,
        "--max-iter",
        "20",
        "--quiet",
    ]);
    assert!(ok, "{stderr}");
    let report = std::fs::read_to_string(dir.0.join("eval.md")).unwrap();
    assert!(
        report.contains(&format!(
            "except {} positions fitted to their exact scores",
            read.len()
        )),
        "{report}"
    );

    // Truncated: the error names the file.
    let bytes = std::fs::read(&labels).unwrap();
    std::fs::write(&labels, &bytes[..bytes.len() - 3]).unwrap();
    let (ok, _, stderr) = run_tools(&[
        "train", &games, "--out", &out, "--labels", &labels, "--quiet",
    ]);
    assert!(!ok);
    assert!(
        stderr.contains("l.bin") && stderr.contains("truncated"),
        "{stderr}"
    );
}
