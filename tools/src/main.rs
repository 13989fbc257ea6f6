//! `othello-tools`: offline programs for othello-solver (game-record
//! statistics, position sampling, pattern-weight fitting). Each command
//! lives in its own module of the library's `cmd`; this file only
//! dispatches.

use clap::{Parser, Subcommand};
use othello_tools::cmd;
use std::process::ExitCode;

/// Offline programs for othello-solver.
#[derive(Parser, Debug)]
#[command(name = "othello-tools", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Statistics of game-record files: records, legal, complete, duplicates, rejected.
    Games(cmd::games::Args),
    /// Draw positions with E empties from game records into a problem file.
    Sample(cmd::sample::Args),
    /// Fit the pattern weights from game records by preconditioned CG.
    Train(cmd::train::Args),
    /// Fit df-pn+'s h (B, C per stage) from problems solved by plain df-pn.
    FitH(cmd::fit_h::Args),
    /// Solve late positions of game records exactly, as training labels.
    Label(cmd::label::Args),
    /// Print labels files as text: position and score, a line each.
    Labels(cmd::labels::Args),
    /// Move the evaluation's stages above the endgame onto a smooth mean along games.
    Center(cmd::center::Args),
    /// Self-play games from randomized openings, for training data.
    Selfplay(cmd::selfplay::Args),
    /// The df-pn+ paper's experiment: node and table ratios df-pn+ / df-pn
    /// (and deep df-pn / df-pn with --deep).
    DfpnExperiment(cmd::dfpn_experiment::Args),
    /// Midgame ProbCut's sigma: deep minus shallow search values on game positions.
    MidSigma(cmd::mid_sigma::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Games(args) => cmd::games::run(&args),
        Command::Sample(args) => cmd::sample::run(&args),
        Command::Train(args) => cmd::train::run(&args).map(|_| ExitCode::SUCCESS),
        Command::FitH(args) => cmd::fit_h::run(&args).map(|_| ExitCode::SUCCESS),
        Command::Label(args) => cmd::label::run(&args).map(|_| ExitCode::SUCCESS),
        Command::Labels(args) => cmd::labels::run(&args).map(|_| ExitCode::SUCCESS),
        Command::MidSigma(args) => cmd::mid_sigma::run(&args).map(|_| ExitCode::SUCCESS),
        Command::Center(args) => cmd::center::run(&args).map(|_| ExitCode::SUCCESS),
        Command::Selfplay(args) => cmd::selfplay::run(&args).map(|_| ExitCode::SUCCESS),
        Command::DfpnExperiment(args) => {
            cmd::dfpn_experiment::run(&args).map(|_| ExitCode::SUCCESS)
        }
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            // Each cause once (a library error often repeats its source's text).
            eprintln!("error: {}", othello_solver::error_text(err.as_ref()));
            ExitCode::FAILURE
        }
    }
}
