//! A small table of the probe's results ([`crate::search::probe::Probe`]),
//! apart from the exact search's shared table.
//!
//! The exact solver's nodes near the root are visited again and again: once
//! per null window of MTD(f) and once per level of the selective ladder.
//! Each visit that orders its moves probes its children anew, and each
//! node of a selective search runs ProbCut's shallow searches anew. This
//! table keeps the bounds those searches found on a position at a depth,
//! so that a later probe with a window they decide returns at once.
//!
//! Its values only order moves and drive ProbCut's selective cuts: the
//! exact search never takes a bound from them. A value read here can
//! differ from the one a new search would give (another window's
//! fail-soft bound), which changes the order of moves, never a score.
//!
//! Direct-mapped and small enough to stay near the core; a new position
//! (or depth) replaces the slot's old one. One per searching thread.

use crate::search::tuning::PROBE_TABLE_BITS;
use crate::units::{Depth, Quarters};

/// One slot: a position, a depth, the bounds a search that deep found on
/// its value and the square of its best move (64: none). An all-zero slot
/// is empty (no position has no discs).
#[derive(Clone, Copy, Default)]
struct Slot {
    p: u64,
    o: u64,
    lower: i16,
    upper: i16,
    depth: u8,
    best: u8,
}

/// What the table knows of a position at a depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// A lower bound on the value (quarter discs).
    pub lower: Quarters,
    /// An upper bound on the value.
    pub upper: Quarters,
    /// The square of the move of the best value found (64: none).
    pub best: u8,
}

/// A direct-mapped table of the probe's bounds (quarter discs) by position
/// and depth.
pub struct ProbeTable {
    slots: Box<[Slot]>,
    /// 64 less the bits of a slot's index.
    shift: u32,
}

impl Default for ProbeTable {
    fn default() -> Self {
        ProbeTable::new()
    }
}

impl ProbeTable {
    /// An empty table of 2^[`PROBE_TABLE_BITS`] slots.
    pub fn new() -> ProbeTable {
        ProbeTable::with_bits(PROBE_TABLE_BITS)
    }

    /// An empty table of 2^`bits` slots.
    pub fn with_bits(bits: u32) -> ProbeTable {
        ProbeTable {
            slots: vec![Slot::default(); 1 << bits].into_boxed_slice(),
            shift: 64 - bits,
        }
    }

    #[inline(always)]
    fn index(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0xD6E8_FEB8_6659_FD93) ^ o.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> self.shift) as usize
    }

    /// What is stored for `(p, o)` searched `depth` plies deep, if
    /// anything.
    #[inline(always)]
    pub fn probe(&self, p: u64, o: u64, depth: Depth) -> Option<Bounds> {
        let s = self.slots[self.index(p, o)];
        (s.p == p && s.o == o && u32::from(s.depth) == depth).then(|| Bounds {
            lower: Quarters::from(s.lower),
            upper: Quarters::from(s.upper),
            best: s.best,
        })
    }

    /// Records the fail-soft value `v` of a search of `(p, o)` `depth`
    /// plies deep in the window `(alpha, beta)` (an upper bound at or
    /// below `alpha`, a lower bound at or above `beta`, else the value)
    /// and the square `best` of its best move. Bounds already stored for
    /// the same position and depth are kept where they are tighter.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn store(
        &mut self,
        p: u64,
        o: u64,
        depth: Depth,
        v: Quarters,
        alpha: Quarters,
        beta: Quarters,
        best: u8,
    ) {
        let i = self.index(p, o);
        let s = &mut self.slots[i];
        // Values lie within ±QUARTER_INF, far inside i16.
        let bounds = if v <= alpha {
            (i16::MIN, v as i16)
        } else if v >= beta {
            (v as i16, i16::MAX)
        } else {
            (v as i16, v as i16)
        };
        let (mut lower, mut upper) = bounds;
        if s.p == p && s.o == o && u32::from(s.depth) == depth {
            lower = lower.max(s.lower);
            upper = upper.min(s.upper);
            if lower > upper {
                // Two windows' fail-soft bounds that cross (a search that
                // stopped deepening at the node limit): keep the new one.
                (lower, upper) = bounds;
            }
        }
        *s = Slot {
            p,
            o,
            lower,
            upper,
            depth: depth as u8,
            best,
        };
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_kept_by_position_and_depth_and_merged() {
        let mut t = ProbeTable::with_bits(4);
        assert_eq!(t.probe(1, 2, 3), None);
        // A fail-high at 40 in (10, 20): a lower bound.
        let b = |lower, upper, best| Some(Bounds { lower, upper, best });
        t.store(1, 2, 3, 40, 10, 20, 7);
        assert_eq!(t.probe(1, 2, 3), b(40, i16::MAX as i32, 7));
        assert_eq!(t.probe(1, 2, 2), None, "another depth");
        assert_eq!(t.probe(2, 1, 3), None, "another position");
        // A fail-low at 60 in (60, 61): an upper bound, merged.
        t.store(1, 2, 3, 60, 60, 61, 9);
        assert_eq!(t.probe(1, 2, 3), b(40, 60, 9));
        // An exact value inside the window.
        t.store(1, 2, 3, 50, -100, 100, 9);
        assert_eq!(t.probe(1, 2, 3), b(50, 50, 9));
        // Another depth of the same position replaces the slot.
        t.store(1, 2, 4, -8, -100, 100, 64);
        assert_eq!(t.probe(1, 2, 3), None);
        assert_eq!(t.probe(1, 2, 4), b(-8, -8, 64));
        t.clear();
        assert_eq!(t.probe(1, 2, 4), None);
    }
}
