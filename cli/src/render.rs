//! The board as text for a terminal and the picture files: the diagram
//! with its facts ([`render`]), the diagram with each move's value
//! ([`render_scores`]), whether to colour, and writing an SVG file. `show`,
//! `solve` and `analyze` print through it.

use anyhow::Context;
use othello_solver::board::{Cell, Square};
use othello_solver::picture::value_label;
use othello_solver::search::MoveValue;
use othello_solver::{Color, Position};
use std::io::IsTerminal;
use std::path::Path;

/// Writes an SVG picture, naming the file on failure.
pub fn write_svg(path: &Path, svg: &str) -> anyhow::Result<()> {
    std::fs::write(path, svg).with_context(|| format!("{}: cannot write the SVG", path.display()))
}

/// Whether to colour the output: stdout is a terminal and `NO_COLOR` is unset.
pub fn use_colour() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// The diagram with each valued move's label in its square (five
/// characters a square; the best moves' labels followed by `*`, and, with
/// `colour`, wins green, draws yellow, losses red, best moves bold), then
/// the moves best first and the facts of [`render`] below.
pub fn render_scores(pos: &Position, values: &[MoveValue], colour: bool) -> String {
    let best = othello_solver::search::best_moves_of(values);
    let mut s = String::from("    ");
    for file in 'a'..='h' {
        s.push_str(&format!("{file:^5}"));
    }
    s.push('\n');
    for rank in 0..8u8 {
        s.push_str(&format!(" {} ", rank + 1));
        for file in 0..8u8 {
            let Some(sq) = Square::from_file_rank(file, rank) else {
                continue;
            };
            let disc = match (pos.board.at(sq), pos.side) {
                (Cell::Player, Color::Black) | (Cell::Opponent, Color::White) => Some('X'),
                (Cell::Player, Color::White) | (Cell::Opponent, Color::Black) => Some('O'),
                (Cell::Empty, _) => None,
            };
            let cell = match (disc, values.iter().find(|v| v.square == sq)) {
                (Some(c), _) => format!("{c:^5}"),
                (None, Some(v)) => {
                    let mark = if best.contains(&sq) { "*" } else { " " };
                    let text = format!("{:>4}{mark}", value_label(v));
                    if colour {
                        let hue = match (v.lower > 0, v.upper < 0) {
                            (true, _) => "32",
                            (_, true) => "31",
                            _ => "33",
                        };
                        let bold = if best.contains(&sq) { "1;" } else { "" };
                        format!("\x1b[{bold}{hue}m{text}\x1b[0m")
                    } else {
                        text
                    }
                }
                (None, None) => format!("{:^5}", '.'),
            };
            s.push_str(&cell);
        }
        s.push('\n');
    }
    s.push_str(&format!(
        "  X black, O white, . empty; numbers: the final disc difference for {} after that move, * best\n",
        pos.side.name()
    ));
    if !values.is_empty() {
        let listed: Vec<String> = values
            .iter()
            .map(|v| format!("{} {}", v.square, value_label(v)))
            .collect();
        s.push_str(&format!("moves: {}\n", listed.join(", ")));
    }
    // The facts below the plain diagram (its own board lines left out).
    let plain = render(pos);
    for line in plain.lines().skip(10) {
        s.push_str(line);
        s.push('\n');
    }
    s
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
