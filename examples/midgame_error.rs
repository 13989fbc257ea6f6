//! The midgame search's error against perfect play: for every position of
//! the OBF problem files given (whose lines score every move), the value
//! and move of `Engine::think` at a fixed depth and confidence, never
//! handed to the exact solver, against the file's best score; per file the
//! mean, standard deviation and root mean square of value − score in discs,
//! and how often the move is one of the best.
//!
//! ```text
//! cargo run --release --example midgame_error -- 10 95 \
//!     ../shared/data/positions/edax-hard/hard-25.obf ../shared/data/positions/edax-hard/hard-30.obf
//! ```

use anyhow::{anyhow, Context};
use othello_solver::formats::problem::parse_line;
use othello_solver::search::{Algo, Engine, EngineConfig, Limits, ThinkOptions};
use std::path::Path;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        return Err(anyhow!("usage: midgame_error DEPTH CONFIDENCE FILE.obf..."));
    }
    let depth: u32 = args[0].parse().context("DEPTH")?;
    let confidence: u32 = args[1].parse().context("CONFIDENCE")?;
    println!("file depth confidence positions mean sd rms best-move");
    for f in &args[2..] {
        let text = std::fs::read_to_string(f).with_context(|| format!("reading {f}"))?;
        let mut engine = Engine::new(EngineConfig::new(Algo::Alphabeta, 64, Limits::default()))?;
        let options = ThinkOptions {
            depth: Some(depth),
            confidence,
            exact_empties: Some(0),
            ..ThinkOptions::default()
        };
        let (mut errors, mut best) = (Vec::new(), 0usize);
        for (n, line) in text.lines().enumerate() {
            let Some(problem) = parse_line(Path::new(f), n + 1, line)? else {
                continue;
            };
            let Some(score) = problem.best_score() else {
                continue;
            };
            engine.clear();
            let t = engine.think(&problem.position.board, &options)?;
            errors.push(f64::from(t.value) - f64::from(score));
            if problem.best_moves().contains(&t.best()) {
                best += 1;
            }
        }
        let n = errors.len() as f64;
        let mean = errors.iter().sum::<f64>() / n;
        let sd = (errors.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt();
        let rms = (errors.iter().map(|x| x * x).sum::<f64>() / n).sqrt();
        println!(
            "{f} {depth} {confidence} {} {mean:+.2} {sd:.2} {rms:.2} {:.1}%",
            errors.len(),
            100.0 * best as f64 / n
        );
    }
    Ok(())
}
