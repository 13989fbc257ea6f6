//! A diagnostic "evaluation" that knows the answer: the exact score of the
//! position (solved by alpha-beta) plus deterministic Gaussian noise of a
//! chosen standard deviation.
//!
//! `fit-h --oracle-sigma S` and `dfpn-experiment --oracle-sigma S` put it
//! in place of the pattern evaluation, so the paper's experiment can be
//! asked what h would give with an evaluation of any accuracy, up to a
//! perfect one (S = 0). The exact solves are not counted as df-pn nodes
//! (they stand in for a static evaluation), and they make runs far slower:
//! this is for measuring, never for solving.

use othello_solver::board::Board;
use othello_solver::eval::{Evaluator, PatternEvaluator, WeightsError};
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::tuning::DEFAULT_ORDER_MIN;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Mutex;

/// The alpha-beta table per thread, MiB.
const ORACLE_HASH_MB: usize = 32;

thread_local! {
    static SOLVER: RefCell<Option<Searcher>> = const { RefCell::new(None) };
}

/// Exact score plus noise; see the module documentation.
pub struct NoisyOracle {
    sigma: f64,
    /// The embedded pattern evaluation, ordering the exact solver's moves.
    order: &'static PatternEvaluator,
    cache: Mutex<HashMap<Board, i8>>,
}

impl NoisyOracle {
    /// An oracle with noise of standard deviation `sigma` discs (0 = exact).
    /// Errors if the embedded weights (its solver's move ordering) do not
    /// decode.
    pub fn new(sigma: f64) -> Result<NoisyOracle, WeightsError> {
        Ok(NoisyOracle {
            sigma,
            order: PatternEvaluator::embedded()?,
            cache: Mutex::new(HashMap::new()),
        })
    }

    /// The exact score of `board` for the side to move (cached; each thread
    /// solves with its own table).
    pub fn exact(&self, board: &Board) -> i32 {
        if let Some(v) = self.lock().get(board) {
            return *v as i32;
        }
        let v = SOLVER.with(|cell| {
            let mut slot = cell.borrow_mut();
            let s = slot.get_or_insert_with(|| {
                let mut s = Searcher::new(ORACLE_HASH_MB);
                // Ordering only changes the speed, not the scores.
                s.set_order_evaluator(Some(Box::new(self.order)), DEFAULT_ORDER_MIN);
                s
            });
            // A full window without limits: the exact score.
            s.search_window(board, -65, 65)
        });
        self.lock().insert(*board, v as i8);
        v
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Board, i8>> {
        // A panic elsewhere cannot leave the map half-written (one insert),
        // so a poisoned lock is still usable.
        self.cache.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A standard normal deviate that depends only on the board (Box–Muller
/// over a SplitMix64-style hash), so a position gets the same noise in
/// every run and every thread.
pub fn board_noise(board: &Board) -> f64 {
    let mut h = board.player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ board
            .opponent
            .rotate_left(29)
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    let mut unit = || {
        h = h.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = h;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((z >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    };
    let (u1, u2) = (unit(), unit());
    (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
}

impl Evaluator for NoisyOracle {
    fn evaluate(&self, board: &Board) -> f32 {
        (self.exact(board) as f64 + self.sigma * board_noise(board)) as f32
    }
}

/// Parses `--oracle-sigma`: a finite number of discs, at least 0.
pub fn parse_sigma(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!(
            "{text:?} is not a standard deviation (a number of discs, 0 or more)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_solver::rng::{random_position, SplitMix64};
    use othello_solver::search::reference;

    #[test]
    fn sigma_zero_is_the_exact_score() {
        let o = NoisyOracle::new(0.0).expect("embedded weights decode");
        let mut rng = SplitMix64::new(3);
        for _ in 0..40 {
            let Some(b) = random_position(&mut rng, 9) else {
                continue;
            };
            assert_eq!(o.evaluate(&b), reference::score(&b) as f32);
            // Cached: the same answer again.
            assert_eq!(o.evaluate(&b), reference::score(&b) as f32);
        }
    }

    #[test]
    fn noise_is_deterministic_and_standard_normal() {
        let mut rng = SplitMix64::new(8);
        let boards: Vec<Board> = (0..4000)
            .filter_map(|i| random_position(&mut rng, 10 + i % 30))
            .collect();
        assert!(boards.len() > 3000);
        let z: Vec<f64> = boards.iter().map(board_noise).collect();
        assert_eq!(z, boards.iter().map(board_noise).collect::<Vec<_>>());
        let n = z.len() as f64;
        let mean = z.iter().sum::<f64>() / n;
        let var = z.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
        assert!(mean.abs() < 0.06, "mean {mean}");
        assert!((var - 1.0).abs() < 0.08, "variance {var}");
        let o = NoisyOracle::new(4.0).expect("embedded weights decode");
        let b = boards[0];
        let e = o.exact(&b) as f64;
        assert!((o.evaluate(&b) as f64 - (e + 4.0 * z[0])).abs() < 1e-4);
    }
}
