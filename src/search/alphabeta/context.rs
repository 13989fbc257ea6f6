//! The per-thread node context of the alpha-beta solver: what every node of
//! a search reads and writes. The table, the ordering evaluation and the
//! limits ([`Budget`]) are shared with the other threads of a solve; the
//! node counter, the abort flag, the selectivity and the split-point stop
//! flags are this thread's own. The search itself ([`super::pvs`],
//! [`super::endgame`], [`super::split`]) is written as methods of
//! [`Context`]; once created, a context allocates nothing per node.

use super::cache::ShallowCache;
use super::probcut::Selectivity;
#[cfg(feature = "stats")]
use super::stats::Stats;
use super::tt;
use crate::eval::Evaluator;
use crate::search::budget::Budget;
use crate::search::probe_table::ProbeTable;
use crate::search::progress::Progress;
use crate::search::tuning::{order_min_empties, CHECK_INTERVAL, SHALLOW_CACHE_MAX, SPLIT_MIN};
use crate::search::Limits;
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::sync::Arc;
use std::time::Instant;

/// An evaluation plugged into move ordering, and where it is used.
pub(super) struct OrderEval {
    pub(super) eval: Arc<dyn Evaluator + Send + Sync>,
    /// The fewest empties ranked with it, as configured.
    pub(super) base_min: u32,
    /// The fewest empties ranked with it in the search under way
    /// ([`Context::set_order_root`]).
    pub(super) min_empties: u32,
}

/// One thread's view of a search: the shared table, evaluation and budget,
/// and its own counters.
pub(super) struct Context {
    pub(super) tt: Arc<tt::Table>,
    /// Positions visited by this thread (every position counts one).
    pub(super) nodes: u64,
    /// The node count at which the budget runs out if no other thread spends
    /// any (the probes of move ordering stop deepening there).
    pub(super) node_limit: u64,
    /// The node count at which the next node looks at the budget.
    pub(super) next_check: u64,
    /// The node count up to which this context's nodes are charged to the budget.
    pub(super) charged: u64,
    /// How many times a selective search so far took a decision that is
    /// not proven: a ProbCut cut, or a selective search's bounds taken from
    /// the table. A node whose subtree took none has a proven result, which
    /// goes to the table as such (a ladder's work then serves the exact
    /// search).
    pub(super) unproven: u64,
    /// Whether a limit or a refuted split point stopped the search (every
    /// value since is meaningless and nothing more is stored).
    pub(super) aborted: bool,
    /// The limits of the current solve, shared by all its threads.
    pub(super) budget: Arc<Budget>,
    /// Optional evaluation ranking moves at nodes with many empties.
    pub(super) order_eval: Option<Arc<OrderEval>>,
    /// Nodes with more empties than this pass their children the pattern
    /// evaluation's state (the children order moves with it): the
    /// evaluation's `min_empties` with a pattern evaluation, else
    /// `u32::MAX`.
    pub(super) carry_min: u32,
    /// The selectivity of the search under way ([`Selectivity::EXACT`]
    /// except during an exact solve's selective pre-searches).
    pub(super) sel: Selectivity,
    /// Where the solve publishes its progress (the main thread's context
    /// only).
    pub(super) progress: Option<Arc<Progress>>,
    /// Whether this context may split its nodes among the pool's threads
    /// now (it runs on one of them).
    pub(super) splitting: bool,
    /// The fewest empties at which a null-window node shares out its
    /// younger brothers ([`SPLIT_MIN`] unless set otherwise).
    pub(super) split_min: u32,
    /// Only nodes with fewer empties split: the root's count during a
    /// parallel search, so that the root never splits.
    pub(super) split_below: u32,
    /// The stop flags of the split points above this context (a helper's):
    /// one raised means a sibling refuted that split point.
    pub(super) splits: Vec<Arc<AtomicBool>>,
    /// Helpers of this context alive now.
    pub(super) live: Arc<AtomicUsize>,
    /// The last-N solver's cache of bounds and best moves: the context's
    /// own, or for a split point's helper its thread's while it runs.
    /// `None` only while the context searches nothing: while it waits for
    /// its split point's helpers (its thread holds the cache then), or in a
    /// helper not started yet.
    pub(super) shallow: Option<ShallowCache>,
    /// The probe's table of bounds (see [`ProbeTable`]): the context's
    /// own, or for a split point's helper its thread's while it runs (as
    /// `shallow`).
    pub(super) probe_table: Option<ProbeTable>,
    /// Up to this many empties, the table-driven search keeps its results
    /// in the last-N solver's cache instead of the shared table:
    /// [`SHALLOW_CACHE_MAX`], but only the last-N solver's own range
    /// (`LAST_N_MAX`) during one of df-pn's leaf searches, whose many small
    /// searches share subtrees through the table.
    pub(super) cache_max: u32,
    /// Node-kind counters (builds with the `stats` feature only).
    #[cfg(feature = "stats")]
    pub(super) stats: Stats,
}

impl Context {
    /// Where the search reports its events (`stats::NodeCounters`): the
    /// counters in builds with the `stats` feature.
    #[cfg(feature = "stats")]
    #[inline(always)]
    pub(super) fn counters(&mut self) -> impl super::stats::NodeCounters + '_ {
        &mut self.stats
    }

    /// See above: without the `stats` feature, counters that do nothing.
    #[cfg(not(feature = "stats"))]
    #[inline(always)]
    pub(super) fn counters(&mut self) -> impl super::stats::NodeCounters {
        super::stats::NoCounters
    }

    /// Sets where the ordering evaluation ranks moves (and where nodes
    /// hand its pattern state down) for a search from a root of
    /// `root_empties` empties ([`order_min_empties`]); `None`: from the
    /// evaluation's configured start (`base_min`), whatever the root
    /// (df-pn's leaf searches, whose roots are small but many).
    pub(super) fn set_order_root(&mut self, root_empties: Option<u32>) {
        let Some(oe) = &mut self.order_eval else {
            self.carry_min = u32::MAX;
            return;
        };
        let min = root_empties.map_or(oe.base_min, |e| order_min_empties(e, oe.base_min));
        if oe.min_empties != min {
            // A new record, not a change to the shared one: helpers that
            // hold it (a split's, df-pn's leaf searcher) keep their own.
            *oe = Arc::new(OrderEval {
                eval: Arc::clone(&oe.eval),
                base_min: oe.base_min,
                min_empties: min,
            });
        }
        self.carry_min = if oe.eval.as_pattern().is_some() {
            min
        } else {
            u32::MAX
        };
    }

    /// A one-thread context on `tt` with no limits and no move-ordering
    /// evaluation.
    pub(super) fn on_table(tt: Arc<tt::Table>) -> Context {
        Context {
            tt,
            nodes: 0,
            node_limit: u64::MAX,
            next_check: CHECK_INTERVAL,
            charged: 0,
            unproven: 0,
            aborted: false,
            budget: Arc::new(Budget::unlimited()),
            order_eval: None,
            carry_min: u32::MAX,
            sel: Selectivity::EXACT,
            progress: None,
            splitting: false,
            split_min: SPLIT_MIN,
            split_below: 0,
            splits: Vec::new(),
            live: Arc::default(),
            shallow: Some(ShallowCache::new()),
            probe_table: Some(ProbeTable::new()),
            cache_max: SHALLOW_CACHE_MAX,
            #[cfg(feature = "stats")]
            stats: Stats::default(),
        }
    }

    /// A helper for the split point whose stop flag is `stop`: this
    /// context's table, evaluation, selectivity and budget, its own
    /// counters.
    pub(super) fn helper(&self, stop: &Arc<AtomicBool>) -> Context {
        let mut splits = self.splits.clone();
        splits.push(Arc::clone(stop));
        let mut h = Context {
            tt: Arc::clone(&self.tt),
            nodes: 0,
            node_limit: u64::MAX,
            next_check: 0,
            charged: 0,
            unproven: 0,
            aborted: false,
            budget: Arc::clone(&self.budget),
            order_eval: self.order_eval.clone(),
            carry_min: self.carry_min,
            sel: self.sel,
            progress: None,
            splitting: true,
            split_min: self.split_min,
            split_below: self.split_below,
            splits,
            live: Arc::clone(&self.live),
            shallow: None,
            probe_table: None,
            cache_max: self.cache_max,
            #[cfg(feature = "stats")]
            stats: Stats::default(),
        };
        h.plan_check();
        h
    }

    /// Searches within `limits` from `start` on, stopping too when
    /// `interrupt` is raised.
    pub(super) fn set_limits(
        &mut self,
        limits: Limits,
        start: Instant,
        interrupt: Option<Arc<AtomicBool>>,
    ) {
        let budget = Budget::starting(limits, start).with_interrupt(interrupt);
        self.set_budget(Arc::new(budget));
    }

    /// Searches within `budget` from now on.
    fn set_budget(&mut self, budget: Arc<Budget>) {
        self.aborted = false;
        self.budget = budget;
        self.charged = self.nodes;
        self.plan_check();
    }

    /// The next look at the budget: after [`CHECK_INTERVAL`] nodes, or
    /// where the node limit would run out.
    fn plan_check(&mut self) {
        let left = self.budget.remaining();
        self.node_limit = self.nodes.saturating_add(left);
        self.next_check = self
            .nodes
            .saturating_add(CHECK_INTERVAL)
            .min(self.node_limit);
    }

    /// No limit and no outside stop: for the searches whose bare value is
    /// taken as proven (`Searcher::search_window`, df-pn's leaves), which
    /// must never be cut short.
    pub(super) fn clear_limits(&mut self) {
        self.set_budget(Arc::new(Budget::unlimited()));
    }

    /// Charges this context's nodes to the budget; whether it is spent.
    pub(super) fn charge(&mut self) -> bool {
        let stop = self.budget.charge(self.nodes - self.charged);
        self.charged = self.nodes;
        stop
    }

    /// Called every [`CHECK_INTERVAL`] nodes: sets `aborted` when a limit is hit.
    #[cold]
    pub(super) fn check_limits(&mut self) {
        if self.charge() {
            self.aborted = true;
        }
        if let Some(p) = &self.progress {
            p.set_nodes(self.budget.spent());
        }
        self.plan_check();
    }
}
