//! Solving for the fit and the experiment: a worker's df-pn [`Solver`], the
//! problems sampled from games, and the per-thread solver pool
//! ([`par_solve`]).

use super::data::Record;
use anyhow::Context;
use indicatif::ProgressBar;
use othello_solver::board::Board;
use othello_solver::formats::games::Game;
use othello_solver::pool::Pool;
use othello_solver::sample::{sample_positions, YearFilter};
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::dfpn::heuristic::Heuristic;
use othello_solver::search::dfpn::table::ProofTable;
use othello_solver::search::dfpn::{Dfpn, DfpnOptions, Outcome};
use othello_solver::search::Limits;
use rayon::prelude::*;

/// What one df-pn bound search cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoundRun {
    /// Proven (true) or disproven; `None` if a limit stopped it.
    pub proven: Option<bool>,
    /// df-pn nodes.
    pub nodes: u64,
    /// Leaf-solver nodes.
    pub leaf_nodes: u64,
    /// Table entries in use at the end.
    pub entries: u64,
    /// Garbage collections of the table during the search.
    pub collections: u64,
}

/// A proof-number table and an alpha-beta leaf solver: what one worker
/// thread solves with.
pub struct Solver {
    /// The df-pn table (cleared before every search).
    pub table: ProofTable,
    /// The leaf solver (used only with a hand-over).
    pub leaf: Searcher,
}

impl Solver {
    /// A solver with a df-pn table of `hash_mb` MiB and a leaf solver with
    /// a table of `leaf_mb` MiB, which orders its moves by the embedded
    /// pattern evaluation from 15 empties up, as `solve`'s does (only the
    /// speed of hand-overs of 15 empties or more depends on it).
    /// Errors if the embedded weights do not decode.
    pub fn new(
        hash_mb: usize,
        leaf_mb: usize,
    ) -> Result<Solver, othello_solver::eval::WeightsError> {
        let mut leaf = Searcher::new(leaf_mb);
        leaf.use_embedded_evaluator()?;
        Ok(Solver {
            table: ProofTable::with_mb(hash_mb),
            leaf,
        })
    }

    /// Replaces the df-pn table by one of `mb` MiB unless it has that size
    /// already (small problems need no big table, and clearing one costs).
    pub fn resize(&mut self, mb: usize) {
        let want = ProofTable::with_mb_capacity(mb);
        if self.table.stats().capacity != want {
            self.table = ProofTable::with_mb(mb);
        }
    }

    /// Answers "score of `board` ≥ k?" with df-pn under `heuristic` on a
    /// cleared table, with the 1+ε trick at `epsilon` (0 = off, the
    /// paper's df-pn); `tips` also reads the solution's tips
    /// ([`Dfpn::solution_tips`]), after the entries are counted.
    #[allow(clippy::too_many_arguments)]
    pub fn run_bound(
        &mut self,
        board: &Board,
        k: i32,
        heuristic: Heuristic<'_>,
        leaf_empties: u32,
        epsilon: f64,
        node_limit: Option<u64>,
        tips: bool,
    ) -> (BoundRun, Option<u64>) {
        self.table.clear();
        let collections = self.table.stats().collections;
        let options = DfpnOptions {
            leaf_empties,
            epsilon,
            // The paper's h: the static evaluation at every node.
            h_search_from: 0,
            ..DfpnOptions::default()
        };
        let limits = Limits {
            time: None,
            nodes: node_limit,
        };
        let mut dfpn = Dfpn::new(&mut self.table, &mut self.leaf, heuristic, options, limits);
        let proven = match dfpn.prove(board, k) {
            Outcome::Proven => Some(true),
            Outcome::Disproven => Some(false),
            Outcome::Aborted => None,
        };
        let stats = dfpn.table().stats();
        let mut run = BoundRun {
            proven,
            nodes: dfpn.nodes,
            leaf_nodes: dfpn.leaf_nodes(),
            entries: stats.entries,
            collections: stats.collections - collections,
        };
        let count = if tips && proven.is_some() {
            let t = dfpn.solution_tips(board, k);
            run.nodes = dfpn.nodes;
            t
        } else {
            None
        };
        (run, count)
    }

    /// Solves one fitting problem with plain df-pn and reads its tips;
    /// `None` if the node limit stopped it.
    pub fn solve_for_fit(
        &mut self,
        board: &Board,
        k: i32,
        leaf_empties: u32,
        node_limit: Option<u64>,
        source: &str,
    ) -> Option<Record> {
        let (run, tips) = self.run_bound(
            board,
            k,
            Heuristic::Uniform,
            leaf_empties,
            0.0,
            node_limit,
            true,
        );
        Some(Record {
            board: *board,
            k,
            leaf_empties,
            proven: run.proven?,
            tips: tips?,
            nodes: run.nodes,
            source: source.to_string(),
        })
    }
}

/// One problem to solve.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The position.
    pub board: othello_solver::Board,
    /// Its game.
    pub source: String,
}

/// `count` problems at each of `stages` from `games` (one per game, seed +
/// stage), with the year filter.
pub fn sample_problems(
    games: &[Game],
    stages: &[u32],
    count: usize,
    seed: u64,
    years: &YearFilter,
) -> Vec<(u32, Vec<Problem>)> {
    stages
        .iter()
        .map(|&e| {
            let s = sample_positions(games.iter(), e, count, seed.wrapping_add(e as u64), years);
            let problems = s
                .drawn
                .into_iter()
                .map(|c| Problem {
                    board: c.position.board,
                    source: c.game_id,
                })
                .collect();
            (e, problems)
        })
        .collect()
}

/// Runs `f` over `items` on `jobs` threads, each with its own [`Solver`]
/// (a df-pn table of `hash_mb` MiB, an alpha-beta leaf solver of `leaf_mb`),
/// made once per thread and reused for every item that thread takes (the
/// library's [`Pool`], as `batch` uses).
pub fn par_solve<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    hash_mb: usize,
    leaf_mb: usize,
    pb: &ProgressBar,
    f: impl Fn(&T, &mut Solver) -> R + Sync,
) -> anyhow::Result<Vec<R>> {
    let jobs = jobs.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start worker threads")?;
    let solvers = Pool::new();
    pool.install(|| {
        items
            .par_iter()
            .with_max_len(1)
            .map(|item| {
                let r = solvers.with(
                    || {
                        Solver::new(hash_mb, leaf_mb)
                            .context("decoding the built-in pattern weights")
                    },
                    |solver| f(item, solver),
                )?;
                pb.inc(1);
                Ok(r)
            })
            .collect()
    })
}

/// The table size for a problem with `empties` empties: 2^(e − 10) MiB,
/// at least 4, at most `max_mb`.
pub fn table_mb(empties: u32, max_mb: usize) -> usize {
    (1usize << empties.saturating_sub(10).min(30)).clamp(4, max_mb.max(4))
}
