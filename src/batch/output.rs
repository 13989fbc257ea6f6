//! Batch output: one row per position in three formats (a table for people,
//! JSON Lines and CSV for programs), and the scan of an earlier output file
//! that `--resume` needs.

use super::check::Verdict;
use crate::formats::Position;
use crate::search::SolveResult;
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Aligned columns for people, with a summary at the end.
    Table,
    /// One JSON object a line, the schema of `solve --json` plus `id`.
    Jsonl,
    /// Comma-separated values with a header line.
    Csv,
    /// A problem file in OBF: the board, then every best move with the exact
    /// score (`; G8:+18`), then `%` and the input line's comment (or the id
    /// when it had none) — the input of a later `batch --check`.
    /// Unsolved positions are written as comment lines.
    Obf,
}

/// One finished position.
#[derive(Clone, Copy, Debug)]
pub struct Row<'a> {
    /// The item's id.
    pub id: &'a str,
    /// The position.
    pub position: &'a Position,
    /// The answer.
    pub result: &'a SolveResult,
    /// The `--check` verdict, when checking.
    pub verdict: Option<&'a Verdict>,
    /// The input line's comment, if any (kept by the OBF format).
    pub comment: Option<&'a str>,
}

/// The CSV columns, in order.
/// (`all_best`, added last, says whether `best_moves` lists every best move.)
pub const CSV_COLUMNS: [&str; 19] = [
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
];

fn csv_escape(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn moves_text(r: &SolveResult) -> (String, String) {
    let best: Vec<String> = r.best_moves.iter().map(|s| s.to_string()).collect();
    let pv: Vec<String> =
        r.pv.iter()
            .map(|m| m.map_or_else(|| "pass".to_string(), |s| s.to_string()))
            .collect();
    (best.join(" "), pv.join(" "))
}

/// The result in a few characters: `+12`, `win`, `>=4 yes`, or `[-4,+8]` when unknown.
pub fn result_text(r: &SolveResult) -> String {
    use crate::search::{Mode, Status};
    if r.status == Status::Unknown {
        return format!("unknown [{:+},{:+}]", r.lower, r.upper);
    }
    match r.mode {
        Mode::Exact => r.score().map_or_else(
            || format!("[{:+},{:+}]", r.lower, r.upper),
            |s| format!("{s:+}"),
        ),
        Mode::Wld => r.wld().unwrap_or("?").to_string(),
        Mode::Bound(k) => match r.bound_holds() {
            Some(true) => format!(">={k:+} yes"),
            Some(false) => format!(">={k:+} no"),
            None => "?".to_string(),
        },
    }
}

impl Format {
    /// The header line (with its newline), if the format has one.
    pub fn header(&self) -> Option<String> {
        match self {
            Format::Csv => Some(format!("{}\n", CSV_COLUMNS.join(","))),
            Format::Table => Some(format!(
                "{:<28} {:>3} {:>14} {:<12} {:>14} {:>9} {:>8} {}\n",
                "id", "emp", "result", "best", "nodes", "time s", "Mn/s", "check"
            )),
            Format::Jsonl => None,
            Format::Obf => Some(
                "% written by othello-solver batch --format obf: best moves with exact scores\n"
                    .to_string(),
            ),
        }
    }

    /// One row, ending with a newline, written in one piece.
    pub fn row(&self, row: &Row<'_>) -> String {
        let r = row.result;
        let check = row.verdict.map(Verdict::word);
        match self {
            Format::Jsonl => {
                let mut v = r.to_json(row.position);
                if let Some(obj) = v.as_object_mut() {
                    obj.insert("id".into(), row.id.into());
                    if let Some(verdict) = row.verdict {
                        obj.insert("check".into(), verdict.word().into());
                        if let Verdict::Mismatch(why) = verdict {
                            obj.insert("check_detail".into(), why.as_str().into());
                        }
                    }
                }
                format!("{v}\n")
            }
            Format::Csv => {
                let (best, pv) = moves_text(r);
                let bound = match r.mode {
                    crate::search::Mode::Bound(k) => k.to_string(),
                    _ => String::new(),
                };
                let fields = [
                    row.id.to_string(),
                    row.position.squares_string(),
                    row.position.side.symbol().to_string(),
                    row.position.board.empties().to_string(),
                    r.mode.name().to_string(),
                    bound,
                    r.algo.to_string(),
                    format!("{:?}", r.status).to_lowercase(),
                    r.score().map(|s| s.to_string()).unwrap_or_default(),
                    r.wld().unwrap_or("").to_string(),
                    r.lower.to_string(),
                    r.upper.to_string(),
                    best,
                    pv,
                    r.nodes.to_string(),
                    r.leaf_nodes.to_string(),
                    format!("{:.6}", r.time_s),
                    check.unwrap_or("").to_string(),
                    r.all_best.to_string(),
                ];
                let line: Vec<String> = fields.iter().map(|f| csv_escape(f)).collect();
                format!("{}\n", line.join(","))
            }
            Format::Obf => {
                let board = row.position.to_board_string();
                match r
                    .score()
                    .filter(|_| r.status == crate::search::Status::Solved)
                {
                    Some(score) if r.mode == crate::search::Mode::Exact => {
                        let mut line = board;
                        for sq in &r.best_moves {
                            line.push_str(&format!(
                                "; {}:{score:+}",
                                sq.to_string().to_uppercase()
                            ));
                        }
                        if r.best_moves.is_empty() {
                            line.push_str(&format!("; --:{score:+}"));
                        }
                        format!("{line}; % {}\n", row.comment.unwrap_or(row.id))
                    }
                    _ => format!("% {board} {}: {}\n", row.id, result_text(r)),
                }
            }
            Format::Table => {
                let (best, _) = moves_text(r);
                format!(
                    "{:<28} {:>3} {:>14} {:<12} {:>14} {:>9.3} {:>8.2} {}\n",
                    row.id,
                    row.position.board.empties(),
                    result_text(r),
                    if best.is_empty() {
                        "-".to_string()
                    } else {
                        best
                    },
                    r.nodes + r.leaf_nodes,
                    r.time_s,
                    r.nodes_per_second() / 1e6,
                    check.unwrap_or("")
                )
            }
        }
    }
}

/// What an earlier output file holds, for `--resume`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResumeState {
    /// Ids of the complete rows already written.
    pub done: HashSet<String>,
    /// Length in bytes of the complete part (up to and including the last
    /// newline); anything after it is a half-written row to cut off.
    pub keep_bytes: u64,
    /// Whether the file already starts with the header.
    pub has_header: bool,
}

/// Why an earlier output file cannot be resumed.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// Reading failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A complete line that is not a row of this format.
    #[error(
        "{path}:{line}: not a {format} row of this program ({reason}); refusing to append to it"
    )]
    BadRow {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// `jsonl` or `csv`.
        format: &'static str,
        /// What was wrong.
        reason: String,
    },
    /// Resuming needs a machine format.
    #[error("--resume needs --format jsonl or csv (a table or OBF file cannot be resumed)")]
    TableFormat,
}

/// The first field of a CSV line, unquoting it if quoted.
fn csv_first_field(line: &str) -> Option<String> {
    if let Some(rest) = line.strip_prefix('"') {
        let mut out = String::new();
        let mut chars = rest.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    out.push('"');
                    chars.next();
                } else {
                    return Some(out);
                }
            } else {
                out.push(c);
            }
        }
        None
    } else {
        line.split(',').next().map(str::to_string)
    }
}

/// Reads an earlier output file: the ids of its complete rows and where its
/// complete part ends. A missing file is an empty state.
pub fn scan_output(path: &Path, format: Format) -> Result<ResumeState, ResumeError> {
    let io = |source| ResumeError::Io {
        path: path.to_path_buf(),
        source,
    };
    if matches!(format, Format::Table | Format::Obf) {
        return Err(ResumeError::TableFormat);
    }
    let mut bytes = Vec::new();
    match std::fs::File::open(path) {
        Ok(mut f) => {
            f.read_to_end(&mut bytes).map_err(io)?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(ResumeState::default()),
        Err(e) => return Err(io(e)),
    }
    let keep = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut state = ResumeState {
        keep_bytes: keep as u64,
        ..ResumeState::default()
    };
    let text = String::from_utf8_lossy(&bytes[..keep]);
    let fmt_name = if format == Format::Csv {
        "csv"
    } else {
        "jsonl"
    };
    for (i, line) in text.lines().enumerate() {
        let bad = |reason: String| ResumeError::BadRow {
            path: path.to_path_buf(),
            line: i + 1,
            format: fmt_name,
            reason,
        };
        if line.trim().is_empty() {
            continue;
        }
        let id = match format {
            Format::Csv => {
                if i == 0 && line == CSV_COLUMNS.join(",") {
                    state.has_header = true;
                    continue;
                }
                csv_first_field(line).ok_or_else(|| bad("unterminated quoted id".into()))?
            }
            _ => {
                let v: serde_json::Value =
                    serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
                v.get("id")
                    .and_then(|x| x.as_str())
                    .ok_or_else(|| bad("no \"id\" field".into()))?
                    .to_string()
            }
        };
        state.done.insert(id);
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_round_trip() {
        assert_eq!(csv_first_field("a.obf:3,xx"), Some("a.obf:3".into()));
        let quoted = csv_escape("we,ird\"name:3");
        assert_eq!(
            csv_first_field(&format!("{quoted},rest")),
            Some("we,ird\"name:3".into())
        );
    }
}
