//! othello-tools: offline programs for othello-solver. The library part
//! holds the shared parts — `common` (input files, games, range arguments,
//! progress), pattern fitting (`cg`, `rare`, `smooth`, `train`, `labels`,
//! `report`), h fitting (`hfit`: data file, solver pool, curve fitting) and
//! the `oracle` evaluator, `selfplay` (self-play games) — and the commands
//! the tests drive (`train_cmd`, `fit_h_cmd`, `label_cmd`, `labels_cmd`, `selfplay_cmd`,
//! `experiment`), which use the shared parts and
//! never each other (docs/architecture.md, "Tools modules"); `main.rs` is
//! the thin CLI.

pub mod center;
pub mod center_cmd;
pub mod cg;
pub mod common;
pub mod experiment;
pub mod fit_h_cmd;
pub mod hfit;
pub mod label_cmd;
pub mod labels;
pub mod labels_cmd;
pub mod mid_sigma_cmd;
pub mod oracle;
pub mod rare;
pub mod report;
pub mod selfplay;
pub mod selfplay_cmd;
pub mod smooth;
pub mod train;
pub mod train_cmd;
