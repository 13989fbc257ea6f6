//! The pattern fitter: from replayed games to a weights file and a report.
//!
//! 1. [`Dataset::build`]: every position of every game becomes a sample
//!    of its stage (one per number of discs), with its target (the game's final disc
//!    difference from the side to move's view, or, with
//!    [`Target::Theoretical`], WTHOR's perfect-play score at 24 empties for
//!    the positions up to that point; with [`Dataset::build_labelled`], a
//!    position's exact score from a labels file, [`crate::labels`]).
//!    Held-out games go to a separate set.
//! 2. [`fit_tables`]: per stage (the opening's, up to [`OPENING_DISCS`]
//!    discs, as one), a sparse least-squares fit by
//!    preconditioned CG ([`crate::cg`]) over the canonical configurations,
//!    with rare configurations replaced by smaller pieces ([`crate::rare`]);
//!    the result is written out as full tables, mirror images included.
//! 3. [`crate::smooth`]: each configuration smoothed across stages, then
//!    each stage's bias refitted to the training mean.
//! 4. Metrics per stage on training and held-out games, and a report.

use crate::cg::{self, CgOptions, SparseDesign};
use crate::labels::LabelMap;
use crate::rare::Pieces;
use crate::smooth;
use indicatif::{ProgressBar, ProgressStyle};
use othello_solver::board::Board;
use othello_solver::eval::patterns::FIRST_STAGE_DISCS;
use othello_solver::eval::{
    feature_indices, stage, Family, FAMILIES, NUM_FEATURES, NUM_STAGES, STAGE_WEIGHTS,
};
use othello_solver::formats::games::{read_game_files, DuplicateFilter, GameFormat};
use othello_solver::Color;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// One replayed game, ready for training.
#[derive(Clone, Debug)]
pub struct TrainGame {
    /// Every position of the game in order (from the start), with the side to
    /// move; the board is from that side's view.
    pub positions: Vec<(Board, Color)>,
    /// Final disc difference black − white, empties to the winner.
    pub black_score: i32,
    /// Perfect-play score (black − white) at the given number of empties, if
    /// the record has one.
    pub theoretical: Option<(u8, i32)>,
    /// Held out: never trained on.
    pub heldout: bool,
}

/// What the fit aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// The game's final disc difference (the paper's choice).
    Final,
    /// The perfect-play score at 24 empties (WTHOR) for the positions up to
    /// that point of games that have one; the final result elsewhere.
    Theoretical,
}

/// Fitter options.
#[derive(Clone, Copy, Debug)]
pub struct TrainOptions {
    /// Rarity threshold for [`crate::rare`]; 0 turns the handling off.
    pub rare_threshold: u32,
    /// Smooth each configuration across stages.
    pub smooth: bool,
    /// CG settings.
    pub cg: CgOptions,
    /// Target of the fit.
    pub target: Target,
    /// Also fit with the other setting of rare handling, for the report.
    pub ablation: bool,
    /// Show progress bars.
    pub progress: bool,
    /// Fit stage s on the training positions of stages s − w … s + w
    /// (more data per weight, less overfitting; 0 = its own stage only).
    pub stage_window: usize,
    /// Fit only these stages (inclusive); the others stay 0. For quick
    /// experiments on one stage; a real run fits all.
    pub stages: (usize, usize),
    /// Families left out of the fit (bit i for `FAMILIES[i]`; their weights
    /// stay 0). For measuring what a family adds.
    pub without: u32,
    /// Fit every stage on its own positions, the opening's too (they are
    /// otherwise fitted as one, [`OPENING_DISCS`]): for refitting the
    /// first few stages, whose handful of distinct positions each can
    /// take, to deep values of those positions.
    pub each_stage: bool,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            rare_threshold: crate::rare::DEFAULT_THRESHOLD,
            smooth: true,
            cg: CgOptions::default(),
            target: Target::Final,
            ablation: false,
            progress: false,
            stage_window: 0,
            stages: (0, NUM_STAGES - 1),
            without: 0,
            each_stage: false,
        }
    }
}

/// A position with its targets.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// The board, side to move's view.
    pub board: Board,
    /// The training target (side to move's view).
    pub target: i8,
    /// The game's final result (side to move's view).
    pub result: i8,
    /// The exact score, if a labels file has this position (side to move's
    /// view); it is then also the training target.
    pub exact: Option<i8>,
}

/// Samples per stage, training and held out.
#[derive(Debug, Default)]
pub struct Dataset {
    /// Training samples, per stage.
    pub train: Vec<Vec<Sample>>,
    /// Held-out samples, per stage.
    pub heldout: Vec<Vec<Sample>>,
    /// Held-out positions at the theoretical score's empties, with that score
    /// (side to move's view).
    pub heldout_theoretical: Vec<(Board, i8)>,
    /// Training games.
    pub train_games: usize,
    /// Held-out games.
    pub heldout_games: usize,
    /// Samples (training and held out) whose target is an exact score.
    pub labelled: usize,
    /// Game positions (training and held out) whose target is a search
    /// label.
    pub search_labelled: usize,
    /// Training samples that are no game's position: search-labelled
    /// positions added as they are.
    pub extra: usize,
}

fn side_view(black: i32, side: Color) -> i32 {
    match side {
        Color::Black => black,
        Color::White => -black,
    }
}

impl Dataset {
    /// Builds the samples of `games`.
    pub fn build(games: &[TrainGame], target: Target) -> Dataset {
        Self::build_labelled(games, target, &LabelMap::new())
    }

    /// Builds the samples of `games`; a position found in `labels` takes
    /// its exact score as its target, whatever `target` says.
    pub fn build_labelled(games: &[TrainGame], target: Target, labels: &LabelMap) -> Dataset {
        Self::build_with(games, target, labels, &LabelMap::new())
    }

    /// Builds the samples of `games` as [`Dataset::build_labelled`] does,
    /// with search labels (`label --search-depth`) beside the exact ones:
    /// a game position takes its search value as its target unless it has
    /// an exact score (from `labels`, or WTHOR's perfect-play score at its
    /// own number of empties); every search-labelled position that is no
    /// game's position at all becomes a training sample of its own (so no
    /// held-out position is ever trained on).
    pub fn build_with(
        games: &[TrainGame],
        target: Target,
        labels: &LabelMap,
        search: &LabelMap,
    ) -> Dataset {
        // Only positions with as many empties as some search label can
        // match one.
        let mut search_empties = [false; 65];
        for b in search.keys() {
            search_empties[b.empties() as usize] = true;
        }
        let mut in_games = std::collections::HashSet::new();
        let mut ds = Dataset {
            train: vec![Vec::new(); NUM_STAGES],
            heldout: vec![Vec::new(); NUM_STAGES],
            ..Dataset::default()
        };
        for g in games {
            if g.heldout {
                ds.heldout_games += 1;
            } else {
                ds.train_games += 1;
            }
            let mut theo_done = false;
            for &(board, side) in &g.positions {
                if search_empties[board.empties() as usize] {
                    in_games.insert(board);
                }
                let result = side_view(g.black_score, side).clamp(-64, 64) as i8;
                let mut t = result;
                let mut exact_here = false;
                if let Some((e, score)) = g.theoretical {
                    let empties = board.empties();
                    exact_here = empties == e as u32;
                    if empties == e as u32 && !theo_done {
                        theo_done = true;
                        if g.heldout {
                            ds.heldout_theoretical
                                .push((board, side_view(score, side).clamp(-64, 64) as i8));
                        }
                    }
                    if target == Target::Theoretical && empties >= e as u32 {
                        t = side_view(score, side).clamp(-64, 64) as i8;
                    }
                }
                let exact = labels.get(&board).copied();
                if let Some(x) = exact {
                    t = x;
                    ds.labelled += 1;
                } else if let Some(&v) = search.get(&board) {
                    if !(exact_here && target == Target::Theoretical) {
                        t = v;
                        ds.search_labelled += 1;
                    }
                }
                let s = Sample {
                    board,
                    target: t,
                    result,
                    exact,
                };
                let st = stage(&board);
                if g.heldout {
                    ds.heldout[st].push(s);
                } else {
                    ds.train[st].push(s);
                }
            }
        }
        let mut extra: Vec<(&Board, &i8)> = search
            .iter()
            .filter(|(b, _)| !in_games.contains(*b))
            .collect();
        // The map's order is random; the fit must not depend on it.
        extra.sort_unstable_by_key(|(b, _)| (b.player, b.opponent));
        for (&board, &v) in extra {
            ds.extra += 1;
            ds.train[stage(&board)].push(Sample {
                board,
                target: v,
                result: v,
                exact: None,
            });
        }
        ds
    }

    /// Training samples over all stages.
    pub fn train_positions(&self) -> usize {
        self.train.iter().map(Vec::len).sum()
    }
}

/// How one stage's fit went.
#[derive(Clone, Copy, Debug, Default)]
pub struct StageFit {
    /// CG iterations.
    pub iterations: usize,
    /// Final relative residual.
    pub rel_residual: f64,
    /// Canonical configurations replaced by pieces.
    pub rare_split: usize,
    /// Wall time of the stage, seconds.
    pub seconds: f64,
}

/// The canonical index (within a stage) of every index.
fn canonical_map() -> Vec<u32> {
    let mut m = vec![0u32; STAGE_WEIGHTS];
    for f in FAMILIES {
        for c in 0..f.configs() {
            m[f.offset() + c] = (f.offset() + f.canonical(c)) as u32;
        }
    }
    m
}

const NONE: u32 = u32::MAX;

/// The opening's stages, up to this many discs (51 or more empties), are
/// fitted as one table, written to each of them: few distinct positions
/// have so few discs (one with 5, three with 6), too few for a table's
/// 62,547 weights. Each then gets its own level: its bias (the parity
/// weight) is refitted with smoothing, or set by `othello-tools center`.
pub const OPENING_DISCS: u32 = 13;
/// The stage whose fit every opening stage shares.
pub const OPENING_STAGE: usize = (OPENING_DISCS - FIRST_STAGE_DISCS) as usize;

/// Fits every stage. Returns the full tables (stage-major, in discs), the
/// canonical occurrence count of every index at every stage (for
/// smoothing), and per-stage fit facts.
pub fn fit_tables(ds: &Dataset, opts: &TrainOptions) -> (Vec<f32>, Vec<u32>, Vec<StageFit>) {
    let canon = canonical_map();
    let pieces = Pieces::new();
    let ncols = STAGE_WEIGHTS + pieces.len();
    let mut tables = vec![0.0f32; NUM_STAGES * STAGE_WEIGHTS];
    let mut counts_out = vec![0u32; NUM_STAGES * STAGE_WEIGHTS];
    let mut fits = vec![StageFit::default(); NUM_STAGES];
    let style = ProgressStyle::with_template(
        "{prefix:>18} [{bar:30}] {pos:>3}/{len} CG iterations, residual {msg}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    // The stages to fit: the opening's ones as the one they share (unless
    // each stage is fitted alone).
    let shared = if opts.each_stage { 0 } else { OPENING_STAGE };
    let (first, last) = (opts.stages.0, opts.stages.1.min(NUM_STAGES - 1));
    // (Nothing when the range is empty.)
    let fitted = first.max(shared)..=last.max(shared);
    let fitted = fitted.filter(|_| first <= last);
    for s in fitted {
        let t0 = Instant::now();
        let lo = if s == shared {
            0
        } else {
            s.saturating_sub(opts.stage_window)
        };
        let hi = (s + opts.stage_window).min(NUM_STAGES - 1);
        let samples: Vec<Sample> = ds.train[lo..=hi].iter().flatten().copied().collect();
        let samples = &samples;
        let feats: Vec<[u16; NUM_FEATURES]> = samples
            .par_iter()
            .map(|x| feature_indices(&x.board))
            .collect();
        let mut count = vec![0u32; STAGE_WEIGHTS];
        for f in &feats {
            for &i in f {
                count[canon[i as usize] as usize] += 1;
            }
        }
        // Columns of every index at this stage.
        let mut cols_of = vec![[NONE, NONE]; STAGE_WEIGHTS];
        let mut rare_split = 0;
        for (fi, f) in FAMILIES.into_iter().enumerate() {
            let left_out = opts.without & (1 << fi) != 0;
            for c in 0..f.configs() {
                let i = f.offset() + c;
                let ci = canon[i] as usize;
                let cc = ci - f.offset();
                let n = count[ci];
                let split = if !f.is_count() && n < opts.rare_threshold {
                    pieces.split(f, cc)
                } else {
                    None
                };
                cols_of[i] = match split {
                    _ if left_out => [NONE, NONE],
                    Some([a, b]) => {
                        if cc == c {
                            rare_split += 1;
                        }
                        [(STAGE_WEIGHTS + a) as u32, (STAGE_WEIGHTS + b) as u32]
                    }
                    None => [ci as u32, NONE],
                };
                counts_out[s * STAGE_WEIGHTS + i] = n;
            }
        }
        let mut design = SparseDesign::new(ncols);
        let mut row = Vec::with_capacity(2 * NUM_FEATURES);
        for f in &feats {
            row.clear();
            for &i in f {
                for &c in &cols_of[i as usize] {
                    if c != NONE {
                        row.push(c);
                    }
                }
            }
            design.push_row(&row);
        }
        drop(feats);
        let y: Vec<f64> = samples.iter().map(|x| x.target as f64).collect();
        let bar = if opts.progress {
            ProgressBar::new(opts.cg.max_iter as u64)
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(style.clone());
        let discs = s + FIRST_STAGE_DISCS as usize;
        bar.set_prefix(format!("stage {s:2} ({discs:2} discs)"));
        let (w, outcome) = cg::solve(&design, &y, opts.cg, |it, rel| {
            bar.set_position(it as u64);
            bar.set_message(format!("{rel:.1e}"));
        });
        bar.finish();
        let table = &mut tables[s * STAGE_WEIGHTS..(s + 1) * STAGE_WEIGHTS];
        for (i, t) in table.iter_mut().enumerate() {
            *t = cols_of[i]
                .iter()
                .filter(|&&c| c != NONE)
                .map(|&c| w[c as usize])
                .sum::<f64>() as f32;
        }
        fits[s] = StageFit {
            iterations: outcome.iterations,
            rel_residual: outcome.rel_residual,
            rare_split,
            seconds: t0.elapsed().as_secs_f64(),
        };
        if opts.progress && bar.is_hidden() {
            // No terminal (a log file): one line per stage instead of a bar.
            eprintln!(
                "stage {s:2} ({discs:2} discs): {} positions, {} CG iterations, residual {:.1e}, {} rare configurations split, {:.1} s",
                samples.len(),
                outcome.iterations,
                outcome.rel_residual,
                rare_split,
                fits[s].seconds
            );
        }
    }
    // The opening's stages take the table they were fitted as.
    if shared > 0 {
        for s in first..=last.min(shared - 1) {
            let (to, from) = tables.split_at_mut(shared * STAGE_WEIGHTS);
            to[s * STAGE_WEIGHTS..(s + 1) * STAGE_WEIGHTS].copy_from_slice(&from[..STAGE_WEIGHTS]);
            let (to, from) = counts_out.split_at_mut(shared * STAGE_WEIGHTS);
            to[s * STAGE_WEIGHTS..(s + 1) * STAGE_WEIGHTS].copy_from_slice(&from[..STAGE_WEIGHTS]);
            fits[s] = fits[shared];
        }
    }
    (tables, counts_out, fits)
}

/// The evaluation of `board` under f32 tables (stage-major, in discs).
#[inline]
pub fn predict(tables: &[f32], board: &Board) -> f32 {
    let s = stage(board);
    let t = &tables[s * STAGE_WEIGHTS..(s + 1) * STAGE_WEIGHTS];
    feature_indices(board).iter().map(|&i| t[i as usize]).sum()
}

/// Adds to each stage's bias the mean training residual of that stage.
pub fn refit_bias(tables: &mut [f32], ds: &Dataset) {
    for s in 0..NUM_STAGES {
        let samples = &ds.train[s];
        if samples.is_empty() {
            continue;
        }
        let t: &[f32] = tables;
        let sum: f64 = samples
            .par_iter()
            .map(|x| x.target as f64 - predict(t, &x.board) as f64)
            .sum();
        let mean = (sum / samples.len() as f64) as f32;
        let p = s * STAGE_WEIGHTS + Family::Parity.offset();
        tables[p] += mean;
        tables[p + 1] += mean;
    }
}

/// Error statistics of a set of predictions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ErrorStats {
    /// Number of positions.
    pub n: usize,
    /// Mean absolute error, discs.
    pub mae: f64,
    /// Root mean square error, discs.
    pub rmse: f64,
}

impl ErrorStats {
    /// Statistics of `(prediction, truth)` pairs.
    pub fn of(pairs: impl ParallelIterator<Item = (f32, f32)>) -> ErrorStats {
        let (n, abs, sq) = pairs
            .map(|(p, t)| {
                let e = (p - t) as f64;
                (1usize, e.abs(), e * e)
            })
            .reduce(|| (0, 0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
        if n == 0 {
            return ErrorStats {
                n: 0,
                mae: f64::NAN,
                rmse: f64::NAN,
            };
        }
        ErrorStats {
            n,
            mae: abs / n as f64,
            rmse: (sq / n as f64).sqrt(),
        }
    }
}

/// Per-stage errors against the game result, training and held out.
#[derive(Clone, Debug, Default)]
pub struct Evaluation {
    /// Training positions, per stage.
    pub train: Vec<ErrorStats>,
    /// Held-out positions, per stage.
    pub heldout: Vec<ErrorStats>,
    /// All held-out positions together.
    pub heldout_all: ErrorStats,
    /// Held-out positions at 24 empties against the perfect-play score.
    pub heldout_theoretical: ErrorStats,
    /// Held-out labelled positions against their exact scores, per stage
    /// (n = 0 where none are labelled).
    pub heldout_exact: Vec<ErrorStats>,
    /// All held-out labelled positions together.
    pub heldout_exact_all: ErrorStats,
}

/// Measures `eval` on the dataset.
pub fn evaluate<F>(ds: &Dataset, eval: F) -> Evaluation
where
    F: Fn(&Board) -> f32 + Sync,
{
    let per = |sets: &Vec<Vec<Sample>>| -> Vec<ErrorStats> {
        sets.iter()
            .map(|v| ErrorStats::of(v.par_iter().map(|x| (eval(&x.board), x.result as f32))))
            .collect()
    };
    // Each labelled held-out position is evaluated once; the per-stage and
    // overall statistics read the same pairs.
    let exact_pairs: Vec<Vec<(f32, f32)>> = ds
        .heldout
        .iter()
        .map(|v| {
            v.par_iter()
                .filter_map(|x| x.exact.map(|e| (eval(&x.board), e as f32)))
                .collect()
        })
        .collect();
    let heldout_exact: Vec<ErrorStats> = exact_pairs
        .iter()
        .map(|v| ErrorStats::of(v.par_iter().copied()))
        .collect();
    let heldout_exact_all = ErrorStats::of(exact_pairs.par_iter().flatten().copied());
    let heldout_all = ErrorStats::of(
        ds.heldout
            .par_iter()
            .flatten()
            .map(|x| (eval(&x.board), x.result as f32)),
    );
    Evaluation {
        train: per(&ds.train),
        heldout: per(&ds.heldout),
        heldout_all,
        heldout_theoretical: ErrorStats::of(
            ds.heldout_theoretical
                .par_iter()
                .map(|(b, t)| (eval(b), *t as f32)),
        ),
        heldout_exact,
        heldout_exact_all,
    }
}

/// Everything a training run produced.
#[derive(Clone, Debug)]
pub struct TrainResult {
    /// Final tables (after smoothing if enabled), in discs.
    pub tables: Vec<f32>,
    /// Per-stage fit facts of the main fit.
    pub fits: Vec<StageFit>,
    /// Metrics of the final tables.
    pub eval: Evaluation,
    /// Named variants (rare on/off × smoothing on/off) with their held-out
    /// metrics, for the report.
    pub variants: Vec<(String, Evaluation)>,
    /// Seconds spent fitting (all fits).
    pub fit_seconds: f64,
}

/// Fits, smooths and measures. With `opts.ablation`, also fits with rare
/// handling switched the other way and reports all four variants.
pub fn train(ds: &Dataset, opts: &TrainOptions) -> TrainResult {
    let t0 = Instant::now();
    let mut variants = Vec::new();
    let rare_name = |t: u32| {
        if t > 0 {
            format!("rare handling on (threshold {t})")
        } else {
            "rare handling off".to_string()
        }
    };
    let mut run = |threshold: u32| {
        let o = TrainOptions {
            rare_threshold: threshold,
            ..*opts
        };
        let (raw, counts, fits) = fit_tables(ds, &o);
        let raw_eval = evaluate(ds, |b| predict(&raw, b));
        let mut smoothed = raw.clone();
        smooth::smooth(&mut smoothed, &counts);
        refit_bias(&mut smoothed, ds);
        let sm_eval = evaluate(ds, |b| predict(&smoothed, b));
        variants.push((
            format!("{}, no smoothing", rare_name(threshold)),
            raw_eval.clone(),
        ));
        variants.push((
            format!("{}, smoothing", rare_name(threshold)),
            sm_eval.clone(),
        ));
        if opts.smooth {
            (smoothed, fits, sm_eval)
        } else {
            (raw, fits, raw_eval)
        }
    };
    let (tables, fits, eval) = run(opts.rare_threshold);
    if opts.ablation {
        let other = if opts.rare_threshold > 0 {
            0
        } else {
            crate::rare::DEFAULT_THRESHOLD
        };
        let _ = run(other);
    }
    TrainResult {
        tables,
        fits,
        eval,
        variants,
        fit_seconds: t0.elapsed().as_secs_f64(),
    }
}

/// Random games (uniformly random legal moves to the end), for tests and
/// smoke runs; every `heldout_every`-th game is held out, and each game
/// carries its exact final score as the "theoretical" score at 24 empties
/// only if the game was decided by then (never, in general: random play is
/// noisy), so it carries none.
pub fn random_games(n: usize, seed: u64, heldout_every: usize) -> Vec<TrainGame> {
    use othello_solver::rng::SplitMix64;
    let mut rng = SplitMix64::new(seed);
    (0..n)
        .map(|gi| {
            let mut board = Board::start();
            let mut side = Color::Black;
            let mut positions = vec![(board, side)];
            loop {
                let mut m = board.moves();
                if m == 0 {
                    board = board.pass();
                    side = side.opponent();
                    m = board.moves();
                    if m == 0 {
                        // Game over: undo the pass for the final position.
                        board = board.pass();
                        side = side.opponent();
                        break;
                    }
                    positions.push((board, side));
                }
                let sq = rng.pick_bit(m) as usize;
                let f = othello_solver::board::movegen::flips(board.player, board.opponent, sq);
                board = board.play_flips(sq, f);
                side = side.opponent();
                positions.push((board, side));
            }
            let black_score = side_view(board.final_score(), side);
            TrainGame {
                positions,
                black_score,
                theoretical: None,
                heldout: heldout_every > 0 && gi % heldout_every == 0,
            }
        })
        .collect()
}

/// Reads the record files into training games, with a line per file for
/// the metadata. Incomplete games (no final position) are skipped, and a
/// game whose moves repeat an earlier game's (in any file) is dropped. WTHOR
/// games of the held-out years are marked held out.
pub fn load_games(
    files: &[PathBuf],
    holdout: (u16, u16),
) -> anyhow::Result<(Vec<TrainGame>, Vec<String>)> {
    let read = read_game_files(files);
    let mut filter = DuplicateFilter::new();
    let mut games = Vec::new();
    let mut data = Vec::new();
    for file in read {
        let file = file?;
        let (mut incomplete, mut dups, mut used, mut held) = (0usize, 0usize, 0usize, 0usize);
        let mut kept = Vec::new();
        for g in file.games {
            let score = match (g.complete, g.black_score) {
                (true, Some(s)) => s,
                _ => {
                    incomplete += 1;
                    continue;
                }
            };
            if !filter.insert(&g.moves) {
                dups += 1;
                continue;
            }
            let heldout = file.format == GameFormat::Wthor
                && g.year.is_some_and(|y| (holdout.0..=holdout.1).contains(&y));
            used += 1;
            held += heldout as usize;
            kept.push((g, score, heldout));
        }
        let name = file
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| file.path.display().to_string());
        data.push(format!(
            "{name} ({}): {} records, {} games used ({} held out), {} incomplete skipped, {} duplicates dropped, {} rejected",
            file.format,
            file.records,
            used,
            held,
            incomplete,
            dups,
            file.rejected.len()
        ));
        games.par_extend(kept.into_par_iter().map(|(g, score, heldout)| TrainGame {
            positions: g.positions().map(|(_, p)| (p.board, p.side)).collect(),
            black_score: score,
            theoretical: g.theoretical.map(|t| (t.empties, t.black_score)),
            heldout,
        }));
    }
    Ok((games, data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_end_with_their_score() {
        for g in random_games(20, 3, 4) {
            let &(b, side) = g.positions.last().expect("non-empty");
            assert!(b.is_game_over());
            assert_eq!(side_view(b.final_score(), side), g.black_score);
        }
    }

    #[test]
    fn every_position_is_a_sample_of_its_stage_the_opening_included() {
        let games = random_games(5, 21, 0);
        let ds = Dataset::build_labelled(&games, Target::Final, &LabelMap::new());
        let positions: usize = games.iter().map(|g| g.positions.len()).sum();
        assert_eq!(ds.train_positions(), positions);
        // One stage per number of discs, the start position's included.
        for (st, samples) in ds.train.iter().enumerate() {
            assert!(samples.iter().all(|x| stage(&x.board) == st));
        }
        assert_eq!(ds.train[0].len(), games.len());
        assert!(ds.train[0].iter().all(|x| x.board.discs() == 4));
    }

    #[test]
    fn the_opening_stages_share_one_fit() {
        let games = random_games(40, 5, 0);
        let ds = Dataset::build(&games, Target::Final);
        let opts = TrainOptions {
            cg: CgOptions {
                max_iter: 20,
                ..CgOptions::default()
            },
            ..TrainOptions::default()
        };
        let (tables, _, _) = fit_tables(&ds, &opts);
        let table = |s: usize| &tables[s * STAGE_WEIGHTS..(s + 1) * STAGE_WEIGHTS];
        assert!(table(OPENING_STAGE).iter().any(|&w| w != 0.0));
        for s in 0..OPENING_STAGE {
            assert_eq!(table(s), table(OPENING_STAGE), "stage {s}");
        }
        // The next stage is a fit of its own.
        assert_ne!(table(OPENING_STAGE + 1), table(OPENING_STAGE));
        // Each on its own: the first stages are fits of their own positions.
        let each = TrainOptions {
            each_stage: true,
            stages: (0, 3),
            ..opts
        };
        let (alone, _, _) = fit_tables(&ds, &each);
        let alone = |s: usize| &alone[s * STAGE_WEIGHTS..(s + 1) * STAGE_WEIGHTS];
        assert_ne!(alone(2), alone(3));
        assert_ne!(alone(3), table(3));
        assert!(
            alone(OPENING_STAGE).iter().all(|&w| w == 0.0),
            "not asked for"
        );
        assert_eq!(
            OPENING_STAGE + FIRST_STAGE_DISCS as usize,
            OPENING_DISCS as usize
        );
    }

    #[test]
    fn theoretical_target_applies_before_the_point() {
        let mut games = random_games(3, 9, 0);
        games[0].theoretical = Some((24, 10));
        games[0].heldout = true;
        let ds = Dataset::build(&games, Target::Theoretical);
        assert_eq!(ds.heldout_theoretical.len(), 1);
        let early = ds
            .heldout
            .iter()
            .flatten()
            .filter(|x| x.board.empties() >= 24);
        for x in early {
            assert_eq!(x.target.abs(), 10);
        }
    }

    #[test]
    fn search_labels_fill_in_below_exact_ones_and_add_only_unseen_positions() {
        let mut games = random_games(6, 13, 0);
        games[2].heldout = true;
        let mut exact = LabelMap::new();
        let mut search = LabelMap::new();
        let mut on_line = std::collections::HashSet::new();
        for g in &games {
            for (b, _) in &g.positions {
                on_line.insert(*b);
                match b.empties() {
                    6 => {
                        exact.insert(*b, 33);
                        search.insert(*b, 31);
                    }
                    7 => {
                        search.insert(*b, 35);
                    }
                    _ => {}
                }
            }
        }
        // Positions of no game: children of the held-out game's positions
        // and of a training game's, off their lines.
        let mut extra = Vec::new();
        for gi in [0, 2] {
            for (b, _) in &games[gi].positions {
                if b.empties() == 8 {
                    for sq in othello_solver::board::Square::all() {
                        if let Some(c) = b.play(sq) {
                            if !on_line.contains(&c) && !search.contains_key(&c) {
                                search.insert(c, 37);
                                extra.push(c);
                            }
                        }
                    }
                }
            }
        }
        assert!(!extra.is_empty());
        let ds = Dataset::build_with(&games, Target::Final, &exact, &search);
        assert_eq!(ds.labelled, exact.len());
        assert_eq!(ds.extra, extra.len());
        for x in ds.train.iter().chain(&ds.heldout).flatten() {
            let want = match x.board.empties() {
                _ if extra.contains(&x.board) => 37,
                6 => 33,
                7 => 35,
                _ => x.result,
            };
            assert_eq!(x.target, want, "{:?}", x.board);
        }
        let trained: Vec<Board> = ds.train.iter().flatten().map(|x| x.board).collect();
        for b in &extra {
            assert!(trained.contains(b));
        }
        // A held-out game's position is never trained on, labelled or not.
        let held: std::collections::HashSet<Board> =
            games[2].positions.iter().map(|(b, _)| *b).collect();
        let train_set: std::collections::HashSet<Board> = games
            .iter()
            .filter(|g| !g.heldout)
            .flat_map(|g| g.positions.iter().map(|(b, _)| *b))
            .collect();
        for b in &trained {
            assert!(!held.contains(b) || train_set.contains(b), "{b:?}");
        }
        assert_eq!(ds.search_labelled, {
            let n7: usize = games
                .iter()
                .map(|g| g.positions.iter().filter(|(b, _)| b.empties() == 7).count())
                .sum();
            n7
        });
    }

    #[test]
    fn labels_replace_the_target_and_are_measured() {
        let mut games = random_games(4, 11, 0);
        games[1].heldout = true;
        // Label every position with 5 empties with a score no game result
        // can be confused with (odd, and mirrored by side).
        let mut labels = LabelMap::new();
        for g in &games {
            for (b, _) in &g.positions {
                if b.empties() == 5 {
                    labels.insert(*b, 33);
                }
            }
        }
        let ds = Dataset::build_labelled(&games, Target::Final, &labels);
        assert_eq!(ds.labelled, labels.len());
        for x in ds.train.iter().chain(&ds.heldout).flatten() {
            if x.board.empties() == 5 {
                assert_eq!((x.target, x.exact), (33, Some(33)));
            } else {
                assert_eq!((x.target, x.exact), (x.result, None));
            }
        }
        let e = evaluate(&ds, |_| 30.0);
        let held: Vec<&Sample> = ds
            .heldout
            .iter()
            .flatten()
            .filter(|x| x.board.empties() == 5)
            .collect();
        assert!(!held.is_empty());
        assert_eq!(e.heldout_exact_all.n, held.len());
        assert!((e.heldout_exact_all.mae - 3.0).abs() < 1e-9);
        assert_eq!(e.heldout_exact[stage(&held[0].board)].n, held.len());
        assert_eq!(e.heldout_exact.iter().filter(|s| s.n > 0).count(), 1);
    }
}
