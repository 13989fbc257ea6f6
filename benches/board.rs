//! Criterion benches for the board kernels: move generation and flips, on a
//! fixed set of random reachable midgame and endgame positions.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use othello_solver::board::{kernels, movegen};
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::Board;

fn sample_positions() -> Vec<Board> {
    let mut rng = SplitMix64::new(2026);
    let mut out = Vec::new();
    while out.len() < 1024 {
        let empties = 10 + rng.below(40) as u32;
        if let Some(b) = random_position(&mut rng, empties) {
            if b.moves() != 0 {
                out.push(b);
            }
        }
    }
    out
}

fn bench_kernels(c: &mut Criterion) {
    let positions = sample_positions();
    let moves: Vec<(Board, usize)> = positions
        .iter()
        .map(|b| (*b, b.moves().trailing_zeros() as usize))
        .collect();
    let mut g = c.benchmark_group("board");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("moves", |bench| {
        bench.iter(|| {
            let mut acc = 0u64;
            for b in &positions {
                acc ^= movegen::moves(black_box(b.player), black_box(b.opponent));
            }
            acc
        })
    });
    g.bench_function("flips", |bench| {
        bench.iter(|| {
            let mut acc = 0u64;
            for (b, sq) in &moves {
                acc ^= movegen::flips(black_box(b.player), black_box(b.opponent), black_box(*sq));
            }
            acc
        })
    });
    g.bench_function("flips_portable", |bench| {
        bench.iter(|| {
            let mut acc = 0u64;
            for (b, sq) in &moves {
                acc ^= movegen::flips_portable(
                    black_box(b.player),
                    black_box(b.opponent),
                    black_box(*sq),
                );
            }
            acc
        })
    });
    g.bench_function("naive_flips", |bench| {
        bench.iter(|| {
            let mut acc = 0u64;
            for (b, sq) in &moves {
                acc ^= movegen::naive::flips(
                    black_box(b.player),
                    black_box(b.opponent),
                    black_box(*sq),
                );
            }
            acc
        })
    });
    #[cfg(target_arch = "x86_64")]
    if othello_solver::board::cpu::Isa::X86V3.supported() {
        g.bench_function("moves_avx2", |bench| {
            bench.iter(|| {
                let mut acc = 0u64;
                for b in &positions {
                    // SAFETY: the CPU check said the CPU has the kernels' features.
                    acc ^= unsafe {
                        kernels::x86_v3::moves(black_box(b.player), black_box(b.opponent))
                    };
                }
                acc
            })
        });
        g.bench_function("flips_avx2", |bench| {
            bench.iter(|| {
                let mut acc = 0u64;
                for (b, sq) in &moves {
                    // SAFETY: as above.
                    acc ^= unsafe {
                        kernels::x86_v3::flips(
                            black_box(b.player),
                            black_box(b.opponent),
                            black_box(*sq),
                        )
                    };
                }
                acc
            })
        });
        if othello_solver::board::cpu::Isa::X86V4.supported() {
            g.bench_function("flips_avx512", |bench| {
                bench.iter(|| {
                    let mut acc = 0u64;
                    for (b, sq) in &moves {
                        // SAFETY: the CPU check said the CPU has AVX-512.
                        acc ^= unsafe {
                            kernels::x86_v4::flips(
                                black_box(b.player),
                                black_box(b.opponent),
                                black_box(*sq),
                            )
                        };
                    }
                    acc
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench_kernels);
criterion_main!(benches);
