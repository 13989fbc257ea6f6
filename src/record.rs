//! The output record of one solved position: one `#[derive(Serialize)]`
//! struct ([`Record`]) that `solve --json`, `batch --format jsonl` and
//! `batch --format csv` all write, so that the JSON keys and the CSV columns
//! cannot drift apart.
//!
//! JSON writes every field (keys in alphabetical order, as `serde_json`
//! orders an object; optional batch fields only when present). CSV writes
//! the fields named in [`CSV_COLUMNS`], in that order, each rendered by one
//! rule ([`csv_text`]): text as is, integers in decimal, floats with 6
//! decimals, `null` as an empty field, lists joined by spaces.

use crate::board::Square;
use crate::formats::Position;
use crate::search::{Mode, MoveValue, SolveResult, Status, TableStats};
use serde::Serialize;

/// One row of output: the position, the question, the answer and, in a
/// batch, the item's id and `--check` verdict. The schema only grows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Record<'a> {
    /// The batch item's id (`file:line`); absent for `solve`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<&'a str>,
    /// The 64 squares (`X`, `O`, `-`), a1 first.
    pub board: String,
    /// The side to move (`X` or `O`).
    pub side: String,
    /// Empty squares.
    pub empties: u32,
    /// `exact`, `wld` or `bound`.
    pub mode: &'static str,
    /// The bound question's k (`score ≥ k?`), else `null`.
    pub bound: Option<i32>,
    /// The algorithm's name.
    pub algo: &'static str,
    /// `solved` or `unknown`.
    pub status: Status,
    /// The exact score, when proven.
    pub score: Option<i32>,
    /// `win`, `draw` or `loss`, when the bounds decide it.
    pub wld: Option<&'static str>,
    /// For a bound question, whether it holds (JSON only).
    pub bound_holds: Option<bool>,
    /// Proven lower bound.
    pub lower: i32,
    /// Proven upper bound.
    pub upper: i32,
    /// The best moves (`SolveResult::best_moves`).
    pub best_moves: Vec<String>,
    /// The principal variation, `pass` for a pass.
    pub pv: Vec<String>,
    /// Nodes of the main search.
    pub nodes: u64,
    /// Nodes of the leaf solver.
    pub leaf_nodes: u64,
    /// Wall-clock seconds.
    pub time_s: f64,
    /// The `--check` verdict word (`ok`, `MISMATCH`, …), when checking.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<&'a str>,
    /// What a mismatch was (JSON only), when there was one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check_detail: Option<&'a str>,
    /// Whether `best_moves` lists every best move.
    pub all_best: bool,
    /// The proof-number table's counters (JSON only; `null` without one).
    pub table: Option<TableStats>,
    /// Every legal move's value, best first, when every move was asked for
    /// (`--all-moves`); empty otherwise. CSV: `move:value` pairs joined by
    /// spaces ([`MoveRecord::text`]).
    pub moves: Vec<MoveRecord>,
    /// A midgame search's estimate of an unknown position (`solve
    /// --estimate`; JSON only, absent otherwise): never a proven result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<EstimateRecord>,
}

/// A labelled estimate in a [`Record`] ([`crate::search::Thought`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EstimateRecord {
    /// The move the midgame search prefers (`null`: pass or game over).
    #[serde(rename = "move")]
    pub square: Option<String>,
    /// Its value in discs for the side to move.
    pub value: f32,
    /// Depth and confidence, as players read them (`18@95%`).
    pub precision: String,
    /// The expected line, `pass` for a pass.
    pub pv: Vec<String>,
    /// Nodes of the midgame search.
    pub nodes: u64,
    /// Its seconds.
    pub time_s: f64,
}

impl EstimateRecord {
    /// The record of a [`crate::search::Thought`].
    pub fn new(t: &crate::search::Thought) -> EstimateRecord {
        EstimateRecord {
            square: t.best().map(|s| s.to_string()),
            value: t.value,
            precision: t.precision.to_string(),
            pv: t
                .pv
                .iter()
                .map(|m| m.map_or_else(|| "pass".to_string(), |s| s.to_string()))
                .collect(),
            nodes: t.nodes,
            time_s: t.time_s,
        }
    }
}

/// One legal move's value in a [`Record`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveRecord {
    /// The move (`a2`).
    #[serde(rename = "move")]
    pub square: String,
    /// Its exact score, when proven.
    pub score: Option<i32>,
    /// `win`, `draw` or `loss`, when the bounds decide it.
    pub wld: Option<&'static str>,
    /// Proven lower bound on its score.
    pub lower: i32,
    /// Proven upper bound on its score.
    pub upper: i32,
}

impl MoveRecord {
    /// The record of one move's value.
    pub fn new(v: &MoveValue) -> MoveRecord {
        MoveRecord {
            square: v.square.to_string(),
            score: v.score(),
            wld: v.wld(),
            lower: v.lower,
            upper: v.upper,
        }
    }

    /// `a2:+38` (exact), `a2:win` (decided), else `a2:[-2,+64]` (bounds).
    pub fn text(&self) -> String {
        match (self.score, self.wld) {
            (Some(s), _) => format!("{}:{s:+}", self.square),
            (None, Some(w)) if self.lower > 0 || self.upper < 0 => format!("{}:{w}", self.square),
            _ => format!("{}:[{:+},{:+}]", self.square, self.lower, self.upper),
        }
    }
}

/// The CSV columns, in order: fields of [`Record`] (`bound_holds`,
/// `check_detail` and `table` are JSON only). `all_best` says whether
/// `best_moves` lists every best move; `moves`, added last, is every move's
/// value when asked for.
pub const CSV_COLUMNS: [&str; 20] = [
    "id",
    "board",
    "side",
    "empties",
    "mode",
    "bound",
    "algo",
    "status",
    "score",
    "wld",
    "lower",
    "upper",
    "best_moves",
    "pv",
    "nodes",
    "leaf_nodes",
    "time_s",
    "check",
    "all_best",
    "moves",
];

impl<'a> Record<'a> {
    /// The record of `result` for `position`, without batch fields.
    pub fn new(position: &Position, result: &SolveResult) -> Record<'a> {
        let square = |s: &Square| s.to_string();
        Record {
            id: None,
            board: position.squares_string(),
            side: position.side.symbol().to_string(),
            empties: position.board.empties(),
            mode: result.mode.name(),
            bound: match result.mode {
                Mode::Bound(k) => Some(k),
                _ => None,
            },
            algo: result.algo,
            status: result.status,
            score: result.score(),
            wld: result.wld(),
            bound_holds: result.bound_holds(),
            lower: result.lower,
            upper: result.upper,
            best_moves: result.best_moves.iter().map(square).collect(),
            pv: result
                .pv
                .iter()
                .map(|m| m.as_ref().map_or_else(|| "pass".to_string(), square))
                .collect(),
            nodes: result.nodes,
            leaf_nodes: result.leaf_nodes,
            time_s: result.time_s,
            check: None,
            check_detail: None,
            all_best: result.all_best,
            table: result.table,
            moves: result.moves.iter().map(MoveRecord::new).collect(),
            estimate: None,
        }
    }

    /// The record as a JSON value (an object).
    pub fn to_json(&self) -> serde_json::Value {
        // A struct of plain fields always serializes.
        serde_json::to_value(self).unwrap_or_default()
    }

    /// The CSV fields, in [`CSV_COLUMNS`] order (not yet escaped).
    pub fn csv_fields(&self) -> Vec<String> {
        let value = self.to_json();
        CSV_COLUMNS
            .iter()
            .map(|&name| match name {
                "moves" => self
                    .moves
                    .iter()
                    .map(MoveRecord::text)
                    .collect::<Vec<_>>()
                    .join(" "),
                _ => value.get(name).map_or_else(String::new, csv_text),
            })
            .collect()
    }
}

/// One field's CSV text: text as is, integers in decimal, floats with 6
/// decimals, `null` empty, lists joined by spaces.
pub fn csv_text(value: &serde_json::Value) -> String {
    use serde_json::Value;
    match value {
        Value::Null => String::new(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) if n.is_f64() => format!("{:.6}", n.as_f64().unwrap_or(f64::NAN)),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(csv_text).collect::<Vec<_>>().join(" "),
        Value::Object(_) => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (Position, SolveResult) {
        let position = Position::default();
        let result = SolveResult {
            mode: Mode::Bound(4),
            algo: "dfpn+",
            status: Status::Solved,
            lower: 4,
            upper: 64,
            best_moves: vec![Square::parse("d3").unwrap()],
            all_best: false,
            pv: vec![None],
            nodes: 7,
            leaf_nodes: 9,
            time_s: 0.25,
            table: Some(TableStats::default()),
            moves: Vec::new(),
        };
        (position, result)
    }

    #[test]
    fn every_csv_column_is_a_record_field() {
        let (position, result) = sample();
        let mut record = Record::new(&position, &result);
        record.id = Some("a:1");
        record.check = Some("ok");
        record.check_detail = Some("why");
        let json = record.to_json();
        let keys: Vec<&str> = json
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        for column in CSV_COLUMNS {
            assert!(keys.contains(&column), "CSV column {column} is no field");
        }
        let json_only: Vec<&str> = keys
            .iter()
            .copied()
            .filter(|k| !CSV_COLUMNS.contains(k))
            .collect();
        assert_eq!(json_only, ["bound_holds", "check_detail", "table"]);
    }

    #[test]
    fn csv_renders_each_kind_of_field() {
        let (position, result) = sample();
        let fields = Record::new(&position, &result).csv_fields();
        let col = |name: &str| {
            let i = CSV_COLUMNS.iter().position(|c| *c == name).unwrap();
            fields[i].as_str()
        };
        assert_eq!(col("id"), "");
        assert_eq!(col("mode"), "bound");
        assert_eq!(col("bound"), "4");
        assert_eq!(col("status"), "solved");
        assert_eq!(col("score"), "");
        assert_eq!(col("best_moves"), "d3");
        assert_eq!(col("pv"), "pass");
        assert_eq!(col("time_s"), "0.250000");
        assert_eq!(col("all_best"), "false");
        assert_eq!(col("check"), "");
    }
}
