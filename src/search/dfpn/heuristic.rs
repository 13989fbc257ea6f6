//! df-pn⁺'s leaf estimates h and edge costs (Nagai & Imai, "Application of
//! df-pn⁺ to Othello Endgames", sections 2.2 and 4).
//!
//! For a node n asked "is the final score of the side to move ≥ k?", with
//! `x = Eval(n) − k` (the evaluation's margin over the target):
//!
//! ```text
//! h_φ(n) = B_φ / (1 + e^(−x / C_φ)) + 1        (C_φ < 0)
//! h_δ(n) = B_δ / (1 + e^(−x / C_δ)) + 1        (C_δ > 0)
//! cost_φ(n, child) = A,  cost_δ(n, child) = 0
//! ```
//!
//! so a position good for the side to move is cheap to prove and dear to
//! disprove. B, C and A depend on the stage (here: the number of empty
//! squares of the node the parameter is applied to: the evaluated node for
//! h, the parent for cost).
//!
//! [`HParams`] holds one [`StageParams`](super::params::StageParams) per stage and is read from a small
//! text file (see [`HParams::parse`]). The default is [`HParams::shipped`],
//! `weights/h.txt` built into the binary, fitted by `othello-tools fit-h`
//! (docs/dfpn.md); `solve` and `batch` read another file with
//! `--h-params PATH`. [`HParams::provisional`] is a synthetic set (the paper's
//! costs, B growing 1.5× per empty square, |C| = 8) that tests and benchmarks
//! use with the mobility evaluation.
//!
//! [`Heuristic`] is what df-pn uses: uniform (plain df-pn, h = 1 and cost =
//! 0), deep df-pn's powers of E by depth ([`super::deep`]), or a sigmoid
//! over an [`Evaluator`].

use crate::board::Board;
use crate::eval::Evaluator;
use crate::search::probe::{guess_value, probe_value};
use crate::search::tuning::{H_SEARCH_MAX_DEPTH, H_SEARCH_WINDOW, VALUE_CACHE_SLOTS};
#[cfg(doc)]
use crate::units::quarters_to_score;
use crate::units::{Quarters, QUARTER_INF};

use super::deep::DeepParams;
use super::params::{HParams, H_MAX};

/// The depth of h's shallow search at a node with `empties` empties:
/// (empties − 12) / 2 plies, at least 1 and at most [`H_SEARCH_MAX_DEPTH`]
/// (two plies at 16 empties, three at 18, four from 20).
#[inline]
pub fn h_search_depth(empties: u32) -> u32 {
    (empties.saturating_sub(12) / 2).clamp(1, H_SEARCH_MAX_DEPTH)
}

/// A fail-soft shallow-search value and the window it was searched in
/// (quarter discs): exact inside the window, an upper bound at or below
/// `alpha`, a lower bound at or above `beta`.
#[derive(Clone, Copy, Debug, Default)]
struct Windowed {
    value: i16,
    alpha: i16,
    beta: i16,
}

impl Windowed {
    /// The value if it serves a search in `(alpha, beta)`: exact there, or a
    /// bound that falls outside it on the same side.
    #[inline]
    fn serves(self, alpha: Quarters, beta: Quarters) -> Option<Quarters> {
        let v = i32::from(self.value);
        let exact = i32::from(self.alpha) < v && v < i32::from(self.beta);
        let below = v <= i32::from(self.alpha) && v <= alpha;
        let above = v >= i32::from(self.beta) && v >= beta;
        (exact || below || above).then_some(v)
    }
}

/// A direct-mapped cache of shallow-search values keyed by the full board,
/// so that a node df-pn generates again and again (each time its parent is
/// re-expanded) is searched once per window. A newer board overwrites an
/// older one in its slot.
pub struct ValueCache {
    slots: Vec<(u64, u64, Windowed)>,
}

impl ValueCache {
    /// An empty cache of [`VALUE_CACHE_SLOTS`] slots.
    pub fn new() -> ValueCache {
        ValueCache {
            slots: vec![(0, 0, Windowed::default()); VALUE_CACHE_SLOTS],
        }
    }

    /// The value stored for `board` if it serves the window `(alpha,
    /// beta)`. (The empty board, which never occurs in a game, marks an
    /// unused slot.)
    #[inline]
    fn get(&self, board: &Board, alpha: Quarters, beta: Quarters) -> Option<Quarters> {
        let (p, o, w) = self.slots[Self::slot(board)];
        if p == board.player && o == board.opponent && (p | o) != 0 {
            w.serves(alpha, beta)
        } else {
            None
        }
    }

    #[inline]
    fn put(&mut self, board: &Board, value: i32, alpha: i32, beta: i32) {
        // Values and windows lie within ±QUARTER_INF quarter discs.
        let w = Windowed {
            value: value as i16,
            alpha: alpha as i16,
            beta: beta as i16,
        };
        self.slots[Self::slot(board)] = (board.player, board.opponent, w);
    }

    #[inline]
    fn slot(board: &Board) -> usize {
        (board.hash() as usize) & (VALUE_CACHE_SLOTS - 1)
    }
}

impl Default for ValueCache {
    fn default() -> Self {
        ValueCache::new()
    }
}

impl HParams {
    /// (h_φ, h_δ) of `board` asked "score ≥ k?" when its evaluation is
    /// `value` (discs), each in 1 ..= [`H_MAX`].
    #[inline]
    fn pns(&self, board: &Board, value: f32, k: i32) -> (u32, u32) {
        let x = margin(value, k);
        let p = self.stage(board.empties());
        (to_pn(p.h_phi(x)), to_pn(p.h_delta(x)))
    }
}

/// The margin x of a node asked "score ≥ k?": the evaluation minus k.
#[inline]
pub fn margin(eval: f32, k: i32) -> f64 {
    eval as f64 - k as f64
}

/// Rounds a (dis)proof estimate to a proof number: at least 1, at most [`H_MAX`].
#[inline]
fn to_pn(h: f64) -> u32 {
    if h.is_nan() {
        return 1;
    }
    h.round().clamp(1.0, H_MAX as f64) as u32
}

/// Rounds an edge cost to an integer (ties away from zero).
#[inline]
fn to_cost(c: f64) -> i64 {
    c.round() as i64
}

/// Deep df-pn's factor on df-pn⁺'s h: E^(D − d) at depth d = root empties −
/// empties below D, else 1 ([`super::deep`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthTerm {
    /// E and D.
    pub params: DeepParams,
    /// The empties of the position the search was asked about.
    pub root_empties: u32,
}

/// (h_φ, h_δ) times the depth term of `board`, if any, at most [`H_MAX`].
#[inline]
fn deepen(h: (u32, u32), depth: &Option<DepthTerm>, board: &Board) -> (u32, u32) {
    match depth {
        None => h,
        Some(t) => {
            let f = t.params.value(t.root_empties, board.empties()) as u64;
            let scale = |x: u32| (x as u64 * f).min(H_MAX as u64) as u32;
            (scale(h.0), scale(h.1))
        }
    }
}

/// The leaf estimates and edge costs df-pn uses.
#[derive(Clone, Copy)]
pub enum Heuristic<'a> {
    /// Plain df-pn: h = 1, cost = 0.
    Uniform,
    /// Deep df-pn: h = E^(D − d) for a node d plies below a root of
    /// `root_empties` empties while d < D, else 1; cost = 0
    /// ([`super::deep`]).
    Deep {
        /// E and D.
        params: DeepParams,
        /// The empties of the position the search was asked about.
        root_empties: u32,
    },
    /// df-pn⁺: sigmoid h over an evaluation, costs from the parameters.
    Sigmoid {
        /// The evaluation (side to move's predicted final disc difference).
        eval: &'a (dyn Evaluator + Sync),
        /// B, C and the costs per stage.
        params: &'a HParams,
        /// Deep df-pn's depth term on top of h (`--plus-depth`): h ·
        /// E^(D − d) for a new node d plies below the root, at most
        /// [`H_MAX`]; `None`: h alone, as in the paper.
        depth: Option<DepthTerm>,
    },
}

impl Heuristic<'_> {
    /// (h_φ, h_δ) of a new node asked "score ≥ k?", each in 1 ..= [`H_MAX`].
    #[inline]
    pub fn leaf(&self, board: &Board, k: i32) -> (u32, u32) {
        match self {
            Heuristic::Uniform => (1, 1),
            Heuristic::Deep {
                params,
                root_empties,
            } => {
                let h = params.value(*root_empties, board.empties());
                (h, h)
            }
            Heuristic::Sigmoid {
                eval,
                params,
                depth,
            } => deepen(params.pns(board, eval.evaluate(board), k), depth, board),
        }
    }

    /// (h_φ, h_δ) of a new node, like [`Heuristic::leaf`], but the
    /// evaluation is a shallow search [`h_search_depth`] plies deep with the
    /// evaluation at its leaves ([`probe_value`]), in the window k ±
    /// [`H_SEARCH_WINDOW`], looked up in `cache` first; the positions it
    /// visits are added to `nodes` (from `stop_at` on it only evaluates).
    /// Plain and deep df-pn, which have no evaluation: [`Heuristic::leaf`].
    pub fn searched_leaf(
        &self,
        board: &Board,
        k: i32,
        cache: &mut ValueCache,
        nodes: &mut u64,
        stop_at: u64,
    ) -> (u32, u32) {
        match self {
            Heuristic::Uniform | Heuristic::Deep { .. } => self.leaf(board, k),
            Heuristic::Sigmoid {
                eval,
                params,
                depth,
            } => {
                // Quarter discs.
                let alpha = ((k - H_SEARCH_WINDOW) * 4).max(-QUARTER_INF);
                let beta = ((k + H_SEARCH_WINDOW) * 4).min(QUARTER_INF);
                let v = match cache.get(board, alpha, beta) {
                    Some(v) => v,
                    None => {
                        let depth = h_search_depth(board.empties());
                        let v = probe_value(*eval, board, depth, alpha, beta, nodes, stop_at);
                        cache.put(board, v, alpha, beta);
                        v
                    }
                };
                deepen(params.pns(board, v as f32 / 4.0, k), depth, board)
            }
        }
    }

    /// (cost_φ, cost_δ) of the edges out of a node with `empties` empties.
    #[inline]
    pub fn costs(&self, empties: u32) -> (i64, i64) {
        match self {
            Heuristic::Uniform | Heuristic::Deep { .. } => (0, 0),
            Heuristic::Sigmoid { params, .. } => {
                let p = params.stage(empties);
                (to_cost(p.cost_phi), to_cost(p.cost_delta))
            }
        }
    }

    /// A guess of the exact score of `board` in quarter discs, unrounded,
    /// from a shallow search with the evaluation at its leaves
    /// ([`guess_value`]; [`quarters_to_score`] rounds it); `None` for plain df-pn,
    /// which has no evaluation. The positions it visits are added to `nodes`;
    /// from `stop_at` on it only evaluates. `None` for deep df-pn too.
    pub fn guess(&self, board: &Board, nodes: &mut u64, stop_at: u64) -> Option<Quarters> {
        match self {
            Heuristic::Uniform | Heuristic::Deep { .. } => None,
            Heuristic::Sigmoid { eval, .. } => Some(guess_value(*eval, board, nodes, stop_at)),
        }
    }

    /// `dfpn`, `deep-dfpn` or `dfpn+`.
    pub fn algo_name(&self) -> &'static str {
        match self {
            Heuristic::Uniform => "dfpn",
            Heuristic::Deep { .. } => "deep-dfpn",
            Heuristic::Sigmoid { .. } => "dfpn+",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MobilityEvaluator;
    use crate::search::dfpn::params::STAGES;

    #[test]
    fn sigmoid_directions() {
        let p = HParams::provisional();
        let s = p.stage(16);
        assert!(
            s.h_phi(20.0) < s.h_phi(-20.0),
            "good positions are cheap to prove"
        );
        assert!(
            s.h_delta(20.0) > s.h_delta(-20.0),
            "good positions are dear to disprove"
        );
        assert!((s.h_phi(0.0) - (s.b_phi / 2.0 + 1.0)).abs() < 1e-9);
        for e in 0..STAGES as u32 {
            let s = p.stage(e);
            assert!(s.h_phi(1e9) >= 1.0 && s.h_delta(-1e9) >= 1.0);
        }
    }

    #[test]
    fn windowed_values_serve_only_what_they_prove() {
        let exact = Windowed {
            value: 10,
            alpha: -20,
            beta: 40,
        };
        assert_eq!(exact.serves(-100, 100), Some(10));
        assert_eq!(
            exact.serves(20, 30),
            Some(10),
            "an exact value serves any window"
        );
        let upper = Windowed {
            value: -30,
            alpha: -20,
            beta: 40,
        };
        assert_eq!(upper.serves(-20, 40), Some(-30));
        assert_eq!(
            upper.serves(-10, 50),
            Some(-30),
            "still below the new alpha"
        );
        assert_eq!(
            upper.serves(-40, 40),
            None,
            "the true value may lie in the window"
        );
        let lower = Windowed {
            value: 50,
            alpha: -20,
            beta: 40,
        };
        assert_eq!(lower.serves(0, 50), Some(50));
        assert_eq!(lower.serves(0, 60), None);
    }

    #[test]
    fn searched_h_matches_an_uncached_search_and_counts_its_positions() {
        let params = HParams::provisional();
        let h = Heuristic::Sigmoid {
            eval: &MobilityEvaluator,
            params: &params,
            depth: None,
        };
        let mut cache = ValueCache::new();
        let mut b = Board::start();
        for sq in ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3"] {
            let sq: crate::board::Square = sq.parse().unwrap();
            b = b.play(sq).unwrap();
            for k in [-9, 1, 30] {
                let mut nodes = 0;
                let got = h.searched_leaf(&b, k, &mut cache, &mut nodes, u64::MAX);
                if k == -9 {
                    assert!(nodes > 0, "a new board is searched");
                }
                let mut again = 0;
                assert_eq!(
                    h.searched_leaf(&b, k, &mut cache, &mut again, u64::MAX),
                    got
                );
                assert_eq!(again, 0, "the same question comes from the cache");
                let (alpha, beta) = ((k - H_SEARCH_WINDOW) * 4, (k + H_SEARCH_WINDOW) * 4);
                let depth = h_search_depth(b.empties());
                let mut n = 0;
                let fresh =
                    probe_value(&MobilityEvaluator, &b, depth, alpha, beta, &mut n, u64::MAX);
                let cached = cache.get(&b, alpha, beta).unwrap();
                // Fail-soft: exact inside the window, else a bound on the same side.
                if alpha < fresh && fresh < beta {
                    assert_eq!(cached, fresh);
                } else if fresh <= alpha {
                    assert!(cached <= alpha);
                } else {
                    assert!(cached >= beta);
                }
                assert_eq!(got, params.pns(&b, cached as f32 / 4.0, k));
            }
        }
        assert_eq!(
            Heuristic::Uniform.searched_leaf(&b, 1, &mut cache, &mut 0, u64::MAX),
            (1, 1)
        );
    }

    #[test]
    fn uniform_is_plain_dfpn() {
        let b = Board::start();
        assert_eq!(Heuristic::Uniform.leaf(&b, 1), (1, 1));
        assert_eq!(Heuristic::Uniform.costs(30), (0, 0));
        let params = HParams::provisional();
        let h = Heuristic::Sigmoid {
            eval: &MobilityEvaluator,
            params: &params,
            depth: None,
        };
        assert_eq!(h.costs(30), (-1, 0));
        let (a, b2) = h.leaf(&b, 1);
        assert!(a >= 1 && b2 >= 1);
    }
}
