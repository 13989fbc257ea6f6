//! The probe: the shallow evaluation-driven search, a plain fail-soft alpha-beta
//! without table, a few plies deep with the evaluation at the leaves
//! ([`Probe::search`], [`probe_value`], [`guess_value`]). Alpha-beta
//! orders moves with it at nodes with many empties (the result joins the
//! fastest-first terms in the move's ordering key, [`Probe::key`]); df-pn⁺
//! takes its h from it ([`crate::search::dfpn::heuristic`]). The evaluation comes
//! through [`Incremental`]: the pattern evaluation updates its indices move
//! by move, any other [`Evaluator`] is called from scratch ([`Scratch`]).
//!
//! The depth of that shallow search grows with the empties
//! ([`sort_depth`]): none (the child's static evaluation) from
//! [`DEFAULT_ORDER_MIN`](crate::search::tuning::DEFAULT_ORDER_MIN) to 17 empties, two plies at 18, one more every two
//! empties up to six at the top of the tree where nodes are few and every
//! well-ordered move saves a large subtree (the constants are in
//! [`crate::search::tuning`]; docs/tuning.md says where they were
//! measured). Values are in quarter
//! discs, from the side to move's view. They only rank moves: the exact
//! search never trusts them for a bound.

use crate::board::final_score;
use crate::board::kernels::Kernels;
#[cfg(test)]
use crate::board::movegen::{flips, moves};
use crate::eval::{Evaluator, Incremental, Scratch};
use crate::search::bounds_cut;
use crate::search::probe_table::ProbeTable;
use crate::search::tuning::{
    MAX_SORT_DEPTH, ORDER_DEPTH_BASE, PROBE_TABLE_MIN_DEPTH, SORT_ALPHA_MARGIN, STATIC_ORDER_MAX,
};
use crate::units::{Depth, Quarters, QUARTER_INF};
use crate::Board;

/// The table's square for "no move".
const NO_MOVE: u8 = 64;

/// The depth of the shallow search of each child at a node with `empties`
/// empties (0: the child's static evaluation): (empties −
/// [`ORDER_DEPTH_BASE`]) / 2 from [`STATIC_ORDER_MAX`] empties, at most
/// [`MAX_SORT_DEPTH`].
#[inline]
pub fn sort_depth(empties: u32) -> Depth {
    if empties < STATIC_ORDER_MAX {
        0
    } else {
        (empties.saturating_sub(ORDER_DEPTH_BASE) / 2).min(MAX_SORT_DEPTH)
    }
}

/// The shallow searches of one node's children: the evaluation, and the
/// search's node counter with the count at which to stop deepening (the
/// node limit: past it the exact search is about to give up, so the
/// searches just evaluate, keeping the overshoot small).
pub struct Probe<'a, E: Incremental + ?Sized> {
    /// The evaluation at the leaves.
    pub eval: &'a E,
    /// The node counter (every position visited counts one).
    pub nodes: &'a mut u64,
    /// From this count on, every position is evaluated statically.
    pub stop_at: u64,
    /// Where nodes of at least [`PROBE_TABLE_MIN_DEPTH`] plies keep and
    /// find their bounds, if anywhere.
    pub table: Option<&'a mut ProbeTable>,
}

/// Stamps the compiled instances of a recursive, evaluation-driven search
/// `$ty` (a struct `$ty<'a, E: Incremental>` whose method `$with::<K>` is
/// one node on the kernels `K`): the trait `$trait` with its recursive entry
/// `search`, implemented for [`Portable`] and, on x86-64, for
/// [`X86V3`] and [`X86V4`], whose entries are compiled with their target
/// features; and the process's entry `$entry`, which runs the instance of
/// [`cpu::active`](crate::board::cpu::active) (through
/// `with_active_kernels!`). The probe and
/// the midgame search are stamped by it.
macro_rules! search_instances {
    ($(#[$doc:meta])* $vis:vis trait $trait:ident for $ty:ident, $with:ident, $entry:ident) => {
        $(#[$doc])*
        $vis trait $trait: $crate::board::kernels::Kernels {
            /// One node of this instance (recursion stays in the instance).
            fn search<E: $crate::eval::Incremental + ?Sized>(
                x: &mut $ty<'_, E>,
                p: u64,
                o: u64,
                s: &E::State,
                alpha: $crate::units::Quarters,
                beta: $crate::units::Quarters,
                depth: $crate::units::Depth,
            ) -> $crate::units::Quarters;
        }

        impl $trait for $crate::board::kernels::Portable {
            fn search<E: $crate::eval::Incremental + ?Sized>(
                x: &mut $ty<'_, E>,
                p: u64,
                o: u64,
                s: &E::State,
                alpha: $crate::units::Quarters,
                beta: $crate::units::Quarters,
                depth: $crate::units::Depth,
            ) -> $crate::units::Quarters {
                x.$with::<$crate::board::kernels::Portable>(p, o, s, alpha, beta, depth)
            }
        }

        $crate::search::probe::search_instances!(@x86 $trait, $ty, $with, X86V3, x86_v3_features);
        $crate::search::probe::search_instances!(@x86 $trait, $ty, $with, X86V4, x86_v4_features);

        /// The node on the instance the process runs ([`cpu::active`](crate::board::cpu::active)).
        #[inline]
        $vis fn $entry<E: $crate::eval::Incremental + ?Sized>(
            x: &mut $ty<'_, E>,
            p: u64,
            o: u64,
            s: &E::State,
            alpha: $crate::units::Quarters,
            beta: $crate::units::Quarters,
            depth: $crate::units::Depth,
        ) -> $crate::units::Quarters {
            $crate::board::kernels::with_active_kernels!(K => <K as $trait>::search(x, p, o, s, alpha, beta, depth))
        }
    };
    (@x86 $trait:ident, $ty:ident, $with:ident, $k:ident, $features:ident) => {
        #[cfg(target_arch = "x86_64")]
        impl $trait for $crate::board::kernels::$k {
            fn search<E: $crate::eval::Incremental + ?Sized>(
                x: &mut $ty<'_, E>,
                p: u64,
                o: u64,
                s: &E::State,
                alpha: $crate::units::Quarters,
                beta: $crate::units::Quarters,
                depth: $crate::units::Depth,
            ) -> $crate::units::Quarters {
                $crate::board::kernels::$features! {
                    /// The node compiled with the instance's target features.
                    fn compiled<E: $crate::eval::Incremental + ?Sized>(
                        x: &mut $ty<'_, E>,
                        p: u64,
                        o: u64,
                        s: &E::State,
                        alpha: $crate::units::Quarters,
                        beta: $crate::units::Quarters,
                        depth: $crate::units::Depth,
                    ) -> $crate::units::Quarters {
                        x.$with::<$crate::board::kernels::$k>(p, o, s, alpha, beta, depth)
                    }
                }
                // SAFETY: this instance is only used when `cpu::active()`
                // chose its level (the entry above), which the CPU then has.
                unsafe { compiled(x, p, o, s, alpha, beta, depth) }
            }
        }
    };
}
pub(crate) use search_instances;

search_instances!(
    /// One compiled instance of [`Probe::search`] on the move kernels of
    /// [`crate::board::kernels`], with its recursive entry point.
    pub(crate) trait ProbeInstance for Probe, search_with, search_active
);

impl<E: Incremental + ?Sized> Probe<'_, E> {
    /// A fail-soft alpha-beta search of `(p, o)` (p to move, evaluation
    /// state `s`), `depth` plies deep with the evaluation at the leaves and
    /// final scores at the end of the game, in quarter discs; window
    /// `(alpha, beta)`. A pass does not use up a ply.
    ///
    /// When the process runs x86-64-v3 or x86-64-v4 ([`cpu::active`](crate::board::cpu::active))
    /// the whole search, the evaluation's index updates included, runs as
    /// code compiled for it (the same values and node
    /// counts as the portable code; tested).
    pub fn search(
        &mut self,
        p: u64,
        o: u64,
        s: &E::State,
        alpha: Quarters,
        beta: Quarters,
        depth: Depth,
    ) -> Quarters {
        search_active(self, p, o, s, alpha, beta, depth)
    }

    /// [`Probe::search`] on the move kernels of `K`, recursing through `K`.
    #[inline(always)]
    fn search_with<K: ProbeInstance>(
        &mut self,
        p: u64,
        o: u64,
        s: &E::State,
        mut alpha: Quarters,
        beta: Quarters,
        depth: Depth,
    ) -> Quarters {
        *self.nodes += 1;
        if depth == 0 || *self.nodes >= self.stop_at {
            return self.eval.value::<K>(s, p, o);
        }
        let mut hint = NO_MOVE;
        if depth >= PROBE_TABLE_MIN_DEPTH {
            if let Some(b) = self.table.as_ref().and_then(|t| t.probe(p, o, depth)) {
                if let Some(v) = bounds_cut(b.lower, b.upper, alpha, beta) {
                    return v;
                }
                hint = b.best;
            }
        }
        let mv = K::moves(p, o);
        if mv == 0 {
            if K::moves(o, p) == 0 {
                return final_score(p, o) * 4;
            }
            return -K::search(self, o, p, &self.eval.pass(s), -beta, -alpha, depth);
        }
        if depth == 1 {
            return self.leaves::<K>(p, o, s, beta, mv);
        }
        let alpha0 = alpha;
        // The children, the replies' fewest-moves first.
        let mut list = [(0i32, 0u64, 0u8); 32];
        let mut n = 0;
        let mut m = mv;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = K::flips(p, o, sq);
            let (np, no) = (o ^ f, p ^ f ^ (1 << sq));
            // The table's best move first.
            let key = if sq as u8 == hint {
                i32::MAX
            } else {
                -(K::moves(np, no).count_ones() as i32)
            };
            list[n] = (key, f, sq as u8);
            n += 1;
        }
        list[..n].sort_unstable_by_key(|&(k, _, _)| std::cmp::Reverse(k));
        let mut best = -QUARTER_INF;
        let mut best_sq = NO_MOVE;
        for &(_, f, sq) in &list[..n] {
            let (np, no) = (o ^ f, p ^ f ^ (1 << sq));
            let ns = self.eval.play(s, sq as usize, f);
            let v = -K::search(self, np, no, &ns, -beta, -alpha, depth - 1);
            if v > best {
                best = v;
                best_sq = sq;
                if v >= beta {
                    break;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        // A search that stopped deepening at the node limit found static
        // values: not worth keeping.
        if depth >= PROBE_TABLE_MIN_DEPTH && *self.nodes < self.stop_at {
            if let Some(t) = self.table.as_mut() {
                t.store(p, o, depth, best, alpha0, beta, best_sq);
            }
        }
        best
    }

    /// The moves `mv` of a node one ply above the leaves: each child's
    /// value straight from the move, without a state of its own or a call
    /// (the same values and node counts as the recursion); fail-soft, a
    /// cut at `beta`.
    #[inline(always)]
    pub(crate) fn leaves<K: ProbeInstance>(
        &mut self,
        p: u64,
        o: u64,
        s: &E::State,
        beta: Quarters,
        mv: u64,
    ) -> Quarters {
        let mut best = -QUARTER_INF;
        let mut m = mv;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = K::flips(p, o, sq);
            *self.nodes += 1;
            let v = -self
                .eval
                .value_after::<K>(s, sq, f, o ^ f, p ^ f ^ (1 << sq));
            if v > best {
                best = v;
                if v >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The evaluation part of the ordering key of the move `sq` flipping
    /// `flips` at a node with evaluation state `s`, whose child `(np, no)`
    /// (np to move) is searched `depth` plies deep, at a node whose
    /// window's lower bound is `alpha` (discs): the mover's value, shifted
    /// to be non-negative and coarsened so that a few discs weigh like one
    /// opponent reply (finer when the search is deeper).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn key<K: Kernels>(
        &mut self,
        s: &E::State,
        sq: usize,
        flips: u64,
        np: u64,
        no: u64,
        depth: Depth,
        alpha: Quarters,
    ) -> Quarters {
        let sort_alpha = (alpha - SORT_ALPHA_MARGIN).max(-64) * 4;
        // The child's view: anything at or above -sort_alpha is bad enough.
        let v = if depth == 0 {
            // A static key: the child's value straight from the move (the
            // same value and node count as a search 0 plies deep).
            *self.nodes += 1;
            -self.eval.value_after::<K>(s, sq, flips, np, no)
        } else {
            let ns = self.eval.play(s, sq, flips);
            -self.search(np, no, &ns, -QUARTER_INF, -sort_alpha, depth)
        };
        let shift = match depth {
            0 => 4,
            1 | 2 => 3,
            _ => 2,
        };
        (v + 256).max(0) >> shift
    }
}

/// A guess of the exact score of `board` in quarter discs, unrounded: a
/// shallow alpha-beta search with `eval` at its leaves ([`Probe`], as deep
/// as move ordering searches at this many empties; [`quarters_to_score`](crate::units::quarters_to_score)
/// rounds it to an even disc difference, and its sign tells which side of a
/// draw the guess leans to even when that rounds to 0). The positions it
/// visits are added to `nodes`; from `stop_at` on it only evaluates.
pub fn guess_value(eval: &dyn Evaluator, board: &Board, nodes: &mut u64, stop_at: u64) -> Quarters {
    let depth = sort_depth(board.empties());
    probe_value(
        eval,
        board,
        depth,
        -QUARTER_INF,
        QUARTER_INF,
        nodes,
        stop_at,
    )
}

/// The value of `board` (side to move's view, quarter discs) by a
/// fail-soft alpha-beta search `depth` plies deep with `eval` at the leaves
/// and final scores at the end of the game ([`Probe::search`]; the
/// pattern evaluation is updated move by move), fail-soft in the window
/// `(alpha, beta)` (quarter discs; `(-QUARTER_INF, QUARTER_INF)` for the exact value). The
/// positions it visits are added to `nodes`; from `stop_at` on it only
/// evaluates.
pub fn probe_value(
    eval: &dyn Evaluator,
    board: &Board,
    depth: Depth,
    alpha: Quarters,
    beta: Quarters,
    nodes: &mut u64,
    stop_at: u64,
) -> Quarters {
    let window = (alpha, beta);
    fn search<E: Incremental + ?Sized>(
        eval: &E,
        board: &Board,
        depth: Depth,
        (alpha, beta): (Quarters, Quarters),
        nodes: &mut u64,
        stop_at: u64,
    ) -> Quarters {
        let (p, o) = (board.player, board.opponent);
        let mut probe = Probe {
            eval,
            nodes,
            stop_at,
            table: None,
        };
        probe.search(p, o, &eval.root(p, o), alpha, beta, depth)
    }
    match eval.as_pattern() {
        Some(pe) => search(pe, board, depth, window, nodes, stop_at),
        None => search(&Scratch(eval), board, depth, window, nodes, stop_at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "x86_64")]
    use crate::board::cpu::Isa;
    use crate::board::kernels::Portable;
    #[cfg(target_arch = "x86_64")]
    use crate::board::kernels::X86V3;
    use crate::eval::PatternEvaluator;
    use crate::rng::{random_position, SplitMix64};

    /// Disc difference for the side to move.
    struct Discs;

    impl Evaluator for Discs {
        fn evaluate(&self, b: &Board) -> f32 {
            b.player.count_ones() as f32 - b.opponent.count_ones() as f32
        }
    }

    /// Plain negamax with the same conventions, no pruning.
    fn negamax(p: u64, o: u64, depth: Depth) -> i32 {
        if depth == 0 {
            return Scratch(&Discs).value::<Portable>(&(), p, o);
        }
        let mv = moves(p, o);
        if mv == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o) * 4;
            }
            return -negamax(o, p, depth);
        }
        let mut best = -QUARTER_INF;
        let mut m = mv;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = flips(p, o, sq);
            best = best.max(-negamax(o ^ f, p ^ f ^ (1 << sq), depth - 1));
        }
        best
    }

    #[test]
    fn probe_matches_negamax_inside_the_window() {
        let mut rng = SplitMix64::new(0x5EED);
        let mut checked = 0;
        while checked < 60 {
            let empties = 8 + rng.below(20) as u32;
            let Some(b) = random_position(&mut rng, empties) else {
                continue;
            };
            let depth = (checked % 4) as u32;
            let want = negamax(b.player, b.opponent, depth);
            let mut nodes = 0;
            let mut probe = Probe {
                eval: &Scratch(&Discs),
                nodes: &mut nodes,
                stop_at: u64::MAX,
                table: None,
            };
            let (p, o) = (b.player, b.opponent);
            let full = probe.search(p, o, &(), -QUARTER_INF, QUARTER_INF, depth);
            assert_eq!(full, want, "{b:?} depth {depth}");
            // A window: fail-soft bounds on the right side.
            assert_eq!(probe.search(p, o, &(), want - 9, want + 3, depth), want);
            let v = probe.search(p, o, &(), want, want + 1, depth);
            assert!(v <= want, "{v} {want}");
            let v = probe.search(p, o, &(), want - 1, want, depth);
            assert!(v >= want, "{v} {want}");
            assert!(nodes > 0);
            checked += 1;
        }
    }

    /// With a probe table shared by many searches of the same positions in
    /// different windows (as the exact search's repeated visits make them),
    /// every value is still a fail-soft bound on the right side of the
    /// depth-limited value, and the value itself inside the window.
    #[test]
    fn a_probe_table_keeps_fail_soft_bounds_right() {
        let mut rng = SplitMix64::new(0x7AB1E);
        let mut table = ProbeTable::with_bits(6);
        let mut hits = 0;
        let mut checked = 0;
        while checked < 40 {
            let empties = 10 + rng.below(16) as u32;
            let Some(b) = random_position(&mut rng, empties) else {
                continue;
            };
            let (p, o) = (b.player, b.opponent);
            let depth = PROBE_TABLE_MIN_DEPTH + (checked % 2) as u32;
            let want = negamax(p, o, depth);
            for _ in 0..12 {
                let alpha = want - 12 + rng.below(25) as i32;
                let beta = alpha + 1 + rng.below(6) as i32;
                let mut nodes = 0;
                let mut probe = Probe {
                    eval: &Scratch(&Discs),
                    nodes: &mut nodes,
                    stop_at: u64::MAX,
                    table: Some(&mut table),
                };
                let v = probe.search(p, o, &(), alpha, beta, depth);
                if nodes == 1 {
                    hits += 1;
                }
                if v <= alpha {
                    assert!(
                        want <= v,
                        "{b:?} ({alpha},{beta}) depth {depth}: {v} vs {want}"
                    );
                } else if v >= beta {
                    assert!(
                        want >= v,
                        "{b:?} ({alpha},{beta}) depth {depth}: {v} vs {want}"
                    );
                } else {
                    assert_eq!(v, want, "{b:?} ({alpha},{beta}) depth {depth}");
                }
            }
            checked += 1;
        }
        assert!(hits > 40, "the table answered only {hits} searches at once");
    }

    /// The pattern evaluation with incremental indices searches exactly
    /// like the same evaluation called from scratch, and both instances of
    /// the probe search (portable, and x86-64 with AVX2 where the CPU has
    /// it) alike: same values, same nodes.
    #[test]
    fn incremental_and_scratch_probes_agree_on_every_instance() {
        let eval = PatternEvaluator::embedded().expect("embedded weights decode");
        let mut rng = SplitMix64::new(0xA5A5);
        let mut checked = 0;
        while checked < 60 {
            let empties = 6 + rng.below(40) as u32;
            let Some(b) = random_position(&mut rng, empties) else {
                continue;
            };
            let (p, o) = (b.player, b.opponent);
            let depth = (checked % 6) as u32;
            let alpha = rng.below(300) as i32 - 150;
            let window = (alpha, alpha + 1 + rng.below(60) as i32);
            let (mut n1, mut n2) = (0, 0);
            let mut portable = Probe {
                eval,
                nodes: &mut n1,
                stop_at: u64::MAX,
                table: None,
            };
            let v1 =
                portable.search_with::<Portable>(p, o, &eval.root(p, o), window.0, window.1, depth);
            let v2 = Probe {
                eval,
                nodes: &mut n2,
                stop_at: u64::MAX,
                table: None,
            }
            .search(p, o, &eval.root(p, o), window.0, window.1, depth);
            assert_eq!((v1, n1), (v2, n2), "{b:?} depth {depth}");
            #[cfg(target_arch = "x86_64")]
            if Isa::X86V3.supported() {
                // `search` ran the best instance; the x86-64-v3 one too.
                let mut n = 0;
                let mut probe = Probe {
                    eval,
                    nodes: &mut n,
                    stop_at: u64::MAX,
                    table: None,
                };
                let v = <X86V3 as ProbeInstance>::search(
                    &mut probe,
                    p,
                    o,
                    &eval.root(p, o),
                    window.0,
                    window.1,
                    depth,
                );
                assert_eq!((v, n), (v1, n1), "x86-64-v3 {b:?} depth {depth}");
            }
            let (mut n3, mut n4) = (0, 0);
            let v3 = Probe {
                eval: &Scratch(eval),
                nodes: &mut n3,
                stop_at: u64::MAX,
                table: None,
            }
            .search_with::<Portable>(p, o, &(), window.0, window.1, depth);
            let v4 = Probe {
                eval: &Scratch(eval),
                nodes: &mut n4,
                stop_at: u64::MAX,
                table: None,
            }
            .search(p, o, &(), window.0, window.1, depth);
            assert_eq!((v3, n3), (v1, n1), "{b:?} depth {depth}");
            assert_eq!((v4, n4), (v1, n1), "{b:?} depth {depth}");
            checked += 1;
        }
    }

    /// A static key (0 plies) read straight from the move equals the key
    /// of the child's state searched 0 plies deep, and counts one node.
    #[test]
    fn static_key_equals_a_search_of_the_child() {
        let eval = PatternEvaluator::embedded().expect("embedded weights decode");
        let mut rng = SplitMix64::new(0x57A7);
        let mut checked = 0;
        while checked < 200 {
            let empties = 8 + rng.below(40) as u32;
            let Some(b) = random_position(&mut rng, empties) else {
                continue;
            };
            let (p, o) = (b.player, b.opponent);
            let s = eval.root(p, o);
            let mut m = moves(p, o);
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let f = flips(p, o, sq);
                let (np, no) = (o ^ f, p ^ f ^ (1 << sq));
                let alpha = rng.below(129) as i32 - 64;
                let mut nodes = 0;
                let mut probe = Probe {
                    eval,
                    nodes: &mut nodes,
                    stop_at: u64::MAX,
                    table: None,
                };
                let key = probe.key::<Portable>(&s, sq, f, np, no, 0, alpha);
                let v = -eval.value::<Portable>(&eval.play(&s, sq, f), np, no);
                assert_eq!(key, (v + 256).max(0) >> 4, "{b:?} {sq}");
                assert_eq!(nodes, 1);
            }
            checked += 1;
        }
    }

    #[test]
    fn sort_depth_grows_with_empties() {
        assert_eq!(sort_depth(11), 0);
        assert_eq!(sort_depth(17), 0);
        assert_eq!(sort_depth(18), 2);
        assert_eq!(sort_depth(21), 3);
        assert_eq!(sort_depth(25), 5);
        assert_eq!(sort_depth(26), MAX_SORT_DEPTH);
        assert_eq!(sort_depth(40), MAX_SORT_DEPTH);
        let mut last = 0;
        for e in 0..=60 {
            assert!(sort_depth(e) >= last);
            last = sort_depth(e);
        }
    }
}
