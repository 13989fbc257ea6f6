//! `othello-tools fit-h`: sample problems from game records, solve them with
//! plain df-pn (recording the root evaluation margin and the tips of the
//! solution tree, see [`crate::hfit`]), and fit df-pn⁺'s h per stage in the
//! paper's four variants. Solved data can be saved (`--data-out`) and fitted
//! again later without solving (`--data`), e.g. after the evaluation changed.
//!
//! Data solved with different hand-overs (`leaf_empties`) is fitted
//! separately, then merged stage by stage: a stage with e empties takes the
//! fit of the data with the largest hand-over L < e (where df-pn nodes with e
//! empties exist in that configuration), or of the smallest L if none is
//! below e. So pure data (L = 0) serves stages ≤ 14 and L = 14 data the
//! stages above, for the default configuration.

use crate::common::{command_line, parse_stages, progress, read_games};
use crate::hfit::{self, par_solve, sample_problems, table_mb, Problem, Record, StageFit, Variant};
use crate::report::utc_now;
use anyhow::{bail, Context};
use othello_solver::eval::PatternEvaluator;
use othello_solver::sample::{parse_year_list, YearFilter};
use othello_solver::search::dfpn::params::{HParams, StageParams, STAGES};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `fit-h`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Game-record files to sample problems from (a directory stands for the
    /// game files under it). May be empty with `--data`.
    pub files: Vec<PathBuf>,
    /// Stages to sample, as numbers of empties: e.g. `2-17` or `15,16,18-20`.
    #[arg(long, default_value = "2-17")]
    pub empties: String,
    /// Problems per stage.
    #[arg(long, default_value_t = 1000)]
    pub count: usize,
    /// Seed of the draw (stage e uses seed + e).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Leave out games of these years (the evaluation's held-out years and
    /// those reserved for the experiment), e.g. `2018-2022`.
    #[arg(long, default_value = "2018-2022")]
    pub exclude_years: String,
    /// The target: "score ≥ K" for the side to move.
    #[arg(long, default_value_t = 1, allow_hyphen_values = true)]
    pub target: i32,
    /// Hand nodes with at most this many empties to alpha-beta (0 = pure df-pn).
    #[arg(long, default_value_t = 0)]
    pub leaf_empties: u32,
    /// Largest proof-number table per thread, MiB: a problem with e empties
    /// gets 2^(e − 10) MiB (at least 4), at most this; cleared for every problem.
    #[arg(long, default_value_t = 512)]
    pub hash_mb: usize,
    /// The alpha-beta leaf solver's table per thread, MiB (with a hand-over).
    #[arg(long, default_value_t = 64)]
    pub leaf_mb: usize,
    /// Give up on a problem after this many nodes (df-pn + leaf); given-up
    /// problems are counted and left out of the fit.
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
    /// Also fit these data files (written by `--data-out`), without solving.
    #[arg(long)]
    pub data: Vec<PathBuf>,
    /// Write the solved problems here (one line each).
    #[arg(long)]
    pub data_out: Option<PathBuf>,
    /// Write the four parameter files `PREFIX-naive.txt`, `-doubling`,
    /// `-smoothing`, `-both` (nothing written without it).
    #[arg(long)]
    pub out_prefix: Option<PathBuf>,
    /// cost_φ written to the files (the paper's A).
    #[arg(long, default_value_t = -1.0, allow_hyphen_values = true)]
    pub cost_phi: f64,
    /// What the fits minimise: `squares` (the paper) or `log` (squared
    /// residuals of logarithms, an extension for the heavy-tailed tips).
    #[arg(long, value_enum, default_value_t = hfit::Loss::Squares)]
    pub loss: hfit::Loss,
    /// Take x at stages with at least N empties from df-pn⁺'s shallow
    /// search instead of the static evaluation, as `solve --h-search-from N`
    /// computes h there (0 = static everywhere, the paper).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub h_search_from: u32,
    /// Pattern weights for the evaluation (default: the embedded ones).
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// DIAGNOSTIC: take x from the exact score plus deterministic Gaussian
    /// noise of this standard deviation (discs; 0 = a perfect evaluation)
    /// instead of the evaluation; see `dfpn-experiment --oracle-sigma`.
    #[arg(long, value_name = "S", value_parser = crate::oracle::parse_sigma)]
    pub oracle_sigma: Option<f64>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// What a run produced.
#[derive(Debug)]
pub struct FitOutcome {
    /// Records fitted (solved now and read).
    pub records: Vec<Record>,
    /// Problems given up (node limit).
    pub given_up: usize,
    /// The merged parameter sets, one per variant.
    pub params: Vec<(Variant, HParams)>,
    /// The per-stage fits per hand-over.
    pub fits: Vec<(u32, Vec<StageFit>)>,
}

/// Runs the command: prints the per-stage fits to stdout.
pub fn run(args: &Args) -> anyhow::Result<FitOutcome> {
    let start = Instant::now();
    let eval = PatternEvaluator::from_option(args.weights.as_deref())
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let eval_name = args
        .weights
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "embedded weights/eval.bin".to_string());
    let mut records = Vec::new();
    let mut provenance = vec![
        format!("command: {}", command_line()),
        format!("date: {}", utc_now()),
        match args.oracle_sigma {
            Some(sigma) => format!(
                "evaluation: DIAGNOSTIC oracle, the exact score plus Gaussian noise of sd {sigma} discs (fit-h --oracle-sigma)"
            ),
            None => format!(
                "evaluation: {eval_name} (trained {}, {} games)",
                eval.meta().date,
                eval.meta().train_games
            ),
        },
    ];
    for path in &args.data {
        let r = hfit::read_data(path)?;
        provenance.push(format!("data: {} ({} problems)", path.display(), r.len()));
        records.extend(r);
    }
    let mut given_up = 0;
    if !args.files.is_empty() {
        let stages = parse_stages(&args.empties)?;
        let years = YearFilter {
            include: None,
            exclude: parse_year_list(&args.exclude_years)
                .map_err(|e| anyhow::anyhow!("--exclude-years: {e}"))?,
        };
        let (files, games) = read_games(&args.files)?;
        let sampled = sample_problems(&games, &stages, args.count, args.seed, &years);
        let jobs: Vec<(u32, Problem)> = sampled
            .iter()
            .flat_map(|(e, ps)| ps.iter().map(move |p| (*e, p.clone())))
            .collect();
        let counts: Vec<String> = sampled
            .iter()
            .map(|(e, p)| format!("{e}:{}", p.len()))
            .collect();
        provenance.push(format!(
            "problems: {} games from {} files, years {} left out; drawn per stage (empties:count) {}; seed {} (+empties); target score >= {}; plain df-pn, leaf hand-over {}",
            games.len(),
            files.len(),
            args.exclude_years,
            counts.join(" "),
            args.seed,
            args.target,
            args.leaf_empties
        ));
        let pb = progress(jobs.len() as u64, args.quiet);
        pb.set_message(format!("solving, L = {}", args.leaf_empties));
        let leaf_mb = if args.leaf_empties > 0 {
            args.leaf_mb
        } else {
            1
        };
        let solved = par_solve(&jobs, args.jobs, 4, leaf_mb, &pb, |(e, p), solver| {
            solver.resize(table_mb(*e, args.hash_mb));
            solver.solve_for_fit(
                &p.board,
                args.target,
                args.leaf_empties,
                args.node_limit,
                &p.source,
            )
        })?;
        pb.finish_and_clear();
        let mut fresh = Vec::new();
        for r in solved {
            match r {
                Some(r) => fresh.push(r),
                None => given_up += 1,
            }
        }
        if given_up > 0 {
            provenance.push(format!(
                "given up (node limit {}): {given_up} problems, left out",
                args.node_limit.unwrap_or(0)
            ));
        }
        if let Some(path) = &args.data_out {
            write_data(path, &provenance, &fresh)?;
        }
        records.extend(fresh);
    }
    if records.is_empty() {
        bail!("nothing to fit: give game files to solve, or --data files");
    }

    // Fit each hand-over's data on its own.
    let mut by_leaf: BTreeMap<u32, Vec<Record>> = BTreeMap::new();
    for r in &records {
        by_leaf.entry(r.leaf_empties).or_default().push(r.clone());
    }
    let mut fits = Vec::new();
    let mut out = std::io::stdout().lock();
    for (l, rs) in &by_leaf {
        let data = match args.oracle_sigma {
            Some(sigma) => hfit::stage_data(
                rs,
                &crate::oracle::NoisyOracle::new(sigma)
                    .context("decoding the built-in pattern weights")?,
                args.h_search_from,
            ),
            None => hfit::stage_data(rs, &eval, args.h_search_from),
        };
        let f = hfit::fit_stages(&data, args.loss);
        writeln!(
            out,
            "\nleaf hand-over L = {l}: {} problems, x = Eval - k, y = tips of the solution tree\n",
            rs.len()
        )?;
        write!(out, "{}", hfit::fits_table(&f))?;
        fits.push((*l, f));
    }
    let mut params = Vec::new();
    for v in Variant::ALL {
        let mut per_leaf = Vec::new();
        let mut notes = Vec::new();
        for (l, f) in &fits {
            let (p, curves) = hfit::variant_params(f, v, args.cost_phi, v.name(), args.loss)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let stages: Vec<u32> = f.iter().map(|s| s.empties).collect();
            notes.push(format!(
                "L = {l}: fitted stages {:?}{}",
                stages,
                curves
                    .map(|c| format!(
                        "; smoothing F*exp(-D*discs): B_phi F={:.4e} D={:.5}, |C_phi| F={:.4e} D={:.5}, B_delta F={:.4e} D={:.5}, C_delta F={:.4e} D={:.5}",
                        c[0].f, c[0].d, c[1].f, c[1].d, c[2].f, c[2].d, c[3].f, c[3].d
                    ))
                    .unwrap_or_default()
            ));
            per_leaf.push((*l, p));
        }
        let mut merged = merge(&per_leaf, v.name()).map_err(|e| anyhow::anyhow!("{e}"))?;
        // h belongs to the evaluation it was fitted with (an oracle's x is
        // no evaluation's).
        merged.weights_fingerprint = args.oracle_sigma.is_none().then(|| eval.fingerprint());
        if let Some(prefix) = &args.out_prefix {
            let path = PathBuf::from(format!("{}-{}.txt", prefix.display(), v.name()));
            let mut header = vec![
                format!(
                    "df-pn+ h and cost parameters fitted by othello-tools fit-h, variant {:?} ({})",
                    v.name(),
                    match v {
                        Variant::Naive => "per stage, h_phi from proved, h_delta from disproved problems",
                        Variant::Doubling => "per stage, B_phi = B_delta, C_phi = -C_delta from pooled data",
                        Variant::Smoothing => "naive per stage, then B and C across stages by F*exp(-D*discs)",
                        Variant::Both => "doubling per stage, then smoothing across stages",
                    }
                ),
                format!("fit: least squares of {}", match args.loss {
                    hfit::Loss::Squares => "the values (the paper)",
                    hfit::Loss::Log => "the logarithms (extension beyond the paper)",
                }),
                "y = tips of the smallest proof (disproof) tree read off the table after a plain df-pn solve (the root threshold that sufficed); x = Eval - k".to_string(),
                format!("cost_phi = {}, cost_delta = 0; stage = empties of the node (h) or parent (cost)", args.cost_phi),
                "stages with several hand-overs' data: the largest L below the stage, else the smallest L".to_string(),
            ];
            header.extend(provenance.iter().cloned());
            header.extend(notes);
            for (l, f) in &fits {
                let counts: Vec<String> = f
                    .iter()
                    .map(|s| format!("{}:{}+{}", s.empties, s.proved, s.disproved))
                    .collect();
                header.push(format!(
                    "L = {l} counts (empties:proved+disproved): {}",
                    counts.join(" ")
                ));
            }
            std::fs::write(&path, merged.to_text_with_header(&header))
                .with_context(|| format!("{}: cannot write", path.display()))?;
            writeln!(out, "wrote {}", path.display())?;
        }
        params.push((v, merged));
    }
    writeln!(
        out,
        "fit-h: {} problems fitted, {given_up} given up, {:.1} s",
        records.len(),
        start.elapsed().as_secs_f64()
    )?;
    Ok(FitOutcome {
        records,
        given_up,
        params,
        fits,
    })
}

/// Merges full parameter sets fitted per hand-over (see the module docs).
pub fn merge(
    per_leaf: &[(u32, HParams)],
    source: &str,
) -> Result<HParams, othello_solver::search::dfpn::params::HParamsError> {
    let stages: Vec<(u32, StageParams)> = (0..STAGES as u32)
        .filter_map(|e| {
            let below = per_leaf
                .iter()
                .filter(|(l, _)| *l < e)
                .max_by_key(|(l, _)| *l);
            let chosen = below.or_else(|| per_leaf.iter().min_by_key(|(l, _)| *l))?;
            Some((e, *chosen.1.stage(e)))
        })
        .collect();
    HParams::from_stages(&stages, source)
}

fn write_data(path: &Path, provenance: &[String], records: &[Record]) -> anyhow::Result<()> {
    let mut text = String::new();
    text.push_str("# othello-tools fit-h data: one solved problem a line\n");
    for p in provenance {
        text.push_str(&format!("# {p}\n"));
    }
    text.push_str(&format!("# {}\n", hfit::DATA_COLUMNS));
    for r in records {
        text.push_str(&r.to_line());
        text.push('\n');
    }
    std::fs::write(path, text).with_context(|| format!("{}: cannot write", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_lists() {
        assert_eq!(parse_stages("2-4,7").unwrap(), vec![2, 3, 4, 7]);
        assert_eq!(parse_stages("16").unwrap(), vec![16]);
        assert!(parse_stages("5-3").is_err());
        assert!(parse_stages("61").is_err());
        assert!(parse_stages("x").is_err());
    }
}
