//! The positions of a batch: read from problem files or from game records,
//! each with a stable `id`, and split into shards.

use crate::formats::games::{read_game_files, GameFileError};
use crate::formats::problem::{read_problem_file, Problem, ProblemError};
use crate::formats::Position;
use crate::sample::Candidate;
use std::path::Path;

/// One position to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchItem {
    /// A stable identifier: `FILE:LINE` for problem files, FILE being the
    /// file's canonical path (absolute, links resolved), or the game's id
    /// (e.g. `WTH_1990.wtb#123`) for game records.
    pub id: String,
    /// The position.
    pub position: Position,
    /// The problem line it came from, with any known scores.
    pub problem: Option<Problem>,
    /// A known exact score of the position without per-move scores (side to
    /// move's view, empties to the winner), e.g. WTHOR's theoretical score
    /// at 24 empties.
    pub known_score: Option<i32>,
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
        let entries = read_problem_file(path)?;
        // The id names the file by its canonical path: `x.obf`, `./x.obf`
        // and a symbolic link to it give the same ids (resume matches them).
        let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        for entry in entries {
            match entry {
                Ok(problem) => items.push(BatchItem {
                    id: format!("{}:{}", canonical.display(), problem.line),
                    position: problem.position,
                    problem: Some(problem),
                    known_score: None,
                }),
                Err(e) => errors.push(e),
            }
        }
    }
    Ok((items, errors))
}

/// One item per game of the given game-record files that reaches `empties`
/// empty squares with a side able to move — the sampler's rule,
/// [`crate::formats::games::Game::position_to_solve_at`] — in file and
/// record order, without de-duplication. The id is the game's id; the known
/// score is the game's perfect-play score when it is recorded for exactly
/// `empties` empties (WTHOR byte 7 at 24 empties). The second list describes
/// the records that could not be replayed (`FILE#RECORD: reason` or
/// `FILE:LINE: reason`); games that never reach `empties` are skipped
/// silently. A file that cannot be read is the outer error.
pub fn read_game_items(
    paths: &[impl AsRef<Path> + Sync],
    empties: u32,
) -> Result<(Vec<BatchItem>, Vec<String>), GameFileError> {
    let mut items = Vec::new();
    let mut rejections = Vec::new();
    for file in read_game_files(paths) {
        let file = file?;
        rejections.extend(file.rejected.iter().map(|r| file.describe(r)));
        items.extend(
            file.games
                .iter()
                .filter_map(|g| Candidate::of_game(g, empties))
                .map(|c| BatchItem {
                    id: c.game_id,
                    position: c.position,
                    problem: None,
                    known_score: c.theoretical,
                }),
        );
    }
    Ok((items, rejections))
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
    use crate::formats::games::wthor::{write_wthor_set, WthorWriteOptions};
    use crate::formats::games::{parse_game_bytes, GameFormat, Theoretical};

    #[test]
    fn game_items_follow_the_sampler_rule() {
        let dir =
            std::env::temp_dir().join(format!("othello-batch-game-items-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        // A full game in which black passes before move 59, a wipe-out over
        // at 43 empties, and a short game.
        let text = b"d3c3c4e3c2b3d2e1d1c1f4d6e6g4b2f6d7c8e7d8f3f5g5h4h6f2f7h5g6c6c5c7b6b5f8a6b4a5a4e8b8h7g8b7g2g3h2a1f1e2h3a3a8a7h8g7a2b1g1h1\n\
              f5d6c4d3c5f4f3e3c3c6c7g5h5g6h7b2a1\nf5d6c3\n";
        let parsed = parse_game_bytes(Path::new("t.txt"), GameFormat::Transcripts, text)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut games = parsed.games;
        games[0].theoretical = Some(Theoretical {
            empties: 2,
            black_score: 6,
        });
        games[1].theoretical = Some(Theoretical {
            empties: 2,
            black_score: 64,
        });
        games[2].black_score = Some(0);
        let options = WthorWriteOptions {
            year: 2001,
            depth: 2,
            created: [20, 26, 1, 1],
        };
        let wtb = write_wthor_set(&dir, "T", &games, &options).unwrap_or_else(|e| panic!("{e}"));
        let (items, rejected) = read_game_items(&[&wtb], 2).unwrap_or_else(|e| panic!("{e}"));
        assert!(rejected.is_empty(), "{rejected:?}");
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].id, "T_2001.wtb#1");
        assert_eq!(items[0].position.board.empties(), 2);
        // White is to move after black's pass: -6 from its view.
        assert_eq!(items[0].position.side, crate::board::Color::White);
        assert_eq!(items[0].known_score, Some(-6));
        let (items, _) = read_game_items(&[&wtb], 44).unwrap_or_else(|e| panic!("{e}"));
        let ids: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
        assert_eq!(ids, ["T_2001.wtb#1", "T_2001.wtb#2"]);
        assert!(items
            .iter()
            .all(|i| i.known_score.is_none() && i.problem.is_none()));
        let missing = dir.join("absent.wtb");
        assert!(matches!(
            read_game_items(&[&missing], 24),
            Err(GameFileError::Io { .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }

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
