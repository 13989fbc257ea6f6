//! The positions of a batch: read from problem files (and, through the
//! callers, from game records), each with a stable `id`, and split into
//! shards.

use crate::formats::problem::{read_problem_file, Problem, ProblemError};
use crate::formats::Position;
use std::path::Path;

/// One position to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchItem {
    /// A stable identifier: `FILE:LINE` for problem files, the game's id and
    /// the empties for game records. Unique within one batch.
    pub id: String,
    /// The position.
    pub position: Position,
    /// The problem line it came from, with any known scores.
    pub problem: Option<Problem>,
}

/// The items of a set of problem files, in file and line order, and the
/// errors of the lines that could not be read. An unreadable file is an
/// error of its own (the outer `Err`).
pub fn read_problem_items(
    paths: &[impl AsRef<Path>],
) -> Result<(Vec<BatchItem>, Vec<ProblemError>), ProblemError> {
    let mut items = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        let path = path.as_ref();
        for entry in read_problem_file(path)? {
            match entry {
                Ok(problem) => items.push(BatchItem {
                    id: format!("{}:{}", path.display(), problem.line),
                    position: problem.position,
                    problem: Some(problem),
                }),
                Err(e) => errors.push(e),
            }
        }
    }
    Ok((items, errors))
}

/// A shard `I/N`: the `index`-th (1-based) of `count` near-equal contiguous parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based part number, `1..=count`.
    pub index: usize,
    /// Number of parts.
    pub count: usize,
}

/// Why a `--shard` value could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad shard {0:?}: expected I/N with 1 <= I <= N, e.g. 2/8")]
pub struct ShardParseError(pub String);

impl std::str::FromStr for Shard {
    type Err = ShardParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ShardParseError(s.to_string());
        let (i, n) = s.split_once('/').ok_or_else(err)?;
        let index: usize = i.trim().parse().map_err(|_| err())?;
        let count: usize = n.trim().parse().map_err(|_| err())?;
        if index == 0 || count == 0 || index > count {
            return Err(err());
        }
        Ok(Shard { index, count })
    }
}

impl Shard {
    /// The index range of this shard among `len` items: parts differ in size
    /// by at most one, and the `count` shards cover every item exactly once.
    pub fn range(&self, len: usize) -> std::ops::Range<usize> {
        let lo = (self.index - 1) * len / self.count;
        let hi = self.index * len / self.count;
        lo..hi
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_everything_once() {
        for len in [0, 1, 7, 100, 101] {
            for count in 1..=9 {
                let mut covered = 0;
                let mut next = 0;
                for index in 1..=count {
                    let r = Shard { index, count }.range(len);
                    assert_eq!(r.start, next);
                    assert!(r.len() <= len / count + 1);
                    next = r.end;
                    covered += r.len();
                }
                assert_eq!(covered, len);
            }
        }
        assert_eq!("2/8".parse::<Shard>(), Ok(Shard { index: 2, count: 8 }));
        for bad in ["0/4", "5/4", "1/0", "x/4", "3", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
