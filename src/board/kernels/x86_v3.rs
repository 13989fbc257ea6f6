//! The x86-64-v3 kernels: AVX2, BMI1, BMI2, LZCNT and POPCNT (Intel
//! Haswell, AMD Excavator and later). Each function is compiled with those
//! features: call it only when `Isa::X86V3.supported()` says yes.

use super::portable::{NOT_EDGE_FILES, RAYS};
use super::Kernels;
use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi64,
    _mm256_cmpgt_epi64, _mm256_extracti128_si256, _mm256_load_si256, _mm256_or_si256,
    _mm256_set1_epi64x, _mm256_set_epi64x, _mm256_setzero_si256, _mm256_sllv_epi64,
    _mm256_srlv_epi64, _mm256_sub_epi64, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64,
};

/// The OR of the four 64-bit lanes of `v`.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn or_lanes(v: __m256i) -> u64 {
    let h = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_or_si128(h, _mm_unpackhi_epi64(h, h))) as u64
}

/// [`portable::moves`](super::portable::moves) with the four directions in the four lanes of an
/// AVX2 register (the same fill, each lane shifting by its own step).
///
/// # Safety
///
/// The CPU must have AVX2 (`Isa::X86V3.supported()`).
#[target_feature(enable = "avx2")]
#[inline]
pub fn moves(p: u64, o: u64) -> u64 {
    let inner = (o & NOT_EDGE_FILES) as i64;
    // Lanes 0..3: steps 1, 8, 7, 9 (the vertical one needs no file mask).
    let d = _mm256_set_epi64x(9, 7, 8, 1);
    let d2 = _mm256_set_epi64x(18, 14, 16, 2);
    let mask = _mm256_set_epi64x(inner, inner, o as i64, inner);
    let pp = _mm256_set1_epi64x(p as i64);
    let mut fl = _mm256_and_si256(mask, _mm256_sllv_epi64(pp, d));
    let mut fr = _mm256_and_si256(mask, _mm256_srlv_epi64(pp, d));
    fl = _mm256_or_si256(fl, _mm256_and_si256(mask, _mm256_sllv_epi64(fl, d)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(mask, _mm256_srlv_epi64(fr, d)));
    let pl = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, d));
    let pr = _mm256_srlv_epi64(pl, d);
    fl = _mm256_or_si256(fl, _mm256_and_si256(pl, _mm256_sllv_epi64(fl, d2)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(pr, _mm256_srlv_epi64(fr, d2)));
    fl = _mm256_or_si256(fl, _mm256_and_si256(pl, _mm256_sllv_epi64(fl, d2)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(pr, _mm256_srlv_epi64(fr, d2)));
    let m = _mm256_or_si256(_mm256_sllv_epi64(fl, d), _mm256_srlv_epi64(fr, d));
    or_lanes(m) & !(p | o)
}

/// The four rays of `sq` toward higher indices and the four toward
/// lower ones ([`RAYS`]), `p` and `o` in every lane, and the discs the
/// move flips along the rays toward higher indices: there the first
/// non-opponent square is the lowest, and when it is the mover's, the
/// ray's squares below it flip.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn rays_and_flips_up(p: u64, o: u64, sq: usize) -> [__m256i; 4] {
    let r = &RAYS[sq & 63].0;
    // SAFETY: each row is 64-byte aligned (its type), so both halves are
    // 32-byte aligned and inside the row.
    let (up, down) = unsafe {
        (
            _mm256_load_si256(r.as_ptr().cast()),
            _mm256_load_si256(r.as_ptr().add(4).cast()),
        )
    };
    let pp = _mm256_set1_epi64x(p as i64);
    let oo = _mm256_set1_epi64x(o as i64);
    let zero = _mm256_setzero_si256();
    let x = _mm256_andnot_si256(oo, up);
    let lowest = _mm256_and_si256(x, _mm256_sub_epi64(zero, x));
    let outflank = _mm256_and_si256(lowest, pp);
    let none = _mm256_cmpeq_epi64(outflank, zero);
    let below = _mm256_sub_epi64(outflank, _mm256_set1_epi64x(1));
    let f_up = _mm256_andnot_si256(none, _mm256_and_si256(below, up));
    [down, pp, oo, f_up]
}

/// [`portable::flips`](super::portable::flips) with the four rays toward higher indices in one AVX2
/// register and the four toward lower indices in another. Up: the
/// lowest non-opponent square, as in the portable code. Down: the
/// non-opponent squares smeared down their ray (three doubling shifts)
/// give the squares above the highest one, which flip when that square
/// is the mover's (one comparison, off the shifts' critical path).
///
/// # Safety
///
/// The CPU must have AVX2 (`Isa::X86V3.supported()`).
#[target_feature(enable = "avx2")]
#[inline]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let [down, pp, oo, f_up] = rays_and_flips_up(p, o, sq);
    // Down (steps 1, 8, 9, 7 for rays 4..7): s = x and every square
    // 1..7 steps below a square of x; its highest square is x's highest.
    let d = _mm256_set_epi64x(7, 9, 8, 1);
    let x = _mm256_andnot_si256(oo, down);
    let mut s = _mm256_or_si256(x, _mm256_srlv_epi64(x, d));
    s = _mm256_or_si256(s, _mm256_srlv_epi64(s, _mm256_set_epi64x(14, 18, 16, 2)));
    s = _mm256_or_si256(s, _mm256_srlv_epi64(s, _mm256_set_epi64x(28, 36, 32, 4)));
    // The highest non-opponent square is the mover's when the mover's
    // highest disc on the ray lies above its highest empty square: as
    // numbers, mover's squares > empty squares (the two sets are
    // disjoint; no ray toward lower indices holds bit 63, so the signed
    // comparison is the unsigned one).
    let mover = _mm256_and_si256(pp, x);
    let empty = _mm256_andnot_si256(pp, x);
    let outflanked = _mm256_cmpgt_epi64(mover, empty);
    let f_down = _mm256_and_si256(outflanked, _mm256_andnot_si256(s, down));
    or_lanes(_mm256_or_si256(f_up, f_down))
}

/// The x86-64-v3 kernel set: [`moves`] and [`flips`]. Only ever used when
/// the CPU has every feature of `x86_v3_features!` (each entry point
/// checks it before calling an instance's function).
pub struct X86V3;

impl Kernels for X86V3 {
    const EAGER_FLIPS: bool = true;
    #[inline(always)]
    fn moves(p: u64, o: u64) -> u64 {
        // SAFETY: X86V3 is only used after the CPU check (see the type).
        unsafe { moves(p, o) }
    }
    #[inline(always)]
    fn flips(p: u64, o: u64, x: usize) -> u64 {
        // SAFETY: as above.
        unsafe { flips(p, o, x) }
    }
}
