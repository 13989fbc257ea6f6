//! Parallel search (`--threads`): the same positions at 1, 2, 4 and 8
//! threads give the same scores, the same sets of best moves (every best
//! move listed) and PVs that are optimal lines; a 1 MiB table forces heavy
//! replacement while the threads share it; short solves with random time
//! limits answer right or unknown and leave no helper running.
//!
//! In the normal run: FFO #1–#19 at 1, 2, 4, 8 threads and df-pn⁺ with
//! parallel workers on FFO #1–#6. The `long_` tests (60 random positions of
//! 14–20 empties at 4 threads with a 1 MiB table; 150 time-limited solves;
//! 60 interrupted solves; df-pn⁺ on 16 random positions of 18–21 empties at
//! 2 and 3 threads in a 2 MiB table) are `#[ignore]`d, and CI runs them with
//! `cargo test -- --ignored long_`. The larger sets (FFO #20–#39, 500
//! random positions of 14–22 empties at 2, 4 and 8 threads, 200 df-pn⁺
//! positions of 18–23 empties at 2, 4 and 8 threads, 2,000 time-limited
//! solves) are ignored as "minutes" and left out of CI:
//! `cargo test --release --test parallel -- --ignored` runs them all.

mod common;

use othello_solver::board::Square;
use othello_solver::formats::problem::{read_problem_file, Problem};
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::{Algo, Engine, EngineConfig, Limits, Mode, SolveResult, Status};
use othello_solver::Board;
use std::collections::BTreeSet;
use std::time::Duration;

fn problems(rel: &str, test: &str) -> Option<Vec<Problem>> {
    let path = common::shared_data(test)?.join(rel);
    let all = read_problem_file(&path).unwrap_or_else(|e| panic!("{e}"));
    Some(
        all.into_iter()
            .map(|p| p.unwrap_or_else(|e| panic!("{e}")))
            .collect(),
    )
}

fn searcher(threads: usize, hash_mb: usize, all_best: bool) -> Searcher {
    let mut s = Searcher::new(hash_mb);
    s.use_embedded_evaluator()
        .unwrap_or_else(|e| panic!("embedded weights: {e}"));
    s.set_all_best(all_best);
    s.set_threads(threads)
        .unwrap_or_else(|e| panic!("thread pool: {e}"));
    // Split from 12 empties (the default, `SPLIT_MIN`, is 18), so that
    // these small positions go through many split points: the split
    // mechanism is the same whatever the threshold.
    s.set_split_min(12);
    s
}

/// Checks that `r.pv` is legal, reaches the end of the game and scores `score`.
fn check_pv(board: &Board, r: &SolveResult, score: i32, what: &str) {
    common::check_pv(board, &r.pv, score, what);
}

/// Solves every problem at each thread count with every best move listed,
/// and compares with the file and with one thread.
fn same_at_every_thread_count(rel: &str, test: &str, threads: &[usize]) {
    let Some(list) = problems(rel, test) else {
        return;
    };
    assert!(!list.is_empty());
    let mut one = searcher(1, 32, true);
    let mut many: Vec<Searcher> = threads.iter().map(|&t| searcher(t, 32, true)).collect();
    for p in &list {
        let b = &p.position.board;
        let r1 = one.solve(b, Mode::Exact, Limits::default());
        assert_eq!(r1.score(), p.best_score(), "{rel}:{} score", p.line);
        let want: BTreeSet<Square> = p.best_moves().into_iter().flatten().collect();
        for (s, t) in many.iter_mut().zip(threads) {
            assert_eq!(s.threads(), *t);
            let r = s.solve(b, Mode::Exact, Limits::default());
            let what = format!("{rel}:{} at {t} threads", p.line);
            assert_eq!(r.status, Status::Solved, "{what}");
            assert_eq!(r.score(), r1.score(), "{what}: score");
            let got: BTreeSet<Square> = r.best_moves.iter().copied().collect();
            assert_eq!(got, want, "{what}: best moves");
            check_pv(b, &r, r1.lower, &what);
            assert_eq!(s.live_helpers(), 0, "{what}: a helper outlived the solve");
        }
    }
}

#[test]
fn ffo_1_to_19_at_1_2_4_8_threads() {
    same_at_every_thread_count(
        "positions/ffo-fforum/fforum-1-19.obf",
        "ffo_1_to_19_at_1_2_4_8_threads",
        &[2, 4, 8],
    );
}

#[test]
#[ignore = "minutes: run with --ignored"]
fn ffo_20_to_39_at_1_2_4_8_threads() {
    same_at_every_thread_count(
        "positions/ffo-fforum/fforum-20-39.obf",
        "ffo_20_to_39_at_1_2_4_8_threads",
        &[2, 4, 8],
    );
}

/// `count` random positions (seeded) of `min..=max` empties whose side to
/// move has a move, with their empties.
fn random_boards(seed: u64, count: usize, min: u32, max: u32) -> Vec<(u32, Board)> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let empties = min + (rng.next_u64() % u64::from(max - min + 1)) as u32;
        if let Some(b) = random_position(&mut rng, empties).filter(|b| b.moves() != 0) {
            out.push((empties, b));
        }
    }
    out
}

/// Random positions of `min..=max` empties (seeded), each solved at one
/// thread with a large table (the second algorithm: the single-thread
/// solver) and at each of `threads` with a 1 MiB table shared under
/// contention: the same score and best-move set, WLD and a bound agreeing.
fn random_positions(count: usize, min: u32, max: u32, threads: &[usize]) {
    let mut one = searcher(1, 64, true);
    let mut many: Vec<Searcher> = threads.iter().map(|&t| searcher(t, 1, true)).collect();
    for (done, (empties, b)) in random_boards(16, count, min, max).into_iter().enumerate() {
        let done = done + 1;
        let r1 = one.solve(&b, Mode::Exact, Limits::default());
        let score = r1.lower;
        assert_eq!(r1.score(), Some(score));
        let want: BTreeSet<Square> = r1.best_moves.iter().copied().collect();
        for (s, t) in many.iter_mut().zip(threads) {
            let what = format!("random #{done} ({empties} empties) at {t} threads");
            let r = s.solve(&b, Mode::Exact, Limits::default());
            assert_eq!(r.score(), Some(score), "{what}: score");
            let got: BTreeSet<Square> = r.best_moves.iter().copied().collect();
            assert_eq!(got, want, "{what}: best moves");
            check_pv(&b, &r, score, &what);
            let w = s.solve(&b, Mode::Wld, Limits::default());
            assert_eq!(w.wld(), r1.wld(), "{what}: WLD");
            let k = score + 2 * (done as i32 % 3) - 2;
            let q = s.solve(&b, Mode::Bound(k), Limits::default());
            assert_eq!(q.bound_holds(), Some(score >= k), "{what}: bound {k}");
            assert_eq!(s.live_helpers(), 0, "{what}: a helper outlived the solve");
        }
    }
}

#[test]
#[ignore = "long: .ci/run runs it, with --ignored long_"]
fn long_random_14_to_20_at_4_threads_in_a_1_mib_table() {
    random_positions(60, 14, 20, &[4]);
}

#[test]
#[ignore = "minutes: run with --ignored"]
fn random_500_of_14_to_22_at_2_4_8_threads_in_a_1_mib_table() {
    random_positions(500, 14, 22, &[2, 4, 8]);
}

/// df-pn⁺ with several workers (docs/parallel.md, "df-pn⁺"): random
/// positions of `min..=max` empties (above the leaf hand-over, so that the
/// workers share a proof-number tree) solved by one-thread alpha-beta and
/// by df-pn⁺ at each of `threads` with a 2 MiB budget for both tables (heavy
/// replacement while the workers share them): the same score, best-move set
/// and an optimal PV, and the same WLD and bound answers.
fn dfpn_random_positions(seed: u64, count: usize, min: u32, max: u32, threads: &[usize]) {
    let mut one = searcher(1, 64, true);
    let mut engines: Vec<Engine> = threads
        .iter()
        .map(|&t| {
            let mut c = EngineConfig::new(Algo::DfpnPlus, 2, Limits::default());
            c.threads = t;
            c.all_best = true;
            Engine::new(c).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect();
    for (done, (empties, b)) in random_boards(seed, count, min, max).into_iter().enumerate() {
        let done = done + 1;
        let r1 = one.solve(&b, Mode::Exact, Limits::default());
        let score = r1.lower;
        let want: BTreeSet<Square> = r1.best_moves.iter().copied().collect();
        for (e, t) in engines.iter_mut().zip(threads) {
            let what = format!("df-pn+ random #{done} ({empties} empties) at {t} threads");
            let w = e.solve(&b, Mode::Wld);
            assert_eq!(w.wld(), r1.wld(), "{what}: WLD");
            let k = score + 2 * (done as i32 % 3) - 1;
            let q = e.solve(&b, Mode::Bound(k));
            assert_eq!(q.bound_holds(), Some(score >= k), "{what}: bound {k}");
            let r = e.solve(&b, Mode::Exact);
            assert_eq!(r.score(), Some(score), "{what}: score");
            let got: BTreeSet<Square> = r.best_moves.iter().copied().collect();
            assert_eq!(got, want, "{what}: best moves");
            check_pv(&b, &r, score, &what);
        }
    }
}

#[test]
#[ignore = "long: .ci/run runs it, with --ignored long_"]
fn long_dfpn_plus_workers_agree_on_random_18_to_21() {
    dfpn_random_positions(18, 16, 18, 21, &[2, 3]);
}

#[test]
#[ignore = "minutes: run with --ignored"]
fn dfpn_plus_workers_agree_on_200_random_18_to_23_at_2_4_8() {
    dfpn_random_positions(23, 200, 18, 23, &[2, 4, 8]);
}

/// Checks one answer of a solve that may have been stopped: the exact score
/// `truth` lies within its bounds; a solved answer is right (and each best
/// move it names reaches it, by `one`); an unknown one names no move.
/// Returns whether it was solved.
fn right_or_unknown(
    one: &mut Searcher,
    b: &Board,
    mode: Mode,
    r: &SolveResult,
    truth: i32,
    what: &str,
) -> bool {
    assert!(
        r.lower <= truth && truth <= r.upper,
        "{what}: bounds {r:?} miss {truth}"
    );
    match r.status {
        Status::Solved => {
            match mode {
                Mode::Exact => assert_eq!(r.score(), Some(truth), "{what}"),
                Mode::Wld => assert!(r.wld().is_some(), "{what}"),
                Mode::Bound(_) => assert!(r.bound_holds().is_some(), "{what}"),
            }
            for m in &r.best_moves {
                let child = b.play(*m).unwrap_or_else(|| panic!("{what}: illegal {m}"));
                let v = -one.solve(&child, Mode::Exact, Limits::default()).lower;
                match mode {
                    Mode::Exact => assert_eq!(v, truth, "{what}: move {m}"),
                    Mode::Wld => assert_eq!(v.signum(), truth.signum(), "{what}: move {m}"),
                    Mode::Bound(k) => assert_eq!(v >= k, truth >= k, "{what}: move {m}"),
                }
            }
            true
        }
        Status::Unknown => {
            assert!(r.best_moves.is_empty(), "{what}: moves without an answer");
            false
        }
    }
}

/// `count` solves of random positions (14–20 empties) at 2–8 threads with
/// random time limits (0–10 ms) and node limits: every answer is right
/// (the single-thread score lies within the bounds; a solved one equals
/// it) or unknown, and no helper outlives its solve.
fn stress(count: usize) {
    let mut rng = SplitMix64::new(2016);
    let mut one = searcher(1, 16, false);
    let mut many: Vec<Searcher> = [2, 3, 4, 8]
        .iter()
        .map(|&t| searcher(t, 4, false))
        .collect();
    let (mut solved, mut unknown) = (0, 0);
    for i in 0..count {
        let empties = 14 + (rng.next_u64() % 7) as u32;
        let Some(b) = random_position(&mut rng, empties).filter(|b| b.moves() != 0) else {
            continue;
        };
        let limits = Limits {
            time: Some(Duration::from_micros(rng.next_u64() % 10_000)),
            nodes: (i % 4 == 0).then(|| rng.next_u64() % 300_000),
        };
        let mode = match i % 3 {
            0 => Mode::Exact,
            1 => Mode::Wld,
            _ => Mode::Bound((rng.next_u64() % 9) as i32 * 2 - 8),
        };
        let s = &mut many[i % 4];
        let r = s.solve(&b, mode, limits);
        assert_eq!(s.live_helpers(), 0, "solve {i}: a helper outlived it");
        let truth = one.solve(&b, Mode::Exact, Limits::default()).lower;
        let what = format!("solve {i} ({empties} empties, {mode:?}, {limits:?})");
        if right_or_unknown(&mut one, &b, mode, &r, truth, &what) {
            solved += 1;
        } else {
            unknown += 1;
        }
    }
    // The limits are short enough to stop some solves and long enough to
    // let others finish: both paths were exercised.
    assert!(
        solved > 0 && unknown > 0,
        "{solved} solved, {unknown} unknown"
    );
}

#[test]
#[ignore = "long: .ci/run runs it, with --ignored long_"]
fn long_short_time_limited_solves_answer_right_or_unknown() {
    stress(150);
}

#[test]
#[ignore = "minutes: run with --ignored"]
fn two_thousand_time_limited_solves() {
    stress(2000);
}

/// df-pn⁺ with two workers (each handing its leaves to a one-thread
/// alpha-beta of its own on the shared table): the same answers as the
/// file.
#[test]
fn dfpn_plus_with_parallel_leaves() {
    let Some(list) = problems(
        "positions/ffo-fforum/fforum-1-19.obf",
        "dfpn_plus_with_parallel_leaves",
    ) else {
        return;
    };
    let mut config = EngineConfig::new(Algo::DfpnPlus, 32, Limits::default());
    config.threads = 2;
    config.all_best = true;
    let mut engine = Engine::new(config).unwrap_or_else(|e| panic!("{e}"));
    for p in list.iter().take(6) {
        let b = &p.position.board;
        let r = engine.solve(b, Mode::Exact);
        assert_eq!(r.score(), p.best_score(), "line {} score", p.line);
        let got: BTreeSet<Square> = r.best_moves.iter().copied().collect();
        let want: BTreeSet<Square> = p.best_moves().into_iter().flatten().collect();
        assert_eq!(got, want, "line {} best moves", p.line);
        let w = engine.solve(b, Mode::Wld);
        assert_eq!(w.wld(), r.wld(), "line {} WLD at 2 threads", p.line);
    }
}

/// Ctrl-C's flag ([`EngineConfig::interrupt`]), raised by another thread at
/// a random moment: alpha-beta (1, 2 and 4 threads, no helper outliving its
/// solve) and df-pn⁺ (1 and 2 threads) answer right or unknown with bounds
/// that hold; once raised, a solve stops at once.
#[test]
#[ignore = "long: .ci/run runs it, with --ignored long_"]
fn long_interrupted_solves_answer_right_or_unknown() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let mut rng = SplitMix64::new(130);
    let mut one = searcher(1, 16, false);
    let flag = Arc::new(AtomicBool::new(false));
    let mut alphabeta: Vec<Searcher> = [1, 2, 4]
        .iter()
        .map(|&t| {
            let mut s = searcher(t, 4, false);
            s.set_interrupt(Some(Arc::clone(&flag)));
            s
        })
        .collect();
    let mut dfpn: Vec<Engine> = [1, 2]
        .iter()
        .map(|&t| {
            let mut c = EngineConfig::new(Algo::DfpnPlus, 8, Limits::default());
            c.threads = t;
            c.interrupt = Some(Arc::clone(&flag));
            Engine::new(c).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect();
    let (mut solved, mut unknown) = (0, 0);
    for i in 0..60 {
        let empties = 16 + (rng.next_u64() % 6) as u32;
        let Some(b) = random_position(&mut rng, empties).filter(|b| b.moves() != 0) else {
            continue;
        };
        let mode = if i % 2 == 0 { Mode::Exact } else { Mode::Wld };
        let delay = Duration::from_micros(rng.next_u64() % 15_000);
        flag.store(false, Ordering::SeqCst);
        let r = std::thread::scope(|scope| {
            let raiser = scope.spawn(|| {
                std::thread::sleep(delay);
                flag.store(true, Ordering::SeqCst);
            });
            let r = if i % 5 < 3 {
                let s = &mut alphabeta[i % 3];
                let r = s.solve(&b, mode, Limits::default());
                assert_eq!(s.live_helpers(), 0, "solve {i}: a helper outlived it");
                r
            } else {
                dfpn[i % 2].solve(&b, mode)
            };
            let _ = raiser.join();
            r
        });
        let truth = one.solve(&b, Mode::Exact, Limits::default()).lower;
        let what = format!("solve {i} ({empties} empties, {mode:?}, flag after {delay:?})");
        if right_or_unknown(&mut one, &b, mode, &r, truth, &what) {
            solved += 1;
        } else {
            unknown += 1;
        }
    }
    assert!(
        solved > 0 && unknown > 0,
        "{solved} solved, {unknown} unknown"
    );
    // Raised before the solve: it stops at its first look at the budget.
    flag.store(true, Ordering::SeqCst);
    let Some(b) = random_position(&mut rng, 24) else {
        return;
    };
    let r = alphabeta[1].solve(&b, Mode::Exact, Limits::default());
    assert_eq!(r.status, Status::Unknown, "alpha-beta after the flag");
    let r = dfpn[1].solve(&b, Mode::Exact);
    assert_eq!(r.status, Status::Unknown, "df-pn+ after the flag");
}
