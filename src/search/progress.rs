//! Live progress of one solve, for a display that polls it (the command
//! line's status line on a terminal). The searches publish into a shared
//! [`Progress`] only where they already stop to look at the clock (every few
//! thousand nodes) and at the root (a new proven bound, a new best line), so
//! the search itself does no extra work per node.

use crate::board::Square;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::sync::Mutex;

/// What a running solve has published so far.
#[derive(Debug)]
pub struct Progress {
    nodes: AtomicU64,
    lower: AtomicI32,
    upper: AtomicI32,
    line: Mutex<Vec<Option<Square>>>,
}

/// A copy of a [`Progress`] at one moment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// Nodes of the solve so far (all searches of it), as last published.
    pub nodes: u64,
    /// Proven lower bound on the score (side to move's view).
    pub lower: i32,
    /// Proven upper bound on the score.
    pub upper: i32,
    /// The best line the search knows now (its first move is the current
    /// best move; `None` is a pass), empty when it knows none.
    pub line: Vec<Option<Square>>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress::new()
    }
}

impl Progress {
    /// Nothing known yet: no nodes, bounds −64..=64, no line.
    pub fn new() -> Progress {
        Progress {
            nodes: AtomicU64::new(0),
            lower: AtomicI32::new(-64),
            upper: AtomicI32::new(64),
            line: Mutex::new(Vec::new()),
        }
    }

    /// Back to nothing known (a new solve).
    pub fn reset(&self) {
        self.nodes.store(0, Ordering::Relaxed);
        self.set_bounds(-64, 64);
        self.set_line(Vec::new());
    }

    /// Publishes the solve's node count.
    pub fn set_nodes(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
    }

    /// Publishes the proven bounds.
    pub fn set_bounds(&self, lower: i32, upper: i32) {
        self.lower.store(lower, Ordering::Relaxed);
        self.upper.store(upper, Ordering::Relaxed);
    }

    /// Publishes the best line known (empty: none).
    pub fn set_line(&self, line: Vec<Option<Square>>) {
        if let Ok(mut l) = self.line.lock() {
            *l = line;
        }
    }

    /// The values now.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            nodes: self.nodes.load(Ordering::Relaxed),
            lower: self.lower.load(Ordering::Relaxed),
            upper: self.upper.load(Ordering::Relaxed),
            line: self.line.lock().map(|l| l.clone()).unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn publishes_and_resets() {
        let p = Progress::new();
        p.set_nodes(42);
        p.set_bounds(-2, 10);
        p.set_line(vec![Square::parse("c4").ok(), None]);
        let s = p.snapshot();
        assert_eq!((s.nodes, s.lower, s.upper, s.line.len()), (42, -2, 10, 2));
        p.reset();
        assert_eq!(
            p.snapshot(),
            Snapshot {
                nodes: 0,
                lower: -64,
                upper: 64,
                line: Vec::new()
            }
        );
    }
}
