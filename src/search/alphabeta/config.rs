//! What a solve is asked and how its root runs: the library user's
//! [`SolveOptions`] of one solve, and the searcher's [`Config`] that the
//! root driver reads.

use crate::search::Limits;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Options of one solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Transposition-table size in mebibytes.
    pub hash_mb: usize,
    /// Time and node limits.
    pub limits: Limits,
    /// List every best move instead of one.
    pub all_best: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            hash_mb: 64,
            limits: Limits::default(),
            all_best: false,
        }
    }
}

/// What a question asks for beyond its mode, and how the root runs.
#[derive(Clone, Default)]
pub(super) struct Config {
    /// Whether a solve lists every best move.
    pub(super) all_best: bool,
    /// Whether a solve values every legal move.
    pub(super) all_moves: bool,
    /// Whether an exact solve runs the selective ladder first.
    pub(super) presearch: bool,
    /// An outside stop request (Ctrl-C) that every solve's budget watches.
    pub(super) interrupt: Option<Arc<AtomicBool>>,
}
