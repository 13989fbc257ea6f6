//! Every search tuning constant in one place, each with the reason for it.
//!
//! None of these changes an answer: they decide how large the tree is and
//! how fast it is searched. Where and how each was measured is in
//! docs/tuning.md; change one only with `bench --file` node counts (and
//! times beside Edax) before and after.

// ---------------------------------------------------------------- alpha-beta

/// Positions with at most this many empties go to the last-N solver (no
/// table): below it a table probe costs more than the subtree it saves.
pub const LAST_N_MAX: u32 = 8;

/// From this many empties up, the last-N solver orders its moves fastest
/// first (fewest replies) instead of by quadrant parity and square class
/// alone: a subtree of five empties is large enough for the move
/// generations of the order to pay, the more so as each child searched
/// takes its legal moves from them instead of generating them again.
pub const LAST_N_SORT_MIN: u32 = 6;

/// From this many empties up, the last-N solver keeps its bounds and best
/// moves in its small cache of its own (`alphabeta::cache`): transpositions
/// recur there, and the cache stays in the core's own memory cache, where
/// the shared table would wait on main memory. At least [`LAST_N_SORT_MIN`]:
/// the cached move is tried first in the fastest-first loop.
pub const SHALLOW_CACHE_MIN: u32 = 7;
const _: () = assert!(SHALLOW_CACHE_MIN >= LAST_N_SORT_MIN && SHALLOW_CACHE_MIN <= LAST_N_MAX);

/// The last-N solver's cache holds 2^this many slots of 24 bytes (384 KiB
/// per thread: it stays in the core's L2 cache).
pub const SHALLOW_CACHE_BITS: u32 = 14;
/// From this many empties up to [`SHALLOW_CACHE_MIN`] − 1, the last-N
/// solver keeps its bounds and best moves in a region of the cache of
/// their own, so that the many small positions there evict none of the
/// larger ones above.
pub const LOW_CACHE_MIN: u32 = 5;
const _: () = assert!(LOW_CACHE_MIN > 4 && LOW_CACHE_MIN <= SHALLOW_CACHE_MIN);
/// The low region holds 2^([`SHALLOW_CACHE_BITS`] − this) slots.
pub const LOW_CACHE_SHRINK: u32 = 2;

/// Up to this many empties, the table-driven search above the last-N
/// solver keeps its bounds and best move in the last-N solver's cache too,
/// not in the shared table: a probe there costs an L2 access instead of a
/// trip to main memory. The cache holds proven bounds only: below
/// [`PROBCUT_MIN_EMPTIES`] every search is exact, and a node at that many
/// empties that a ProbCut decides returns before it stores (its children
/// are exact). At 9 and 10 empties these nodes are most of the
/// table-driven search's, so a main-memory wait there is the dearest.
pub const SHALLOW_CACHE_MAX: u32 = 10;
const _: () = assert!(SHALLOW_CACHE_MAX >= LAST_N_MAX && SHALLOW_CACHE_MAX <= PROBCUT_MIN_EMPTIES);

/// From this many empties up, children are probed in the shared table
/// before the search (enhanced transposition cutoff): lower, those probes
/// wait on memory longer than the cutoffs save. (Below it the children's
/// buckets are still prefetched: the searched ones are read soon after.)
pub const ETC_MIN: u32 = 13;

/// From this many empties up, table-driven nodes whose children keep their
/// bounds in the last-N cache probe those slots (ETC): the core keeps the
/// cache close, so a few more cutoffs come for a cheap look-up. At 9
/// empties, where such nodes are most numerous, the look-ups cost what
/// they save.
pub const ETC_CACHE_MIN: u32 = 10;
const _: () = assert!(ETC_CACHE_MIN > LAST_N_MAX && ETC_CACHE_MIN <= ETC_MIN);

/// Up to this many empties, quadrant parity takes part in move ordering:
/// near the end, having the last move in a region is worth a disc or two.
pub const PARITY_ORDER_MAX: u32 = 12;

/// The least `alpha`, by number of empties, at which the stability cutoff is
/// worth trying: with fewer empties than that, too few discs can be stable
/// for the cut to succeed (the test costs more than it saves).
pub static STABILITY_THRESHOLD: [i32; 65] = [
    99, 99, 99, 99, 2, 4, 6, 8, 10, 12, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44,
    44, 46, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 60, 60, 60, 60, 60, 60, 60,
    60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60,
];

/// The depth of the probe that guesses the score for an exact solve's
/// first null window: each disc the guess misses costs MTD(f) steps, but
/// a deeper guess costs more than its accuracy saves (a full-window probe
/// without the table: at 20 empties a 10-ply one is a sizeable share of
/// the whole solve).
pub const ROOT_GUESS_DEPTH: u32 = 6;

/// Nodes between two looks at the clock and the shared budget: rare enough
/// to cost nothing, often enough to stop within a millisecond.
pub const CHECK_INTERVAL: u64 = 1 << 14;

/// By default, nodes with fewer empties are never split among threads:
/// their subtrees are too small to pay for the hand-over.
pub const SPLIT_MIN: u32 = 18;

// ------------------------------------------------------------ move ordering

/// Weight of one (corner-weighted) opponent reply in the fastest-first key:
/// fewest replies first is the strongest single ordering term.
pub const W_MOBILITY: i32 = 1 << 15;
/// Weight of one unit of the probe's key
/// ([`Probe::key`](crate::search::probe::Probe::key)): as much as one
/// opponent reply, so the two terms trade evenly.
pub const W_EVAL: i32 = 1 << 15;
/// Weight of one stable corner-line disc of the mover: a tie-breaker below
/// mobility.
pub const W_CORNER_STABILITY: i32 = 1 << 11;
/// Bonus of a move into an odd quadrant (near the end only): below mobility
/// and stability, above the square's static value.
pub const W_PARITY: i32 = 1 << 10;
/// Weight of one square of the replier's potential mobility: the last
/// tie-breaker before the static square value.
pub const W_POTENTIAL_MOBILITY: i32 = 1 << 5;

/// Nodes with at least this many empties rank their moves with the
/// evaluation's probe by default; below, fastest first alone is cheaper for
/// the same order.
pub const DEFAULT_ORDER_MIN: u32 = 14;

/// Under a root of at most [`ORDER_SMALL_ROOT_MAX`] empties, nodes rank
/// their moves with the evaluation from this many empties up (an
/// evaluation set to start lower keeps its own start): a small root's
/// tree is mostly its last dozen empties, where one better-ordered node
/// saves more than the children's static evaluations cost. Under deeper
/// roots the same ranking costs more time than it saves (docs/tuning.md).
pub const ORDER_MIN_SMALL_ROOT: u32 = 13;

/// The most empties of a root under which the ranking starts at
/// [`ORDER_MIN_SMALL_ROOT`].
pub const ORDER_SMALL_ROOT_MAX: u32 = 21;

/// The fewest empties at which nodes under a root of `root_empties`
/// empties rank their moves with an evaluation set to start at
/// `min_empties`.
pub const fn order_min_empties(root_empties: u32, min_empties: u32) -> u32 {
    if root_empties <= ORDER_SMALL_ROOT_MAX && ORDER_MIN_SMALL_ROOT < min_empties {
        ORDER_MIN_SMALL_ROOT
    } else {
        min_empties
    }
}

/// Below this many empties the children are ranked by their static
/// evaluation alone (a probe of depth 0).
pub const STATIC_ORDER_MAX: u32 = 18;

/// The probe's depth at a node with `empties` empties is
/// `(empties − ORDER_DEPTH_BASE) / 2` from [`STATIC_ORDER_MAX`] up: deeper
/// where nodes are few and each well-ordered move saves a large subtree.
pub const ORDER_DEPTH_BASE: u32 = 14;

/// The deepest ordering probe (reached from 26 empties up).
pub const MAX_SORT_DEPTH: u32 = 6;

/// At nodes of at most [`PROBED_CHILDREN_MAX_EMPTIES`] empties whose
/// children are ranked by a search ([`STATIC_ORDER_MAX`] empties or more),
/// only this many children, the best by fastest first, are searched; the
/// others follow them in fastest-first order. A child that many places
/// down rarely becomes the first to search, and its probe costs as much as
/// the others'.
pub const PROBED_CHILDREN: usize = 8;
const _: () = assert!(PROBED_CHILDREN >= 1);

/// Up to this many empties the ranking searches only [`PROBED_CHILDREN`]
/// children; above, where the subtrees are large and a better first move
/// saves more than its probe, all of them.
pub const PROBED_CHILDREN_MAX_EMPTIES: u32 = 21;

/// Probe nodes with at least this many plies left keep their bounds in
/// the probe table ([`crate::search::probe_table`]); shallower ones cost
/// less than a slot's look-up saves.
pub const PROBE_TABLE_MIN_DEPTH: u32 = 3;

/// The probe table's size: 2^this many slots of 24 bytes.
pub const PROBE_TABLE_BITS: u32 = 15;

/// How far below the node's alpha (discs) the ordering probe still
/// separates moves: moves worse than that are all equally bad to try.
pub const SORT_ALPHA_MARGIN: i32 = 8;

// ---------------------------------------------------------------- ProbCut

/// The fewest empties at which a selective search tries a ProbCut: below,
/// the exact search is cheaper than the probe. At least the small cache's
/// top ([`SHALLOW_CACHE_MAX`]): the children of a cached node must be
/// exact for its bounds to be proven.
pub const PROBCUT_MIN_EMPTIES: u32 = 10;

/// A ladder from a root of at most this many empties tries its ProbCuts
/// from [`PROBCUT_MIN_EMPTIES_SMALL_ROOT`] empties up.
pub const PROBCUT_SMALL_ROOT_MAX: u32 = 24;

/// The fewest empties at which a ladder (of an exact solve, a WLD or a
/// bound question) tries a ProbCut when its root has at most
/// [`PROBCUT_SMALL_ROOT_MAX`] empties: there the ladder is a large share of
/// the solve, and the probes at 10 and 11 empties cost it more time than
/// their cuts save. Deeper roots keep [`PROBCUT_MIN_EMPTIES`]
/// (docs/tuning.md).
pub const PROBCUT_MIN_EMPTIES_SMALL_ROOT: u32 = 12;
const _: () = assert!(PROBCUT_MIN_EMPTIES_SMALL_ROOT >= PROBCUT_MIN_EMPTIES);

/// The fewest empties at which a ladder from a root of `root_empties`
/// empties tries a ProbCut.
pub const fn ladder_probcut_min_empties(root_empties: u32) -> u32 {
    if root_empties <= PROBCUT_SMALL_ROOT_MAX {
        PROBCUT_MIN_EMPTIES_SMALL_ROOT
    } else {
        PROBCUT_MIN_EMPTIES
    }
}

/// From this many empties up, ProbCut's probe is four plies deep instead
/// of two: its error shrinks where the subtree it saves is large.
pub const PROBCUT_DEEP_FROM: u32 = 20;

/// ProbCut's pre-check: each shallow search runs only when the node's
/// static evaluation is within this margin of the value that would cut;
/// further short, the search is skipped as if it had not cut. The skipped
/// searches cost more time than the cuts they would have made save
/// (docs/tuning.md).
pub const PROBCUT_PRECHECK: crate::units::Quarters = 24;

/// The same pre-check in the ladder of a WLD or bound question (one
/// window, set by the question, not by the score): there the exact
/// solve's margin skips searches whose cuts pay for them, and this wider
/// one leaves the ladder fewer nodes and less time (docs/tuning.md).
pub const PROBCUT_PRECHECK_WINDOW: crate::units::Quarters = 48;

/// The fewest empties at which an exact solve runs the selective ladder
/// first: below, the ladder's searches cost more than the order they give
/// (docs/tuning.md).
pub const LADDER_MIN: u32 = 15;

/// The fewest empties at which a WLD or bound question runs its ladder
/// first: from 15, as the exact solve, a WLD question at 16 empties takes
/// longer and one at 17 as long (docs/tuning.md).
pub const WINDOW_LADDER_MIN: u32 = 18;

/// The ladder: the confidence t of each selective search in hundredths
/// (1.1: a one-sided Gaussian 86 %, 1.5: 93 %, 2.0: 98 %), then the exact
/// search. At most three: the table keeps levels 0–2 for them.
pub const LADDER: [u32; 3] = [110, 150, 200];

// ------------------------------------------------------------------ df-pn⁺

/// The default leaf hand-over: df-pn nodes with at most this many empties
/// go to the alpha-beta solver, which proves small subtrees faster.
pub const DEFAULT_LEAF_EMPTIES: u32 = 17;

/// By default, df-pn⁺ nodes with at least this many empties take h from a
/// probe instead of the static evaluation: there the better h saves more
/// nodes than the probe costs.
pub const DEFAULT_H_SEARCH_FROM: u32 = 16;

/// Deep df-pn's default base E and depth D (`--deep-e`, `--deep-d`): a new
/// node d plies below the root gets φ = δ = E^(D − d) above depth D
/// ([`crate::search::dfpn::deep`]; docs/dfpn.md says where they were
/// measured).
pub const DEFAULT_DEEP_E: u32 = 3;
/// See [`DEFAULT_DEEP_E`].
pub const DEFAULT_DEEP_D: u32 = 20;

/// The deepest probe for h (from 20 empties up): df-pn⁺ probes every new
/// node, so it stops shallower than alpha-beta's ordering.
pub const H_SEARCH_MAX_DEPTH: u32 = 4;

/// h's probe looks this many discs either side of the target: beyond it
/// the sigmoid is nearly flat, and the window's cutoffs save a third of the
/// probe's positions.
pub const H_SEARCH_WINDOW: i32 = 24;

/// Slots of df-pn⁺'s cache of probe values (24 bytes each: 6 MiB): large
/// enough for a solve's repeated h requests, small enough to stay cheap.
pub const VALUE_CACHE_SLOTS: usize = 1 << 18;

/// How far (discs) from df-pn⁺'s guess of the score the exact driver steps
/// by 2; beyond, the steps double. The guess is usually off by a few discs,
/// and a doubled step that overshoots costs one more proof near the score.
pub const NEAR_GUESS: i32 = 6;

/// df-pn nodes between two looks at the clock.
pub const DFPN_CHECK_INTERVAL: u64 = 4096;
