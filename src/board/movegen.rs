//! Legal moves and flips by parallel bit operations.
//!
//! [`moves`] shifts the mover's discs through runs of opponent discs in all
//! eight directions at once (a Kogge–Stone style fill, three steps per
//! direction). [`flips`] finds, per direction, the first square on the ray
//! from the move that is not an opponent disc with one bit trick (lowest or
//! highest set bit), using precomputed ray masks; no square-by-square walk.
//! [`both_moves`] fills both sides' moves at once for the evaluation.
//! Which kernel a hot loop runs is chosen at one seam,
//! [`super::kernels`].

use super::cpu::{active, Isa};

/// Every square except the a- and h-files: stops horizontal shifts wrapping.
const NOT_EDGE_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Fill in one shift direction `d` (and its opposite) from `p` through `mask`.
#[inline(always)]
fn moves_dir(p: u64, mask: u64, d: u32) -> u64 {
    let mut fl = mask & (p << d);
    let mut fr = mask & (p >> d);
    fl |= mask & (fl << d);
    fr |= mask & (fr >> d);
    let pl = mask & (mask << d);
    let pr = pl >> d;
    let d2 = d + d;
    fl |= pl & (fl << d2);
    fr |= pr & (fr >> d2);
    fl |= pl & (fl << d2);
    fr |= pr & (fr >> d2);
    (fl << d) | (fr >> d)
}

/// The legal moves of the side owning `p` against `o`, as a bitboard: the
/// [`x86`] kernel when the process runs x86-64-v3 or above
/// ([`cpu::active`](crate::board::cpu::active)), elsewhere [`moves_portable`].
#[inline]
pub fn moves(p: u64, o: u64) -> u64 {
    match active() {
        // SAFETY: active() is never a level the CPU lacks; x86-64-v4
        // includes every feature of x86-64-v3, which the function is
        // compiled with.
        #[cfg(target_arch = "x86_64")]
        Isa::X86V3 | Isa::X86V4 => unsafe { x86::moves(p, o) },
        _ => moves_portable(p, o),
    }
}

/// [`moves`] on every CPU, without the x86 kernels.
#[inline]
pub fn moves_portable(p: u64, o: u64) -> u64 {
    let inner = o & NOT_EDGE_FILES;
    let m = moves_dir(p, inner, 1)
        | moves_dir(p, o, 8)
        | moves_dir(p, inner, 7)
        | moves_dir(p, inner, 9);
    m & !(p | o)
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

/// One square's eight rays, on a 64-byte line of their own: the x86
/// kernel loads each half with one aligned 256-bit load (an unaligned
/// array made the compiler split each load in two: 2.7 % of the last-empties
/// solvers' time).
#[repr(C, align(64))]
struct AlignedRays([u64; 8]);

/// Ray masks: `RAYS[sq].0[d]` is the set of squares strictly beyond `sq` in
/// direction `d`. Directions 0–3 go toward higher bit indices (E, N, NE, NW
/// in rank-1-at-the-bottom terms), 4–7 toward lower ones.
static RAYS: [AlignedRays; 64] = RAY_CONSTS;

/// [`RAYS`] as a constant, for code specialised by square.
const RAY_CONSTS: [AlignedRays; 64] = build_rays();

const fn build_rays() -> [AlignedRays; 64] {
    // (file step, rank step) per direction; 0..4 increase the index.
    const DIRS: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (1, -1),
    ];
    let mut rays = [const { AlignedRays([0; 8]) }; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            let mut m = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                m |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            rays[sq].0[d] = m;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The discs of `o` that a move by `p` on square `sq` would flip (0 when the
/// move flips nothing, i.e. is illegal). `sq` must be empty and below 64.
///
/// One function per square ([`flips_at`]), called through a table: each
/// has its rays as constants, so the rays that leave the board from `sq`
/// cost nothing.
///
/// [`x86::flips_v4`] or [`x86::flips`] when the process runs x86-64-v4 or
/// x86-64-v3 ([`cpu::active`](crate::board::cpu::active)), elsewhere [`flips_portable`].
#[inline]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    match active() {
        // SAFETY: active() is never a level the CPU lacks, and the
        // function is compiled with that level's features.
        #[cfg(target_arch = "x86_64")]
        Isa::X86V4 => unsafe { x86::flips_v4(p, o, sq) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::X86V3 => unsafe { x86::flips(p, o, sq) },
        _ => flips_portable(p, o, sq),
    }
}

/// [`flips`] on every CPU, without the x86 kernels.
#[inline]
pub fn flips_portable(p: u64, o: u64, sq: usize) -> u64 {
    FLIPS_AT[sq & 63](p, o)
}

/// [`flips`] of a move on the square `SQ`.
#[inline]
pub fn flips_at<const SQ: usize>(p: u64, o: u64) -> u64 {
    flips_on_rays(p, o, &RAY_CONSTS[SQ].0)
}

/// [`flips_at`] for each square.
static FLIPS_AT: [fn(u64, u64) -> u64; 64] = {
    macro_rules! table {
        ($($sq:literal)*) => { [$(flips_at::<$sq>,)*] };
    }
    table!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30
        31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59
        60 61 62 63)
};

/// The flips along the eight rays `rays` of a square (see [`RAYS`]).
#[inline(always)]
fn flips_on_rays(p: u64, o: u64, rays: &[u64; 8]) -> u64 {
    let mut f = 0u64;
    // Branch-free: inside a search, whether a ray flips anything is a coin
    // toss for the branch predictor, so each ray's share is masked instead
    // (a micro-benchmark over a few fixed positions, whose branches are
    // learnt, favours branches; a real solve does not: docs/tuning.md).
    // Toward higher indices: the lowest non-opponent square on the ray; if
    // it is the mover's, the ray's squares below it flip.
    for &ray in &rays[0..4] {
        let x = ray & !o;
        let outflank = x & x.wrapping_neg() & p;
        f |= outflank.saturating_sub(1) & ray;
    }
    // Toward lower indices: the highest non-opponent square (`x | 1` keeps
    // the count defined; bit 0 then only counts if it is in `x`); if it is
    // the mover's, the ray's squares above it flip.
    for &ray in &rays[4..8] {
        let x = ray & !o;
        let outflank = (1u64 << 63 >> (x | 1).leading_zeros()) & x & p;
        f |= outflank.wrapping_neg() << 1 & ray;
    }
    f
}

/// The squares strictly beyond `sq` in direction `dir` (0–3 toward higher
/// indices: east, north, north-east, north-west; 4–7 the opposites).
#[inline]
pub fn ray(sq: usize, dir: usize) -> u64 {
    RAYS[sq].0[dir]
}

/// Kernels for x86-64 CPUs with AVX2 and BMI1/BMI2/LZCNT (Intel Haswell,
/// AMD Excavator and later). Each function is compiled with those features:
/// call it only when `Isa::X86V3.supported()` says yes ([`x86::flips_v4`]
/// also needs AVX-512: `Isa::X86V4.supported()`). The portable [`moves`] and [`flips`]
/// stay the reference; the tests run them all on random boards.
#[cfg(target_arch = "x86_64")]
pub mod x86 {
    use crate::board::movegen::{NOT_EDGE_FILES, RAYS};
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi64,
        _mm256_cmpgt_epi64, _mm256_extracti128_si256, _mm256_load_si256, _mm256_lzcnt_epi64,
        _mm256_or_si256, _mm256_set1_epi64x, _mm256_set_epi64x, _mm256_setzero_si256,
        _mm256_slli_epi64, _mm256_sllv_epi64, _mm256_srlv_epi64, _mm256_sub_epi64,
        _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64,
    };

    /// The OR of the four 64-bit lanes of `v`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn or_lanes(v: __m256i) -> u64 {
        let h = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        _mm_cvtsi128_si64(_mm_or_si128(h, _mm_unpackhi_epi64(h, h))) as u64
    }

    /// [`super::moves`] with the four directions in the four lanes of an
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
    fn rays_and_flips_up(p: u64, o: u64, sq: usize) -> [__m256i; 4] {
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

    /// [`super::flips`] with the four rays toward higher indices in one AVX2
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

    /// [`flips`] with AVX-512's per-lane leading-zero count: toward lower
    /// indices, the highest non-opponent square of each ray is found in
    /// one instruction (where [`flips`] smears the ray with three shifts),
    /// and the ray's squares above it flip when it is the mover's. Toward
    /// higher indices as in [`flips`].
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2, AVX-512 F, VL and CD
    /// (`Isa::X86V4.supported()`).
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
    #[inline]
    pub fn flips_v4(p: u64, o: u64, sq: usize) -> u64 {
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
}

/// Straightforward square-by-square reference implementations, used by the
/// tests to check the fast code above. Not for the hot path.
pub mod naive {
    const DIRS: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (1, -1),
    ];

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
            let m = unsafe { x86::moves(p, o) };
            assert_eq!(m, naive::moves(p, o), "{p:#x} {o:#x}");
            for sq in 0..64 {
                if (p | o) >> sq & 1 == 0 {
                    let want = naive::flips(p, o, sq);
                    // SAFETY: as above.
                    let avx = unsafe { x86::flips(p, o, sq) };
                    assert_eq!(avx, want, "avx2 {p:#x} {o:#x} {sq}");
                    if Isa::X86V4.supported() {
                        // SAFETY: the CPU check said the CPU has AVX-512.
                        let v4 = unsafe { x86::flips_v4(p, o, sq) };
                        assert_eq!(v4, want, "avx-512 {p:#x} {o:#x} {sq}");
                    }
                }
            }
        }
    }
}
