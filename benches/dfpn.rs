//! df-pn vs df-pn⁺ node counts and times on FFO #1–#19 (14–16 empties) and
//! the first hard-20 positions, for several leaf hand-over depths.
//!
//! `cargo bench --bench dfpn` (all), or with arguments:
//! `cargo bench --bench dfpn -- [LEAF_EMPTIES,...] [HARD20_COUNT]`.
//! The leaf solver is the reference solver (`search::reference`, no table), so times
//! depend on it; node counts of the df-pn part do not.

#[path = "../tests/common/mod.rs"]
mod common;

use othello_solver::eval::MobilityEvaluator;
use othello_solver::formats::problem::read_problem_file;
use othello_solver::search::dfpn::driver::solve;
use othello_solver::search::dfpn::heuristic::Heuristic;
use othello_solver::search::dfpn::params::HParams;
use othello_solver::search::dfpn::table::ProofTable;
use othello_solver::search::dfpn::DfpnOptions;
use othello_solver::search::reference::Reference;
use othello_solver::search::{Limits, Mode};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let leaves: Vec<u32> = args
        .first()
        .map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|| vec![6, 8, 10, 12]);
    let hard_n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let Some(shared) = common::shared() else {
        return;
    };
    let pos = shared.join("data/positions");
    let mut sets = Vec::new();
    for (name, file, n) in [
        ("ffo1-19", "ffo-fforum/fforum-1-19.obf", 19),
        ("hard20", "edax-hard/hard-20.obf", hard_n),
    ] {
        let Ok(lines) = read_problem_file(&pos.join(file)) else {
            eprintln!("cannot read {file}");
            return;
        };
        let ps: Vec<_> = lines.into_iter().filter_map(Result::ok).take(n).collect();
        sets.push((name, ps));
    }
    let params = HParams::provisional();
    println!("set      algo   L   df-pn nodes   leaf nodes     time(s)  wrong");
    for (name, problems) in &sets {
        for &leaf in &leaves {
            for plus in [false, true] {
                let t = Instant::now();
                let (mut nodes, mut leaf_nodes, mut wrong) = (0, 0, 0);
                for p in problems {
                    let mut table = ProofTable::with_mb(64);
                    let h = if plus {
                        Heuristic::Sigmoid {
                            eval: &MobilityEvaluator,
                            params: &params,
                            depth: None,
                        }
                    } else {
                        Heuristic::Uniform
                    };
                    let mut ls = Reference::default();
                    let opts = DfpnOptions {
                        leaf_empties: leaf,
                        epsilon: 0.0,
                        h_search_from: 0,
                        ..DfpnOptions::default()
                    };
                    let r = solve(
                        &p.position.board,
                        Mode::Exact,
                        true,
                        &mut table,
                        &mut ls,
                        h,
                        opts,
                        Limits::default(),
                        None,
                    );
                    nodes += r.nodes;
                    leaf_nodes += r.leaf_nodes;
                    if r.score() != p.best_score() {
                        wrong += 1;
                    }
                }
                let algo = if plus { "dfpn+" } else { "dfpn" };
                println!(
                    "{name:8} {algo:6} {leaf:2} {nodes:13} {leaf_nodes:12} {:11.2} {wrong:6}",
                    t.elapsed().as_secs_f64()
                );
            }
        }
    }
}
