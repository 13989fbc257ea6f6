//! Text and binary formats: positions, problem files and game records.

pub mod games;
pub mod position;
pub mod problem;

pub use position::{is_pass_name, Position, PositionError};
pub use problem::{parse_position_text, LineError, MoveScore, Problem, ProblemError};
