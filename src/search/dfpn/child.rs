//! A child in MID's per-depth buffer: its board and its (φ, δ) as last
//! seen.

use crate::board::Board;

/// One child of a node being expanded, with its proof and disproof numbers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Child {
    pub(super) board: Board,
    pub(super) phi: u32,
    pub(super) delta: u32,
}
