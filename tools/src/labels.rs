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
//! File formats (little-endian). Both start with 8 magic bytes, a u32
//! length and that many bytes of UTF-8 header text (how the file was
//! made); a record is the side to move's discs (u64), the opponent's (u64)
//! and the exact score from the side to move's view (i8), 17 bytes.
//!
//! - `OSLABEL1` (counted, [`write()`]): a u64 record count, then the records.
//! - `OSLABEL2` (streamed, [`Appender`]): the records follow the header up
//!   to the end of the file, appended as they are solved, so that a run
//!   killed at any moment keeps every label it finished and a new run
//!   resumes after them. A kill in the middle of a write can leave a torn
//!   last record: [`read`] refuses such a file and [`Appender::resume`]
//!   cuts it off (saying so).

use anyhow::{bail, Context, Result};
use indicatif::ProgressBar;
use othello_solver::board::{Board, Square};
use othello_solver::eval::PatternEvaluator;
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::probe::probe_value;
use othello_solver::search::tuning::DEFAULT_ORDER_MIN;
use othello_solver::search::Limits;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::io::{BufReader, BufWriter, Read, Seek, Write};
use std::path::Path;

/// The first bytes of a counted labels file.
pub const MAGIC: &[u8; 8] = b"OSLABEL1";
/// The first bytes of a streamed (appendable) labels file.
pub const MAGIC_STREAM: &[u8; 8] = b"OSLABEL2";
const RECORD_BYTES: usize = 17;
/// In a header, the text before a search label's depth (`search depth 8`):
/// a file whose header has it holds search values, not exact scores.
pub const SEARCH_DEPTH_TAG: &str = "search depth ";

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

/// Which deviations to keep: only moves that a shallow search finds
/// within `margin` discs of the parent's best move (blunders are a
/// population the evaluation rarely meets in a game).
#[derive(Clone, Copy, Debug)]
pub struct Screen {
    /// Plies of the screening search ([`probe_value`] with the given
    /// evaluation).
    pub depth: u32,
    /// Discs below the best move's value that a kept move may be.
    pub margin: i32,
}

/// The positions one move off the games' lines: for every position of a
/// game with `e + 1` empties where `e` is in `empties`, each legal move's
/// result (from the new side to move's view) that is not the game's next
/// position, that the side to move can play on from (no pass), that is
/// not itself a position of any game (those are labelled as game
/// positions) and, with a `screen`, that is not a blunder by it. Distinct,
/// in game order, then move order. More positions of the population the
/// evaluation meets, for search labels (each game gives about seven at 24
/// empties unscreened).
pub fn deviations<'a, I>(
    games: I,
    empties: &[u32],
    screen: Option<Screen>,
    eval: &PatternEvaluator,
) -> Result<Vec<Board>>
where
    I: IntoIterator<Item = &'a [Board]> + Clone,
{
    let on_line: HashSet<Board> = games
        .clone()
        .into_iter()
        .flat_map(|g| g.iter().copied())
        .filter(|b| empties.contains(&b.empties()))
        .collect();
    let lines: Vec<&[Board]> = games.into_iter().collect();
    // Per game, its candidate children (in position, then move order).
    let per_game: Vec<Vec<Board>> = lines
        .par_iter()
        .map(|game| {
            let mut out = Vec::new();
            for (i, b) in game.iter().enumerate() {
                let e = b.empties();
                if e == 0 || !empties.contains(&(e - 1)) {
                    continue;
                }
                let next = game.get(i + 1).copied();
                let children: Vec<Board> = Square::iter_bits(b.moves())
                    .filter_map(|sq| b.play(sq))
                    .collect();
                let values: Vec<i32> = match screen {
                    Some(sc) => children
                        .iter()
                        .map(|c| {
                            let mut nodes = 0;
                            -probe_value(eval, c, sc.depth, -257, 257, &mut nodes, u64::MAX)
                        })
                        .collect(),
                    _ => vec![0; children.len()],
                };
                let best = values.iter().copied().max().unwrap_or(0);
                let floor = best - screen.map_or(0, |sc| sc.margin * 4);
                for (c, v) in children.into_iter().zip(values) {
                    if Some(c) == next || c.moves() == 0 || on_line.contains(&c) || v < floor {
                        continue;
                    }
                    out.push(c);
                }
            }
            out
        })
        .collect();
    let mut seen = HashSet::new();
    Ok(per_game
        .into_iter()
        .flatten()
        .filter(|c| seen.insert(*c))
        .collect())
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
    let out = std::sync::Mutex::new(Vec::with_capacity(boards.len()));
    label_into(boards, jobs, hash_mb, pb, 64, |i, v| {
        out.lock()
            .map_err(|_| anyhow::anyhow!("a labelling thread panicked"))?
            .push((i, v));
        Ok(())
    })?;
    let mut chunks = out
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a labelling thread panicked"))?;
    chunks.sort_unstable_by_key(|c| c.0);
    Ok(chunks.into_iter().flat_map(|c| c.1).collect())
}

/// Solves `boards` as [`label_positions`] does, in chunks of `chunk`
/// positions, handing each solved chunk (its index and labels) to `sink`
/// as soon as it is done, in whatever order the threads finish. The first
/// error (of a search or of `sink`) stops the run.
pub fn label_into<F>(
    boards: &[Board],
    jobs: usize,
    hash_mb: usize,
    pb: &ProgressBar,
    chunk: usize,
    sink: F,
) -> Result<()>
where
    F: Fn(usize, Vec<Label>) -> Result<()> + Sync,
{
    let order = PatternEvaluator::embedded().context("decoding the built-in pattern weights")?;
    label_with(
        boards,
        Labeller::Exact { hash_mb },
        order,
        jobs,
        pb,
        chunk,
        sink,
    )
}

/// How positions get their labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labeller {
    /// The exact score (alpha-beta with a table of `hash_mb` MiB per thread).
    Exact {
        /// The table per thread, MiB.
        hash_mb: usize,
    },
    /// The value of a `depth`-ply alpha-beta search with the embedded
    /// evaluation at its leaves and final scores at the end of the game
    /// ([`probe_value`]), rounded to the nearest disc: a cheaper, noisier
    /// target where exact is too costly (24 empties: about 1.6 CPU-s exact,
    /// 4 ms at 8 plies; docs/evaluation.md).
    Search {
        /// Plies.
        depth: u32,
    },
}

impl Labeller {
    /// The plies of a search label, `None` for exact.
    pub fn depth(self) -> Option<u32> {
        match self {
            Labeller::Exact { .. } => None,
            Labeller::Search { depth } => Some(depth),
        }
    }
}

/// A search value (quarter discs) as a label: the nearest disc, within ±64.
pub fn search_label(quarters: i32) -> i8 {
    ((quarters as f32 / 4.0).round() as i32).clamp(-64, 64) as i8
}

/// Labels `boards` as `how` says, with `order` ordering the exact solver's
/// moves and valuing a search label's leaves, on `jobs` threads, in chunks
/// of `chunk` positions, handing each finished chunk (its index and labels) to `sink`
/// as soon as it is done, in whatever order the threads finish. The first
/// error (of a search or of `sink`) stops the run.
pub fn label_with<F>(
    boards: &[Board],
    how: Labeller,
    order: &'static PatternEvaluator,
    jobs: usize,
    pb: &ProgressBar,
    chunk: usize,
    sink: F,
) -> Result<()>
where
    F: Fn(usize, Vec<Label>) -> Result<()> + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .context("starting the worker threads")?;
    pool.install(|| {
        boards
            .par_chunks(chunk.max(1))
            .enumerate()
            .try_for_each_init(
                // A solver (and its table) is made on a thread's first
                // exact label: search labels never need one.
                || None::<Searcher>,
                |solver, (i, part)| {
                    let mut v = Vec::with_capacity(part.len());
                    for b in part {
                        let score = match how {
                            Labeller::Exact { hash_mb } => solver
                                .get_or_insert_with(|| {
                                    let mut s = Searcher::new(hash_mb);
                                    s.set_order_evaluator(Some(Box::new(order)), DEFAULT_ORDER_MIN);
                                    s
                                })
                                .exact_score(b, Limits::default())
                                .context("an unlimited search stopped early")?
                                as i8,
                            Labeller::Search { depth } => {
                                let mut nodes = 0;
                                search_label(probe_value(
                                    order,
                                    b,
                                    depth,
                                    -257,
                                    257,
                                    &mut nodes,
                                    u64::MAX,
                                ))
                            }
                        };
                        v.push(Label { board: *b, score });
                    }
                    sink(i, v)?;
                    pb.inc(part.len() as u64);
                    Ok(())
                },
            )
    })
}

/// Writes `labels` to `path` with `header` (free text: how they were made).
pub fn write(path: &Path, header: &str, labels: &[Label]) -> Result<()> {
    let f = std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut w = BufWriter::new(f);
    write_to(&mut w, header, labels)
        .and_then(|()| w.flush())
        .with_context(|| format!("writing {}", path.display()))
}

/// Writes a labels file's bytes (the counted `OSLABEL1` format; see
/// [`parse`]) to `w`.
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

/// The header of a labels file and where its records start.
struct Head {
    text: String,
    /// Whether the records run to the end of the file (`OSLABEL2`).
    streamed: bool,
    /// The byte offset of the first record.
    records_at: u64,
    /// The promised record count (`OSLABEL1` only).
    count: Option<u64>,
}

fn read_head(r: &mut impl Read, name: &impl std::fmt::Display) -> Result<Head> {
    let mut magic = [0u8; 8];
    r.read_exact(&mut magic)
        .with_context(|| format!("{name}: too short for a labels file"))?;
    let streamed = match &magic {
        m if m == MAGIC => false,
        m if m == MAGIC_STREAM => true,
        _ => bail!("{name}: not a labels file (the first bytes are neither {MAGIC:?} nor {MAGIC_STREAM:?})"),
    };
    let mut n4 = [0u8; 4];
    r.read_exact(&mut n4)
        .with_context(|| format!("{name}: truncated in the header length"))?;
    let hlen = u32::from_le_bytes(n4) as usize;
    if hlen > 1 << 20 {
        bail!("{name}: header length {hlen} is implausible (corrupt file?)");
    }
    let mut header = vec![0u8; hlen];
    r.read_exact(&mut header)
        .with_context(|| format!("{name}: truncated in the header text"))?;
    let text = String::from_utf8(header).with_context(|| format!("{name}: header is not UTF-8"))?;
    let mut records_at = 12 + hlen as u64;
    let count = if streamed {
        None
    } else {
        let mut n8 = [0u8; 8];
        r.read_exact(&mut n8)
            .with_context(|| format!("{name}: truncated in the record count"))?;
        records_at += 8;
        Some(u64::from_le_bytes(n8))
    };
    Ok(Head {
        text,
        streamed,
        records_at,
        count,
    })
}

/// Decodes whole records; record numbers in errors start at `first + 1`.
fn decode(bytes: &[u8], first: usize, name: &impl std::fmt::Display) -> Result<Vec<Label>> {
    let mut labels = Vec::with_capacity(bytes.len() / RECORD_BYTES);
    for (i, rec) in bytes.chunks_exact(RECORD_BYTES).enumerate() {
        let word = |at: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&rec[at..at + 8]);
            u64::from_le_bytes(b)
        };
        let (player, opponent) = (word(0), word(8));
        let score = rec[16] as i8;
        if player & opponent != 0 {
            bail!(
                "{name}: record {}: the two sides' discs overlap",
                first + i + 1
            );
        }
        if !(-64..=64).contains(&score) {
            bail!(
                "{name}: record {}: score {score} outside -64..=64",
                first + i + 1
            );
        }
        labels.push(Label {
            board: Board { player, opponent },
            score,
        });
    }
    Ok(labels)
}

/// Reads a labels file (either format): its header text and its labels. A
/// wrong magic, a truncated file (a torn last record of a streamed file
/// included), overlapping discs or a score outside −64..=64 is an error
/// naming the file and the record.
pub fn read(path: &Path) -> Result<(String, Vec<Label>)> {
    let bytes = std::fs::read(path).with_context(|| format!("opening {}", path.display()))?;
    parse(&path.display().to_string(), &bytes)
}

/// Parses the bytes of a labels file ([`read`]); `name` names it in errors.
pub fn parse(name: &str, bytes: &[u8]) -> Result<(String, Vec<Label>)> {
    let mut r = bytes;
    let head = read_head(&mut r, &name)?;
    let rest = r;
    match head.count {
        Some(count) if rest.len() as u64 != count.saturating_mul(RECORD_BYTES as u64) => bail!(
            "{name}: the header promises {count} records ({} bytes) but {} bytes follow (truncated or corrupt)",
            count.saturating_mul(RECORD_BYTES as u64),
            rest.len()
        ),
        None if !rest.len().is_multiple_of(RECORD_BYTES) => bail!(
            "{name}: truncated: the last record is torn ({} of {RECORD_BYTES} bytes; a killed `label` run? run it again to resume, which cuts it off)",
            rest.len() % RECORD_BYTES
        ),
        _ => {}
    }
    Ok((head.text, decode(rest, 0, &name)?))
}

/// A streamed labels file open for appending: every [`Appender::append`]
/// reaches the file (unbuffered) before it returns, so a killed run loses
/// only the positions it was solving.
pub struct Appender {
    file: std::fs::File,
    path: std::path::PathBuf,
}

impl Appender {
    /// Creates `path` (which must not exist) as a streamed labels file with
    /// `header`.
    pub fn create(path: &Path, header: &str) -> Result<Appender> {
        let name = path.display();
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .with_context(|| format!("creating {name}"))?;
        let mut head = Vec::with_capacity(12 + header.len());
        head.extend_from_slice(MAGIC_STREAM);
        head.extend_from_slice(&(header.len() as u32).to_le_bytes());
        head.extend_from_slice(header.as_bytes());
        file.write_all(&head)
            .with_context(|| format!("writing {name}"))?;
        Ok(Appender {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Opens an existing streamed labels file to append to it: its header
    /// text, the labels it holds, and the appender. A torn last record (a
    /// run killed mid-write) is cut off and reported on stderr.
    pub fn resume(path: &Path) -> Result<(String, Vec<Label>, Appender)> {
        let name = path.display();
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .with_context(|| format!("opening {name}"))?;
        let mut r = BufReader::new(&mut file);
        let head = read_head(&mut r, &name)?;
        if !head.streamed {
            bail!(
                "{name}: a counted ({MAGIC:?}) labels file cannot be resumed; give another --out"
            );
        }
        let mut rest = Vec::new();
        r.read_to_end(&mut rest)
            .with_context(|| format!("reading {name}"))?;
        drop(r);
        let torn = rest.len() % RECORD_BYTES;
        if torn != 0 {
            let keep = head.records_at + (rest.len() - torn) as u64;
            eprintln!(
                "label: {name}: cut off a torn last record ({torn} of {RECORD_BYTES} bytes; the run was killed while writing it)"
            );
            file.set_len(keep)
                .with_context(|| format!("truncating {name}"))?;
            rest.truncate(rest.len() - torn);
        }
        let labels = decode(&rest, 0, &name)?;
        file.seek(std::io::SeekFrom::End(0))
            .with_context(|| format!("seeking in {name}"))?;
        Ok((
            head.text,
            labels,
            Appender {
                file,
                path: path.to_path_buf(),
            },
        ))
    }

    /// Appends `labels` (one write; on the file when it returns).
    pub fn append(&mut self, labels: &[Label]) -> Result<()> {
        let mut buf = Vec::with_capacity(labels.len() * RECORD_BYTES);
        for l in labels {
            buf.extend_from_slice(&l.board.player.to_le_bytes());
            buf.extend_from_slice(&l.board.opponent.to_le_bytes());
            buf.extend_from_slice(&l.score.to_le_bytes());
        }
        self.file
            .write_all(&buf)
            .and_then(|()| self.file.flush())
            .with_context(|| format!("appending to {}", self.path.display()))
    }
}

/// A fingerprint of a weights file's bytes (64-bit FNV-1a): search labels
/// depend on the evaluation at their leaves, so a search-labels file names
/// the one it was made with, and a run with other weights cannot resume it.
pub fn weights_fingerprint(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Whether a labels file's header says it holds search values
/// (`label --search-depth`), not exact scores.
pub fn is_search_header(header: &str) -> bool {
    header.contains(SEARCH_DEPTH_TAG)
}

/// Reads every search-labels file (`label --search-depth`) into one map; a
/// position in several files keeps the first file's value. A file of exact
/// scores is refused (it belongs to `--labels`).
pub fn read_search_map(paths: &[std::path::PathBuf]) -> Result<LabelMap> {
    read_files(paths, true)
}

/// Reads every file into one map (a later file's score for a position
/// must agree with an earlier one's). Files of search values
/// (`label --search-depth`) are refused: they are not exact.
pub fn read_map(paths: &[std::path::PathBuf]) -> Result<LabelMap> {
    read_files(paths, false)
}

/// [`read_map`] (`search` false) and [`read_search_map`] (true): every
/// file must be of that kind; exact scores must agree across files, search
/// values keep the first file's.
fn read_files(paths: &[std::path::PathBuf], search: bool) -> Result<LabelMap> {
    let mut map = LabelMap::new();
    for p in paths {
        let (header, labels) = read(p)?;
        match (search, is_search_header(&header)) {
            (true, false) => bail!(
                "{}: holds exact scores, not search values (its header has no {SEARCH_DEPTH_TAG:?}); give it with --labels",
                p.display()
            ),
            (false, true) => bail!(
                "{}: holds search values, not exact scores; give it with --search-labels",
                p.display()
            ),
            _ => {}
        }
        for l in labels {
            if search {
                map.entry(l.board).or_insert(l.score);
            } else if let Some(old) = map.insert(l.board, l.score) {
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
    use othello_solver::search::reference;

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
            assert_eq!(l.score as i32, reference::score(b), "{b:?}");
        }
    }

    #[test]
    fn deviations_are_the_other_children_off_every_line() {
        let games = crate::train::random_games(20, 9, 1000);
        let lines: Vec<Vec<Board>> = games
            .iter()
            .map(|g| g.positions.iter().map(|(b, _)| *b).collect())
            .collect();
        let empties = [20, 30];
        let got = deviations(
            lines.iter().map(|v| v.as_slice()),
            &empties,
            None,
            PatternEvaluator::embedded().unwrap(),
        )
        .unwrap();
        // Brute force: every child of a position with 21 or 31 empties,
        // minus the game positions, minus those that must pass.
        let on_line: HashSet<Board> = lines.iter().flatten().copied().collect();
        let mut want = HashSet::new();
        for b in lines.iter().flatten() {
            if !empties.contains(&(b.empties().wrapping_sub(1))) {
                continue;
            }
            for sq in othello_solver::board::Square::all() {
                if let Some(c) = b.play(sq) {
                    if c.moves() != 0 && !on_line.contains(&c) {
                        want.insert(c);
                    }
                }
            }
        }
        assert!(want.len() > 100, "only {}", want.len());
        let got_set: HashSet<Board> = got.iter().copied().collect();
        assert_eq!(got_set.len(), got.len(), "repeated positions");
        assert_eq!(got_set, want);
    }

    #[test]
    fn search_labels_are_shallow_values_and_kept_apart_from_exact_ones() {
        let boards = some_boards();
        let out = std::sync::Mutex::new(Vec::new());
        label_with(
            &boards,
            Labeller::Search { depth: 2 },
            PatternEvaluator::embedded().unwrap(),
            2,
            &ProgressBar::hidden(),
            8,
            |_, v| {
                out.lock().unwrap().extend(v);
                Ok(())
            },
        )
        .unwrap();
        let got = out.into_inner().unwrap();
        assert_eq!(got.len(), boards.len());
        let eval = PatternEvaluator::embedded().unwrap();
        for l in &got {
            let mut nodes = 0;
            let v = probe_value(&eval, &l.board, 2, -257, 257, &mut nodes, u64::MAX);
            assert_eq!(l.score, search_label(v));
        }
        assert_eq!(search_label(-257), -64);
        assert_eq!(search_label(6), 2);
        assert_eq!(search_label(-5), -1);

        let dir = std::env::temp_dir().join(format!("search-labels-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (exact, search) = (dir.join("exact.bin"), dir.join("search.bin"));
        write(&exact, "exact", &got).unwrap();
        write(
            &search,
            &format!("made by a test, {SEARCH_DEPTH_TAG}2"),
            &got,
        )
        .unwrap();
        assert_eq!(
            read_search_map(std::slice::from_ref(&search))
                .unwrap()
                .len(),
            got.len()
        );
        let err = format!("{:#}", read_map(std::slice::from_ref(&search)).unwrap_err());
        assert!(err.contains("--search-labels"), "{err}");
        let err = format!(
            "{:#}",
            read_search_map(std::slice::from_ref(&exact)).unwrap_err()
        );
        assert!(err.contains("--labels"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
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
