//! The midgame node: a fail-soft principal-variation search to a fixed
//! depth with the evaluation at the leaves (quarter discs, side to move's
//! view), the midgame table, and ProbCut ([`super::probcut`]) at the
//! confidence of the search. A pass does not use up a ply; a finished
//! game is its final score.
//!
//! Moves are tried in this order: the table's best move, then by the
//! evaluation probe's key ([`Probe::key`], a shallow search of the child
//! at nodes far from the leaves) less the opponent's mobility.
//!
//! Like the evaluation probe, the whole search is an instance of the kernel
//! seam ([`crate::board::kernels`]): one compiled copy per instruction set,
//! chosen once per search by [`crate::board::cpu::active`].

use super::probcut::{margin, shallow_depth, PROBCUT_MIN_DEPTH};
use super::tt::{Entry, MidTable};
#[cfg(test)]
use crate::board::kernels::Portable;
use crate::board::{final_score, Move};
use crate::eval::Incremental;
use crate::search::budget::Budget;
use crate::search::probe::{search_instances, Probe, ProbeInstance};
use crate::units::{Depth, Quarters, QUARTER_INF};
use crate::Board;

/// Nodes between two looks at the budget (time, nodes, stop flag).
const CHARGE_EVERY: u64 = 1024;

/// One midgame search: what every node reads and counts.
pub(super) struct Node<'a, E: Incremental + ?Sized> {
    /// The evaluation at the leaves and in move ordering.
    pub(super) eval: &'a E,
    /// The midgame table.
    pub(super) table: &'a MidTable,
    /// The time, node and stop limits.
    pub(super) budget: &'a Budget,
    /// Positions visited.
    pub(super) nodes: u64,
    /// Nodes not yet charged to the budget.
    pub(super) unsent: u64,
    /// The budget ran out: every value since is meaningless.
    pub(super) stopped: bool,
    /// The confidence level ([`super::Confidence`] index; the last is no
    /// ProbCut).
    pub(super) level: u8,
    /// ProbCut's confidence in hundredths of a standard deviation (0: no
    /// ProbCut).
    pub(super) t: u32,
}

search_instances!(
    /// One compiled instance of the midgame node ([`Node::search_with`]),
    /// with its recursive entry point.
    pub(super) trait NodeInstance for Node, search_with, search
);

impl<E: Incremental + ?Sized> Node<'_, E> {
    /// Counts one node and looks at the budget every [`CHARGE_EVERY`].
    #[inline(always)]
    fn visit(&mut self) {
        self.count(1);
    }

    /// Counts `n` nodes visited elsewhere (the ordering probes).
    #[inline(always)]
    fn count(&mut self, n: u64) {
        self.nodes += n;
        self.unsent += n;
        if self.unsent >= CHARGE_EVERY {
            if self.budget.charge(self.unsent) {
                self.stopped = true;
            }
            self.unsent = 0;
        }
    }

    /// Charges what is left to the budget (the end of a search).
    pub(super) fn flush(&mut self) {
        if self.unsent > 0 && self.budget.charge(self.unsent) {
            self.stopped = true;
        }
        self.unsent = 0;
    }

    /// The value of `(p, o)` (p to move, evaluation state `s`) searched
    /// `depth` plies deep in the window `(alpha, beta)`, fail-soft, in
    /// quarter discs; meaningless once [`Node::stopped`].
    #[inline(always)]
    pub(super) fn search_with<K: NodeInstance + ProbeInstance>(
        &mut self,
        p: u64,
        o: u64,
        s: &E::State,
        mut alpha: Quarters,
        mut beta: Quarters,
        depth: Depth,
    ) -> Quarters {
        self.visit();
        if self.stopped {
            return 0;
        }
        if depth == 0 {
            return self.eval.value::<K>(s, p, o);
        }
        let mv = K::moves(p, o);
        if mv == 0 {
            if K::moves(o, p) == 0 {
                return final_score(p, o) * 4;
            }
            return -<K as NodeInstance>::search(
                self,
                o,
                p,
                &self.eval.pass(s),
                -beta,
                -alpha,
                depth,
            );
        }
        if depth == 1 {
            return self.leaves::<K>(p, o, s, beta, mv);
        }
        let board = Board {
            player: p,
            opponent: o,
        };
        let mut hint = Move::NONE;
        if let Some(e) = self.table.get(&board) {
            hint = e.best;
            if u32::from(e.depth) >= depth && e.level >= self.level {
                let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                if lower == upper {
                    return lower;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
            }
        }
        if self.t > 0 && depth >= PROBCUT_MIN_DEPTH {
            let d = shallow_depth(depth);
            let m = margin(board.empties(), depth, d, self.t);
            let high = beta + m;
            if high < QUARTER_INF
                && <K as NodeInstance>::search(self, p, o, s, high - 1, high, d) >= high
            {
                return beta;
            }
            let low = alpha - m;
            if low > -QUARTER_INF
                && <K as NodeInstance>::search(self, p, o, s, low, low + 1, d) <= low
            {
                return alpha;
            }
            if self.stopped {
                return 0;
            }
        }
        let mut list = [(0i32, 0u64, 0u8); 32];
        let n = self.order::<K>(p, o, s, mv, hint, depth, alpha, &mut list);
        let alpha0 = alpha;
        let mut best = -QUARTER_INF;
        let mut best_move = Move::NONE;
        for (i, &(_, f, sq)) in list[..n].iter().enumerate() {
            let (np, no) = (o ^ f, p ^ f ^ (1 << sq));
            let ns = self.eval.play(s, sq as usize, f);
            let v = if i == 0 {
                -<K as NodeInstance>::search(self, np, no, &ns, -beta, -alpha, depth - 1)
            } else {
                let v =
                    -<K as NodeInstance>::search(self, np, no, &ns, -alpha - 1, -alpha, depth - 1);
                if v > alpha && v < beta && !self.stopped {
                    -<K as NodeInstance>::search(self, np, no, &ns, -beta, -alpha, depth - 1)
                } else {
                    v
                }
            };
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Move::at(usize::from(sq));
                if v >= beta {
                    break;
                }
                alpha = alpha.max(v);
            }
        }
        let (lower, upper) = if best >= beta {
            (best, QUARTER_INF)
        } else if best <= alpha0 {
            (-QUARTER_INF, best)
        } else {
            (best, best)
        };
        self.table.put(
            &board,
            Entry {
                lower: lower as i16,
                upper: upper as i16,
                best: best_move,
                depth: depth.min(u8::MAX as u32) as u8,
                level: self.level,
            },
        );
        best
    }

    /// The moves `mv` of a node one ply above the leaves: the probe's
    /// leaf loop ([`Probe::leaves`]), its nodes counted here.
    #[inline(always)]
    fn leaves<K: NodeInstance + ProbeInstance>(
        &mut self,
        p: u64,
        o: u64,
        s: &E::State,
        beta: Quarters,
        mv: u64,
    ) -> Quarters {
        let mut n = 0;
        let v = Probe {
            eval: self.eval,
            nodes: &mut n,
            stop_at: u64::MAX,
            table: None,
        }
        .leaves::<K>(p, o, s, beta, mv);
        self.count(n);
        v
    }

    /// Fills `list` with the moves `mv` of `(p, o)` (key, flips, square),
    /// best first: `hint` first, then by the probe's key less the
    /// opponent's mobility. Returns their number.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn order<K: NodeInstance + ProbeInstance>(
        &mut self,
        p: u64,
        o: u64,
        s: &E::State,
        mv: u64,
        hint: Move,
        depth: Depth,
        alpha: Quarters,
        list: &mut [(i32, u64, u8); 32],
    ) -> usize {
        let probe_depth = match depth {
            0..=3 => 0,
            4..=6 => 1,
            _ => 2,
        };
        let mut n = 0;
        let mut m = mv;
        let mut probe_nodes = 0u64;
        let alpha_discs = alpha.div_euclid(4).clamp(-64, 64);
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = K::flips(p, o, sq);
            let (np, no) = (o ^ f, p ^ f ^ (1 << sq));
            let key = if Move::at(sq) == hint {
                i32::MAX
            } else {
                let mut probe = Probe {
                    eval: self.eval,
                    nodes: &mut probe_nodes,
                    stop_at: u64::MAX,
                    table: None,
                };
                probe.key::<K>(s, sq, f, np, no, probe_depth, alpha_discs)
                    - K::moves(np, no).count_ones() as i32
            };
            list[n] = (key, f, sq as u8);
            n += 1;
        }
        self.count(probe_nodes);
        list[..n].sort_unstable_by_key(|&(k, _, _)| std::cmp::Reverse(k));
        n
    }
}

/// [`Node::search_with`] on the portable instance (tests compare it with
/// [`search`]).
#[cfg(test)]
pub(super) fn search_portable<E: Incremental + ?Sized>(
    node: &mut Node<'_, E>,
    p: u64,
    o: u64,
    s: &E::State,
    alpha: Quarters,
    beta: Quarters,
    depth: Depth,
) -> Quarters {
    <Portable as NodeInstance>::search(node, p, o, s, alpha, beta, depth)
}
