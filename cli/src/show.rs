//! `othello-solver show POSITION`.

use othello_solver::board::{Cell, Square};
use othello_solver::{Color, Position};
use std::process::ExitCode;

/// Arguments of `show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// 64 squares a1..h8 (X/* black, O white, -/. empty) then the side to
    /// move (X/O/B/W), or a move list from the start such as f5d6c3d3c4.
    #[arg(allow_hyphen_values = true)]
    pub position: String,
}

/// Prints the board diagram and facts about the position.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pos = super::parse_position(&args.position)?;
    print!("{}", render(&pos));
    Ok(ExitCode::SUCCESS)
}

/// The diagram (black `X`, white `O`, legal moves `+`, empty `.`; `*`, which
/// means black in a board string, is not used) with its legend, and the
/// facts below it.
pub fn render(pos: &Position) -> String {
    let moves = pos.board.moves();
    let mut s = String::from("  a b c d e f g h\n");
    for rank in 0..8u8 {
        s.push((b'1' + rank) as char);
        for file in 0..8u8 {
            let Some(sq) = Square::from_file_rank(file, rank) else {
                continue;
            };
            let c = match (pos.board.at(sq), pos.side) {
                (Cell::Player, Color::Black) | (Cell::Opponent, Color::White) => 'X',
                (Cell::Player, Color::White) | (Cell::Opponent, Color::Black) => 'O',
                (Cell::Empty, _) if moves & sq.bit() != 0 => '+',
                (Cell::Empty, _) => '.',
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    s.push_str(&format!(
        "  X black, O white, + legal move for {}, . empty\n",
        pos.side.name()
    ));
    let names: Vec<String> = Square::iter_bits(moves).map(|q| q.to_string()).collect();
    s.push_str(&format!("{}\n", pos.to_board_string()));
    s.push_str(&format!(
        "to move: {} ({})\n",
        pos.side.name(),
        pos.side.symbol()
    ));
    let status = if !names.is_empty() {
        names.join(" ")
    } else if pos.board.opponent_moves() != 0 {
        "none: must pass".to_string()
    } else {
        format!(
            "none: game over, final score {:+} for the side to move",
            pos.board.final_score()
        )
    };
    s.push_str(&format!("legal moves: {status}\n"));
    s.push_str(&format!(
        "discs: black {}, white {}; empties: {}\n",
        pos.black().count_ones(),
        pos.white().count_ones(),
        pos.board.empties()
    ));
    s
}
