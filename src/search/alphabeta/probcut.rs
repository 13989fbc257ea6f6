//! Endgame ProbCut and the selective pre-searches of an exact solve.
//!
//! A shallow search with the evaluation at its leaves predicts the exact
//! score of a position: the exact score is the shallow value less a bias,
//! plus an error of standard deviation σ that depends on the shallow
//! search's depth (`model`, measured against exact-score labels of
//! WTHOR games). A *selective* search at confidence t cuts a node
//! whose prediction is more than tσ beyond its window: "the exact score is
//! at least β" is taken as proven when the shallow value, less its bias,
//! is at least β + tσ, and the node fails high at β without searching.
//!
//! An exact solve runs a ladder of selective searches first (each an
//! MTD(f) on the selective values, the next starting from the last's
//! answer), then the exact search (MTD(f), `Searcher::mtd`). The selective
//! searches' selective bounds go to the table at their own level, where
//! the exact search reads only their best moves ([`super::tt`]): they order
//! the exact search's moves and give its first null window, and never
//! decide its answer. A subtree in which a selective search took no selective
//! decision (no ProbCut cut, no selective bound from the table) is proven
//! all the same: its bounds are stored as proven, for every later search.
//! The measurements behind the numbers here are in docs/probcut.md.

use super::tt::EXACT;
use crate::search::tuning::{PROBCUT_DEEP_FROM, PROBCUT_MIN_EMPTIES};
use crate::units::Quarters;

/// The depth of ProbCut's probe at a node with `empties` empties: two
/// plies below [`PROBCUT_DEEP_FROM`] empties, four from there
/// (docs/tuning.md).
#[inline]
pub(super) fn cut_depth(empties: u32) -> u32 {
    if empties >= PROBCUT_DEEP_FROM {
        4
    } else {
        2
    }
}

/// Mean error (shallow value − exact score) and its standard deviation, in
/// hundredths of a disc, of the shallow search at `depth` plies (2 or 4,
/// the depths [`cut_depth`] gives), over labelled positions with 10 to
/// 18 empties of WTHOR games: `label_mae --stats` (docs/probcut.md).
#[inline]
fn model(depth: u32) -> (i32, i32) {
    if depth >= 4 {
        (-45, 650)
    } else {
        (-30, 750)
    }
}

/// How a selective search cuts at one number of empties: the shallow
/// search's depth and where its value (quarter discs) proves a bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Cut {
    /// The shallow search's depth (0: no cut at this many empties).
    pub(super) depth: u8,
    /// Fail high at β when the shallow value is at least 4β + `high`.
    pub(super) high: i16,
    /// Fail low at α when the shallow value is at most 4α + `low`.
    pub(super) low: i16,
}

/// The selectivity of a search: its table level and, for a selective one,
/// its cuts by number of empties and the pre-check of their shallow
/// searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Selectivity {
    /// The table level of its bounds ([`EXACT`] for the exact search).
    pub(super) level: u8,
    /// The cut at each number of empties (all depth 0 when exact).
    pub(super) cuts: [Cut; 61],
    /// A shallow search runs only when the node's static value is within
    /// this many quarter discs of the value that would cut.
    pub(super) precheck: Quarters,
}

impl Selectivity {
    /// The exact search: no cuts.
    pub(super) const EXACT: Selectivity = Selectivity {
        level: EXACT,
        cuts: [Cut {
            depth: 0,
            high: 0,
            low: 0,
        }; 61],
        precheck: 0,
    };

    /// Step `level` (below [`EXACT`]) of the ladder, confidence `t`
    /// hundredths, cutting from `min_empties` (at least
    /// [`PROBCUT_MIN_EMPTIES`]) up to below `root_empties` empties, each shallow
    /// search behind the static pre-check `precheck` (quarter discs:
    /// [`PROBCUT_PRECHECK`](crate::search::tuning::PROBCUT_PRECHECK) in an
    /// exact solve's ladder,
    /// [`PROBCUT_PRECHECK_WINDOW`](crate::search::tuning::PROBCUT_PRECHECK_WINDOW)
    /// in a WLD or bound question's).
    pub(super) fn selective(
        level: u8,
        t: u32,
        min_empties: u32,
        root_empties: u32,
        precheck: Quarters,
    ) -> Selectivity {
        let mut s = Selectivity::EXACT;
        s.level = level.min(EXACT - 1);
        s.precheck = precheck;
        for n in min_empties.max(PROBCUT_MIN_EMPTIES)..root_empties.min(61) {
            let depth = cut_depth(n);
            let (bias, sigma) = model(depth);
            // Quarter discs: (bias ± t σ) / 100 discs × 4.
            let margin = t as i32 * sigma / 100;
            let q = |x: i32| (x * 4 + if x >= 0 { 50 } else { -50 }) / 100;
            s.cuts[n as usize] = Cut {
                depth: depth as u8,
                high: q(bias + margin) as i16,
                low: q(bias - margin) as i16,
            };
        }
        s
    }

    /// Whether this is the exact search.
    #[inline]
    pub(super) fn is_exact(&self) -> bool {
        self.level >= EXACT
    }
}

#[cfg(test)]
mod tests {
    use super::super::Searcher;
    use super::*;
    use crate::rng::{random_position, SplitMix64};
    use crate::search::tuning::PROBCUT_PRECHECK;
    use crate::search::{Limits, Mode};

    fn searcher(presearch: bool) -> Searcher {
        let mut s = Searcher::new(4);
        s.use_embedded_evaluator().expect("embedded weights decode");
        s.set_presearch(presearch);
        s
    }

    /// Exact solves with the selective ladder and without it: the same
    /// score, and the ladder's best move reaches it (checked by a
    /// null-window search of that child on a fresh table), on random
    /// positions of 18 to 21 empties (the ladder runs from 18). A small
    /// table (4 MiB) keeps selective and proven entries crowded together.
    #[test]
    #[ignore = "long: .ci/run runs it, with --ignored long_"]
    fn long_the_ladder_never_changes_the_answer() {
        let mut presearched = 0;
        for board in ladder_positions(0x9C07) {
            let mut with = searcher(true);
            let a = with.solve(&board, Mode::Exact, Limits::default());
            let mut without = searcher(false);
            let b = without.solve(&board, Mode::Exact, Limits::default());
            assert_eq!((a.lower, a.upper), (b.lower, b.upper), "{board:?}");
            assert_eq!(a.lower, a.upper);
            let score = a.lower;
            if let Some(&m) = a.best_moves.first() {
                let f = crate::board::movegen::flips(board.player, board.opponent, m.index());
                let c = board.play_flips(m.index(), f);
                let v = -searcher(false).search_window(&c, -score - 1, -score + 1);
                assert_eq!(v, score, "{board:?}: {m:?} does not reach {score}");
            }
            // The ladder ran (it changes the node count).
            presearched += usize::from(a.nodes != b.nodes);
        }
        assert!(presearched > 0, "the ladder never ran");
    }

    /// Twelve random positions of 18 to 21 empties (the ladder runs from
    /// 18), three of each, from `seed`.
    fn ladder_positions(seed: u64) -> Vec<crate::Board> {
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        while out.len() < 12 {
            let empties = 18 + (out.len() % 4) as u32;
            if let Some(board) = random_position(&mut rng, empties) {
                out.push(board);
            }
        }
        out
    }

    /// WLD and bound questions with the selective ladder and without it:
    /// the same answer, bounds that hold the exact score, and the one
    /// move given proves the answer (a null-window search of that child on
    /// a fresh table), with and without `--all-best`, on random positions of
    /// 18 to 21 empties in a 4 MiB table.
    #[test]
    #[ignore = "long: .ci/run runs it, with --ignored long_"]
    fn long_the_ladder_never_changes_a_wld_or_bound_answer() {
        let mut presearched = 0;
        for (i, board) in ladder_positions(0x3D1A).into_iter().enumerate() {
            let exact = searcher(false).search_window(&board, -65, 65);
            // WLD, then a bound just above or at the score.
            let k = exact + 2 * (i as i32 % 2);
            for mode in [Mode::Wld, Mode::Bound(k)] {
                let (lo, hi) = match mode {
                    Mode::Bound(k) => (k - 1, k),
                    _ => (-1, 1),
                };
                for all_best in [false, true] {
                    let mut with = searcher(true);
                    with.set_all_best(all_best);
                    let a = with.solve(&board, mode, Limits::default());
                    let mut without = searcher(false);
                    without.set_all_best(all_best);
                    let b = without.solve(&board, mode, Limits::default());
                    // The same answer: above the window, below it, or the
                    // same value inside it (fail-soft bounds outside the
                    // window depend on which move proved them).
                    let class = |lower: i32, upper: i32| {
                        if lower >= hi {
                            (1, 0)
                        } else if upper <= lo {
                            (-1, 0)
                        } else {
                            (0, lower)
                        }
                    };
                    assert_eq!(
                        class(a.lower, a.upper),
                        class(b.lower, b.upper),
                        "{board:?} {mode:?}"
                    );
                    assert!(a.lower <= exact && exact <= a.upper, "{board:?} {mode:?}");
                    assert!(b.lower <= exact && exact <= b.upper, "{board:?} {mode:?}");
                    // The bounds decide the question.
                    assert!(a.lower >= hi || a.upper <= lo || a.lower == a.upper);
                    if all_best {
                        let (mut x, mut y) = (a.best_moves.clone(), b.best_moves.clone());
                        x.sort_by_key(|m| m.index());
                        y.sort_by_key(|m| m.index());
                        assert_eq!(x, y, "{board:?} {mode:?}");
                    }
                    if let Some(&m) = a.best_moves.first() {
                        let f =
                            crate::board::movegen::flips(board.player, board.opponent, m.index());
                        let c = board.play_flips(m.index(), f);
                        let v = -searcher(false).search_window(&c, -hi, -lo);
                        if a.lower >= hi {
                            assert!(v >= hi, "{board:?} {mode:?}: {m:?} does not prove it");
                        } else if a.upper > lo {
                            assert_eq!(v, a.lower, "{board:?} {mode:?}: {m:?}");
                        }
                    }
                    presearched += usize::from(a.nodes != b.nodes);
                }
            }
        }
        assert!(presearched > 0, "the ladder never ran");
    }

    /// A selective search cuts where the exact one does not: on the same
    /// random positions and null windows, its values differ from the exact
    /// ones somewhere (so the ladder's searches are selective at all), and
    /// the exact search afterwards on the same table is still exact.
    #[test]
    fn selective_searches_cut_and_leave_the_exact_search_exact() {
        let mut rng = SplitMix64::new(0x5E1E);
        let mut differ = 0;
        let mut checked = 0;
        while checked < 24 {
            let Some(board) = random_position(&mut rng, 16 + (checked % 4) as u32) else {
                continue;
            };
            let exact = searcher(false).search_window(&board, -65, 65);
            let mut s = searcher(false);
            for (level, t) in [(0u8, 50u32), (1, 110)] {
                s.ctx.sel = Selectivity::selective(
                    level,
                    t,
                    PROBCUT_MIN_EMPTIES,
                    board.empties(),
                    PROBCUT_PRECHECK,
                );
                for k in (-8..=8).step_by(4) {
                    let v =
                        s.ctx
                            .search_any(board.player, board.opponent, exact + k - 1, exact + k);
                    differ += usize::from((v >= exact + k) != (exact >= exact + k));
                }
            }
            s.ctx.sel = Selectivity::EXACT;
            assert_eq!(s.search_window(&board, -65, 65), exact, "{board:?}");
            checked += 1;
        }
        assert!(
            differ > 0,
            "no selective search ever cut wrongly: are they selective?"
        );
    }

    /// What a selective search stores as proven is proven. On random
    /// positions of 12 to 15 empties: selective searches at a reckless
    /// confidence of every other position two plies down (its value, then
    /// null windows around it), then, at the same level with a confidence
    /// too high to cut, null windows on the position itself, which read
    /// the reckless bounds. Every bound at the exact level in the table,
    /// for the position and its descendants three plies down, holds the
    /// exact score; and some are there (the subtrees that took no
    /// selective decision).
    #[test]
    fn a_selective_search_stores_only_proven_bounds_as_proven() {
        let mut rng = SplitMix64::new(0x9E0F);
        let (mut checked, mut proven) = (0, 0);
        while checked < 16 {
            let Some(board) = random_position(&mut rng, 12 + (checked % 4) as u32) else {
                continue;
            };
            // The position and its descendants three plies down.
            let mut plies = vec![vec![board]];
            for _ in 0..3 {
                let next = plies[plies.len() - 1].iter().flat_map(children).collect();
                plies.push(next);
            }
            let exact = searcher(false).search_window(&board, -65, 65);
            let mut s = searcher(false);
            s.ctx.sel = Selectivity::selective(
                0,
                20,
                PROBCUT_MIN_EMPTIES,
                board.empties(),
                PROBCUT_PRECHECK,
            );
            for b in plies[2].iter().step_by(2) {
                let v = s.ctx.search_any(b.player, b.opponent, -65, 65);
                for k in (-6..=6).step_by(2) {
                    s.ctx.search_any(b.player, b.opponent, v + k - 1, v + k);
                }
            }
            s.ctx.sel = Selectivity::selective(
                0,
                10_000,
                PROBCUT_MIN_EMPTIES,
                board.empties(),
                PROBCUT_PRECHECK,
            );
            for k in (-8..=8).step_by(2) {
                s.ctx
                    .search_any(board.player, board.opponent, exact + k - 1, exact + k);
            }
            for b in plies.into_iter().flatten() {
                let Some(e) = s.ctx.tt.probe(&b).filter(|e| e.level == EXACT) else {
                    continue;
                };
                let v = searcher(false).search_window(&b, -65, 65);
                assert!(
                    i32::from(e.lower) <= v && v <= i32::from(e.upper),
                    "{b:?}: {v} outside [{}, {}]",
                    e.lower,
                    e.upper
                );
                proven += 1;
            }
            checked += 1;
        }
        assert!(proven > 0, "no selective result was stored as proven");
    }

    /// The positions after each legal move of `board` (none after a pass).
    fn children(board: &crate::Board) -> Vec<crate::Board> {
        crate::board::Square::iter_bits(board.moves())
            .filter_map(|sq| board.play(sq))
            .collect()
    }

    #[test]
    fn the_exact_search_never_cuts() {
        assert!(Selectivity::EXACT.is_exact());
        assert!(Selectivity::EXACT.cuts.iter().all(|c| c.depth == 0));
    }

    #[test]
    fn selective_margins_widen_with_confidence() {
        let a = Selectivity::selective(0, 110, PROBCUT_MIN_EMPTIES, 30, PROBCUT_PRECHECK);
        let b = Selectivity::selective(1, 200, PROBCUT_MIN_EMPTIES, 30, PROBCUT_PRECHECK);
        assert!(!a.is_exact() && !b.is_exact());
        for n in 0..61 {
            let (x, y) = (a.cuts[n], b.cuts[n]);
            if n < PROBCUT_MIN_EMPTIES as usize || n >= 30 {
                assert_eq!((x.depth, y.depth), (0, 0), "{n}");
                continue;
            }
            assert!(x.depth > 0);
            assert!(x.high > 0 && x.low < 0, "{n}: {x:?}");
            assert!(y.high > x.high && y.low < x.low, "{n}");
        }
    }
}
