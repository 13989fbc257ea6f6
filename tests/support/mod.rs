//! Test support: a small, simple, exact alpha-beta solver (no table) used as
//! the reference and as df-pn's leaf solver in the tests, and helpers.

#![allow(dead_code)]

use othello_solver::board::movegen;
use othello_solver::search::{fail_soft_bounds, LeafSolver};
use othello_solver::Board;
use std::path::PathBuf;

/// Plain fail-soft negamax alpha-beta over exact final scores, fastest-first
/// ordering above 6 empties. Correct and simple; fine up to ~16 empties.
#[derive(Default)]
pub struct SimpleSolver {
    /// Positions visited.
    pub nodes: u64,
}

impl SimpleSolver {
    /// The exact score of `b` for the side to move.
    pub fn score(&mut self, b: &Board) -> i32 {
        self.ab(b, -64, 64)
    }

    /// Fail-soft negamax in (alpha, beta).
    pub fn ab(&mut self, b: &Board, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let moves = b.moves();
        if moves == 0 {
            let p = b.pass();
            if p.moves() == 0 {
                return b.final_score();
            }
            return -self.ab(&p, -beta, -alpha);
        }
        let mut kids = [(Board::start(), 0u32); 32];
        let mut n = 0;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let c = b.play_flips(sq, movegen::flips(b.player, b.opponent, sq));
            kids[n] = (c, 0);
            n += 1;
        }
        if b.empties() > 6 {
            for k in kids[..n].iter_mut() {
                k.1 = k.0.moves().count_ones();
            }
            kids[..n].sort_by_key(|k| k.1);
        }
        let mut best = -65;
        for (c, _) in &kids[..n] {
            let v = -self.ab(c, -beta, -alpha);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

impl LeafSolver for SimpleSolver {
    fn bounds(&mut self, board: &Board, k: i32) -> (i32, i32) {
        fail_soft_bounds(self.ab(board, k - 1, k), k)
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// `../shared` next to the crate root, if present.
pub fn shared() -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared");
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("skipped: ../shared not found");
        None
    }
}
