//! Legal moves and flips, for code that is not generic over a kernel set:
//! [`moves`] and [`flips`] run the kernels of the process's instruction set
//! ([`cpu::active`](crate::board::cpu::active)), from
//! [`super::kernels`], where the algorithms are described. [`both_moves`]
//! fills both sides' moves at once for the evaluation; [`naive`] holds the
//! square-by-square references the tests check every kernel against.

use super::kernels::{portable, with_active_kernels, Kernels};

/// The legal moves of the side owning `p` against `o`, as a bitboard, on
/// the kernels of the process's instruction set
/// ([`cpu::active`](crate::board::cpu::active)); [`moves_portable`] on
/// every CPU.
#[inline]
pub fn moves(p: u64, o: u64) -> u64 {
    with_active_kernels!(K => K::moves(p, o))
}

/// [`moves`] on every CPU, without the x86 kernels.
#[inline]
pub fn moves_portable(p: u64, o: u64) -> u64 {
    portable::moves(p, o)
}

/// The legal moves of both sides, `(moves(p, o), moves(o, p))`: the same fill
/// as [`moves`] on the two boards at once, one per 64-bit lane of an
/// SSE2 register (SSE2 is part of x86-64), so the evaluation pays for about
/// one move generation instead of two.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn both_moves(p: u64, o: u64) -> (u64, u64) {
    // SAFETY: SSE2 is part of the x86-64 baseline: every CPU this code
    // compiles for (target_arch = "x86_64") has it, which is all that
    // `both_moves_sse2`'s #[target_feature] requires.
    unsafe { both_moves_sse2(p, o) }
}

/// [`both_moves`] with SSE2 (see there).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn both_moves_sse2(p: u64, o: u64) -> (u64, u64) {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi128_si64, _mm_or_si128, _mm_set1_epi64x, _mm_set_epi64x,
        _mm_slli_epi64, _mm_srli_epi64, _mm_unpackhi_epi64,
    };
    /// One direction pair of the fill (as in `moves_dir`), D2 = 2·D.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn dir<const D: i32, const D2: i32>(p: __m128i, mask: __m128i) -> __m128i {
        let mut fl = _mm_and_si128(mask, _mm_slli_epi64::<D>(p));
        let mut fr = _mm_and_si128(mask, _mm_srli_epi64::<D>(p));
        fl = _mm_or_si128(fl, _mm_and_si128(mask, _mm_slli_epi64::<D>(fl)));
        fr = _mm_or_si128(fr, _mm_and_si128(mask, _mm_srli_epi64::<D>(fr)));
        let pl = _mm_and_si128(mask, _mm_slli_epi64::<D>(mask));
        let pr = _mm_srli_epi64::<D>(pl);
        fl = _mm_or_si128(fl, _mm_and_si128(pl, _mm_slli_epi64::<D2>(fl)));
        fr = _mm_or_si128(fr, _mm_and_si128(pr, _mm_srli_epi64::<D2>(fr)));
        fl = _mm_or_si128(fl, _mm_and_si128(pl, _mm_slli_epi64::<D2>(fl)));
        fr = _mm_or_si128(fr, _mm_and_si128(pr, _mm_srli_epi64::<D2>(fr)));
        _mm_or_si128(_mm_slli_epi64::<D>(fl), _mm_srli_epi64::<D>(fr))
    }
    // Lane 0: p moves against o; lane 1: o against p.
    let me = _mm_set_epi64x(o as i64, p as i64);
    let them = _mm_set_epi64x(p as i64, o as i64);
    let inner = _mm_and_si128(them, _mm_set1_epi64x(0x7E7E_7E7E_7E7E_7E7E));
    let m = _mm_or_si128(
        _mm_or_si128(dir::<1, 2>(me, inner), dir::<8, 16>(me, them)),
        _mm_or_si128(dir::<7, 14>(me, inner), dir::<9, 18>(me, inner)),
    );
    let empty = !(p | o);
    let lo = _mm_cvtsi128_si64(m) as u64;
    let hi = _mm_cvtsi128_si64(_mm_unpackhi_epi64(m, m)) as u64;
    (lo & empty, hi & empty)
}

/// The legal moves of both sides, `(moves(p, o), moves(o, p))`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub fn both_moves(p: u64, o: u64) -> (u64, u64) {
    both_moves_portable(p, o)
}

/// The portable [`both_moves`]: two scalar move generations (the SSE2 path
/// is tested against it).
#[inline(always)]
pub fn both_moves_portable(p: u64, o: u64) -> (u64, u64) {
    (moves(p, o), moves(o, p))
}

/// The discs of `o` that a move by `p` on square `sq` would flip (0 when the
/// move flips nothing, i.e. is illegal). `sq` must be empty and below 64.
/// Runs the kernels of the process's instruction set
/// ([`cpu::active`](crate::board::cpu::active)); [`flips_portable`] on
/// every CPU.
#[inline]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    with_active_kernels!(K => K::flips(p, o, sq))
}

/// [`flips`] on every CPU, without the x86 kernels.
#[inline]
pub fn flips_portable(p: u64, o: u64, sq: usize) -> u64 {
    portable::flips(p, o, sq)
}

/// The squares strictly beyond `sq` in direction `dir` (0–3 toward higher
/// indices: east, north, north-east, north-west; 4–7 the opposites).
#[inline]
pub fn ray(sq: usize, dir: usize) -> u64 {
    portable::ray(sq, dir)
}

/// Straightforward square-by-square reference implementations, used by the
/// tests to check every kernel set. Not for the hot path.
pub mod naive {
    use crate::board::kernels::portable::DIRS;

    /// Flips of a move on `sq` by walking each direction square by square.
    pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
        if (p | o) >> sq & 1 != 0 {
            return 0;
        }
        let mut all = 0;
        for (df, dr) in DIRS {
            let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
            let mut line = 0u64;
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let bit = 1u64 << (r * 8 + f);
                if o & bit != 0 {
                    line |= bit;
                } else {
                    if p & bit != 0 {
                        all |= line;
                    }
                    break;
                }
                f += df;
                r += dr;
            }
        }
        all
    }

    /// Legal moves: every empty square whose naive flips are not empty.
    pub fn moves(p: u64, o: u64) -> u64 {
        (0..64)
            .filter(|&sq| flips(p, o, sq) != 0)
            .fold(0, |m, sq| m | 1u64 << sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "x86_64")]
    use crate::board::cpu::Isa;
    #[cfg(target_arch = "x86_64")]
    use crate::board::kernels::{x86_v3, x86_v4};
    use crate::rng::SplitMix64;

    /// Random disjoint boards: every density from nearly empty to nearly
    /// full, so that rays of every length and ending occur.
    fn random_boards(n: usize) -> Vec<(u64, u64)> {
        let mut rng = SplitMix64::new(0x5eed_f11b5);
        (0..n)
            .map(|i| {
                let occupied = match i % 4 {
                    0 => rng.next_u64() | rng.next_u64(),
                    1 => rng.next_u64() | rng.next_u64() | rng.next_u64(),
                    2 => rng.next_u64(),
                    _ => rng.next_u64() & rng.next_u64(),
                };
                let p = occupied & rng.next_u64();
                (p, occupied & !p)
            })
            .collect()
    }

    #[test]
    fn both_moves_match_the_move_generator() {
        for (p, o) in random_boards(3000) {
            let want = (moves(p, o), moves(o, p));
            assert_eq!(both_moves_portable(p, o), want);
            assert_eq!(both_moves(p, o), want);
        }
    }

    #[test]
    fn portable_kernels_match_naive() {
        for (p, o) in random_boards(20_000) {
            assert_eq!(moves_portable(p, o), naive::moves(p, o), "{p:#x} {o:#x}");
            assert_eq!(moves(p, o), naive::moves(p, o), "{p:#x} {o:#x}");
            for sq in 0..64 {
                if (p | o) >> sq & 1 == 0 {
                    let want = naive::flips(p, o, sq);
                    assert_eq!(flips_portable(p, o, sq), want, "{p:#x} {o:#x} {sq}");
                    assert_eq!(flips(p, o, sq), want, "{p:#x} {o:#x} {sq}");
                }
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn x86_kernels_match_naive() {
        if !Isa::X86V3.supported() {
            eprintln!("skipped: this CPU lacks AVX2/BMI1/BMI2/LZCNT (the portable path is tested)");
            return;
        }
        for (p, o) in random_boards(20_000) {
            // SAFETY: the CPU check said the CPU has every feature the x86
            // kernels are compiled with.
            let m = unsafe { x86_v3::moves(p, o) };
            assert_eq!(m, naive::moves(p, o), "{p:#x} {o:#x}");
            for sq in 0..64 {
                if (p | o) >> sq & 1 == 0 {
                    let want = naive::flips(p, o, sq);
                    // SAFETY: as above.
                    let avx = unsafe { x86_v3::flips(p, o, sq) };
                    assert_eq!(avx, want, "avx2 {p:#x} {o:#x} {sq}");
                    if Isa::X86V4.supported() {
                        // SAFETY: the CPU check said the CPU has AVX-512.
                        let v4 = unsafe { x86_v4::flips(p, o, sq) };
                        assert_eq!(v4, want, "avx-512 {p:#x} {o:#x} {sq}");
                    }
                }
            }
        }
    }
}
