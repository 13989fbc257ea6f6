//! What an evaluation is, for the searches: [`Evaluator`] (a position's
//! predicted final disc difference) and [`Incremental`] (the same value with
//! a state carried down a search tree and updated move by move). Searches
//! depend on these traits; the evaluations implement them here, in `eval`.

use super::{Features, PatternEvaluator};
use crate::board::kernels::Kernels;
use crate::board::Board;
use crate::units::Quarters;

/// A static evaluation: the predicted final disc difference for the side to
/// move. df-pn⁺ derives its leaf proof numbers from it; alpha-beta ranks
/// moves with it.
pub trait Evaluator {
    /// The predicted final disc difference for the side to move.
    fn evaluate(&self, board: &Board) -> f32;

    /// The pattern evaluation behind this one, if it is one: searches that
    /// evaluate positions one move apart then update its pattern indices
    /// move by move ([`Features`], through [`Incremental`]) instead of
    /// calling [`Evaluator::evaluate`] from scratch. The values are the same.
    fn as_pattern(&self) -> Option<&PatternEvaluator> {
        None
    }
}

/// A pointer to an evaluator (`&E`, `Arc<E>`, `Box<E>`, …) evaluates as the
/// evaluator it points to.
impl<P> Evaluator for P
where
    P: std::ops::Deref,
    P::Target: Evaluator,
{
    #[inline]
    fn evaluate(&self, board: &Board) -> f32 {
        (**self).evaluate(board)
    }

    #[inline]
    fn as_pattern(&self) -> Option<&PatternEvaluator> {
        (**self).as_pattern()
    }
}

impl Evaluator for PatternEvaluator {
    #[inline]
    fn evaluate(&self, board: &Board) -> f32 {
        PatternEvaluator::evaluate(self, board)
    }

    #[inline]
    fn as_pattern(&self) -> Option<&PatternEvaluator> {
        Some(self)
    }
}

/// An evaluation in quarter discs, clamped to the score range.
#[inline]
pub fn quarter_discs(v: f32) -> Quarters {
    (v * 4.0).round().clamp(-256.0, 256.0) as i32
}

/// What a search evaluating positions one move apart needs of an
/// evaluation: a state carried down the tree and updated move by move, and
/// the value of a position with its state (quarter discs, side to move's
/// view).
pub trait Incremental {
    /// What a position carries (nothing, or its pattern indices).
    type State: Copy;
    /// The state of `(p, o)` (p to move), computed in full.
    fn root(&self, p: u64, o: u64) -> Self::State;
    /// The state after the side to move plays `sq` flipping `flips`.
    fn play(&self, s: &Self::State, sq: usize, flips: u64) -> Self::State;
    /// The state after a pass.
    fn pass(&self, s: &Self::State) -> Self::State;
    /// The value of `(p, o)` (p to move) whose state is `s`, any move
    /// generation it needs done by the kernels `K` (the caller's
    /// instance; every instance gives the same value).
    fn value<K: Kernels>(&self, s: &Self::State, p: u64, o: u64) -> Quarters;
    /// The value of the child `(np, no)` (np to move) reached when the side
    /// to move of the position whose state is `s` plays `sq` flipping
    /// `flips`: [`Incremental::value`] of [`Incremental::play`], which an
    /// evaluation may compute with less work (a leaf needs no state of its
    /// own). The same value.
    #[inline(always)]
    fn value_after<K: Kernels>(
        &self,
        s: &Self::State,
        sq: usize,
        flips: u64,
        np: u64,
        no: u64,
    ) -> Quarters {
        self.value::<K>(&self.play(s, sq, flips), np, no)
    }
}

/// Any [`Evaluator`], called from scratch at every leaf.
pub struct Scratch<'a>(pub &'a dyn Evaluator);

impl Incremental for Scratch<'_> {
    type State = ();
    #[inline]
    fn root(&self, _: u64, _: u64) {}
    #[inline]
    fn play(&self, _: &(), _: usize, _: u64) {}
    #[inline]
    fn pass(&self, _: &()) {}
    #[inline]
    fn value<K: Kernels>(&self, _: &(), p: u64, o: u64) -> i32 {
        quarter_discs(self.0.evaluate(&Board {
            player: p,
            opponent: o,
        }))
    }
}

/// The pattern evaluation with its indices updated move by move
/// ([`Features`]): the same values as [`Scratch`] of it, at a fraction of
/// the cost.
impl Incremental for PatternEvaluator {
    type State = Features;
    #[inline]
    fn root(&self, p: u64, o: u64) -> Features {
        Features::new(&Board {
            player: p,
            opponent: o,
        })
    }
    #[inline(always)]
    fn play(&self, s: &Features, sq: usize, flips: u64) -> Features {
        s.after_move(sq, flips)
    }
    #[inline]
    fn pass(&self, s: &Features) -> Features {
        s.after_pass()
    }
    #[inline(always)]
    fn value<K: Kernels>(&self, s: &Features, p: u64, o: u64) -> Quarters {
        quarter_discs(self.evaluate_indices::<K>(s.mover(), p, o))
    }
    #[inline(always)]
    fn value_after<K: Kernels>(
        &self,
        s: &Features,
        sq: usize,
        flips: u64,
        np: u64,
        no: u64,
    ) -> Quarters {
        quarter_discs(self.evaluate_indices::<K>(&s.mover_after(sq, flips), np, no))
    }
}
