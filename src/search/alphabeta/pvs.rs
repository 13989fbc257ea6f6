//! The main search, for positions with more than [`LAST_N_MAX`]
//! empties: fail-soft principal-variation search with the transposition table
//! (up to [`SHALLOW_CACHE_MAX`](crate::search::tuning::SHALLOW_CACHE_MAX)
//! empties in a solve, the last-N solver's small cache in its place),
//! the stability cutoff, enhanced transposition cutoff near the top, and
//! fastest-first move ordering with the table move first. A node with a
//! single legal move plays it without the table: its child is looked up at
//! once, and an entry for the node would only repeat the child's.

use super::cache::ShallowCache;
use super::context::Context;
use super::endgame::MOVES_UNKNOWN;
use super::instance::Instance;
use super::ordering::{fastest_first_key_with, parity, QUADRANT_BIT};
use super::stability::stability_bound;
use super::stats::NodeCounters;
use super::tt::EXACT;
use super::window::{window_bounds, NONE};
use crate::board::movegen::flips;
use crate::board::{final_score, Move};
use crate::eval::{Features, Incremental, Scratch};
use crate::search::bounds_cut;
use crate::search::probe::{sort_depth, Probe};
use crate::search::probe_table::ProbeTable;
use crate::search::tuning::{
    ETC_CACHE_MIN, ETC_MIN, LAST_N_MAX, PARITY_ORDER_MAX, PROBED_CHILDREN,
    PROBED_CHILDREN_MAX_EMPTIES, STABILITY_THRESHOLD, W_EVAL,
};
use crate::units::{Score, SCORE_MAX};
use crate::Board;

/// A table-driven node past its early exits: what the steps of its move
/// loop share.
struct Node {
    /// The side to move's discs.
    p: u64,
    /// The other side's discs.
    o: u64,
    /// The empty squares.
    empties: u32,
    /// The legal moves (at least two).
    moves: u64,
    /// The stored move, [`Move::NONE`] if none.
    tt_move: Move,
    /// The context's count of selective decisions when the node began.
    unproven: u64,
}

/// One candidate move of a node.
#[derive(Clone, Copy, Default)]
pub(super) struct Candidate {
    /// The discs the move flips.
    pub(super) flips: u64,
    /// Its ordering key (higher: searched earlier).
    pub(super) key: i32,
    /// Its square.
    pub(super) sq: Move,
}

impl Candidate {
    /// The move on `sq` of `(p, o)` (p to move), not yet keyed.
    #[inline]
    pub(super) fn new(p: u64, o: u64, sq: usize) -> Candidate {
        Candidate {
            flips: flips(p, o, sq),
            key: 0,
            sq: Move::at(sq),
        }
    }
}

impl Context {
    /// [`Context::search_any`] on the instance `K`: dispatches on the
    /// number of empties.
    #[inline(always)]
    pub(super) fn search_any_with<K: Instance>(
        &mut self,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
    ) -> Score {
        self.search_child_with::<K>(p, o, alpha, beta, None)
    }

    /// The pattern state of a node's child after the move `sq` flipping
    /// `flips`, when the node (`empties` empties, state `st`) hands it
    /// down: only above `carry_min`, where the children order by the
    /// evaluation too.
    #[inline(always)]
    fn child_state(
        &self,
        st: Option<&Features>,
        empties: u32,
        sq: usize,
        flips: u64,
    ) -> Option<Features> {
        st.filter(|_| empties > self.carry_min)
            .map(|s| s.after_move(sq, flips))
    }

    /// [`Context::search_any_with`] of a position whose pattern state `st`
    /// (if any) its parent computed: the table-driven search takes it
    /// instead of computing it again for its move ordering.
    #[inline(always)]
    fn search_child_with<K: Instance>(
        &mut self,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
        st: Option<&Features>,
    ) -> Score {
        let empties = (!(p | o)).count_ones();
        if empties > LAST_N_MAX {
            K::deep(self, p, o, alpha, beta, empties, st)
        } else if empties > 4 {
            K::last_n(self, p, o, alpha, beta, parity(!(p | o)), MOVES_UNKNOWN)
        } else {
            K::solve_small(self, p, o, alpha, beta)
        }
    }

    /// A node with more than [`LAST_N_MAX`] empties, on the instance `K`.
    /// `st` is its pattern state when its parent had it at hand (the same
    /// as computed from the board; it only saves that work).
    ///
    /// In order: the limits, the stability cutoff, a forced move, the
    /// stored bounds ([`Context::stored_bounds`]), a pass, ProbCut, then
    /// the moves ([`Context::expand_with`]).
    #[inline(always)]
    pub(super) fn deep_with<K: Instance>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: Score,
        mut beta: Score,
        empties: u32,
        st: Option<&Features>,
    ) -> Score {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check_limits();
        }
        if !self.splits.is_empty() && self.stop_requested() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let level = self.sel.level;
        self.counters().node(level, empties);
        if alpha >= STABILITY_THRESHOLD[empties as usize] {
            if let Some(ub) = stability_bound(p, o, alpha) {
                if ub <= alpha {
                    self.counters().stability_cut(level);
                    return ub;
                }
                beta = beta.min(ub);
            }
        }
        let mv = K::moves(p, o);
        if mv.is_power_of_two() {
            // A forced move: no table, no ordering. Its child is looked up
            // at once, so this node's entry would only repeat the child's.
            let sq = mv.trailing_zeros() as usize;
            let f = K::flips(p, o, sq);
            let child = self.child_state(st, empties, sq, f);
            let (np, no) = (o ^ f, p ^ f ^ (1 << sq));
            return -self.search_child_with::<K>(np, no, -beta, -alpha, child.as_ref());
        }
        // The node's result is proven unless its subtree takes a selective
        // decision (counted from here on).
        let unproven = self.unproven;
        let tt_move = match self.stored_bounds(p, o, empties, &mut alpha, &mut beta) {
            Ok(m) => m,
            Err(v) => return v,
        };
        if mv == 0 {
            if K::moves(o, p) == 0 {
                return final_score(p, o);
            }
            let passed = st.map(Features::after_pass);
            return -K::deep(self, o, p, -beta, -alpha, empties, passed.as_ref());
        }
        // The node's pattern state, when the move ordering or ProbCut needs
        // it; its children get theirs from it while they order by the
        // evaluation too.
        let mut state = st.copied();
        // ProbCut at null-window nodes only. A wider window (a WLD
        // question's principal line) is searched in full, so that a
        // selective pass leaves moves along that line for the exact pass
        // instead of answering at the root's children.
        let cut = self.sel.cuts[empties as usize];
        if cut.depth > 0 && beta - alpha == 1 {
            let before = self.nodes;
            let v = self.probcut::<K>(p, o, alpha, beta, cut, &mut state);
            let spent = self.nodes - before;
            self.counters().probcut(level, spent, v.is_some());
            if let Some(v) = v {
                self.unproven += 1;
                return v;
            }
        }
        let node = Node {
            p,
            o,
            empties,
            moves: mv,
            tt_move,
            unproven,
        };
        self.expand_with::<K>(&node, alpha, beta, &mut state)
    }

    /// The bounds stored for the node `(p, o)`: the small cache's near the
    /// end (`cache`; `cache_max` is at most what it covers), else the
    /// shared table's when they are of the search's level or above. They
    /// narrow `(alpha, beta)`; `Err` is the value to return when they
    /// decide the window, `Ok` the stored move ([`Move::NONE`] if none).
    #[inline(always)]
    fn stored_bounds(
        &mut self,
        p: u64,
        o: u64,
        empties: u32,
        alpha: &mut i32,
        beta: &mut i32,
    ) -> Result<Move, i32> {
        let level = self.sel.level;
        let in_cache = empties <= self.cache_max;
        debug_assert!(!in_cache || ShallowCache::covers(empties));
        if in_cache {
            if let Some(k) = self.cached(p, o, empties) {
                if let Some(v) = bounds_cut(k.lower, k.upper, *alpha, *beta) {
                    return Err(v);
                }
                *alpha = (*alpha).max(k.lower);
                *beta = (*beta).min(k.upper);
                return Ok(k.best);
            }
        } else if let Some(e) = self.tt.probe(&Board {
            player: p,
            opponent: o,
        }) {
            // A selective search's bounds only serve searches as selective
            // or more; its move serves every search.
            if e.level >= level {
                let (lower, upper) = (e.lower as i32, e.upper as i32);
                let selective = e.level < EXACT;
                if let Some(v) = bounds_cut(lower, upper, *alpha, *beta) {
                    self.counters().table_cut(level);
                    self.unproven += u64::from(selective);
                    return Err(v);
                }
                self.unproven += u64::from(selective && (lower > *alpha || upper < *beta));
                *alpha = (*alpha).max(lower);
                *beta = (*beta).min(upper);
            }
            return Ok(e.best);
        }
        Ok(Move::NONE)
    }

    /// The moves of a table-driven node that neither the table nor
    /// ProbCut decided: its candidates, ETC (from [`ETC_CACHE_MIN`] empties
    /// where the children are in the last-N cache, from [`ETC_MIN`] where
    /// they are in the shared table), the table's move
    /// first, the others ordered lazily, principal-variation search with
    /// Young Brothers Wait splits, and the result stored.
    #[inline(always)]
    fn expand_with<K: Instance>(
        &mut self,
        node: &Node,
        mut alpha: Score,
        beta: Score,
        state: &mut Option<Features>,
    ) -> Score {
        let (p, o, empties) = (node.p, node.o, node.empties);
        let level = self.sel.level;
        let start_nodes = self.nodes;
        let mut list = [Candidate::default(); 32];
        let n = self.candidates_with::<K>(node, &mut list);
        // ETC where the children keep their bounds: from ETC_CACHE_MIN when
        // that is the last-N cache (a look-up in the core's own memory
        // cache), from ETC_MIN when it is the shared table.
        let etc_min = if empties - 1 <= self.cache_max {
            ETC_CACHE_MIN
        } else {
            ETC_MIN
        };
        if empties >= etc_min {
            if let Some(v) = self.etc(node, &list[..n], beta) {
                return v;
            }
        }
        // The table's move goes first, before any ordering work: when it
        // cuts, the other moves need no keys.
        let mut tt_first = false;
        if !node.tt_move.is_none() {
            if let Some(j) = list[..n].iter().position(|c| c.sq == node.tt_move) {
                list.swap(0, j);
                tt_first = true;
            }
        }
        let alpha0 = alpha;
        let exact_level = level == EXACT;
        self.counters()
            .searches(level, exact_level, empties, tt_first);
        let par = if empties <= PARITY_ORDER_MAX {
            parity(!(p | o))
        } else {
            0
        };
        let pv_node = beta - alpha > 1;
        let mut best = NONE;
        let mut best_move = Move::NONE;
        for i in 0..n {
            if i == usize::from(tt_first) {
                let before = self.nodes;
                self.order_keys_with::<K>(&mut list[i..n], p, o, empties, par, alpha, state);
                let spent = self.nodes - before;
                self.counters().probes(level, spent);
            }
            if i == 1 && n > 2 && self.may_split(empties, alpha, beta) {
                // Young brothers wait: the first move did not cut; share
                // out the others, best first.
                list[1..n].sort_by_key(|c| std::cmp::Reverse(c.key));
                let (v, sq) = self.split(&list[1..n], p, o, alpha, beta);
                if self.aborted {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_move = sq;
                }
                break;
            }
            if i > 0 || !tt_first {
                // Lazy selection sort: cutoffs usually come early.
                let mut k = i;
                for j in i + 1..n {
                    if list[j].key > list[k].key {
                        k = j;
                    }
                }
                list.swap(i, k);
            }
            let c = list[i];
            self.counters().move_searched(exact_level, empties);
            let v = self.search_move_with::<K>(node, c, alpha, beta, pv_node && i > 0, state);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = c.sq;
                if v >= beta {
                    self.counters()
                        .fail_high(level, exact_level, empties, i, tt_first);
                    break;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        if best <= alpha0 {
            self.counters().fail_low(exact_level, empties);
        }
        self.store_node(node, best, best_move, alpha0, beta, start_nodes);
        best
    }

    /// The legal moves of `node` with their flips into `list` (keys not
    /// yet computed), the children's table buckets starting to load
    /// meanwhile; the number of moves.
    #[inline(always)]
    fn candidates_with<K: Instance>(&mut self, node: &Node, list: &mut [Candidate; 32]) -> usize {
        let (p, o) = (node.p, node.o);
        let mut n = 0;
        let mut m = node.moves;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = K::flips(p, o, sq);
            if node.empties > self.cache_max + 1 {
                self.tt.prefetch(&Board {
                    player: o ^ f,
                    opponent: p ^ f ^ (1 << sq),
                });
            } else if ShallowCache::covers(node.empties - 1) {
                self.prefetch_cached(o ^ f, p ^ f ^ (1 << sq), node.empties - 1);
            }
            list[n] = Candidate {
                flips: f,
                key: 0,
                sq: Move::at(sq),
            };
            n += 1;
        }
        n
    }

    /// Enhanced transposition cutoff: a child's upper bound that already
    /// refutes the node, as the value to return. It is read where the
    /// children keep their bounds (see [`Self::stored_bounds`]): the last-N
    /// cache up to `cache_max` empties (proven bounds, whose slots the
    /// candidates' loop has just started loading), else the shared table
    /// (bounds of the search's level or above).
    #[inline(always)]
    fn etc(&mut self, node: &Node, list: &[Candidate], beta: Score) -> Option<Score> {
        let level = self.sel.level;
        let child_empties = node.empties - 1;
        let in_cache = child_empties <= self.cache_max;
        for c in list {
            let sq = c.sq.index();
            let (np, no) = (node.o ^ c.flips, node.p ^ c.flips ^ (1 << sq));
            let (upper, child_level) = if in_cache {
                match self.cached(np, no, child_empties) {
                    Some(k) => (k.upper, EXACT),
                    None => continue,
                }
            } else {
                match self.tt.probe(&Board {
                    player: np,
                    opponent: no,
                }) {
                    Some(e) => (e.upper as i32, e.level),
                    None => continue,
                }
            };
            // The child's upper bound is our lower bound.
            let v = -upper;
            if v >= beta && child_level >= level {
                self.counters().etc_cut(level);
                self.unproven += u64::from(child_level < EXACT);
                return Some(v);
            }
        }
        None
    }

    /// The value of the move `c` of `node`: a null window first when
    /// `scout` (a later move of a PV node), searched again in the full
    /// window when it lands inside.
    #[inline(always)]
    fn search_move_with<K: Instance>(
        &mut self,
        node: &Node,
        c: Candidate,
        alpha: Score,
        beta: Score,
        scout: bool,
        state: &Option<Features>,
    ) -> Score {
        let sq = c.sq.index();
        let (np, no) = (node.o ^ c.flips, node.p ^ c.flips ^ (1 << sq));
        let child = self.child_state(state.as_ref(), node.empties, sq, c.flips);
        let cs = child.as_ref();
        if scout {
            let v = -self.search_child_with::<K>(np, no, -alpha - 1, -alpha, cs);
            if v > alpha && v < beta && !self.aborted {
                let level = self.sel.level;
                self.counters().research(level);
                -self.search_child_with::<K>(np, no, -beta, -alpha, cs)
            } else {
                v
            }
        } else {
            -self.search_child_with::<K>(np, no, -beta, -alpha, cs)
        }
    }

    /// Stores the node's result, `best` in the window `(alpha0, beta)`
    /// with `best_move`: in the small cache near the end (proven bounds
    /// only), else in the shared table, as proven when its subtree took no
    /// selective decision.
    #[inline(always)]
    fn store_node(
        &mut self,
        node: &Node,
        best: i32,
        best_move: Move,
        alpha0: i32,
        beta: Score,
        start_nodes: u64,
    ) {
        let (lower, upper) = window_bounds(best, alpha0, beta);
        if node.empties <= self.cache_max {
            // The cache holds proven bounds only (see `cache`): a ProbCut
            // at this node returned above, and its children are exact.
            debug_assert_eq!(
                self.unproven, node.unproven,
                "a cached node's subtree was selective"
            );
            self.cache(node.p, node.o, node.empties, lower, upper, best_move);
        } else {
            let stored_level = if self.unproven == node.unproven {
                EXACT
            } else {
                self.sel.level
            };
            self.tt.store(
                &Board {
                    player: node.p,
                    opponent: node.o,
                },
                lower,
                upper,
                best_move,
                self.nodes - start_nodes,
                stored_level,
            );
        }
    }

    /// ProbCut at node `(p, o)` (window `(alpha, beta)`) of a selective
    /// search: the value to fail with when the shallow search of `cut`
    /// predicts the exact score beyond the window with the search's
    /// confidence, else `None`. Each shallow search runs only when the
    /// node's static value is within the selectivity's pre-check
    /// ([`Selectivity::precheck`](super::probcut::Selectivity::precheck))
    /// of its threshold. `state` is the node's pattern state (used if known, else
    /// computed and left there). Needs the pattern evaluation; without it,
    /// no cut.
    #[inline(always)]
    fn probcut<K: Instance>(
        &mut self,
        p: u64,
        o: u64,
        alpha: Score,
        beta: Score,
        cut: super::probcut::Cut,
        state: &mut Option<Features>,
    ) -> Option<Score> {
        let oe = self.order_eval.as_ref()?;
        let pe = oe.eval.as_pattern()?;
        let s = *state.get_or_insert_with(|| pe.root(p, o));
        let mut probe = Probe {
            eval: pe,
            nodes: &mut self.nodes,
            stop_at: self.node_limit,
            table: self.probe_table.as_mut(),
        };
        let depth = u32::from(cut.depth);
        let precheck = self.sel.precheck;
        // The static value first (counted as a probe of no depth): a
        // shallow search runs only when it is near the threshold.
        *probe.nodes += 1;
        let stat = pe.value::<K>(&s, p, o);
        if beta < SCORE_MAX {
            let high = 4 * beta + i32::from(cut.high);
            if high < 4 * SCORE_MAX
                && stat >= high - precheck
                && probe.search(p, o, &s, high - 1, high, depth) >= high
            {
                return Some(beta);
            }
        }
        if alpha > -SCORE_MAX {
            let low = 4 * alpha + i32::from(cut.low);
            if low > -4 * SCORE_MAX
                && stat <= low + precheck
                && probe.search(p, o, &s, low, low + 1, depth) <= low
            {
                return Some(alpha);
            }
        }
        None
    }

    /// The ordering keys of the moves in `list` at node `(p, o)`: fastest
    /// first (with quadrant parity `par` near the end), plus, with an
    /// evaluation and enough empties, a shallow search of each child below
    /// the window's lower bound `alpha`. (The same keys on every instance
    /// `K`.) With the pattern evaluation, `state` is the node's pattern
    /// state: used if known, else computed and left there.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn order_keys_with<K: Instance>(
        &mut self,
        list: &mut [Candidate],
        p: u64,
        o: u64,
        empties: u32,
        par: u8,
        alpha: Score,
        state: &mut Option<Features>,
    ) {
        let order_eval = match &self.order_eval {
            Some(oe) if empties >= oe.min_empties => &*oe.eval,
            _ => {
                for c in list.iter_mut() {
                    let sq = c.sq.index();
                    let (np, no) = (o ^ c.flips, p ^ c.flips ^ (1 << sq));
                    c.key =
                        fastest_first_key_with(K::moves, sq, np, no, par & QUADRANT_BIT[sq] != 0);
                }
                return;
            }
        };
        let mut probe = (&mut self.nodes, self.node_limit, self.probe_table.as_mut());
        let depth = sort_depth(empties);
        let probed = if depth > 0 && empties <= PROBED_CHILDREN_MAX_EMPTIES {
            PROBED_CHILDREN
        } else {
            usize::MAX
        };
        match order_eval.as_pattern() {
            Some(pe) => {
                let s = *state.get_or_insert_with(|| pe.root(p, o));
                eval_keys::<K, _>(pe, s, &mut probe, list, p, o, par, depth, alpha, probed)
            }
            None => eval_keys::<K, _>(
                &Scratch(order_eval),
                (),
                &mut probe,
                list,
                p,
                o,
                par,
                depth,
                alpha,
                probed,
            ),
        }
    }
}

/// [`Context::order_keys`] with an evaluation: fastest first plus the
/// shallow search of each child, `depth` plies deep. `state` is the node's
/// evaluation state, `counter` the node counter and the count at which the
/// shallow searches stop deepening. When the node has more than `probed`
/// moves, only the `probed` best by fastest first (and any tied with the
/// last of them) are searched; the others keep their fastest-first order
/// after them.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn eval_keys<K: Instance, E: Incremental + ?Sized>(
    eval: &E,
    state: E::State,
    counter: &mut (&mut u64, u64, Option<&mut ProbeTable>),
    list: &mut [Candidate],
    p: u64,
    o: u64,
    par: u8,
    depth: u32,
    alpha: Score,
    probed: usize,
) {
    let mut probe = Probe {
        eval,
        nodes: counter.0,
        stop_at: counter.1,
        table: counter.2.as_deref_mut(),
    };
    // Fastest first for every move.
    let mut keys = [0i32; 32];
    for (c, k) in list.iter_mut().zip(keys.iter_mut()) {
        let sq = c.sq.index();
        let (np, no) = (o ^ c.flips, p ^ c.flips ^ (1 << sq));
        c.key = fastest_first_key_with(K::moves, sq, np, no, par & QUADRANT_BIT[sq] != 0);
        *k = c.key;
    }
    // The moves searched: those at or above the probed-th best key.
    let cut = if list.len() > probed {
        let keys = &mut keys[..list.len()];
        *keys.select_nth_unstable_by(probed - 1, |a, b| b.cmp(a)).1
    } else {
        i32::MIN
    };
    // The others get the least probe key of the searched ones: below them
    // all, as their fastest-first keys are.
    let mut least = i32::MAX;
    for c in list.iter_mut().filter(|c| c.key >= cut) {
        let sq = c.sq.index();
        let (np, no) = (o ^ c.flips, p ^ c.flips ^ (1 << sq));
        if np != 0 {
            let k = probe.key::<K>(&state, sq, c.flips, np, no, depth, alpha);
            least = least.min(k);
            c.key += k * W_EVAL;
        }
    }
    if least != i32::MAX {
        for c in list.iter_mut().filter(|c| c.key < cut) {
            c.key += least * W_EVAL;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::cpu::Isa;
    use crate::board::kernels::Portable;
    use crate::rng::{random_position, SplitMix64};

    /// For `count` random positions of `min` to `min + 9` empties and three
    /// windows each, the value and node count of two searches, each by a
    /// fresh searcher ordering moves with the embedded evaluation from 12
    /// empties: `a` and `b` must agree.
    fn searches_agree(
        seed: u64,
        count: usize,
        min: u32,
        a: impl Fn(&mut Context, u64, u64, i32, i32) -> i32,
        b: impl Fn(&mut Context, u64, u64, i32, i32) -> i32,
    ) {
        let mut rng = SplitMix64::new(seed);
        let mut checked = 0;
        while checked < count {
            let empties = min + (checked % 10) as u32;
            let Some(board) = random_position(&mut rng, empties) else {
                continue;
            };
            let (p, o) = (board.player, board.opponent);
            let alpha = rng.below(40) as i32 - 20;
            for (lo, hi) in [(-65, 65), (alpha, alpha + 1), (alpha - 6, alpha + 4)] {
                let mut results = Vec::new();
                for search in [&a as &dyn Fn(&mut Context, u64, u64, i32, i32) -> i32, &b] {
                    let mut s = super::super::Searcher::new(1);
                    let eval =
                        crate::eval::PatternEvaluator::embedded().expect("embedded weights decode");
                    s.set_order_evaluator(Some(Box::new(eval)), 12);
                    let v = search(&mut s.ctx, p, o, lo, hi);
                    results.push((v, s.nodes()));
                }
                assert_eq!(results[0], results[1], "{board:?} ({lo}, {hi})");
            }
            checked += 1;
        }
    }

    /// Children given their pattern state by their parent search exactly as
    /// children that compute it from the board: the same values and node
    /// counts (positions of 14–23 empties; passes included where the
    /// positions have them).
    #[test]
    #[ignore = "long: .ci/run runs it, with --ignored long_"]
    fn long_carried_states_search_like_computed_ones() {
        searches_agree(
            0xCA77,
            16,
            14,
            |s, p, o, a, b| {
                assert_eq!(s.carry_min, 12);
                s.search_any(p, o, a, b)
            },
            |s, p, o, a, b| {
                s.carry_min = u32::MAX;
                s.search_any(p, o, a, b)
            },
        );
    }

    /// At a node with more moves than [`PROBED_CHILDREN`], the ranking
    /// searches only the best by fastest first: they get the keys a full
    /// ranking gives them and rank above every other move, the others keep
    /// their fastest-first order, and the probes visit fewer positions.
    #[test]
    fn ranking_searches_only_the_fastest_first_best() {
        let empties = PROBED_CHILDREN_MAX_EMPTIES;
        let depth = sort_depth(empties);
        assert!(depth > 0, "the bound must be where children are searched");
        let eval = &crate::eval::PatternEvaluator::embedded().expect("embedded weights decode");
        let mut rng = SplitMix64::new(0x9B0BE);
        let mut checked = 0;
        while checked < 12 {
            let Some(board) = random_position(&mut rng, empties) else {
                continue;
            };
            let (p, o) = (board.player, board.opponent);
            let mv = crate::board::movegen::moves(p, o);
            if (mv.count_ones() as usize) <= PROBED_CHILDREN {
                continue;
            }
            let squares: Vec<usize> = (0..64).filter(|&sq| mv >> sq & 1 != 0).collect();
            let rank = |probed: usize| {
                let mut list: Vec<Candidate> =
                    squares.iter().map(|&sq| Candidate::new(p, o, sq)).collect();
                let mut nodes = 0;
                let state = eval.root(p, o);
                let mut counter = (&mut nodes, u64::MAX, None);
                eval_keys::<Portable, crate::eval::PatternEvaluator>(
                    eval,
                    state,
                    &mut counter,
                    &mut list,
                    p,
                    o,
                    0,
                    depth,
                    0,
                    probed,
                );
                (list.iter().map(|c| c.key).collect::<Vec<_>>(), nodes)
            };
            let (keys, nodes) = rank(PROBED_CHILDREN);
            let (full, all_nodes) = rank(usize::MAX);
            let ff: Vec<i32> = squares
                .iter()
                .map(|&sq| {
                    let f = flips(p, o, sq);
                    let (np, no) = (o ^ f, p ^ f ^ (1 << sq));
                    fastest_first_key_with(crate::board::movegen::moves, sq, np, no, false)
                })
                .collect();
            let mut sorted = ff.clone();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            let cut = sorted[PROBED_CHILDREN - 1];
            let searched: Vec<usize> = (0..ff.len()).filter(|&i| ff[i] >= cut).collect();
            let others: Vec<usize> = (0..ff.len()).filter(|&i| ff[i] < cut).collect();
            assert!(!others.is_empty(), "{board:?}");
            for &i in &searched {
                assert_eq!(keys[i], full[i], "{board:?}");
            }
            let least_searched = searched.iter().map(|&i| keys[i]).min();
            let most_other = others.iter().map(|&i| keys[i]).max();
            assert!(least_searched > most_other, "{board:?}");
            for &i in &others {
                for &j in &others {
                    assert_eq!(keys[i] - keys[j], ff[i] - ff[j], "{board:?}");
                }
            }
            assert!(nodes < all_nodes, "{board:?}: {nodes} vs {all_nodes}");
            checked += 1;
        }
    }

    /// The whole solver on the portable instance and on every other one
    /// this CPU runs, and on the one the process chose: the same value and
    /// the same node count for every window, each from an empty table, with
    /// the evaluation ordering moves (positions of 10–19 empties: the
    /// table-driven search, ETC and the evaluation's ordering all run).
    #[test]
    fn instances_search_alike() {
        let portable = |s: &mut Context, p, o, a, b| s.search_any_with::<Portable>(p, o, a, b);
        searches_agree(0xDEE9, 24, 10, portable, |s, p, o, a, b| {
            s.search_any(p, o, a, b)
        });
        #[cfg(target_arch = "x86_64")]
        for isa in Isa::supported_list() {
            match isa {
                // SAFETY: the CPU check said the CPU has the instance's features.
                Isa::X86V3 => searches_agree(0xDEE9, 8, 10, portable, |s, p, o, a, b| unsafe {
                    s.search_any_v3(p, o, a, b)
                }),
                // SAFETY: as above.
                Isa::X86V4 => searches_agree(0xDEE9, 8, 10, portable, |s, p, o, a, b| unsafe {
                    s.search_any_v4(p, o, a, b)
                }),
                Isa::Portable => {}
            }
        }
    }
}
