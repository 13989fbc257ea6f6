//! PDS, the proof-and-disproof-number search (Nagai), and PDS-PN on top of
//! it (Winands, Uiterwijk & van den Herik, `../shared/papers/004_…`,
//! appendix), in the negamax form of the rest of this module ([`super`]).
//!
//! PDS shares MID's table, child buffer, leaf hand-over and bound storage
//! ([`Dfpn::open`], [`Dfpn::close`]). It differs from df-pn in three rules:
//!
//! - a node is left only when **both** its thresholds are reached (φ ≥ th_φ
//!   and δ ≥ th_δ), or it is solved; df-pn leaves when either is;
//! - the root's thresholds start at (1, 1) and grow by one, the smaller of
//!   its two numbers first;
//! - a child's thresholds are its own numbers, one of them plus one: its φ
//!   when the node's δ is still below th_δ and (the child's φ is at most its
//!   δ, or the node's φ has reached th_φ); its δ otherwise. The child chosen
//!   is the one with the smallest δ, lifted to the largest φ the node has had
//!   (at least the table's on entry), ties broken by the smaller φ.
//!
//! PDS-PN replaces the recursive call on a child the table does not hold by
//! a best-first PN search from that child (`pn2.rs`), capped at y =
//! min(x · f(x), N − x) nodes with f(x) = 1 / (1 + e^((a − x) / b)), x the
//! table's entries in use and N its capacity; only that search's root is
//! stored. As in MID, the children's numbers are kept in the buffer instead
//! of being looked up again on every iteration.

use super::mid::{Opened, FINITE_MAX};
use super::table::{Lookup, INF};
use super::{Dfpn, Outcome, Procedure};
use crate::board::Board;

/// One more than `x`, saturating at [`INF`] (a threshold nothing finite reaches).
#[inline]
fn inc(x: u32) -> u32 {
    if x as u64 >= FINITE_MAX {
        INF
    } else {
        x + 1
    }
}

impl Dfpn<'_> {
    /// PDS's (or PDS-PN's) answer to "score of `board` ≥ k?": multiple
    /// iterative deepening at the root, thresholds growing by one.
    pub(super) fn prove_pds(&mut self, board: &Board, k: i32) -> Outcome {
        let mut known = self.lookup(board, k);
        loop {
            match known {
                (0, _) => return Outcome::Proven,
                (_, 0) => return Outcome::Disproven,
                _ if self.aborted => return Outcome::Aborted,
                _ => {}
            }
            let (phi, delta) = known;
            let th = if phi <= delta {
                (inc(phi), delta)
            } else {
                (phi, inc(delta))
            };
            known = self.pds_mid(*board, k, th, known);
        }
    }

    /// Explores (board, k) until both thresholds are reached or it is
    /// solved, and returns its new (φ, δ); `known` is the caller's view of
    /// the node, used when the table has nothing.
    fn pds_mid(
        &mut self,
        board: Board,
        k: i32,
        (th_phi, th_delta): (u32, u32),
        known: (u32, u32),
    ) -> (u32, u32) {
        let reached = |(phi, delta): (u32, u32)| {
            phi == 0 || delta == 0 || (phi >= th_phi && delta >= th_delta)
        };
        let (entry_phi, prior_work, known) = match self.table.probe(&board, k) {
            Lookup::Solved(true) => return (0, INF),
            Lookup::Solved(false) => return (INF, 0),
            Lookup::Unsolved { phi, delta, work } => {
                if reached((phi, delta)) {
                    return (phi, delta);
                }
                (phi, work as u64, (phi, delta))
            }
            Lookup::Miss => {
                if reached(known) {
                    return known;
                }
                match self.level_two(&board, k) {
                    None => (0, 0, known),
                    Some(r) => {
                        // As in the paper the parent chooses again, unless
                        // the table dropped the result: then this call goes
                        // on from it, so that the search still advances.
                        if reached(r) || self.table.probe(&board, k) != Lookup::Miss {
                            return r;
                        }
                        (0, 0, r)
                    }
                }
            }
        };
        if self.over_limit() {
            return known;
        }
        let work_start = self.total_nodes();
        let (start, end) = match self.open(board, k, work_start) {
            Opened::Settled(r) => return r,
            Opened::Children(start, end) => (start, end),
        };
        let (cost_phi, cost_delta) = self.heuristic.costs(board.empties());
        let mut lift = entry_phi;
        let result = loop {
            let (phi, delta) = self.combine(start, end, cost_phi, cost_delta);
            if reached((phi, delta)) {
                break (phi, delta);
            }
            lift = lift.max(phi);
            let best = self.pds_select(start, end, lift, cost_phi);
            let c = self.children[best];
            let lifted = lifted_delta(c.phi, c.delta, lift, cost_phi);
            let child_th = if th_delta > delta && (c.phi <= lifted || th_phi <= phi) {
                (inc(c.phi), c.delta)
            } else {
                (c.phi, inc(c.delta))
            };
            let r = self.pds_mid(c.board, 1 - k, child_th, (c.phi, c.delta));
            self.children[best].phi = r.0;
            self.children[best].delta = r.1;
            if self.aborted {
                let r = self.combine(start, end, cost_phi, cost_delta);
                self.children.truncate(start);
                return r;
            }
        };
        let work = prior_work + (self.total_nodes() - work_start);
        self.close(board, k, (start, end), result, work);
        result
    }

    /// PDS's SelectChild: the child among `start..end` with the smallest δ
    /// (lifted to `lift − cost_φ`), ties broken by the smaller φ.
    fn pds_select(&self, start: usize, end: usize, lift: u32, cost_phi: i64) -> usize {
        let mut best = start;
        let mut key = (u64::MAX, u32::MAX);
        for i in start..end {
            let c = self.children[i];
            let k = (lifted_delta(c.phi, c.delta, lift, cost_phi) as u64, c.phi);
            if k < key {
                key = k;
                best = i;
            }
        }
        best
    }

    /// PDS-PN's level-2 search of a node the table does not hold, if this
    /// is PDS-PN and its cap y allows at least two nodes: the node's new
    /// (φ, δ), stored in the table.
    fn level_two(&mut self, board: &Board, k: i32) -> Option<(u32, u32)> {
        if self.options.procedure != Procedure::PdsPn {
            return None;
        }
        if self.options.leaf_empties > 0 && board.empties() <= self.options.leaf_empties {
            return None;
        }
        let stats = self.table.stats();
        let cap = self.options.pn2.cap(stats.entries, stats.capacity);
        if cap < 2 {
            return None;
        }
        Some(self.pn2(board, k, cap))
    }
}

/// A child's δ as PDS's SelectChild sees it: lifted to `lift − cost_φ`
/// unless the child is solved.
#[inline]
fn lifted_delta(phi: u32, delta: u32, lift: u32, cost_phi: i64) -> u32 {
    if delta == 0 || phi == 0 || delta == INF {
        return delta;
    }
    let floor = (lift as i64 - cost_phi).clamp(0, FINITE_MAX as i64) as u32;
    delta.max(floor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn increments_saturate_at_infinity() {
        assert_eq!(inc(1), 2);
        assert_eq!(inc(FINITE_MAX as u32), INF);
        assert_eq!(inc(INF), INF);
    }

    #[test]
    fn lifting_leaves_solved_children_alone() {
        assert_eq!(lifted_delta(3, 2, 7, 0), 7);
        assert_eq!(lifted_delta(3, 9, 7, 0), 9);
        assert_eq!(lifted_delta(INF, 0, 7, 0), 0);
        assert_eq!(lifted_delta(0, INF, 7, 0), INF);
        assert_eq!(lifted_delta(3, 2, 7, 4), 3);
    }
}
