//! The transposition table: buckets of three entries in one 64-byte cache
//! line (one memory access per probe), each keyed by the full board (no
//! false hits), holding proven lower and upper bounds on the exact
//! score, the best move found and the search cost (log₂ of the nodes spent).
//!
//! Every search here goes to the end of the game, so an exact search's
//! bound is true whatever window produced it: bounds from different
//! searches of the same position are simply intersected. The selective
//! pre-searches ([`super::probcut`]) store their bounds at their own
//! *level* (0 = least sure, [`EXACT`] = proven), except those of a
//! subtree that took no selective decision, which are proven and stored
//! as such. A higher level replaces a lower one's bounds, a lower one
//! never touches a higher one's, and a search only takes the bounds of its
//! own level or above (its best move from any level). Replacement keeps the
//! costlier entries: a new position replaces, in its bucket, an entry from an
//! older generation first, and otherwise the entry with the lowest cost.

use crate::board::{Board, Move};
use crate::search::table::{self, Layout, Stored};

/// Entries per bucket.
const BUCKET: usize = 3;

/// The level of a proven bound (the exact search's); selective searches
/// store below it.
pub const EXACT: u8 = 3;

/// The cost's bits in the cost byte (the level takes the top two).
const COST_MASK: u8 = 0x3F;

/// One stored position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
    /// Proven lower bound on the score.
    pub lower: i8,
    /// Proven upper bound on the score.
    pub upper: i8,
    /// Best move found, or [`Move::NONE`].
    pub best: Move,
    /// log₂ of the nodes the search of this position took (replacement priority).
    pub cost: u8,
    /// How sure the bounds are: [`EXACT`] for proven ones, less for a
    /// selective search's.
    pub level: u8,
    /// The generation that last wrote this entry.
    date: u8,
}

/// The bucket layout: words 0–5 the three boards (an empty slot has the
/// board 0, 0, which no position has), words 6–7 the three entries' data,
/// five bytes each (lower, upper, best, level × 64 + cost, date) from byte
/// 48 on; byte 63 is the table's lock.
pub struct AbLayout;

/// A store: bounds, best move, cost and level (packed as in the bucket).
pub struct AbUpdate {
    lower: i8,
    upper: i8,
    best: Move,
    cost: u8,
}

/// The level packed in a cost byte.
#[inline]
fn level_of(cost: u8) -> u8 {
    cost >> 6
}

/// The data bytes of the entries of a bucket, as one number.
#[inline]
fn meta_word(w: &[u64; 8]) -> u128 {
    u128::from(w[6]) | u128::from(w[7]) << 64
}

#[inline]
fn meta(w: &[u64; 8], k: usize) -> [u8; 5] {
    let m = (meta_word(w) >> (40 * k)) as u64;
    let b = m.to_le_bytes();
    [b[0], b[1], b[2], b[3], b[4]]
}

#[inline]
fn set_meta(w: &mut [u64; 8], k: usize, v: [u8; 5]) {
    let mut b = [0u8; 8];
    b[..5].copy_from_slice(&v);
    let v = u128::from(u64::from_le_bytes(b));
    let mask = 0xFF_FFFF_FFFFu128 << (40 * k);
    let m = (meta_word(w) & !mask) | v << (40 * k);
    w[6] = m as u64;
    w[7] = (m >> 64) as u64;
}

#[inline]
fn find(w: &[u64; 8], b: &Board) -> Option<usize> {
    (0..BUCKET).find(|&k| w[2 * k] == b.player && w[2 * k + 1] == b.opponent)
}

impl Layout for AbLayout {
    type Words = [u64; 8];
    type Update = AbUpdate;
    const EMPTY: [u64; 8] = [0; 8];
    const WHAT: &'static str = "the alpha-beta table";

    /// Bounds of the same level are intersected with the entry's, a higher
    /// level's replace them, a lower level's are dropped; a new board
    /// replaces an entry from an older generation first, then the cheapest.
    #[inline]
    fn store(w: &mut [u64; 8], b: &Board, u: &AbUpdate, date: u8) -> Stored {
        if let Some(k) = find(w, b) {
            let [lower, upper, best, packed, _] = meta(w, k);
            let (old, new) = (level_of(packed), level_of(u.cost));
            let cost = (packed & COST_MASK).max(u.cost & COST_MASK);
            let (lower, upper, best, level) = if new < old {
                (lower, upper, best, old)
            } else {
                let best = if u.best.is_none() {
                    best
                } else {
                    u.best.byte()
                };
                let (mut l, mut h) = (u.lower, u.upper);
                if new == old {
                    l = l.max(lower as i8);
                    h = h.min(upper as i8);
                    if l > h {
                        // Selective bounds can contradict each other: the
                        // newer search wins.
                        (l, h) = (u.lower, u.upper);
                    }
                }
                (l as u8, h as u8, best, new)
            };
            set_meta(w, k, [lower, upper, best, level << 6 | cost, date]);
            return Stored::Updated;
        }
        // Victim: an older generation first, then the cheapest.
        let mut victim = 0;
        let mut victim_key = u16::MAX;
        for k in 0..BUCKET {
            let [_, _, _, cost, d] = meta(w, k);
            let key = (u16::from(d == date) << 8) | u16::from(cost & COST_MASK);
            if key < victim_key {
                victim_key = key;
                victim = k;
            }
        }
        let was_empty = w[2 * victim] | w[2 * victim + 1] == 0;
        w[2 * victim] = b.player;
        w[2 * victim + 1] = b.opponent;
        set_meta(
            w,
            victim,
            [u.lower as u8, u.upper as u8, u.best.byte(), u.cost, date],
        );
        if was_empty {
            Stored::Inserted
        } else {
            Stored::Replaced
        }
    }
}

/// The table. Its size is fixed at creation; `&self` methods, so threads
/// share it ([`crate::search::table`]).
pub struct Table(table::Table<AbLayout>);

impl Table {
    /// A table of at most `mb` mebibytes (at least one bucket; the bucket
    /// count is a power of two).
    pub fn new(mb: usize) -> Table {
        Table::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Table::new`], or an error naming the size when the memory is not there.
    pub fn try_new(mb: usize) -> Result<Table, crate::search::memory::TableMemoryError> {
        table::Table::try_with_mb(mb).map(Table)
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.0.bytes()
    }

    /// Empties every entry.
    pub fn clear(&self) {
        self.0.clear();
    }

    /// Starts a new generation: entries written before become the first to
    /// be replaced (they stay valid and are still found).
    pub fn new_generation(&self) {
        self.0.new_generation();
    }

    /// Asks the processor to start loading the bucket of `b` (a hint; no
    /// effect on the table's contents). Called for the children of a node
    /// while its moves are being ordered, so the children's probes hit cache.
    #[inline]
    pub fn prefetch(&self, b: &Board) {
        self.0.prefetch(b);
    }

    /// The entry of this exact board, if stored.
    #[inline]
    pub fn probe(&self, b: &Board) -> Option<Entry> {
        let w = self.0.read(b);
        find(&w, b).map(|k| {
            let [lower, upper, best, cost, date] = meta(&w, k);
            Entry {
                player: b.player,
                opponent: b.opponent,
                lower: lower as i8,
                upper: upper as i8,
                best: Move::from_byte(best),
                cost: cost & COST_MASK,
                level: level_of(cost),
                date,
            }
        })
    }

    /// Records that the score of `b` lies in `lower..=upper` as far as a
    /// search of `level` ([`EXACT`]: proven) can tell, with best move `best`
    /// ([`Move::NONE`] if none) found after `nodes` nodes.
    #[inline]
    pub fn store(&self, b: &Board, lower: i32, upper: i32, best: Move, nodes: u64, level: u8) {
        let cost = ((64 - nodes.leading_zeros()) as u8).min(COST_MASK);
        let u = AbUpdate {
            lower: lower as i8,
            upper: upper as i8,
            best,
            cost: level.min(EXACT) << 6 | cost,
        };
        self.0.store(b, &u);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(i: u64) -> Board {
        Board {
            player: i << 1 | 1,
            opponent: 1 << 63,
        }
    }

    #[test]
    fn a_bucket_is_one_cache_line() {
        assert_eq!(table::Table::<AbLayout>::BUCKET_BYTES, 64);
        // The data of the three entries ends before the lock byte.
        let mut w = [0u64; 8];
        set_meta(&mut w, 2, [0xFF; 5]);
        assert_eq!(w[7] & table::LOCK_BYTE, 0);
    }

    #[test]
    fn size_is_bounded() {
        let t = Table::new(1);
        assert!(t.bytes() <= 1 << 20);
        assert!(t.bytes() > 1 << 19);
        assert_eq!(Table::new(0).bytes(), 64);
    }

    #[test]
    fn store_probe_and_merge() {
        let t = Table::new(1);
        let b = board(5);
        assert_eq!(t.probe(&b), None);
        t.store(&b, 4, 64, Move::at(19), 1000, EXACT);
        let e = t.probe(&b).map(|e| (e.lower, e.upper, e.best.byte()));
        assert_eq!(e, Some((4, 64, 19)));
        t.store(&b, -64, 10, Move::NONE, 10, EXACT);
        let e = t.probe(&b).map(|e| (e.lower, e.upper, e.best.byte()));
        assert_eq!(e, Some((4, 10, 19)));
        // A different board never matches.
        assert_eq!(t.probe(&board(6)).map(|e| e.lower), None);
    }

    #[test]
    fn levels_never_weaken_proven_bounds() {
        let t = Table::new(1);
        let b = board(7);
        let get = |t: &Table| {
            t.probe(&b)
                .map(|e| (e.lower, e.upper, e.best.byte(), e.level))
        };
        // A selective search's bounds, then a contradicting one of the same
        // level: the newer wins.
        t.store(&b, 10, 64, Move::at(3), 100, 0);
        assert_eq!(get(&t), Some((10, 64, 3, 0)));
        t.store(&b, -64, 4, Move::at(5), 100, 0);
        assert_eq!(get(&t), Some((-64, 4, 5, 0)));
        // A higher level replaces them; a lower one leaves them alone.
        t.store(&b, -64, 20, Move::at(9), 100, 1);
        assert_eq!(get(&t), Some((-64, 20, 9, 1)));
        t.store(&b, 30, 64, Move::at(11), 100, 0);
        assert_eq!(get(&t), Some((-64, 20, 9, 1)));
        // Proven bounds replace every selective one and are never touched.
        t.store(&b, 2, 64, Move::NONE, 100, EXACT);
        assert_eq!(get(&t), Some((2, 64, 9, EXACT)));
        t.store(&b, -64, -10, Move::at(12), 1 << 40, 2);
        assert_eq!(get(&t), Some((2, 64, 9, EXACT)));
        // The cost is still the largest seen.
        assert_eq!(t.probe(&b).map(|e| e.cost), Some(41));
    }

    #[test]
    fn replacement_keeps_costly_entries() {
        // A one-bucket table: every board collides.
        let t = Table::new(0);
        t.store(&board(1), 0, 0, Move::NONE, 1 << 20, EXACT);
        for i in 2..20 {
            t.store(&board(i), 0, 0, Move::NONE, 10, EXACT);
        }
        assert!(t.probe(&board(1)).is_some(), "the costly entry survives");
        // After a new generation, old entries go first even if costly.
        t.new_generation();
        for i in 100..104 {
            t.store(&board(i), 0, 0, Move::NONE, 10, EXACT);
        }
        assert!(t.probe(&board(1)).is_none());
    }
}
