//! `othello-solver show POSITION`: the board and facts about it; with
//! `--scores`, each legal move's value printed in its square (the solver's
//! every-move answer); with `--svg FILE`, the same board as a picture.

use super::options::SearchArgs;
use super::render::{render, render_scores, use_colour, write_svg};
use othello_solver::picture::board_svg;
use othello_solver::search::{default_table_mb, Engine, Status};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// 64 squares a1..h8 (X/* black, O white, -/. empty) then the side to
    /// move (X/O/B/W), or a move list from the start such as f5d6c3d3c4.
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Solve every legal move and print its value in its square (exact
    /// scores; with --wld, win/draw/loss), the best moves marked.
    #[arg(long)]
    pub scores: bool,
    /// Also write the board as an SVG picture to FILE (with --scores, the
    /// values in their squares).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Prints the board diagram and facts about the position.
pub fn run(mut args: Args) -> anyhow::Result<ExitCode> {
    let pos = super::parse_position(&args.position)?;
    if !args.scores {
        print!("{}", render(&pos));
        if let Some(path) = &args.svg {
            write_svg(path, &board_svg(&pos, &[]))?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    args.search.all_moves = true;
    if let Some(w) = super::solve::long_solve_warning(&pos, &args.search) {
        eprintln!("{w}");
    }
    let stop = super::interrupt::install();
    let config = args
        .search
        .engine_config(default_table_mb(pos.board.empties()))?
        .with_interrupt(Some(std::sync::Arc::clone(&stop)));
    let mut engine = Engine::from_resolved(config)?;
    let result = engine.solve(&pos.board, args.search.mode());
    print!("{}", render_scores(&pos, &result.moves, use_colour()));
    if let Some(path) = &args.svg {
        write_svg(path, &board_svg(&pos, &result.moves))?;
    }
    Ok(if result.status == Status::Solved {
        ExitCode::SUCCESS
    } else {
        eprintln!("unknown: a limit was hit before every move was valued");
        ExitCode::from(super::EXIT_UNKNOWN)
    })
}
