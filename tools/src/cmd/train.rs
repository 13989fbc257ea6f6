//! `othello-tools train FILE… --out weights/eval.bin`: read game records,
//! fit, quantise, write the weights file and the report.

use crate::cg::CgOptions;
use crate::common::parse_years;
use crate::report::{self, RunFacts};
use crate::train::{self, load_games, Dataset, Target, TrainOptions};
use anyhow::{bail, Context, Result};
use othello_solver::eval::{PatternEvaluator, TrainingMeta, WeightsFile, FAMILIES};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `train`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Game-record files (WTHOR .wtb, logbook .gam/.gam.gz, transcripts, eOthello CSV).
    pub files: Vec<PathBuf>,
    /// Where to write the weights.
    #[arg(long)]
    pub out: PathBuf,
    /// Also write the report here (it is always written beside the weights,
    /// as the weights path with `.md`).
    #[arg(long)]
    pub report: Option<PathBuf>,
    /// WTHOR years held out (never trained on), `FIRST-LAST` or one year.
    #[arg(long, default_value = "2018-2022")]
    pub holdout_years: String,
    /// Rarity threshold (occurrences per stage); 0 turns rare handling off.
    #[arg(long, default_value_t = crate::rare::DEFAULT_THRESHOLD)]
    pub rare_threshold: u32,
    /// Do not smooth configurations across stages.
    #[arg(long)]
    pub no_smooth: bool,
    /// Also fit with rare handling switched the other way and report all
    /// four variants (doubles the fitting time).
    #[arg(long)]
    pub ablation: bool,
    /// Target of the fit.
    #[arg(long, value_enum, default_value_t = Target::Final)]
    pub target: Target,
    /// Ridge λ.
    #[arg(long, default_value_t = 1.0)]
    pub ridge: f64,
    /// CG iteration cap per stage.
    #[arg(long, default_value_t = 200)]
    pub max_iter: usize,
    /// CG stopping tolerance (relative residual of the normal equations).
    #[arg(long, default_value_t = 1e-4)]
    pub tol: f64,
    /// Add this many games of uniformly random play (smoke tests; every
    /// 10th held out).
    #[arg(long, default_value_t = 0)]
    pub random_games: usize,
    /// Fit stage s on the positions of stages s−W … s+W.
    #[arg(long, default_value_t = 0)]
    pub stage_window: usize,
    /// Fit only stages FIRST-LAST (a stage is discs − 4). The other stages
    /// stay 0 (quick experiments; such weights are not fit for use) or,
    /// with `--base`, keep that file's tables.
    #[arg(long)]
    pub stages: Option<String>,
    /// Fit each stage on its own positions, the opening's too (without it
    /// the stages up to 13 discs are fitted as one table): for refitting the
    /// first stages, a handful of distinct positions each, to deep values.
    #[arg(long)]
    pub each_stage: bool,
    /// With `--stages`: the weights whose tables the stages not fitted keep,
    /// to the bit (the file is written at the base's scale when the fitted
    /// tables fit it). Refits some stages of shipped weights.
    #[arg(long, requires = "stages")]
    pub base: Option<PathBuf>,
    /// Leave these families out of the fit (comma-separated names as in the
    /// weights layout, e.g. `mobility,frontier`; their weights stay 0). For
    /// measuring what a family adds.
    #[arg(long, value_delimiter = ',')]
    pub without: Vec<String>,
    /// Exact-score labels (written by `othello-tools label`): a position
    /// found there is fitted to its exact score instead of the target.
    /// Repeatable.
    #[arg(long)]
    pub labels: Vec<PathBuf>,
    /// Search labels (written by `othello-tools label --search-depth`): a
    /// game position found there is fitted to that value unless it has an
    /// exact score; a position of no game is added as a training sample.
    /// Repeatable; a position in several files keeps the first one's value.
    #[arg(long)]
    pub search_labels: Vec<PathBuf>,
    /// No progress bars.
    #[arg(long)]
    pub quiet: bool,
}

/// The bit mask of the families named in `names` (bit i for `FAMILIES[i]`).
fn family_mask(names: &[String]) -> Result<u32> {
    let mut mask = 0;
    for n in names {
        let i = FAMILIES
            .iter()
            .position(|f| f.name() == n.as_str())
            .with_context(|| {
                let all: Vec<&str> = FAMILIES.iter().map(|f| f.name()).collect();
                format!("--without: no family {n:?} (families: {})", all.join(", "))
            })?;
        mask |= 1 << i;
    }
    Ok(mask)
}

/// What a run produced.
#[derive(Debug)]
pub struct Outcome {
    /// The report text.
    pub report: String,
    /// The written file.
    pub file: WeightsFile,
}

/// Replaces the tables of the stages outside `fitted` (inclusive) with
/// `base`'s, in discs.
fn keep_base_stages(tables: &mut [f32], base: &WeightsFile, fitted: (usize, usize)) {
    use othello_solver::eval::STAGE_WEIGHTS;
    for (s, (t, b)) in tables
        .chunks_exact_mut(STAGE_WEIGHTS)
        .zip(base.weights.chunks_exact(STAGE_WEIGHTS))
        .enumerate()
    {
        if !(fitted.0..=fitted.1).contains(&s) {
            for (t, &b) in t.iter_mut().zip(b) {
                *t = f32::from(b) / base.scale;
            }
        }
    }
}

/// The paths, comma-separated, for the report.
fn joined(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Runs `train`.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let t0 = Instant::now();
    let holdout = parse_years(&args.holdout_years)?;
    if args.files.is_empty() && args.random_games == 0 {
        bail!("no game records given");
    }
    if args.base.is_some() && args.stages.is_none() {
        bail!("--base keeps the stages that --stages leaves out: give --stages");
    }
    // Read before the games, so that a bad file fails before any work.
    let base = match &args.base {
        Some(p) => {
            Some(WeightsFile::load(p).with_context(|| format!("--base weights {}", p.display()))?)
        }
        None => None,
    };
    let (mut games, mut data) = load_games(&args.files, holdout)?;
    if args.random_games > 0 {
        games.extend(train::random_games(args.random_games, 1, 10));
        data.push(format!(
            "{} games of uniformly random play (seed 1, every 10th held out)",
            args.random_games
        ));
    }
    let labels = crate::labels::read_map(&args.labels)?;
    let search = crate::labels::read_search_map(&args.search_labels)?;
    let ds = Dataset::build_with(&games, args.target, &labels, &search);
    drop(labels);
    drop(search);
    drop(games);
    let read_seconds = t0.elapsed().as_secs_f64();
    if ds.train_positions() == 0 {
        bail!("no training positions (every game held out or too short)");
    }
    let opts = TrainOptions {
        rare_threshold: args.rare_threshold,
        smooth: !args.no_smooth,
        cg: CgOptions {
            ridge: args.ridge,
            max_iter: args.max_iter,
            tol: args.tol,
        },
        target: args.target,
        ablation: args.ablation,
        progress: !args.quiet,
        stage_window: args.stage_window,
        stages: match &args.stages {
            Some(r) => {
                let (a, b) = parse_years(r).context("--stages")?;
                (a as usize, b as usize)
            }
            None => (0, othello_solver::eval::NUM_STAGES - 1),
        },
        without: family_mask(&args.without)?,
        each_stage: args.each_stage,
    };
    let mut result = train::train(&ds, &opts);
    let all_stages = (0, othello_solver::eval::NUM_STAGES - 1);
    let partial = match (&base, &args.base) {
        (Some(b), Some(path)) => {
            keep_base_stages(&mut result.tables, b, opts.stages);
            format!(
                " Stages {}–{} fitted, the others those of {} (fingerprint {:016x}).",
                opts.stages.0,
                opts.stages.1,
                path.display(),
                b.fingerprint()
            )
        }
        _ if opts.stages != all_stages => format!(
            " EXPERIMENT: only stages {}–{} fitted, the others are 0.",
            opts.stages.0, opts.stages.1
        ),
        _ => String::new(),
    } + if args.each_stage {
        " Each stage fitted on its own positions (--each-stage)."
    } else {
        ""
    };
    let notes = format!(
        "Held out: WTHOR games of {}–{}{}. Target: {:?}{}{}. Rare threshold {}, smoothing {}, ridge {}, stage window ±{}.",
        holdout.0,
        holdout.1,
        if args.random_games > 0 {
            " and every 10th random game"
        } else {
            ""
        },
        args.target,
        if args.labels.is_empty() {
            String::new()
        } else {
            format!(
                ", except {} positions fitted to their exact scores from {}",
                ds.labelled,
                joined(&args.labels)
            )
        },
        if args.search_labels.is_empty() {
            String::new()
        } else {
            format!(
                "; {} game positions fitted to search values and {} positions of no game added with theirs, from {}",
                ds.search_labelled,
                ds.extra,
                joined(&args.search_labels)
            )
        },
        opts.rare_threshold,
        if opts.smooth { "on" } else { "off" },
        opts.cg.ridge,
        opts.stage_window
    ) + &partial
        + &if args.without.is_empty() {
            String::new()
        } else {
            format!(" EXPERIMENT: left out {}.", args.without.join(", "))
        };
    let mut meta = TrainingMeta {
        data: data.clone(),
        date: report::utc_now(),
        train_games: ds.train_games as u64,
        heldout_games: ds.heldout_games as u64,
        train_positions: ds.train_positions() as u64,
        heldout_mae: f32::NAN,
        heldout_mae_24_theoretical: f32::NAN,
        notes,
    };
    // Quantise once to measure, then record the measured errors in the file.
    let file = match &base {
        Some(b) => {
            let f = WeightsFile::quantize_at_most(&result.tables, b.scale, meta.clone())?;
            if f.scale != b.scale {
                eprintln!(
                    "train: the fitted stages need scale {} (the base has {}): the base's other stages are rounded again, not kept to the bit",
                    f.scale, b.scale
                );
            }
            f
        }
        None => WeightsFile::quantize(&result.tables, meta.clone())?,
    };
    let evaluator = PatternEvaluator::from_file(&file);
    let quantized = train::evaluate(&ds, |b| evaluator.evaluate(b));
    meta.heldout_mae = quantized.heldout_all.mae as f32;
    meta.heldout_mae_24_theoretical = if quantized.heldout_theoretical.n > 0 {
        quantized.heldout_theoretical.mae as f32
    } else {
        f32::NAN
    };
    let file = WeightsFile {
        meta: meta.clone(),
        ..file
    };
    if let Some(dir) = args.out.parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
    }
    file.save(&args.out)?;
    let file_bytes = std::fs::metadata(&args.out)
        .map(|m| m.len() as usize)
        .unwrap_or(0);
    let facts = RunFacts {
        read_seconds,
        total_seconds: t0.elapsed().as_secs_f64(),
        peak_rss: report::peak_rss(),
        quantized,
        file_bytes,
        command: std::env::args().collect::<Vec<_>>().join(" "),
    };
    let text = report::render(&meta, &opts, &ds, &result, &facts);
    let beside = report_path(&args.out);
    std::fs::write(&beside, &text).with_context(|| format!("writing {}", beside.display()))?;
    if let Some(r) = &args.report {
        std::fs::write(r, &text).with_context(|| format!("writing {}", r.display()))?;
    }
    eprintln!(
        "wrote {} ({} bytes) and {}; {}",
        args.out.display(),
        file_bytes,
        beside.display(),
        heldout_text(
            ds.heldout_games,
            f64::from(meta.heldout_mae),
            f64::from(meta.heldout_mae_24_theoretical),
            facts.quantized.heldout_theoretical.n
        )
    );
    Ok(Outcome { report: text, file })
}

/// The held-out part of the closing line: the errors, or a plain statement
/// that no game was held out (rather than an error of NaN).
pub fn heldout_text(heldout_games: usize, mae: f64, mae_24: f64, n_24: usize) -> String {
    if heldout_games == 0 {
        return "no games are held out (none is of the --holdout-years), so there is no held-out error"
            .to_string();
    }
    let mae_24 = if n_24 == 0 {
        "no positions with a perfect-play score at 24 empties".to_string()
    } else {
        format!("{mae_24:.2} (24 empties vs perfect play, {n_24} positions)")
    };
    format!("held-out MAE {mae:.2} (all stages, {heldout_games} games), {mae_24}")
}

/// The report written beside a weights file: the same path with `.md`.
pub fn report_path(out: &Path) -> PathBuf {
    out.with_extension("md")
}

#[cfg(test)]
mod tests {
    use super::heldout_text;

    #[test]
    fn no_held_out_games_is_said_plainly() {
        let t = heldout_text(0, f64::NAN, f64::NAN, 0);
        assert!(t.contains("no games are held out"), "{t}");
        assert!(!t.contains("NaN"), "{t}");
        let t = heldout_text(12, 7.5, f64::NAN, 0);
        assert!(
            t.starts_with("held-out MAE 7.50 (all stages, 12 games)"),
            "{t}"
        );
        assert!(!t.contains("NaN"), "{t}");
        let t = heldout_text(12, 7.5, 6.25, 40);
        assert!(
            t.contains("6.25 (24 empties vs perfect play, 40 positions)"),
            "{t}"
        );
    }
}
