//! Pattern features: which squares each pattern reads, where its instances
//! lie, and the configuration index of every instance in a position.
//!
//! This is the one piece of feature-indexing code: the evaluator
//! ([`super::PatternEvaluator`]) and the fitter in `tools/` both call
//! [`feature_indices`], so a trained weight always lands on the configuration
//! it was trained for. (Above 800 lines with its tests, on purpose: the
//! layout, the fast indexing and the square-by-square reference the tests
//! hold it to belong in one file.)
//!
//! A *family* is one pattern shape (say the edge row) with a canonical list
//! of squares; its *instances* are the images of that list under some of the
//! 8 board symmetries (the edge has four: rows 1 and 8, files a and h). All
//! instances of a family share one weight table. A configuration index is
//! the base-3 number of the squares in canonical order, digit k for square k:
//! 0 empty, 1 a disc of the side to move, 2 a disc of the other side.
//!
//! Families that map onto themselves under a symmetry (a line read
//! backwards, the 3×3 corner transposed) have a digit permutation
//! ([`Family::mirror`]); a configuration and its mirror image are the same
//! configuration, and the fitter gives them one weight
//! ([`Family::canonical`]).

use crate::board::symmetry;
use crate::board::{movegen, Board};

/// Number of stages: one per disc count from [`FIRST_STAGE_DISCS`] to 64.
pub const NUM_STAGES: usize = 61;
/// Discs on the board at stage 0: the start position's four.
pub const FIRST_STAGE_DISCS: u32 = 4;

/// The stage of a position: discs on the board − 4 (one table per number
/// of empties, the opening's included, so that each can sit at its own
/// level; the trainer fits the opening stages' shapes together,
/// tools/src/train.rs).
#[inline]
pub const fn stage(board: &Board) -> usize {
    let d = board.discs();
    if d <= FIRST_STAGE_DISCS {
        0
    } else {
        (d - FIRST_STAGE_DISCS) as usize
    }
}

/// A pattern shape. Every family has one weight table per stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The edge row a1–h1 (4 instances).
    Edge,
    /// The second row a2–h2 (4 instances).
    Line2,
    /// The third row a3–h3 (4 instances).
    Line3,
    /// The fourth row a4–h4 (4 instances).
    Line4,
    /// The long diagonal a1–h8 (2 instances).
    Diag8,
    /// The diagonal b1–h7 (4 instances).
    Diag7,
    /// The diagonal c1–h6 (4 instances).
    Diag6,
    /// The diagonal d1–h5 (4 instances).
    Diag5,
    /// The diagonal e1–h4 (4 instances).
    Diag4,
    /// The 3×3 corner a1–c3 (4 instances).
    Corner3x3,
    /// The 2×4 corner a1–d2 (8 instances).
    Corner2x4,
    /// Parity: whether the number of empty squares is odd (1 instance, 2
    /// values). Within a stage it is constant, so it is the stage's bias.
    Parity,
    /// Mobility: the number of legal moves of the side to move, clamped to
    /// 0–31 (1 instance, 32 values).
    Mobility,
    /// The number of legal moves of the other side, clamped to 0–31.
    OpponentMobility,
    /// Frontier (a potential-mobility measure): the number of discs of the
    /// other side next to at least one empty square, 0–63. Frontier discs
    /// are what later moves flip, so many of them mean mobility to come for
    /// the side to move.
    Frontier,
    /// The number of discs of the side to move next to an empty square,
    /// 0–63.
    OpponentFrontier,
    /// Legal moves of the side to move that are not on an X-square (b2, g2,
    /// b7, g7: moves that usually give a corner away), 0–31. Together with
    /// [`Family::Mobility`] it tells good mobility from bad.
    MobilityNoX,
    /// Legal moves of the other side not on an X-square, 0–31.
    OpponentMobilityNoX,
}

/// Every family, in weight-table order.
pub const FAMILIES: [Family; 18] = [
    Family::Edge,
    Family::Line2,
    Family::Line3,
    Family::Line4,
    Family::Diag8,
    Family::Diag7,
    Family::Diag6,
    Family::Diag5,
    Family::Diag4,
    Family::Corner3x3,
    Family::Corner2x4,
    Family::Parity,
    Family::Mobility,
    Family::OpponentMobility,
    Family::Frontier,
    Family::OpponentFrontier,
    Family::MobilityNoX,
    Family::OpponentMobilityNoX,
];

const REVERSE8: [u8; 8] = [7, 6, 5, 4, 3, 2, 1, 0];
const REVERSE7: [u8; 7] = [6, 5, 4, 3, 2, 1, 0];
const REVERSE6: [u8; 6] = [5, 4, 3, 2, 1, 0];
const REVERSE5: [u8; 5] = [4, 3, 2, 1, 0];
const REVERSE4: [u8; 4] = [3, 2, 1, 0];
const TRANSPOSE3X3: [u8; 9] = [0, 3, 6, 1, 4, 7, 2, 5, 8];

impl Family {
    /// A short name (`edge`, `line2`, …, `corner3x3`, `parity`), used in the
    /// weights-file layout and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Edge => "edge",
            Family::Line2 => "line2",
            Family::Line3 => "line3",
            Family::Line4 => "line4",
            Family::Diag8 => "diag8",
            Family::Diag7 => "diag7",
            Family::Diag6 => "diag6",
            Family::Diag5 => "diag5",
            Family::Diag4 => "diag4",
            Family::Corner3x3 => "corner3x3",
            Family::Corner2x4 => "corner2x4",
            Family::Parity => "parity",
            Family::Mobility => "mobility",
            Family::OpponentMobility => "opponent-mobility",
            Family::Frontier => "frontier",
            Family::OpponentFrontier => "opponent-frontier",
            Family::MobilityNoX => "mobility-no-x",
            Family::OpponentMobilityNoX => "opponent-mobility-no-x",
        }
    }

    /// The canonical squares (indices a1 = 0 … h8 = 63), digit 0 first.
    /// Empty for the count families (parity, mobility, frontier; see
    /// [`Family::is_count`]).
    pub const fn squares(self) -> &'static [u8] {
        match self {
            Family::Edge => &[0, 1, 2, 3, 4, 5, 6, 7],
            Family::Line2 => &[8, 9, 10, 11, 12, 13, 14, 15],
            Family::Line3 => &[16, 17, 18, 19, 20, 21, 22, 23],
            Family::Line4 => &[24, 25, 26, 27, 28, 29, 30, 31],
            Family::Diag8 => &[0, 9, 18, 27, 36, 45, 54, 63],
            Family::Diag7 => &[1, 10, 19, 28, 37, 46, 55],
            Family::Diag6 => &[2, 11, 20, 29, 38, 47],
            Family::Diag5 => &[3, 12, 21, 30, 39],
            Family::Diag4 => &[4, 13, 22, 31],
            Family::Corner3x3 => &[0, 1, 2, 8, 9, 10, 16, 17, 18],
            Family::Corner2x4 => &[0, 1, 2, 3, 8, 9, 10, 11],
            Family::Parity
            | Family::Mobility
            | Family::OpponentMobility
            | Family::Frontier
            | Family::OpponentFrontier
            | Family::MobilityNoX
            | Family::OpponentMobilityNoX => &[],
        }
    }

    /// Whether the family is a count over the whole board (parity,
    /// mobility, frontier) rather than a pattern of squares: one instance,
    /// the same under every symmetry, no mirror.
    pub const fn is_count(self) -> bool {
        self.squares().is_empty()
    }

    /// The symmetries (numbering of [`symmetry::apply`]) whose images of the
    /// canonical squares are the instances: instance `i` reads the canonical
    /// squares of `board.symmetric(symmetries()[i])`.
    pub const fn symmetries(self) -> &'static [u8] {
        match self {
            Family::Edge | Family::Line2 | Family::Line3 | Family::Line4 => &[0, 2, 4, 5],
            Family::Diag8 => &[0, 1],
            Family::Diag7 | Family::Diag6 | Family::Diag5 | Family::Diag4 => &[0, 1, 4, 5],
            Family::Corner3x3 => &[0, 1, 2, 3],
            Family::Corner2x4 => &[0, 1, 2, 3, 4, 5, 6, 7],
            Family::Parity
            | Family::Mobility
            | Family::OpponentMobility
            | Family::Frontier
            | Family::OpponentFrontier
            | Family::MobilityNoX
            | Family::OpponentMobilityNoX => &[0],
        }
    }

    /// The digit permutation of the symmetry that maps the canonical squares
    /// onto themselves (`mirror[k]` is the digit square k moves to), if any.
    pub const fn mirror(self) -> Option<&'static [u8]> {
        match self {
            Family::Edge | Family::Line2 | Family::Line3 | Family::Line4 | Family::Diag8 => {
                Some(&REVERSE8)
            }
            Family::Diag7 => Some(&REVERSE7),
            Family::Diag6 => Some(&REVERSE6),
            Family::Diag5 => Some(&REVERSE5),
            Family::Diag4 => Some(&REVERSE4),
            Family::Corner3x3 => Some(&TRANSPOSE3X3),
            Family::Corner2x4
            | Family::Parity
            | Family::Mobility
            | Family::OpponentMobility
            | Family::Frontier
            | Family::OpponentFrontier
            | Family::MobilityNoX
            | Family::OpponentMobilityNoX => None,
        }
    }

    /// Number of configurations: 3^squares (2 for parity, 32 for mobility,
    /// 64 for frontier).
    pub const fn configs(self) -> usize {
        match self {
            Family::Parity => 2,
            Family::Mobility
            | Family::OpponentMobility
            | Family::MobilityNoX
            | Family::OpponentMobilityNoX => MOBILITY_VALUES,
            Family::Frontier | Family::OpponentFrontier => FRONTIER_VALUES,
            _ => pow3(self.squares().len()),
        }
    }

    /// Number of instances on the board.
    pub const fn instances(self) -> usize {
        self.symmetries().len()
    }

    /// Offset of this family's table inside one stage's weights.
    pub const fn offset(self) -> usize {
        let mut off = 0;
        let mut i = 0;
        while i < FAMILIES.len() {
            if FAMILIES[i] as u8 == self as u8 {
                return off;
            }
            off += FAMILIES[i].configs();
            i += 1;
        }
        off
    }

    /// The family a weight index (within one stage) belongs to, with the
    /// configuration inside the family.
    pub fn of_index(index: usize) -> Option<(Family, usize)> {
        FAMILIES.iter().find_map(|&f| {
            let off = f.offset();
            (index >= off && index < off + f.configs()).then(|| (f, index - off))
        })
    }

    /// The configuration read in mirror order (itself for families without
    /// a mirror).
    pub fn mirrored(self, config: usize) -> usize {
        match self.mirror() {
            None => config,
            Some(perm) => {
                let mut out = 0;
                let mut c = config;
                for &to in perm {
                    out += (c % 3) * pow3(to as usize);
                    c /= 3;
                }
                out
            }
        }
    }

    /// The canonical representative of a configuration and its mirror image
    /// (the smaller index of the two).
    pub fn canonical(self, config: usize) -> usize {
        config.min(self.mirrored(config))
    }
}

/// Values of a mobility feature: move counts 0–31 (31 stands for 31 or
/// more; no reachable position is known with more than 33 moves).
pub const MOBILITY_VALUES: usize = 32;
/// Values of a frontier feature: counts 0–63.
pub const FRONTIER_VALUES: usize = 64;

/// 3^n.
pub const fn pow3(n: usize) -> usize {
    let mut p = 1;
    let mut i = 0;
    while i < n {
        p *= 3;
        i += 1;
    }
    p
}

/// Weights in one stage: the sum of every family's configurations.
pub const STAGE_WEIGHTS: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < FAMILIES.len() {
        n += FAMILIES[i].configs();
        i += 1;
    }
    n
};

/// Number of features a position has: every instance of every family.
pub const NUM_FEATURES: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < FAMILIES.len() {
        n += FAMILIES[i].instances();
        i += 1;
    }
    n
};

/// Number of pattern features (instances of the square patterns): the
/// first slots of [`feature_indices`]; the count families follow them.
pub const NUM_PATTERN_FEATURES: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < FAMILIES.len() {
        if !FAMILIES[i].is_count() {
            n += FAMILIES[i].instances();
        }
        i += 1;
    }
    n
};

/// The family of each feature slot of [`feature_indices`], in order.
pub const FEATURE_FAMILIES: [Family; NUM_FEATURES] = {
    let mut out = [Family::Parity; NUM_FEATURES];
    let mut k = 0;
    let mut i = 0;
    while i < FAMILIES.len() {
        let mut j = 0;
        while j < FAMILIES[i].instances() {
            out[k] = FAMILIES[i];
            k += 1;
            j += 1;
        }
        i += 1;
    }
    out
};

/// The symmetry of each feature slot (the instance it reads).
pub const FEATURE_SYMMETRIES: [u8; NUM_FEATURES] = {
    let mut out = [0u8; NUM_FEATURES];
    let mut k = 0;
    let mut i = 0;
    while i < FAMILIES.len() {
        let syms = FAMILIES[i].symmetries();
        let mut j = 0;
        while j < syms.len() {
            out[k] = syms[j];
            k += 1;
            j += 1;
        }
        i += 1;
    }
    out
};

/// B3[x]: the base-3 number whose digit k is bit k of `x` (x < 512).
static B3: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        let mut v = 0u16;
        let mut p = 1u16;
        let mut k = 0;
        while k < 9 {
            if x & (1 << k) != 0 {
                v += p;
            }
            p *= 3;
            k += 1;
        }
        t[x] = v;
        x += 1;
    }
    t
};

const FILE_SPREAD: u64 = 0x0101_0101_0101_0101;
const DIAG8_MASK: u64 = 0x8040_2010_0804_0201;
const DIAG7_MASK: u64 = 0x0080_4020_1008_0402; // b1 c2 d3 e4 f5 g6 h7
const DIAG6_MASK: u64 = 0x0000_8040_2010_0804; // c1 … h6
const DIAG5_MASK: u64 = 0x0000_0080_4020_1008; // d1 … h5
const DIAG4_MASK: u64 = 0x0000_0000_8040_2010; // e1 … h4

/// Row `r` (0-based) of `x` as 8 bits, file a first.
#[inline(always)]
const fn row(x: u64, r: u32) -> u64 {
    (x >> (8 * r)) & 0xFF
}

/// The squares of `mask` (at most one per file) as bits by file, top byte.
#[inline(always)]
const fn diag(x: u64, mask: u64, shift: u32) -> u64 {
    (x & mask).wrapping_mul(FILE_SPREAD) >> shift
}

/// a1 b1 c1 a2 b2 c2 a3 b3 c3 as bits 0–8.
#[inline(always)]
const fn corner3x3(x: u64) -> u64 {
    (x & 7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1C0)
}

/// a1 b1 c1 d1 a2 b2 c2 d2 as bits 0–7.
#[inline(always)]
const fn corner2x4(x: u64) -> u64 {
    (x & 0xF) | ((x >> 4) & 0xF0)
}

/// The weight index (within one stage, family offset included) of every
/// feature of `board`, in the order of [`FEATURE_FAMILIES`]. Each index is
/// below [`STAGE_WEIGHTS`], whatever the board (a square in both bitboards
/// counts as the side to move's).
///
/// Equal to [`feature_indices_reference`] (tested); this version gathers
/// the squares with shifts and multiplications over the 8 symmetric images
/// of the board and converts bits to base 3 with one table.
#[inline]
pub fn feature_indices(board: &Board) -> [u16; NUM_FEATURES] {
    let (p, o) = disjoint(board);
    let mut out = [0u16; NUM_FEATURES];
    gather_patterns(p, o, |k, off, tp, to| out[k] = off + tp + 2 * to);
    out[NUM_PATTERN_FEATURES..].copy_from_slice(&count_indices(p, o));
    out
}

/// The pattern slots of [`feature_indices`] of `board` and of `board` with
/// the sides swapped, from one pass over the board: the two views read the
/// same squares, with the digits 1 and 2 exchanged.
#[inline]
pub fn pattern_indices_both_views(
    board: &Board,
) -> ([u16; NUM_PATTERN_FEATURES], [u16; NUM_PATTERN_FEATURES]) {
    let (p, o) = disjoint(board);
    let mut own = [0u16; NUM_PATTERN_FEATURES];
    let mut swapped = [0u16; NUM_PATTERN_FEATURES];
    gather_patterns(p, o, |k, off, tp, to| {
        own[k] = off + tp + 2 * to;
        swapped[k] = off + to + 2 * tp;
    });
    (own, swapped)
}

/// The board's two sides with every doubly claimed square the side to
/// move's: a valid board never has one, and masking makes every digit 0,
/// 1 or 2 even for an invalid one, so each index stays inside its family's
/// table (the evaluator relies on this).
#[inline(always)]
fn disjoint(board: &Board) -> (u64, u64) {
    (board.player, board.opponent & !board.player)
}

/// Calls `put(slot, family offset, B3 of p's squares, B3 of o's squares)`
/// for every pattern slot of [`feature_indices`] (`p`, `o` disjoint).
#[inline(always)]
fn gather_patterns(p: u64, o: u64, mut put: impl FnMut(usize, u16, u16, u16)) {
    // The 8 images B_s = apply(s, board); apply(6) = T∘V = H∘T and
    // apply(7) = T∘V∘H = H∘T∘H.
    let ph = symmetry::flip_horizontal(p);
    let oh = symmetry::flip_horizontal(o);
    let pt = symmetry::flip_diagonal(p);
    let ot = symmetry::flip_diagonal(o);
    let pth = symmetry::flip_diagonal(ph);
    let oth = symmetry::flip_diagonal(oh);
    let bp = [
        p,
        ph,
        p.swap_bytes(),
        ph.swap_bytes(),
        pt,
        pth,
        symmetry::flip_horizontal(pt),
        symmetry::flip_horizontal(pth),
    ];
    let bo = [
        o,
        oh,
        o.swap_bytes(),
        oh.swap_bytes(),
        ot,
        oth,
        symmetry::flip_horizontal(ot),
        symmetry::flip_horizontal(oth),
    ];
    // Both arguments come from masks of at most 9 bits (see the gathers).
    let b3 = |x: u64| B3[x as usize & 511];
    let mut k = 0;
    // Rows: edge, 2nd, 3rd, 4th line on images 0, 2, 4, 5.
    // The offsets as constants: `Family::offset` walks the family list.
    for (r, off) in [
        (0u32, const { Family::Edge.offset() as u16 }),
        (1, const { Family::Line2.offset() as u16 }),
        (2, const { Family::Line3.offset() as u16 }),
        (3, const { Family::Line4.offset() as u16 }),
    ] {
        for s in [0usize, 2, 4, 5] {
            put(k, off, b3(row(bp[s], r)), b3(row(bo[s], r)));
            k += 1;
        }
    }
    let off = const { Family::Diag8.offset() as u16 };
    for s in [0usize, 1] {
        put(
            k,
            off,
            b3(diag(bp[s], DIAG8_MASK, 56)),
            b3(diag(bo[s], DIAG8_MASK, 56)),
        );
        k += 1;
    }
    for (mask, shift, off) in [
        (DIAG7_MASK, 57u32, const { Family::Diag7.offset() as u16 }),
        (DIAG6_MASK, 58, const { Family::Diag6.offset() as u16 }),
        (DIAG5_MASK, 59, const { Family::Diag5.offset() as u16 }),
        (DIAG4_MASK, 60, const { Family::Diag4.offset() as u16 }),
    ] {
        for s in [0usize, 1, 4, 5] {
            put(
                k,
                off,
                b3(diag(bp[s], mask, shift)),
                b3(diag(bo[s], mask, shift)),
            );
            k += 1;
        }
    }
    let off = const { Family::Corner3x3.offset() as u16 };
    for s in 0..4 {
        put(k, off, b3(corner3x3(bp[s])), b3(corner3x3(bo[s])));
        k += 1;
    }
    let off = const { Family::Corner2x4.offset() as u16 };
    for s in 0..8 {
        put(k, off, b3(corner2x4(bp[s])), b3(corner2x4(bo[s])));
        k += 1;
    }
    debug_assert_eq!(k, NUM_PATTERN_FEATURES);
}

/// The indices of the features after the patterns (parity, then the
/// mobility and frontier counts), in the order of [`FEATURE_FAMILIES`], for
/// the side owning `p` to move against `o` (disjoint): the tail of
/// [`feature_indices`], which an incremental evaluation recomputes in full.
#[inline(always)]
pub fn count_indices(p: u64, o: u64) -> [u16; NUM_FEATURES - NUM_PATTERN_FEATURES] {
    let (mp, mo) = movegen::both_moves(p, o);
    count_indices_from_moves(p, o, mp, mo)
}

/// [`count_indices`] of `p` against `o` (disjoint) whose legal moves are
/// `mp` and `mo` (the caller generates them with its own kernels).
#[inline(always)]
pub fn count_indices_from_moves(
    p: u64,
    o: u64,
    mp: u64,
    mo: u64,
) -> [u16; NUM_FEATURES - NUM_PATTERN_FEATURES] {
    let mut out = [0u16; NUM_FEATURES - NUM_PATTERN_FEATURES];
    out[0] = const { Family::Parity.offset() as u16 } + ((!(p | o)).count_ones() & 1) as u16;
    let counts = count_features(p, o, mp, mo);
    for j in 0..COUNT_FAMILIES.len() {
        out[1 + j] = COUNT_OFFSETS[j] + counts[j];
    }
    out
}

/// The squares next to (in any of the 8 directions) a square of `x`.
#[inline(always)]
fn neighbours(x: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let h = ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    let row = x | h;
    h | (row << 8) | (row >> 8)
}

/// The count families after parity, in the order of [`count_features`].
/// They are the last six of [`FAMILIES`] (tested).
const COUNT_FAMILIES: [Family; 6] = {
    let mut out = [Family::Parity; 6];
    let mut j = 0;
    while j < 6 {
        out[j] = FAMILIES[FAMILIES.len() - 6 + j];
        j += 1;
    }
    out
};

/// Their table offsets, computed at compile time (`Family::offset` walks
/// the family list).
const COUNT_OFFSETS: [u16; 6] = {
    let mut out = [0u16; 6];
    let mut j = 0;
    while j < 6 {
        out[j] = COUNT_FAMILIES[j].offset() as u16;
        j += 1;
    }
    out
};

/// The X-squares b2, g2, b7, g7.
const X_SQUARES: u64 = 0x0042_0000_0000_4200;

/// Mobility, opponent mobility, frontier, opponent frontier and both
/// mobilities without X-squares (see the families) of the side owning `p`
/// against `o` (disjoint), whose legal moves are `mp` and `mo`, clamped to
/// their families' ranges.
#[inline(always)]
fn count_features(p: u64, o: u64, mp: u64, mo: u64) -> [u16; COUNT_FAMILIES.len()] {
    let empty = !(p | o);
    [
        (mp.count_ones() as u16).min(MOBILITY_VALUES as u16 - 1),
        (mo.count_ones() as u16).min(MOBILITY_VALUES as u16 - 1),
        (neighbours(empty) & o).count_ones() as u16,
        (neighbours(empty) & p).count_ones() as u16,
        ((mp & !X_SQUARES).count_ones() as u16).min(MOBILITY_VALUES as u16 - 1),
        ((mo & !X_SQUARES).count_ones() as u16).min(MOBILITY_VALUES as u16 - 1),
    ]
}

/// The same indices as [`feature_indices`], computed the slow, obvious way
/// (transform the board, read the canonical squares one by one). For tests
/// and as the definition.
pub fn feature_indices_reference(board: &Board) -> [u16; NUM_FEATURES] {
    let mut out = [0u16; NUM_FEATURES];
    for (k, (&fam, &s)) in FEATURE_FAMILIES
        .iter()
        .zip(FEATURE_SYMMETRIES.iter())
        .enumerate()
    {
        let c = if fam.is_count() {
            count_reference(board, fam)
        } else {
            config_reference(&board.symmetric(s), fam.squares())
        };
        out[k] = (fam.offset() + c) as u16;
    }
    out
}

/// A count family's value on `board`, square by square. Squares in both
/// bitboards count as the side to move's (as in [`feature_indices`]).
pub fn count_reference(board: &Board, fam: Family) -> usize {
    let p = board.player;
    let o = board.opponent & !p;
    let b = Board {
        player: p,
        opponent: o,
    };
    let next_to = |sq: usize, set: u64| {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        (-1..=1).any(|df| {
            (-1..=1).any(|dr| {
                let (nf, nr) = (f + df, r + dr);
                (df, dr) != (0, 0)
                    && (0..8).contains(&nf)
                    && (0..8).contains(&nr)
                    && set & (1u64 << (nr * 8 + nf)) != 0
            })
        })
    };
    let empty: Vec<usize> = (0..64).filter(|&q| (p | o) & (1u64 << q) == 0).collect();
    let legal = |me: u64, them: u64| {
        empty
            .iter()
            .filter(|&&q| movegen::flips(me, them, q) != 0)
            .count()
    };
    let legal_no_x = |me: u64, them: u64| {
        empty
            .iter()
            .filter(|&&q| ![9, 14, 49, 54].contains(&q) && movegen::flips(me, them, q) != 0)
            .count()
    };
    let empties: u64 = empty.iter().map(|&q| 1u64 << q).sum();
    let frontier = |set: u64| {
        (0..64)
            .filter(|&q| set & (1u64 << q) != 0 && next_to(q, empties))
            .count()
    };
    match fam {
        Family::Parity => (b.empties() & 1) as usize,
        Family::Mobility => legal(p, o).min(MOBILITY_VALUES - 1),
        Family::OpponentMobility => legal(o, p).min(MOBILITY_VALUES - 1),
        Family::Frontier => frontier(o),
        Family::OpponentFrontier => frontier(p),
        Family::MobilityNoX => legal_no_x(p, o).min(MOBILITY_VALUES - 1),
        Family::OpponentMobilityNoX => legal_no_x(o, p).min(MOBILITY_VALUES - 1),
        _ => 0,
    }
}

/// The base-3 configuration of `squares` on `board`, digit k for square k.
pub fn config_reference(board: &Board, squares: &[u8]) -> usize {
    squares
        .iter()
        .enumerate()
        .map(|(k, &sq)| {
            let bit = 1u64 << sq;
            let d = if board.player & bit != 0 {
                1
            } else if board.opponent & bit != 0 {
                2
            } else {
                0
            };
            d * pow3(k)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{random_position, SplitMix64};

    fn random_boards(n: usize, seed: u64) -> Vec<Board> {
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        while out.len() < n {
            let e = rng.below(60) as u32;
            if let Some(b) = random_position(&mut rng, e) {
                out.push(b);
            }
            // Also arbitrary (unreachable) bit patterns.
            let a = rng.next_u64();
            let b = rng.next_u64() & !a;
            out.push(Board {
                player: a,
                opponent: b,
            });
        }
        out
    }

    #[test]
    fn layout_sizes() {
        assert_eq!(NUM_FEATURES, 53);
        assert_eq!(STAGE_WEIGHTS, 62_547);
        assert_eq!(Family::OpponentMobilityNoX.offset() + 32, STAGE_WEIGHTS);
        assert!(STAGE_WEIGHTS <= u16::MAX as usize);
        for f in FAMILIES {
            assert_eq!(Family::of_index(f.offset()), Some((f, 0)));
        }
    }

    #[test]
    fn fast_indices_match_reference() {
        for b in random_boards(3000, 1) {
            assert_eq!(feature_indices(&b), feature_indices_reference(&b), "{b:?}");
        }
    }

    #[test]
    fn both_views_are_the_indices_of_the_board_and_its_swap() {
        for b in random_boards(3000, 2) {
            let (own, swapped) = pattern_indices_both_views(&b);
            let other = feature_indices_reference(&Board {
                player: b.opponent,
                opponent: b.player,
            });
            assert_eq!(
                own[..],
                feature_indices_reference(&b)[..NUM_PATTERN_FEATURES],
                "{b:?}"
            );
            assert_eq!(swapped[..], other[..NUM_PATTERN_FEATURES], "{b:?}");
        }
    }

    #[test]
    fn instances_are_distinct_images() {
        for f in FAMILIES {
            if f.is_count() {
                continue;
            }
            let sets: std::collections::HashSet<Vec<usize>> = f
                .symmetries()
                .iter()
                .map(|&s| {
                    let mut v: Vec<usize> = f
                        .squares()
                        .iter()
                        .map(|&q| symmetry::apply_square(symmetry::inverse(s), q as usize))
                        .collect();
                    v.sort();
                    v
                })
                .collect();
            assert_eq!(sets.len(), f.instances(), "{}", f.name());
            // Every image of the pattern under the 8 symmetries is one of them.
            for s in 0..8 {
                let mut v: Vec<usize> = f
                    .squares()
                    .iter()
                    .map(|&q| symmetry::apply_square(s, q as usize))
                    .collect();
                v.sort();
                assert!(sets.contains(&v), "{} under {s}", f.name());
            }
        }
    }

    #[test]
    fn mirror_is_a_board_symmetry() {
        for f in FAMILIES {
            let Some(perm) = f.mirror() else { continue };
            let sq = f.squares();
            let found = (1..8u8).any(|s| {
                sq.iter().enumerate().all(|(k, &q)| {
                    symmetry::apply_square(s, q as usize) == sq[perm[k] as usize] as usize
                })
            });
            assert!(found, "{}", f.name());
            for c in (0..f.configs()).step_by(7) {
                assert_eq!(f.mirrored(f.mirrored(c)), c);
            }
        }
    }

    /// The multiset of (family, canonical configuration) over all features.
    fn canonical_features(b: &Board) -> Vec<(usize, usize)> {
        let mut v: Vec<(usize, usize)> = feature_indices(b)
            .iter()
            .map(|&i| {
                let (f, c) = Family::of_index(i as usize).expect("index inside the layout");
                (f.offset(), f.canonical(c))
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn features_agree_across_all_symmetries() {
        for b in random_boards(500, 2) {
            let base = canonical_features(&b);
            for s in 0..8 {
                assert_eq!(canonical_features(&b.symmetric(s)), base, "symmetry {s}");
            }
        }
    }

    #[test]
    fn indices_stay_in_range_for_invalid_boards() {
        let b = Board {
            player: u64::MAX,
            opponent: u64::MAX,
        };
        for &i in &feature_indices(&b) {
            assert!((i as usize) < STAGE_WEIGHTS);
        }
    }

    #[test]
    fn count_families_follow_parity() {
        assert_eq!(COUNT_FAMILIES[0], Family::Mobility);
        let k = FAMILIES
            .iter()
            .position(|&f| f == Family::Parity)
            .expect("parity");
        assert_eq!(&FAMILIES[k + 1..], &COUNT_FAMILIES[..]);
        assert!(COUNT_FAMILIES.iter().all(|f| f.is_count()));
    }

    #[test]
    fn count_features_of_known_positions() {
        let value = |b: &Board, f: Family| {
            let k = FEATURE_FAMILIES
                .iter()
                .position(|&g| g == f)
                .expect("family has a slot");
            feature_indices(b)[k] as usize - f.offset()
        };
        // Start: 4 moves each; both centre discs of each side touch empties.
        let b = Board::start();
        for f in [
            Family::Mobility,
            Family::OpponentMobility,
            Family::Frontier,
            Family::OpponentFrontier,
        ] {
            let want = if f.name().contains("mobility") { 4 } else { 2 };
            assert_eq!(value(&b, f), want, "{}", f.name());
        }
        // After f5, white to move has 3 moves (d6, f4, f6); black has four
        // discs (e4 d5 e5 f5) and white one (d4), all next to an empty
        // square.
        let b = b
            .play(crate::board::Square::parse("f5").expect("square"))
            .expect("legal");
        assert_eq!(value(&b, Family::Mobility), 3);
        assert_eq!(
            value(&b, Family::OpponentMobility),
            b.opponent_moves().count_ones() as usize
        );
        assert_eq!(value(&b, Family::Frontier), 4);
        assert_eq!(value(&b, Family::OpponentFrontier), 1);
        // X-squares: d4 against c3 has the one move b2 (an X-square); c3
        // against d4 has e5.
        let b = Board {
            player: 1 << 27,
            opponent: 1 << 18,
        };
        assert_eq!(value(&b, Family::Mobility), 1);
        assert_eq!(value(&b, Family::MobilityNoX), 0);
        assert_eq!(value(&b, Family::OpponentMobility), 1);
        assert_eq!(value(&b, Family::OpponentMobilityNoX), 1);
        // A full board: no moves, no frontier.
        let full = Board {
            player: 0xFFFF_FFFF_0000_0000,
            opponent: 0x0000_0000_FFFF_FFFF,
        };
        for f in COUNT_FAMILIES {
            assert_eq!(value(&full, f), 0, "{}", f.name());
        }
    }

    #[test]
    fn one_stage_per_number_of_discs() {
        assert_eq!(stage(&Board::start()), 0);
        let s = Board::start();
        let b = s.play_flips(s.moves().trailing_zeros() as usize, 0);
        assert_eq!(b.discs(), 5);
        assert_eq!(stage(&b), 1);
        let full = Board {
            player: u64::MAX,
            opponent: 0,
        };
        assert_eq!(stage(&full), NUM_STAGES - 1);
        // Fewer discs than a legal position has: the first stage.
        assert_eq!(
            stage(&Board {
                player: 1,
                opponent: 2
            }),
            0
        );
    }
}
