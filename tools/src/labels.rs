//! Exact-score labels for late positions, for training the evaluation's
//! late stages on perfect-play scores instead of game results.
//!
//! A game's final result is a poor target for a position with 16 empties:
//! the players' later mistakes are in it (the held-out error of the
//! result-trained weights against exact scores is about 8 discs there).
//! [`label_positions`] solves such positions exactly with the alpha-beta
//! solver; `othello-tools label` writes them to a file and `othello-tools
//! train --labels FILE` uses them as the targets of those positions.
//!
//! File format (little-endian): the 8 bytes `OSLABEL1`; a u32 length and
//! that many bytes of UTF-8 header text (how the file was made); a u64
//! record count; then per record the side to move's discs (u64), the
//! opponent's (u64) and the exact score from the side to move's view (i8),
//! 17 bytes.

use anyhow::{bail, Context, Result};
use indicatif::ProgressBar;
use othello_solver::board::Board;
use othello_solver::eval::PatternEvaluator;
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::shallow::DEFAULT_ORDER_MIN;
use othello_solver::search::Limits;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::io::{BufWriter, Read, Write};
use std::path::Path;

/// The first bytes of a labels file.
pub const MAGIC: &[u8; 8] = b"OSLABEL1";
const RECORD_BYTES: usize = 17;

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// The position, from the side to move's view.
    pub board: Board,
    /// Its exact score with perfect play, side to move's view.
    pub score: i8,
}

/// Exact scores keyed by position, for the fitter.
pub type LabelMap = HashMap<Board, i8>;

/// The distinct positions of `games` (each a sequence of boards) whose
/// number of empties is in `empties`, in game order and, within a game,
/// from the fewest empties up (so a worker's table holds the later
/// positions' results when it reaches the earlier ones).
pub fn positions_to_label<'a, I>(games: I, empties: &[u32]) -> Vec<Board>
where
    I: IntoIterator<Item = &'a [Board]>,
{
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for game in games {
        for b in game.iter().rev() {
            let e = b.empties();
            if empties.contains(&e) && seen.insert(*b) {
                out.push(*b);
            }
        }
    }
    out
}

/// Solves every board exactly on `jobs` threads (alpha-beta, a table of
/// `hash_mb` MiB per thread, moves ordered by the embedded evaluation),
/// advancing `pb` as it goes. Results are in the order of `boards`.
pub fn label_positions(
    boards: &[Board],
    jobs: usize,
    hash_mb: usize,
    pb: &ProgressBar,
) -> Result<Vec<Label>> {
    let order = PatternEvaluator::embedded().context("decoding the built-in pattern weights")?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .context("starting the worker threads")?;
    let out: Result<Vec<Label>> = pool.install(|| {
        boards
            .par_chunks(64)
            .map_init(
                || {
                    let mut s = Searcher::new(hash_mb);
                    s.set_order_evaluator(Some(Box::new(order)), DEFAULT_ORDER_MIN);
                    s
                },
                |s, chunk| {
                    let mut v = Vec::with_capacity(chunk.len());
                    for b in chunk {
                        let score = s
                            .exact_score(b, Limits::default())
                            .context("an unlimited search stopped early")?;
                        v.push(Label {
                            board: *b,
                            score: score as i8,
                        });
                    }
                    pb.inc(chunk.len() as u64);
                    Ok(v)
                },
            )
            .collect::<Result<Vec<Vec<Label>>>>()
            .map(|v| v.into_iter().flatten().collect())
    });
    out
}

/// Writes `labels` to `path` with `header` (free text: how they were made).
pub fn write(path: &Path, header: &str, labels: &[Label]) -> Result<()> {
    let f = std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut w = BufWriter::new(f);
    write_to(&mut w, header, labels)
        .and_then(|()| w.flush())
        .with_context(|| format!("writing {}", path.display()))
}

/// Writes a labels file's bytes (see [`parse`]) to `w`.
pub fn write_to(w: &mut impl Write, header: &str, labels: &[Label]) -> std::io::Result<()> {
    w.write_all(MAGIC)?;
    w.write_all(&(header.len() as u32).to_le_bytes())?;
    w.write_all(header.as_bytes())?;
    w.write_all(&(labels.len() as u64).to_le_bytes())?;
    for l in labels {
        w.write_all(&l.board.player.to_le_bytes())?;
        w.write_all(&l.board.opponent.to_le_bytes())?;
        w.write_all(&l.score.to_le_bytes())?;
    }
    Ok(())
}

/// Reads a labels file: its header text and its labels. A wrong magic, a
/// truncated file, overlapping discs or a score outside −64..=64 is an
/// error naming the file and the record.
pub fn read(path: &Path) -> Result<(String, Vec<Label>)> {
    let bytes = std::fs::read(path).with_context(|| format!("opening {}", path.display()))?;
    parse(&path.display().to_string(), &bytes)
}

/// Parses the bytes of a labels file ([`read`]); `name` names it in errors.
pub fn parse(name: &str, bytes: &[u8]) -> Result<(String, Vec<Label>)> {
    let mut r = bytes;
    let mut magic = [0u8; 8];
    r.read_exact(&mut magic)
        .with_context(|| format!("{name}: too short for a labels file"))?;
    if &magic != MAGIC {
        bail!("{name}: not a labels file (the first bytes are not {MAGIC:?})");
    }
    let mut n4 = [0u8; 4];
    r.read_exact(&mut n4)
        .with_context(|| format!("{name}: truncated in the header length"))?;
    let hlen = u32::from_le_bytes(n4) as usize;
    if hlen > 1 << 20 {
        bail!("{name}: header length {hlen} is implausible (corrupt file?)");
    }
    if hlen > r.len() {
        bail!("{name}: truncated in the header text");
    }
    let (header, mut r) = r.split_at(hlen);
    let header = String::from_utf8(header.to_vec())
        .with_context(|| format!("{name}: header is not UTF-8"))?;
    let mut n8 = [0u8; 8];
    r.read_exact(&mut n8)
        .with_context(|| format!("{name}: truncated in the record count"))?;
    let count = u64::from_le_bytes(n8);
    let rest = r;
    if rest.len() as u64 != count.saturating_mul(RECORD_BYTES as u64) {
        bail!(
            "{name}: the header promises {count} records ({} bytes) but {} bytes follow (truncated or corrupt)",
            count.saturating_mul(RECORD_BYTES as u64),
            rest.len()
        );
    }
    let mut labels = Vec::with_capacity(rest.len() / RECORD_BYTES);
    for (i, rec) in rest.chunks_exact(RECORD_BYTES).enumerate() {
        let word = |at: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&rec[at..at + 8]);
            u64::from_le_bytes(b)
        };
        let (player, opponent) = (word(0), word(8));
        let score = rec[16] as i8;
        if player & opponent != 0 {
            bail!("{name}: record {}: the two sides' discs overlap", i + 1);
        }
        if !(-64..=64).contains(&score) {
            bail!("{name}: record {}: score {score} outside -64..=64", i + 1);
        }
        labels.push(Label {
            board: Board { player, opponent },
            score,
        });
    }
    Ok((header, labels))
}

/// Reads every file into one map (a later file's score for a position
/// must agree with an earlier one's).
pub fn read_map(paths: &[std::path::PathBuf]) -> Result<LabelMap> {
    let mut map = LabelMap::new();
    for p in paths {
        let (_, labels) = read(p)?;
        for l in labels {
            if let Some(old) = map.insert(l.board, l.score) {
                if old != l.score {
                    bail!(
                        "{}: position {:016x} {:016x} scored {} here and {old} in an earlier file",
                        p.display(),
                        l.board.player,
                        l.board.opponent,
                        l.score
                    );
                }
            }
        }
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_solver::search::alphabeta::reference;

    fn some_boards() -> Vec<Board> {
        // Positions along random games with 4–8 empties.
        let games = crate::train::random_games(6, 5, 1000);
        let boards: Vec<Vec<Board>> = games
            .iter()
            .map(|g| g.positions.iter().map(|(b, _)| *b).collect())
            .collect();
        positions_to_label(boards.iter().map(|v| v.as_slice()), &[4, 5, 6, 7, 8])
    }

    #[test]
    fn labels_are_exact_scores() {
        let boards = some_boards();
        assert!(boards.len() >= 20, "only {} boards", boards.len());
        assert!(boards.iter().all(|b| (4..=8).contains(&b.empties())));
        let labels = label_positions(&boards, 2, 1, &ProgressBar::hidden()).unwrap();
        assert_eq!(labels.len(), boards.len());
        for (l, b) in labels.iter().zip(&boards) {
            assert_eq!(l.board, *b);
            assert_eq!(l.score as i32, reference::minimax(b), "{b:?}");
        }
    }

    #[test]
    fn file_round_trip_and_corruption() {
        let dir = std::env::temp_dir().join(format!("labels-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("l.bin");
        let labels: Vec<Label> = some_boards()
            .into_iter()
            .enumerate()
            .map(|(i, board)| Label {
                board,
                score: (i % 129) as i8 - 64,
            })
            .collect();
        write(&path, "made by a test", &labels).unwrap();
        let (h, back) = read(&path).unwrap();
        assert_eq!(h, "made by a test");
        assert_eq!(back, labels);
        let map = read_map(std::slice::from_ref(&path)).unwrap();
        assert_eq!(map.len(), labels.len());

        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 5]).unwrap();
        let err = format!("{:#}", read(&path).unwrap_err());
        assert!(err.contains("truncated"), "{err}");
        let mut bad = bytes.clone();
        bad[0] = b'X';
        std::fs::write(&path, &bad).unwrap();
        assert!(format!("{:#}", read(&path).unwrap_err()).contains("not a labels file"));
        let mut bad = bytes.clone();
        let last = bad.len() - 1;
        bad[last] = 100;
        std::fs::write(&path, &bad).unwrap();
        let err = format!("{:#}", read(&path).unwrap_err());
        assert!(err.contains(&format!("record {}", labels.len())), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
