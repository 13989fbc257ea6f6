//! The pattern evaluation: the predicted final disc difference from the side
//! to move's view, as a sum of one trained weight per pattern instance
//! ([`patterns`]) from the table of the position's stage, loaded from a
//! weights file ([`weights`]).
//!
//! The default weights (`weights/eval.bin`) are embedded in the binary;
//! [`PatternEvaluator::embedded`] decodes them once. Searches that evaluate
//! positions one move apart keep the pattern indices up to date move by
//! move ([`incremental`]).
//!
//! `eval` owns what an evaluation is for the searches: the [`Evaluator`]
//! and [`Incremental`] traits ([`evaluator`]), the pattern evaluator and the
//! crude [`MobilityEvaluator`] ([`mobility`]). The searches use them; `eval`
//! imports nothing from `search`.

pub mod evaluator;
pub mod incremental;
pub mod mobility;
pub mod patterns;
pub mod weights;

pub use evaluator::{Evaluator, Incremental, Scratch};
pub use incremental::Features;
pub use mobility::MobilityEvaluator;

pub use patterns::{
    feature_indices, stage, Family, FAMILIES, FEATURE_FAMILIES, FEATURE_SYMMETRIES, NUM_FEATURES,
    NUM_STAGES, STAGE_WEIGHTS,
};
pub use weights::{TrainingMeta, WeightsError, WeightsFile};

use crate::board::{symmetry, Board, Square};
use std::path::Path;
use std::sync::OnceLock;

/// The weights file compiled into the binary.
pub static EMBEDDED_WEIGHTS: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/eval.bin"));

/// Entries of one stage's table in memory: every `u16` falls inside it
/// (a feature index is below [`STAGE_WEIGHTS`], 62,547), so a lookup by a
/// `u16` index needs no bounds check; the entries from `STAGE_WEIGHTS` on
/// are zero and no position reads them.
const STAGE_STRIDE: usize = 1 << 16;
const _: () = assert!(STAGE_WEIGHTS <= STAGE_STRIDE);

/// An evaluator with its weights in memory.
#[derive(Clone, Debug)]
pub struct PatternEvaluator {
    /// One table per stage (the file's `STAGE_WEIGHTS` weights, then
    /// zeros to [`STAGE_STRIDE`]), in units of 1/scale disc.
    weights: Box<[[i16; STAGE_STRIDE]]>,
    inv_scale: f32,
    meta: TrainingMeta,
    fingerprint: u64,
}

/// One feature's share of an evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Contribution {
    /// The pattern family.
    pub family: Family,
    /// The squares of this instance, in digit order.
    pub squares: Vec<Square>,
    /// The configuration, one character per square: `X` side to move, `O`
    /// the other side, `-` empty (parity: `odd` / `even`; mobility: `N
    /// moves`; frontier: `N discs`).
    pub config: String,
    /// The weight, in discs.
    pub value: f32,
}

impl PatternEvaluator {
    /// An evaluator from a decoded (and checked) weights file.
    pub fn from_file(file: &WeightsFile) -> PatternEvaluator {
        let mut weights = vec![[0i16; STAGE_STRIDE]; NUM_STAGES].into_boxed_slice();
        for (table, stage) in weights
            .iter_mut()
            .zip(file.weights.chunks_exact(STAGE_WEIGHTS))
        {
            table[..STAGE_WEIGHTS].copy_from_slice(stage);
        }
        PatternEvaluator {
            weights,
            inv_scale: 1.0 / file.scale,
            meta: file.meta.clone(),
            fingerprint: file.fingerprint(),
        }
    }

    /// Reads a weights file.
    pub fn load(path: &Path) -> Result<PatternEvaluator, WeightsError> {
        Ok(PatternEvaluator::from_file(&WeightsFile::load(path)?))
    }

    /// The default weights embedded in the binary, decoded on first use.
    pub fn embedded() -> Result<&'static PatternEvaluator, WeightsError> {
        static CELL: OnceLock<PatternEvaluator> = OnceLock::new();
        if let Some(e) = CELL.get() {
            return Ok(e);
        }
        let file = WeightsFile::from_bytes(EMBEDDED_WEIGHTS).map_err(|e| WeightsError::File {
            path: "<embedded weights/eval.bin>".into(),
            source: Box::new(e),
        })?;
        Ok(CELL.get_or_init(|| PatternEvaluator::from_file(&file)))
    }

    /// `--weights PATH` if given, else the embedded weights.
    pub fn from_option(path: Option<&Path>) -> Result<PatternEvaluator, WeightsError> {
        match path {
            Some(p) => PatternEvaluator::load(p),
            None => PatternEvaluator::embedded().cloned(),
        }
    }

    /// The training metadata of the weights.
    pub fn meta(&self) -> &TrainingMeta {
        &self.meta
    }

    /// What the evaluation computes, as 64 bits ([`WeightsFile::fingerprint`]):
    /// equal for two files with the same weights, whatever their metadata.
    /// Parameters fitted to an evaluation (df-pn⁺'s h) record it.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The weight table of `board`'s stage.
    #[inline(always)]
    fn stage_weights(&self, board: &Board) -> &[i16; STAGE_STRIDE] {
        &self.weights[stage(board)]
    }

    /// The predicted final disc difference for the side to move.
    #[inline]
    pub fn evaluate(&self, board: &Board) -> f32 {
        let table = self.stage_weights(board);
        let idx = feature_indices(board);
        let mut sum = 0i32;
        for &i in &idx {
            // A `u16` index is always inside the table (no check: `STAGE_STRIDE`).
            sum += table[usize::from(i)] as i32;
        }
        sum as f32 * self.inv_scale
    }

    /// The weight of every feature of `board`, largest magnitude first.
    pub fn contributions(&self, board: &Board) -> Vec<Contribution> {
        let table = self.stage_weights(board);
        let idx = feature_indices(board);
        let mut out: Vec<Contribution> = (0..NUM_FEATURES)
            .map(|k| {
                let family = FEATURE_FAMILIES[k];
                let sym = FEATURE_SYMMETRIES[k];
                let value = table[idx[k] as usize] as f32 * self.inv_scale;
                if family.is_count() {
                    let n = idx[k] as usize - family.offset();
                    let config = match family {
                        Family::Parity if n == 1 => "odd".to_string(),
                        Family::Parity => "even".to_string(),
                        Family::Frontier | Family::OpponentFrontier => format!("{n} discs"),
                        _ => format!("{n} moves"),
                    };
                    return Contribution {
                        family,
                        squares: Vec::new(),
                        config,
                        value,
                    };
                }
                let inv = symmetry::inverse(sym);
                let squares: Vec<Square> = family
                    .squares()
                    .iter()
                    .filter_map(|&q| Square::new(symmetry::apply_square(inv, q as usize) as u8))
                    .collect();
                let config = squares
                    .iter()
                    .map(|q| {
                        if board.player & q.bit() != 0 {
                            'X'
                        } else if board.opponent & q.bit() != 0 {
                            'O'
                        } else {
                            '-'
                        }
                    })
                    .collect();
                Contribution {
                    family,
                    squares,
                    config,
                    value,
                }
            })
            .collect();
        out.sort_by(|a, b| b.value.abs().total_cmp(&a.value.abs()));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{random_position, SplitMix64};

    #[test]
    fn embedded_weights_load() {
        let e = PatternEvaluator::embedded().expect("embedded weights decode");
        let v = e.evaluate(&Board::start());
        assert!(v.is_finite() && v.abs() < 64.0, "{v}");
    }

    #[test]
    fn evaluation_is_symmetric_and_sums_contributions() {
        let e = PatternEvaluator::embedded().expect("embedded weights decode");
        let mut rng = SplitMix64::new(5);
        for _ in 0..300 {
            let empties = 4 + rng.below(50) as u32;
            let Some(b) = random_position(&mut rng, empties) else {
                continue;
            };
            let v = e.evaluate(&b);
            for s in 1..8 {
                assert_eq!(e.evaluate(&b.symmetric(s)), v, "symmetry {s}");
            }
            let total: f32 = e.contributions(&b).iter().map(|c| c.value).sum();
            assert!((total - v).abs() < 1e-3, "{total} vs {v}");
        }
    }

    #[test]
    fn contribution_squares_are_the_instance() {
        let e = PatternEvaluator::embedded().expect("embedded weights decode");
        let c = e.contributions(&Board::start());
        assert_eq!(c.len(), NUM_FEATURES);
        let corner = c
            .iter()
            .filter(|c| c.family == Family::Corner3x3)
            .map(|c| c.squares[0].to_string())
            .collect::<std::collections::BTreeSet<_>>();
        let want: std::collections::BTreeSet<String> = ["a1", "h1", "a8", "h8"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(corner, want);
    }
}
