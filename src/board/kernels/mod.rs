//! The one seam between portable code and code compiled for a CPU's
//! extensions.
//!
//! A hot loop (the alpha-beta solver with its last-N solvers, the
//! evaluation probe, the fastest-first key) is written once, generic over
//! [`Kernels`], and instantiated twice: on [`Portable`], the baseline
//! target, and on [`X86V3`], the whole loop compiled with AVX2, BMI1/2,
//! LZCNT and POPCNT (`x86_v3_features!`). Each loop's entry point runs the
//! instance of the process's one choice, [`cpu::active`](crate::board::cpu::active); both instances give the same values and
//! node counts (each loop's tests compare them). A third, [`X86V4`], adds
//! AVX-512 (its flip kernel counts leading zeros per lane, and the whole
//! loop may use the wider instruction set).
//!
//! One file per instruction set: [`portable`], [`x86_v3`], [`x86_v4`]. A
//! new one is a file here with its kernels and its [`Kernels`] type, an
//! [`Isa`](crate::board::cpu::Isa) level, and the line in
//! `with_active_kernels!` that maps the level to the type: every entry
//! point (move generation, the alpha-beta solver, the probe and the
//! midgame search) goes through that one macro.

pub mod portable;
#[cfg(target_arch = "x86_64")]
pub mod x86_v3;
#[cfg(target_arch = "x86_64")]
pub mod x86_v4;

pub use portable::Portable;
#[cfg(target_arch = "x86_64")]
pub use x86_v3::X86V3;
#[cfg(target_arch = "x86_64")]
pub use x86_v4::X86V4;

/// The move kernels an instance is built on. Implemented by zero-sized
/// types; every function is `#[inline(always)]`, so each instance inlines
/// its own kernels into code compiled with its own target features.
pub trait Kernels {
    /// Legal moves of `p` against `o`.
    fn moves(p: u64, o: u64) -> u64;
    /// The discs a move by `p` on the empty square `x` flips.
    fn flips(p: u64, o: u64, x: usize) -> u64;
    /// Whether the solvers of the last two to four empties compute every
    /// square's flips before their first child. With vector kernels the
    /// computations overlap one another and cost less than the branch of a
    /// neighbour test per square, even when the first child cuts; the scalar
    /// kernel costs more, and there a neighbour test before each square's
    /// flips pays.
    const EAGER_FLIPS: bool;
}

/// Compiles each item (a function or method) with the target features of
/// the [`X86V3`] instance: AVX2, BMI1, BMI2, LZCNT, POPCNT. Such a function
/// is `unsafe` to call unless the CPU has them (`Isa::X86V3.supported()`).
macro_rules! x86_v3_features {
    ($($item:item)*) => {
        $(#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")] $item)*
    };
}
pub(crate) use x86_v3_features;

/// Compiles each item (a function or method) with the target features of
/// the [`X86V4`] instance: those of `x86_v3_features!` and AVX-512 F, VL,
/// CD, BW, DQ. Such a function is `unsafe` to call unless the CPU has
/// them (`Isa::X86V4.supported()`).
macro_rules! x86_v4_features {
    ($($item:item)*) => {
        $(#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512cd,avx512bw,avx512dq")] $item)*
    };
}
pub(crate) use x86_v4_features;

/// Evaluates `$body` with the type name `$k` bound to the [`Kernels`] type
/// of the process's instruction set, [`cpu::active`](crate::board::cpu::active):
/// the one place where a level becomes a type. The body calls safe
/// functions of `$k` (its kernels, or an instance's entry point); they are
/// sound because `active()` is never a level the CPU lacks.
macro_rules! with_active_kernels {
    ($k:ident => $body:expr) => {
        match $crate::board::cpu::active() {
            #[cfg(target_arch = "x86_64")]
            $crate::board::cpu::Isa::X86V4 => {
                type $k = $crate::board::kernels::X86V4;
                $body
            }
            #[cfg(target_arch = "x86_64")]
            $crate::board::cpu::Isa::X86V3 => {
                type $k = $crate::board::kernels::X86V3;
                $body
            }
            _ => {
                type $k = $crate::board::kernels::Portable;
                $body
            }
        }
    };
}
pub(crate) use with_active_kernels;
