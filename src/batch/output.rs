//! Batch output: one row per position in three formats (a table for people,
//! JSON Lines and CSV for programs), and the scan of an earlier output file
//! that `--resume` needs.

use super::check::Verdict;
use crate::formats::Position;
use crate::record::{Record, CSV_COLUMNS};
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
    /// score (`; G8:+18`; with `--all-moves`, every legal move, best first,
    /// as the FFO files list them), then `%` and the input line's comment
    /// (or the id when it had none) — the input of a later `batch --check`.
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

impl<'a> Row<'a> {
    /// The output record of this row: the result's with the id and the
    /// verdict.
    pub fn record(&self) -> Record<'a> {
        let mut record = Record::new(self.position, self.result);
        record.id = Some(self.id);
        record.check = self.verdict.map(Verdict::word);
        record.check_detail = match self.verdict {
            Some(Verdict::Mismatch(why)) => Some(why.as_str()),
            _ => None,
        };
        record
    }
}

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
            Format::Jsonl => format!("{}\n", row.record().to_json()),
            Format::Csv => {
                let line: Vec<String> = row
                    .record()
                    .csv_fields()
                    .iter()
                    .map(|f| csv_escape(f))
                    .collect();
                format!("{}\n", line.join(","))
            }
            Format::Obf => {
                let board = row.position.to_board_string();
                match r
                    .score()
                    .filter(|_| r.status == crate::search::Status::Solved)
                {
                    Some(_) if r.mode == crate::search::Mode::Exact && !r.moves.is_empty() => {
                        // Every move, best first, as the FFO files list them.
                        let mut line = board;
                        for v in r.moves.iter() {
                            if let Some(s) = v.score() {
                                line.push_str(&format!(
                                    "; {}:{s:+}",
                                    v.square.to_string().to_uppercase()
                                ));
                            }
                        }
                        format!("{line}; % {}\n", row.comment.unwrap_or(row.id))
                    }
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
    /// Ids of the complete rows already written with a result (`solved`).
    pub done: HashSet<String>,
    /// Ids of the complete rows whose status is `unknown` (a limit was hit):
    /// [`prepare_resume`] drops them so that they are solved again.
    pub retry: HashSet<String>,
    /// Length in bytes of the complete part (up to and including the last
    /// newline); anything after it is a half-written row to cut off.
    pub keep_bytes: u64,
    /// Whether the file already starts with the header.
    pub has_header: bool,
}

/// Why an earlier output file cannot be resumed.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// Reading or rewriting failed.
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

/// The fields of a CSV line as [`Format::Csv`] writes them (quoted fields
/// with doubled quotes); `None` for an unterminated quote or text after a
/// closing quote.
fn csv_fields(line: &str) -> Option<Vec<String>> {
    let mut fields = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        let mut field = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            loop {
                match chars.next()? {
                    '"' if chars.peek() == Some(&'"') => {
                        field.push('"');
                        chars.next();
                    }
                    '"' => break,
                    c => field.push(c),
                }
            }
            match chars.next() {
                None => {
                    fields.push(field);
                    return Some(fields);
                }
                Some(',') => fields.push(field),
                Some(_) => return None,
            }
        } else {
            loop {
                match chars.next() {
                    None => {
                        fields.push(field);
                        return Some(fields);
                    }
                    Some(',') => break,
                    Some(c) => field.push(c),
                }
            }
            fields.push(field);
        }
    }
}

/// The id and status of one complete row, or why it is not a row.
fn row_id_status(line: &str, format: Format) -> Result<(String, String), String> {
    let (id, status, board) = match format {
        Format::Csv => {
            let fields = csv_fields(line).ok_or("unterminated quoted field")?;
            if fields.len() != CSV_COLUMNS.len() {
                return Err(format!(
                    "{} fields, expected {}",
                    fields.len(),
                    CSV_COLUMNS.len()
                ));
            }
            let col = |name: &str| {
                CSV_COLUMNS
                    .iter()
                    .position(|c| *c == name)
                    .map_or(String::new(), |i| fields[i].clone())
            };
            (col("id"), col("status"), col("board"))
        }
        _ => {
            let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
            let text = |name: &str| -> Result<String, String> {
                v.get(name)
                    .and_then(|x| x.as_str())
                    .map(str::to_string)
                    .ok_or(format!("no \"{name}\" text field"))
            };
            (text("id")?, text("status")?, text("board")?)
        }
    };
    if id.is_empty() {
        return Err("empty id".into());
    }
    if !matches!(status.as_str(), "solved" | "unknown") {
        return Err(format!("status {status:?}, expected solved or unknown"));
    }
    if board.chars().count() != 64 {
        return Err(format!("board {board:?} is not 64 squares"));
    }
    Ok((id, status))
}

/// Reads an earlier output file: the ids of its complete rows and where its
/// complete part ends. A missing file is an empty state. Every complete
/// line must be a row of `format` (or the CSV header on line 1): anything
/// else is an error naming the line, as appending to a foreign file would
/// lose it.
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
        if line.trim().is_empty() {
            continue;
        }
        if format == Format::Csv && i == 0 && line == CSV_COLUMNS.join(",") {
            state.has_header = true;
            continue;
        }
        let (id, status) = row_id_status(line, format).map_err(|reason| ResumeError::BadRow {
            path: path.to_path_buf(),
            line: i + 1,
            format: fmt_name,
            reason,
        })?;
        if status == "unknown" {
            state.retry.insert(id);
        } else {
            state.done.insert(id);
        }
    }
    // A position solved after an unknown row of it is done.
    state.retry.retain(|id| !state.done.contains(id));
    Ok(state)
}

/// Gets an earlier output file ready for appending the rest of a run: scans
/// it ([`scan_output`]), cuts off a half-written last row, and drops the
/// rows whose status is `unknown` so that their positions are solved again
/// — the finished file holds one row per position. The file is rewritten
/// through a temporary file beside it and a rename, so that a crash leaves
/// either the old or the new file. Returns the state; the caller skips the
/// ids in `done` and solves the rest (those in `retry` included).
pub fn prepare_resume(path: &Path, format: Format) -> Result<ResumeState, ResumeError> {
    let state = scan_output(path, format)?;
    if !path.exists() {
        return Ok(state);
    }
    let io = |source| ResumeError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bytes = std::fs::read(path).map_err(io)?;
    let complete = &bytes[..(state.keep_bytes as usize).min(bytes.len())];
    // Every complete line but the `unknown` rows (the scan checked them all).
    let mut kept = Vec::with_capacity(complete.len());
    for line in String::from_utf8_lossy(complete).split_inclusive('\n') {
        let row = row_id_status(line.trim_end_matches(['\n', '\r']), format);
        if !matches!(row, Ok((_, status)) if status == "unknown") {
            kept.extend_from_slice(line.as_bytes());
        }
    }
    if kept.len() == bytes.len() {
        return Ok(state);
    }
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(".resume-tmp");
    let tmp = path.with_file_name(tmp_name);
    std::fs::write(&tmp, &kept).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)?;
    Ok(ResumeState {
        keep_bytes: kept.len() as u64,
        ..state
    })
}

/// Refuses an output path that names one of the input files (compared by
/// canonical path, so that `./x.obf` and `x.obf` are the same file): the
/// rows would overwrite the problems.
pub fn check_output_not_input(
    output: &Path,
    inputs: &[impl AsRef<Path>],
) -> Result<(), OutputIsInput> {
    let Ok(out) = output.canonicalize() else {
        // A file that does not exist yet is none of the inputs.
        return Ok(());
    };
    for input in inputs {
        if input.as_ref().canonicalize().is_ok_and(|p| p == out) {
            return Err(OutputIsInput(output.to_path_buf()));
        }
    }
    Ok(())
}

/// The output file is one of the input files.
#[derive(Debug, thiserror::Error)]
#[error("--output {}: this is one of the input files; its problems would be overwritten by the results (choose another output file)", .0.display())]
pub struct OutputIsInput(pub PathBuf);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_round_trip() {
        assert_eq!(
            csv_fields("a.obf:3,xx,"),
            Some(vec!["a.obf:3".into(), "xx".into(), String::new()])
        );
        let quoted = csv_escape("we,ird\"name:3");
        assert_eq!(
            csv_fields(&format!("{quoted},rest")),
            Some(vec!["we,ird\"name:3".into(), "rest".into()])
        );
        assert_eq!(csv_fields("\"open,rest"), None);
        assert_eq!(csv_fields("\"a\"b,rest"), None);
    }
}
