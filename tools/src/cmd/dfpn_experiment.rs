//! `othello-tools dfpn-experiment`: the df-pn⁺ paper's experiment (Nagai &
//! Imai, section 5). Problems are drawn from game records (by default the
//! WTHOR years 2018–2022, which neither the evaluation nor fit-h uses); each
//! is asked "does the side to move win?" (score ≥ +1) by pure df-pn and by
//! df-pn⁺ (no leaf hand-over) under every h variant given with cost_φ ∈
//! {0, −1}, and with h off and cost_φ = −1 ("only cost"), each with every
//! ε of `--epsilon` (the 1+ε trick, beyond the paper; plain df-pn always
//! runs with ε = 0). Every run starts
//! from an empty table. Per size the tables give, as the paper does, the
//! mean over problems of the ratio df-pn⁺ / df-pn of nodes, the geometric
//! mean and the ratio of the totals, and the same for the table entries in
//! use at the end. `--deep E,D` adds deep df-pn rows (the same problems,
//! the same question, no hand-over).
//! Every run must agree with df-pn's answer; a disagreement is an error.

use crate::common::{command_line, parse_stages, progress, read_games};
use crate::hfit::{cost_only, par_solve, sample_problems, table_mb, with_cost, BoundRun, Problem};
use crate::oracle::parse_sigma;
use anyhow::{bail, Context};
use othello_solver::eval::PatternEvaluator;
use othello_solver::sample::{parse_year_list, YearFilter};
use othello_solver::search::dfpn::deep::DeepParams;
use othello_solver::search::dfpn::heuristic::Heuristic;
use othello_solver::search::dfpn::params::HParams;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `dfpn-experiment`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Game-record files to draw problems from (not needed with --from-log).
    pub files: Vec<PathBuf>,
    /// Problem sizes in empties.
    #[arg(long, default_value = "12,14,16,18,20")]
    pub empties: String,
    /// Problems per size.
    #[arg(long, default_value_t = 100)]
    pub count: usize,
    /// Seed of the draw (size e uses seed + e).
    #[arg(long, default_value_t = 7)]
    pub seed: u64,
    /// Keep only games of these years.
    #[arg(long, default_value = "2018-2022")]
    pub include_years: String,
    /// An h variant to test, `NAME=FILE` (an h-params file); repeatable.
    /// Each runs with cost_φ = 0 and cost_φ = −1.
    #[arg(long = "h", value_name = "NAME=FILE")]
    pub h: Vec<String>,
    /// A deep df-pn setting to test, `E,D` (docs/dfpn.md, "Deep df-pn");
    /// repeatable. Each runs as a row "deep E=… D=…" with ε = 0.
    #[arg(long = "deep", value_name = "E,D", value_parser = parse_deep)]
    pub deep: Vec<DeepParams>,
    /// The 1+ε trick for df-pn⁺'s child thresholds (docs/dfpn.md), a
    /// comma-separated list: every h variant runs at each ε (a row "NAME
    /// c=C ε=E" for E > 0). Plain df-pn, the denominator, always runs with
    /// ε = 0, as in the paper; 0 alone is the paper's df-pn⁺.
    #[arg(long, value_name = "E,…", default_value = "0", value_parser = parse_epsilons)]
    pub epsilon: Epsilons,
    /// Largest proof-number table per thread, MiB: a problem with e empties
    /// gets 2^(e − 10) MiB (at least 4), at most this; cleared for every run.
    #[arg(long, default_value_t = 512)]
    pub hash_mb: usize,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
    /// Pattern weights for the evaluation (default: the embedded ones).
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// DIAGNOSTIC: take Eval(n) of the h variants from the exact score plus
    /// deterministic Gaussian noise of this standard deviation (discs; 0 =
    /// a perfect evaluation) instead of the pattern evaluation, to measure
    /// what a better evaluation could give. Every new node is solved
    /// exactly (not counted in the nodes); slow. Fit the h files with
    /// `fit-h --oracle-sigma` at the same value.
    #[arg(long, value_name = "S", value_parser = parse_sigma)]
    pub oracle_sigma: Option<f64>,
    /// Write every problem's runs here (JSON lines).
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// Print the tables of an earlier run's log instead of solving.
    #[arg(long)]
    pub from_log: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// The ε values of `--epsilon`, each in 0 ..= 4, in the order given.
#[derive(Clone, Debug, PartialEq)]
pub struct Epsilons(pub Vec<f64>);

fn parse_epsilons(s: &str) -> Result<Epsilons, String> {
    let mut v = Vec::new();
    for part in s.split(',') {
        let e: f64 = part
            .trim()
            .parse()
            .map_err(|_| format!("{part:?}: expected a number such as 0.125"))?;
        if !(0.0..=4.0).contains(&e) {
            return Err(format!("{e}: ε must lie in 0 ..= 4"));
        }
        if !v.contains(&e) {
            v.push(e);
        }
    }
    Ok(Epsilons(v))
}

/// The configuration's label with its ε (none for ε = 0).
fn parse_deep(s: &str) -> Result<DeepParams, String> {
    let (e, d) = s
        .split_once(',')
        .ok_or_else(|| format!("{s:?}: expected E,D (two whole numbers)"))?;
    let num = |x: &str| {
        x.trim()
            .parse::<u32>()
            .map_err(|_| format!("{s:?}: expected E,D (two whole numbers)"))
    };
    DeepParams::new(num(e)?, num(d)?).map_err(|e| e.to_string())
}

/// The row label of a deep df-pn setting.
fn deep_label(p: &DeepParams) -> String {
    format!("deep E={} D={}", p.e(), p.d())
}

fn with_epsilon(label: &str, epsilon: f64) -> String {
    if epsilon > 0.0 {
        format!("{label} ε={epsilon}")
    } else {
        label.to_string()
    }
}

/// One run of one problem.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Run {
    /// The configuration (`dfpn`, `naive c=-1`, …).
    pub config: String,
    /// df-pn nodes.
    pub nodes: u64,
    /// Table entries in use at the end.
    pub entries: u64,
    /// Garbage collections during the run.
    pub collections: u64,
}

/// One problem's runs (the first is plain df-pn).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ProblemLog {
    /// Empty squares.
    pub empties: u32,
    /// The source game.
    pub source: String,
    /// Side to move's discs (hex).
    pub player: String,
    /// The other side's discs (hex).
    pub opponent: String,
    /// Whether the side to move wins.
    pub wins: bool,
    /// The runs, plain df-pn first.
    pub runs: Vec<Run>,
}

/// Runs the command: prints the tables to stdout.
pub fn run(args: &Args) -> anyhow::Result<Vec<ProblemLog>> {
    let start = Instant::now();
    let logs = match &args.from_log {
        Some(path) => read_log(path)?,
        None => solve_all(args)?,
    };
    let mut out = std::io::stdout().lock();
    write!(out, "{}", tables(&logs))?;
    writeln!(
        out,
        "\n{} problems, {:.1} s",
        logs.len(),
        start.elapsed().as_secs_f64()
    )?;
    Ok(logs)
}

fn read_log(path: &PathBuf) -> anyhow::Result<Vec<ProblemLog>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("{}: cannot read", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l)
                .with_context(|| format!("{}:{}: not a problem log line", path.display(), i + 1))
        })
        .collect()
}

fn solve_all(args: &Args) -> anyhow::Result<Vec<ProblemLog>> {
    if args.files.is_empty() {
        bail!("give game files to draw problems from, or --from-log");
    }
    let eval = PatternEvaluator::from_option(args.weights.as_deref())
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    // Each h file read once: its two costs, and "only cost".
    let mut variants: Vec<(String, HParams)> = Vec::new();
    for spec in &args.h {
        let (name, file) = spec
            .split_once('=')
            .with_context(|| format!("--h {spec:?}: expected NAME=FILE"))?;
        let p = HParams::load(std::path::Path::new(file)).map_err(|e| anyhow::anyhow!("{e}"))?;
        for cost in [0.0, -1.0] {
            let label = format!("{name} c={cost}");
            let params = with_cost(&p, cost, &label).map_err(|e| anyhow::anyhow!("{e}"))?;
            variants.push((label, params));
        }
    }
    variants.push(("only cost c=-1".to_string(), cost_only(-1.0)));
    // Every variant at every ε, in the order given.
    let configs: Vec<(String, &HParams, f64)> = args
        .epsilon
        .0
        .iter()
        .flat_map(|&epsilon| {
            variants
                .iter()
                .map(move |(label, params)| (with_epsilon(label, epsilon), params, epsilon))
        })
        .collect();

    let stages = parse_stages(&args.empties)?;
    let years = YearFilter {
        include: Some(
            parse_year_list(&args.include_years)
                .map_err(|e| anyhow::anyhow!("--include-years: {e}"))?,
        ),
        exclude: Vec::new(),
    };
    let (_, games) = read_games(&args.files)?;
    let sampled = sample_problems(&games, &stages, args.count, args.seed, &years);
    let problems: Vec<(u32, Problem)> = sampled
        .iter()
        .flat_map(|(e, ps)| ps.iter().map(move |p| (*e, p.clone())))
        .collect();
    let pb = progress(problems.len() as u64, args.quiet);
    pb.set_message(format!("{} configurations", configs.len() + 1));
    // Each problem's line is appended to the log as soon as it is done, so
    // that a run stopped early still leaves its finished problems.
    let log_file = match &args.log {
        Some(path) => Some(std::sync::Mutex::new(
            std::fs::File::create(path)
                .with_context(|| format!("{}: cannot create", path.display()))?,
        )),
        None => None,
    };
    let oracle = args
        .oracle_sigma
        .map(crate::oracle::NoisyOracle::new)
        .transpose()
        .context("decoding the built-in pattern weights")?;
    let eval: &(dyn othello_solver::eval::Evaluator + Sync) = match &oracle {
        Some(o) => o,
        None => &eval,
    };
    let results = par_solve(&problems, args.jobs, 4, 1, &pb, |(e, p), solver| {
        solver.resize(table_mb(*e, args.hash_mb));
        let mut one = |h: Heuristic<'_>, epsilon: f64| -> BoundRun {
            solver.run_bound(&p.board, 1, h, 0, epsilon, None, false).0
        };
        let base = one(Heuristic::Uniform, 0.0);
        let mut runs = vec![("dfpn".to_string(), base)];
        for params in &args.deep {
            let h = Heuristic::Deep {
                params: *params,
                root_empties: p.board.empties(),
            };
            runs.push((deep_label(params), one(h, 0.0)));
        }
        for (name, params, epsilon) in &configs {
            let r = one(
                Heuristic::Sigmoid {
                    eval,
                    params,
                    depth: None,
                },
                *epsilon,
            );
            runs.push((name.clone(), r));
        }
        let log = problem_log(*e, p, runs)?;
        if let Some(f) = &log_file {
            let line = serde_json::to_string(&log)?;
            let mut f = f
                .lock()
                .map_err(|_| anyhow::anyhow!("log file lock poisoned"))?;
            writeln!(f, "{line}")?;
            f.flush()?;
        }
        Ok(log)
    })?;
    pb.finish_and_clear();
    eprintln!("command: {}", command_line());
    results.into_iter().collect()
}

/// One problem's log; an error if a run disagrees with plain df-pn.
fn problem_log(e: u32, p: &Problem, runs: Vec<(String, BoundRun)>) -> anyhow::Result<ProblemLog> {
    let wins = runs[0].1.proven.unwrap_or(false);
    for (name, r) in &runs {
        if r.proven != Some(wins) {
            bail!(
                "{} ({e} empties): {name} answered {:?}, plain df-pn {wins}",
                p.source,
                r.proven
            );
        }
    }
    Ok(ProblemLog {
        empties: e,
        source: p.source.clone(),
        player: format!("{:016x}", p.board.player),
        opponent: format!("{:016x}", p.board.opponent),
        wins,
        runs: runs
            .into_iter()
            .map(|(config, r)| Run {
                config,
                nodes: r.nodes,
                entries: r.entries,
                collections: r.collections,
            })
            .collect(),
    })
}

/// How a table sums up the per-problem ratios.
#[derive(Clone, Copy)]
enum Summary {
    /// The mean of the ratios (the paper's figure).
    Mean,
    /// Their geometric mean.
    Geometric,
    /// The ratio of the totals over all problems of the size.
    Total,
}

impl Summary {
    fn title(self) -> &'static str {
        match self {
            Summary::Mean => "mean of",
            Summary::Geometric => "geometric mean of",
            Summary::Total => "total of all problems,",
        }
    }
}

/// Mean and geometric mean of `v` (NaN when empty).
fn means(v: &[f64]) -> (f64, f64) {
    if v.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let geo = (v.iter().map(|x| x.max(1e-300).ln()).sum::<f64>() / n).exp();
    (mean, geo)
}

/// The Markdown tables of a set of problem logs: per size and
/// configuration, mean and geometric mean of the ratios df-pn⁺ / df-pn of
/// nodes and of table entries; then df-pn's own means.
pub fn tables(logs: &[ProblemLog]) -> String {
    let mut sizes: Vec<u32> = logs.iter().map(|l| l.empties).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let configs: Vec<String> = logs
        .first()
        .map(|l| l.runs.iter().skip(1).map(|r| r.config.clone()).collect())
        .unwrap_or_default();
    let mut s = String::new();
    for (title, pick) in [
        ("nodes", (|r: &Run| r.nodes as f64) as fn(&Run) -> f64),
        ("table entries in use", |r: &Run| r.entries as f64),
    ] {
        for kind in [Summary::Mean, Summary::Geometric, Summary::Total] {
            let _ = writeln!(
                s,
                "\n### {title}: {} configuration / plain df-pn\n",
                kind.title()
            );
            let _ = writeln!(s, "| empties | n | {} |", configs.join(" | "));
            let _ = writeln!(s, "|---|---|{}", "---|".repeat(configs.len()));
            for &e in &sizes {
                let here: Vec<&ProblemLog> = logs.iter().filter(|l| l.empties == e).collect();
                let cells: Vec<String> = configs
                    .iter()
                    .map(|c| {
                        // (df-pn⁺, df-pn) of each problem that ran c.
                        let pairs: Vec<(f64, f64)> = here
                            .iter()
                            .filter_map(|l| {
                                let base = pick(&l.runs[0]).max(1.0);
                                l.runs
                                    .iter()
                                    .find(|r| &r.config == c)
                                    .map(|r| (pick(r), base))
                            })
                            .collect();
                        let ratios: Vec<f64> = pairs.iter().map(|(x, b)| x / b).collect();
                        let (m, g) = means(&ratios);
                        let total = pairs.iter().map(|p| p.0).sum::<f64>()
                            / pairs.iter().map(|p| p.1).sum::<f64>();
                        let v = match kind {
                            Summary::Mean => m,
                            Summary::Geometric => g,
                            Summary::Total => total,
                        };
                        format!("{v:.3}")
                    })
                    .collect();
                let _ = writeln!(s, "| {e} | {} | {} |", here.len(), cells.join(" | "));
            }
        }
    }
    let _ = writeln!(s, "\n### plain df-pn (the denominators)\n");
    let _ = writeln!(
        s,
        "| empties | n | wins | mean nodes | geometric mean nodes | mean entries | runs with a table collection (any config) |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|---|");
    for &e in &sizes {
        let here: Vec<&ProblemLog> = logs.iter().filter(|l| l.empties == e).collect();
        let nodes: Vec<f64> = here.iter().map(|l| l.runs[0].nodes as f64).collect();
        let entries: Vec<f64> = here.iter().map(|l| l.runs[0].entries as f64).collect();
        let (mn, gn) = means(&nodes);
        let (me, _) = means(&entries);
        let collected = here
            .iter()
            .flat_map(|l| l.runs.iter())
            .filter(|r| r.collections > 0)
            .count();
        let _ = writeln!(
            s,
            "| {e} | {} | {} | {mn:.0} | {gn:.0} | {me:.0} | {collected} |",
            here.len(),
            here.iter().filter(|l| l.wins).count()
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epsilons_parse_in_order_without_repeats() {
        assert_eq!(parse_epsilons("0"), Ok(Epsilons(vec![0.0])));
        assert_eq!(parse_epsilons("0, 0.125,0"), Ok(Epsilons(vec![0.0, 0.125])));
        assert!(parse_epsilons("x").is_err());
        assert!(parse_epsilons("-0.5").is_err());
        assert!(parse_epsilons("5").is_err());
        assert_eq!(with_epsilon("both c=-1", 0.0), "both c=-1");
        assert_eq!(with_epsilon("both c=-1", 0.125), "both c=-1 ε=0.125");
    }

    #[test]
    fn ratio_tables_average_per_problem() {
        let run = |config: &str, nodes: u64, entries: u64| Run {
            config: config.into(),
            nodes,
            entries,
            collections: 0,
        };
        let log = |base: u64, plus: u64| ProblemLog {
            empties: 16,
            source: "g".into(),
            player: "0".into(),
            opponent: "0".into(),
            wins: true,
            runs: vec![run("dfpn", base, base), run("x c=-1", plus, plus)],
        };
        // Ratios 1/4 and 1: mean 0.625, geometric mean 0.5; totals 110 / 410.
        let t = tables(&[log(400, 100), log(10, 10)]);
        assert!(t.contains("| 16 | 2 | 0.625 |"), "{t}");
        assert!(t.contains("| 16 | 2 | 0.500 |"), "{t}");
        assert!(t.contains("| 16 | 2 | 0.268 |"), "{t}");
        assert!(
            t.contains("### nodes: total of all problems, configuration / plain df-pn"),
            "{t}"
        );
    }
}
