//! The evaluation's mean absolute error against exact-score labels, per
//! number of empties: `cargo run --release -p othello-tools --example
//! label_mae -- LABELS… [--weights PATH]` (default: the embedded weights).
//! Used for the held-out error at 16 and 20 empties in docs/evaluation.md.

use othello_solver::eval::PatternEvaluator;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn main() -> anyhow::Result<()> {
    let mut files = Vec::new();
    let mut weights = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--weights" {
            weights = Some(PathBuf::from(
                args.next()
                    .ok_or_else(|| anyhow::anyhow!("--weights needs a path"))?,
            ));
        } else {
            files.push(PathBuf::from(a));
        }
    }
    let eval = PatternEvaluator::from_option(weights.as_deref())?;
    let map = othello_tools::labels::read_map(&files)?;
    let mut by_empties: BTreeMap<u32, (f64, usize)> = BTreeMap::new();
    for (b, &score) in &map {
        let e = by_empties.entry(b.empties()).or_default();
        e.0 += (eval.evaluate(b) - score as f32).abs() as f64;
        e.1 += 1;
    }
    println!("| empties | positions | MAE vs exact |");
    println!("|---|---|---|");
    for (e, (sum, n)) in by_empties {
        println!("| {e} | {n} | {:.2} |", sum / n as f64);
    }
    Ok(())
}
