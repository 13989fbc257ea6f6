//! Times the alpha-beta solver on a problem file and prints a Markdown
//! table (per position: empties, score, expected score, nodes, time,
//! nodes/s; then totals).
//!
//! `cargo run --release --example ffo -- FILE [FIRST LAST] [--hash-mb N] [--time-limit S] [--score-only] [--no-eval | --order-min N]`
//! (`--score-only`: the exact score alone, without a best move and the PV;
//! `--no-eval`: fastest-first ordering only, without the embedded pattern
//! evaluation; `--order-min N`: the evaluation orders moves from N empties up).
//! FIRST/LAST are 1-based indexes of positions in the file.

use othello_solver::eval::PatternEvaluator;
use othello_solver::formats::problem::read_problem_file;
use othello_solver::search::alphabeta::{seconds, Searcher};
use othello_solver::search::tuning::DEFAULT_ORDER_MIN;
use othello_solver::search::{Limits, Mode};
use std::path::PathBuf;

/// CPU time of this thread in seconds (Linux: /proc/thread-self/schedstat),
/// to report beside wall time when the machine is shared.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| {
            s.split_whitespace()
                .next()
                .and_then(|t| t.parse::<u64>().ok())
        })
        .map_or(f64::NAN, |ns| ns as f64 / 1e9)
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut positional = Vec::new();
    let mut hash_mb = 256usize;
    let mut time_limit = None;
    let mut score_only = false;
    let mut use_eval = true;
    let mut order_min = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--hash-mb" => {
                hash_mb = it
                    .next()
                    .ok_or_else(|| anyhow::anyhow!("--hash-mb N"))?
                    .parse()?
            }
            "--time-limit" => {
                let s: f64 = it
                    .next()
                    .ok_or_else(|| anyhow::anyhow!("--time-limit S"))?
                    .parse()?;
                time_limit = seconds(s);
            }
            "--score-only" => score_only = true,
            "--no-eval" => use_eval = false,
            "--order-min" => {
                order_min = Some(
                    it.next()
                        .ok_or_else(|| anyhow::anyhow!("--order-min N"))?
                        .parse::<u32>()?,
                )
            }
            _ => positional.push(a.clone()),
        }
    }
    let file = PathBuf::from(
        positional
            .first()
            .ok_or_else(|| anyhow::anyhow!("usage: ffo FILE [FIRST LAST]"))?,
    );
    let problems: Vec<_> = read_problem_file(&file)?
        .into_iter()
        .collect::<Result<_, _>>()?;
    let first: usize = positional.get(1).map_or(Ok(1), |s| s.parse())?;
    let last: usize = positional
        .get(2)
        .map_or(Ok(problems.len()), |s| s.parse())?;
    if first == 0 || last < first || last > problems.len() {
        anyhow::bail!(
            "FIRST LAST must satisfy 1 <= FIRST <= LAST <= {} (positions in the file)",
            problems.len()
        );
    }
    let mut searcher = Searcher::new(hash_mb);
    if use_eval {
        let eval = PatternEvaluator::embedded()?;
        searcher.set_order_evaluator(Some(Box::new(eval)), order_min.unwrap_or(DEFAULT_ORDER_MIN));
    }
    println!("| # (line) | empties | score | expected | nodes | time (s) | Mnodes/s | CPU (s) | Mnodes/CPU-s |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let (mut tn, mut tt, mut tc, mut bad) = (0u64, 0f64, 0f64, 0);
    for p in problems.iter().skip(first - 1).take(last + 1 - first) {
        searcher.clear();
        let c0 = cpu_seconds();
        let limits = Limits {
            time: time_limit,
            nodes: None,
        };
        let r = if score_only {
            // The score alone (principal-variation search from the root, as
            // Edax reports it), without a best move or the PV.
            let t = std::time::Instant::now();
            let n0 = searcher.nodes();
            let v = searcher.exact_score(&p.position.board, limits);
            othello_solver::search::SolveResult {
                mode: Mode::Exact,
                algo: "alphabeta",
                status: if v.is_some() {
                    othello_solver::search::Status::Solved
                } else {
                    othello_solver::search::Status::Unknown
                },
                lower: v.unwrap_or(-64),
                upper: v.unwrap_or(64),
                best_moves: Vec::new(),
                all_best: false,
                pv: Vec::new(),
                nodes: searcher.nodes() - n0,
                leaf_nodes: 0,
                table: None,
                moves: Vec::new(),
                time_s: t.elapsed().as_secs_f64(),
            }
        } else {
            searcher.solve(&p.position.board, Mode::Exact, limits)
        };
        let cpu = cpu_seconds() - c0;
        let solved = r.status == othello_solver::search::Status::Solved;
        let score = match r.score() {
            Some(s) if solved => format!("{s:+}"),
            Some(s) => format!("{s:+} (best moves unfinished)"),
            None => format!("unknown [{:+}, {:+}]", r.lower, r.upper),
        };
        let want = p.best_score().map_or("-".to_string(), |s| format!("{s:+}"));
        if r.score().is_some() && r.score() != p.best_score() {
            bad += 1;
        }
        println!(
            "| {} | {} | {} | {} | {} | {:.2} | {:.1} | {:.2} | {:.1} |",
            p.line,
            p.position.board.empties(),
            score,
            want,
            r.nodes,
            r.time_s,
            r.nodes as f64 / r.time_s.max(1e-9) / 1e6,
            cpu,
            r.nodes as f64 / cpu.max(1e-9) / 1e6
        );
        tn += r.nodes;
        tt += r.time_s;
        tc += cpu;
    }
    println!(
        "| total | | | | {} | {:.2} | {:.1} | {:.2} | {:.1} |",
        tn,
        tt,
        tn as f64 / tt.max(1e-9) / 1e6,
        tc,
        tn as f64 / tc.max(1e-9) / 1e6
    );
    if bad > 0 {
        anyhow::bail!("{bad} wrong scores");
    }
    Ok(())
}
