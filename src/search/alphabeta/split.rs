//! Parallel alpha-beta: Young Brothers Wait with split points
//! (docs/parallel.md).
//!
//! A null-window node below the root with at least
//! [`SPLIT_MIN`](crate::search::tuning::SPLIT_MIN) empties (by default;
//! [`Searcher::set_split_min`](super::Searcher::set_split_min)) searches its first
//! (eldest) move alone; if that does not refute the node, the younger
//! brothers are shared out: the node's thread and up to `threads − 1`
//! helpers take the next unsearched move from a shared counter, best-ordered
//! first, each with its own node context (own counters, the shared table and
//! budget). A move that fails high raises the split point's stop flag; every
//! search below that split point sees it at its next node with more than
//! [`LAST_N_MAX`](crate::search::tuning::LAST_N_MAX) empties and returns at
//! once, and what
//! it was doing is thrown away (nothing of an aborted search is stored).
//! Helpers run as tasks of a rayon scope on the engine's thread pool: a
//! thread waiting for its helpers steals other split points' work, and the
//! scope returns only when every helper has returned, so no search outlives
//! its split point (nor its solve).
//!
//! Every value stored or returned is a true bound whatever the order in
//! which the moves finish, so results do not depend on the thread count;
//! node counts do.

use super::context::Context;
use super::pvs::Candidate;
use super::thread_tables::ThreadTables;
use super::window::NONE;
use crate::board::Board;
use crate::board::Move;
use crate::units::Score;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

/// The threads of a parallel alpha-beta search, which share out the moves
/// of split points (not [`crate::pool::Pool`], the reusable per-thread
/// states of a batch).
pub struct SplitPool {
    pool: rayon::ThreadPool,
}

impl SplitPool {
    /// A pool of `threads` threads (each with a large stack: a thread waiting
    /// at a split point may take up another split point's search on top of
    /// its own).
    pub fn new(threads: usize) -> Result<SplitPool, rayon::ThreadPoolBuildError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(64 << 20)
            .thread_name(|i| format!("search-{i}"))
            .build()?;
        Ok(SplitPool { pool })
    }

    /// The number of threads.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Runs `op` on one of the pool's threads and waits for it.
    pub fn run<R: Send>(&self, op: impl FnOnce() -> R + Send) -> R {
        self.pool.install(op)
    }
}

/// Counts a helper in its searcher's count while it lives.
struct Live(Arc<AtomicUsize>);

impl Live {
    fn new(count: &Arc<AtomicUsize>) -> Live {
        count.fetch_add(1, Ordering::SeqCst);
        Live(Arc::clone(count))
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Context {
    /// The number of this context's helpers running now.
    pub(super) fn live_helpers(&self) -> usize {
        self.live.load(Ordering::SeqCst)
    }

    /// Whether this searcher must stop: the budget is spent or a split point
    /// above it was refuted by a sibling.
    pub(super) fn stop_requested(&self) -> bool {
        self.budget.stopped() || self.splits.iter().any(|f| f.load(Ordering::Relaxed))
    }

    /// Runs `op` on one of `pool`'s threads with this searcher splitting
    /// the nodes below `root` among them. The root itself never splits:
    /// when its first move fails, a split would search later root moves
    /// beside the next one, and when that one proves the bound alone their
    /// subtrees, the largest of the search, are thrown away
    /// (docs/parallel.md). The root's children split as usual, and each is
    /// large.
    pub(super) fn on_pool<R: Send>(
        &mut self,
        pool: &SplitPool,
        root: &Board,
        op: impl FnOnce(&mut Context) -> R + Send,
    ) -> R {
        self.split_below = root.empties();
        pool.run(|| {
            self.splitting = true;
            let r = op(self);
            self.splitting = false;
            r
        })
    }

    /// Whether a node with `empties` empties and a window `(alpha, beta)`
    /// shares out its moves after the first.
    #[inline]
    pub(super) fn may_split(&self, empties: u32, alpha: Score, beta: Score) -> bool {
        self.splitting
            && empties >= self.split_min
            && empties < self.split_below
            && beta == alpha + 1
    }

    /// Searches the younger brothers `moves` of node `(p, o)` (ordered
    /// best first) in the null window `(alpha, beta)` on every thread of the
    /// pool. Returns the best value and its move; sets `aborted` (value
    /// meaningless) when the budget or a split point above stopped the
    /// search.
    pub(super) fn split(
        &mut self,
        moves: &[Candidate],
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
    ) -> (Score, Move) {
        const NOT_DONE: i32 = i32::MIN;
        let stop = Arc::new(AtomicBool::new(false));
        let next = AtomicUsize::new(0);
        let values: Vec<AtomicI32> = moves.iter().map(|_| AtomicI32::new(NOT_DONE)).collect();
        let spent = AtomicU64::new(0);
        let unproven = AtomicU64::new(0);
        let work = |mut w: Context| {
            let _live = Live::new(&w.live);
            // The tables of the thread this helper runs on, held while it
            // runs and handed back at the end (see `thread_tables`).
            ThreadTables::take().give_to(&mut w);
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= moves.len() || stop.load(Ordering::Relaxed) {
                    break;
                }
                let c = moves[i];
                let sq = c.sq.index();
                let (np, no) = (o ^ c.flips, p ^ c.flips ^ (1 << sq));
                let v = -w.search_any(np, no, -beta, -alpha);
                if w.aborted {
                    break;
                }
                values[i].store(v, Ordering::Relaxed);
                if v >= beta {
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
            }
            w.charge();
            spent.fetch_add(w.nodes, Ordering::Relaxed);
            unproven.fetch_add(w.unproven, Ordering::Relaxed);
            ThreadTables::take_from(&mut w).lend();
        };
        let work = &work;
        let helpers = (rayon::current_num_threads() - 1).min(moves.len() - 1);
        // While this context waits in the scope, the thread's other tasks
        // use its tables (see `thread_tables`).
        let before = ThreadTables::take_from(self).lend();
        rayon::scope(|s| {
            for _ in 0..helpers {
                let h = self.helper(&stop);
                s.spawn(move |_| work(h));
            }
            work(self.helper(&stop));
        });
        before.lend().give_to(self);
        let spent = spent.into_inner();
        self.nodes += spent;
        self.charged += spent;
        self.unproven += unproven.into_inner();
        if self.stop_requested() {
            self.aborted = true;
            return (0, Move::NONE);
        }
        let mut best = (NONE, Move::NONE);
        for (c, v) in moves.iter().zip(&values) {
            let v = v.load(Ordering::Relaxed);
            if v != NOT_DONE && v > best.0 {
                best = (v, c.sq);
            }
        }
        best
    }
}
