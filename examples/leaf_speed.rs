//! Speed of the alpha-beta solver's last-empties code alone: shallow search,
//! 4-, 3-, 2- and 1-empty solvers, stability cutoff, flips and move
//! generation, on seeded random positions with few empties (8 by default,
//! at most [`LAST_N_MAX`]: below the table-driven search, so no table is
//! involved and every round does the same work), each searched with four
//! null windows around its exact score.
//!
//! `cargo run --release --example leaf_speed [-- EMPTIES [COUNT]]`
//!
//! Prints nodes, wall time and nodes per second for three rounds over the
//! same positions: the node count is fixed by the code, so on a quiet
//! machine the time compares two builds of the leaf code within about 1 %.
//! Not a test: nothing here can fail but a bad argument.

use othello_solver::rng::{random_position, SplitMix64};
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::tuning::LAST_N_MAX;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parse = |i: usize, default: usize, what: &str| match args.get(i) {
        None => Ok(default),
        Some(s) => s
            .parse::<usize>()
            .map_err(|_| format!("leaf_speed: {what} must be a whole number, not {s:?}")),
    };
    let (empties, count) = match (parse(0, 8, "EMPTIES"), parse(1, 20_000, "COUNT")) {
        (Ok(e), Ok(c)) if (1..=LAST_N_MAX as usize).contains(&e) && c > 0 => (e as u32, c),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
        _ => {
            eprintln!("leaf_speed: EMPTIES must be 1 to {LAST_N_MAX} and COUNT at least 1");
            return ExitCode::FAILURE;
        }
    };
    let mut rng = SplitMix64::new(4242);
    let mut positions = Vec::new();
    while positions.len() < count {
        if let Some(b) = random_position(&mut rng, empties).filter(|b| b.moves() != 0) {
            positions.push(b);
        }
    }
    let mut s = Searcher::new(16);
    let exact: Vec<i32> = positions
        .iter()
        .map(|b| s.search_window(b, -65, 65))
        .collect();
    for round in 0..3 {
        let start_nodes = s.nodes();
        let t = Instant::now();
        let mut check = 0i64;
        for (b, &e) in positions.iter().zip(&exact) {
            for (alpha, beta) in [(e - 1, e), (e, e + 1), (e - 3, e - 2), (e + 2, e + 3)] {
                check += i64::from(s.search_window(b, alpha, beta));
            }
        }
        let dt = t.elapsed().as_secs_f64();
        let nodes = s.nodes() - start_nodes;
        println!(
            "round {round}: {nodes} nodes, {dt:.3} s, {:.2} M nodes/s (check sum {check})",
            nodes as f64 / dt / 1e6
        );
    }
    ExitCode::SUCCESS
}
