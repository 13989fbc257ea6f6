//! Virtual proof numbers: the nodes the workers of a parallel df-pn are
//! expanding now ([`Busy`]).

use crate::board::Board;
use std::sync::atomic::{AtomicU16, Ordering};

/// The nodes the workers of a parallel df-pn are expanding now, counted per
/// slot of a hash of the board. A worker choosing a child looks here and
/// prefers a sibling of a busy child whose numbers are not much worse, so
/// the workers spread over the tree (virtual proof numbers, as in Kaneko's
/// parallel df-pn). Two boards may share a slot: that only misleads the
/// choice, never an answer.
pub(super) struct Busy {
    slots: Box<[AtomicU16]>,
}

impl Busy {
    const BITS: u32 = 16;

    pub(super) fn new() -> Busy {
        Busy {
            slots: (0..1usize << Self::BITS)
                .map(|_| AtomicU16::new(0))
                .collect(),
        }
    }

    #[inline]
    fn slot(&self, b: &Board) -> &AtomicU16 {
        let h = b.player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ b.opponent.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        &self.slots[(h >> (64 - Self::BITS)) as usize]
    }

    #[inline]
    pub(super) fn enter(&self, b: &Board) {
        self.slot(b).fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    pub(super) fn leave(&self, b: &Board) {
        self.slot(b).fetch_sub(1, Ordering::Relaxed);
    }

    #[inline]
    pub(super) fn is_busy(&self, b: &Board) -> bool {
        self.slot(b).load(Ordering::Relaxed) > 0
    }
}
