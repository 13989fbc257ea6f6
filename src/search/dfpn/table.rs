//! The proof-number table of df-pn: a bounded, bucketed hash table keyed by
//! the full board (no false hits).
//!
//! One entry per board holds two kinds of knowledge:
//!
//! - **solved bounds** on the exact score, `lower ..= upper`, that hold for
//!   every target: a proof of "score ≥ k" raises `lower` to k, a disproof
//!   lowers `upper` to k − 1. A probe for any target k is answered by them
//!   when `lower ≥ k` (proven) or `upper < k` (disproven), so what the exact
//!   driver learns at one target serves the next;
//! - the **unsolved** (φ, δ) of the last target k searched at that board.
//!
//! Every entry also counts its `work` (nodes spent below it). Replacement in a
//! full bucket: an entry with solved bounds is never replaced by an unsolved
//! one; among unsolved entries the least work goes first, and a new entry with
//! less work than every unsolved one present is not stored. When the table
//! is 80 % full it collects garbage: it drops the entries of the smallest
//! subtrees (at least a quarter of the table) instead of stalling.

use crate::board::Board;
use crate::search::result::TableStats;
use crate::search::table::{Layout, Stored, Table};
use std::sync::Arc;

/// The "infinite" proof number (proven impossible).
pub const INF: u32 = u32::MAX;

const WAYS: usize = 4;
const NO_LOWER: i8 = -65;
const NO_UPPER: i8 = 65;

#[derive(Clone, Copy, Debug)]
struct Entry {
    player: u64,
    opponent: u64,
    phi: u32,
    delta: u32,
    work: u32,
    /// The target of `phi`/`delta`; `i8::MIN` when none is stored.
    k: i8,
    /// Proven: score ≥ lower (`NO_LOWER` = nothing proven).
    lower: i8,
    /// Proven: score ≤ upper (`NO_UPPER` = nothing proven).
    upper: i8,
}

const EMPTY: Entry = Entry {
    player: 0,
    opponent: 0,
    phi: 0,
    delta: 0,
    work: 0,
    k: i8::MIN,
    lower: NO_LOWER,
    upper: NO_UPPER,
};

impl Entry {
    #[inline]
    fn is_empty(&self) -> bool {
        self.player | self.opponent == 0
    }
    #[inline]
    fn holds(&self, b: &Board) -> bool {
        self.player == b.player && self.opponent == b.opponent
    }
    #[inline]
    fn is_solved(&self) -> bool {
        self.lower != NO_LOWER || self.upper != NO_UPPER
    }

    /// The entry in words `4w..4w + 4` of a bucket: the board, φ | δ << 32,
    /// and work | k, lower, upper in bytes 4–6 (each offset so that the
    /// all-zero words are [`EMPTY`]; byte 7 stays zero).
    #[inline]
    fn decode(w: &[u64], way: usize) -> Entry {
        let w = &w[4 * way..4 * way + 4];
        Entry {
            player: w[0],
            opponent: w[1],
            phi: w[2] as u32,
            delta: (w[2] >> 32) as u32,
            work: w[3] as u32,
            k: ((w[3] >> 32) as u8).wrapping_add(i8::MIN as u8) as i8,
            lower: ((w[3] >> 40) as u8 as i8).wrapping_add(NO_LOWER),
            upper: NO_UPPER.wrapping_sub((w[3] >> 48) as u8 as i8),
        }
    }

    #[inline]
    fn encode(&self, w: &mut [u64], way: usize) {
        let w = &mut w[4 * way..4 * way + 4];
        w[0] = self.player;
        w[1] = self.opponent;
        w[2] = u64::from(self.phi) | u64::from(self.delta) << 32;
        let k = (self.k as u8).wrapping_sub(i8::MIN as u8);
        let lower = self.lower.wrapping_sub(NO_LOWER) as u8;
        let upper = NO_UPPER.wrapping_sub(self.upper) as u8;
        w[3] = u64::from(self.work)
            | u64::from(k) << 32
            | u64::from(lower) << 40
            | u64::from(upper) << 48;
    }
}

/// The bucket layout: four entries of four words (two cache lines).
struct ProofLayout;

/// A store into the proof table.
enum ProofUpdate {
    /// Unsolved (φ, δ) for target k.
    Unsolved {
        k: i8,
        phi: u32,
        delta: u32,
        work: u32,
    },
    /// Proven bounds (already rounded to even and clamped).
    Bounds { lower: i8, upper: i8, work: u32 },
}

impl Layout for ProofLayout {
    type Words = [u64; 16];
    type Update = ProofUpdate;
    const EMPTY: [u64; 16] = [0; 16];
    const WHAT: &'static str = "the df-pn table";

    /// An entry with solved bounds is never replaced by an unsolved one;
    /// among unsolved entries the least work goes first, and a new entry
    /// with less work than every unsolved one present is not stored.
    fn store(w: &mut [u64; 16], b: &Board, u: &ProofUpdate, _date: u8) -> Stored {
        let (solved, work) = match *u {
            ProofUpdate::Unsolved { work, .. } => (false, work),
            ProofUpdate::Bounds { work, .. } => (true, work),
        };
        let mut outcome = Stored::Updated;
        let mut slot = (0..WAYS).find(|&i| Entry::decode(w, i).holds(b));
        if slot.is_none() {
            let mut victim: Option<(usize, Entry)> = None;
            for i in 0..WAYS {
                let e = Entry::decode(w, i);
                if e.is_empty() {
                    outcome = Stored::Inserted;
                    slot = Some(i);
                    break;
                }
                // Unsolved entries go before solved ones, then the least work.
                let key = (e.is_solved(), e.work);
                if victim.is_none_or(|(_, v)| key < (v.is_solved(), v.work)) {
                    victim = Some((i, e));
                }
            }
            if slot.is_none() {
                let Some((v, ve)) = victim else {
                    return Stored::Dropped;
                };
                let allowed = match (solved, ve.is_solved()) {
                    (false, true) => false,
                    (true, false) => true,
                    _ => ve.work <= work,
                };
                if !allowed {
                    return Stored::Dropped;
                }
                outcome = Stored::Replaced;
                slot = Some(v);
            }
            if let Some(i) = slot {
                Entry {
                    player: b.player,
                    opponent: b.opponent,
                    ..EMPTY
                }
                .encode(w, i);
            }
        }
        let Some(i) = slot else {
            return Stored::Dropped;
        };
        let mut e = Entry::decode(w, i);
        match *u {
            ProofUpdate::Unsolved {
                k,
                phi,
                delta,
                work,
            } => {
                e.k = k;
                e.phi = phi;
                e.delta = delta;
                e.work = e.work.max(work);
            }
            ProofUpdate::Bounds { lower, upper, work } => {
                e.lower = e.lower.max(lower);
                e.upper = e.upper.min(upper);
                debug_assert!(e.lower <= e.upper, "contradictory bounds stored");
                e.work = e.work.max(work);
            }
        }
        e.encode(w, i);
        outcome
    }
}

/// What the table knows about (board, k).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// Nothing.
    Miss,
    /// "score ≥ k" is proven (`true`) or disproven (`false`).
    Solved(bool),
    /// Unsolved, with the stored proof and disproof numbers and work.
    Unsolved {
        /// φ.
        phi: u32,
        /// δ.
        delta: u32,
        /// Nodes spent below this entry so far.
        work: u32,
    },
}

/// The bounded proof-number table. Several handles may share one table
/// ([`ProofTable::share`]: the threads of a parallel df-pn), each with
/// counters of its own.
pub struct ProofTable {
    table: Arc<Table<ProofLayout>>,
    stats: TableStats,
}

impl ProofTable {
    /// Size of one entry in bytes.
    pub const ENTRY_BYTES: usize = 32;

    /// A table using at most `mb` MiB (at least one bucket; the number of
    /// buckets is a power of two).
    pub fn with_mb(mb: usize) -> ProofTable {
        ProofTable::with_buckets(Self::buckets_for_mb(mb))
    }

    /// [`ProofTable::with_mb`], or an error naming the size when the memory
    /// is not there.
    pub fn try_with_mb(mb: usize) -> Result<ProofTable, crate::search::memory::TableMemoryError> {
        ProofTable::try_with_buckets(Self::buckets_for_mb(mb))
    }

    /// The capacity in entries of [`ProofTable::with_mb`]`(mb)`, without
    /// allocating it.
    pub fn with_mb_capacity(mb: usize) -> u64 {
        (Self::buckets_for_mb(mb) * WAYS) as u64
    }

    fn buckets_for_mb(mb: usize) -> usize {
        Table::<ProofLayout>::buckets_for_mb(mb)
    }

    /// A table of `buckets` buckets (rounded up to a power of two) of four entries.
    pub fn with_buckets(buckets: usize) -> ProofTable {
        ProofTable::try_with_buckets(buckets).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`ProofTable::with_buckets`], or an error when the memory is not there.
    pub fn try_with_buckets(
        buckets: usize,
    ) -> Result<ProofTable, crate::search::memory::TableMemoryError> {
        let table = Arc::new(Table::try_with_buckets(buckets)?);
        let capacity = (table.buckets() * WAYS) as u64;
        Ok(ProofTable {
            table,
            stats: TableStats {
                capacity,
                ..TableStats::default()
            },
        })
    }

    /// The counters.
    pub fn stats(&self) -> TableStats {
        self.stats
    }

    /// Another handle on the same table, with counters of its own that
    /// start at 0 (its entry count too: [`ProofTable::absorb`] adds them
    /// back). While a second handle exists, no handle collects garbage
    /// (every store still goes through the table's replacement policy).
    pub fn share(&self) -> ProofTable {
        ProofTable {
            table: Arc::clone(&self.table),
            stats: TableStats {
                capacity: self.stats.capacity,
                ..TableStats::default()
            },
        }
    }

    /// Adds the counters of a handle made by [`ProofTable::share`] to this
    /// one's.
    pub fn absorb(&mut self, other: &TableStats) {
        let s = &mut self.stats;
        s.probes += other.probes;
        s.hits += other.hits;
        s.stores += other.stores;
        s.replacements += other.replacements;
        s.collections += other.collections;
        s.entries = (s.entries + other.entries).min(s.capacity);
    }

    /// Empties the table (counters are kept, entries reset to 0).
    pub fn clear(&mut self) {
        self.table.clear();
        self.stats.entries = 0;
    }

    #[inline]
    fn find(&self, b: &Board) -> Option<Entry> {
        let w = self.table.read(b);
        (0..WAYS).map(|i| Entry::decode(&w, i)).find(|e| e.holds(b))
    }

    /// Starts loading the bucket of `b` into the cache (a hint).
    #[inline]
    pub fn prefetch(&self, b: &Board) {
        self.table.prefetch(b);
    }

    /// What is known about "score of `b` ≥ k".
    #[inline]
    pub fn probe(&mut self, b: &Board, k: i32) -> Lookup {
        self.stats.probes += 1;
        let Some(e) = self.find(b) else {
            return Lookup::Miss;
        };
        self.stats.hits += 1;
        if e.lower as i32 >= k {
            Lookup::Solved(true)
        } else if (e.upper as i32) < k {
            Lookup::Solved(false)
        } else if e.k as i32 == k {
            Lookup::Unsolved {
                phi: e.phi,
                delta: e.delta,
                work: e.work,
            }
        } else {
            Lookup::Miss
        }
    }

    /// The proven bounds (lower, upper) on the score of `b` (−64, 64 when unknown).
    pub fn bounds(&self, b: &Board) -> (i32, i32) {
        match self.find(b) {
            Some(e) => ((e.lower as i32).max(-64), (e.upper as i32).min(64)),
            None => (-64, 64),
        }
    }

    /// Records unsolved (φ, δ) for target k.
    pub fn store_unsolved(&mut self, b: &Board, k: i32, phi: u32, delta: u32, work: u64) {
        let work = work.min(u32::MAX as u64) as u32;
        let k = k.clamp(-64, 65) as i8;
        self.store(
            b,
            ProofUpdate::Unsolved {
                k,
                phi,
                delta,
                work,
            },
        );
    }

    /// Records that "score ≥ k" is proven (`proven`) or disproven.
    pub fn store_solved(&mut self, b: &Board, k: i32, proven: bool, work: u64) {
        if proven {
            self.store_bounds(b, k, 64, work);
        } else {
            self.store_bounds(b, -64, k - 1, work);
        }
    }

    /// Records proven bounds `lower ..= upper` on the score of `b`; they
    /// narrow what the entry knew. Final scores are even (empties go to the
    /// winner), so odd bounds are rounded inward: a proof of "≥ 5" stores
    /// lower = 6, a disproof of "≥ −4" stores upper = −6. Targets alternate
    /// between odd and even from ply to ply, so this lets a question at one
    /// target reuse the (dis)proofs found at its neighbour.
    pub fn store_bounds(&mut self, b: &Board, lower: i32, upper: i32, work: u64) {
        let work = work.min(u32::MAX as u64) as u32;
        let (lower, upper) = (lower + (lower & 1), upper - (upper & 1));
        self.store(
            b,
            ProofUpdate::Bounds {
                lower: lower.clamp(-64, 65) as i8,
                upper: upper.clamp(-65, 64) as i8,
                work,
            },
        );
    }

    /// Stores by the layout's policy, collecting garbage first when a new
    /// board would enter a table 80 % full, and counts what happened.
    fn store(&mut self, b: &Board, u: ProofUpdate) {
        self.stats.stores += 1;
        if self.stats.entries * 5 >= self.stats.capacity * 4 && self.find(b).is_none() {
            self.collect();
        }
        match self.table.store(b, &u) {
            Stored::Inserted => self.stats.entries += 1,
            Stored::Replaced => self.stats.replacements += 1,
            Stored::Updated | Stored::Dropped => {}
        }
    }

    /// Drops the entries of the smallest subtrees, at least a quarter of the
    /// entries in use (solved entries count four times their work, as they
    /// stand for finished work).
    pub fn collect(&mut self) {
        // Only a handle that has the table to itself collects.
        let Some(table) = Arc::get_mut(&mut self.table) else {
            return;
        };
        self.stats.collections += 1;
        let weight = |e: &Entry| -> u64 {
            let w = e.work as u64 + 1;
            if e.is_solved() {
                w * 4
            } else {
                w
            }
        };
        // Histogram of log2(weight), then the smallest threshold that frees a quarter.
        let mut hist = [0u64; 66];
        table.for_each_bucket(|w| {
            for i in 0..WAYS {
                let e = Entry::decode(w, i);
                if !e.is_empty() {
                    hist[64 - weight(&e).leading_zeros() as usize] += 1;
                }
            }
        });
        let target = (self.stats.entries / 4).max(1);
        let mut freed = 0;
        let mut cut = 0;
        while cut < hist.len() && freed < target {
            freed += hist[cut];
            cut += 1;
        }
        let mut left = 0;
        table.for_each_bucket(|w| {
            for i in 0..WAYS {
                let e = Entry::decode(w, i);
                if e.is_empty() {
                    continue;
                }
                if (64 - weight(&e).leading_zeros() as usize) < cut {
                    EMPTY.encode(w, i);
                } else {
                    left += 1;
                }
            }
        });
        self.stats.entries = left;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{random_position, SplitMix64};

    #[test]
    fn bounds_serve_every_target() {
        let mut t = ProofTable::with_mb(1);
        let b = Board::start();
        assert_eq!(t.probe(&b, 0), Lookup::Miss);
        t.store_solved(&b, 4, true, 10);
        assert_eq!(t.probe(&b, 4), Lookup::Solved(true));
        assert_eq!(t.probe(&b, -10), Lookup::Solved(true));
        assert_eq!(t.probe(&b, 5), Lookup::Miss);
        t.store_solved(&b, 9, false, 10);
        assert_eq!(t.probe(&b, 9), Lookup::Solved(false));
        assert_eq!(t.probe(&b, 30), Lookup::Solved(false));
        assert_eq!(t.bounds(&b), (4, 8));
        t.store_unsolved(&b, 7, 3, 5, 2);
        assert_eq!(
            t.probe(&b, 7),
            Lookup::Unsolved {
                phi: 3,
                delta: 5,
                work: 10
            }
        );
        assert_eq!(t.probe(&b, 5), Lookup::Miss);
        assert_eq!(t.probe(&b, 3), Lookup::Solved(true));
    }

    #[test]
    fn odd_bounds_round_to_even_scores() {
        let mut t = ProofTable::with_mb(1);
        let b = Board::start();
        // "≥ 5" proven: the score is at least 6, so "≥ 6" holds too.
        t.store_solved(&b, 5, true, 1);
        assert_eq!(t.probe(&b, 6), Lookup::Solved(true));
        assert_eq!(t.probe(&b, 7), Lookup::Miss);
        // "≥ 12" disproven: at most 10, so "≥ 11" fails too.
        t.store_solved(&b, 12, false, 1);
        assert_eq!(t.probe(&b, 11), Lookup::Solved(false));
        assert_eq!(t.probe(&b, 10), Lookup::Miss);
        assert_eq!(t.bounds(&b), (6, 10));
        // Bounds only narrow.
        t.store_bounds(&b, -3, 63, 1);
        assert_eq!(t.bounds(&b), (6, 10));
        t.store_bounds(&b, 8, 9, 1);
        assert_eq!(t.bounds(&b), (8, 8));
    }

    #[test]
    fn solved_entries_survive_unsolved_pressure_and_gc_keeps_big_work() {
        let mut t = ProofTable::with_buckets(64);
        let mut rng = SplitMix64::new(7);
        let mut solved = Vec::new();
        let mut big = Vec::new();
        for i in 0..2000 {
            let Some(b) = random_position(&mut rng, 20 + (i % 30) as u32) else {
                continue;
            };
            if i % 10 == 0 {
                t.store_solved(&b, 0, true, 1_000_000);
                solved.push(b);
            } else if i % 10 == 1 {
                t.store_unsolved(&b, 1, 5, 5, 100_000);
                big.push(b);
            } else {
                t.store_unsolved(&b, 1, 5, 5, 1);
            }
            assert!(t.stats().entries <= t.stats().capacity);
        }
        let st = t.stats();
        assert!(st.collections > 0 && st.replacements > 0, "{st:?}");
        // Recent solved entries with big work are still there.
        let last: Vec<_> = solved.iter().rev().take(5).collect();
        for b in last {
            assert_eq!(t.probe(b, 0), Lookup::Solved(true));
        }
        let kept = big.iter().filter(|b| t.probe(b, 1) != Lookup::Miss).count();
        assert!(kept > 0);
    }

    #[test]
    fn no_false_hits() {
        // One bucket: every board collides, yet only its own entry answers.
        let mut t = ProofTable::with_buckets(1);
        let a = Board::start();
        let b = a.pass();
        t.store_solved(&a, 0, true, 5);
        assert_eq!(t.probe(&b, 0), Lookup::Miss);
        assert_eq!(t.probe(&a, 0), Lookup::Solved(true));
    }
}
