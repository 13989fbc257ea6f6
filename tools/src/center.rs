//! Recentring the stages above the endgame on a target that needs no
//! reference program.
//!
//! Stages fitted to search labels inherit the search's bias: the last ply
//! of an even-depth search is the opponent's choice among noisy leaves, so
//! a 6-ply label undervalues the side to move, and backward bootstrapping
//! (each stage labelled with the weights of stages six below) lets black's
//! and white's stages drift apart. It shows along real games without any
//! reference: the mean evaluation from black's view zig-zags between even
//! and odd numbers of empties by several discs, where the true value drifts
//! slowly. This module measures each stage's mean on the training games and
//! moves it onto a smooth target through the stage's parity weight (one
//! number per stage and parity: the shape of the evaluation is unchanged,
//! so is every move ordering within a stage).
//!
//! The target, from black's view at `e` empties along the games: the
//! games' mean perfect-play score at 24 empties (WTHOR's, from its own
//! search) where black is to move, and that less the mean loss per move
//! where white is (along a game the true value from black's view steps down
//! by black's mistake and back up by white's, so it zig-zags by the loss per
//! move). The loss is measured as the zig-zag of the evaluation's own means
//! on the endgame stages, which regress towards each stage's mean: the
//! held-out exact scores zig-zag several times more (docs/evaluation.md,
//! "The odd stages of 25–29 empties"), so the default target is flatter
//! than the truth; `--loss` sets it.
//! The level is the one the stages had when they were fitted to the games'
//! perfect-play scores: flat, not falling to the draw of the start, because
//! the first moves of expert games are book moves that lose next to nothing.

use crate::train::TrainGame;
use anyhow::{bail, Result};
use othello_solver::board::Color;
use othello_solver::eval::patterns::{stage, Family, STAGE_WEIGHTS};
use othello_solver::eval::{PatternEvaluator, WeightsFile};

/// Empties of WTHOR's perfect-play score.
const ANCHOR_EMPTIES: u32 = 24;
/// The endgame stages whose mean zig-zag (of the evaluation, not of the
/// true values) gives the default loss per move: fitted to exact or 8-ply
/// labels, not bootstrapped.
const LOSS_STAGES: std::ops::RangeInclusive<u32> = 17..=24;

/// What [`measure`] found and what [`apply`] changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Centering {
    /// Mean perfect-play score at 24 empties, black's view.
    pub anchor: f64,
    /// Mean loss per move (discs) on the endgame stages.
    pub loss: f64,
    /// Per number of empties (index), the positions and the mean
    /// evaluation from black's view before centring.
    pub before: Vec<(u64, f64)>,
    /// Per weight table (stage) and parity of the empties: the shift in
    /// discs (0 for the tables left alone).
    pub shift: Vec<[f64; 2]>,
}

impl Centering {
    /// The target mean from black's view at `e` empties.
    pub fn target(&self, e: u32) -> f64 {
        if e.is_multiple_of(2) {
            self.anchor
        } else {
            self.anchor - self.loss
        }
    }
}

fn black_view(v: f64, side: Color) -> f64 {
    match side {
        Color::Black => v,
        Color::White => -v,
    }
}

/// Measures the shifts that bring every stage with `from` empties or more
/// onto the target along the `games` that are not held out.
///
/// `loss`: the loss per move in the target, or `None` to measure it on the
/// endgame stages.
pub fn measure(
    eval: &PatternEvaluator,
    games: &[TrainGame],
    from: u32,
    loss: Option<f64>,
) -> Result<Centering> {
    if from <= ANCHOR_EMPTIES {
        bail!("centring starts above the anchor at {ANCHOR_EMPTIES} empties, not at {from}");
    }
    let mut sums = vec![(0u64, 0f64); 61];
    let (mut anchors, mut anchor_sum) = (0u64, 0f64);
    for g in games.iter().filter(|g| !g.heldout) {
        if let Some((e, s)) = g.theoretical {
            if u32::from(e) == ANCHOR_EMPTIES {
                anchors += 1;
                anchor_sum += f64::from(s);
            }
        }
        for &(b, side) in &g.positions {
            if b.moves() == 0 {
                continue;
            }
            let s = &mut sums[b.empties() as usize];
            s.0 += 1;
            s.1 += black_view(f64::from(eval.evaluate(&b)), side);
        }
    }
    if anchors == 0 {
        bail!(
            "no game has a perfect-play score at {ANCHOR_EMPTIES} empties (WTHOR records give one)"
        );
    }
    let before: Vec<(u64, f64)> = sums
        .iter()
        .map(|&(n, s)| (n, if n > 0 { s / n as f64 } else { 0.0 }))
        .collect();
    let mean = |e: u32| before[e as usize].1;
    let mut zig = Vec::new();
    for e in LOSS_STAGES {
        let (n, _) = before[e as usize];
        if n == 0 || before[e as usize - 1].0 == 0 || before[e as usize + 1].0 == 0 {
            bail!(
                "no positions with {} to {} empties to measure the loss per move",
                e - 1,
                e + 1
            );
        }
        // Black-to-move stages sit above their neighbours by the loss.
        let sign = if e % 2 == 0 { 1.0 } else { -1.0 };
        zig.push(sign * (mean(e) - (mean(e - 1) + mean(e + 1)) / 2.0));
    }
    let mut c = Centering {
        anchor: anchor_sum / anchors as f64,
        loss: loss.unwrap_or(zig.iter().sum::<f64>() / zig.len() as f64),
        before,
        shift: vec![[0.0; 2]; othello_solver::eval::NUM_STAGES],
    };
    // The shift of a table and parity: the mean gap to the target over its
    // positions, in the side to move's view (even empties: black to move
    // along a game without passes, but a pass flips it, so per position).
    let mut gap = vec![[(0u64, 0f64); 2]; othello_solver::eval::NUM_STAGES];
    for g in games.iter().filter(|g| !g.heldout) {
        for &(b, side) in &g.positions {
            let e = b.empties();
            if b.moves() == 0 || e < from {
                continue;
            }
            let want = black_view(c.target(e), side);
            let got = f64::from(eval.evaluate(&b));
            let slot = &mut gap[stage(&b)][(e % 2) as usize];
            slot.0 += 1;
            slot.1 += want - got;
        }
    }
    for (shift, gap) in c.shift.iter_mut().zip(&gap) {
        for p in 0..2 {
            if gap[p].0 > 0 {
                shift[p] = gap[p].1 / gap[p].0 as f64;
            }
        }
    }
    Ok(c)
}

/// Adds each table's shift to its parity weight.
pub fn apply(file: &mut WeightsFile, c: &Centering) -> Result<()> {
    for (s, shift) in c.shift.iter().enumerate() {
        for (p, &d) in shift.iter().enumerate() {
            let i = s * STAGE_WEIGHTS + Family::Parity.offset() + p;
            let w = f64::from(file.weights[i]) + (d * f64::from(file.scale)).round();
            if w.abs() > f64::from(i16::MAX) {
                bail!(
                    "stage {s}: shifting the parity weight by {d:.2} discs leaves the 16-bit range"
                );
            }
            file.weights[i] = w as i16;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::random_games;

    #[test]
    fn black_to_move_sits_at_the_anchor_and_white_to_move_one_loss_below() {
        let c = Centering {
            anchor: 1.5,
            loss: 1.0,
            before: Vec::new(),
            shift: Vec::new(),
        };
        for e in [24, 40, 60] {
            assert_eq!(c.target(e), 1.5);
            assert_eq!(c.target(e + 1), 0.5);
        }
    }

    #[test]
    fn centred_weights_meet_the_target_on_the_games_they_were_measured_on() {
        let mut games = random_games(300, 5, 24);
        for g in &mut games {
            g.heldout = false;
            g.theoretical = Some((24, 2));
        }
        let mut file = WeightsFile::from_bytes(othello_solver::eval::EMBEDDED_WEIGHTS).unwrap();
        let eval = PatternEvaluator::from_file(&file);
        let c = measure(&eval, &games, 27, None).unwrap();
        apply(&mut file, &c).unwrap();
        let after = measure(&PatternEvaluator::from_file(&file), &games, 27, None).unwrap();
        for (s, shift) in after.shift.iter().enumerate() {
            for d in shift {
                // Within the rounding of one weight unit per position.
                assert!(d.abs() < 0.05, "table {s}: still {d} off");
            }
        }
        // The tables below 27 empties are untouched.
        let stage_of = |e: usize| othello_solver::eval::NUM_STAGES - 1 - e;
        assert!(c.shift[stage_of(26)].iter().all(|&d| d == 0.0));
        assert!(c.shift[stage_of(30)].iter().any(|&d| d != 0.0));
        // Each opening stage (one number of empties) has its own shift.
        assert!(c.shift[stage_of(55)][1] != 0.0 && c.shift[stage_of(55)][0] == 0.0);
    }
}
