//! The units of the numbers the searches pass around, named so that a
//! signature says which one it takes (as Neural Reversi's `types.rs` names
//! its `Score` and `Depth`). They are aliases of the integer types the hot
//! loops compute in, so naming them costs nothing at run time; [`Move`]
//! (`crate::board::Move`) is the one unit with a type of its own, because
//! its "no move" and pass are values a bare index could not hold.
//!
//! - [`Score`]: a final disc difference from the side to move's view, the
//!   empty squares to the winner: −[`SCORE_MAX`]..=[`SCORE_MAX`]. Exact
//!   scores, the alpha-beta windows and the bounds they prove.
//! - [`Quarters`]: a value in quarter discs (four to the disc), from the
//!   side to move's view: the evaluation, the probe and the midgame
//!   search. Every value lies strictly within ±[`QUARTER_INF`], so
//!   `(-QUARTER_INF, QUARTER_INF)` is the full window.
//! - [`Depth`]: a search depth in plies.
//!
//! [`Move`]: crate::board::Move

/// A final disc difference from the side to move's view (empties to the
/// winner), −[`SCORE_MAX`]..=[`SCORE_MAX`].
pub type Score = i32;

/// The largest [`Score`]: every disc of the board.
pub const SCORE_MAX: Score = 64;

/// A value in quarter discs, from the side to move's view.
pub type Quarters = i32;

/// Above every value in [`Quarters`]: a full window is
/// `(-QUARTER_INF, QUARTER_INF)`.
pub const QUARTER_INF: Quarters = SCORE_MAX * 4 + 1;

/// A search depth in plies.
pub type Depth = u32;

/// A value in quarter discs to the nearest even disc count (the scores a
/// game can end with), within the score range.
pub fn quarters_to_score(v: Quarters) -> Score {
    ((v as f32 / 8.0).round() as Score * 2).clamp(-SCORE_MAX, SCORE_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarters_round_to_even_scores() {
        assert_eq!(quarters_to_score(0), 0);
        assert_eq!(quarters_to_score(3), 0);
        assert_eq!(quarters_to_score(4), 2);
        assert_eq!(quarters_to_score(-12), -4);
        assert_eq!(quarters_to_score(QUARTER_INF), SCORE_MAX);
        assert_eq!(quarters_to_score(-QUARTER_INF), -SCORE_MAX);
    }
}
