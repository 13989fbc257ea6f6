//! The compiled instances of the alpha-beta solver: one per kernel set of
//! [`crate::board::kernels`], each with its entry points compiled with its
//! own target features, and the one place that picks the instance the CPU
//! runs ([`Context::search_any`]).

use super::context::Context;
use crate::board::kernels::{with_active_kernels, Kernels, Portable};
#[cfg(target_arch = "x86_64")]
use crate::board::kernels::{x86_v3_features, x86_v4_features, X86V3, X86V4};
use crate::eval::Features;
use crate::units::Score;

/// One compiled instance of the alpha-beta solver (the table-driven search
/// of [`super::pvs`] and the last-N solvers of [`super::endgame`]) on the move kernels
/// of [`crate::board::kernels`], with the entry points through which it
/// recurses into itself (each a function of its own, compiled with the
/// instance's target features).
pub(super) trait Instance: Kernels {
    /// [`Context::last_n_with`] of this instance.
    fn last_n(
        s: &mut Context,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
        parity: u8,
        moves: u64,
    ) -> Score;
    /// [`Context::solve_4_with`] of this instance.
    fn solve_4(s: &mut Context, p: u64, o: u64, alpha: Score, beta: Score, xs: [usize; 4])
        -> Score;
    /// [`Context::solve_3_with`] of this instance.
    fn solve_3(s: &mut Context, p: u64, o: u64, alpha: Score, beta: Score, xs: [usize; 3])
        -> Score;
    /// [`Context::solve_small_with`] of this instance.
    fn solve_small(s: &mut Context, p: u64, o: u64, alpha: Score, beta: Score) -> Score;
    /// [`Context::deep_with`] of this instance.
    fn deep(
        s: &mut Context,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
        empties: u32,
        st: Option<&Features>,
    ) -> Score;
    /// [`Context::search_any_with`] of this instance.
    fn search_any(s: &mut Context, p: u64, o: u64, alpha: Score, beta: Score) -> Score;
}

impl Instance for Portable {
    fn last_n(
        s: &mut Context,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
        parity: u8,
        moves: u64,
    ) -> Score {
        s.last_n_with::<Portable>(p, o, alpha, beta, parity, moves)
    }
    fn solve_4(
        s: &mut Context,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
        xs: [usize; 4],
    ) -> Score {
        s.solve_4_with::<Portable>(p, o, alpha, beta, xs)
    }
    fn solve_3(
        s: &mut Context,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
        xs: [usize; 3],
    ) -> Score {
        s.solve_3_with::<Portable>(p, o, alpha, beta, xs)
    }
    fn solve_small(s: &mut Context, p: u64, o: u64, alpha: Score, beta: Score) -> Score {
        s.solve_small_with::<Portable>(p, o, alpha, beta)
    }
    fn deep(
        s: &mut Context,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
        empties: u32,
        st: Option<&Features>,
    ) -> Score {
        s.deep_with::<Portable>(p, o, alpha, beta, empties, st)
    }
    fn search_any(s: &mut Context, p: u64, o: u64, alpha: Score, beta: Score) -> Score {
        s.search_any_with::<Portable>(p, o, alpha, beta)
    }
}

/// The [`Instance`] of an x86 kernel type `$k`: its entry points, each a
/// method of [`Context`] compiled with the target features of `$features`
/// and named with the suffix of the instance (`last_n_v3`, `last_n_v4`, …).
#[cfg(target_arch = "x86_64")]
macro_rules! x86_instance {
    ($k:ident, $features:ident, $check:literal,
     $last_n:ident, $solve_4:ident, $solve_3:ident, $solve_small:ident, $deep:ident,
     $search_any:ident) => {
        impl Instance for $k {
            fn last_n(s: &mut Context, p: u64, o: u64, alpha: Score, beta: Score, parity: u8, moves: u64) -> Score {
                // SAFETY: the type is only used after its detection said
                // yes (see the type).
                unsafe { s.$last_n(p, o, alpha, beta, parity, moves) }
            }
            fn solve_4(s: &mut Context, p: u64, o: u64, alpha: Score, beta: Score, xs: [usize; 4]) -> Score {
                // SAFETY: as above.
                unsafe { s.$solve_4(p, o, alpha, beta, xs) }
            }
            fn solve_3(s: &mut Context, p: u64, o: u64, alpha: Score, beta: Score, xs: [usize; 3]) -> Score {
                // SAFETY: as above.
                unsafe { s.$solve_3(p, o, alpha, beta, xs) }
            }
            fn solve_small(s: &mut Context, p: u64, o: u64, alpha: Score, beta: Score) -> Score {
                // SAFETY: as above.
                unsafe { s.$solve_small(p, o, alpha, beta) }
            }
            fn deep(
                s: &mut Context,
                p: u64,
                o: u64,
                alpha: Score,
                beta: Score,
                empties: u32,
                st: Option<&Features>,
            ) -> Score {
                // SAFETY: as above.
                unsafe { s.$deep(p, o, alpha, beta, empties, st) }
            }
            fn search_any(s: &mut Context, p: u64, o: u64, alpha: Score, beta: Score) -> Score {
                // SAFETY: as above.
                unsafe { s.$search_any(p, o, alpha, beta) }
            }
        }

        impl Context {
            $features! {
                #[doc = concat!("[`Context::last_n_with`] compiled for [`", stringify!($k), "`] (call only when ", $check, " said yes).")]
                pub(super) fn $last_n(&mut self, p: u64, o: u64, alpha: Score, beta: Score, parity: u8, moves: u64) -> Score {
                    self.last_n_with::<$k>(p, o, alpha, beta, parity, moves)
                }
                #[doc = concat!("[`Context::solve_4_with`] compiled for [`", stringify!($k), "`].")]
                pub(super) fn $solve_4(&mut self, p: u64, o: u64, alpha: Score, beta: Score, xs: [usize; 4]) -> Score {
                    self.solve_4_with::<$k>(p, o, alpha, beta, xs)
                }
                #[doc = concat!("[`Context::solve_3_with`] compiled for [`", stringify!($k), "`].")]
                pub(super) fn $solve_3(&mut self, p: u64, o: u64, alpha: Score, beta: Score, xs: [usize; 3]) -> Score {
                    self.solve_3_with::<$k>(p, o, alpha, beta, xs)
                }
                #[doc = concat!("[`Context::solve_small_with`] compiled for [`", stringify!($k), "`].")]
                pub(super) fn $solve_small(&mut self, p: u64, o: u64, alpha: Score, beta: Score) -> Score {
                    self.solve_small_with::<$k>(p, o, alpha, beta)
                }
                #[doc = concat!("[`Context::deep_with`] compiled for [`", stringify!($k), "`].")]
                pub(super) fn $deep(
                    &mut self,
                    p: u64,
                    o: u64,
                    alpha: Score,
                    beta: Score,
                    empties: u32,
                    st: Option<&Features>,
                ) -> Score {
                    self.deep_with::<$k>(p, o, alpha, beta, empties, st)
                }
                #[doc = concat!("[`Context::search_any_with`] compiled for [`", stringify!($k), "`] (call only when ", $check, " said yes).")]
                pub(super) fn $search_any(&mut self, p: u64, o: u64, alpha: Score, beta: Score) -> Score {
                    self.search_any_with::<$k>(p, o, alpha, beta)
                }
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
x86_instance!(
    X86V3,
    x86_v3_features,
    "`Isa::X86V3.supported()`",
    last_n_v3,
    solve_4_v3,
    solve_3_v3,
    solve_small_v3,
    deep_v3,
    search_any_v3
);
#[cfg(target_arch = "x86_64")]
x86_instance!(
    X86V4,
    x86_v4_features,
    "`Isa::X86V4.supported()`",
    last_n_v4,
    solve_4_v4,
    solve_3_v4,
    solve_small_v4,
    deep_v4,
    search_any_v4
);

impl Context {
    /// Any position: the fastest instance of the solver this CPU runs
    /// ([`Instance`]; the same values and node counts on every instance).
    #[inline]
    pub(super) fn search_any(&mut self, p: u64, o: u64, alpha: Score, beta: Score) -> Score {
        with_active_kernels!(K => K::search_any(self, p, o, alpha, beta))
    }
}
