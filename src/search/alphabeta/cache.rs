//! A small cache of the searches near the end, apart from the shared table.
//!
//! The last-N solver works without the shared table: a probe of that table
//! waits on main memory, which costs more than the subtree of a position
//! with 8 or fewer empties saves. Yet such positions recur (transpositions),
//! and the move that refuted one last time is the best first guess the
//! next time. This cache keeps the bounds proven on positions from
//! [`SHALLOW_CACHE_MIN`] to [`SHALLOW_CACHE_MAX`] empties, with the best
//! move, in a direct-mapped array small enough to stay in the core's own
//! cache: those of the last-N solver, and above it, those of the
//! table-driven search, which uses it in place of the shared table there.
//! Positions of [`LOW_CACHE_MIN`] to [`SHALLOW_CACHE_MIN`] − 1 empties have
//! a smaller region of the array to themselves: they are many and cheap,
//! and sharing slots with the larger positions would evict those.
//!
//! A solve's main context owns its cache; split points lend it to the
//! thread's other tasks while they wait (`thread_tables`).
//!
//! Every search is exact below [`SHALLOW_CACHE_MAX`] empties, and at that
//! many a node that a ProbCut decides returns before it stores, so the
//! bounds here are proven whatever the selectivity of the search that
//! stored them, and serve any later search.

use crate::board::Move;
use crate::search::tuning::{
    LOW_CACHE_MIN, LOW_CACHE_SHRINK, SHALLOW_CACHE_BITS, SHALLOW_CACHE_MAX, SHALLOW_CACHE_MIN,
};
/// One slot: a position, the bounds proven on its score and the move that
/// gave its best value. An all-zero slot is empty (no position has no
/// discs).
#[derive(Clone, Copy, Default)]
struct Slot {
    p: u64,
    o: u64,
    lower: i8,
    upper: i8,
    best: Move,
}

/// What the cache knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Known {
    /// A lower bound on the score.
    pub(super) lower: i32,
    /// An upper bound on the score.
    pub(super) upper: i32,
    /// The move of the best value found ([`Move::NONE`] if none).
    pub(super) best: Move,
}

/// A direct-mapped cache of bounds for positions of [`SHALLOW_CACHE_MIN`]
/// to [`SHALLOW_CACHE_MAX`] empties; a new position replaces the slot's old
/// one.
pub(super) struct ShallowCache {
    /// The slots of positions from [`SHALLOW_CACHE_MIN`] empties up, then
    /// (from `low_base` on) those of fewer empties.
    slots: Box<[Slot]>,
    /// 64 less the bits of a slot's index, from [`SHALLOW_CACHE_MIN`] empties up.
    shift: u32,
    /// Where the slots of [`LOW_CACHE_MIN`] to [`SHALLOW_CACHE_MIN`] − 1
    /// empties start.
    low_base: usize,
    /// 64 less the bits of a low slot's index.
    low_shift: u32,
}

impl ShallowCache {
    /// An empty cache of 2^[`SHALLOW_CACHE_BITS`] slots.
    pub(super) fn new() -> ShallowCache {
        ShallowCache::with_bits(SHALLOW_CACHE_BITS)
    }

    /// An empty cache of 2^`bits` slots, and 2^(`bits` −
    /// [`LOW_CACHE_SHRINK`]) for the positions of fewer empties.
    pub(super) fn with_bits(bits: u32) -> ShallowCache {
        let low_bits = bits.saturating_sub(LOW_CACHE_SHRINK);
        ShallowCache {
            slots: vec![Slot::default(); (1 << bits) + (1 << low_bits)].into_boxed_slice(),
            shift: 64 - bits,
            low_base: 1 << bits,
            low_shift: 64 - low_bits,
        }
    }

    /// Whether positions with `empties` empties are cached.
    #[inline(always)]
    pub(super) fn covers(empties: u32) -> bool {
        (LOW_CACHE_MIN..=SHALLOW_CACHE_MAX).contains(&empties)
    }

    #[inline(always)]
    fn index(&self, p: u64, o: u64, empties: u32) -> usize {
        let h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        // The hash's top bits: as many as the region's slots need.
        if empties >= SHALLOW_CACHE_MIN {
            (h >> self.shift) as usize
        } else {
            self.low_base + (h >> self.low_shift) as usize
        }
    }

    /// Asks the processor to start loading the slot of `(p, o)` (a hint:
    /// no effect on the contents). Called for a node's children while the
    /// node lists them, so that each child's probe finds its slot loaded
    /// instead of waiting on the next cache level.
    #[inline(always)]
    pub(super) fn prefetch(&self, p: u64, o: u64, empties: u32) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let ptr = &self.slots[self.index(p, o, empties)] as *const Slot as *const i8;
            // SAFETY: SSE is part of the x86_64 baseline, and a prefetch is
            // a hint that never faults; `ptr` points into the live slots.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (p, o, empties);
    }

    /// What is known of the position with `empties` empties where `p` is
    /// to move against `o`.
    #[inline(always)]
    pub(super) fn probe(&self, p: u64, o: u64, empties: u32) -> Option<Known> {
        let s = self.slots[self.index(p, o, empties)];
        (s.p == p && s.o == o).then_some(Known {
            lower: i32::from(s.lower),
            upper: i32::from(s.upper),
            best: s.best,
        })
    }

    /// Records the bounds `lower..=upper` on the position's score and the
    /// move of its best value; bounds already there for the same position
    /// are kept where tighter.
    #[inline(always)]
    pub(super) fn store(
        &mut self,
        p: u64,
        o: u64,
        empties: u32,
        lower: i32,
        upper: i32,
        best: Move,
    ) {
        let i = self.index(p, o, empties);
        let s = &mut self.slots[i];
        let (lower, upper) = (lower as i8, upper as i8);
        if s.p == p && s.o == o {
            s.lower = s.lower.max(lower);
            s.upper = s.upper.min(upper);
            s.best = best;
        } else {
            *s = Slot {
                p,
                o,
                lower,
                upper,
                best,
            };
        }
    }

    /// Forgets every position.
    pub(super) fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    #[test]
    fn stores_merges_and_replaces() {
        let mut c = ShallowCache::with_bits(4);
        let (p, o) = (0x0000_0018_0000_0000, 0x0000_0000_1800_0000);
        assert_eq!(c.probe(p, o, 8), None);
        c.store(p, o, 8, -64, 10, Move::at(3));
        c.store(p, o, 8, 4, 64, Move::at(5));
        assert_eq!(
            c.probe(p, o, 8),
            Some(Known {
                lower: 4,
                upper: 10,
                best: Move::at(5)
            })
        );
        assert_eq!(
            c.probe(o, p, 8),
            None,
            "the side to move is part of the key"
        );
        // Another position in the same slot replaces it.
        let mut q = p;
        let other = loop {
            q = q.wrapping_add(1 << 40);
            if c.index(q, o, 8) == c.index(p, o, 8) && q != p {
                break q;
            }
        };
        c.store(other, o, 8, 0, 0, Move::NONE);
        assert_eq!(c.probe(p, o, 8), None);
        assert_eq!(c.probe(other, o, 8).map(|k| k.lower), Some(0));
        c.clear();
        assert_eq!(c.probe(other, o, 8), None);
    }
}
