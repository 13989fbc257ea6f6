//! PDS-PN's second level, its data: the growth function and cap that size
//! a level-2 search ([`Pn2Params`]) and the node of its tree ([`PnNode`]).
//! The search itself is in `pn2.rs`.

use crate::board::Board;

/// PDS-PN's growth function and cap: a and b of f(x) = 1 / (1 + e^((a −
/// x) / b)) and the most nodes one level-2 search may hold. `None` takes the
/// default for the table's capacity N: a = 0.45 N and b = 0.30 N (the
/// paper's best pair, 450 K and 300 K for 1 M nodes, which solved 467 of
/// its 488 positions), and a cap of N / 4.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pn2Params {
    a: Option<f64>,
    b: Option<f64>,
    cap: Option<u64>,
}

/// Why PDS-PN's parameters were refused.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum Pn2ParamsError {
    /// a or b not a positive finite number.
    #[error("PDS-PN's {0} must be a positive number of table entries (got {1})")]
    NotPositive(&'static str, f64),
    /// A cap of no nodes.
    #[error("PDS-PN's level-2 cap must be at least 2 nodes (got {0})")]
    CapTooSmall(u64),
    /// A cap larger than the table.
    #[error("PDS-PN's level-2 cap ({cap} nodes) is larger than the proof table ({capacity} entries); lower it or raise --hash-mb")]
    CapAboveTable {
        /// The cap asked for.
        cap: u64,
        /// The table's capacity.
        capacity: u64,
    },
}

/// The most nodes an arena holds: its links are 32-bit, and the last
/// expansion may push a position's children (at most 33) past the cap.
const MAX_ARENA_NODES: u64 = u32::MAX as u64 - 64;

/// Bytes of one level-2 node in the arena.
pub const PN2_NODE_BYTES: usize = std::mem::size_of::<PnNode>();

impl Pn2Params {
    /// a, b and the cap, each checked (`None`: the default).
    pub fn new(
        a: Option<f64>,
        b: Option<f64>,
        cap: Option<u64>,
    ) -> Result<Pn2Params, Pn2ParamsError> {
        for (name, v) in [("a", a), ("b", b)] {
            if let Some(v) = v {
                if !(v.is_finite() && v > 0.0) {
                    return Err(Pn2ParamsError::NotPositive(name, v));
                }
            }
        }
        if let Some(c) = cap {
            if c < 2 {
                return Err(Pn2ParamsError::CapTooSmall(c));
            }
        }
        Ok(Pn2Params { a, b, cap })
    }

    /// Checks the cap against a table of `capacity` entries.
    pub fn check(&self, capacity: u64) -> Result<(), Pn2ParamsError> {
        match self.cap {
            Some(cap) if cap > capacity => Err(Pn2ParamsError::CapAboveTable { cap, capacity }),
            _ => Ok(()),
        }
    }

    /// The most nodes one level-2 search holds with a table of `capacity`
    /// entries (never more than its 32-bit links can index).
    pub fn max_nodes(&self, capacity: u64) -> u64 {
        self.resolve(capacity).2
    }

    /// The level-2 node cap y = min(x · f(x), N − x, cap) for a table of
    /// `capacity` entries with `entries` in use.
    pub fn cap(&self, entries: u64, capacity: u64) -> usize {
        let (a, b, cap) = self.resolve(capacity);
        let x = entries as f64;
        let f = 1.0 / (1.0 + ((a - x) / b).exp());
        let y = (x * f).min(capacity.saturating_sub(entries) as f64);
        (y.max(0.0) as u64).min(cap) as usize
    }

    /// (a, b, cap) for a table of `capacity` entries.
    fn resolve(&self, capacity: u64) -> (f64, f64, u64) {
        let n = capacity as f64;
        (
            self.a.unwrap_or(0.45 * n),
            self.b.unwrap_or(0.30 * n).max(f64::MIN_POSITIVE),
            self.cap
                .unwrap_or(capacity / 4)
                .min(capacity)
                .min(MAX_ARENA_NODES),
        )
    }
}

/// A node of the level-2 tree.
#[derive(Clone, Copy, Debug)]
pub struct PnNode {
    pub(super) board: Board,
    pub(super) phi: u32,
    pub(super) delta: u32,
    /// The parent's index (the root's is its own, 0).
    pub(super) parent: u32,
    /// The first child's index (0: not expanded), and how many.
    pub(super) first: u32,
    pub(super) count: u32,
    /// The node's target: "score ≥ k?".
    pub(super) k: i32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_two_cap_grows_with_the_table() {
        let p = Pn2Params::default();
        let n = 1_000_000;
        assert_eq!(p.cap(0, n), 0, "an empty table gives no level-2 search");
        let mid = p.cap(450_000, n);
        let late = p.cap(700_000, n);
        assert!(mid > 0 && late > mid, "{mid} {late}");
        assert!(late as u64 <= n / 4, "capped at a quarter of the table");
        assert!(
            p.cap(999_990, n) <= 10,
            "never beyond what the table has left"
        );
        let huge = 1u64 << 40;
        assert!(p.max_nodes(huge) <= MAX_ARENA_NODES, "32-bit links");
        assert!(p.cap(huge / 2, huge) as u64 <= MAX_ARENA_NODES);
    }
}
