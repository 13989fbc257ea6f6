//! Runs `othello-tools games` on small files: the counts it prints, and a
//! bad file (non-zero exit, the message names the file).

#[path = "../../tests/common/mod.rs"]
mod common;
use common::TempDir;
mod run_tools;
use run_tools::run_tools;

fn run(args: &[&std::ffi::OsStr]) -> (bool, String, String) {
    let mut all = vec![std::ffi::OsStr::new("games")];
    all.extend_from_slice(args);
    run_tools(&all)
}

fn numbers(line: &str) -> Vec<usize> {
    line.split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect()
}

#[test]
fn counts_a_small_file() {
    let tmp = TempDir::new("small");
    let games = tmp.write(
        "games.txt",
        b"f5d6c4d3c5f4f3e3c3c6c7g5h5g6h7b2a1\nf5d6c3\nf5d6c3\nf5f5\nf5z9\n",
    );
    let book = tmp.write("book.gam", b"+d3-c3+c4: +03 10\n+d3+c3: +00 10\n");
    let (ok, out, err) = run(&[games.as_os_str(), book.as_os_str()]);
    assert!(ok, "stdout:\n{out}\nstderr:\n{err}");
    let row = |name: &str| {
        out.lines()
            .find(|l| l.starts_with(name))
            .map(numbers)
            .unwrap_or_else(|| panic!("no row {name} in\n{out}"))
    };
    // records, legal, complete, duplicates, rejected
    assert_eq!(row(&games.display().to_string()), vec![5, 3, 1, 1, 2]);
    assert_eq!(row(&book.display().to_string()), vec![2, 1, 0, 0, 1]);
    assert_eq!(row("total"), vec![7, 4, 1, 1, 3]);
    assert!(out.contains("distinct games: 3"), "{out}");
    for kind in ["illegal move", "unknown square name", "wrong colour"] {
        let line = out
            .lines()
            .find(|l| l.trim_end().ends_with(kind))
            .unwrap_or_else(|| panic!("no group {kind} in\n{out}"));
        assert_eq!(numbers(line), vec![1], "{line}");
    }
    assert!(
        out.contains(&format!("e.g. {}:4: illegal move", games.display())),
        "{out}"
    );
}

#[test]
fn bad_file_fails_naming_it() {
    let tmp = TempDir::new("bad");
    let good = tmp.write("games.txt", b"f5d6c3\n");
    let bad = tmp.write(
        "BAD_2000.wtb",
        &[20, 26, 1, 1, 5, 0, 0, 0, 0, 0, 208, 7, 8, 0, 24, 0],
    );
    let (ok, out, err) = run(&[good.as_os_str(), bad.as_os_str()]);
    assert!(!ok, "expected failure; stdout:\n{out}");
    assert!(
        err.contains(&format!("{}: truncated WTHOR file", bad.display())),
        "stderr:\n{err}"
    );
    // The readable file is still counted.
    assert!(out.contains(&good.display().to_string()), "{out}");
    let (ok, _, err) = run(&[tmp.0.join("absent.gam").as_os_str()]);
    assert!(!ok);
    assert!(err.contains("absent.gam: cannot read"), "{err}");
}

/// A missing file is named with its OS error once, not twice:
/// the tools print each cause of an error once.
#[test]
fn a_missing_file_says_the_os_error_once() {
    let tmp = TempDir::new("missing");
    let missing = tmp.0.join("no-such-file.wtb");
    let out = tmp.0.join("x.bin");
    let prefix = tmp.0.join("fit");
    for args in [
        vec![
            "train".as_ref(),
            missing.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
        ],
        vec![
            "label".as_ref(),
            missing.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
        ],
        vec![
            "fit-h".as_ref(),
            "--data".as_ref(),
            missing.as_os_str(),
            "--out-prefix".as_ref(),
            prefix.as_os_str(),
        ],
    ] {
        let (ok, _, err) = run_tools(&args);
        assert!(!ok, "{args:?}");
        assert_eq!(err.matches("os error 2").count(), 1, "{args:?}: {err}");
        assert!(err.contains("no-such-file.wtb"), "{err}");
    }
}
