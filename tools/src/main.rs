//! `othello-tools`: offline programs (pattern fitting, …). Thin: parse the
//! command line and call the library.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Offline programs for othello-solver.
#[derive(Parser, Debug)]
#[command(name = "othello-tools", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Fit the pattern weights from game records by preconditioned CG.
    Train(othello_tools::train_cmd::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Train(args) => othello_tools::train_cmd::run(&args).map(|_| ()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}
