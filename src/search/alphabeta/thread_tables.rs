//! The per-thread tables of a node context (the last-N cache and the probe
//! table), lent to the thread while the context waits at a split point.
//!
//! A context holds its thread's tables while it searches. At a split point
//! it waits in a rayon scope, and meanwhile the thread runs other tasks:
//! its own helper, and work stolen from other split points. So the context
//! lends its tables to the thread, each helper takes them for as long as it
//! runs and lends them back, and the context takes them back after the
//! scope. One warm pair of tables per core, and no thread-local lookup per
//! probe. Contexts on one thread never run at the same time, and a probe or
//! a store never calls back into the search.

use super::cache::ShallowCache;
use super::context::Context;
use crate::search::probe_table::ProbeTable;
use std::cell::RefCell;

/// The tables a context holds of its own, out of it.
pub(super) struct ThreadTables {
    shallow: Option<ShallowCache>,
    probe: Option<ProbeTable>,
}

thread_local! {
    /// The tables lent to each thread.
    static OF_THREAD: RefCell<ThreadTables> =
        const { RefCell::new(ThreadTables { shallow: None, probe: None }) };
}

impl ThreadTables {
    /// Moves the context's tables out of it.
    pub(super) fn take_from(c: &mut Context) -> ThreadTables {
        ThreadTables {
            shallow: c.shallow.take(),
            probe: c.probe_table.take(),
        }
    }

    /// Gives these tables to the context.
    pub(super) fn give_to(self, c: &mut Context) {
        c.shallow = self.shallow;
        c.probe_table = self.probe;
    }

    /// Makes these the calling thread's tables and returns the ones they
    /// replace.
    pub(super) fn lend(self) -> ThreadTables {
        OF_THREAD.with(|t| std::mem::replace(&mut *t.borrow_mut(), self))
    }

    /// Takes the calling thread's tables, a new one for each it has none of
    /// (none lent yet, or a context running on this thread holds it now);
    /// give them back with [`ThreadTables::lend`].
    pub(super) fn take() -> ThreadTables {
        let lent = OF_THREAD.with(|t| {
            std::mem::replace(
                &mut *t.borrow_mut(),
                ThreadTables {
                    shallow: None,
                    probe: None,
                },
            )
        });
        ThreadTables {
            shallow: Some(lent.shallow.unwrap_or_else(ShallowCache::new)),
            probe: Some(lent.probe.unwrap_or_default()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    fn tables(c: &ShallowCache, t: &ProbeTable, p: u64, o: u64) -> (Option<Move>, Option<u8>) {
        (
            c.probe(p, o, 8).map(|k| k.best),
            t.probe(p, o, 3).map(|b| b.best),
        )
    }

    #[test]
    fn lent_tables_are_the_threads_until_taken_back() {
        let (p, o) = (0x0000_0018_0000_0000, 0x0000_0000_1800_0000);
        let mut cache = ShallowCache::with_bits(4);
        cache.store(p, o, 8, 2, 2, Move::at(7));
        let mut probe = ProbeTable::with_bits(4);
        probe.store(p, o, 3, 5, 0, 10, 11);
        let before = ThreadTables {
            shallow: Some(cache),
            probe: Some(probe),
        }
        .lend();
        // A helper on this thread takes what the lender stored, stores into
        // it, and hands it back.
        // `take` always returns both tables (new ones where none was lent),
        // so the `unwrap`s below cannot fail.
        let helper = ThreadTables::take();
        let (mut c, mut t) = (helper.shallow.unwrap(), helper.probe.unwrap());
        assert_eq!(tables(&c, &t, p, o), (Some(Move::at(7)), Some(11)));
        c.store(o, p, 8, -2, -2, Move::at(9));
        t.store(o, p, 3, -5, -10, 0, 12);
        // Meanwhile the thread holds none: a nested helper gets new ones.
        let nested = ThreadTables::take();
        let (nc, nt) = (nested.shallow.unwrap(), nested.probe.unwrap());
        assert_eq!(tables(&nc, &nt, p, o), (None, None));
        let none = ThreadTables {
            shallow: Some(c),
            probe: Some(t),
        }
        .lend();
        assert!(none.shallow.is_none() && none.probe.is_none());
        let back = before.lend();
        let (c, t) = (back.shallow.unwrap(), back.probe.unwrap());
        assert_eq!(tables(&c, &t, p, o), (Some(Move::at(7)), Some(11)));
        assert_eq!(tables(&c, &t, o, p), (Some(Move::at(9)), Some(12)));
    }
}
