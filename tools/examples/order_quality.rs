//! How often the evaluation's ordering puts a best move first:
//! `cargo run --release -p othello-tools --example order_quality --
//! PROBLEMS… [--weights PATH] [--depth D]`.
//!
//! For each position of the problem files (held-out positions drawn by
//! `othello-tools sample`), every child is solved exactly (alpha-beta) and
//! valued by the shallow search the exact solver orders its moves with at
//! that many empties (`search::probe::sort_depth`, the evaluation at its
//! leaves; `--depth D` to override). Per number of empties it prints the
//! share of positions whose top-valued move is a best move, and the mean
//! loss in discs of that move against the best. The solver's real keys
//! add a mobility term to this value (search/alphabeta/ordering.rs), so
//! this measures the evaluation's part of the ordering, which is what new
//! weights change.

use othello_solver::eval::PatternEvaluator;
use othello_solver::formats::problem::read_problem_file;
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::probe::{probe_value, sort_depth};
use othello_solver::search::tuning::DEFAULT_ORDER_MIN;
use othello_solver::search::Limits;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Arguments.
#[derive(clap::Parser)]
struct Args {
    /// Problem files (the positions; their scores are not used).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Pattern weights to compare, each a column (default: the embedded
    /// ones). The exact solver orders with the first.
    #[arg(long)]
    weights: Vec<PathBuf>,
    /// Plies of each child's search (default: what the solver uses).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=10))]
    depth: Option<u32>,
}

fn main() -> anyhow::Result<()> {
    let args: Args = clap::Parser::parse();
    let evals = if args.weights.is_empty() {
        vec![PatternEvaluator::from_option(None)?]
    } else {
        args.weights
            .iter()
            .map(|w| PatternEvaluator::load(w))
            .collect::<Result<Vec<_>, _>>()?
    };
    let mut solver = Searcher::new(64);
    solver.set_order_evaluator(Some(Box::new(evals[0].clone())), DEFAULT_ORDER_MIN);
    // Per number of empties: positions, then per weights the first-is-best
    // count and the summed loss.
    let mut rows: BTreeMap<u32, (u32, Vec<(u32, i64)>)> = BTreeMap::new();
    for path in &args.files {
        for p in read_problem_file(path)? {
            let b = p?.position.board;
            let e = b.empties();
            let depth = args.depth.unwrap_or_else(|| sort_depth(e));
            let mut children = Vec::new();
            let mut m = b.moves();
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let child = b.play_flips(
                    sq,
                    othello_solver::board::movegen::flips(b.player, b.opponent, sq),
                );
                let exact = -solver
                    .exact_score(&child, Limits::default())
                    .ok_or_else(|| anyhow::anyhow!("an unlimited search stopped early"))?;
                children.push((child, exact));
            }
            if children.len() < 2 {
                continue;
            }
            let best = children.iter().map(|c| c.1).max().unwrap_or(0);
            let r = rows
                .entry(e)
                .or_insert_with(|| (0, vec![(0, 0); evals.len()]));
            r.0 += 1;
            for (eval, hit) in evals.iter().zip(r.1.iter_mut()) {
                let first = children
                    .iter()
                    .max_by_key(|(child, _)| {
                        let mut nodes = 0;
                        -probe_value(eval, child, depth, -257, 257, &mut nodes, u64::MAX)
                    })
                    .map_or(best, |c| c.1);
                hit.0 += u32::from(first == best);
                hit.1 += i64::from(best - first);
            }
        }
    }
    println!("first move best (mean loss of the first move, discs), one column per weights");
    println!(
        "| empties | positions (2+ moves) |{}",
        " weights |".repeat(evals.len())
    );
    println!("|---|---|{}", "---|".repeat(evals.len()));
    for (e, (n, hits)) in rows {
        let cols: Vec<String> = hits
            .iter()
            .map(|&(hit, loss)| {
                format!(
                    "{:.1} % ({:.2})",
                    100.0 * f64::from(hit) / f64::from(n),
                    loss as f64 / f64::from(n)
                )
            })
            .collect();
        println!("| {e} | {n} | {} |", cols.join(" | "));
    }
    Ok(())
}
