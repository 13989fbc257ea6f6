//! df-pn and df-pn⁺ against a simple exact solver: WLD, exact scores, best
//! moves, principal variations, tiny tables, limits, and FFO #1–#19.

mod common;

use othello_solver::eval::MobilityEvaluator;
use othello_solver::formats::problem::read_problem_file;
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::dfpn::driver::solve;
use othello_solver::search::dfpn::heuristic::Heuristic;
use othello_solver::search::dfpn::level2::Pn2Params;
use othello_solver::search::dfpn::params::HParams;
use othello_solver::search::dfpn::table::ProofTable;
use othello_solver::search::dfpn::DfpnOptions;
use othello_solver::search::reference::Reference;
use othello_solver::search::{Algo, Engine, EngineConfig, Limits, Mode, SolveResult, Status};
use othello_solver::Board;

fn run(
    board: &Board,
    mode: Mode,
    plus: bool,
    opts: DfpnOptions,
    table: &mut ProofTable,
    limits: Limits,
) -> SolveResult {
    let params = HParams::provisional();
    let h = if plus {
        Heuristic::Sigmoid {
            eval: &MobilityEvaluator,
            params: &params,
            depth: None,
        }
    } else {
        Heuristic::Uniform
    };
    // The real alpha-beta as leaf solver; the simple solver stays the reference.
    let mut leaf = Searcher::new(1);
    // Every best move: the checks below compare the whole list.
    solve(board, mode, true, table, &mut leaf, h, opts, limits, None)
}

/// Checks an exact result: score, every best move, and that the PV is legal,
/// reaches the end, and ends at the score.
fn check_exact(board: &Board, r: &SolveResult, simple: &mut Reference, what: &str) {
    let truth = simple.score(board);
    assert_eq!(r.status, Status::Solved, "{what}: {r:?}");
    assert_eq!(r.score(), Some(truth), "{what}: board {board:?}");
    let mut best = Vec::new();
    for sq in othello_solver::Square::iter_bits(board.moves()) {
        let c = board.play(sq).unwrap();
        if -simple.score(&c) == truth {
            best.push(sq);
        }
    }
    assert_eq!(r.best_moves, best, "{what}: best moves of {board:?}");
    common::check_pv(board, &r.pv, truth, what);
}

fn check_wld(board: &Board, r: &SolveResult, truth: i32, what: &str) {
    assert_eq!(r.status, Status::Solved, "{what}");
    let want = match truth.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    assert_eq!(
        r.wld(),
        Some(want),
        "{what}: {board:?} truth {truth} got {r:?}"
    );
    assert!(r.lower <= truth && truth <= r.upper, "{what}");
}

#[test]
fn dfpn_agrees_with_simple_solver_on_400_random_positions() {
    agree_on_random_positions(false);
}

#[test]
fn dfpn_plus_agrees_with_simple_solver_on_400_random_positions() {
    agree_on_random_positions(true);
}

fn agree_on_random_positions(plus: bool) {
    let mut rng = SplitMix64::new(20261122);
    let mut simple = Reference::default();
    let mut count = 0;
    let mut totals = [0u64; 3];
    while count < 400 {
        let empties = 10 + (count % 5) as u32;
        let Some(board) = random_position(&mut rng, empties) else {
            continue;
        };
        let truth = simple.score(&board);
        // Pure df-pn (leaf 0) on the smaller positions, hand-over at 5-8 empties otherwise.
        let leaf = match (count % 4, empties) {
            (0, ..=11) => 0,
            (0, _) => 8,
            (1, _) => 5,
            (2, _) => 6,
            _ => 7,
        };
        let opts = DfpnOptions {
            leaf_empties: leaf,
            epsilon: if count % 3 == 0 { 0.25 } else { 0.0 },
            // h from a shallow search on half of the positions.
            h_search_from: if count % 2 == 0 { 10 } else { 0 },
            ..DfpnOptions::default()
        };
        {
            let what = format!("#{count} plus={plus} leaf={leaf}");
            let mut table = ProofTable::with_mb(1);
            let r = run(&board, Mode::Wld, plus, opts, &mut table, Limits::default());
            check_wld(&board, &r, truth, &what);
            totals[0] += r.nodes;
            // Exact on a fresh table, and on the table the WLD solve left behind.
            let mut fresh = ProofTable::with_mb(1);
            let r = run(
                &board,
                Mode::Exact,
                plus,
                opts,
                &mut fresh,
                Limits::default(),
            );
            check_exact(&board, &r, &mut simple, &what);
            totals[1] += r.nodes;
            totals[2] += r.leaf_nodes;
            if count % 4 == 0 {
                let r = run(
                    &board,
                    Mode::Exact,
                    plus,
                    opts,
                    &mut table,
                    Limits::default(),
                );
                assert_eq!(r.score(), Some(truth), "{what} (reused table)");
            }
        }
        count += 1;
    }
    eprintln!(
        "plus={plus}: nodes wld {} exact {} (exact leaf nodes {})",
        totals[0], totals[1], totals[2]
    );
}

#[test]
fn bound_questions_match_truth() {
    let mut rng = SplitMix64::new(99);
    let mut simple = Reference::default();
    let mut n = 0;
    while n < 100 {
        let Some(board) = random_position(&mut rng, 11) else {
            continue;
        };
        let truth = simple.score(&board);
        for k in [truth - 1, truth, truth + 1, truth + 2, -64, 64, 65] {
            let mut table = ProofTable::with_mb(1);
            let r = run(
                &board,
                Mode::Bound(k),
                n % 2 == 0,
                DfpnOptions {
                    leaf_empties: 5,
                    epsilon: 0.0,
                    h_search_from: 12,
                    ..DfpnOptions::default()
                },
                &mut table,
                Limits::default(),
            );
            assert_eq!(r.bound_holds(), Some(truth >= k), "k={k} truth={truth}");
            assert!(r.lower <= truth && truth <= r.upper);
            assert!(r.best_moves.is_empty() && r.pv.is_empty());
        }
        n += 1;
    }
}

/// After exact solves (leaves by the fail-soft alpha-beta, whose bounds the
/// table keeps and passes up), every bound the table holds on the root and
/// the positions up to three plies below it contains the true score.
#[test]
fn table_bounds_hold_after_exact_solves() {
    let mut rng = SplitMix64::new(4242);
    let mut simple = Reference::default();
    let (mut n, mut known, mut beyond) = (0, 0, 0);
    while n < 40 {
        let Some(board) = random_position(&mut rng, 12 + (n % 3)) else {
            continue;
        };
        let mut table = ProofTable::with_mb(1);
        let opts = DfpnOptions {
            leaf_empties: 6 + (n % 3),
            epsilon: 0.0,
            h_search_from: 0,
            ..DfpnOptions::default()
        };
        let r = run(
            &board,
            Mode::Exact,
            n % 2 == 0,
            opts,
            &mut table,
            Limits::default(),
        );
        let truth = simple.score(&board);
        assert_eq!(r.score(), Some(truth), "#{n}");
        let mut frontier = vec![board];
        for _ in 0..3 {
            let mut next = Vec::new();
            for b in frontier {
                let (lo, hi) = table.bounds(&b);
                let s = simple.score(&b);
                assert!(lo <= s && s <= hi, "#{n} {b:?}: {lo}..={hi} truth {s}");
                if (lo, hi) != (-64, 64) {
                    known += 1;
                    // Tighter than "≥ 1 − k" / "< 1 − k" for the child targets
                    // the exact driver could have asked (more than one proof).
                    beyond += u32::from(hi - lo < 64 && lo > -64 && hi < 64);
                }
                if b.moves() == 0 {
                    let p = b.pass();
                    if p.moves() != 0 {
                        next.push(p);
                    }
                } else {
                    next.extend(
                        othello_solver::Square::iter_bits(b.moves()).filter_map(|sq| b.play(sq)),
                    );
                }
            }
            frontier = next;
        }
        n += 1;
    }
    eprintln!("bounds known on {known} positions, two-sided on {beyond}");
    assert!(
        known > 300 && beyond > 30,
        "known {known}, two-sided {beyond}"
    );
}

#[test]
fn limits_give_unknown_with_true_bounds() {
    let mut rng = SplitMix64::new(5);
    let mut simple = Reference::default();
    let mut unknown = 0;
    let mut n = 0;
    while n < 60 {
        let Some(board) = random_position(&mut rng, 14) else {
            continue;
        };
        let truth = simple.score(&board);
        for nodes in [1u64, 50, 500, 5000] {
            let mut table = ProofTable::with_mb(1);
            let limits = Limits {
                time: None,
                nodes: Some(nodes),
            };
            let opts = DfpnOptions {
                leaf_empties: 0,
                epsilon: 0.0,
                h_search_from: 0,
                ..DfpnOptions::default()
            };
            let r = run(&board, Mode::Exact, n % 2 == 1, opts, &mut table, limits);
            assert!(
                r.lower <= truth && truth <= r.upper,
                "bounds {}..{} truth {truth}",
                r.lower,
                r.upper
            );
            match r.status {
                Status::Solved => assert_eq!(r.score(), Some(truth)),
                Status::Unknown => {
                    unknown += 1;
                    assert!(r.best_moves.is_empty() && r.pv.is_empty());
                    assert!(
                        r.nodes + r.leaf_nodes <= nodes + 1,
                        "limit overrun: {} > {nodes}",
                        r.nodes
                    );
                }
            }
        }
        n += 1;
    }
    assert!(
        unknown > 100,
        "the limits should stop most searches: {unknown}"
    );
    // A time limit of zero stops at once.
    let board = random_position(&mut SplitMix64::new(1), 16).unwrap();
    let mut table = ProofTable::with_mb(1);
    let limits = Limits {
        time: Some(std::time::Duration::ZERO),
        nodes: None,
    };
    let r = run(
        &board,
        Mode::Exact,
        true,
        DfpnOptions {
            leaf_empties: 0,
            epsilon: 0.0,
            h_search_from: 0,
            ..DfpnOptions::default()
        },
        &mut table,
        limits,
    );
    assert_eq!(r.status, Status::Unknown);
    assert!(r.score().is_none() || r.lower == r.upper);
}

#[test]
fn ffo_1_to_19_exact_with_tiny_and_normal_tables() {
    let Some(shared) = common::shared() else {
        return;
    };
    let path = shared.join("data/positions/ffo-fforum/fforum-1-19.obf");
    let problems = read_problem_file(&path).unwrap();
    let mut sums = [(0u64, 0u64); 2];
    for (i, p) in problems.into_iter().enumerate() {
        let p = p.unwrap();
        let want = p.best_score().unwrap();
        let board = p.position.board;
        for (j, plus) in [false, true].into_iter().enumerate() {
            // A 1 MiB table (about 32k entries) must still be right.
            let mut table = ProofTable::with_mb(if i % 2 == 0 { 1 } else { 16 });
            let opts = DfpnOptions {
                leaf_empties: 10,
                epsilon: if i % 2 == 0 { 0.25 } else { 0.0 },
                h_search_from: if i % 2 == 0 { 0 } else { 14 },
                ..DfpnOptions::default()
            };
            let r = run(
                &board,
                Mode::Exact,
                plus,
                opts,
                &mut table,
                Limits::default(),
            );
            assert_eq!(r.score(), Some(want), "FFO #{} plus={plus}", i + 1);
            let mut best: Vec<_> = p.best_moves().into_iter().flatten().collect();
            best.sort();
            assert_eq!(r.best_moves, best, "FFO #{} best moves", i + 1);
            sums[j].0 += r.nodes;
            sums[j].1 += r.leaf_nodes;
        }
    }
    eprintln!(
        "FFO 1-19: df-pn nodes {} leaf {}; df-pn+ nodes {} leaf {}",
        sums[0].0, sums[0].1, sums[1].0, sums[1].1
    );
}

#[test]
fn tiny_table_on_hard_20() {
    let Some(shared) = common::shared() else {
        return;
    };
    let path = shared.join("data/positions/edax-hard/hard-20.obf");
    let problems = read_problem_file(&path).unwrap();
    let n: usize = std::env::var("HARD20_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let leaf: u32 = std::env::var("HARD20_L")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    for (i, p) in problems.into_iter().take(n).enumerate() {
        let p = p.unwrap();
        let want = p.best_score().unwrap();
        // Plain df-pn is slow here: only on the first position.
        for plus in [false, true].into_iter().filter(|&plus| plus || i == 0) {
            let mut table = ProofTable::with_mb(1);
            let t = std::time::Instant::now();
            let r = run(
                &p.position.board,
                Mode::Exact,
                plus,
                DfpnOptions {
                    leaf_empties: leaf,
                    epsilon: 0.25,
                    h_search_from: 16,
                    ..DfpnOptions::default()
                },
                &mut table,
                Limits::default(),
            );
            eprintln!(
                "hard-20 line {} plus={plus}: score {:?} want {want} nodes {} leaf {} {:.1}s {:?}",
                p.line,
                r.score(),
                r.nodes,
                r.leaf_nodes,
                t.elapsed().as_secs_f64(),
                r.table
            );
            assert_eq!(r.score(), Some(want));
        }
    }
}

/// The algorithms through the engine (tables reused from position to
/// position) agree on WLD and exact scores, best moves and bounds.
#[test]
#[ignore = "long: .ci/run runs it, with --ignored long_"]
fn long_the_proof_number_family_and_alphabeta_agree_on_1000_positions_10_to_16_empties() {
    let algos = [
        Algo::Alphabeta,
        Algo::Dfpn,
        Algo::DfpnPlus,
        Algo::Pds,
        Algo::PdsPn,
    ];
    let mut engines: Vec<(Algo, Engine)> = algos
        .into_iter()
        .map(|a| {
            let mut config = EngineConfig::new(a, 16, Limits::default());
            // Below the default hand-over (17), so that df-pn does part of
            // the work, and df-pn⁺ takes h from shallow searches with the
            // pattern evaluation from 12 empties (the default: 16).
            config.dfpn.leaf_empties = 10;
            config.dfpn.h_search_from = 12;
            // PDS-PN's level-2 search from the first hundred table entries on.
            config.dfpn.pn2 = Pn2Params::new(Some(100.0), Some(100.0), None).expect("valid");
            // Every best move, so that the lists can be compared.
            config.all_best = true;
            (a, Engine::new(config).expect("built-in files decode"))
        })
        .collect();
    let mut rng = SplitMix64::new(777);
    let mut n = 0;
    let mut nodes = [(0u64, 0u64); 5];
    while n < 1000 {
        let empties = 10 + (n % 7) as u32;
        let Some(board) = random_position(&mut rng, empties) else {
            continue;
        };
        let mut exact = Vec::new();
        for (i, (algo, e)) in engines.iter_mut().enumerate() {
            let w = e.solve(&board, Mode::Wld);
            let r = e.solve(&board, Mode::Exact);
            assert_eq!(r.status, Status::Solved, "{algo:?}");
            let s = r.score().unwrap_or(99);
            let want = match s.signum() {
                1 => "win",
                0 => "draw",
                _ => "loss",
            };
            assert_eq!(
                w.wld(),
                Some(want),
                "{algo:?} WLD vs its own exact, {board:?}"
            );
            let mut best = r.best_moves.clone();
            best.sort();
            exact.push((s, best));
            nodes[i].0 += r.nodes + w.nodes;
            nodes[i].1 += r.leaf_nodes + w.leaf_nodes;
        }
        for (i, algo) in algos.iter().enumerate().skip(1) {
            assert_eq!(exact[0], exact[i], "alphabeta vs {algo:?} on {board:?}");
        }
        n += 1;
    }
    eprintln!("nodes (main, leaf): {algos:?} {nodes:?}");
}

/// FFO #20–#38 exact with df-pn⁺ through the engine (default hand-over, the
/// alpha-beta leaf solver): scores and every best move. FFO #39 (26 empties,
/// every move +64) only as bounds: proving all nine best moves is slow.
#[test]
fn ffo_20_to_39_with_dfpn_plus() {
    let Some(shared) = common::shared() else {
        return;
    };
    let path = shared.join("data/positions/ffo-fforum/fforum-20-39.obf");
    let problems: Vec<_> = read_problem_file(&path)
        .unwrap()
        .into_iter()
        .map(|p| p.unwrap())
        .collect();
    let mut config = EngineConfig::new(Algo::DfpnPlus, 64, Limits::default());
    config.all_best = true;
    let mut engine = Engine::new(config).expect("built-in files decode");
    for (i, p) in problems.iter().enumerate() {
        let number = 20 + i;
        let want = p.best_score().unwrap();
        let board = p.position.board;
        if number == 39 {
            let r = engine.solve(&board, Mode::Bound(want - 1));
            assert_eq!(r.bound_holds(), Some(true), "FFO #39 >= {}", want - 1);
            let r = engine.solve(&board, Mode::Wld);
            assert_eq!(r.wld(), Some("win"), "FFO #39 WLD");
            continue;
        }
        let r = engine.solve(&board, Mode::Exact);
        assert_eq!(r.score(), Some(want), "FFO #{number}");
        let mut best: Vec<_> = p.best_moves().into_iter().flatten().collect();
        best.sort();
        let mut got = r.best_moves.clone();
        got.sort();
        assert_eq!(got, best, "FFO #{number} best moves");
    }
}

/// A sample of hard-20 (every 25th position) exact with df-pn⁺ and the
/// default hand-over: the score and every best move.
#[test]
fn hard_20_sample_with_dfpn_plus() {
    let Some(shared) = common::shared() else {
        return;
    };
    let path = shared.join("data/positions/edax-hard/hard-20.obf");
    let problems = read_problem_file(&path).unwrap();
    let mut config = EngineConfig::new(Algo::DfpnPlus, 64, Limits::default());
    config.all_best = true;
    let mut engine = Engine::new(config).expect("built-in files decode");
    for p in problems.into_iter().step_by(25) {
        let p = p.unwrap();
        let r = engine.solve(&p.position.board, Mode::Exact);
        assert_eq!(r.score(), p.best_score(), "hard-20 line {}", p.line);
        let mut best: Vec<_> = p.best_moves().into_iter().flatten().collect();
        best.sort();
        let mut got = r.best_moves.clone();
        got.sort();
        assert_eq!(got, best, "hard-20 line {} best moves", p.line);
    }
}
