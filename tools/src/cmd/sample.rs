//! `othello-tools sample FILE… --empties E --count N --seed S`: writes a
//! problem file of positions drawn from game records. The rules (one
//! position per game, side to move with a legal move, de-duplication by
//! position, year filters, uniform draw with SplitMix64) and the output
//! format live in `othello_solver::sample`; this command
//! reads the files, calls it, and reports.
//!
//! An unreadable file is an error (exit 1, nothing written). If fewer
//! positions are eligible than `--count`, all of them are written and a
//! note goes to stderr (exit 0), unless `--exact-count` is given, which
//! makes it an error (exit 1, nothing written).

use crate::common::expand;
use anyhow::Context;
use othello_solver::formats::games::{read_game_files, GameFile, GameFileError};
use othello_solver::sample::{parse_year_list, sample_positions, write_sample, YearFilter};
use std::io::Write;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `sample`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game-record files (.wtb, .gam, .gam.gz, .csv, or one transcript a
    /// line). A directory stands for the .wtb, .gam, .gam.gz and .csv files
    /// under it, in name order.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Empty squares of the positions drawn.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=60))]
    pub empties: u32,
    /// Number of positions to draw.
    #[arg(long)]
    pub count: usize,
    /// Seed of the random draw (same files, options and seed: same output).
    #[arg(long)]
    pub seed: u64,
    /// Leave out games of these years, e.g. 2015-2022 or 1990,1995,2000-2005.
    /// Games without a year are kept.
    #[arg(long, value_parser = parse_years)]
    pub exclude_years: Option<YearList>,
    /// Keep only games of these years (same syntax). Games without a year
    /// are left out.
    #[arg(long, value_parser = parse_years)]
    pub include_years: Option<YearList>,
    /// Fail (exit 1, nothing written) if fewer positions are eligible than --count.
    #[arg(long)]
    pub exact_count: bool,
    /// Output file (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// One `--…-years` value: a whole year list (a newtype, so that clap takes
/// it as one value rather than as repeated occurrences).
#[derive(Clone, Debug)]
pub struct YearList(Vec<RangeInclusive<u16>>);

fn parse_years(s: &str) -> Result<YearList, String> {
    parse_year_list(s).map(YearList).map_err(|e| e.to_string())
}

/// Runs the command.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let files = expand(&args.files)?;
    let read: Vec<Result<GameFile, GameFileError>> = read_game_files(&files);
    let mut game_files = Vec::with_capacity(read.len());
    for r in read {
        // The message already names the file and the cause; as a plain
        // message, anyhow does not repeat the cause.
        game_files.push(r.map_err(|e| anyhow::anyhow!("{e}"))?);
    }
    let rejected: usize = game_files.iter().map(|f| f.rejected.len()).sum();
    let years = YearFilter {
        include: args.include_years.clone().map(|y| y.0),
        exclude: args.exclude_years.clone().map(|y| y.0).unwrap_or_default(),
    };
    let games = game_files.iter().flat_map(|f| &f.games);
    let sample = sample_positions(games, args.empties, args.count, args.seed, &years);
    if sample.short() && args.exact_count {
        anyhow::bail!(
            "only {} distinct positions at {} empties are eligible, fewer than --count {} \
             (--exact-count): nothing written",
            sample.eligible,
            args.empties,
            args.count
        );
    }

    // The program is named `othello-tools` whatever path it was run by, so
    // that the header does not depend on where the binary lives.
    let command_line = std::iter::once("othello-tools".to_string())
        .chain(std::env::args().skip(1).map(|a| shell_word(&a)))
        .collect::<Vec<_>>()
        .join(" ");
    let with_theoretical = sample
        .drawn
        .iter()
        .filter(|c| c.theoretical.is_some())
        .count();
    let header = vec![
        format!("othello-tools sample: {} positions at {} empties drawn from game records", sample.drawn.len(), args.empties),
        format!("command: {command_line}"),
        format!("seed: {}", args.seed),
        format!(
            "games: {} read from {} files ({} records rejected); {} left out by year, \
             {} without a position to move at {} empties, {} duplicate positions",
            sample.games,
            files.len(),
            rejected,
            sample.year_filtered,
            sample.no_position,
            args.empties,
            sample.duplicates
        ),
        format!(
            "eligible distinct positions: {}; requested: {}; written: {} ({} with a theoretical score)",
            sample.eligible,
            sample.requested,
            sample.drawn.len(),
            with_theoretical
        ),
    ];

    match &args.out {
        Some(path) => {
            let f = std::fs::File::create(path)
                .with_context(|| format!("{}: cannot create", path.display()))?;
            write_sample(std::io::BufWriter::new(f), &header, &sample)
                .with_context(|| format!("{}: cannot write", path.display()))?;
        }
        None => {
            let stdout = std::io::stdout();
            write_sample(stdout.lock(), &header, &sample).context("cannot write to stdout")?;
        }
    }
    let mut err = std::io::stderr().lock();
    if sample.short() {
        writeln!(
            err,
            "note: only {} distinct positions at {} empties are eligible, fewer than --count {}: wrote all of them",
            sample.eligible, args.empties, args.count
        )?;
    }
    writeln!(
        err,
        "sample: {} games, {} eligible positions, {} written{} in {:.2} s",
        sample.games,
        sample.eligible,
        sample.drawn.len(),
        args.out
            .as_ref()
            .map(|p| format!(" to {}", p.display()))
            .unwrap_or_default(),
        start.elapsed().as_secs_f64()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// A command-line word quoted for a POSIX shell when it needs it.
fn shell_word(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./,=:+@%".contains(c));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}
