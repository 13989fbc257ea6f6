//! The commands of `othello-tools`, one module each, named as the command
//! (`-` becomes `_`). Each has `Args` (its clap arguments) and `run`; the
//! work is in the library's shared modules.

pub mod center;
pub mod dfpn_experiment;
pub mod fit_h;
pub mod games;
pub mod label;
pub mod labels;
pub mod mid_sigma;
pub mod sample;
pub mod selfplay;
pub mod train;
