//! Pattern evaluation speed: full evaluations (feature indexing plus the
//! weight sum) per second on one core, over positions from every stage.
//!
//! `cargo bench --bench eval` (criterion reports elements/s; the issue's
//! target is at least 5 million from scratch). The `children` benchmarks
//! evaluate every child of positions with 20 empties as the search's move
//! ordering does: from scratch (`evaluate` of the child board) and
//! incrementally (`Features::after_move` from the parent's features, then
//! `evaluate_features`); the target for the latter is 15 million.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use othello_solver::board::movegen::{flips, moves};
use othello_solver::eval::{feature_indices, Features, PatternEvaluator};
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::Board;

fn positions(n: usize) -> Vec<Board> {
    let mut rng = SplitMix64::new(2024);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let empties = 4 + rng.below(48) as u32;
        if let Some(b) = random_position(&mut rng, empties) {
            out.push(b);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let Ok(e) = PatternEvaluator::embedded() else {
        eprintln!("embedded weights do not decode; nothing to measure");
        return;
    };
    let boards = positions(4096);
    let mut g = c.benchmark_group("eval");
    g.throughput(Throughput::Elements(boards.len() as u64));
    g.bench_function("evaluate (4096 positions, all stages)", |b| {
        b.iter(|| {
            let mut s = 0.0f32;
            for x in &boards {
                s += e.evaluate(black_box(x));
            }
            s
        })
    });
    // A search evaluates positions of one or two stages at a time: the
    // stage's table stays in cache.
    let mut rng = SplitMix64::new(7);
    let mut one_stage = Vec::with_capacity(4096);
    while one_stage.len() < 4096 {
        if let Some(b) = random_position(&mut rng, 20) {
            one_stage.push(b);
        }
    }
    g.bench_function("evaluate (4096 positions, 20 empties)", |b| {
        b.iter(|| {
            let mut s = 0.0f32;
            for x in &one_stage {
                s += e.evaluate(black_box(x));
            }
            s
        })
    });
    // Every child of the 20-empty positions: (parent features, move, flips,
    // child board).
    let mut children = Vec::new();
    for x in &one_stage {
        let f = Features::new(x);
        let mut m = moves(x.player, x.opponent);
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let fl = flips(x.player, x.opponent, sq);
            let child = Board {
                player: x.opponent ^ fl,
                opponent: x.player ^ fl ^ (1 << sq),
            };
            children.push((f, sq, fl, child));
        }
    }
    g.throughput(Throughput::Elements(children.len() as u64));
    g.bench_function("children from scratch (20 empties)", |b| {
        b.iter(|| {
            let mut s = 0.0f32;
            for (_, _, _, c) in &children {
                s += e.evaluate(black_box(c));
            }
            s
        })
    });
    g.bench_function("children incrementally (20 empties)", |b| {
        b.iter(|| {
            let mut s = 0.0f32;
            for (f, sq, fl, c) in &children {
                let cf = black_box(f).after_move(*sq, *fl);
                s += e.evaluate_features(&cf, c.player, c.opponent);
            }
            s
        })
    });
    g.throughput(Throughput::Elements(boards.len() as u64));
    g.bench_function("feature_indices (4096 positions)", |b| {
        b.iter(|| {
            let mut s = 0u32;
            for x in &boards {
                let f = feature_indices(black_box(x));
                s = s.wrapping_add(f.iter().map(|&i| i as u32).sum::<u32>());
            }
            s
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
