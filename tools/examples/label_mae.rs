//! The evaluation's mean absolute error against labels (exact scores, or
//! a reference search's values), per number of empties: `cargo run --release -p othello-tools --example
//! label_mae -- LABELS… [--games FILE…] [--weights PATH] [--depth D]…`
//! (default: the embedded weights, depth 0 = the static evaluation).
//! `--games FILE` adds, from a WTHOR file, each game's position at the
//! depth of its perfect-play score (24 empties in WTHOR) labelled with that
//! score. `--problems FILE` adds the positions of a problem file, each
//! labelled with its best move's score (a reference made by another
//! program, such as `lab/runs/eval-reference/edax-l20.obf` from
//! scripts/edax-reference.sh); a position in several such files is
//! labelled with the mean of their scores (the same positions searched to
//! an even and an odd depth). Each `--depth D`
//! adds a column: the error of a `D`-ply alpha-beta search with the
//! evaluation at its leaves (`search::probe::probe_value`, the search
//! that orders alpha-beta's moves and gives df-pn⁺ its h above 16 empties),
//! compared as is, in discs (not rounded to an even score).
//! Used for the held-out error at 16, 20 and 24 empties in
//! docs/evaluation.md. `--stats` adds, per depth, the mean error (value −
//! score, the bias) and its standard deviation, the two numbers an
//! endgame ProbCut model needs (docs/probcut.md); `--every N` keeps one
//! labelled position in N (the training labels are millions).
//! `--neighbours` adds how well neighbouring stages agree: the mean
//! |static value − the negated static value after the best move| (the
//! next stage's table), the best move being the reference's for a
//! `--problems` position and the best by the children's static values
//! otherwise.

use othello_solver::eval::PatternEvaluator;
use othello_solver::formats::games::read_game_file;
use othello_solver::formats::problem::read_problem_file;
use othello_solver::search::probe::probe_value;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn main() -> anyhow::Result<()> {
    let mut files = Vec::new();
    let mut weights = None;
    let mut depths = vec![0u32];
    let mut games = Vec::new();
    let mut problems = Vec::new();
    let mut stats = false;
    let mut neighbours = false;
    let mut every = 1usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--weights" => {
                weights = Some(PathBuf::from(
                    args.next()
                        .ok_or_else(|| anyhow::anyhow!("--weights needs a path"))?,
                ));
            }
            "--games" => {
                games.push(PathBuf::from(
                    args.next()
                        .ok_or_else(|| anyhow::anyhow!("--games needs a path"))?,
                ));
            }
            "--problems" => {
                problems.push(PathBuf::from(
                    args.next()
                        .ok_or_else(|| anyhow::anyhow!("--problems needs a path"))?,
                ));
            }
            "--depth" => {
                let d = args
                    .next()
                    .ok_or_else(|| anyhow::anyhow!("--depth needs a number of plies"))?;
                let d: u32 = d
                    .parse()
                    .map_err(|_| anyhow::anyhow!("--depth {d:?}: expected plies, 1 to 14"))?;
                anyhow::ensure!((1..=14).contains(&d), "--depth {d}: expected 1 to 14 plies");
                depths.push(d);
            }
            "--stats" => stats = true,
            "--neighbours" => neighbours = true,
            "--every" => {
                let n = args
                    .next()
                    .ok_or_else(|| anyhow::anyhow!("--every needs a number"))?;
                every =
                    n.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                        anyhow::anyhow!("--every {n:?}: expected a positive number")
                    })?;
            }
            _ => files.push(PathBuf::from(a)),
        }
    }
    let eval = PatternEvaluator::from_option(weights.as_deref())?;
    let mut map: std::collections::HashMap<_, f32> = othello_tools::labels::read_map(&files)?
        .into_iter()
        .map(|(b, s)| (b, f32::from(s)))
        .collect();
    for path in &games {
        let file = read_game_file(path)?;
        for g in &file.games {
            let Some(t) = g.theoretical else { continue };
            let e = u32::from(t.empties);
            if let Some(pos) = g.position_to_solve_at(e) {
                if let Some(score) = g.theoretical_for(e, &pos) {
                    map.entry(pos.board).or_insert(score as f32);
                }
            }
        }
    }
    let mut best_move = std::collections::HashMap::new();
    // A position in several problem files (the same positions searched to
    // two depths) is scored by the mean.
    let mut scored: std::collections::HashMap<_, (f32, u32)> = std::collections::HashMap::new();
    for path in &problems {
        for p in read_problem_file(path)? {
            let p = p?;
            if let Some(&Some(sq)) = p.best_moves().first() {
                best_move.entry(p.position.board).or_insert(sq);
            }
            let score = p.best_score().ok_or_else(|| {
                anyhow::anyhow!("{}:{}: no score to compare with", path.display(), p.line)
            })?;
            let s = scored.entry(p.position.board).or_insert((0.0, 0));
            s.0 += score as f32;
            s.1 += 1;
        }
    }
    for (b, (sum, n)) in scored {
        map.entry(b).or_insert(sum / n as f32);
    }
    // Per number of empties: the count and, per depth, the summed absolute
    // error, the summed error and the summed squared error.
    type Sums = (usize, Vec<[f64; 3]>, f64);
    let mut by_empties: BTreeMap<u32, Sums> = BTreeMap::new();
    let mut sorted: Vec<_> = map.iter().collect();
    sorted.sort_unstable_by_key(|(b, _)| (b.player, b.opponent));
    for (b, &score) in sorted.into_iter().step_by(every) {
        let e = by_empties
            .entry(b.empties())
            .or_insert_with(|| (0, vec![[0.0; 3]; depths.len()], 0.0));
        e.0 += 1;
        if neighbours {
            let after = match best_move.get(b).and_then(|&sq| b.play(sq)) {
                Some(child) => -eval.evaluate(&child),
                None => {
                    let mut nodes = 0;
                    probe_value(&eval, b, 1, -257, 257, &mut nodes, u64::MAX) as f32 / 4.0
                }
            };
            e.2 += f64::from((eval.evaluate(b) - after).abs());
        }
        for (i, &d) in depths.iter().enumerate() {
            let v = if d == 0 {
                eval.evaluate(b)
            } else {
                let mut nodes = 0;
                probe_value(&eval, b, d, -257, 257, &mut nodes, u64::MAX) as f32 / 4.0
            };
            let err = f64::from(v - score);
            e.1[i][0] += err.abs();
            e.1[i][1] += err;
            e.1[i][2] += err * err;
        }
    }
    let head: Vec<String> = depths
        .iter()
        .map(|&d| match d {
            0 => "static".to_string(),
            d => format!("{d}-ply"),
        })
        .collect();
    let what = if stats {
        "MAE / mean error / sd vs the label"
    } else {
        "MAE vs the label"
    };
    let extra = if neighbours {
        " |static − after the best move| |"
    } else {
        ""
    };
    println!(
        "| empties | positions | {what}: {} |{extra}",
        head.join(" | ")
    );
    println!(
        "|---|---|{}{}",
        "---|".repeat(depths.len()),
        if neighbours { "---|" } else { "" }
    );
    for (e, (n, sums, agree)) in by_empties {
        let n = n as f64;
        let cols: Vec<String> = sums
            .iter()
            .map(|&[abs, sum, sq]| {
                let mean = sum / n;
                if stats {
                    let sd = (sq / n - mean * mean).max(0.0).sqrt();
                    format!("{:.2} / {mean:+.2} / {sd:.2}", abs / n)
                } else {
                    format!("{:.2}", abs / n)
                }
            })
            .collect();
        let agree = if neighbours {
            format!(" {:.2} |", agree / n)
        } else {
            String::new()
        };
        println!("| {e} | {n} | {} |{agree}", cols.join(" | "));
    }
    Ok(())
}
