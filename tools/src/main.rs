//! `othello-tools`: offline programs for othello-solver (game-record
//! statistics, position sampling, pattern-weight fitting). Each command
//! lives in its own module (the fitter in the `othello_tools` library);
//! this file only dispatches.

mod games;
mod sample;

use clap::{Parser, Subcommand};
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
    Games(games::Args),
    /// Draw positions with E empties from game records into a problem file.
    Sample(sample::Args),
    /// Fit the pattern weights from game records by preconditioned CG.
    Train(othello_tools::train_cmd::Args),
    /// Fit df-pn+'s h (B, C per stage) from problems solved by plain df-pn.
    FitH(othello_tools::fit_h_cmd::Args),
    /// Solve late positions of game records exactly, as training labels.
    Label(othello_tools::label_cmd::Args),
    /// Print labels files as text: position and score, a line each.
    Labels(othello_tools::labels_cmd::Args),
    /// Move the evaluation's stages above the endgame onto a smooth mean along games.
    Center(othello_tools::center_cmd::Args),
    /// Self-play games from randomized openings, for training data.
    Selfplay(othello_tools::selfplay_cmd::Args),
    /// The df-pn+ paper's experiment: node and table ratios df-pn+ / df-pn
    /// (and deep df-pn / df-pn with --deep).
    DfpnExperiment(othello_tools::experiment::Args),
    /// Midgame ProbCut's sigma: deep minus shallow search values on game positions.
    MidSigma(othello_tools::mid_sigma_cmd::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Games(args) => games::run(args),
        Command::Sample(args) => sample::run(args),
        Command::Train(args) => othello_tools::train_cmd::run(&args).map(|_| ExitCode::SUCCESS),
        Command::FitH(args) => othello_tools::fit_h_cmd::run(&args).map(|_| ExitCode::SUCCESS),
        Command::Label(args) => othello_tools::label_cmd::run(&args).map(|_| ExitCode::SUCCESS),
        Command::Labels(args) => othello_tools::labels_cmd::run(&args).map(|_| ExitCode::SUCCESS),
        Command::MidSigma(args) => {
            othello_tools::mid_sigma_cmd::run(&args).map(|_| ExitCode::SUCCESS)
        }
        Command::Center(args) => othello_tools::center_cmd::run(&args).map(|_| ExitCode::SUCCESS),
        Command::Selfplay(args) => {
            othello_tools::selfplay_cmd::run(&args).map(|_| ExitCode::SUCCESS)
        }
        Command::DfpnExperiment(args) => {
            othello_tools::experiment::run(&args).map(|_| ExitCode::SUCCESS)
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
