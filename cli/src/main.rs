//! The `othello-solver` command line: parse the arguments, call the
//! library, render the result. Each command lives in its own module.
//! Command definitions (clap derive) and dispatch. Exit codes: 0 done,
//! 1 error, 2 usage, 3 a result differs from a known score, 4 some
//! positions unknown (a limit was hit).

mod analyze;
mod batch;
mod bench;
mod engine_mode;
mod eval;
mod interrupt;
mod options;
mod perft;
mod render;
mod show;
mod solve;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Exit code for a runtime error (bad input file, I/O).
pub const EXIT_ERROR: u8 = 1;
/// Exit code for a usage error (options that do not go together), as clap's.
pub const EXIT_USAGE: u8 = 2;
/// Exit code when a result differs from a known score (`batch --check`).
pub const EXIT_MISMATCH: u8 = 3;
/// Exit code when a limit stopped some search (the result is unknown).
pub const EXIT_UNKNOWN: u8 = 4;

/// An Othello endgame solver: exact scores, best moves and principal
/// variations by df-pn+ and alpha-beta over a bitboard core.
#[derive(Parser, Debug)]
#[command(name = "othello-solver", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The instruction set every search runs: portable, x86-64-v3 (AVX2) or
    /// x86-64-v4 (AVX-512); default the best this CPU runs (or
    /// OTHELLO_ISA). Answers never depend on it, node counts neither: it is
    /// there to measure each path on one machine.
    #[arg(long, global = true, value_name = "ISA")]
    isa: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Show a position: the board, side to move, legal moves, discs, empties.
    Show(show::Args),
    /// Evaluate a position (or every position of a problem file) with the pattern evaluation.
    Eval(eval::Args),
    /// Count the leaves of the game tree to a fixed depth (move-generator check and speed).
    Perft(perft::Args),
    /// Solve a position exactly: score (or win/draw/loss, or one bound), a best move (or every one), the PV.
    Solve(solve::Args),
    /// Analyse a game move by move: each position's perfect-play score and best moves, the score of the move played and the discs it lost.
    Analyze(analyze::Args),
    /// Solve every position of problem files in parallel, streaming one row per position.
    Batch(batch::Args),
    /// Solve a fixed set of seeded positions and report nodes, time and nodes/s.
    Bench(bench::Args),
    /// Speak NBoard's protocol on standard input and output (for the NBoard GUI).
    Nboard(engine_mode::Args),
    /// Speak GTP on standard input and output (for GoGui and match runners).
    Gtp(engine_mode::Args),
}

fn main() -> ExitCode {
    run()
}

/// Parses the command line, runs the command and maps errors to exit codes.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    if let Some(name) = &cli.isa {
        let chosen = othello_solver::board::cpu::Isa::parse(name)
            .and_then(othello_solver::board::cpu::force);
        if let Err(e) = chosen {
            eprintln!("error: --isa: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    }
    let result = match cli.command {
        Command::Show(args) => show::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Eval(args) => eval::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Nboard(args) => engine_mode::run_nboard(args),
        Command::Gtp(args) => engine_mode::run_gtp(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {}", error_text(&err));
            if err.downcast_ref::<UsageError>().is_some() {
                ExitCode::from(EXIT_USAGE)
            } else {
                ExitCode::from(EXIT_ERROR)
            }
        }
    }
}

/// Options that do not go together, found after clap's own checks: reported
/// like any error, with the usage exit code (2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// Reads a POSITION argument (board and side, move list, or a problem-file
/// line with its tail: the library's one parser) with a clear error.
pub fn parse_position(text: &str) -> anyhow::Result<othello_solver::Position> {
    othello_solver::formats::parse_position_text(text)
        .map(|problem| problem.position)
        .map_err(|e| anyhow::anyhow!("position {text:?}: {e}"))
}

/// The error and its causes, each said once ([`othello_solver::error_text`]).
pub fn error_text(err: &anyhow::Error) -> String {
    othello_solver::error_text(err.as_ref())
}
