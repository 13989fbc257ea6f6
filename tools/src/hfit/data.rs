//! The fit-h data file: one line per solved problem ([`Record`]), written by
//! `fit-h --data` and read back by `fit-h --from-data`.

use othello_solver::board::Board;
use std::path::{Path, PathBuf};

/// One solved problem: what fit-h records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position, side to move's view.
    pub board: Board,
    /// The target: "score ≥ k".
    pub k: i32,
    /// The hand-over of the solve (0 = pure df-pn).
    pub leaf_empties: u32,
    /// Proved (true) or disproved.
    pub proven: bool,
    /// The root threshold that sufficed: tips of the solution tree.
    pub tips: u64,
    /// df-pn nodes of the solve (the tip count's extra solves included).
    pub nodes: u64,
    /// Where the position came from (game id).
    pub source: String,
}

impl Record {
    /// The stage: empty squares of the position.
    pub fn empties(&self) -> u32 {
        self.board.empties()
    }

    /// The data-file line (see [`parse_data`]).
    pub fn to_line(&self) -> String {
        format!(
            "{} {} {} {} {} {} {:016x} {:016x} {}",
            self.empties(),
            self.leaf_empties,
            self.k,
            if self.proven { "proved" } else { "disproved" },
            self.tips,
            self.nodes,
            self.board.player,
            self.board.opponent,
            if self.source.is_empty() {
                "-"
            } else {
                &self.source
            }
        )
    }
}

/// The column header of a data file.
pub const DATA_COLUMNS: &str =
    "empties leaf_empties k result tips nodes player_hex opponent_hex source";

/// A malformed data file.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A line is malformed.
    #[error("{path}:{line}: field {field} ({name}): {reason}")]
    Line {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based field.
        field: usize,
        /// The field's name.
        name: &'static str,
        /// What is wrong.
        reason: String,
    },
}

/// Parses a data file: `#` comments, then one [`Record::to_line`] a line
/// (fields: [`DATA_COLUMNS`]). `path` names the source in errors.
pub fn parse_data(text: &str, path: &Path) -> Result<Vec<Record>, DataError> {
    const NAMES: [&str; 9] = [
        "empties",
        "leaf_empties",
        "k",
        "result",
        "tips",
        "nodes",
        "player_hex",
        "opponent_hex",
        "source",
    ];
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |field: usize, reason: String| DataError::Line {
            path: path.to_path_buf(),
            line: i + 1,
            field,
            name: NAMES.get(field.wrapping_sub(1)).copied().unwrap_or("line"),
            reason,
        };
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 9 {
            return Err(err(
                f.len() + 1,
                format!("missing: expected 9 fields ({DATA_COLUMNS})"),
            ));
        }
        let num = |j: usize| -> Result<u64, DataError> {
            f[j].parse::<u64>()
                .map_err(|_| err(j + 1, format!("{:?} is not a non-negative integer", f[j])))
        };
        let hex = |j: usize| -> Result<u64, DataError> {
            u64::from_str_radix(f[j], 16)
                .map_err(|_| err(j + 1, format!("{:?} is not a 64-bit hex number", f[j])))
        };
        let empties = num(0)?;
        let leaf_empties = num(1)?;
        if leaf_empties > 60 {
            return Err(err(2, format!("{leaf_empties} is more than 60")));
        }
        let k: i32 = f[2]
            .parse()
            .ok()
            .filter(|k: &i32| (-64..=64).contains(k))
            .ok_or_else(|| err(3, format!("{:?} is not a target -64..=64", f[2])))?;
        let proven = match f[3] {
            "proved" => true,
            "disproved" => false,
            other => return Err(err(4, format!("{other:?} is neither proved nor disproved"))),
        };
        let tips = num(4)?;
        if tips == 0 {
            return Err(err(5, "a solution tree has at least one tip".into()));
        }
        let nodes = num(5)?;
        let board = Board::new(hex(6)?, hex(7)?)
            .ok_or_else(|| err(8, "player and opponent discs overlap".into()))?;
        if board.empties() as u64 != empties {
            return Err(err(
                1,
                format!("says {empties} but the board has {}", board.empties()),
            ));
        }
        out.push(Record {
            board,
            k,
            leaf_empties: leaf_empties as u32,
            proven,
            tips,
            nodes,
            source: f[8..].join(" "),
        });
    }
    Ok(out)
}

/// Reads a data file ([`parse_data`]).
pub fn read_data(path: &Path) -> Result<Vec<Record>, DataError> {
    let text = std::fs::read_to_string(path).map_err(|source| DataError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_data(&text, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_lines_round_trip_and_errors_name_line_and_field() {
        let r = Record {
            board: Board::start(),
            k: 1,
            leaf_empties: 0,
            proven: false,
            tips: 17,
            nodes: 99,
            source: "WTH_1990.wtb#3".into(),
        };
        let text = format!("# {DATA_COLUMNS}\n{}\n", r.to_line());
        assert_eq!(
            parse_data(&text, Path::new("d.txt")).unwrap(),
            vec![r.clone()]
        );
        let bad = text.replace(" disproved ", " maybe ");
        let e = parse_data(&bad, Path::new("d.txt"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("d.txt:2: field 4 (result)"), "{e}");
        let bad = text.replace(" 17 ", " 0 ");
        let e = parse_data(&bad, Path::new("d.txt"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("d.txt:2: field 5 (tips)"), "{e}");
        let bad = format!("{}\n", r.to_line().replacen("60 ", "59 ", 1));
        let e = parse_data(&bad, Path::new("d.txt"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("d.txt:1: field 1 (empties)"), "{e}");
        let e = parse_data("1 2 3\n", Path::new("d.txt"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("d.txt:1: field 4"), "{e}");
    }
}
