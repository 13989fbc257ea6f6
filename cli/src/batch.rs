//! `othello-solver batch FILE…`: solve every position of problem files in
//! parallel, streaming one row per position as soon as it is known.

use super::options::SearchArgs;
use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use othello_solver::batch::{
    check_output_not_input, prepare_resume, read_game_items, read_problem_items, run_batch,
    BatchItem, BatchSummary, Format, Shard,
};
use othello_solver::search::Engine;
use std::collections::{BTreeMap, HashMap};
use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

/// Table size per job when `--hash-mb` is not given.
pub const DEFAULT_HASH_MB_PER_JOB: usize = 64;

/// Output formats (command-line names).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatArg {
    /// Aligned columns for people, with a summary at the end.
    Table,
    /// One JSON object a line (the schema of `solve --json`, plus `id`).
    Jsonl,
    /// Comma-separated values with a header line.
    Csv,
    /// A problem file: every best move with the exact score (`--exact` only;
    /// implies `--all-best`).
    Obf,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Table => Format::Table,
            FormatArg::Jsonl => Format::Jsonl,
            FormatArg::Csv => Format::Csv,
            FormatArg::Obf => Format::Obf,
        }
    }
}

/// Arguments of `batch`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Problem files: one position a line (board and side, or a move list),
    /// optionally with known scores in OBF (`board side; MOVE:+score; …`).
    #[arg(value_name = "FILE", required_unless_present = "games")]
    pub files: Vec<PathBuf>,
    /// Game-record files (WTHOR .wtb, logbook .gam[.gz], eOthello .csv,
    /// transcripts): solve the position at `--empties` of each game. WTHOR
    /// games at 24 empties carry their perfect-play score for `--check`.
    #[arg(long, num_args = 1.., value_name = "FILE", requires = "empties")]
    pub games: Vec<PathBuf>,
    /// With `--games`: the number of empty squares of the position taken
    /// from each game.
    #[arg(long, value_name = "E", requires = "games", value_parser = clap::value_parser!(u32).range(1..=60))]
    pub empties: Option<u32>,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Positions solved at once (default: every core, or the cores divided
    /// by `--threads`). `--jobs 1 --threads 1` is fully deterministic. Each
    /// job has its own table of `--hash-mb` MiB and its own `--threads`
    /// threads (default: the cores divided by the jobs).
    #[arg(long, short = 'j', value_name = "N", allow_negative_numbers = true,
          value_parser = clap::value_parser!(i64).range(1..=1024))]
    pub jobs: Option<i64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    pub format: FormatArg,
    /// Write JSON Lines, one record per position: the same as --format jsonl.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Write the rows to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Skip the positions whose ids are already in `--output` and append the
    /// rest (jsonl or csv only). A half-written last row is cut off first.
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// Solve only the I-th of N equal contiguous parts of the input (1-based),
    /// e.g. `--shard $SLURM_ARRAY_TASK_ID/8`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Compare every result with the known scores of its line; list the
    /// mismatches at the end and exit with code 3 if there are any.
    #[arg(long)]
    pub check: bool,
    /// Stop at the first malformed input line instead of reporting it and
    /// going on.
    #[arg(long)]
    pub strict: bool,
}

/// Reads the input, solves, writes the rows and the summary.
pub fn run(mut args: Args) -> anyhow::Result<ExitCode> {
    if args.json {
        args.format = FormatArg::Jsonl;
    }
    let format: Format = args.format.into();
    if args.resume && !matches!(format, Format::Jsonl | Format::Csv) {
        return Err(super::UsageError(
            "--resume needs --format jsonl or csv (a table or OBF file cannot be resumed)".into(),
        )
        .into());
    }
    if format == Format::Obf && args.search.mode() != othello_solver::search::Mode::Exact {
        return Err(super::UsageError(
            "--format obf writes exact scores: it cannot be used with --wld or --bound".into(),
        )
        .into());
    }
    if let Some(output) = &args.output {
        let inputs: Vec<&PathBuf> = args.files.iter().chain(&args.games).collect();
        check_output_not_input(output, &inputs)?;
    }
    let (mut items, bad) = read_problem_items(&args.files)?;
    let mut bad_lines: Vec<String> = bad.iter().map(ToString::to_string).collect();
    if let Some(empties) = args.empties {
        let (games, rejected) = read_game_items(&args.games, empties)?;
        items.extend(games);
        bad_lines.extend(rejected);
    }
    for e in &bad_lines {
        eprintln!("error: {e}");
    }
    if args.strict && !bad_lines.is_empty() {
        anyhow::bail!("stopping at the first malformed line (--strict)");
    }
    if let Some(shard) = args.shard {
        let range = shard.range(items.len());
        items = items[range].to_vec();
    }

    let (jobs, threads) = share_cores(
        args.jobs.and_then(|n| usize::try_from(n).ok()),
        args.search.threads.map(|n| n as usize),
        super::options::cores(),
    );
    if jobs * threads > super::options::cores() {
        eprintln!(
            "warning: --jobs {jobs} × --threads {threads} = {} threads on {} cores: they will compete for them",
            jobs * threads,
            super::options::cores()
        );
    }
    // A problem file lists every best move.
    args.search.all_best |= format == Format::Obf;
    let config = args
        .search
        .engine_config(DEFAULT_HASH_MB_PER_JOB)?
        .with_threads(threads);
    let mode = args.search.mode();
    // Every job has its own tables: the whole request must fit.
    othello_solver::search::memory::check_fits(
        (config.config().hash_mb as u64)
            .saturating_mul(jobs as u64)
            .saturating_mul(1 << 20),
        "the batch's tables (--jobs × --hash-mb)",
    )?;

    // Where the rows go; with --resume, which ids are already there.
    let mut need_header = true;
    let mut out: Box<dyn Write> = match &args.output {
        None => Box::new(std::io::stdout().lock()),
        Some(path) => {
            if args.resume {
                // Cuts off a torn last row and drops `unknown` rows (solved again).
                let state = prepare_resume(path, format)?;
                let before = items.len();
                items.retain(|it| !state.done.contains(&it.id));
                let retried = items
                    .iter()
                    .filter(|it| state.retry.contains(&it.id))
                    .count();
                eprintln!(
                    "resuming {}: {} positions already done, {} to go ({} of them unknown before, solved again)",
                    path.display(),
                    before - items.len(),
                    items.len(),
                    retried
                );
                need_header = state.keep_bytes == 0;
            }
            let file = OpenOptions::new()
                .create(true)
                .append(args.resume)
                .write(true)
                .truncate(!args.resume)
                .open(path)
                .with_context(|| format!("{}: cannot open for writing", path.display()))?;
            Box::new(file)
        }
    };
    if let Some(h) = format.header().filter(|_| need_header) {
        out.write_all(h.as_bytes())?;
    }
    out.flush()?;

    let progress = progress_bar(items.len() as u64);
    let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
    let stop = super::interrupt::install();
    let config = config.with_interrupt(Some(Arc::clone(&stop)));
    let index: HashMap<&str, usize> = items
        .iter()
        .enumerate()
        .map(|(i, it)| (it.id.as_str(), i))
        .collect();
    let mut in_order = (format == Format::Table).then(InputOrder::default);
    let summary = run_batch(
        &items,
        jobs,
        args.check,
        Some(&stop),
        || Engine::from_resolved(config.clone()).map_err(std::io::Error::other),
        |engine: &mut Engine, item: &BatchItem| engine.solve(&item.position.board, mode),
        |row, summary| {
            let line = format.row(row);
            // A table is read top to bottom: its rows keep the input order,
            // each written once every row before it is.
            let lines = match (&mut in_order, index.get(row.id)) {
                (Some(order), Some(&i)) => order.push(i, line),
                _ => vec![line],
            };
            let write = |out: &mut Box<dyn Write>| -> std::io::Result<()> {
                for line in &lines {
                    out.write_all(line.as_bytes())?;
                }
                out.flush()
            };
            if to_terminal {
                progress.suspend(|| write(&mut out))?;
            } else {
                write(&mut out)?;
            }
            progress.set_position(summary.done() as u64);
            progress.set_message(format!("{:.1} Mn/s", summary.nodes_per_second() / 1e6));
            Ok(())
        },
    )
    .context("batch stopped")?;
    progress.finish_and_clear();
    // Rows still held back (behind a position that was never started).
    if let Some(order) = in_order.take() {
        for line in order.rest() {
            out.write_all(line.as_bytes())?;
        }
        out.flush()?;
    }

    let mut text = summary_text(&summary, items.len());
    let interrupted = super::interrupt::is_set(&stop);
    if interrupted {
        text.push_str(&format!(
            "interrupted: {} positions not started{}\n",
            summary.not_started,
            match &args.output {
                Some(path) => format!(
                    "; `--resume` with the same --output ({}) solves them and the unknown ones",
                    path.display()
                ),
                None => String::new(),
            }
        ));
    }
    if format == Format::Table {
        out.write_all(text.as_bytes())?;
        out.flush()?;
    } else {
        eprint!("{text}");
    }
    // Bad input and mismatches outrank Ctrl-C: they are findings.
    Ok(
        if interrupted && bad_lines.is_empty() && summary.mismatches.is_empty() {
            ExitCode::from(super::interrupt::EXIT_INTERRUPTED)
        } else {
            exit_code(&summary, !bad_lines.is_empty())
        },
    )
}

/// Rows put back in input order: a row is released once every row before
/// it has come.
#[derive(Default)]
struct InputOrder {
    next: usize,
    pending: BTreeMap<usize, String>,
}

impl InputOrder {
    /// Takes row `i`; returns the rows now ready, in order.
    fn push(&mut self, i: usize, line: String) -> Vec<String> {
        self.pending.insert(i, line);
        let mut ready = Vec::new();
        while let Some(line) = self.pending.remove(&self.next) {
            ready.push(line);
            self.next += 1;
        }
        ready
    }

    /// The rows still held, in order (those after a row that never came).
    fn rest(self) -> impl Iterator<Item = String> {
        self.pending.into_values()
    }
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
fn progress_bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{bar:30} {pos}/{len} positions, {msg}, {elapsed} elapsed, ETA {eta}",
    ) {
        pb.set_style(style);
    }
    pb
}

/// The summary at the end: counts, nodes, time and the mismatches.
fn summary_text(s: &BatchSummary, total: usize) -> String {
    let mut t = format!(
        "summary: {} positions: {} solved, {} unknown, {} mismatched; {} nodes in {:.2} s, {:.2} M nodes/s\n",
        total,
        s.solved,
        s.unknown,
        s.mismatches.len(),
        s.nodes + s.leaf_nodes,
        s.time_s,
        s.nodes_per_second() / 1e6
    );
    for (id, why) in &s.mismatches {
        t.push_str(&format!("mismatch: {id}: {why}\n"));
    }
    t
}

/// 1 for malformed input, else 3 for a mismatch, else 4 for unknowns, else 0.
fn exit_code(s: &BatchSummary, bad_input: bool) -> ExitCode {
    if bad_input {
        ExitCode::from(super::EXIT_ERROR)
    } else if !s.mismatches.is_empty() {
        ExitCode::from(super::EXIT_MISMATCH)
    } else if s.unknown > 0 {
        ExitCode::from(super::EXIT_UNKNOWN)
    } else {
        ExitCode::SUCCESS
    }
}

/// How a batch shares the machine's `cores` between positions solved at
/// once (`jobs`) and threads per position (`threads`): what is given is
/// kept; without either, every core solves its own position (the cheapest
/// way through many positions: no split overhead); with one, the other gets
/// the cores left (at least 1).
pub fn share_cores(jobs: Option<usize>, threads: Option<usize>, cores: usize) -> (usize, usize) {
    let cores = cores.max(1);
    match (jobs, threads) {
        (Some(j), Some(t)) => (j.max(1), t.max(1)),
        (Some(j), None) => (j.max(1), (cores / j.max(1)).max(1)),
        (None, Some(t)) => ((cores / t.max(1)).max(1), t.max(1)),
        (None, None) => (cores, 1),
    }
}

#[cfg(test)]
mod share_tests {
    use super::{share_cores, InputOrder};

    #[test]
    fn table_rows_come_out_in_input_order() {
        let mut order = InputOrder::default();
        assert!(order.push(2, "c".into()).is_empty());
        assert!(order.push(1, "b".into()).is_empty());
        assert_eq!(order.push(0, "a".into()), ["a", "b", "c"]);
        assert_eq!(order.push(3, "d".into()), ["d"]);
        assert!(order.push(5, "f".into()).is_empty());
        assert_eq!(order.rest().collect::<Vec<_>>(), ["f"]);
    }

    #[test]
    fn cores_are_shared_between_jobs_and_threads() {
        assert_eq!(share_cores(None, None, 8), (8, 1));
        assert_eq!(share_cores(Some(2), None, 8), (2, 4));
        assert_eq!(share_cores(None, Some(4), 8), (2, 4));
        assert_eq!(share_cores(None, Some(16), 8), (1, 16));
        assert_eq!(share_cores(Some(3), Some(5), 2), (3, 5));
        assert_eq!(share_cores(Some(16), None, 8), (16, 1));
    }
}
