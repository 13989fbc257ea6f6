//! `othello-tools games FILE…`: reads game-record files (format from the
//! name, see `othello_solver::formats::games`) and prints, per file and in
//! total, the records, the legal games, the complete ones (game over at the
//! end), the duplicates (same move sequence as an earlier game of any file
//! given, in the order given) and the rejected records grouped by reason.
//! A file that cannot be read is reported on stderr, the other files are
//! still counted, and the exit code is 1.

use crate::common::expand;
use othello_solver::formats::games::{read_game_files, DuplicateFilter, GameFile, GameFileError};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `games`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game-record files (.wtb, .gam, .gam.gz, .csv, or one transcript a
    /// line). A directory stands for the .wtb, .gam, .gam.gz and .csv files
    /// under it, in name order.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Example rejections printed per reason.
    #[arg(long, default_value_t = 3)]
    pub examples: usize,
}

/// Counts of one file, or of all.
#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    records: usize,
    legal: usize,
    complete: usize,
    duplicates: usize,
    rejected: usize,
}

impl Counts {
    fn add(&mut self, o: &Counts) {
        self.records += o.records;
        self.legal += o.legal;
        self.complete += o.complete;
        self.duplicates += o.duplicates;
        self.rejected += o.rejected;
    }
}

/// Runs the command.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let files = expand(&args.files)?;
    let results: Vec<Result<GameFile, GameFileError>> = read_game_files(&files);

    let width = files
        .iter()
        .map(|p| p.display().to_string().len())
        .max()
        .unwrap_or(0)
        .max(5);
    println!(
        "{:<width$} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "file", "records", "legal", "complete", "duplicates", "rejected"
    );
    let mut filter = DuplicateFilter::new();
    let mut total = Counts::default();
    let mut reasons: BTreeMap<String, (usize, Vec<String>)> = BTreeMap::new();
    let mut failed = 0;
    for result in &results {
        let file = match result {
            Ok(f) => f,
            Err(e) => {
                eprintln!("error: {e}");
                failed += 1;
                continue;
            }
        };
        let mut c = Counts {
            records: file.records,
            legal: file.games.len(),
            rejected: file.rejected.len(),
            ..Counts::default()
        };
        for g in &file.games {
            c.complete += usize::from(g.complete);
            c.duplicates += usize::from(!filter.insert(&g.moves));
        }
        for r in &file.rejected {
            let entry = reasons.entry(r.kind().to_string()).or_default();
            entry.0 += 1;
            if entry.1.len() < args.examples {
                entry.1.push(file.describe(r));
            }
        }
        print_row(&file.path.display().to_string(), &c, width);
        total.add(&c);
    }
    print_row("total", &total, width);
    println!("distinct games: {}", filter.len());
    if reasons.is_empty() {
        println!("rejected: none");
    } else {
        println!("rejected by reason:");
        for (kind, (n, examples)) in &reasons {
            println!("  {n:>8}  {kind}");
            for e in examples {
                println!("            e.g. {e}");
            }
        }
    }
    if failed > 0 {
        eprintln!("error: {failed} of {} files could not be read", files.len());
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_row(name: &str, c: &Counts, width: usize) {
    println!(
        "{:<width$} {:>10} {:>10} {:>10} {:>10} {:>10}",
        name, c.records, c.legal, c.complete, c.duplicates, c.rejected
    );
}
