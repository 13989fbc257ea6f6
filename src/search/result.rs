//! What a solve asks (mode, limits) and what it answers ([`SolveResult`]),
//! shared by every algorithm; `crate::record` writes it out.

use crate::board::Square;
use serde::Serialize;
use std::time::Duration;

/// The counters of df-pn's proof-number table (a result reports them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableStats {
    /// Lookups.
    pub probes: u64,
    /// Lookups that found the board.
    pub hits: u64,
    /// Stores (updates of an existing entry included).
    pub stores: u64,
    /// Stores that evicted another board.
    pub replacements: u64,
    /// Garbage collections.
    pub collections: u64,
    /// Entries in use now.
    pub entries: u64,
    /// Capacity in entries.
    pub capacity: u64,
}

/// The question asked about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The exact final disc difference.
    Exact,
    /// Win, draw or loss (targets ≥ +1 and ≥ −1).
    Wld,
    /// One question: is the score ≥ k?
    Bound(i32),
}

impl Mode {
    /// `"exact"`, `"wld"` or `"bound"`.
    pub fn name(&self) -> &'static str {
        match self {
            Mode::Exact => "exact",
            Mode::Wld => "wld",
            Mode::Bound(_) => "bound",
        }
    }
}

/// Whether the question was answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Answered exactly.
    Solved,
    /// A limit (time, nodes, memory) stopped the search first; `lower`/`upper`
    /// hold what was proven.
    Unknown,
}

/// Limits on one solve. `None` is no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Nodes (all kinds counted together).
    pub nodes: Option<u64>,
}

/// The answer of a solve, from the side to move's view. Scores are final disc
/// differences with the empty squares given to the winner.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveResult {
    /// The question.
    pub mode: Mode,
    /// The algorithm's name (`alphabeta`, `dfpn`, `dfpn+`).
    pub algo: &'static str,
    /// Solved or unknown.
    pub status: Status,
    /// Proven lower bound on the score (−64 when nothing is proven).
    pub lower: i32,
    /// Proven upper bound on the score (+64 when nothing is proven).
    pub upper: i32,
    /// The moves that reach the optimum (exact and WLD modes, when solved;
    /// for a bound, moves that prove it): every such move when `all_best`,
    /// else one; empty when the side to move must pass or the game is over.
    pub best_moves: Vec<Square>,
    /// Whether `best_moves` lists every best move (`--all-best`) rather than
    /// one.
    pub all_best: bool,
    /// A principal variation to the end of the game (`None` = pass).
    pub pv: Vec<Option<Square>>,
    /// Nodes of the main search.
    pub nodes: u64,
    /// Nodes of the leaf solver (df-pn's hand-over); 0 for alpha-beta.
    pub leaf_nodes: u64,
    /// Wall-clock seconds.
    pub time_s: f64,
    /// The proof-number table's counters (df-pn); `None` for searches without one.
    pub table: Option<TableStats>,
}

impl SolveResult {
    /// The exact score, when proven (`lower == upper`).
    pub fn score(&self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }

    /// `"win"`, `"draw"` or `"loss"` when the bounds decide it.
    pub fn wld(&self) -> Option<&'static str> {
        if self.lower > 0 {
            Some("win")
        } else if self.upper < 0 {
            Some("loss")
        } else if self.lower == 0 && self.upper == 0 {
            Some("draw")
        } else {
            None
        }
    }

    /// For a bound question, whether score ≥ k was proven (`Some(true)`),
    /// refuted (`Some(false)`) or left open (`None`).
    pub fn bound_holds(&self) -> Option<bool> {
        match self.mode {
            Mode::Bound(k) if self.lower >= k => Some(true),
            Mode::Bound(k) if self.upper < k => Some(false),
            _ => None,
        }
    }

    /// Nodes per second over both kinds of nodes.
    pub fn nodes_per_second(&self) -> f64 {
        (self.nodes + self.leaf_nodes) as f64 / self.time_s.max(1e-9)
    }
}
