//! Criterion benches for the exact solver's hot path: the alpha-beta leaf
//! solver as df-pn calls it (`LeafSolver::bounds`, one null-window question
//! on seeded random positions of 12 empties), the stable-disc count alone
//! (`stability::stable_discs`, on seeded random positions of 10–40
//! empties), and a full null-window solve
//! at the known score of a few FFO positions (#1–#3, 14 empties; #20–#22,
//! 20–22 empties), each with a fresh table.
//!
//! `cargo bench --bench endgame`. The FFO part needs `../shared/data` beside
//! the checkout and is left out (with a note) without it.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use othello_solver::formats::problem::read_problem_file;
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::search::alphabeta::stability::stable_discs;
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::LeafSolver;
use othello_solver::Board;
use std::path::PathBuf;

/// Table size of every searcher here, MiB.
const HASH_MB: usize = 16;

fn leaf_positions() -> Vec<Board> {
    let mut rng = SplitMix64::new(2026);
    let mut out = Vec::new();
    while out.len() < 64 {
        if let Some(b) = random_position(&mut rng, 12).filter(|b| b.moves() != 0) {
            out.push(b);
        }
    }
    out
}

/// `(name, board, known score)` of FFO #1–#3 and #20–#22.
fn ffo_positions() -> Vec<(String, Board, i32)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/positions/ffo-fforum");
    let mut out = Vec::new();
    for (file, first, take) in [("fforum-1-19.obf", 1, 3), ("fforum-20-39.obf", 20, 3)] {
        let path = dir.join(file);
        let Ok(problems) = read_problem_file(&path) else {
            eprintln!("skipped the FFO benches: {} not readable", path.display());
            return Vec::new();
        };
        for (i, p) in problems
            .into_iter()
            .filter_map(Result::ok)
            .take(take)
            .enumerate()
        {
            if let Some(score) = p.best_score() {
                out.push((format!("ffo{}", first + i), p.position.board, score));
            }
        }
    }
    out
}

fn bench_leaf(c: &mut Criterion) {
    let positions = leaf_positions();
    let mut g = c.benchmark_group("leaf_solver");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.sample_size(20);
    let mut searcher = Searcher::new(HASH_MB);
    g.bench_function("bounds_12_empties", |bench| {
        bench.iter(|| {
            searcher.clear();
            let mut acc = 0;
            for b in &positions {
                acc += searcher.bounds(black_box(b), 0).0;
            }
            acc
        })
    });
    g.finish();
}

fn bench_stability(c: &mut Criterion) {
    let mut rng = SplitMix64::new(77);
    let mut positions = Vec::new();
    while positions.len() < 256 {
        let empties = 10 + (positions.len() % 31) as u32;
        if let Some(b) = random_position(&mut rng, empties) {
            positions.push(b);
        }
    }
    let mut g = c.benchmark_group("stability");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("stable_discs_10_40_empties", |bench| {
        bench.iter(|| {
            positions
                .iter()
                .map(|b| stable_discs(black_box(b.player), black_box(b.opponent)).count_ones())
                .sum::<u32>()
        })
    });
    g.finish();
}

fn bench_ffo_nws(c: &mut Criterion) {
    let positions = ffo_positions();
    if positions.is_empty() {
        return;
    }
    let mut g = c.benchmark_group("ffo_nws");
    g.sample_size(10);
    let mut searcher = Searcher::new(HASH_MB);
    if searcher.use_embedded_evaluator().is_err() {
        eprintln!("skipped the FFO benches: the embedded weights do not decode");
        return;
    }
    for (name, board, score) in &positions {
        g.bench_function(name.as_str(), |bench| {
            bench.iter(|| {
                searcher.clear();
                // "score >= known?" holds: a fail-high at the known score.
                let v = searcher.search_window(black_box(board), score - 1, *score);
                assert!(v >= *score, "{name}: {v} < {score}");
                v
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench_leaf, bench_stability, bench_ffo_nws);
criterion_main!(benches);
