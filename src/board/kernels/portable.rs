//! The portable kernels: plain 64-bit operations, the baseline target, on
//! every CPU. The reference every other kernel set is tested against.
//!
//! [`moves`] shifts the mover's discs through runs of opponent discs in all
//! eight directions at once (a Kogge–Stone style fill, three steps per
//! direction). [`flips`] finds, per direction, the first square on the ray
//! from the move that is not an opponent disc with one bit trick (lowest or
//! highest set bit), using precomputed ray masks; no square-by-square walk.

use super::Kernels;

/// The portable kernel set, for code generic over [`Kernels`]. Always
/// available.
pub struct Portable;

impl Kernels for Portable {
    const EAGER_FLIPS: bool = false;
    #[inline(always)]
    fn moves(p: u64, o: u64) -> u64 {
        moves(p, o)
    }
    #[inline(always)]
    fn flips(p: u64, o: u64, x: usize) -> u64 {
        flips(p, o, x)
    }
}

/// Every square except the a- and h-files: stops horizontal shifts wrapping.
pub(super) const NOT_EDGE_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;

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

/// The legal moves of the side owning `p` against `o`, as a bitboard:
/// four direction pairs of the fill, on every CPU.
#[inline]
pub fn moves(p: u64, o: u64) -> u64 {
    let inner = o & NOT_EDGE_FILES;
    let m = moves_dir(p, inner, 1)
        | moves_dir(p, o, 8)
        | moves_dir(p, inner, 7)
        | moves_dir(p, inner, 9);
    m & !(p | o)
}

/// One square's eight rays, on a 64-byte line of their own: the x86
/// kernels load each half with one aligned 256-bit load (an unaligned
/// array made the compiler split each load in two: 2.7 % of the last-empties
/// solvers' time).
#[repr(C, align(64))]
pub(super) struct AlignedRays(pub(super) [u64; 8]);

/// Ray masks: `RAYS[sq].0[d]` is the set of squares strictly beyond `sq` in
/// direction `d`. Directions 0–3 go toward higher bit indices (E, N, NE, NW
/// in rank-1-at-the-bottom terms), 4–7 toward lower ones.
pub(super) static RAYS: [AlignedRays; 64] = RAY_CONSTS;

/// [`RAYS`] as a constant, for code specialised by square.
const RAY_CONSTS: [AlignedRays; 64] = build_rays();

/// The eight directions as (file step, rank step), in the order of a
/// square's rays: 0–3 increase the index (E, N, NE, NW), 4–7 are their
/// opposites.
pub const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];

const fn build_rays() -> [AlignedRays; 64] {
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

/// The discs of `o` that a move by `p` on square `sq` would flip (0 when
/// the move flips nothing), on every CPU: one function per square
/// ([`flips_at`]), called through a table, so that each has its rays as
/// constants and the rays that leave the board from `sq` cost nothing.
#[inline]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
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
