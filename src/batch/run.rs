//! The batch runner: solve items on a thread pool, hand each result to a sink
//! as soon as it is known, keep the totals.

use super::check::{check_item, Verdict};
use super::input::BatchItem;
use super::output::Row;
use crate::pool::Pool;
use crate::search::{SolveResult, Status};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Totals of a batch run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BatchSummary {
    /// Positions answered exactly.
    pub solved: usize,
    /// Positions a limit stopped.
    pub unknown: usize,
    /// `(id, detail)` of every result that disagrees with a known score.
    pub mismatches: Vec<(String, String)>,
    /// Results checked and found to agree.
    pub matched: usize,
    /// Main-search nodes over all positions.
    pub nodes: u64,
    /// Leaf-solver nodes over all positions.
    pub leaf_nodes: u64,
    /// Wall-clock seconds of the whole run.
    pub time_s: f64,
    /// Items never started because the run was interrupted.
    pub not_started: usize,
}

impl BatchSummary {
    /// Positions finished (solved or unknown).
    pub fn done(&self) -> usize {
        self.solved + self.unknown
    }

    /// All nodes per wall-clock second.
    pub fn nodes_per_second(&self) -> f64 {
        (self.nodes + self.leaf_nodes) as f64 / self.time_s.max(1e-9)
    }

    fn add(&mut self, id: &str, result: &SolveResult, verdict: Option<&Verdict>) {
        match result.status {
            Status::Solved => self.solved += 1,
            Status::Unknown => self.unknown += 1,
        }
        self.nodes += result.nodes;
        self.leaf_nodes += result.leaf_nodes;
        match verdict {
            Some(Verdict::Mismatch(why)) => self.mismatches.push((id.to_string(), why.clone())),
            Some(Verdict::Match) => self.matched += 1,
            _ => {}
        }
    }
}

/// Solves every item on `jobs` threads and calls `sink` with each row in the
/// order the results arrive (input order when `jobs == 1`, which is then
/// fully deterministic). Each thread solves with a state made by `make`
/// (for example a searcher with its table) and reused across its items.
/// With `check_known`, each result is compared with the known scores of its
/// item. A sink error, or a state `make` cannot make (e.g. a table larger
/// than the memory), stops the run: the items not yet started are skipped
/// and the error is returned. Once `interrupt` is set (Ctrl-C), no item
/// starts any more; the items in progress finish (a search given the same
/// flag stops early and answers unknown) and their rows are written, and
/// [`BatchSummary::not_started`] counts the rest.
#[allow(clippy::too_many_arguments)]
pub fn run_batch<T, M, F, S>(
    items: &[BatchItem],
    jobs: usize,
    check_known: bool,
    interrupt: Option<&AtomicBool>,
    make: M,
    solve: F,
    mut sink: S,
) -> std::io::Result<BatchSummary>
where
    T: Send,
    M: Fn() -> std::io::Result<T> + Sync,
    F: Fn(&mut T, &BatchItem) -> SolveResult + Sync,
    S: FnMut(&Row<'_>, &BatchSummary) -> std::io::Result<()>,
{
    let start = Instant::now();
    let mut summary = BatchSummary::default();
    let interrupted = || interrupt.is_some_and(|f| f.load(Ordering::Relaxed));
    let verdict_of = |item: &BatchItem, r: &SolveResult| -> Option<Verdict> {
        if !check_known {
            return None;
        }
        Some(check_item(item, r))
    };
    let mut emit =
        |item: &BatchItem, r: &SolveResult, summary: &mut BatchSummary| -> std::io::Result<()> {
            let verdict = verdict_of(item, r);
            summary.add(&item.id, r, verdict.as_ref());
            summary.time_s = start.elapsed().as_secs_f64();
            let row = Row {
                id: &item.id,
                position: &item.position,
                result: r,
                verdict: verdict.as_ref(),
                comment: item.problem.as_ref().and_then(|p| p.comment.as_deref()),
            };
            sink(&row, summary)
        };

    if jobs <= 1 {
        let mut state = make()?;
        for item in items {
            if interrupted() {
                break;
            }
            let r = solve(&mut state, item);
            emit(item, &r, &mut summary)?;
        }
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .map_err(std::io::Error::other)?;
        let stop = AtomicBool::new(false);
        let states = Pool::new();
        let (tx, rx) = mpsc::channel::<(usize, std::io::Result<SolveResult>)>();
        let mut failure = None;
        std::thread::scope(|scope| {
            let stop = &stop;
            let interrupted = &interrupted;
            let solve = &solve;
            let make = &make;
            let states = &states;
            scope.spawn(move || {
                pool.install(|| {
                    items.par_iter().enumerate().with_max_len(1).for_each_with(
                        tx,
                        |tx, (i, item)| {
                            if stop.load(Ordering::Relaxed) || interrupted() {
                                return;
                            }
                            let r = states.with(make, |state| solve(state, item));
                            // The receiver only goes away after a sink error, when
                            // `stop` is set: nothing is lost by ignoring this.
                            let _ = tx.send((i, r));
                        },
                    )
                })
            });
            for (i, r) in rx.iter() {
                if failure.is_some() {
                    continue;
                }
                if let Err(e) = r.and_then(|r| emit(&items[i], &r, &mut summary)) {
                    stop.store(true, Ordering::Relaxed);
                    failure = Some(e);
                }
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
    }
    summary.time_s = start.elapsed().as_secs_f64();
    summary.not_started = items.len() - summary.done();
    Ok(summary)
}
