//! The x86-64-v4 kernels: x86-64-v3 and AVX-512 F, VL, CD, BW and DQ.
//! Each function is compiled with the features it needs: call it only when
//! `Isa::X86V4.supported()` says yes.

use super::x86_v3::{self, or_lanes, rays_and_flips_up};
use super::Kernels;
use std::arch::x86_64::{
    _mm256_and_si256, _mm256_andnot_si256, _mm256_lzcnt_epi64, _mm256_or_si256, _mm256_set1_epi64x,
    _mm256_setzero_si256, _mm256_slli_epi64, _mm256_srlv_epi64, _mm256_sub_epi64,
};

/// [`x86_v3::flips`] with AVX-512's per-lane leading-zero count: toward lower
/// indices, the highest non-opponent square of each ray is found in
/// one instruction (where [`x86_v3::flips`] smears the ray with three shifts),
/// and the ray's squares above it flip when it is the mover's. Toward
/// higher indices as in [`x86_v3::flips`].
///
/// # Safety
///
/// The CPU must have AVX2, AVX-512 F, VL and CD
/// (`Isa::X86V4.supported()`).
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
#[inline]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let [down, pp, oo, f_up] = rays_and_flips_up(p, o, sq);
    let zero = _mm256_setzero_si256();
    // Down: the highest non-opponent square (a shift by 64, for an
    // empty lane, gives 0); if it is the mover's, every square of the
    // ray above it flips.
    let x = _mm256_andnot_si256(oo, down);
    let highest = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(x));
    let outflank = _mm256_and_si256(highest, pp);
    let above = _mm256_slli_epi64::<1>(_mm256_sub_epi64(zero, outflank));
    let f_down = _mm256_and_si256(above, down);
    or_lanes(_mm256_or_si256(f_up, f_down))
}

/// The x86-64-v4 kernel set: [`x86_v3::moves`] and [`flips`], in code
/// compiled with AVX-512 as well. Only ever used when the CPU has every
/// feature of `x86_v4_features!`.
pub struct X86V4;

impl Kernels for X86V4 {
    const EAGER_FLIPS: bool = true;
    #[inline(always)]
    fn moves(p: u64, o: u64) -> u64 {
        // SAFETY: X86V4 is only used when the CPU runs x86-64-v4, which
        // includes x86-64-v3 (see the type).
        unsafe { x86_v3::moves(p, o) }
    }
    #[inline(always)]
    fn flips(p: u64, o: u64, x: usize) -> u64 {
        // SAFETY: as above.
        unsafe { flips(p, o, x) }
    }
}
