//! othello-solver: an Othello endgame solver.
//!
//! The library owns every rule of the game and every format: the bitboard
//! core ([`board`]), position and game-record formats ([`formats`]), the
//! searches ([`search`]) and batch solving ([`batch`]). The `othello-solver`
//! binary (the `othello-solver-cli` crate, `cli/`) and the `othello-tools`
//! programs (`tools/`) are thin users.

pub mod batch;
pub mod board;
pub mod eval;
pub mod formats;
pub mod rng;
pub mod search;

pub use board::{Board, Color, Square};
pub use formats::Position;
