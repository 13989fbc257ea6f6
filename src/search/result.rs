//! What a solve asks (mode, limits) and what it answers ([`SolveResult`]),
//! shared by every algorithm; `crate::record` writes it out.

use crate::board::Square;
use crate::units::Score;
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
    pub lower: Score,
    /// Proven upper bound on the score (+64 when nothing is proven).
    pub upper: Score,
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
    /// Every legal move's own value, best first, when the solve was asked
    /// for every move (`--all-moves`); empty otherwise, and when the side
    /// to move has no move.
    pub moves: Vec<MoveValue>,
}

/// One legal move's value, from the mover's view (the score of the game
/// after it, with perfect play on both sides), as the question asked it:
/// exact (`lower == upper`), or the bounds that decide win/draw/loss or the
/// bound question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub square: Square,
    /// Proven lower bound on the move's score.
    pub lower: Score,
    /// Proven upper bound on the move's score.
    pub upper: Score,
}

impl MoveValue {
    /// The exact score, when proven.
    pub fn score(&self) -> Option<Score> {
        (self.lower == self.upper).then_some(self.lower)
    }

    /// `"win"`, `"draw"` or `"loss"` when the bounds decide it.
    pub fn wld(&self) -> Option<&'static str> {
        wld_of(self.lower, self.upper)
    }
}

/// The moves of the best value among `values` (best first, as a solve
/// gives them): every move whose bounds equal the first's.
pub fn best_moves_of(values: &[MoveValue]) -> Vec<Square> {
    let top = values.first().map(|v| (v.lower, v.upper));
    values
        .iter()
        .filter(|v| Some((v.lower, v.upper)) == top)
        .map(|v| v.square)
        .collect()
}

/// `"win"`, `"draw"` or `"loss"` when the bounds `[lower, upper]` decide it.
fn wld_of(lower: i32, upper: i32) -> Option<&'static str> {
    if lower > 0 {
        Some("win")
    } else if upper < 0 {
        Some("loss")
    } else if lower == 0 && upper == 0 {
        Some("draw")
    } else {
        None
    }
}

impl SolveResult {
    /// A result of `algo` for `mode` with nothing proven yet (bounds
    /// ±64, no move, no node), solved until a search says otherwise.
    pub fn open(mode: Mode, algo: &'static str, all_best: bool) -> SolveResult {
        SolveResult {
            mode,
            algo,
            status: Status::Solved,
            lower: -64,
            upper: 64,
            best_moves: Vec::new(),
            all_best,
            pv: Vec::new(),
            nodes: 0,
            leaf_nodes: 0,
            time_s: 0.0,
            table: None,
            moves: Vec::new(),
        }
    }

    /// The exact score, when proven (`lower == upper`).
    pub fn score(&self) -> Option<Score> {
        (self.lower == self.upper).then_some(self.lower)
    }

    /// `"win"`, `"draw"` or `"loss"` when the bounds decide it.
    pub fn wld(&self) -> Option<&'static str> {
        wld_of(self.lower, self.upper)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn value(sq: &str, lower: i32, upper: i32) -> MoveValue {
        MoveValue {
            // A literal square name of the test: always valid.
            square: Square::parse(sq).unwrap_or_else(|e| panic!("{e}")),
            lower,
            upper,
        }
    }

    #[test]
    fn every_best_move_is_one_of_the_top_value() {
        let v = [value("a1", 4, 4), value("b1", 4, 4), value("c1", 2, 2)];
        let names: Vec<String> = best_moves_of(&v).iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "b1"]);
        assert!(best_moves_of(&[]).is_empty());
    }
}
