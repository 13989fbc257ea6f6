//! The limits of one solve as every thread of the search sees them: a node
//! budget, a deadline and a stop flag, all behind atomics. Each thread
//! counts its nodes locally and [`Budget::charge`]s them every few thousand
//! nodes; the first charge that crosses a limit raises the stop flag, which
//! every other thread then sees at its next look. A search stopped this way
//! answers `unknown` with the bounds it has proven (never a guess).

use super::Limits;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The shared limits of one solve.
#[derive(Debug)]
pub struct Budget {
    /// The node limit (`u64::MAX`: none).
    limit: u64,
    /// When the time runs out.
    deadline: Option<Instant>,
    /// Nodes charged so far, by every thread.
    spent: AtomicU64,
    /// Set once a limit is hit or [`Budget::stop`] is called.
    stop: AtomicBool,
    /// An outside stop request (Ctrl-C), if any.
    interrupt: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// The budget of `limits`, the clock starting now.
    pub fn new(limits: Limits) -> Budget {
        Budget::starting(limits, Instant::now())
    }

    /// The budget of `limits`, the clock starting at `start`.
    pub fn starting(limits: Limits, start: Instant) -> Budget {
        Budget {
            limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.time.and_then(|t| start.checked_add(t)),
            spent: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            interrupt: None,
        }
    }

    /// No limit at all.
    pub fn unlimited() -> Budget {
        Budget::new(Limits::default())
    }

    /// Also stops when `flag` becomes true (for example on Ctrl-C).
    pub fn with_interrupt(mut self, flag: Option<Arc<AtomicBool>>) -> Budget {
        self.interrupt = flag;
        self
    }

    /// The outside stop this budget watches, for a budget that shares it.
    pub fn interrupt(&self) -> Option<Arc<AtomicBool>> {
        self.interrupt.clone()
    }

    /// Whether neither a node limit nor a deadline nor an outside stop
    /// applies.
    pub fn is_unlimited(&self) -> bool {
        self.limit == u64::MAX && self.deadline.is_none() && self.interrupt.is_none()
    }

    /// Adds `nodes` to the nodes spent and says whether the search must stop:
    /// the node limit reached, the deadline passed, or a stop requested.
    /// Once it says so, it always will.
    pub fn charge(&self, nodes: u64) -> bool {
        let spent = self.spent.fetch_add(nodes, Ordering::Relaxed) + nodes;
        let over = spent >= self.limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .interrupt
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed));
        if over {
            self.stop();
        }
        self.stopped()
    }

    /// Requests every thread to stop.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the search must stop (a cheap load, for every node).
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Nodes charged so far.
    pub fn spent(&self) -> u64 {
        self.spent.load(Ordering::Relaxed)
    }

    /// Nodes left before the node limit (`u64::MAX` without one).
    pub fn remaining(&self) -> u64 {
        self.limit.saturating_sub(self.spent())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn node_limit_stops_every_thread() {
        let b = Budget::new(Limits {
            time: None,
            nodes: Some(1000),
        });
        assert!(!b.is_unlimited());
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| while !b.charge(7) {});
            }
        });
        assert!(b.stopped() && b.spent() >= 1000);
        assert_eq!(b.remaining(), 0);
    }

    #[test]
    fn deadline_and_interrupt() {
        let b = Budget::new(Limits {
            time: Some(Duration::ZERO),
            nodes: None,
        });
        assert!(b.charge(0));
        let flag = Arc::new(AtomicBool::new(false));
        let b = Budget::unlimited().with_interrupt(Some(Arc::clone(&flag)));
        assert!(!b.charge(1 << 40));
        flag.store(true, Ordering::Relaxed);
        assert!(b.charge(0) && b.stopped());
        assert!(Budget::unlimited().is_unlimited());
        assert_eq!(Budget::unlimited().remaining(), u64::MAX);
    }
}
