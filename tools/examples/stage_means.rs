//! The evaluation's mean value per number of empties along real games,
//! from black's view, beside the games' perfect-play score and result:
//! `cargo run --release -p othello-tools --example stage_means --
//! GAMES… [--weights PATH] [--depth D]`.
//!
//! A reference-free check of the evaluation's bias by stage. Along a set of
//! games between players of equal strength, the mean perfect-play value
//! from black's view drifts slowly from move to move (each side's mistakes
//! move it its own way), so a mean evaluation that zig-zags between even and
//! odd numbers of empties (black and white to move) shows a bias that
//! depends on who is to move, whatever any reference program says. Also
//! printed: the mean signed disagreement of neighbouring stages along the
//! games, static value + static value after the move played (the move
//! played loses a little on average, so this is slightly positive for an
//! unbiased evaluation), and the games' mean perfect-play score at 24
//! empties and final result, from black's view.

use othello_solver::board::Color;
use othello_solver::eval::PatternEvaluator;
use othello_solver::formats::games::read_game_file;
use othello_solver::search::probe::probe_value;
use std::path::PathBuf;

/// Arguments.
#[derive(clap::Parser)]
struct Args {
    /// Game-record files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Pattern weights (default: the embedded ones).
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Value each position by a search this many plies deep (0: static).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=8))]
    depth: u32,
}

fn main() -> anyhow::Result<()> {
    let Args {
        files,
        weights,
        depth,
    } = clap::Parser::parse();
    let eval = PatternEvaluator::from_option(weights.as_deref())?;
    let value = |b: &othello_solver::board::Board| -> f64 {
        if depth == 0 {
            f64::from(eval.evaluate(b))
        } else {
            let mut nodes = 0;
            f64::from(probe_value(
                &eval,
                b,
                depth,
                -257,
                257,
                &mut nodes,
                u64::MAX,
            )) / 4.0
        }
    };
    // Per number of empties: count, sum of black's value, count and sum of
    // the neighbour disagreement, sum of the perfect-play score at 24 and
    // of the result (black's view).
    let mut sums = vec![[0f64; 6]; 61];
    for path in &files {
        let file = read_game_file(path)?;
        for g in file.games.iter().filter(|g| g.complete) {
            let Some(result) = g.black_score else {
                continue;
            };
            let theo = g.theoretical.map(|t| f64::from(t.black_score));
            let positions: Vec<_> = g.positions().map(|(_, p)| p).collect();
            for (i, p) in positions.iter().enumerate() {
                if p.board.moves() == 0 {
                    continue;
                }
                let e = p.board.empties() as usize;
                let v = value(&p.board);
                let sign = if p.side == Color::Black { 1.0 } else { -1.0 };
                let s = &mut sums[e];
                s[0] += 1.0;
                s[1] += sign * v;
                if let Some(next) = positions.get(i + 1) {
                    if next.side != p.side && next.board.moves() != 0 {
                        s[2] += 1.0;
                        s[3] += v + value(&next.board);
                    }
                }
                s[4] += theo.unwrap_or(f64::from(result));
                s[5] += f64::from(result);
            }
        }
    }
    println!("| empties | positions | mean value, black's view | zig-zag (value − mean of neighbours) | neighbour sum (mover's view) | perfect-play score at 24 | result |");
    println!("|---|---|---|---|---|---|---|");
    let mean = |e: usize| sums[e][1] / sums[e][0].max(1.0);
    for e in (1..=59).rev() {
        let s = &sums[e];
        if s[0] == 0.0 {
            continue;
        }
        let zig = if (2..=58).contains(&e) && sums[e - 1][0] > 0.0 && sums[e + 1][0] > 0.0 {
            format!("{:+.2}", mean(e) - (mean(e - 1) + mean(e + 1)) / 2.0)
        } else {
            String::new()
        };
        println!(
            "| {e} | {} | {:+.2} | {zig} | {:+.2} | {:+.2} | {:+.2} |",
            s[0],
            mean(e),
            s[3] / s[2].max(1.0),
            s[4] / s[0],
            s[5] / s[0]
        );
    }
    Ok(())
}
