//! The error of the evaluation's shallow search against perfect play, by
//! search depth: for every position of the OBF problem files given, the
//! exact score (alpha-beta, embedded evaluation ordering moves) and the
//! value of [`probe_value`] 0 to 6 plies deep (the search move ordering
//! and df-pn⁺'s h use), then per file and depth the mean, standard
//! deviation and root mean square of value − score, in discs.
//!
//! ```text
//! othello-tools sample --empties 20 --count 200 --seed 7 \
//!     --include-years 2018-2022 ../shared/data/games/wthor --out s20.obf
//! cargo run --release --example shallow_error -- s20.obf
//! ```
//!
//! The files are read with the problem-file parser (`batch`'s); blank and
//! comment lines are skipped.

use anyhow::{anyhow, Context};
use othello_solver::eval::PatternEvaluator;
use othello_solver::formats::problem::parse_line;
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::probe::probe_value;
use std::path::Path;

/// The deepest shallow search measured.
const MAX_DEPTH: u32 = 6;

fn main() -> anyhow::Result<()> {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        return Err(anyhow!("usage: shallow_error FILE.obf..."));
    }
    let eval = PatternEvaluator::embedded()?;
    println!("file depth positions mean sd rms");
    for f in &files {
        let text = std::fs::read_to_string(f).with_context(|| format!("reading {f}"))?;
        let mut searcher = Searcher::try_new(64)?;
        searcher.use_embedded_evaluator()?;
        let mut errors: Vec<Vec<f64>> = vec![Vec::new(); MAX_DEPTH as usize + 1];
        for (n, line) in text.lines().enumerate() {
            let Some(problem) = parse_line(Path::new(f), n + 1, line)? else {
                continue;
            };
            let b = problem.position.board;
            let exact = f64::from(searcher.search_window(&b, -64, 64));
            for (d, e) in errors.iter_mut().enumerate() {
                let mut nodes = 0;
                let v = probe_value(eval, &b, d as u32, -257, 257, &mut nodes, u64::MAX);
                e.push(f64::from(v) / 4.0 - exact);
            }
        }
        for (d, e) in errors.iter().enumerate() {
            let n = e.len() as f64;
            let mean = e.iter().sum::<f64>() / n;
            let sd = (e.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt();
            let rms = (e.iter().map(|x| x * x).sum::<f64>() / n).sqrt();
            println!("{f} {d} {} {mean:.2} {sd:.2} {rms:.2}", e.len());
        }
    }
    Ok(())
}
