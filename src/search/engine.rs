//! One entry point for every algorithm: an [`Engine`] is a reusable solver
//! (its tables are allocated once) configured with an [`Algo`], a table size
//! and limits. `solve`, `batch` and `bench` all go through it.

use super::alphabeta::Searcher;
use super::{Limits, Mode, SolveResult};
use crate::board::Board;

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algo {
    /// Exact null-window alpha-beta with a transposition table.
    Alphabeta,
}

impl Algo {
    /// The name used on the command line and in output (`alphabeta`, …).
    pub fn name(&self) -> &'static str {
        match self {
            Algo::Alphabeta => "alphabeta",
        }
    }
}

/// How to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// The algorithm.
    pub algo: Algo,
    /// Table size in mebibytes (per engine).
    pub hash_mb: usize,
    /// Time and node limits, per position.
    pub limits: Limits,
}

/// A reusable solver. Positions solved one after another share the table
/// (entries are keyed by the full board, so this only saves work).
pub struct Engine {
    config: EngineConfig,
    alphabeta: Searcher,
}

impl Engine {
    /// An engine with its tables allocated.
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            config,
            alphabeta: Searcher::new(config.hash_mb),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Answers `mode` about `board` (side to move's view) within the limits.
    pub fn solve(&mut self, board: &Board, mode: Mode) -> SolveResult {
        match self.config.algo {
            Algo::Alphabeta => self.alphabeta.solve(board, mode, self.config.limits),
        }
    }
}
