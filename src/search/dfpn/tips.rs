//! Solution tips: the number of tips of the smallest proof (disproof) tree
//! the table finds, the quantity `othello-tools fit-h` fits df-pn⁺'s h to.
//! Only the fitter uses it; the solver never does.

use super::table::Lookup;
use super::{Dfpn, Outcome};
use crate::board::Board;
use std::collections::HashMap;

impl Dfpn<'_> {
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
        if let Lookup::Solved(holds) = self.table.probe(board, k) {
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
                    if self.table.probe(c, 1 - k) == Lookup::Solved(false) {
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
}

#[cfg(test)]
mod tests {
    use super::super::tests::positions;
    use super::super::{DfpnOptions, Heuristic};
    use super::*;
    use crate::rng::{random_position, SplitMix64};
    use crate::search::dfpn::table::ProofTable;
    use crate::search::reference::Reference;
    use crate::search::Limits;

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
                        ..DfpnOptions::default()
                    };
                    let limits = Limits::default();
                    let mut d = Dfpn::new(&mut table, &mut leaf, Heuristic::Uniform, opts, limits);
                    let want = if s >= k {
                        Outcome::Proven
                    } else {
                        Outcome::Disproven
                    };
                    assert_eq!(d.prove(&b, k), want);
                    // No limit was set, so the count is always there.
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
            ..DfpnOptions::default()
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
}
