//! `othello-tools mid-sigma GAMES…`: measures midgame ProbCut's σ. For
//! positions of real games at the given empties it searches every depth
//! from 1 to `--max-depth` unpruned ([`Midgame::value`]), takes the
//! difference between each depth and the shallow depth that predicts it
//! ([`shallow_depth`]), and prints the mean and σ of those differences by
//! depth and empties, then the least-squares line σ = c + e·empties +
//! d·depth + s·shallow that the library's `SIGMA_FIT` holds.

use crate::common::read_games;
use anyhow::{bail, Result};
use othello_solver::eval::PatternEvaluator;
use othello_solver::rng::SplitMix64;
use othello_solver::search::midgame::probcut::{shallow_depth, PROBCUT_MIN_DEPTH, SIGMA_FIT};
use othello_solver::search::midgame::Midgame;
use rayon::prelude::*;
use std::path::PathBuf;

/// Arguments of `mid-sigma`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Game-record files or directories.
    pub files: Vec<PathBuf>,
    /// The empties to sample, `FIRST-LAST` (every second one is taken).
    #[arg(long, default_value = "20-50")]
    pub empties: String,
    /// Positions per number of empties.
    #[arg(long, default_value_t = 60)]
    pub count: usize,
    /// The deepest search.
    #[arg(long, default_value_t = 10)]
    pub max_depth: u32,
    /// The seed that picks the games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// One measured difference: empties, depth, shallow depth, deep − shallow
/// (quarter discs).
type Sample = (u32, u32, u32, f64);

/// Runs `mid-sigma`.
pub fn run(args: &Args) -> Result<()> {
    let Some((first, last)) = args.empties.split_once('-') else {
        bail!("--empties {}: expected FIRST-LAST", args.empties);
    };
    let (first, last): (u32, u32) = (first.trim().parse()?, last.trim().parse()?);
    if !(1..=59).contains(&first) || last < first || last > 59 {
        bail!("--empties {}: expected 1 to 59, FIRST ≤ LAST", args.empties);
    }
    if !(PROBCUT_MIN_DEPTH..=20).contains(&args.max_depth) {
        bail!(
            "--max-depth {}: expected {PROBCUT_MIN_DEPTH} to 20",
            args.max_depth
        );
    }
    let (_, games) = read_games(&args.files)?;
    if games.is_empty() {
        bail!("no games read");
    }
    let eval = PatternEvaluator::embedded()?;
    let mut rng = SplitMix64::new(args.seed);
    let mut jobs = Vec::new();
    for e in (first..=last).step_by(2) {
        let mut n = 0;
        let mut tries = 0;
        while n < args.count && tries < 100 * args.count {
            tries += 1;
            let g = &games[(rng.next_u64() % games.len() as u64) as usize];
            if let Some(p) = g.position_to_solve_at(e) {
                jobs.push((e, p.board));
                n += 1;
            }
        }
    }
    let max = args.max_depth;
    let samples: Vec<Sample> = jobs
        .par_iter()
        .map_init(
            || Midgame::try_new(16),
            |mid, &(e, b)| {
                let Ok(mid) = mid else {
                    return Vec::new();
                };
                mid.clear();
                let v: Vec<i32> = (0..=max)
                    .map(|d| if d == 0 { 0 } else { mid.value(eval, &b, d) })
                    .collect();
                (PROBCUT_MIN_DEPTH..=max)
                    .map(|d| {
                        let s = shallow_depth(d);
                        (e, d, s, f64::from(v[d as usize] - v[s as usize]))
                    })
                    .collect()
            },
        )
        .flatten()
        .collect();
    if samples.is_empty() {
        bail!("no sample measured (the tables did not fit?)");
    }
    println!(
        "# {} positions, {} differences (quarter discs)",
        jobs.len(),
        samples.len()
    );
    println!(
        "| depth | shallow | empties | n | mean | sigma | fit |\n|---|---|---|---|---|---|---|"
    );
    let mut rows = Vec::new();
    for d in PROBCUT_MIN_DEPTH..=max {
        for band in (first..=last).step_by(10) {
            let xs: Vec<f64> = samples
                .iter()
                .filter(|s| s.1 == d && s.0 >= band && s.0 < band + 10)
                .map(|s| s.3)
                .collect();
            if xs.len() < 10 {
                continue;
            }
            let n = xs.len() as f64;
            let mean = xs.iter().sum::<f64>() / n;
            let sd = (xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)).sqrt();
            let mid_e = f64::from(band) + 4.5;
            rows.push((mid_e, f64::from(d), f64::from(shallow_depth(d)), sd, n));
            let [c, ce, cd, cs] = SIGMA_FIT;
            let now = c as f64
                + ce as f64 * mid_e
                + cd as f64 * f64::from(d)
                + cs as f64 * f64::from(shallow_depth(d));
            println!(
                "| {d} | {} | {band}-{} | {} | {mean:+.2} | {sd:.2} | {now:.2} |",
                shallow_depth(d),
                band + 9,
                xs.len()
            );
        }
    }
    let fit = least_squares(&rows);
    println!(
        "\nfit (weighted by n): sigma = {:.3} + {:.4}*empties + {:.4}*depth + {:.4}*shallow",
        fit[0], fit[1], fit[2], fit[3]
    );
    Ok(())
}

/// The weighted least-squares coefficients of sd on (1, empties, depth,
/// shallow), by the normal equations (zeros when they are singular).
fn least_squares(rows: &[(f64, f64, f64, f64, f64)]) -> [f64; 4] {
    let mut m = [[0.0f64; 5]; 5];
    let mut b = [0.0f64; 5];
    for &(e, d, s, sd, n) in rows {
        let x = [1.0, e, d, s];
        for (i, xi) in x.iter().enumerate() {
            for (j, xj) in x.iter().enumerate() {
                m[i][j] += n * xi * xj;
            }
            b[i] += n * xi * sd;
        }
    }
    let x = crate::smooth::solve_small(&mut m, &mut b, 4).unwrap_or([0.0; 5]);
    [x[0], x[1], x[2], x[3]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_squares_recovers_a_plane() {
        let mut rows = Vec::new();
        for e in [20.0, 30.0, 40.0] {
            for d in [3.0, 5.0, 8.0] {
                for s in [1.0, 2.0] {
                    rows.push((e, d, s, 2.0 + 0.5 * e + 3.0 * d - 1.0 * s, 10.0));
                }
            }
        }
        let f = least_squares(&rows);
        for (got, want) in f.iter().zip([2.0, 0.5, 3.0, -1.0]) {
            assert!((got - want).abs() < 1e-6, "{f:?}");
        }
    }
}
