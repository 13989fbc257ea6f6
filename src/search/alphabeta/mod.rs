//! The exact alpha-beta endgame solver: the baseline every df-pn result is
//! checked against, and df-pn's leaf solver.
//!
//! [`solve`] / [`Searcher::solve`] answer a [`Mode`](crate::search::Mode)
//! (exact score, win/draw/loss, or one bound) with one best move (or every
//! best move, with [`Searcher::set_all_best`]; or every move's value, with
//! [`Searcher::set_all_moves`]) and, for exact solves, a principal
//! variation to the end of the game.
//!
//! Layout, from the user down:
//! - [`solver`]: [`Searcher`], the configured solver a user holds (table,
//!   thread pool, options), and df-pn's [`LeafSolver`](crate::search::LeafSolver);
//! - `root`: the root and ladder driver (move order at the root, score
//!   guess, selective ladder, MTD(f), best moves, every move's value, PV);
//! - `context`: the per-thread node context every search runs on;
//! - [`search`]: the table-driven principal-variation search, more than
//!   [`LAST_N_MAX`](crate::search::tuning::LAST_N_MAX) empties;
//!   [`last_n`]: the last-N solver below; [`parallel`]: split points;
//! - [`ordering`], [`stability`], [`probcut`] and [`tt`]: what the nodes
//!   use.
//!
//! The tests check it against [`crate::search::reference`].
//!
//! Scores are final disc differences for the side to move, empties to the
//! winner, hence always even. Node counting: every position visited counts
//! one (including the last-empty positions and positions after a pass).

mod context;
pub mod last_n;
pub mod ordering;
pub mod parallel;
pub mod probcut;
mod root;
pub mod search;
mod shallow;
pub mod solver;
pub mod stability;
pub mod stats;
pub mod tt;

pub use solver::{solve, Searcher, SolveOptions};

use std::time::Duration;

/// A time limit from seconds (for the command line).
pub fn seconds(s: f64) -> Option<Duration> {
    Duration::try_from_secs_f64(s).ok()
}
