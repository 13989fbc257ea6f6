//! Batch solving: many positions in, one streamed row per position out, in
//! parallel, resumable, checkable against known scores.
//!
//! The runner is independent of the algorithm: it takes a function that
//! solves one position. Rows are written and flushed as each result arrives,
//! so an interrupted run loses only the positions in flight.

pub mod check;
pub mod input;
pub mod output;
pub mod run;

pub use check::{check, check_item, check_score, Verdict};
pub use input::{read_game_items, read_problem_items, BatchItem, Shard};
pub use output::{
    check_output_not_input, prepare_resume, scan_output, Format, OutputIsInput, ResumeState, Row,
};
pub use run::{run_batch, BatchSummary};
