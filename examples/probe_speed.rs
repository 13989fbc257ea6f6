//! Cost of a node of the evaluation probe (the shallow search that orders
//! moves and feeds ProbCut) on the instance the process runs: `probe_value`
//! one, two and three plies deep over 2,048 seeded random positions of
//! 18–23 empties, the pattern evaluation at the leaves, no table.
//!
//! `cargo run --release --example probe_speed [-- --isa portable|x86-64-v3|x86-64-v4]`
//!
//! Prints, per depth, the nodes of a pass over the positions, with a
//! checksum of the values (equal for two builds that compute the same
//! evaluation), and the best of 7 rounds of a few million nodes in
//! nanoseconds a node. The node count is fixed by the code,
//! so on a quiet machine two builds of the evaluation compare within a
//! few per cent; `--isa` compares the instruction sets on one host.
//! Not a test: nothing here can fail but a bad argument.

use othello_solver::board::cpu::{self, Isa};
use othello_solver::eval::PatternEvaluator;
use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::search::probe::probe_value;
use othello_solver::units::QUARTER_INF;
use std::time::Instant;

/// Positions per round.
const POSITIONS: usize = 2048;
/// Rounds per depth; the fastest one is reported.
const ROUNDS: usize = 7;
/// Nodes a round should at least visit.
const ROUND_NODES: u64 = 3_000_000;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => {}
        [flag, name] if flag == "--isa" => cpu::force(Isa::parse(name)?)?,
        _ => anyhow::bail!("usage: probe_speed [--isa portable|x86-64-v3|x86-64-v4]"),
    }
    let eval = PatternEvaluator::embedded()?;
    let mut rng = SplitMix64::new(7);
    let mut boards = Vec::with_capacity(POSITIONS);
    while boards.len() < POSITIONS {
        if let Some(b) = random_position(&mut rng, 18 + (boards.len() % 6) as u32) {
            boards.push(b);
        }
    }
    println!("instance {}", cpu::active().name());
    for depth in 1..=3 {
        // One pass over the positions: the sum of their values, the nodes
        // added to `nodes`.
        let pass = |nodes: &mut u64| -> i64 {
            boards
                .iter()
                .map(|b| {
                    i64::from(probe_value(
                        eval,
                        b,
                        depth,
                        -QUARTER_INF,
                        QUARTER_INF,
                        nodes,
                        u64::MAX,
                    ))
                })
                .sum()
        };
        let mut pass_nodes = 0u64;
        let checksum = pass(&mut pass_nodes);
        // Enough passes a round for a few million nodes, so that a
        // moment's load on the machine is a small part of a round.
        let passes = (ROUND_NODES / pass_nodes.max(1)).max(1);
        let mut best = f64::MAX;
        for _ in 0..ROUNDS {
            let start = Instant::now();
            let mut nodes = 0u64;
            for _ in 0..passes {
                pass(&mut nodes);
            }
            best = best.min(start.elapsed().as_secs_f64() / nodes.max(1) as f64);
        }
        println!(
            "depth {depth}: {pass_nodes} nodes a pass, {passes} passes a round, {:.2} ns a node (best of {ROUNDS} rounds), checksum {checksum}",
            best * 1e9
        );
    }
    Ok(())
}
