//! The proof-number family in negamax form: df-pn, deep df-pn and df-pn⁺
//! (Nagai & Imai, appendices A and B), one code path with three leaf
//! estimates ([`Heuristic::Uniform`] is plain df-pn, [`Heuristic::Deep`] deep
//! df-pn, [`deep`]); and PDS and PDS-PN (`pds.rs`, `pn2.rs`, [`level2`]), which share its
//! table, child buffer and leaf solver but not its thresholds
//! ([`Procedure`]).
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

mod busy;
mod child;
pub mod deep;
pub mod driver;
pub mod heuristic;
pub mod level2;
mod mid;
pub mod params;
mod pds;
mod pn2;
pub mod table;
mod tips;
mod workers;

use crate::board::Board;
use crate::search::budget::Budget;
use crate::search::progress::Progress;
use crate::search::tuning::{DEFAULT_H_SEARCH_FROM, DEFAULT_LEAF_EMPTIES, DFPN_CHECK_INTERVAL};
use crate::search::{LeafSolver, Limits};
use crate::units::Quarters;
use busy::Busy;
use child::Child;
use heuristic::{Heuristic, ValueCache};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use table::{Lookup, ProofTable, INF};

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
    /// Deep df-pn's E and D (the other algorithms ignore them, except
    /// df-pn⁺ with `plus_depth`).
    pub deep: deep::DeepParams,
    /// df-pn⁺: new nodes get h · E^(D − d), deep df-pn's depth term with
    /// `deep`'s E and D ([`heuristic::DepthTerm`]; the engine sets it up).
    pub plus_depth: bool,
    /// How the tree is explored: MID's thresholds, PDS's or PDS-PN's (the
    /// engine sets it from its [`crate::search::Algo`]).
    pub procedure: Procedure,
    /// PDS-PN's growth function and level-2 cap (the others ignore it).
    pub pn2: level2::Pn2Params,
}

/// How a proof-number search explores the tree below the root.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Procedure {
    /// df-pn's MID: a node is left when either threshold is reached. Runs on
    /// several threads when the leaf solver has them.
    #[default]
    Mid,
    /// PDS: a node is left when both thresholds are reached (`pds.rs`). One
    /// thread (the leaf solver may use more).
    Pds,
    /// PDS-PN: PDS with a best-first PN search at nodes the table does not
    /// hold (`pds.rs`, `pn2.rs`, [`level2`]). One thread (the leaf solver may use more).
    PdsPn,
}

impl Default for DfpnOptions {
    fn default() -> Self {
        DfpnOptions {
            leaf_empties: DEFAULT_LEAF_EMPTIES,
            epsilon: 0.0,
            h_search_from: DEFAULT_H_SEARCH_FROM,
            deep: deep::DeepParams::default(),
            plus_depth: false,
            procedure: Procedure::Mid,
            pn2: level2::Pn2Params::default(),
        }
    }
}

/// The largest 1+ε value [`DfpnOptions::check`] accepts.
pub const MAX_EPSILON: f64 = 10.0;

/// A df-pn option out of its range ([`DfpnOptions::check`]).
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum DfpnOptionsError {
    /// The 1+ε trick's ε is not a number from 0 to [`MAX_EPSILON`].
    #[error("epsilon {0}: expected a number from 0 to {MAX_EPSILON}")]
    Epsilon(f64),
    /// A count of empties above 60.
    #[error("{name} {value}: expected a number of empties from 0 to 60")]
    Empties {
        /// The option, as the command line spells it.
        name: &'static str,
        /// The value given.
        value: u32,
    },
}

impl DfpnOptions {
    /// Checks the values a caller sets: `leaf_empties` and `h_search_from`
    /// at most 60, `epsilon` finite and from 0 to [`MAX_EPSILON`] (deep
    /// df-pn's and PDS-PN's parameters check themselves when made).
    pub fn check(&self) -> Result<(), DfpnOptionsError> {
        check_epsilon(self.epsilon)?;
        for (name, value) in [
            ("leaf-empties", self.leaf_empties),
            ("h-search-from", self.h_search_from),
        ] {
            if value > 60 {
                return Err(DfpnOptionsError::Empties { name, value });
            }
        }
        Ok(())
    }
}

/// `e` if it is a valid ε for the 1+ε trick: finite, from 0 to
/// [`MAX_EPSILON`].
pub fn check_epsilon(e: f64) -> Result<f64, DfpnOptionsError> {
    if e.is_finite() && (0.0..=MAX_EPSILON).contains(&e) {
        Ok(e)
    } else {
        Err(DfpnOptionsError::Epsilon(e))
    }
}

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
    /// PDS-PN's level-2 tree, kept to reuse its memory.
    arena: Vec<level2::PnNode>,
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
        if matches!(heuristic, Heuristic::Uniform | Heuristic::Deep { .. }) {
            // Plain and deep df-pn have no evaluation to search with.
            options.h_search_from = 0;
        }
        let threads = leaf.threads().max(1);
        Dfpn {
            table,
            leaf,
            heuristic,
            options,
            next_check: DFPN_CHECK_INTERVAL.min(budget.remaining()),
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
            arena: Vec::new(),
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
    pub fn guess(&mut self, board: &Board) -> Option<Quarters> {
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

    /// The algorithm's name (`dfpn`, `deep-dfpn`, `dfpn+`, `pds` or `pds-pn`).
    pub fn algo_name(&self) -> &'static str {
        match self.options.procedure {
            Procedure::Mid => self.heuristic.algo_name(),
            Procedure::Pds => "pds",
            Procedure::PdsPn => "pds-pn",
        }
    }

    /// Answers "is the final score of the side to move of `board` ≥ k?".
    pub fn prove(&mut self, board: &Board, k: i32) -> Outcome {
        if self.aborted {
            return Outcome::Aborted;
        }
        if self.options.procedure != Procedure::Mid {
            return self.prove_pds(board, k);
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

    /// The (φ, δ) of (board, k) from the table, or h when unknown.
    #[inline]
    fn lookup(&mut self, board: &Board, k: i32) -> (u32, u32) {
        match self.table.probe(board, k) {
            Lookup::Solved(true) => (0, INF),
            Lookup::Solved(false) => (INF, 0),
            Lookup::Unsolved { phi, delta, .. } => (phi, delta),
            Lookup::Miss => self.estimate(board, k),
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
    /// [`DFPN_CHECK_INTERVAL`] nodes, and where the node limit runs out, the
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
            self.next_check = total + DFPN_CHECK_INTERVAL.min(self.budget.remaining());
            if let Some(p) = &self.progress {
                p.set_nodes(self.progress_base + total);
            }
        }
        self.aborted
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MobilityEvaluator;
    use crate::rng::{random_position, SplitMix64};
    use crate::search::dfpn::params::HParams;
    use crate::search::reference::Reference;

    /// The members of the family the tests prove with.
    #[derive(Clone, Copy, Debug)]
    enum Member {
        Plain,
        Plus,
        /// df-pn⁺ with deep df-pn's depth term (E, D).
        PlusDepth(u32, u32),
        Deep(u32, u32),
        Pds,
        /// PDS-PN with a = b = 1, so that its level-2 search runs from the
        /// first few table entries on, capped at this many nodes.
        PdsPn(u64),
    }

    fn prove(
        b: &Board,
        k: i32,
        algo: Member,
        table: &mut ProofTable,
        leaf_empties: u32,
    ) -> Outcome {
        let params = HParams::provisional();
        let h = match algo {
            Member::Plus => Heuristic::Sigmoid {
                eval: &MobilityEvaluator,
                params: &params,
                depth: None,
            },
            Member::PlusDepth(e, d) => Heuristic::Sigmoid {
                eval: &MobilityEvaluator,
                params: &params,
                depth: Some(heuristic::DepthTerm {
                    params: deep::DeepParams::new(e, d).expect("valid"),
                    root_empties: b.empties(),
                }),
            },
            Member::Plain | Member::Pds | Member::PdsPn(_) => Heuristic::Uniform,
            Member::Deep(e, d) => Heuristic::Deep {
                params: deep::DeepParams::new(e, d).expect("valid"),
                root_empties: b.empties(),
            },
        };
        let mut leaf = Reference::default();
        let opts = DfpnOptions {
            leaf_empties,
            epsilon: 0.0,
            // df-pn⁺ takes h from a shallow search from 6 empties up.
            h_search_from: 6,
            deep: deep::DeepParams::default(),
            plus_depth: false,
            procedure: match algo {
                Member::Pds => Procedure::Pds,
                Member::PdsPn(_) => Procedure::PdsPn,
                _ => Procedure::Mid,
            },
            pn2: match algo {
                Member::PdsPn(cap) => {
                    level2::Pn2Params::new(Some(1.0), Some(1.0), Some(cap)).expect("valid")
                }
                _ => level2::Pn2Params::default(),
            },
        };
        Dfpn::new(table, &mut leaf, h, opts, Limits::default()).prove(b, k)
    }

    /// `count` random positions with `min`, `min` + 1, `min` + 2 empties in turn.
    pub(super) fn positions(seed: u64, count: usize, min: u32) -> Vec<Board> {
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
    fn every_member_matches_the_reference_on_small_positions() {
        let mut truth = Reference::default();
        for b in positions(3, 150, 6) {
            let s = truth.score(&b);
            for k in [s - 1, s, s + 1] {
                for plus in [
                    Member::Plain,
                    Member::Plus,
                    Member::PlusDepth(3, 4),
                    Member::Deep(3, 4),
                    Member::Deep(2, 9),
                    Member::Pds,
                    Member::PdsPn(2),
                    Member::PdsPn(500),
                ] {
                    let mut table = ProofTable::with_mb(1);
                    let want = if s >= k {
                        Outcome::Proven
                    } else {
                        Outcome::Disproven
                    };
                    assert_eq!(
                        prove(&b, k, plus, &mut table, 0),
                        want,
                        "{b:?} k={k} {plus:?}"
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

    #[test]
    fn the_second_level_of_pds_pn_changes_its_tree() {
        let counts = |algo: Member| -> Vec<u64> {
            positions(5, 6, 12)
                .iter()
                .map(|b| {
                    let mut table = ProofTable::with_mb(1);
                    let mut leaf = Reference::default();
                    let (procedure, pn2) = match algo {
                        Member::PdsPn(cap) => (
                            Procedure::PdsPn,
                            level2::Pn2Params::new(Some(1.0), Some(1.0), Some(cap)).expect("valid"),
                        ),
                        _ => (Procedure::Pds, level2::Pn2Params::default()),
                    };
                    let opts = DfpnOptions {
                        leaf_empties: 0,
                        h_search_from: 0,
                        procedure,
                        pn2,
                        ..DfpnOptions::default()
                    };
                    let mut s = Dfpn::new(
                        &mut table,
                        &mut leaf,
                        Heuristic::Uniform,
                        opts,
                        Limits::default(),
                    );
                    assert_ne!(s.prove(b, 0), Outcome::Aborted);
                    s.nodes
                })
                .collect()
        };
        let pds = counts(Member::Pds);
        assert_ne!(
            pds,
            counts(Member::PdsPn(1000)),
            "the level-2 search changes the tree"
        );
    }

    #[test]
    fn node_limit_aborts() {
        let b = random_position(&mut SplitMix64::new(11), 12).unwrap_or_else(Board::start);
        for procedure in [Procedure::Mid, Procedure::Pds, Procedure::PdsPn] {
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
                procedure,
                pn2: level2::Pn2Params::new(Some(1.0), Some(1.0), None).expect("valid"),
                ..DfpnOptions::default()
            };
            let mut s = Dfpn::new(&mut table, &mut leaf, Heuristic::Uniform, opts, limits);
            assert_eq!(s.prove(&b, 0), Outcome::Aborted, "{procedure:?}");
            assert!(s.aborted() && s.nodes <= 11, "{procedure:?}: {}", s.nodes);
            assert_eq!(s.prove(&b, 0), Outcome::Aborted, "stays stopped");
        }
    }
}
