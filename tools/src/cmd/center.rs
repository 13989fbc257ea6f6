//! `othello-tools center GAMES… --weights IN --out OUT`: moves the mean of
//! every stage from `--from-empties` up onto the reference-free target of
//! [`crate::center`], measured along the training games, and prints the
//! mean per number of empties before and after (black's view) beside the
//! target. The training report beside the input weights (`.md`) is
//! copied beside the output with the table added.

use crate::center::{apply, measure};
use crate::common::{command_line, expand, parse_years};
use crate::train::load_games;
use anyhow::{bail, Context, Result};
use othello_solver::eval::{PatternEvaluator, WeightsFile};
use std::path::PathBuf;

/// Arguments of `center`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Game-record files with perfect-play scores at 24 empties (WTHOR).
    pub files: Vec<PathBuf>,
    /// The weights to centre.
    #[arg(long)]
    pub weights: PathBuf,
    /// Where to write the centred weights.
    #[arg(long)]
    pub out: PathBuf,
    /// Centre the stages with this many empties and more (the ones fitted
    /// to bootstrapped search labels).
    #[arg(long, default_value_t = 27)]
    pub from_empties: u32,
    /// The loss per move (discs) by which the side to move sits above the
    /// target's line (default: measured on the stages of 17-24 empties).
    #[arg(long)]
    pub loss: Option<f64>,
    /// WTHOR years left out of the measurement, `FIRST-LAST` or one year.
    #[arg(long, default_value = "2018-2022")]
    pub holdout_years: String,
}

/// Runs `center`.
pub fn run(args: &Args) -> Result<()> {
    if !(25..=60).contains(&args.from_empties) {
        bail!("--from-empties {}: expected 25 to 60", args.from_empties);
    }
    let mut file = WeightsFile::load(&args.weights)
        .with_context(|| format!("weights {}", args.weights.display()))?;
    let files = expand(&args.files)?;
    if files.is_empty() {
        bail!("no game records given");
    }
    let (games, _) = load_games(&files, parse_years(&args.holdout_years)?)?;
    let c = measure(
        &PatternEvaluator::from_file(&file),
        &games,
        args.from_empties,
        args.loss,
    )?;
    apply(&mut file, &c)?;
    let after = measure(
        &PatternEvaluator::from_file(&file),
        &games,
        args.from_empties,
        Some(c.loss),
    )?;
    let mut table = format!(
        "anchor (mean perfect-play score at 24 empties, black's view) {:+.2}; loss per move {:.2}\n\n\
         | empties | positions | mean before | mean after | target |\n|---|---|---|---|---|\n",
        c.anchor, c.loss
    );
    for e in (1..=60u32).rev() {
        let (n, before) = c.before[e as usize];
        if n > 0 {
            let target = if e >= args.from_empties {
                format!("{:+.2}", c.target(e))
            } else {
                "(not centred)".to_string()
            };
            table.push_str(&format!(
                "| {e} | {n} | {before:+.2} | {:+.2} | {target} |\n",
                after.before[e as usize].1,
            ));
        }
    }
    print!("{table}");
    file.meta.notes.push_str(&format!(
        "; centred from {} empties on the games' mean (anchor {:+.2} at 24, loss {:.2} per move): {}",
        args.from_empties,
        c.anchor,
        c.loss,
        command_line()
    ));
    file.save(&args.out)
        .with_context(|| format!("writing {}", args.out.display()))?;
    eprintln!("wrote {}", args.out.display());
    // The training report beside the weights, if any, goes with them, with
    // this step added.
    let (report_in, report_out) = (
        args.weights.with_extension("md"),
        args.out.with_extension("md"),
    );
    if report_in.exists() && report_in != report_out {
        let old = std::fs::read_to_string(&report_in)
            .with_context(|| format!("reading {}", report_in.display()))?;
        let text = format!(
            "{old}\n## Centred\n\n`{}`\n\nThe mean evaluation per number of empties along the training games, black's view, before and after; the stages from {} empties up were moved onto the target (othello-tools `center`, docs/training.md).\n\n{table}",
            command_line(),
            args.from_empties
        );
        std::fs::write(&report_out, text)
            .with_context(|| format!("writing {}", report_out.display()))?;
        eprintln!("wrote {}", report_out.display());
    }
    Ok(())
}
