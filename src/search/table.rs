//! The one hash-table design both searches use: a power-of-two number of
//! buckets, each one or more whole 64-byte cache lines, keyed by the full
//! board (a [`Layout`] says how a bucket holds its entries and which entry a
//! store replaces). The table owns what every table needs: sizing from MiB,
//! fallible allocation ([`crate::search::memory`]), transparent huge pages,
//! prefetch, a generation counter, and sharing between threads.
//!
//! **Sharing.** Every word is an `AtomicU64`, and every method that reads or
//! writes entries takes `&self`, so one table serves all the threads of a
//! parallel search. Each bucket is a seqlock: the top byte of its last word
//! is a lock bit and a 7-bit version. A store takes the lock (one
//! compare-and-swap), rewrites the bucket and releases it with the next
//! version; a probe copies the bucket without writing and retries when the
//! version changed under it (or the lock was held). A probe therefore sees
//! each bucket as some store left it whole, never a mix of two stores (a
//! wrong mix would pair one board with another's bounds). Relaxed atomic
//! loads and stores are plain moves on x86-64, so one thread pays only the
//! compare-and-swap per store. (The version wraps after 128 stores: a probe
//! would have to stall for 128 stores to the same bucket between its two
//! version reads to be fooled.)

use crate::board::Board;
use crate::search::memory::TableMemoryError;
use std::alloc;
use std::marker::PhantomData;
use std::ptr::NonNull;
use std::sync::atomic::{fence, AtomicU64, AtomicU8, Ordering};

/// The bits of a bucket's last word that belong to the table: bit 56 is
/// the lock, bits 57–63 the version. A [`Layout`] keeps them zero.
pub const LOCK_BYTE: u64 = 0xFF << 56;
const LOCK_BIT: u64 = 1 << 56;

/// One cache line of the table.
#[repr(C, align(64))]
struct Line([AtomicU64; 8]);

/// The table's lines, in memory that comes zeroed from the allocator: for
/// a large block, fresh pages from the operating system, so that nothing
/// is written before the kernel maps them (with huge pages, asked for
/// before the first touch, and mapped up front: [`advise_huge_pages`]).
/// A 256 MiB table is then ready in about 10 ms, where writing zeros over
/// it took about half a second.
struct Lines {
    /// The block from the allocator.
    raw: NonNull<u8>,
    /// Its layout (align 16: the allocator's zeroing path, `calloc`).
    layout: alloc::Layout,
    /// The first line, 64-byte aligned inside the block.
    first: NonNull<Line>,
    /// The number of lines.
    len: usize,
}

// SAFETY: `Lines` owns its block like a `Vec<Line>` would, and `Line` (eight
// `AtomicU64`s) is `Send` and `Sync`.
unsafe impl Send for Lines {}
// SAFETY: as above.
unsafe impl Sync for Lines {}

impl Lines {
    /// `len` zero lines (at least one), or an error naming the size.
    fn try_zeroed(len: usize, what: &'static str) -> Result<Lines, TableMemoryError> {
        let len = len.max(1);
        let bytes = len.saturating_mul(64).saturating_add(64);
        crate::search::memory::check_fits(bytes as u64, what)?;
        let error = || TableMemoryError::new(what, bytes as u64);
        let layout = alloc::Layout::from_size_align(bytes, 16).map_err(|_| error())?;
        // SAFETY: the layout's size is at least 128 bytes.
        let raw = NonNull::new(unsafe { alloc::alloc_zeroed(layout) }).ok_or_else(error)?;
        let offset = raw.as_ptr().align_offset(64);
        // SAFETY: the offset is below 64 (the pointer is 16-aligned), and
        // the block has 64 bytes beyond `len` lines, so the lines lie inside
        // it; zero bytes are a valid `Line` (eight `AtomicU64` zeros).
        let first = unsafe { NonNull::new_unchecked(raw.as_ptr().add(offset).cast::<Line>()) };
        Ok(Lines {
            raw,
            layout,
            first,
            len,
        })
    }
}

impl std::ops::Deref for Lines {
    type Target = [Line];
    fn deref(&self) -> &[Line] {
        // SAFETY: `first` points at `len` initialised lines owned by `self`.
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl std::ops::DerefMut for Lines {
    fn deref_mut(&mut self) -> &mut [Line] {
        // SAFETY: as in `deref`, and `&mut self` is the only access.
        unsafe { std::slice::from_raw_parts_mut(self.first.as_ptr(), self.len) }
    }
}

impl Drop for Lines {
    fn drop(&mut self) {
        // SAFETY: `raw` was allocated by the global allocator with `layout`,
        // and `Line` needs no drop.
        unsafe { alloc::dealloc(self.raw.as_ptr(), self.layout) }
    }
}

/// What a [`Layout::store`] did to its bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// The board was there; its entry was updated.
    Updated,
    /// The board took an empty slot.
    Inserted,
    /// The board evicted another.
    Replaced,
    /// The replacement policy kept the bucket as it was.
    Dropped,
}

/// How a bucket holds its entries, and the replacement policy: the one
/// thing that differs between the alpha-beta table and df-pn's.
pub trait Layout {
    /// A bucket's words (a plain copy: `[u64; 8 × lines]`). All zero is an
    /// empty bucket; the top byte of the last word ([`LOCK_BYTE`]) is the
    /// table's and is always zero here.
    type Words: Copy + AsRef<[u64]> + AsMut<[u64]>;
    /// What a store carries besides the board.
    type Update;
    /// The all-zero bucket.
    const EMPTY: Self::Words;
    /// What the memory is for, in an allocation error ("the alpha-beta table").
    const WHAT: &'static str;
    /// Folds `update` about `board` into the bucket `words`: into the
    /// board's entry if it is there, else into an empty slot or a victim's
    /// (or nowhere). `date` is the table's current generation.
    fn store(words: &mut Self::Words, board: &Board, update: &Self::Update, date: u8) -> Stored;
}

/// A table of buckets laid out by `L`, of a size fixed at creation.
pub struct Table<L: Layout> {
    lines: Lines,
    mask: usize,
    date: AtomicU8,
    _layout: PhantomData<L>,
}

/// Asks the kernel to back `len` bytes from `ptr` with transparent huge
/// pages (Linux `madvise(MADV_HUGEPAGE)`), then to map every page of the
/// block now (`MADV_POPULATE_WRITE`, Linux 5.14 on), so that the search
/// does not take the page faults. Hints whose failure changes nothing but
/// speed. Other systems: no effect.
fn advise_huge_pages(ptr: *mut u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const MADV_HUGEPAGE: i32 = 14;
        const MADV_POPULATE_WRITE: i32 = 23;
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
            // backs those pages and MADV_POPULATE_WRITE maps them as a write
            // of nothing would (their contents stay valid); the libc
            // `madvise` symbol is linked by std on Linux. The results are
            // ignored: the advice is optional (a kernel older than 5.14
            // refuses the second, and the pages are mapped when touched).
            unsafe {
                madvise(start as *mut std::ffi::c_void, end - start, MADV_HUGEPAGE);
                madvise(
                    start as *mut std::ffi::c_void,
                    end - start,
                    MADV_POPULATE_WRITE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, len);
}

impl<L: Layout> Table<L> {
    /// Cache lines per bucket.
    const LINES: usize = {
        let words = std::mem::size_of::<L::Words>() / 8;
        assert!(words > 0 && words % 8 == 0, "a bucket is whole cache lines");
        words / 8
    };

    /// The size of one bucket in bytes.
    pub const BUCKET_BYTES: usize = Self::LINES * 64;

    /// The bucket count of a table of at most `mb` MiB: the largest power
    /// of two that fits, at least one.
    pub fn buckets_for_mb(mb: usize) -> usize {
        let bytes = mb.saturating_mul(1 << 20);
        let mut n = 1usize;
        while n.saturating_mul(2).saturating_mul(Self::BUCKET_BYTES) <= bytes {
            n *= 2;
        }
        n
    }

    /// A table of at most `mb` MiB, or an error naming the size when the
    /// memory is not there.
    pub fn try_with_mb(mb: usize) -> Result<Self, crate::search::memory::TableMemoryError> {
        Self::try_with_buckets(Self::buckets_for_mb(mb))
    }

    /// A table of `buckets` buckets (rounded up to a power of two), or an
    /// error when the memory is not there.
    pub fn try_with_buckets(
        buckets: usize,
    ) -> Result<Self, crate::search::memory::TableMemoryError> {
        let n = buckets.max(1).next_power_of_two();
        let len = n * Self::LINES;
        // Zeroed memory, no page touched yet; then huge pages asked for
        // before the first touch (a table of hundreds of MiB probed at
        // random costs a TLB miss on nearly every probe with 4 KiB pages)
        // and the pages mapped before the search.
        let mut lines = Lines::try_zeroed(len, L::WHAT)?;
        advise_huge_pages(lines.as_mut_ptr().cast(), len * 64);
        Ok(Table {
            lines,
            mask: n - 1,
            date: AtomicU8::new(1),
            _layout: PhantomData,
        })
    }

    /// The number of buckets.
    pub fn buckets(&self) -> usize {
        self.mask + 1
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.lines.len() * 64
    }

    /// Empties every bucket and restarts the generations (while no search
    /// uses the table).
    pub fn clear(&self) {
        for line in self.lines.iter() {
            for w in &line.0 {
                w.store(0, Ordering::Relaxed);
            }
        }
        self.date.store(1, Ordering::Relaxed);
    }

    /// The current generation (1–255).
    #[inline]
    pub fn date(&self) -> u8 {
        self.date.load(Ordering::Relaxed)
    }

    /// Starts a new generation: entries written before become the first to
    /// be replaced (they stay valid and are still found).
    pub fn new_generation(&self) {
        let d = self.date();
        self.date
            .store(if d == u8::MAX { 1 } else { d + 1 }, Ordering::Relaxed);
    }

    /// The bucket of `b`.
    #[inline]
    pub fn index(&self, b: &Board) -> usize {
        b.hash() as usize & self.mask
    }

    #[inline]
    fn words(&self, i: usize) -> impl Iterator<Item = &AtomicU64> {
        self.lines[i * Self::LINES..(i + 1) * Self::LINES]
            .iter()
            .flat_map(|l| l.0.iter())
    }

    #[inline]
    fn last(&self, i: usize) -> &AtomicU64 {
        &self.lines[(i + 1) * Self::LINES - 1].0[7]
    }

    /// Asks the processor to start loading the bucket of `b` (a hint; no
    /// effect on the table's contents).
    #[inline]
    pub fn prefetch(&self, b: &Board) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let i = self.index(b) * Self::LINES;
            for line in &self.lines[i..i + Self::LINES] {
                let ptr = line as *const Line as *const i8;
                // SAFETY: SSE is part of the x86_64 baseline, and a prefetch
                // is a hint that never faults; `ptr` points into the live
                // table.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr) };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = b;
    }

    /// A consistent copy of the bucket of `b` (as one store left it).
    #[inline]
    pub fn read(&self, b: &Board) -> L::Words {
        let i = self.index(b);
        let last = self.last(i);
        let mut out = L::EMPTY;
        loop {
            let v1 = last.load(Ordering::Acquire) & LOCK_BYTE;
            if v1 & LOCK_BIT == 0 {
                for (o, w) in out.as_mut().iter_mut().zip(self.words(i)) {
                    *o = w.load(Ordering::Relaxed);
                }
                fence(Ordering::Acquire);
                if last.load(Ordering::Relaxed) & LOCK_BYTE == v1 {
                    break;
                }
            }
            std::hint::spin_loop();
        }
        if let Some(w) = out.as_mut().last_mut() {
            *w &= !LOCK_BYTE;
        }
        out
    }

    /// Stores `update` about `b` by the layout's policy, under the
    /// bucket's lock.
    #[inline]
    pub fn store(&self, b: &Board, update: &L::Update) -> Stored {
        let i = self.index(b);
        let last = self.last(i);
        // Lock: set the lock bit on an unlocked version.
        let mut cur = last.load(Ordering::Relaxed);
        loop {
            if cur & LOCK_BIT == 0 {
                match last.compare_exchange_weak(
                    cur,
                    cur | LOCK_BIT,
                    Ordering::Acquire,
                    Ordering::Relaxed,
                ) {
                    Ok(_) => break,
                    Err(now) => cur = now,
                }
            } else {
                std::hint::spin_loop();
                cur = last.load(Ordering::Relaxed);
            }
        }
        let version = cur & LOCK_BYTE;
        let mut words = L::EMPTY;
        for (o, w) in words.as_mut().iter_mut().zip(self.words(i)) {
            *o = w.load(Ordering::Relaxed);
        }
        if let Some(w) = words.as_mut().last_mut() {
            *w &= !LOCK_BYTE;
        }
        let outcome = L::store(&mut words, b, update, self.date());
        let next = if outcome == Stored::Dropped {
            version
        } else {
            // Readers must not see the new words before the lock bit.
            fence(Ordering::Release);
            let n = words.as_ref().len();
            for (k, (new, w)) in words.as_ref().iter().zip(self.words(i)).enumerate() {
                if k + 1 < n {
                    w.store(*new, Ordering::Relaxed);
                }
            }
            version.wrapping_add(2 << 56) & LOCK_BYTE
        };
        let tail = words.as_ref().last().copied().unwrap_or(0) & !LOCK_BYTE;
        last.store(tail | next, Ordering::Release);
        outcome
    }

    /// Every bucket, for a pass with the table to itself (df-pn's garbage
    /// collection): `f` gets a copy and may change it.
    pub fn for_each_bucket(&mut self, mut f: impl FnMut(&mut L::Words)) {
        let per = Self::LINES;
        for chunk in self.lines.chunks_mut(per) {
            let mut words = L::EMPTY;
            for (o, w) in words
                .as_mut()
                .iter_mut()
                .zip(chunk.iter_mut().flat_map(|l| l.0.iter_mut()))
            {
                *o = *w.get_mut();
            }
            f(&mut words);
            for (new, w) in words
                .as_ref()
                .iter()
                .zip(chunk.iter_mut().flat_map(|l| l.0.iter_mut()))
            {
                *w.get_mut() = *new;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-line layout with one entry: key in words 0–1, a counter in
    /// word 2 that every store adds to (a torn copy would break the sum).
    struct Counter;

    impl Layout for Counter {
        type Words = [u64; 8];
        type Update = u64;
        const EMPTY: [u64; 8] = [0; 8];
        const WHAT: &'static str = "a test table";
        fn store(w: &mut [u64; 8], b: &Board, add: &u64, _date: u8) -> Stored {
            if w[0] == b.player && w[1] == b.opponent {
                w[2] += add;
                w[3] = w[2] * 3;
                w[7] = (w[2] * 5) & !LOCK_BYTE;
                Stored::Updated
            } else {
                *w = [b.player, b.opponent, *add, add * 3, 0, 0, 0, add * 5];
                Stored::Inserted
            }
        }
    }

    #[test]
    fn sizes_and_alignment() {
        assert_eq!(std::mem::size_of::<Line>(), 64);
        assert_eq!(std::mem::align_of::<Line>(), 64);
        let t = Table::<Counter>::try_with_mb(1).map(|t| t.bytes());
        assert_eq!(t, Ok(1 << 20));
        assert_eq!(Table::<Counter>::buckets_for_mb(0), 1);
        let t = Table::<Counter>::try_with_buckets(5).map(|t| t.buckets());
        assert_eq!(t, Ok(8));
    }

    /// A new table is all zeros (every bucket empty), its lines 64-byte
    /// aligned, whatever its size; dropping it frees what was allocated
    /// (many tables in a row stay within memory).
    #[test]
    fn new_tables_are_empty_and_aligned() {
        for mb in [0, 1, 3, 64] {
            for _ in 0..4 {
                let Ok(mut t) = Table::<Counter>::try_with_mb(mb) else {
                    panic!("a table of {mb} MiB")
                };
                assert_eq!(t.lines.as_ptr() as usize % 64, 0);
                assert_eq!(t.lines.len() * 64, t.bytes());
                let mut buckets = 0;
                t.for_each_bucket(|w| {
                    assert_eq!(*w, [0; 8]);
                    buckets += 1;
                });
                assert_eq!(buckets, t.buckets());
                t.store(&Board::start(), &7);
            }
        }
    }

    #[test]
    fn concurrent_stores_and_reads_never_tear() {
        let Ok(t) = Table::<Counter>::try_with_buckets(1) else {
            panic!("a one-bucket table")
        };
        let b = Board::start();
        t.store(&b, &1);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..20_000 {
                        t.store(&b, &1);
                        let w = t.read(&b);
                        assert_eq!(w[3], w[2] * 3, "torn read {w:?}");
                        assert_eq!(w[7], (w[2] * 5) & !LOCK_BYTE, "torn read {w:?}");
                    }
                });
            }
        });
        assert_eq!(t.read(&b)[2], 80_001, "a store was lost");
    }
}
