//! A crude evaluation without trained weights: mobility and corners.

use super::Evaluator;
use crate::board::Board;

/// Mobility and corners, scaled to discs. df-pn⁺'s tests and benchmarks use
/// it where the trained weights would make a test depend on training.
#[derive(Clone, Copy, Debug, Default)]
pub struct MobilityEvaluator;

impl Evaluator for MobilityEvaluator {
    fn evaluate(&self, board: &Board) -> f32 {
        const CORNERS: u64 = 0x8100_0000_0000_0081;
        let mob = board.moves().count_ones() as f32 - board.opponent_moves().count_ones() as f32;
        let corners = (board.player & CORNERS).count_ones() as f32
            - (board.opponent & CORNERS).count_ones() as f32;
        3.0 * mob + 8.0 * corners
    }
}
