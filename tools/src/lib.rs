//! othello-tools: offline programs for othello-solver. The library part
//! holds the pattern fitter (sparse CG, rare configurations, smoothing,
//! reports) and the df-pn⁺ h fitter and experiment so that tests can drive
//! them; `main.rs` is the thin CLI.

pub mod cg;
pub mod experiment;
pub mod files;
pub mod fit_h_cmd;
pub mod hfit;
pub mod label_cmd;
pub mod labels;
pub mod oracle;
pub mod rare;
pub mod report;
pub mod smooth;
pub mod train;
pub mod train_cmd;
