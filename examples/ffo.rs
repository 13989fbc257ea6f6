//! Times the alpha-beta solver on a problem file and prints a Markdown
//! table (per position: empties, score, expected score, nodes, time,
//! nodes/s; then totals).
//!
//! `cargo run --release --example ffo -- FILE [FIRST LAST] [--hash-mb N] [--time-limit S]`
//! FIRST/LAST are 1-based indexes of positions in the file.

use othello_solver::formats::problem::read_problem_file;
use othello_solver::search::alphabeta::{seconds, Searcher};
use othello_solver::search::{Limits, Mode};
use std::path::PathBuf;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut positional = Vec::new();
    let mut hash_mb = 256usize;
    let mut time_limit = None;
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
    let mut searcher = Searcher::new(hash_mb);
    println!("| # (line) | empties | score | expected | nodes | time (s) | Mnodes/s |");
    println!("|---|---|---|---|---|---|---|");
    let (mut tn, mut tt, mut bad) = (0u64, 0f64, 0);
    for p in problems.iter().skip(first - 1).take(last + 1 - first) {
        searcher.clear();
        let r = searcher.solve(
            &p.position.board,
            Mode::Exact,
            Limits {
                time: time_limit,
                nodes: None,
            },
        );
        let score = r
            .score()
            .map_or("unknown".to_string(), |s| format!("{s:+}"));
        let want = p.best_score().map_or("-".to_string(), |s| format!("{s:+}"));
        if r.score().is_some() && r.score() != p.best_score() {
            bad += 1;
        }
        println!(
            "| {} | {} | {} | {} | {} | {:.2} | {:.1} |",
            p.line,
            p.position.board.empties(),
            score,
            want,
            r.nodes,
            r.time_s,
            r.nodes as f64 / r.time_s.max(1e-9) / 1e6
        );
        tn += r.nodes;
        tt += r.time_s;
    }
    println!(
        "| total | | | | {} | {:.2} | {:.1} |",
        tn,
        tt,
        tn as f64 / tt.max(1e-9) / 1e6
    );
    if bad > 0 {
        anyhow::bail!("{bad} wrong scores");
    }
    Ok(())
}
