//! Evaluations per second of CPU time, from scratch and incrementally, on
//! every child of positions with 20 empties (as the search's move ordering
//! evaluates them), with the embedded weights or `--weights PATH`.
//!
//! `cargo run --release --example eval_speed [-- --weights PATH]`
//!
//! Criterion (`cargo bench --bench eval`) measures wall time, which on a
//! shared machine moves with the other processes' load; this example
//! divides by the time the thread actually ran (Linux
//! `/proc/thread-self/schedstat`; wall time elsewhere), so the two ways can
//! be compared under load.

use othello_solver::board::movegen::{flips, moves};
use othello_solver::eval::{Features, PatternEvaluator};
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::Board;
use std::hint::black_box;
use std::time::Instant;

/// Nanoseconds this thread has run on a CPU, if the kernel says.
fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// Runs `f` (which evaluates `n` positions) for rounds of a fifth of a
/// second of CPU time and returns the best round's evaluations per second
/// (CPU time, or wall time when the CPU time is unknown) and the same
/// round's rate per wall second. The best round is the one least disturbed
/// by other processes (caches, shared cores).
fn rate(n: usize, mut f: impl FnMut() -> f32) -> (f64, f64) {
    black_box(f());
    let mut best = (0.0f64, 0.0f64);
    for _ in 0..ROUNDS {
        let (c0, t0) = (cpu_ns(), Instant::now());
        let mut reps = 0u64;
        loop {
            black_box(f());
            reps += 1;
            let wall = t0.elapsed().as_secs_f64();
            let cpu = match (c0, cpu_ns()) {
                (Some(a), Some(b)) => (b - a) as f64 * 1e-9,
                _ => wall,
            };
            if cpu >= 0.2 || wall >= 5.0 {
                let evals = (reps * n as u64) as f64;
                if evals / cpu.max(1e-9) > best.0 {
                    best = (evals / cpu.max(1e-9), evals / wall);
                }
                break;
            }
        }
    }
    best
}

/// Rounds per measurement.
const ROUNDS: usize = 10;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let eval = match args.iter().position(|a| a == "--weights") {
        Some(i) => {
            let path = args
                .get(i + 1)
                .ok_or_else(|| anyhow::anyhow!("--weights needs a path"))?;
            PatternEvaluator::load(std::path::Path::new(path))?
        }
        None => PatternEvaluator::embedded()?.clone(),
    };
    // 512 parents (their features, 128 KiB, stay in the caches as a
    // search's stack of states does) and every child as (parent, move,
    // flips); the child board is made in the timed loop for both ways.
    let mut rng = SplitMix64::new(7);
    let mut parents = Vec::new();
    let mut children = Vec::new();
    while parents.len() < 512 {
        let Some(x) = random_position(&mut rng, 20) else {
            continue;
        };
        let mut m = moves(x.player, x.opponent);
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            children.push((parents.len(), sq, flips(x.player, x.opponent, sq)));
        }
        parents.push((Features::new(&x), x));
    }
    let child = |x: &Board, sq: usize, fl: u64| Board {
        player: x.opponent ^ fl,
        opponent: x.player ^ fl ^ (1 << sq),
    };
    let n = children.len();
    let scratch = rate(n, || {
        children
            .iter()
            .map(|&(i, sq, fl)| eval.evaluate(&child(&parents[i].1, black_box(sq), fl)))
            .sum()
    });
    let incremental = rate(n, || {
        children
            .iter()
            .map(|&(i, sq, fl)| {
                let (f, x) = &parents[i];
                let c = child(x, black_box(sq), fl);
                let cf = f.after_move(sq, fl);
                eval.evaluate_features(&cf, c.player, c.opponent)
            })
            .sum()
    });
    let update = rate(n, || {
        children
            .iter()
            .map(|&(i, sq, fl)| {
                let cf = parents[i].0.after_move(black_box(sq), fl);
                black_box(&cf);
                0.0
            })
            .sum()
    });
    println!("{n} children of 512 positions with 20 empties");
    for (name, (cpu, wall)) in [
        ("from scratch", scratch),
        ("incremental", incremental),
        ("update alone", update),
    ] {
        println!(
            "{name:>13}: {:6.2} M evaluations per CPU second ({:6.2} M per wall second)",
            cpu * 1e-6,
            wall * 1e-6
        );
    }
    Ok(())
}
