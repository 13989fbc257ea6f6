//! othello-solver: an Othello endgame solver.
//!
//! The library owns every rule of the game and every format: the bitboard
//! core ([`board`]), position and game-record formats ([`formats`]), the
//! searches ([`search`]) and batch solving ([`batch`]). The `othello-solver`
//! binary (the `othello-solver-cli` crate, `cli/`) and the `othello-tools`
//! programs (`tools/`) are thin users.

pub mod analysis;
pub mod batch;
pub mod board;
pub mod eval;
pub mod formats;
pub mod picture;
pub mod pool;
pub mod protocol;
pub mod record;
pub mod rng;
pub mod sample;
pub mod search;
pub mod units;

pub use board::{Board, Color, Square};
pub use formats::Position;

/// An error and its causes joined by `: `, each cause left out when the text
/// before it already says it (errors of this library often include their
/// source's text, e.g. a file's path and the OS error): what the command-line
/// programs print, so that no message is said twice.
pub fn error_text(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = String::new();
    let mut cause = Some(err);
    while let Some(e) = cause {
        let part = e.to_string();
        if !text.contains(&part) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&part);
        }
        cause = e.source();
    }
    text
}
