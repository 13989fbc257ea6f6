//! PDS-PN's second level: a best-first proof-number search from one node
//! ([`super::pds`]), its tree in an arena with parent links, discarded when
//! the search ends. Only its root's (φ, δ) is stored in the table.
//!
//! It repeats: walk from the root to the most-proving leaf (at each node the
//! child with the smallest δ, the first on a tie), expand it, and update
//! the numbers of its ancestors. It stops when the root is solved, the
//! arena holds the cap's worth of nodes, or a limit is reached. An
//! expansion pushes every child with its (φ, δ) from the table or h (the
//! paper's immediate evaluation). A node with at most `leaf_empties`
//! empties is decided by the leaf solver when it is expanded, a finished
//! game by its score. Expansions count in [`Dfpn::nodes`], as MID's do.

use super::level2::PnNode;
use super::mid::combine_numbers;
use super::table::INF;
use super::Dfpn;
use crate::board::Board;

impl Dfpn<'_> {
    /// The level-2 search of (board, k) with at most `cap` nodes: the
    /// root's (φ, δ), stored in the table with the nodes it cost.
    pub(super) fn pn2(&mut self, board: &Board, k: i32, cap: usize) -> (u32, u32) {
        let work_start = self.total_nodes();
        let mut arena = std::mem::take(&mut self.arena);
        arena.clear();
        let (phi, delta) = self.lookup(board, k);
        arena.push(PnNode {
            board: *board,
            phi,
            delta,
            parent: 0,
            first: 0,
            count: 0,
            k,
        });
        while arena[0].phi != 0 && arena[0].delta != 0 && arena.len() < cap && !self.over_limit() {
            let mut n = 0;
            while arena[n].first != 0 {
                let (first, count) = (arena[n].first as usize, arena[n].count as usize);
                n = (first..first + count)
                    .min_by_key(|&i| arena[i].delta)
                    .unwrap_or(first);
            }
            self.pn2_expand(&mut arena, n);
            self.pn2_update(&mut arena, n);
        }
        let root = (arena[0].phi, arena[0].delta);
        let work = self.total_nodes() - work_start;
        match root {
            (0, _) => self.table.store_bounds(board, k, 64, work),
            (_, 0) => self.table.store_bounds(board, -64, k - 1, work),
            (phi, delta) => self.table.store_unsolved(board, k, phi, delta, work),
        }
        self.arena = arena;
        root
    }

    /// Expands leaf `n`: the leaf solver, a finished game's score, or its
    /// children pushed with their (φ, δ).
    fn pn2_expand(&mut self, arena: &mut Vec<PnNode>, n: usize) {
        let PnNode { board, k, .. } = arena[n];
        if self.options.leaf_empties > 0 && board.empties() <= self.options.leaf_empties {
            let (lower, _) = self.leaf.bounds(&board, k);
            arena[n].phi = if lower >= k { 0 } else { INF };
            arena[n].delta = if lower >= k { INF } else { 0 };
            return;
        }
        self.nodes += 1;
        let moves = board.moves();
        let first = arena.len();
        let mut push = |dfpn: &mut Self, child: Board| {
            let (phi, delta) = dfpn.lookup(&child, 1 - k);
            arena.push(PnNode {
                board: child,
                phi,
                delta,
                parent: n as u32,
                first: 0,
                count: 0,
                k: 1 - k,
            });
        };
        if moves == 0 {
            let passed = board.pass();
            if passed.moves() == 0 {
                let holds = board.final_score() >= k;
                arena[n].phi = if holds { 0 } else { INF };
                arena[n].delta = if holds { INF } else { 0 };
                return;
            }
            push(self, passed);
        } else {
            for child in board.children_of(moves) {
                push(self, child);
            }
        }
        arena[n].first = first as u32;
        arena[n].count = (arena.len() - first) as u32;
    }

    /// Recomputes the numbers of `n` and its ancestors from their
    /// children, up to the root.
    fn pn2_update(&self, arena: &mut [PnNode], mut n: usize) {
        loop {
            let node = arena[n];
            if node.first != 0 {
                let children = &arena[node.first as usize..(node.first + node.count) as usize];
                let (cost_phi, cost_delta) = self.heuristic.costs(node.board.empties());
                let (phi, delta) = combine_numbers(
                    children.iter().map(|c| (c.phi, c.delta)),
                    cost_phi,
                    cost_delta,
                );
                arena[n].phi = phi;
                arena[n].delta = delta;
            }
            if n == 0 {
                return;
            }
            n = arena[n].parent as usize;
        }
    }
}
