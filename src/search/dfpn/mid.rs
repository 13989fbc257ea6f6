//! MID, the df-pn recursion: multiple iterative deepening at every node
//! with the thresholds (3) and (4) of the module documentation
//! ([`super`]), the children's (φ, δ) kept in a per-depth buffer, and the
//! leaf hand-over to the [`LeafSolver`](crate::search::LeafSolver).

use super::child::Child;
use super::table::{Lookup, INF};
use super::Dfpn;
use crate::board::Board;
use std::sync::atomic::Ordering;

/// The largest finite proof number.
pub(super) const FINITE_MAX: u64 = INF as u64 - 1;

/// What [`Dfpn::open`] made of a node.
pub(super) enum Opened {
    /// Decided at once (leaf solver or finished game): its (φ, δ).
    Settled((u32, u32)),
    /// Its children are `start..end` of the child buffer.
    Children(usize, usize),
}

impl Dfpn<'_> {
    /// Explores (board, k) below thresholds (th_φ, th_δ) and returns its new
    /// (φ, δ). `known` is the caller's view of this node, used when the table
    /// has nothing.
    pub(super) fn mid(
        &mut self,
        board: Board,
        k: i32,
        th_phi: u32,
        th_delta: u32,
        known: (u32, u32),
    ) -> (u32, u32) {
        // 1. The table.
        let (entry_phi, prior_work) = match self.table.probe(&board, k) {
            Lookup::Solved(true) => return (0, INF),
            Lookup::Solved(false) => return (INF, 0),
            Lookup::Unsolved { phi, delta, work } => {
                if th_phi <= phi || th_delta <= delta {
                    return (phi, delta);
                }
                (phi, work as u64)
            }
            Lookup::Miss => {
                if th_phi <= known.0 || th_delta <= known.1 {
                    return known;
                }
                // No δ lift from h: `known` of a node the table has never
                // held is an estimate, and lifting the children's δ to it
                // costs nodes (docs/dfpn.md). Only a φ the table held lifts.
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
        let (start, end) = match self.open(board, k, work_start) {
            Opened::Settled(r) => return r,
            Opened::Children(start, end) => (start, end),
        };
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
        self.close(
            board,
            k,
            (start, end),
            result,
            prior_work + (self.total_nodes() - work_start),
        );
        result
    }

    /// Steps 2 and 3 of MID (and of PDS): a node at most `leaf_empties`
    /// empties is decided by the leaf solver and a finished game by its
    /// score, both stored; any other node's children are pushed on the
    /// child buffer with their (φ, δ) from the table or h. `work_start` is
    /// the node count at which the node's work began.
    pub(super) fn open(&mut self, board: Board, k: i32, work_start: u64) -> Opened {
        // 2. Leaf hand-over and terminal positions.
        if self.options.leaf_empties > 0 && board.empties() <= self.options.leaf_empties {
            let (lower, upper) = self.leaf.bounds(&board, k);
            debug_assert!(lower >= k || upper < k, "the leaf solver left k open");
            let holds = lower >= k;
            let work = self.total_nodes() - work_start;
            self.table.store_bounds(&board, lower, upper, work);
            return Opened::Settled(if holds { (0, INF) } else { (INF, 0) });
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
                return Opened::Settled(if holds { (0, INF) } else { (INF, 0) });
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
            for child in board.children_of(moves) {
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
        Opened::Children(start, self.children.len())
    }

    /// Stores the (φ, δ) `result` a node reached with its children in
    /// `start..end` (a solved node's bounds, an unsolved node's numbers)
    /// with its `work`, and pops the children.
    pub(super) fn close(
        &mut self,
        board: Board,
        k: i32,
        (start, end): (usize, usize),
        result: (u32, u32),
        work: u64,
    ) {
        match result {
            (0, _) | (_, 0) => {
                let (lower, upper) = self.solved_bounds(start, end, k, result.0 == 0);
                self.table.store_bounds(&board, lower, upper, work);
            }
            (phi, delta) => self.table.store_unsolved(&board, k, phi, delta, work),
        }
        self.children.truncate(start);
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
    pub(super) fn combine(
        &self,
        start: usize,
        end: usize,
        cost_phi: i64,
        cost_delta: i64,
    ) -> (u32, u32) {
        combine_numbers(
            self.children[start..end].iter().map(|c| (c.phi, c.delta)),
            cost_phi,
            cost_delta,
        )
    }
}

/// (ΔMin, ΦSum) of children given as (φ, δ): the node's φ and δ. A sum
/// that overflows is infinite only when a child is disproven.
#[inline]
pub(super) fn combine_numbers(
    children: impl Iterator<Item = (u32, u32)> + Clone,
    cost_phi: i64,
    cost_delta: i64,
) -> (u32, u32) {
    let mut min = u64::MAX;
    let mut sum: u64 = 0;
    for (phi, delta) in children.clone() {
        min = min.min(phi_term(delta as u64, cost_phi));
        sum = sum.saturating_add(delta_term(phi as u64, cost_delta));
    }
    let phi = min.min(INF as u64) as u32;
    let delta = if sum >= INF as u64 {
        if children.into_iter().any(|(phi, _)| phi == INF) {
            INF
        } else {
            FINITE_MAX as u32
        }
    } else {
        sum as u32
    };
    (phi, delta)
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
}
