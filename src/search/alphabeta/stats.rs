//! Where the alpha-beta tree's nodes go: counters of node kinds, collected
//! only in builds with the `stats` feature (the search's hot path is the
//! same code without it: the node context's `counters()` are then
//! `NoCounters`, whose calls the compiler removes). `examples/tree_stats.rs` prints them per
//! position; lab/notes/benchmarks-reference-to-2026-11-30.md, "Where the tree grows", uses them.
//!
//! Levels: 0–2 are the selective ladder's searches, 3 the exact search
//! ([`EXACT`](super::tt::EXACT)). Counts are of the thread that searched
//! (at one thread, the whole tree).

/// The search levels: three selective, then exact.
pub const LEVELS: usize = 4;

/// Counters of one solve (or of everything since the last reset).
#[derive(Clone, Debug)]
pub struct Stats {
    /// Table-driven nodes (more than the last-N limit of empties) by level.
    pub deep: [u64; LEVELS],
    /// Table-driven nodes by number of empties (every level).
    pub deep_by_empties: [u64; 65],
    /// Of the table-driven nodes, those cut by the stability bound.
    pub stability_cut: [u64; LEVELS],
    /// Those answered by a table bound.
    pub table_cut: [u64; LEVELS],
    /// Those refuted by a child's table bound (ETC).
    pub etc_cut: [u64; LEVELS],
    /// Those cut by ProbCut (selective levels only).
    pub probcut_cut: [u64; LEVELS],
    /// Those that searched moves with the table's move first.
    pub with_table_move: [u64; LEVELS],
    /// Those that searched moves without a table move.
    pub without_table_move: [u64; LEVELS],
    /// Those that failed high (a move reached beta).
    pub fail_high: [u64; LEVELS],
    /// Of those, the ones whose first move searched reached beta.
    pub first_move_cut: [u64; LEVELS],
    /// Of those, the ones whose first move was the table's.
    pub table_move_cut: [u64; LEVELS],
    /// Moves searched before the cut at fail-high nodes whose first move
    /// did not cut (the cost of misordering).
    pub late_cut_moves: [u64; LEVELS],
    /// Principal-variation re-searches (a null window that landed inside).
    pub pvs_research: [u64; LEVELS],
    /// Positions visited by the ordering probes, by level.
    pub probe_nodes: [u64; LEVELS],
    /// Positions visited by ProbCut's probes.
    pub probcut_nodes: [u64; LEVELS],
    /// Positions visited by the root's probes (the score guess, the root
    /// move ranking of WLD and bound questions).
    pub root_probe_nodes: u64,
    /// Null-window searches at the root (MTD(f) steps), by level.
    pub root_windows: [u64; LEVELS],
    /// Every position visited during each level's root searches (the
    /// ladder's MTD(f) passes, then the exact one).
    pub level_nodes: [u64; LEVELS],
    /// The exact search's table-driven nodes that searched moves, by
    /// number of empties (the `_by_empties` counters below are of the
    /// same nodes: the exact level only).
    pub searched_by_empties: [u64; 65],
    /// The moves they searched.
    pub moves_by_empties: [u64; 65],
    /// Those of them that failed high.
    pub fail_high_by_empties: [u64; 65],
    /// Of those, the ones whose first move searched reached beta.
    pub first_move_cut_by_empties: [u64; 65],
    /// Those that failed low (every move searched, none above alpha).
    pub fail_low_by_empties: [u64; 65],
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            deep: [0; LEVELS],
            deep_by_empties: [0; 65],
            stability_cut: [0; LEVELS],
            table_cut: [0; LEVELS],
            etc_cut: [0; LEVELS],
            probcut_cut: [0; LEVELS],
            with_table_move: [0; LEVELS],
            without_table_move: [0; LEVELS],
            fail_high: [0; LEVELS],
            first_move_cut: [0; LEVELS],
            table_move_cut: [0; LEVELS],
            late_cut_moves: [0; LEVELS],
            pvs_research: [0; LEVELS],
            probe_nodes: [0; LEVELS],
            probcut_nodes: [0; LEVELS],
            root_probe_nodes: 0,
            root_windows: [0; LEVELS],
            level_nodes: [0; LEVELS],
            searched_by_empties: [0; 65],
            moves_by_empties: [0; 65],
            fail_high_by_empties: [0; 65],
            first_move_cut_by_empties: [0; 65],
            fail_low_by_empties: [0; 65],
        }
    }
}

impl Stats {
    /// Adds every counter of `other` to this one's.
    pub fn add(&mut self, other: &Stats) {
        let pairs = [
            (&mut self.deep, &other.deep),
            (&mut self.stability_cut, &other.stability_cut),
            (&mut self.table_cut, &other.table_cut),
            (&mut self.etc_cut, &other.etc_cut),
            (&mut self.probcut_cut, &other.probcut_cut),
            (&mut self.with_table_move, &other.with_table_move),
            (&mut self.without_table_move, &other.without_table_move),
            (&mut self.fail_high, &other.fail_high),
            (&mut self.first_move_cut, &other.first_move_cut),
            (&mut self.table_move_cut, &other.table_move_cut),
            (&mut self.late_cut_moves, &other.late_cut_moves),
            (&mut self.pvs_research, &other.pvs_research),
            (&mut self.probe_nodes, &other.probe_nodes),
            (&mut self.probcut_nodes, &other.probcut_nodes),
            (&mut self.root_windows, &other.root_windows),
            (&mut self.level_nodes, &other.level_nodes),
        ];
        for (mine, theirs) in pairs {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        let by_empties = [
            (&mut self.deep_by_empties, &other.deep_by_empties),
            (&mut self.searched_by_empties, &other.searched_by_empties),
            (&mut self.moves_by_empties, &other.moves_by_empties),
            (&mut self.fail_high_by_empties, &other.fail_high_by_empties),
            (
                &mut self.first_move_cut_by_empties,
                &other.first_move_cut_by_empties,
            ),
            (&mut self.fail_low_by_empties, &other.fail_low_by_empties),
        ];
        for (mine, theirs) in by_empties {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        self.root_probe_nodes += other.root_probe_nodes;
    }
}

/// The sum over levels of one counter.
pub fn total(c: &[u64; LEVELS]) -> u64 {
    c.iter().sum()
}

/// What a table-driven node reports to the counters, one method per event
/// of the principal-variation search. Every method does nothing by default:
/// [`NoCounters`] is what the search holds without the `stats` feature, and
/// the compiler removes the calls; [`Stats`] counts them.
pub(super) trait NodeCounters {
    /// A table-driven node at `level` with `empties` empties.
    fn node(&mut self, _level: u8, _empties: u32) {}
    /// The stability bound cut the node.
    fn stability_cut(&mut self, _level: u8) {}
    /// A table bound answered the node.
    fn table_cut(&mut self, _level: u8) {}
    /// ProbCut's probe searched `nodes` positions, and cut or not.
    fn probcut(&mut self, _level: u8, _nodes: u64, _cut: bool) {}
    /// A child's table bound refuted the node (ETC).
    fn etc_cut(&mut self, _level: u8) {}
    /// The node searches its moves, the table's first or not.
    fn searches(&mut self, _level: u8, _exact: bool, _empties: u32, _table_move_first: bool) {}
    /// The ordering probes searched `nodes` positions.
    fn probes(&mut self, _level: u8, _nodes: u64) {}
    /// A move of an exact-level node is searched.
    fn move_searched(&mut self, _exact: bool, _empties: u32) {}
    /// A null window landed inside the window: the move is searched again.
    fn research(&mut self, _level: u8) {}
    /// The `index`-th move searched reached beta.
    fn fail_high(
        &mut self,
        _level: u8,
        _exact: bool,
        _empties: u32,
        _index: usize,
        _table_move_first: bool,
    ) {
    }
    /// Every move was searched and none rose above alpha.
    fn fail_low(&mut self, _exact: bool, _empties: u32) {}
    /// A null-window search at the root (an MTD(f) step) of `nodes` positions.
    fn root_window(&mut self, _level: u8, _nodes: u64) {}
    /// The root's probes (the score guess, the root move ranking) visited
    /// `nodes` positions.
    fn root_probes(&mut self, _nodes: u64) {}
}

/// The counters of a build without the `stats` feature: none.
#[cfg(not(feature = "stats"))]
pub(super) struct NoCounters;

#[cfg(not(feature = "stats"))]
impl NodeCounters for NoCounters {}

impl NodeCounters for &mut Stats {
    fn node(&mut self, level: u8, empties: u32) {
        self.deep[usize::from(level)] += 1;
        self.deep_by_empties[empties as usize] += 1;
    }
    fn stability_cut(&mut self, level: u8) {
        self.stability_cut[usize::from(level)] += 1;
    }
    fn table_cut(&mut self, level: u8) {
        self.table_cut[usize::from(level)] += 1;
    }
    fn probcut(&mut self, level: u8, nodes: u64, cut: bool) {
        self.probcut_nodes[usize::from(level)] += nodes;
        self.probcut_cut[usize::from(level)] += u64::from(cut);
    }
    fn etc_cut(&mut self, level: u8) {
        self.etc_cut[usize::from(level)] += 1;
    }
    fn searches(&mut self, level: u8, exact: bool, empties: u32, table_move_first: bool) {
        if table_move_first {
            self.with_table_move[usize::from(level)] += 1;
        } else {
            self.without_table_move[usize::from(level)] += 1;
        }
        if exact {
            self.searched_by_empties[empties as usize] += 1;
        }
    }
    fn probes(&mut self, level: u8, nodes: u64) {
        self.probe_nodes[usize::from(level)] += nodes;
    }
    fn move_searched(&mut self, exact: bool, empties: u32) {
        if exact {
            self.moves_by_empties[empties as usize] += 1;
        }
    }
    fn research(&mut self, level: u8) {
        self.pvs_research[usize::from(level)] += 1;
    }
    fn fail_high(
        &mut self,
        level: u8,
        exact: bool,
        empties: u32,
        index: usize,
        table_move_first: bool,
    ) {
        let l = usize::from(level);
        self.fail_high[l] += 1;
        if index == 0 {
            self.first_move_cut[l] += 1;
            self.table_move_cut[l] += u64::from(table_move_first);
        } else {
            self.late_cut_moves[l] += index as u64;
        }
        if exact {
            self.fail_high_by_empties[empties as usize] += 1;
            self.first_move_cut_by_empties[empties as usize] += u64::from(index == 0);
        }
    }
    fn fail_low(&mut self, exact: bool, empties: u32) {
        if exact {
            self.fail_low_by_empties[empties as usize] += 1;
        }
    }
    fn root_window(&mut self, level: u8, nodes: u64) {
        self.root_windows[usize::from(level)] += 1;
        self.level_nodes[usize::from(level)] += nodes;
    }
    fn root_probes(&mut self, nodes: u64) {
        self.root_probe_nodes += nodes;
    }
}
