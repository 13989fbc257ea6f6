//! Midgame ProbCut: a search `depth` plies deep is predicted by a
//! shallower one ([`shallow_depth`]); their difference has a standard
//! deviation σ that grows with the depths and the empties
//! (`sigma`, measured by `othello-tools mid-sigma`, docs/tuning.md). A
//! search at confidence t takes "the deep value is at least β" as proven
//! when the shallow value is at least β + tσ, and the same below α. The
//! confidence levels are the percentages players read ("18@95%"): the
//! share of a normal distribution within tσ.

/// ProbCut is tried at nodes searched at least this deep.
pub const PROBCUT_MIN_DEPTH: u32 = 3;

/// The depth of the shallow search that predicts a search `depth` plies
/// deep: about half of it, of the same parity (the evaluation swings
/// between the two sides' moves).
#[inline]
pub fn shallow_depth(depth: u32) -> u32 {
    let d = depth / 2;
    if (depth - d).is_multiple_of(2) {
        d
    } else {
        d.saturating_sub(1).max(1)
    }
}

/// σ of (value at `depth`) − (value at `shallow`), quarter discs, at a
/// node with `empties` empties: a linear fit of the measured deviations
/// (`othello-tools mid-sigma`, docs/tuning.md, "Midgame ProbCut").
#[inline]
pub(super) fn sigma(empties: u32, depth: u32, shallow: u32) -> f32 {
    let [c, e, d, s] = SIGMA_FIT;
    (c + e * empties as f32 + d * depth as f32 + s * shallow as f32).max(4.0)
}

/// The coefficients of `sigma` (constant, per empty, per ply of the deep
/// search, per ply of the shallow one), quarter discs.
pub const SIGMA_FIT: [f32; 4] = [24.1, -0.374, 0.988, -1.879];

/// The margin tσ in quarter discs, `t` in hundredths.
#[inline]
pub(super) fn margin(empties: u32, depth: u32, shallow: u32, t: u32) -> i32 {
    (sigma(empties, depth, shallow) * t as f32 / 100.0).round() as i32
}

/// The confidence levels: the percentage players read, and t in
/// hundredths of σ (0: no ProbCut, an unpruned search).
pub const CONFIDENCE: [(u32, u32); 6] = [
    (73, 110),
    (87, 150),
    (95, 200),
    (98, 260),
    (99, 330),
    (100, 0),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_depth_keeps_parity_and_is_shallower() {
        for depth in PROBCUT_MIN_DEPTH..40 {
            let d = shallow_depth(depth);
            assert!(d >= 1 && d < depth, "{depth} -> {d}");
            assert_eq!((depth - d) % 2, 0, "{depth} -> {d}");
        }
    }

    #[test]
    fn levels_rise_and_margins_grow_with_t() {
        assert!(CONFIDENCE.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(margin(30, 10, 4, 200) > margin(30, 10, 4, 110));
        assert!(sigma(30, 10, 4) > 0.0);
    }
}
