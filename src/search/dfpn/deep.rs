//! Deep df-pn's leaf values (Zhang, Iida & van den Herik, "Deep df-pn and
//! its efficient implementations", Advances in Computer Games 2017): plain
//! df-pn, except that a node the table does not hold gets
//!
//! ```text
//! φ = δ = E^(D − d)   when d < D,
//! φ = δ = 1           when d ≥ D,
//! ```
//!
//! at depth d below the root. Shallow nodes thus look expensive in both
//! directions and the search goes deeper under the node it is in before it
//! turns to a sibling. E = 1, or D ≤ 1, is plain df-pn. The paper's E = 0
//! (a pure depth-first search) cannot be expressed: 0 means "solved" here.
//!
//! Depth is counted as root empties − empties (every move fills one square,
//! a pass fills none), so it is the same on every path to a position and
//! transpositions agree on their value.

use super::params::H_MAX;

/// Deep df-pn's two parameters, checked: E ≥ 1, and E^D within the
/// proof-number range (larger values are clamped to [`H_MAX`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeepParams {
    e: u32,
    d: u32,
}

/// Why deep df-pn's parameters were refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DeepParamsError {
    /// E = 0: in the paper a pure depth-first search; here 0 is a solved
    /// node's proof number, so it has no meaning.
    #[error("deep df-pn's E must be at least 1 (E = 0 would mark every new node solved; E = 1 is plain df-pn)")]
    ZeroBase,
    /// D beyond the 60 plies a game can have.
    #[error("deep df-pn's D must be at most 60 (got {0})")]
    DepthTooLarge(u32),
}

impl DeepParams {
    /// E and D, checked (see [`DeepParamsError`]).
    pub fn new(e: u32, d: u32) -> Result<DeepParams, DeepParamsError> {
        if e == 0 {
            return Err(DeepParamsError::ZeroBase);
        }
        if d > 60 {
            return Err(DeepParamsError::DepthTooLarge(d));
        }
        Ok(DeepParams { e, d })
    }

    /// The base E.
    pub fn e(&self) -> u32 {
        self.e
    }

    /// The depth D.
    pub fn d(&self) -> u32 {
        self.d
    }

    /// φ = δ of a new node with `empties` empties under a root with
    /// `root_empties`: E^(D − d) for d = root_empties − empties below D,
    /// else 1; at most [`H_MAX`].
    #[inline]
    pub fn value(&self, root_empties: u32, empties: u32) -> u32 {
        let depth = root_empties.saturating_sub(empties);
        if depth >= self.d {
            return 1;
        }
        let mut v: u32 = 1;
        for _ in depth..self.d {
            v = v.saturating_mul(self.e);
            if v >= H_MAX {
                return H_MAX;
            }
        }
        v
    }
}

impl Default for DeepParams {
    /// The default E and D ([`crate::search::tuning::DEFAULT_DEEP_E`],
    /// [`crate::search::tuning::DEFAULT_DEEP_D`]).
    fn default() -> Self {
        DeepParams {
            e: crate::search::tuning::DEFAULT_DEEP_E,
            d: crate::search::tuning::DEFAULT_DEEP_D,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_fall_with_depth_to_one() {
        let p = DeepParams::new(3, 4).expect("valid");
        let root = 20;
        assert_eq!(p.value(root, 20), 81);
        assert_eq!(p.value(root, 19), 27);
        assert_eq!(p.value(root, 18), 9);
        assert_eq!(p.value(root, 17), 3);
        assert_eq!(p.value(root, 16), 1);
        assert_eq!(p.value(root, 3), 1);
    }

    #[test]
    fn plain_dfpn_settings_give_one_below_the_root() {
        for (e, d) in [(1, 10), (5, 1), (7, 0)] {
            let p = DeepParams::new(e, d).expect("valid");
            for empties in 0..20 {
                assert_eq!(p.value(20, empties), 1, "E={e} D={d} empties={empties}");
            }
        }
    }

    #[test]
    fn large_powers_are_clamped_and_bad_parameters_refused() {
        let p = DeepParams::new(1000, 60).expect("valid");
        assert_eq!(p.value(60, 60), H_MAX);
        assert_eq!(p.value(60, 1), 1000);
        assert_eq!(DeepParams::new(0, 5), Err(DeepParamsError::ZeroBase));
        assert_eq!(
            DeepParams::new(2, 61),
            Err(DeepParamsError::DepthTooLarge(61))
        );
        assert!(DeepParamsError::ZeroBase.to_string().contains("at least 1"));
    }
}
