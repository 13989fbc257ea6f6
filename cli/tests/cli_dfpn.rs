//! `othello-solver solve` with df-pn, deep df-pn and df-pn⁺: options, JSON
//! counters, h-parameter files, bad option values.

use std::process::Command;

fn solver() -> Command {
    Command::new(env!("CARGO_BIN_EXE_othello-solver"))
}

/// FFO #1 (14 empties): black G8 wins by 18.
const FFO1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

fn json(args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let out = solver()
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    let v = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("json: {e}: {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code(), v)
}

#[test]
fn dfpn_variants_solve_ffo1_with_counters() {
    for (algo, leaf, eps) in [
        ("dfpn", "0", "0"),
        ("dfpn+", "0", "0.25"),
        ("dfpn+", "8", "0"),
        ("dfpn", "10", "0.5"),
    ] {
        let (code, v) = json(&[
            "solve",
            FFO1,
            "--json",
            "--algo",
            algo,
            "--leaf-empties",
            leaf,
            "--epsilon",
            eps,
            "--hash-mb",
            "8",
        ]);
        let what = format!("{algo} L={leaf} eps={eps}");
        assert_eq!(code, Some(0), "{what}");
        assert_eq!(v["algo"], algo, "{what}");
        assert_eq!(v["score"], 18, "{what}");
        assert_eq!(v["lower"], 18, "{what}");
        assert_eq!(v["upper"], 18, "{what}");
        assert_eq!(v["best_moves"], serde_json::json!(["g8"]), "{what}");
        assert_eq!(v["pv"][0], "g8", "{what}");
        assert!(v["nodes"].as_u64().is_some_and(|n| n > 0), "{what}");
        if leaf == "0" {
            assert_eq!(v["leaf_nodes"], 0, "{what}: pure df-pn uses no leaf solver");
        } else {
            assert!(v["leaf_nodes"].as_u64().is_some_and(|n| n > 0), "{what}");
        }
        for key in [
            "probes",
            "hits",
            "stores",
            "replacements",
            "collections",
            "entries",
            "capacity",
        ] {
            assert!(v["table"][key].as_u64().is_some(), "{what}: table.{key}");
        }
    }
}

#[test]
fn node_limit_gives_unknown_with_bounds() {
    let (code, v) = json(&[
        "solve",
        FFO1,
        "--json",
        "--algo",
        "dfpn+",
        "--leaf-empties",
        "0",
        "--node-limit",
        "200",
    ]);
    assert_eq!(code, Some(4));
    assert_eq!(v["status"], "unknown");
    let (lo, hi) = (
        v["lower"].as_i64().unwrap_or(99),
        v["upper"].as_i64().unwrap_or(-99),
    );
    assert!(lo <= 18 && 18 <= hi, "{lo}..{hi}");
}

#[test]
fn h_params_file_is_read_and_bad_files_are_named() {
    let dir = std::env::temp_dir().join(format!("othello-cli-dfpn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let good = dir.join("h.txt");
    std::fs::write(
        &good,
        "# two stages\n10 -1 0 30 -6 30 6\n20 -1 0 900 -6 900 6\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let good_s = good.to_string_lossy().to_string();
    let (code, v) = json(&[
        "solve",
        FFO1,
        "--json",
        "--leaf-empties",
        "4",
        "--h-params",
        &good_s,
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(v["score"], 18);

    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "10 -1 0 30 -6 30 6\n12 -1 0 thirty -6 30 6\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let out = solver()
        .args(["solve", FFO1, "--h-params", &bad.to_string_lossy()])
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.txt:2: field 4"), "{err}");

    let out = solver()
        .args([
            "solve",
            FFO1,
            "--h-params",
            &dir.join("missing.txt").to_string_lossy(),
        ])
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn h_fitted_with_other_weights_is_reported() {
    let dir = std::env::temp_dir().join(format!("othello-cli-hfp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    // Other weights: the shipped ones with every value doubled.
    let mut file =
        othello_solver::eval::WeightsFile::from_bytes(othello_solver::eval::EMBEDDED_WEIGHTS)
            .unwrap_or_else(|e| panic!("{e}"));
    file.scale *= 0.5;
    let other = dir.join("doubled.bin");
    file.save(&other).unwrap_or_else(|e| panic!("{e}"));
    let run = |args: &[&str]| {
        let out = solver()
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("run: {e}"));
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let other_s = other.to_string_lossy().to_string();
    // df-pn+ with the shipped h and other weights: a warning, still exact.
    let (code, err) = run(&["solve", FFO1, "--algo", "dfpn+", "--weights", &other_s]);
    assert_eq!(code, Some(0));
    assert!(
        err.contains("warning: df-pn+'s h") && err.contains("was fitted with the weights"),
        "{err}"
    );
    // The shipped pair, and alpha-beta (which has no h): no warning.
    let (_, err) = run(&["solve", FFO1, "--algo", "dfpn+"]);
    assert!(!err.contains("warning"), "{err}");
    let (_, err) = run(&["solve", FFO1, "--algo", "alphabeta", "--weights", &other_s]);
    assert!(!err.contains("warning"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_dfpn_option_values_are_usage_errors() {
    for args in [
        ["--epsilon", "-1"],
        ["--epsilon", "nan"],
        ["--leaf-empties", "61"],
        ["--algo", "pns"],
        ["--deep-e", "0"],
        ["--deep-e", "-2"],
        ["--deep-d", "61"],
    ] {
        let out = solver()
            .args(["solve", FFO1])
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("run: {e}"));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// `solve FFO1 --json --hash-mb 8 --threads 1` with `args`, which must exit 0.
fn ffo1(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["solve", FFO1, "--json", "--hash-mb", "8", "--threads", "1"];
    all.extend_from_slice(args);
    let (code, v) = json(&all);
    assert_eq!(code, Some(0), "{args:?}");
    v
}

#[test]
fn deep_dfpn_solves_ffo1_and_changes_the_tree() {
    let run = |extra: &[&str]| {
        let v = ffo1(&[&["--leaf-empties", "0"], extra].concat());
        assert_eq!(v["score"], 18, "{extra:?}");
        assert_eq!(v["best_moves"], serde_json::json!(["g8"]), "{extra:?}");
        v
    };
    let plain = run(&["--algo", "dfpn"]);
    // E = 1, or D ≤ 1, is plain df-pn: the same tree.
    for (e, d) in [("1", "8"), ("5", "0"), ("5", "1")] {
        let same = run(&["--algo", "deep-dfpn", "--deep-e", e, "--deep-d", d]);
        assert_eq!(same["algo"], "deep-dfpn");
        assert_eq!(same["nodes"], plain["nodes"], "E = {e}, D = {d}");
    }
    let deep = run(&["--algo", "deep-dfpn", "--deep-e", "3", "--deep-d", "6"]);
    assert_ne!(
        deep["nodes"], plain["nodes"],
        "E = 3, D = 6 searches another tree"
    );
}

#[test]
fn pds_and_pds_pn_answer_every_question_on_ffo1() {
    let run = |extra: &[&str]| ffo1(&[&["--leaf-empties", "8"], extra].concat());
    for algo in ["pds", "pds-pn"] {
        let exact = run(&["--algo", algo, "--all-best"]);
        assert_eq!(exact["algo"], algo);
        assert_eq!(exact["score"], 18, "{algo}");
        assert_eq!(exact["best_moves"], serde_json::json!(["g8"]), "{algo}");
        let wld = run(&["--algo", algo, "--wld"]);
        assert_eq!(wld["wld"], "win", "{algo}");
        let bound = run(&["--algo", algo, "--bound", "20"]);
        let upper = bound["upper"].as_i64().unwrap_or(64);
        assert!((18..20).contains(&upper), "{algo}: 20 is refuted ({bound})");
    }
    // Level 2 from the first table entries on searches another tree than PDS.
    let pds = run(&["--algo", "pds"]);
    let pn = run(&["--algo", "pds-pn", "--pn2-a", "1", "--pn2-b", "1"]);
    assert_eq!(pn["score"], 18);
    assert_ne!(pn["nodes"], pds["nodes"]);
}

#[test]
fn pds_pn_refuses_bad_parameters_and_says_one_thread_once() {
    for (args, code) in [
        (&["--pn2-a", "0"][..], 2),
        (&["--pn2-b=-1"][..], 2),
        (&["--pn2-a", "inf"][..], 2),
        (&["--pn2-cap", "1"][..], 2),
        // A 2 MiB request gives a proof table of 1 MiB: 32,768 entries.
        (&["--pn2-cap", "40000", "--hash-mb", "2"][..], 1),
    ] {
        let out = solver()
            .args(["solve", FFO1, "--algo", "pds-pn"])
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("run: {e}"));
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("pn2") || err.contains("PDS-PN"),
            "{args:?}: {err}"
        );
    }
    let out = solver()
        .args([
            "solve",
            FFO1,
            "--algo",
            "pds",
            "--threads",
            "2",
            "--hash-mb",
            "8",
        ])
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("searches on one thread").count(), 1, "{err}");
}

#[test]
fn dfpn_plus_takes_the_depth_term_and_only_it_does() {
    let run = |extra: &[&str]| {
        let v = ffo1(&[&["--algo", "dfpn+", "--leaf-empties", "6"], extra].concat());
        assert_eq!(v["score"], 18, "{extra:?}");
        v
    };
    let plain = run(&[]);
    // E = 1 multiplies h by 1: the same tree.
    let one = run(&["--plus-depth", "--deep-e", "1"]);
    assert_eq!(one["nodes"], plain["nodes"]);
    let deep = run(&["--plus-depth", "--deep-e", "3", "--deep-d", "6"]);
    assert_ne!(
        deep["nodes"], plain["nodes"],
        "E = 3, D = 6 searches another tree"
    );
    let out = solver()
        .args(["solve", FFO1, "--algo", "dfpn", "--plus-depth"])
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--plus-depth"));
}
