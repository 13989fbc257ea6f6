//! df-pn and df-pn⁺ in negamax form (Nagai & Imai, appendices A and B): one
//! code path, two parameter sets ([`Heuristic::Uniform`] is plain df-pn).
//!
//! A node is a board with the side to move asked "is my final score ≥ k?".
//! φ is the cost of proving that, δ of disproving it. A move leads to a child
//! asked "≥ 1 − k?" (the child's score is the negation of ours), so the child's
//! δ is the parent's view of that move's φ:
//!
//! ```text
//! φ(n) = min over children (δ(c) + cost_φ)      δ(n) = Σ over children (φ(c) + cost_δ)
//! ```
//!
//! A new node gets (h_φ, h_δ); a solved node (0, ∞) or (∞, 0). An unsolved
//! node's φ and δ never fall below 1 whatever the costs (each unsolved term is
//! clamped to ≥ 1), and finite values stay below [`INF`].
//!
//! MID does multiple iterative deepening at every node: it searches the child
//! with the smallest δ + cost_φ under
//!
//! ```text
//! th_φ(c) = th_δ(n) + φ(c) − Σ (φ(child) + cost_δ)                       (3)
//! th_δ(c) = min(th_φ(n), δ₂ + cost_φ(n, c₂) + 1) − cost_φ(n, c)          (4)
//! ```
//!
//! until φ(n) ≥ th_φ(n) or δ(n) ≥ th_δ(n). With `epsilon > 0` the "+ 1" of (4)
//! becomes the 1+ε trick: ⌈(δ₂ + cost_φ)·(1 + ε)⌉ (and at least + 1). As in
//! appendix A's SelectChild, every unsolved child's δ is lifted to the bound
//! the node had when MID was entered (`δ ← max(δ, δ_bound − cost_φ)`, with
//! δ_bound the node's φ as looked up on entry), which restores knowledge lost
//! when the table dropped a child.
//!
//! Differences from the program list, none affecting the answers: Othello has
//! no cycles (every move adds a disc), so step 3 of MID (storing the
//! thresholds to break cycles) is left out; the children's (φ, δ) are looked
//! up once when the node is expanded and then kept in a per-depth buffer (a
//! child's own MID returns its new values), instead of a table lookup per
//! child per iteration; and a node with at most `leaf_empties` empties is
//! decided at once by the [`LeafSolver`].

pub mod driver;
pub mod heuristic;
pub mod params;
pub mod table;

use crate::board::Board;
use crate::search::budget::Budget;
use crate::search::progress::Progress;
use crate::search::result::TableStats;
use crate::search::{LeafSolver, Limits};
use heuristic::{Heuristic, ValueCache, DEFAULT_H_SEARCH_FROM};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU8, Ordering};
use std::sync::Arc;
use table::{Probe, ProofTable, INF};

/// The largest finite proof number.
const FINITE_MAX: u64 = INF as u64 - 1;

/// How often (in nodes) the clock is read.
const TIME_CHECK_INTERVAL: u64 = 4096;

/// The stack of a parallel df-pn worker thread: the df-pn recursion (one
/// frame per ply above the leaves) and a leaf search below it.
const WORKER_STACK: usize = 64 << 20;

/// Options of one df-pn search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DfpnOptions {
    /// Nodes with at most this many empties go to the leaf solver (0 = pure
    /// df-pn: no hand-over at all, not even of full boards).
    pub leaf_empties: u32,
    /// The 1+ε trick (0 = off).
    pub epsilon: f64,
    /// df-pn⁺: new nodes with at least this many empties take h from a
    /// shallow search instead of the static evaluation
    /// ([`Heuristic::searched_leaf`]; 0 = the static evaluation everywhere,
    /// as in the paper). Plain df-pn ignores it.
    pub h_search_from: u32,
}

impl Default for DfpnOptions {
    fn default() -> Self {
        DfpnOptions {
            leaf_empties: DEFAULT_LEAF_EMPTIES,
            epsilon: 0.0,
            h_search_from: DEFAULT_H_SEARCH_FROM,
        }
    }
}

/// The default leaf hand-over: nodes with at most 17 empties go to the
/// alpha-beta solver, which orders its moves by the evaluation from 15
/// empties up. Tuned with h from a shallow search on FFO #40–#49 (WLD and
/// exact) and checked on hard-20, FFO #20–#38 and `positions/default.obf`
/// (docs/dfpn.md, "Leaf hand-over").
pub const DEFAULT_LEAF_EMPTIES: u32 = 17;

/// The answer of one bound search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// "score ≥ k" is true.
    Proven,
    /// "score ≥ k" is false.
    Disproven,
    /// A limit stopped the search.
    Aborted,
}

#[derive(Clone, Copy, Debug)]
struct Child {
    board: Board,
    phi: u32,
    delta: u32,
}

/// A df-pn / df-pn⁺ searcher: the table, the leaf solver, the heuristic and
/// the counters, reused across the questions a driver asks.
pub struct Dfpn<'a> {
    table: &'a mut ProofTable,
    leaf: &'a mut dyn LeafSolver,
    heuristic: Heuristic<'a>,
    options: DfpnOptions,
    /// The limits, shared with whatever else searches for this solve.
    budget: Arc<Budget>,
    /// The total node count (df-pn's and the leaf solver's) charged to the
    /// budget so far, and the count at which to charge it next.
    charged: u64,
    next_check: u64,
    leaf_base: u64,
    aborted: bool,
    children: Vec<Child>,
    /// h's shallow-search values (allocated on first use).
    values: Option<Box<ValueCache>>,
    /// Expanded df-pn nodes (terminal positions included, leaf hand-overs
    /// not), and the positions of the shallow searches behind
    /// [`Dfpn::guess`] and h ([`DfpnOptions::h_search_from`]).
    pub nodes: u64,
    /// Where the node count is published ([`Dfpn::set_progress`]), and what
    /// to add to this searcher's count there (a parallel worker's: the
    /// count of the search it works for).
    progress: Option<Arc<Progress>>,
    progress_base: u64,
    /// Threads for each question ([`LeafSolver::threads`]; 1: this one).
    threads: usize,
    /// A worker of a parallel search ([`Dfpn::prove_parallel`]): the nodes
    /// the workers are expanding now, and the flag that stops them all
    /// once one has answered.
    busy: Option<Arc<Busy>>,
    stop: Option<Arc<AtomicBool>>,
    /// Leaf-solver nodes of the workers of parallel searches.
    worker_leaf_nodes: u64,
    /// The workers' h caches, kept from one question to the next.
    worker_values: Vec<Option<Box<ValueCache>>>,
}

/// The nodes the workers of a parallel df-pn are expanding now, counted per
/// slot of a hash of the board. A worker choosing a child looks here and
/// prefers a sibling of a busy child whose numbers are not much worse, so
/// the workers spread over the tree (virtual proof numbers, as in Kaneko's
/// parallel df-pn). Two boards may share a slot: that only misleads the
/// choice, never an answer.
struct Busy {
    slots: Box<[AtomicU16]>,
}

impl Busy {
    const BITS: u32 = 16;

    fn new() -> Busy {
        Busy {
            slots: (0..1usize << Self::BITS)
                .map(|_| AtomicU16::new(0))
                .collect(),
        }
    }

    #[inline]
    fn slot(&self, b: &Board) -> &AtomicU16 {
        let h = b.player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ b.opponent.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        &self.slots[(h >> (64 - Self::BITS)) as usize]
    }

    #[inline]
    fn enter(&self, b: &Board) {
        self.slot(b).fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn leave(&self, b: &Board) {
        self.slot(b).fetch_sub(1, Ordering::Relaxed);
    }

    #[inline]
    fn is_busy(&self, b: &Board) -> bool {
        self.slot(b).load(Ordering::Relaxed) > 0
    }
}

impl<'a> Dfpn<'a> {
    /// A searcher over `table` handing small nodes to `leaf`. `limits` count
    /// from now; the node limit counts df-pn and leaf-solver nodes together.
    pub fn new(
        table: &'a mut ProofTable,
        leaf: &'a mut dyn LeafSolver,
        heuristic: Heuristic<'a>,
        options: DfpnOptions,
        limits: Limits,
    ) -> Dfpn<'a> {
        Dfpn::within(
            table,
            leaf,
            heuristic,
            options,
            Arc::new(Budget::new(limits)),
        )
    }

    /// The same within `budget` (its limits, and its outside stop flag, for
    /// example Ctrl-C's). The leaf solver runs without it: a leaf's bounds
    /// are taken as proven, so a leaf search is never cut short (leaves are
    /// small; the budget is looked at between them).
    pub fn within(
        table: &'a mut ProofTable,
        leaf: &'a mut dyn LeafSolver,
        heuristic: Heuristic<'a>,
        options: DfpnOptions,
        budget: Arc<Budget>,
    ) -> Dfpn<'a> {
        let leaf_base = leaf.nodes();
        let mut options = options;
        if matches!(heuristic, Heuristic::Uniform) {
            // Plain df-pn has no evaluation to search with.
            options.h_search_from = 0;
        }
        let threads = leaf.threads().max(1);
        Dfpn {
            table,
            leaf,
            heuristic,
            options,
            next_check: TIME_CHECK_INTERVAL.min(budget.remaining()),
            budget,
            charged: 0,
            leaf_base,
            aborted: false,
            children: Vec::with_capacity(64 * 40),
            values: None,
            nodes: 0,
            progress: None,
            progress_base: 0,
            threads,
            busy: None,
            stop: None,
            worker_leaf_nodes: 0,
            worker_values: Vec::new(),
        }
    }

    /// Publishes the node count (df-pn's and the leaf solver's) into
    /// `progress` where the search looks at the clock.
    pub fn set_progress(&mut self, progress: Option<Arc<Progress>>) {
        self.progress = progress;
    }

    /// The progress this searcher publishes into, if any.
    pub fn progress(&self) -> Option<&Progress> {
        self.progress.as_deref()
    }

    /// Leaf-solver nodes since this searcher was made.
    pub fn leaf_nodes(&self) -> u64 {
        self.leaf.nodes() - self.leaf_base + self.worker_leaf_nodes
    }

    /// Whether a limit has stopped the search (it stays stopped).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The table.
    pub fn table(&self) -> &ProofTable {
        self.table
    }

    /// The heuristic's guess of the score of `board` in quarter discs,
    /// unrounded ([`Heuristic::guess`];
    /// the positions its shallow search visits count in [`Dfpn::nodes`]).
    pub fn guess(&mut self, board: &Board) -> Option<i32> {
        let stop_at = self.shallow_stop();
        self.heuristic.guess(board, &mut self.nodes, stop_at)
    }

    /// The count of [`Dfpn::nodes`] at which shallow searches stop
    /// deepening: the node limit, which counts both kinds of nodes.
    fn shallow_stop(&self) -> u64 {
        let left = self.budget.remaining();
        if left == u64::MAX {
            return u64::MAX;
        }
        let uncharged = self.total_nodes() - self.charged;
        self.nodes.saturating_add(left).saturating_sub(uncharged)
    }

    /// The algorithm's name (`dfpn` or `dfpn+`).
    pub fn algo_name(&self) -> &'static str {
        self.heuristic.algo_name()
    }

    /// Answers "is the final score of the side to move of `board` ≥ k?".
    pub fn prove(&mut self, board: &Board, k: i32) -> Outcome {
        if self.aborted {
            return Outcome::Aborted;
        }
        if self.threads > 1 && self.busy.is_none() {
            if let Some(outcome) = self.prove_parallel(board, k) {
                return outcome;
            }
        }
        let known = self.lookup(board, k);
        let (phi, delta) = self.mid(*board, k, INF, INF, known);
        if phi == 0 {
            Outcome::Proven
        } else if delta == 0 {
            Outcome::Disproven
        } else {
            debug_assert!(
                self.aborted,
                "MID returns below infinite thresholds only when stopped"
            );
            Outcome::Aborted
        }
    }

    /// [`Dfpn::prove`] by [`Dfpn::threads`] workers at once: each a df-pn
    /// of its own from the root on the shared tables (its own handle on the
    /// proof table, its own leaf solver from [`LeafSolver::helper`]), kept
    /// apart by the nodes the others are expanding ([`Busy`]). Every value a
    /// worker stores is true whatever the others do, so the first worker to
    /// settle the root answers and the others stop. `None` when the leaf
    /// solver has no helpers or no worker thread could start (the caller
    /// then searches alone).
    fn prove_parallel(&mut self, board: &Board, k: i32) -> Option<Outcome> {
        let n = self.threads;
        let mut leaves = Vec::with_capacity(n);
        for _ in 0..n {
            leaves.push(self.leaf.helper()?);
        }
        let busy = Arc::new(Busy::new());
        let stop = Arc::new(AtomicBool::new(false));
        // 0: no answer; 1: proven; 2: disproven.
        let answer = AtomicU8::new(0);
        let heuristic = self.heuristic;
        let options = self.options;
        let base = self.total_nodes();
        let mut caches = std::mem::take(&mut self.worker_values);
        caches.resize_with(n, || None);
        type Done = (u64, u64, TableStats, Option<Box<ValueCache>>);
        let done: Vec<Done> = std::thread::scope(|s| {
            let mut handles = Vec::with_capacity(n);
            for (i, (mut leaf, values)) in leaves.into_iter().zip(caches).enumerate() {
                let mut table = self.table.share();
                let budget = Arc::clone(&self.budget);
                let (busy, stop, answer) = (Arc::clone(&busy), Arc::clone(&stop), &answer);
                let progress = if i == 0 { self.progress.clone() } else { None };
                let worker = move || {
                    let mut d = Dfpn::within(&mut table, &mut *leaf, heuristic, options, budget);
                    d.threads = 1;
                    d.busy = Some(busy);
                    d.stop = Some(Arc::clone(&stop));
                    d.progress = progress;
                    d.progress_base = base;
                    d.values = values;
                    let known = d.lookup(board, k);
                    let (phi, delta) = d.mid(*board, k, INF, INF, known);
                    let settled = if phi == 0 {
                        1
                    } else if delta == 0 {
                        2
                    } else {
                        0
                    };
                    if settled != 0 {
                        // The first answer stands (all answers agree).
                        let _ =
                            answer.compare_exchange(0, settled, Ordering::SeqCst, Ordering::SeqCst);
                        stop.store(true, Ordering::SeqCst);
                    }
                    // Charge what the budget has not seen yet.
                    let total = d.total_nodes();
                    d.budget.charge(total - d.charged);
                    let (nodes, leaf_nodes, values) = (d.nodes, d.leaf_nodes(), d.values.take());
                    drop(d);
                    (nodes, leaf_nodes, table.stats(), values)
                };
                match std::thread::Builder::new()
                    .name(format!("dfpn-{i}"))
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(s, worker)
                {
                    Ok(h) => handles.push(h),
                    // Fewer workers: the others still answer.
                    Err(_) => break,
                }
            }
            if handles.is_empty() {
                return Vec::new();
            }
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        if done.is_empty() {
            return None;
        }
        for (nodes, leaf_nodes, stats, values) in done {
            self.nodes += nodes;
            self.worker_leaf_nodes += leaf_nodes;
            // The workers charged these to the budget themselves.
            self.charged += nodes + leaf_nodes;
            self.table.absorb(&stats);
            self.worker_values.push(values);
        }
        Some(match answer.load(Ordering::SeqCst) {
            1 => Outcome::Proven,
            2 => Outcome::Disproven,
            _ => {
                // Every worker stopped on a limit.
                self.aborted = true;
                Outcome::Aborted
            }
        })
    }

    /// The number of tips of the smallest proof tree (if "score ≥ k" holds
    /// for `board`) or of the disproof tree (if it does not) that the table
    /// holds, solving whatever the table lacks on the way (those nodes count
    /// in [`Dfpn::nodes`]). Tips are terminal positions and leaf hand-overs.
    ///
    /// Counted as a tree (a position reached by two paths counts twice, as
    /// in proof numbers): a proven node adds the fewest tips among its
    /// refuted children, a disproven node the sum over all its children, a
    /// pass its single child. With plain df-pn (h = 1, cost = 0) this is the
    /// root's proof (disproof) number once every tip of that tree is
    /// expanded but unsolved: the root threshold th_φ (th_δ) that suffices
    /// to find this solution, the quantity `othello-tools fit-h` fits h to.
    /// `None` if a limit stops the search.
    pub fn solution_tips(&mut self, board: &Board, k: i32) -> Option<u64> {
        let mut memo = HashMap::new();
        self.tips(*board, k, &mut memo)
    }

    /// Whether "score ≥ k" holds, from the table or by a search.
    fn decide(&mut self, board: &Board, k: i32) -> Option<bool> {
        if let Probe::Solved(holds) = self.table.probe(board, k) {
            return Some(holds);
        }
        match self.prove(board, k) {
            Outcome::Proven => Some(true),
            Outcome::Disproven => Some(false),
            Outcome::Aborted => None,
        }
    }

    fn tips(&mut self, board: Board, k: i32, memo: &mut HashMap<(Board, i32), u64>) -> Option<u64> {
        if let Some(&t) = memo.get(&(board, k)) {
            return Some(t);
        }
        let holds = self.decide(&board, k)?;
        let handed_over =
            self.options.leaf_empties > 0 && board.empties() <= self.options.leaf_empties;
        let moves = board.moves();
        let t = if handed_over {
            1
        } else if moves == 0 {
            let passed = board.pass();
            if passed.moves() == 0 {
                1
            } else {
                self.tips(passed, 1 - k, memo)?
            }
        } else {
            let children: Vec<Board> = crate::board::Square::iter_bits(moves)
                .filter_map(|sq| board.play(sq))
                .collect();
            if holds {
                // The smallest proof among the refuted children the table
                // knows; if it knows none (dropped), find one by search.
                let mut best: Option<u64> = None;
                for c in &children {
                    if self.table.probe(c, 1 - k) == Probe::Solved(false) {
                        let t = self.tips(*c, 1 - k, memo)?;
                        best = Some(best.map_or(t, |b| b.min(t)));
                    }
                }
                if best.is_none() {
                    for c in &children {
                        if !self.decide(c, 1 - k)? {
                            best = Some(self.tips(*c, 1 - k, memo)?);
                            break;
                        }
                    }
                }
                // A proven node has a refuted child; without one the table
                // contradicts itself, which only a limit hit can explain.
                best?
            } else {
                let mut sum: u64 = 0;
                for c in &children {
                    sum = sum.saturating_add(self.tips(*c, 1 - k, memo)?);
                }
                sum
            }
        };
        memo.insert((board, k), t);
        Some(t)
    }

    /// The (φ, δ) of (board, k) from the table, or h when unknown.
    #[inline]
    fn lookup(&mut self, board: &Board, k: i32) -> (u32, u32) {
        match self.table.probe(board, k) {
            Probe::Solved(true) => (0, INF),
            Probe::Solved(false) => (INF, 0),
            Probe::Unsolved { phi, delta, .. } => (phi, delta),
            Probe::Miss => self.estimate(board, k),
        }
    }

    /// h of a node the table does not know: from a shallow search with
    /// enough empties ([`DfpnOptions::h_search_from`]), else from the
    /// static evaluation.
    #[inline]
    fn estimate(&mut self, board: &Board, k: i32) -> (u32, u32) {
        let from = self.options.h_search_from;
        if from == 0 || board.empties() < from {
            return self.heuristic.leaf(board, k);
        }
        let stop_at = self.shallow_stop();
        let values = self.values.get_or_insert_with(Box::default);
        self.heuristic
            .searched_leaf(board, k, values, &mut self.nodes, stop_at)
    }

    #[inline]
    fn total_nodes(&self) -> u64 {
        self.nodes + self.leaf_nodes()
    }

    /// Whether a limit is reached (sets `aborted`): every
    /// [`TIME_CHECK_INTERVAL`] nodes, and where the node limit runs out, the
    /// nodes are charged to the budget.
    fn over_limit(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if let Some(stop) = &self.stop {
            if stop.load(Ordering::Relaxed) {
                self.aborted = true;
                return true;
            }
        }
        let total = self.total_nodes();
        if total >= self.next_check {
            if self.budget.charge(total - self.charged) {
                self.aborted = true;
            }
            self.charged = total;
            self.next_check = total + TIME_CHECK_INTERVAL.min(self.budget.remaining());
            if let Some(p) = &self.progress {
                p.set_nodes(self.progress_base + total);
            }
        }
        self.aborted
    }

    /// Explores (board, k) below thresholds (th_φ, th_δ) and returns its new
    /// (φ, δ). `known` is the caller's view of this node, used when the table
    /// has nothing.
    fn mid(
        &mut self,
        board: Board,
        k: i32,
        th_phi: u32,
        th_delta: u32,
        known: (u32, u32),
    ) -> (u32, u32) {
        // 1. The table.
        let (entry_phi, prior_work) = match self.table.probe(&board, k) {
            Probe::Solved(true) => return (0, INF),
            Probe::Solved(false) => return (INF, 0),
            Probe::Unsolved { phi, delta, work } => {
                if th_phi <= phi || th_delta <= delta {
                    return (phi, delta);
                }
                (phi, work as u64)
            }
            Probe::Miss => {
                if th_phi <= known.0 || th_delta <= known.1 {
                    return known;
                }
                // No δ lift from h: `known` of a node the table has never
                // held is an estimate, and lifting the children's δ to it
                // cost nodes (FFO #40–#52 WLD 508.86 M → 497.96 M without,
                // docs/dfpn.md). Only a φ the table held lifts.
                (0, 0)
            }
        };
        if self.over_limit() {
            return known;
        }
        if let Some(busy) = &self.busy {
            busy.enter(&board);
        }
        let r = self.expand(board, k, (th_phi, th_delta), entry_phi, prior_work);
        if let Some(busy) = &self.busy {
            busy.leave(&board);
        }
        r
    }

    /// [`Dfpn::mid`] of a node the table does not settle: the leaf
    /// hand-over, or the children's multiple iterative deepening.
    /// `entry_phi` lifts the children's δ, `prior_work` is the work the
    /// table recorded for the node.
    fn expand(
        &mut self,
        board: Board,
        k: i32,
        (th_phi, th_delta): (u32, u32),
        entry_phi: u32,
        prior_work: u64,
    ) -> (u32, u32) {
        let work_start = self.total_nodes();

        // 2. Leaf hand-over and terminal positions.
        if self.options.leaf_empties > 0 && board.empties() <= self.options.leaf_empties {
            let (lower, upper) = self.leaf.bounds(&board, k);
            debug_assert!(lower >= k || upper < k, "the leaf solver left k open");
            let holds = lower >= k;
            let work = self.total_nodes() - work_start;
            self.table.store_bounds(&board, lower, upper, work);
            return if holds { (0, INF) } else { (INF, 0) };
        }
        self.nodes += 1;
        let moves = board.moves();
        let start = self.children.len();
        if moves == 0 {
            let passed = board.pass();
            if passed.moves() == 0 {
                let score = board.final_score();
                let holds = score >= k;
                self.table.store_bounds(&board, score, score, 1);
                return if holds { (0, INF) } else { (INF, 0) };
            }
            let (phi, delta) = self.lookup(&passed, 1 - k);
            self.children.push(Child {
                board: passed,
                phi,
                delta,
            });
        } else {
            // Generate every child first and touch its table bucket, so that
            // the table's cache misses overlap; then look them up.
            let mut m = moves;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let flips = crate::board::movegen::flips(board.player, board.opponent, sq);
                let child = board.play_flips(sq, flips);
                self.table.prefetch(&child);
                self.children.push(Child {
                    board: child,
                    phi: 1,
                    delta: 1,
                });
            }
            for i in start..self.children.len() {
                let child = self.children[i].board;
                let (phi, delta) = self.lookup(&child, 1 - k);
                self.children[i].phi = phi;
                self.children[i].delta = delta;
                if delta == 0 {
                    // A refuted reply: this node is proven; no need to look further.
                    self.children.truncate(i + 1);
                    break;
                }
            }
        }
        let end = self.children.len();
        let (cost_phi, cost_delta) = self.heuristic.costs(board.empties());
        let delta_bound = entry_phi as i64;

        // 4. Multiple iterative deepening.
        let result = loop {
            let (phi, delta) = self.combine(start, end, cost_phi, cost_delta);
            if th_phi <= phi || th_delta <= delta {
                break (phi, delta);
            }
            if let Some(stop) = &self.stop {
                if stop.load(Ordering::Relaxed) {
                    self.aborted = true;
                    let r = self.combine(start, end, cost_phi, cost_delta);
                    self.children.truncate(start);
                    return r;
                }
            }
            // SelectChild, with the δ of unsolved children lifted to δ_bound
            // − cost_φ; a parallel worker first tries to keep off the
            // children other workers are in, unless that leaves the child
            // it would choose no room below its thresholds.
            let mut penalize = self.busy.is_some();
            let (best, child_th_phi, child_th_delta) = loop {
                let (best, min2) = self.select(start, end, delta_bound, cost_phi, penalize);
                let c = self.children[best];
                // (3): th_φ(c) = th_δ(n) + φ(c) − Σ(φ(child) + cost_δ).
                let child_th_phi = if th_delta == INF {
                    INF
                } else {
                    let others = delta as u64 - delta_term(c.phi as u64, cost_delta);
                    let t = th_delta as i64 - others as i64 - cost_delta;
                    t.clamp(1, FINITE_MAX as i64) as u32
                };
                // (4): th_δ(c) = min(th_φ(n), δ₂ + cost_φ + 1) − cost_φ, or the 1+ε trick.
                let second = if min2 >= INF as u64 {
                    INF as u64
                } else if self.options.epsilon > 0.0 {
                    let grown = (min2 as f64 * (1.0 + self.options.epsilon)).ceil() as u64;
                    grown.max(min2 + 1).min(FINITE_MAX)
                } else {
                    min2 + 1
                };
                let bound = second.min(th_phi as u64);
                let child_th_delta = if bound >= INF as u64 {
                    INF
                } else {
                    (bound as i64 - cost_phi).clamp(1, FINITE_MAX as i64) as u32
                };
                if penalize && (child_th_phi <= c.phi || child_th_delta <= c.delta) {
                    penalize = false;
                    continue;
                }
                break (best, child_th_phi, child_th_delta);
            };
            let c = self.children[best];
            let child_board = c.board;
            let (cp, cd) = self.mid(
                child_board,
                1 - k,
                child_th_phi,
                child_th_delta,
                (c.phi, c.delta),
            );
            self.children[best].phi = cp;
            self.children[best].delta = cd;
            if self.aborted {
                let r = self.combine(start, end, cost_phi, cost_delta);
                self.children.truncate(start);
                return r;
            }
        };
        let work = prior_work + (self.total_nodes() - work_start);
        match result {
            (0, _) | (_, 0) => {
                let (lower, upper) = self.solved_bounds(start, end, k, result.0 == 0);
                self.table.store_bounds(&board, lower, upper, work);
            }
            (phi, delta) => self.table.store_unsolved(&board, k, phi, delta, work),
        }
        self.children.truncate(start);
        result
    }

    /// The child to explore among `start..end` and the second smallest
    /// term (SelectChild): the smallest φ term of the children's δ, lifted
    /// to `delta_bound − cost_phi`; with `penalize`, the δ of a child another
    /// worker is in counts as 4δ + 1 ([`Busy`]; 2δ + 1 cost 8–10 % more
    /// nodes at 4 and 8 workers, docs/parallel.md).
    #[inline]
    fn select(
        &self,
        start: usize,
        end: usize,
        delta_bound: i64,
        cost_phi: i64,
        penalize: bool,
    ) -> (usize, u64) {
        let mut best = start;
        let mut min1 = u64::MAX;
        let mut min2 = u64::MAX;
        for i in start..end {
            let c = self.children[i];
            let mut d = c.delta as u64;
            if c.phi != INF && d != INF as u64 {
                d = d.max((delta_bound - cost_phi).max(0) as u64);
                if penalize && self.busy.as_ref().is_some_and(|b| b.is_busy(&c.board)) {
                    d = (4 * d + 1).min(FINITE_MAX);
                }
            }
            let term = phi_term(d, cost_phi);
            if term < min1 {
                best = i;
                min2 = min1;
                min1 = term;
            } else if term < min2 {
                min2 = term;
            }
            if c.phi == INF {
                break;
            }
        }
        (best, min2)
    }

    /// The bounds a node just solved at target k can store, from its
    /// children in `start..end` and the bounds the table holds for them: a
    /// proven node scores at least k and at least the negated upper bound of
    /// each child; a disproven node (every child proven at 1 − k) scores at
    /// most k − 1 and at most the largest negated lower bound of a child. A
    /// child the table has dropped adds nothing (its bounds read −64..=64).
    fn solved_bounds(&self, start: usize, end: usize, k: i32, proven: bool) -> (i32, i32) {
        let children = &self.children[start..end];
        if proven {
            let best = children
                .iter()
                .map(|c| -self.table.bounds(&c.board).1)
                .max()
                .unwrap_or(-64);
            (best.max(k), 64)
        } else {
            let best = children
                .iter()
                .map(|c| -self.table.bounds(&c.board).0)
                .max()
                .unwrap_or(64);
            (-64, best.min(k - 1))
        }
    }

    /// (ΔMin, ΦSum) over the children in `start..end`: φ(n) and δ(n).
    #[inline]
    fn combine(&self, start: usize, end: usize, cost_phi: i64, cost_delta: i64) -> (u32, u32) {
        let mut min = u64::MAX;
        let mut sum: u64 = 0;
        for c in &self.children[start..end] {
            min = min.min(phi_term(c.delta as u64, cost_phi));
            sum = sum.saturating_add(delta_term(c.phi as u64, cost_delta));
        }
        let phi = min.min(INF as u64) as u32;
        let delta = if sum >= INF as u64 {
            if self.children[start..end].iter().any(|c| c.phi == INF) {
                INF
            } else {
                FINITE_MAX as u32
            }
        } else {
            sum as u32
        };
        (phi, delta)
    }
}

/// A child's contribution to its parent's φ: δ + cost_φ, kept ≥ 1 unless the
/// child is disproven (0) and infinite when the child is proven.
#[inline]
fn phi_term(delta: u64, cost_phi: i64) -> u64 {
    match delta {
        0 => 0,
        d if d >= INF as u64 => INF as u64,
        d => (d as i64 + cost_phi).clamp(1, FINITE_MAX as i64) as u64,
    }
}

/// A child's contribution to its parent's δ: φ + cost_δ, kept ≥ 1 unless the
/// child is proven (0) and infinite when the child is disproven.
#[inline]
fn delta_term(phi: u64, cost_delta: i64) -> u64 {
    match phi {
        0 => 0,
        p if p >= INF as u64 => INF as u64,
        p => (p as i64 + cost_delta).clamp(1, FINITE_MAX as i64) as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MobilityEvaluator;
    use crate::rng::{random_position, SplitMix64};
    use crate::search::dfpn::params::HParams;
    use crate::search::reference::Reference;

    fn prove(b: &Board, k: i32, plus: bool, table: &mut ProofTable, leaf_empties: u32) -> Outcome {
        let params = HParams::provisional();
        let h = if plus {
            Heuristic::Sigmoid {
                eval: &MobilityEvaluator,
                params: &params,
            }
        } else {
            Heuristic::Uniform
        };
        let mut leaf = Reference::default();
        let opts = DfpnOptions {
            leaf_empties,
            epsilon: 0.0,
            // df-pn⁺ takes h from a shallow search from 6 empties up.
            h_search_from: 6,
        };
        Dfpn::new(table, &mut leaf, h, opts, Limits::default()).prove(b, k)
    }

    #[test]
    fn terms_never_fall_below_one_unless_solved() {
        assert_eq!(phi_term(0, -5), 0);
        assert_eq!(phi_term(1, -5), 1);
        assert_eq!(phi_term(INF as u64, -5), INF as u64);
        assert_eq!(phi_term(10, -1), 9);
        assert_eq!(delta_term(0, -3), 0);
        assert_eq!(delta_term(2, -3), 1);
        assert_eq!(delta_term(INF as u64, 0), INF as u64);
    }

    /// `count` random positions with `min`, `min` + 1, `min` + 2 empties in turn.
    fn positions(seed: u64, count: usize, min: u32) -> Vec<Board> {
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        while out.len() < count {
            if let Some(b) = random_position(&mut rng, min + (out.len() % 3) as u32) {
                out.push(b);
            }
        }
        out
    }

    #[test]
    fn pure_dfpn_and_plus_match_the_reference_on_small_positions() {
        let mut truth = Reference::default();
        for b in positions(3, 150, 6) {
            let s = truth.score(&b);
            for k in [s - 1, s, s + 1] {
                for plus in [false, true] {
                    let mut table = ProofTable::with_mb(1);
                    let want = if s >= k {
                        Outcome::Proven
                    } else {
                        Outcome::Disproven
                    };
                    assert_eq!(
                        prove(&b, k, plus, &mut table, 0),
                        want,
                        "{b:?} k={k} plus={plus}"
                    );
                    // A table of one bucket (four entries) is slower, never wrong.
                    let mut tiny = ProofTable::with_buckets(1);
                    assert_eq!(prove(&b, k, plus, &mut tiny, 0), want, "tiny table");
                    let mut t2 = ProofTable::with_mb(1);
                    assert_eq!(prove(&b, k, plus, &mut t2, 3), want, "leaf hand-over");
                }
            }
        }
    }

    /// The fewest tips of any proof (disproof) tree of "score ≥ k", and the
    /// leaves of the whole game tree, by brute force.
    fn min_tips_and_leaves(b: &Board, k: i32, truth: &mut Reference) -> (u64, u64) {
        let moves = b.moves();
        if moves == 0 {
            let p = b.pass();
            if p.moves() == 0 {
                return (1, 1);
            }
            return min_tips_and_leaves(&p, 1 - k, truth);
        }
        let holds = truth.score(b) >= k;
        let mut best = u64::MAX;
        let (mut sum, mut leaves) = (0, 0);
        for c in crate::board::Square::iter_bits(moves).filter_map(|sq| b.play(sq)) {
            let (t, l) = min_tips_and_leaves(&c, 1 - k, truth);
            leaves += l;
            if holds && truth.score(&c) < 1 - k {
                best = best.min(t);
            }
            sum += t;
        }
        (if holds { best } else { sum }, leaves)
    }

    #[test]
    fn solution_tips_count_a_real_solution_tree() {
        let mut truth = Reference::default();
        for b in positions(29, 40, 5) {
            let s = truth.score(&b);
            for k in [s, s + 1] {
                let (min, leaves) = min_tips_and_leaves(&b, k, &mut truth);
                for buckets in [1 << 12, 1] {
                    let mut table = ProofTable::with_buckets(buckets);
                    let mut leaf = Reference::default();
                    let opts = DfpnOptions {
                        leaf_empties: 0,
                        epsilon: 0.0,
                        h_search_from: 0,
                    };
                    let limits = Limits::default();
                    let mut d = Dfpn::new(&mut table, &mut leaf, Heuristic::Uniform, opts, limits);
                    let want = if s >= k {
                        Outcome::Proven
                    } else {
                        Outcome::Disproven
                    };
                    assert_eq!(d.prove(&b, k), want);
                    let tips = d.solution_tips(&b, k).unwrap();
                    assert!(
                        min <= tips && tips <= leaves,
                        "{b:?} k={k}: {min} <= {tips} <= {leaves}"
                    );
                    if s < k {
                        // A disproof's tips, each a proof of a child: at least one per move.
                        assert!(tips >= b.moves().count_ones().max(1) as u64);
                    }
                }
            }
        }
        // A hand-over is a tip.
        let b = random_position(&mut SplitMix64::new(5), 8).unwrap_or_else(Board::start);
        let mut table = ProofTable::with_mb(1);
        let mut leaf = Reference::default();
        let opts = DfpnOptions {
            leaf_empties: 8,
            epsilon: 0.0,
            h_search_from: 0,
        };
        let mut d = Dfpn::new(
            &mut table,
            &mut leaf,
            Heuristic::Uniform,
            opts,
            Limits::default(),
        );
        assert_eq!(d.solution_tips(&b, 0), Some(1));
    }

    #[test]
    fn node_limit_aborts() {
        let b = random_position(&mut SplitMix64::new(11), 12).unwrap_or_else(Board::start);
        let mut table = ProofTable::with_mb(1);
        let mut leaf = Reference::default();
        let limits = Limits {
            time: None,
            nodes: Some(10),
        };
        let opts = DfpnOptions {
            leaf_empties: 0,
            epsilon: 0.0,
            h_search_from: 0,
        };
        let mut s = Dfpn::new(&mut table, &mut leaf, Heuristic::Uniform, opts, limits);
        assert_eq!(s.prove(&b, 0), Outcome::Aborted);
        assert!(s.aborted() && s.nodes <= 11);
        assert_eq!(s.prove(&b, 0), Outcome::Aborted, "stays stopped");
    }
}
