//! othello-tools: offline programs for othello-solver.
//!
//! - [`cmd`] holds the commands, one module each, named as the command
//!   (`othello-tools fit-h` is [`cmd::fit_h`]): its arguments (`Args`) and
//!   its `run`. The commands use the shared parts below and never each
//!   other.
//! - The shared parts: `common` (input files, games, range arguments,
//!   progress); pattern fitting (`cg`, `rare`, `smooth`, `train`, `center`,
//!   `report`); labels and their files (`labels`); h fitting (`hfit`: data
//!   file, solver pool, curve fitting); the `oracle` evaluator; `selfplay`
//!   (self-play games).
//!
//! `main.rs` is the thin CLI (docs/architecture.md, "Tools modules").

pub mod center;
pub mod cg;
pub mod cmd;
pub mod common;
pub mod hfit;
pub mod labels;
pub mod oracle;
pub mod rare;
pub mod report;
pub mod selfplay;
pub mod smooth;
pub mod train;
