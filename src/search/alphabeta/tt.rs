//! The transposition table: buckets of three entries in one 64-byte cache
//! line (one memory access per probe), each keyed by the full board (no
//! false hits), holding proven lower and upper bounds on the exact
//! score, the best move found and the search cost (log₂ of the nodes spent).
//!
//! Every search here is exact to the end of the game, so a stored bound is
//! true whatever window or depth produced it: bounds from different searches
//! of the same position are simply intersected. Replacement keeps the
//! costlier entries: a new position replaces, in its bucket, an entry from an
//! older generation first, and otherwise the entry with the lowest cost.

use crate::board::Board;

/// Entries per bucket.
const BUCKET: usize = 3;

/// No move stored.
pub const NO_MOVE: u8 = 64;

/// One stored position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Entry {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
    /// Proven lower bound on the score.
    pub lower: i8,
    /// Proven upper bound on the score.
    pub upper: i8,
    /// Best move found (square index), or [`NO_MOVE`].
    pub best: u8,
    /// log₂ of the nodes the search of this position took (replacement priority).
    pub cost: u8,
    /// The generation that last wrote this entry.
    date: u8,
}

/// The stored data of an entry besides its board.
#[derive(Clone, Copy)]
#[repr(C)]
struct Meta {
    lower: i8,
    upper: i8,
    best: u8,
    cost: u8,
    date: u8,
}

const EMPTY_META: Meta = Meta {
    lower: -64,
    upper: 64,
    best: NO_MOVE,
    cost: 0,
    date: 0,
};

/// A bucket: three boards then their data, 63 bytes in one cache line (an
/// empty slot has the board 0, 0, which no position has).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Bucket {
    boards: [[u64; 2]; BUCKET],
    meta: [Meta; BUCKET],
}

const EMPTY: Bucket = Bucket {
    boards: [[0; 2]; BUCKET],
    meta: [EMPTY_META; BUCKET],
};

impl Bucket {
    /// The slot holding `b`, if any.
    #[inline]
    fn find(&self, b: &Board) -> Option<usize> {
        self.boards
            .iter()
            .position(|x| x[0] == b.player && x[1] == b.opponent)
    }
}

/// The table. Its size is fixed at creation.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    date: u8,
}

/// Asks the kernel to back `len` bytes from `ptr` with transparent huge
/// pages (Linux `madvise(MADV_HUGEPAGE)`); a hint whose failure changes
/// nothing but speed. Other systems: no effect.
fn advise_huge_pages(ptr: *mut u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const MADV_HUGEPAGE: i32 = 14;
        const HUGE: usize = 2 << 20;
        extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        // madvise wants a page-aligned start: the whole 2 MiB pages inside
        // the block.
        let start = (ptr as usize).next_multiple_of(HUGE);
        let end = (ptr as usize + len) / HUGE * HUGE;
        if end > start {
            // SAFETY: [start, end) lies inside the allocation `ptr..ptr+len`
            // owned by the caller; MADV_HUGEPAGE only changes how the kernel
            // backs those pages (their contents stay valid), and the libc
            // `madvise` symbol is linked by std on Linux. The result is
            // ignored: the advice is optional.
            unsafe {
                madvise(start as *mut std::ffi::c_void, end - start, MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, len);
}

impl Table {
    /// A table of at most `mb` mebibytes (at least one bucket; the bucket
    /// count is a power of two).
    pub fn new(mb: usize) -> Table {
        Table::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Table::new`], or an error naming the size when the memory is not there.
    pub fn try_new(mb: usize) -> Result<Table, crate::search::memory::TableMemoryError> {
        let bytes = mb.saturating_mul(1 << 20);
        let per = std::mem::size_of::<Bucket>();
        let mut n = 1usize;
        while n.saturating_mul(2).saturating_mul(per) <= bytes {
            n *= 2;
        }
        // Reserve first (no page touched yet), ask for huge pages, then
        // fill: a table of hundreds of MiB probed at random costs a TLB miss
        // on nearly every probe with 4 KiB pages.
        let mut buckets: Vec<Bucket> =
            crate::search::memory::try_with_capacity(n, "the alpha-beta table")?;
        advise_huge_pages(buckets.as_mut_ptr().cast(), n * per);
        buckets.resize(n, EMPTY);
        Ok(Table {
            buckets,
            mask: n - 1,
            date: 1,
        })
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Empties every entry.
    pub fn clear(&mut self) {
        self.buckets.fill(EMPTY);
        self.date = 1;
    }

    /// Starts a new generation: entries written before become the first to
    /// be replaced (they stay valid and are still found).
    pub fn new_generation(&mut self) {
        self.date = if self.date == u8::MAX {
            1
        } else {
            self.date + 1
        };
    }

    #[inline]
    fn bucket_index(&self, b: &Board) -> usize {
        b.hash() as usize & self.mask
    }

    /// Asks the processor to start loading the bucket of `b` (a hint; no
    /// effect on the table's contents). Called for the children of a node
    /// while its moves are being ordered, so the children's probes hit cache.
    #[inline]
    pub fn prefetch(&self, b: &Board) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let ptr = &self.buckets[self.bucket_index(b)] as *const Bucket as *const i8;
            // SAFETY: SSE is part of the x86_64 baseline, and a prefetch is a
            // hint that never faults; `ptr` points into the live table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = b;
    }

    /// The entry of this exact board, if stored.
    #[inline]
    pub fn probe(&self, b: &Board) -> Option<Entry> {
        let bucket = &self.buckets[self.bucket_index(b)];
        bucket.find(b).map(|k| {
            let m = bucket.meta[k];
            Entry {
                player: b.player,
                opponent: b.opponent,
                lower: m.lower,
                upper: m.upper,
                best: m.best,
                cost: m.cost,
                date: m.date,
            }
        })
    }

    /// Records that the score of `b` lies in `lower..=upper`, with best move
    /// `best` ([`NO_MOVE`] if none) found after `nodes` nodes.
    #[inline]
    pub fn store(&mut self, b: &Board, lower: i32, upper: i32, best: u8, nodes: u64) {
        let cost = (64 - nodes.leading_zeros()) as u8;
        let date = self.date;
        let i = self.bucket_index(b);
        let bucket = &mut self.buckets[i];
        if let Some(k) = bucket.find(b) {
            let e = &mut bucket.meta[k];
            e.lower = e.lower.max(lower as i8);
            e.upper = e.upper.min(upper as i8);
            if best != NO_MOVE {
                e.best = best;
            }
            e.cost = e.cost.max(cost);
            e.date = date;
            return;
        }
        // Victim: an older generation first, then the cheapest.
        let mut victim = 0;
        let mut victim_key = u16::MAX;
        for (k, e) in bucket.meta.iter().enumerate() {
            let key = (u16::from(e.date == date) << 8) | u16::from(e.cost);
            if key < victim_key {
                victim_key = key;
                victim = k;
            }
        }
        bucket.boards[victim] = [b.player, b.opponent];
        bucket.meta[victim] = Meta {
            lower: lower as i8,
            upper: upper as i8,
            best,
            cost,
            date,
        };
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
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
    }

    #[test]
    fn size_is_bounded() {
        let t = Table::new(1);
        assert!(t.bytes() <= 1 << 20);
        assert!(t.bytes() > 1 << 19);
        assert_eq!(Table::new(0).bytes(), std::mem::size_of::<Bucket>());
    }

    #[test]
    fn store_probe_and_merge() {
        let mut t = Table::new(1);
        let b = board(5);
        assert_eq!(t.probe(&b), None);
        t.store(&b, 4, 64, 19, 1000);
        let e = t.probe(&b).map(|e| (e.lower, e.upper, e.best));
        assert_eq!(e, Some((4, 64, 19)));
        t.store(&b, -64, 10, NO_MOVE, 10);
        let e = t.probe(&b).map(|e| (e.lower, e.upper, e.best));
        assert_eq!(e, Some((4, 10, 19)));
        // A different board never matches.
        assert_eq!(t.probe(&board(6)).map(|e| e.lower), None);
    }

    #[test]
    fn replacement_keeps_costly_entries() {
        // A one-bucket table: every board collides.
        let mut t = Table::new(0);
        t.store(&board(1), 0, 0, NO_MOVE, 1 << 20);
        for i in 2..20 {
            t.store(&board(i), 0, 0, NO_MOVE, 10);
        }
        assert!(t.probe(&board(1)).is_some(), "the costly entry survives");
        // After a new generation, old entries go first even if costly.
        t.new_generation();
        for i in 100..104 {
            t.store(&board(i), 0, 0, NO_MOVE, 10);
        }
        assert!(t.probe(&board(1)).is_none());
    }
}
