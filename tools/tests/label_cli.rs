//! `othello-tools label` end to end on one small WTHOR file: the labels
//! are exact (checked against a plain alpha-beta), `train --labels` fits
//! them and reports its error against them, and a damaged labels file is a
//! clear error naming the file; a killed run resumes where it stopped and
//! ends with the same labels; shards add up to the whole.

#[path = "../../tests/common/mod.rs"]
mod common;
mod run_tools;
use common::{shared_data, TempDir};
use othello_solver::search::reference;
use run_tools::run_tools;

#[test]
#[ignore = "long: .ci/run runs it, with --ignored long_"]
fn long_label_then_train_with_labels() {
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
    assert!(stderr.contains("solved now"), "{stderr}");
    let (header, read) = othello_tools::labels::read(std::path::Path::new(&labels)).unwrap();
    assert!(header.contains("1-9 empties"), "{header}");
    // 12 games, 9 positions each with 1-9 empties (fewer after passes).
    assert!(read.len() > 50, "{} labels", read.len());
    for l in &read {
        assert!((1..=9).contains(&l.board.empties()));
        assert_eq!(l.score as i32, reference::score(&l.board), "{:?}", l.board);
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

/// The labels of a file as a sorted list (the order depends on which
/// thread finished first).
fn sorted_labels(path: &std::path::Path) -> Vec<(u64, u64, i8)> {
    let (_, labels) = othello_tools::labels::read(path).unwrap();
    let mut v: Vec<_> = labels
        .iter()
        .map(|l| (l.board.player, l.board.opponent, l.score))
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn label_resumes_after_a_kill_and_a_torn_record_and_shards_add_up() {
    let Some(data) = shared_data("label_resumes_after_a_kill") else {
        return;
    };
    let games = data.join("games/wthor/WTH_1980.wtb").display().to_string();
    let dir = TempDir::new("label-resume");
    let path = |n: &str| dir.0.join(n).display().to_string();
    let args = |out: &str| -> Vec<String> {
        [
            &games,
            "--empties",
            "8-12",
            "--chunk",
            "4",
            "--quiet",
            "--out",
            out,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let label = |out: &str, extra: &[&str]| {
        let mut a = vec!["label".to_string()];
        a.extend(args(out));
        a.extend(extra.iter().map(|s| s.to_string()));
        run_tools(&a)
    };

    // The reference: one uninterrupted run.
    let (ok, _, stderr) = label(&path("full.bin"), &[]);
    assert!(ok, "{stderr}");
    let full = sorted_labels(std::path::Path::new(&path("full.bin")));
    assert!(full.len() > 500, "{} labels", full.len());

    // A real kill: start the run, kill it once some labels are on disk (or
    // it finished), run the same command again.
    let killed = path("killed.bin");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_othello-tools"))
        .arg("label")
        .args(args(&killed))
        .args(["--jobs", "1"])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t0 = std::time::Instant::now();
    loop {
        let len = std::fs::metadata(&killed).map(|m| m.len()).unwrap_or(0);
        if len > 2000 || child.try_wait().unwrap().is_some() || t0.elapsed().as_secs() > 60 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    child.kill().unwrap_or(());
    child.wait().unwrap();
    let (ok, _, stderr) = label(&killed, &[]);
    assert!(ok, "{stderr}");
    assert!(stderr.contains("already in"), "{stderr}");
    assert_eq!(sorted_labels(std::path::Path::new(&killed)), full);

    // A torn last record (a kill in the middle of a write): `read` refuses
    // it, a resumed run cuts it off, says so, and solves that position
    // again.
    let torn = path("torn.bin");
    let bytes = std::fs::read(path("full.bin")).unwrap();
    std::fs::write(&torn, &bytes[..bytes.len() - 17 * 40 - 5]).unwrap();
    let err = format!(
        "{:#}",
        othello_tools::labels::read(std::path::Path::new(&torn)).unwrap_err()
    );
    assert!(err.contains("torn") && err.contains("torn.bin"), "{err}");
    let (ok, _, stderr) = label(&torn, &[]);
    assert!(ok, "{stderr}");
    assert!(
        stderr.contains("cut off a torn last record (12 of 17 bytes"),
        "{stderr}"
    );
    assert!(stderr.contains("41 to solve"), "{stderr}");
    assert_eq!(sorted_labels(std::path::Path::new(&torn)), full);

    // Shards: two halves hold the whole, without overlap.
    let (a, b) = (path("a.bin"), path("b.bin"));
    assert!(label(&a, &["--shard", "1/2"]).0);
    assert!(label(&b, &["--shard", "2/2"]).0);
    let mut both = sorted_labels(std::path::Path::new(&a));
    let half = both.len();
    both.extend(sorted_labels(std::path::Path::new(&b)));
    both.sort_unstable();
    assert!(half > 0 && half < full.len());
    assert_eq!(both, full);

    // Resuming with other options, or a bad shard, is refused.
    let (ok, _, stderr) = label(&a, &["--shard", "2/2"]);
    assert!(!ok && stderr.contains("made by another run"), "{stderr}");
    let (ok, _, stderr) = label(&path("c.bin"), &["--shard", "3/2"]);
    assert!(!ok && stderr.contains("--shard"), "{stderr}");
}

/// Every label is the `depth`-ply search value with `eval` at the leaves.
fn assert_search_values(
    labels: &[othello_tools::labels::Label],
    eval: &othello_solver::eval::PatternEvaluator,
    depth: u32,
) {
    for l in labels {
        let mut nodes = 0;
        let v = othello_solver::search::probe::probe_value(
            eval,
            &l.board,
            depth,
            -257,
            257,
            &mut nodes,
            u64::MAX,
        );
        assert_eq!(l.score, othello_tools::labels::search_label(v));
    }
}

#[test]
#[ignore = "long: .ci/run runs it, with --ignored long_"]
fn long_search_labels_of_deviations_then_train_with_them() {
    let Some(data) = shared_data("search_labels_of_deviations_then_train_with_them") else {
        return;
    };
    let games = data.join("games/wthor/WTH_1980.wtb").display().to_string();
    let dir = TempDir::new("label-search");
    let path = |n: &str| dir.0.join(n).display().to_string();
    let label = |out: &str, extra: &[&str]| {
        let mut a: Vec<String> = ["label", &games, "--empties", "20", "--quiet", "--out", out]
            .iter()
            .map(|s| s.to_string())
            .collect();
        a.extend(extra.iter().map(|s| s.to_string()));
        run_tools(&a)
    };

    // Every deviation, valued by a 2-ply search; the header says so.
    let all = path("all.bin");
    let (ok, _, stderr) = label(&all, &["--deviations", "--search-depth", "2"]);
    assert!(ok, "{stderr}");
    let (header, labels) = othello_tools::labels::read(std::path::Path::new(&all)).unwrap();
    assert!(
        header.contains("search depth 2") && header.contains("deviations"),
        "{header}"
    );
    assert!(labels.len() > 300, "{} labels", labels.len());
    let eval = othello_solver::eval::PatternEvaluator::embedded().unwrap();
    assert!(labels.iter().all(|l| l.board.empties() == 20));
    assert_search_values(&labels, eval, 2);
    // Screened: a subset, smaller.
    let kept = path("kept.bin");
    let (ok, _, stderr) = label(
        &kept,
        &[
            "--deviations",
            "--deviation-margin",
            "2",
            "--search-depth",
            "2",
        ],
    );
    assert!(ok, "{stderr}");
    let (_, few) = othello_tools::labels::read(std::path::Path::new(&kept)).unwrap();
    assert!(!few.is_empty() && few.len() < labels.len());
    assert!(few.iter().all(|l| labels.contains(l)));
    // Another depth cannot resume the file; a margin needs --deviations; a
    // depth out of range is refused.
    let (ok, _, stderr) = label(&all, &["--deviations", "--search-depth", "3"]);
    assert!(!ok && stderr.contains("made by another run"), "{stderr}");
    let (ok, _, stderr) = label(&path("x.bin"), &["--deviation-margin", "2"]);
    assert!(!ok && stderr.contains("--deviations"), "{stderr}");
    let (ok, _, stderr) = label(&path("z.bin"), &["--deviations", "--deviation-margin=-1"]);
    assert!(!ok && stderr.contains("--deviation-margin -1"), "{stderr}");
    let (ok, _, stderr) = label(&path("y.bin"), &["--search-depth", "15"]);
    assert!(!ok && stderr.contains("--search-depth 15"), "{stderr}");

    // Other weights (every value doubled: half the scale) value the leaves
    // with `--weights`; the header names their fingerprint, and the
    // embedded weights cannot resume that file.
    let mut file =
        othello_solver::eval::WeightsFile::from_bytes(othello_solver::eval::EMBEDDED_WEIGHTS)
            .unwrap();
    file.scale *= 0.5;
    let doubled = path("doubled.bin");
    file.save(std::path::Path::new(&doubled)).unwrap();
    let other = path("other.bin");
    let (ok, _, stderr) = label(&other, &["--search-depth", "1", "--weights", &doubled]);
    assert!(ok, "{stderr}");
    let (header, got) = othello_tools::labels::read(std::path::Path::new(&other)).unwrap();
    let bytes = std::fs::read(&doubled).unwrap();
    let fp = format!(
        "{:016x}",
        othello_tools::labels::weights_fingerprint(&bytes)
    );
    assert!(header.contains(&fp), "{header}");
    let twice =
        othello_solver::eval::PatternEvaluator::load(std::path::Path::new(&doubled)).unwrap();
    assert!(got.len() > 50);
    assert_search_values(&got, &twice, 1);
    let (ok, _, stderr) = label(&other, &["--search-depth", "1"]);
    assert!(!ok && stderr.contains("made by another run"), "{stderr}");
    let (ok, _, stderr) = label(
        &path("w.bin"),
        &["--search-depth", "1", "--weights", &path("none.bin")],
    );
    assert!(!ok && stderr.contains("none.bin"), "{stderr}");

    // `train --search-labels` adds them (they are no game's positions);
    // the same file given as exact labels is refused.
    let out = path("eval.bin");
    let (ok, _, stderr) = run_tools(&[
        "train",
        &games,
        "--out",
        &out,
        "--search-labels",
        &all,
        "--max-iter",
        "20",
        "--quiet",
    ]);
    assert!(ok, "{stderr}");
    let report = std::fs::read_to_string(dir.0.join("eval.md")).unwrap();
    assert!(
        report.contains(&format!("{} positions of no game added", labels.len())),
        "{report}"
    );
    let (ok, _, stderr) = run_tools(&["train", &games, "--out", &out, "--labels", &all, "--quiet"]);
    assert!(!ok && stderr.contains("--search-labels"), "{stderr}");
}
