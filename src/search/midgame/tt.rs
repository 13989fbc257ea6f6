//! The midgame search's table, on the shared design of
//! [`crate::search::table`]: buckets of two cache lines holding five
//! entries, each keyed by the full board (no false hits), with fail-soft
//! bounds in quarter discs, the depth and confidence they were searched
//! at, and the best move.
//!
//! Unlike the exact solver's bounds ([`crate::search::alphabeta::tt`]),
//! these are values of a depth-limited search: a bound serves a later
//! search only when it was searched at least as deep and at least as
//! surely (confidence). Replacement keeps the deeper entries: a new
//! position takes an empty slot, else an entry from an older generation,
//! else the shallowest.

use crate::board::{Board, Move};
use crate::search::table::{self, Layout, Stored};

/// Entries per bucket.
const BUCKET: usize = 5;

/// One stored position's search data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    /// Fail-soft lower bound, quarter discs.
    pub(super) lower: i16,
    /// Fail-soft upper bound, quarter discs.
    pub(super) upper: i16,
    /// Best move found, or [`Move::NONE`].
    pub(super) best: Move,
    /// The depth the bounds were searched to.
    pub(super) depth: u8,
    /// The confidence level they were searched at (higher: surer).
    pub(super) level: u8,
}

impl Entry {
    fn pack(&self, date: u8) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.best.byte()) << 32
            | u64::from(self.depth) << 40
            | u64::from(self.level) << 48
            | u64::from(date) << 56
    }

    fn unpack(w: u64) -> (Entry, u8) {
        (
            Entry {
                lower: w as u16 as i16,
                upper: (w >> 16) as u16 as i16,
                best: Move::from_byte((w >> 32) as u8),
                depth: (w >> 40) as u8,
                level: (w >> 48) as u8,
            },
            (w >> 56) as u8,
        )
    }
}

/// The bucket layout: words 0–9 the five boards (an empty slot has the
/// board 0, 0, which no position has), words 10–14 the five entries' data
/// ([`Entry::pack`]: lower, upper, best, depth, level, date); word 15 is
/// unused, so that its top byte stays the table's lock.
pub(super) struct MidLayout;

impl Layout for MidLayout {
    type Words = [u64; 16];
    type Update = Entry;
    const EMPTY: [u64; 16] = [0; 16];
    const WHAT: &'static str = "the midgame table";

    fn store(w: &mut [u64; 16], b: &Board, u: &Entry, date: u8) -> Stored {
        let mut victim = 0;
        let mut victim_key = u16::MAX;
        for k in 0..BUCKET {
            let (p, o) = (w[2 * k], w[2 * k + 1]);
            if p == b.player && o == b.opponent {
                let (old, _) = Entry::unpack(w[10 + k]);
                // A shallower or less sure search keeps the deeper one's bounds
                // but may bring a best move.
                if (u.depth, u.level) < (old.depth, old.level) {
                    if u.best.is_none() || u.best == old.best {
                        return Stored::Dropped;
                    }
                    w[10 + k] = Entry {
                        best: u.best,
                        ..old
                    }
                    .pack(date);
                } else {
                    w[10 + k] = u.pack(date);
                }
                return Stored::Updated;
            }
            if p == 0 && o == 0 {
                w[2 * k] = b.player;
                w[2 * k + 1] = b.opponent;
                w[10 + k] = u.pack(date);
                return Stored::Inserted;
            }
            let (e, d) = Entry::unpack(w[10 + k]);
            let key = (u16::from(d == date) << 8) | u16::from(e.depth);
            if key < victim_key {
                victim_key = key;
                victim = k;
            }
        }
        w[2 * victim] = b.player;
        w[2 * victim + 1] = b.opponent;
        w[10 + victim] = u.pack(date);
        Stored::Replaced
    }
}

/// The midgame table.
pub(super) struct MidTable(table::Table<MidLayout>);

impl MidTable {
    /// A table of at most `mb` MiB, or the allocation error.
    pub(super) fn try_with_mb(
        mb: usize,
    ) -> Result<MidTable, crate::search::memory::TableMemoryError> {
        Ok(MidTable(table::Table::try_with_mb(mb)?))
    }

    /// The entry of `b`, if stored.
    #[inline]
    pub(super) fn get(&self, b: &Board) -> Option<Entry> {
        let w = self.0.read(b);
        (0..BUCKET)
            .find(|&k| {
                w[2 * k] == b.player && w[2 * k + 1] == b.opponent && (b.player | b.opponent) != 0
            })
            .map(|k| Entry::unpack(w[10 + k]).0)
    }

    /// Stores `e` about `b`.
    #[inline]
    pub(super) fn put(&self, b: &Board, e: Entry) {
        self.0.store(b, &e);
    }

    /// Starts a new generation (each search of a new position).
    pub(super) fn new_generation(&self) {
        self.0.new_generation();
    }

    /// Empties the table.
    pub(super) fn clear(&self) {
        self.0.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(lower: i16, upper: i16, depth: u8) -> Entry {
        Entry {
            lower,
            upper,
            best: Move::at(19),
            depth,
            level: 5,
        }
    }

    #[test]
    fn round_trip_and_depth_preference() {
        let t = MidTable::try_with_mb(1).expect("1 MiB");
        let b = Board::start();
        assert_eq!(t.get(&b), None);
        t.put(&b, entry(-257, 12, 6));
        assert_eq!(t.get(&b), Some(entry(-257, 12, 6)));
        // A shallower search does not replace the deeper bounds.
        t.put(&b, entry(0, 0, 3));
        assert_eq!(t.get(&b), Some(entry(-257, 12, 6)));
        t.put(&b, entry(4, 4, 7));
        assert_eq!(t.get(&b), Some(entry(4, 4, 7)));
        let other = b
            .play(crate::Square::parse("f5").expect("square"))
            .expect("legal");
        assert_eq!(t.get(&other), None);
    }

    #[test]
    fn a_full_bucket_evicts_the_shallowest() {
        let mut w = MidLayout::EMPTY;
        let boards: Vec<Board> = (0..6u64)
            .map(|i| Board::new(1 << i, 1 << 40).expect("disjoint"))
            .collect();
        for (i, b) in boards.iter().take(5).enumerate() {
            let depth = [9u8, 3, 7, 8, 6][i];
            assert_eq!(
                MidLayout::store(&mut w, b, &entry(0, 0, depth), 1),
                Stored::Inserted
            );
        }
        assert_eq!(
            MidLayout::store(&mut w, &boards[5], &entry(0, 0, 5), 1),
            Stored::Replaced
        );
        // The depth-3 entry (slot 1) went.
        assert_eq!((w[2], w[3]), (boards[5].player, boards[5].opponent));
        assert_eq!(w[15] & table::LOCK_BYTE, 0);
    }
}
