//! othello-tools: offline programs for othello-solver. The library part
//! holds the pattern fitter (sparse CG, rare configurations, smoothing,
//! reports) so that tests can drive it; `main.rs` is the thin CLI.

pub mod cg;
pub mod rare;
pub mod report;
pub mod smooth;
pub mod train;
pub mod train_cmd;
