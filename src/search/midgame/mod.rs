//! The midgame search: an answer for every position, however many empties.
//!
//! Iterative deepening of a principal-variation alpha-beta (`pvs`) with
//! the pattern evaluation at the leaves, its own table on the shared design
//! (`tt`), and ProbCut at a confidence the caller picks ([`probcut`]).
//! Each answer says how sure it is the way players read it
//! ([`Precision`]): "18@95%" is a search 18 plies deep whose ProbCut cuts
//! are 95 % sure, "100%" an exact score.
//!
//! When a position comes within the exact solver's reach
//! ([`ThinkOptions::exact_empties`], or by the time given:
//! [`exact_reach`]) the answer comes from the exact solver
//! ([`crate::search::alphabeta::Searcher`]); if that runs out of time the
//! midgame answer found before it stands, labelled as such. The policy
//! lives here once; [`crate::search::Engine::think`] is the entry point.

pub mod probcut;
mod pvs;
mod tt;

pub use probcut::CONFIDENCE;

use crate::board::{Board, Square};
use crate::eval::Incremental;
use crate::search::alphabeta::Searcher;
use crate::search::budget::Budget;
use crate::search::memory::TableMemoryError;
use crate::search::{Limits, Mode, Status};
use crate::units::{Depth, Quarters, QUARTER_INF};
use pvs::Node;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::MidTable;

/// The deepest a midgame search goes (the end of the game is at most 60
/// plies away; passes are free).
pub const MAX_DEPTH: u32 = 60;

/// What to think about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkOptions {
    /// The deepest midgame iteration (`None`: as deep as the time allows,
    /// up to [`MAX_DEPTH`]; with no time limit either, 12).
    pub depth: Option<u32>,
    /// ProbCut's confidence, one of [`CONFIDENCE`]'s percentages (100: no
    /// ProbCut).
    pub confidence: u32,
    /// Wall-clock time and nodes for the whole answer.
    pub limits: Limits,
    /// How many best moves get a value (at least 1; NBoard's `hint N`).
    pub moves: usize,
    /// Solve exactly at this many empties or fewer (`None`: by the depth or
    /// the time, [`exact_reach`]).
    pub exact_empties: Option<u32>,
    /// Play for the game's result: with a limit, one best move asked and
    /// the position no more than [`WLD_EXTRA`] empties above the exact
    /// reach, a win/draw/loss solve picks a move that keeps a proven win or
    /// draw ("100%W"). A game's engine wants it; a value (analysis, hints)
    /// does not.
    pub wld: bool,
}

/// How many empties above the exact reach a win/draw/loss solve is tried
/// ([`ThinkOptions::wld`]): it costs about what an exact solve of four
/// empties fewer does (docs/tuning.md).
pub const WLD_EXTRA: u32 = 4;

/// ProbCut's confidence, percent, when none is asked for.
pub const DEFAULT_CONFIDENCE: u32 = 95;

impl Default for ThinkOptions {
    fn default() -> ThinkOptions {
        ThinkOptions {
            depth: None,
            confidence: DEFAULT_CONFIDENCE,
            limits: Limits::default(),
            moves: 1,
            exact_empties: None,
            wld: false,
        }
    }
}

/// Why a [`ThinkOptions`] cannot be searched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThinkError {
    /// A confidence that is not one of the levels.
    #[error("confidence {0}% is not a level: use one of 73, 87, 95, 98, 99 or 100")]
    Confidence(u32),
    /// A depth of 0 or above the maximum.
    #[error("depth {0} is out of range: use 1 to 60")]
    Depth(u32),
    /// The midgame table does not fit in memory.
    #[error(transparent)]
    Memory(#[from] TableMemoryError),
}

/// How sure a value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// The exact score, proven ("100%").
    Exact,
    /// The win, draw or loss proven, the value an estimate within it
    /// ("100%W").
    Wld,
    /// A midgame search `depth` plies deep with ProbCut at `confidence`
    /// percent ("18@95%"; 100 is an unpruned search).
    Estimate {
        /// Plies searched.
        depth: u32,
        /// ProbCut's confidence, percent.
        confidence: u32,
    },
}

/// Written as its label ("100%", "18@95%"), as in [`fmt::Display`].
impl serde::Serialize for Precision {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl fmt::Display for Precision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Precision::Exact => write!(f, "100%"),
            Precision::Wld => write!(f, "100%W"),
            Precision::Estimate { depth, confidence } => write!(f, "{depth}@{confidence}%"),
        }
    }
}

impl Precision {
    /// Whether the value is a proven score.
    pub fn is_exact(&self) -> bool {
        matches!(self, Precision::Exact)
    }
}

/// One move's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveEstimate {
    /// The move.
    pub square: Square,
    /// Its value for the mover in discs (the final disc difference, exact or
    /// predicted).
    pub value: f32,
    /// How sure the value is.
    pub precision: Precision,
}

/// The answer of [`crate::search::Engine::think`], from the side to
/// move's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The best moves with their values, best first: as many as asked
    /// ([`ThinkOptions::moves`]) or legal; empty when the side to move must
    /// pass or the game is over.
    pub moves: Vec<MoveEstimate>,
    /// The position's value in discs (the first move's, or the pass's, or
    /// the final score).
    pub value: f32,
    /// How sure `value` is.
    pub precision: Precision,
    /// The expected line from the position (`None` = pass).
    pub pv: Vec<Option<Square>>,
    /// Positions visited (midgame and exact searches together).
    pub nodes: u64,
    /// Wall-clock seconds.
    pub time_s: f64,
}

impl Thought {
    /// The best move (`None`: pass, or the game is over).
    pub fn best(&self) -> Option<Square> {
        self.moves.first().map(|m| m.square)
    }
}

/// The empties up to which a think with these limits solves exactly: by
/// the depth when there is no time limit (twice it, at most 24, as
/// engines' levels do), else by the time (about what the exact solver
/// finishes in a tenth of it on one core; docs/tuning.md).
pub fn exact_reach(depth: Option<u32>, time: Option<Duration>) -> u32 {
    match time {
        None => depth.map_or(20, |d| (2 * d).min(24)),
        Some(t) => {
            let s = t.as_secs_f64();
            if s < 0.05 {
                14
            } else if s < 0.3 {
                18
            } else if s < 2.0 {
                22
            } else if s < 15.0 {
                25
            } else if s < 120.0 {
                28
            } else {
                30
            }
        }
    }
}

/// What is left of `limits` at this moment, `spent` nodes after `start`.
fn left_of(limits: &Limits, start: Instant, spent: u64) -> Limits {
    Limits {
        time: limits.time.map(|t| t.saturating_sub(start.elapsed())),
        nodes: limits.nodes.map(|n| n.saturating_sub(spent)),
    }
}

/// The midgame searcher: its table (allocated once) and what a think
/// needs besides.
pub struct Midgame {
    table: MidTable,
}

impl Midgame {
    /// A midgame searcher with a table of at most `hash_mb` MiB.
    pub fn try_new(hash_mb: usize) -> Result<Midgame, TableMemoryError> {
        Ok(Midgame {
            table: MidTable::try_with_mb(hash_mb.max(1))?,
        })
    }

    /// Forgets every stored position (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The unpruned value of `board` searched `depth` plies deep (no
    /// ProbCut, full window), quarter discs, side to move's view: what
    /// midgame ProbCut's σ is measured on (`othello-tools mid-sigma`).
    pub fn value<E: Incremental + ?Sized>(
        &mut self,
        eval: &E,
        board: &Board,
        depth: Depth,
    ) -> Quarters {
        let budget = Budget::unlimited();
        let mut node = Node {
            eval,
            table: &self.table,
            budget: &budget,
            nodes: 0,
            unsent: 0,
            stopped: false,
            level: (CONFIDENCE.len() - 1) as u8,
            t: 0,
        };
        let s = eval.root(board.player, board.opponent);
        pvs::search(
            &mut node,
            board.player,
            board.opponent,
            &s,
            -QUARTER_INF,
            QUARTER_INF,
            depth,
        )
    }

    /// Thinks about `board` by [`ThinkOptions`]: the exact solver `exact`
    /// within reach, else (and as the fallback) the midgame search with
    /// `eval`. `interrupt` stops it at once (the answer is then the last
    /// finished iteration's, or the evaluation's).
    pub fn think<E: Incremental + ?Sized>(
        &mut self,
        eval: &E,
        exact: &mut Searcher,
        board: &Board,
        options: &ThinkOptions,
        interrupt: Option<Arc<AtomicBool>>,
    ) -> Result<Thought, ThinkError> {
        let level = CONFIDENCE
            .iter()
            .position(|&(p, _)| p == options.confidence)
            .ok_or(ThinkError::Confidence(options.confidence))?;
        if let Some(d) = options.depth {
            if d == 0 || d > MAX_DEPTH {
                return Err(ThinkError::Depth(d));
            }
        }
        let start = Instant::now();
        let budget = Budget::starting(options.limits, start).with_interrupt(interrupt.clone());
        self.table.new_generation();
        let want = options.moves.max(1);
        let empties = board.empties();
        let reach = options
            .exact_empties
            .unwrap_or_else(|| exact_reach(options.depth, options.limits.time));
        if board.moves() == 0 {
            return self.pass_or_end(eval, exact, board, options, interrupt, start);
        }
        let timed = options.limits.time.is_some() || options.limits.nodes.is_some();
        let mut mid_nodes = 0;
        let mut fallback = None;
        if empties <= reach {
            // With a limit, a quick midgame answer first in case the exact
            // solve does not finish; without one, the solve will.
            if timed {
                let t = self.quick(eval, board, options, level, want, &budget, start);
                mid_nodes = t.nodes;
                fallback = Some(t);
            }
            if let Some(t) =
                self.solve_exact(exact, board, options, want, &budget, start, mid_nodes)
            {
                return Ok(t);
            }
        } else if options.wld && timed && want == 1 && empties <= reach + WLD_EXTRA {
            let quick = self.quick(eval, board, options, level, want, &budget, start);
            mid_nodes = quick.nodes;
            let solved = self.solve_wld(exact, board, options, &budget, start, &quick);
            match solved {
                Some(t) => return Ok(t),
                None => fallback = Some(quick),
            }
        }
        // The exact solve's own limit is the budget's: when it ran out (or
        // was interrupted) the budget is spent too, and the quick answer
        // stands; a new search would only find less.
        let t = match fallback {
            Some(t) if budget.charge(0) => t,
            _ => {
                let mut t = self.deepen(eval, board, options, level, want, &budget, &budget, start);
                t.nodes += mid_nodes;
                t
            }
        };
        Ok(t)
    }

    /// The quick midgame answer that stands if a solve does not finish: a
    /// tenth of the limits, at most `empties − 10` plies.
    #[allow(clippy::too_many_arguments)]
    fn quick<E: Incremental + ?Sized>(
        &mut self,
        eval: &E,
        board: &Board,
        options: &ThinkOptions,
        level: usize,
        want: usize,
        budget: &Budget,
        start: Instant,
    ) -> Thought {
        let quick = ThinkOptions {
            depth: Some(
                options
                    .depth
                    .unwrap_or(MAX_DEPTH)
                    .min(board.empties().saturating_sub(10).max(2)),
            ),
            ..*options
        };
        let share = Budget::starting(
            Limits {
                time: options.limits.time.map(|t| t / 10),
                nodes: options.limits.nodes.map(|n| n / 10),
            },
            start,
        )
        .with_interrupt(budget.interrupt());
        self.deepen(eval, board, &quick, level, want, &share, budget, start)
    }

    /// The win/draw/loss solve of `board` within what is left of `budget`:
    /// a move that keeps a proven win or draw, its value `quick`'s clamped
    /// into the proven range. `None` when it did not finish or proved a
    /// loss (every move then loses; the midgame search picks the one that
    /// loses least).
    fn solve_wld(
        &mut self,
        exact: &mut Searcher,
        board: &Board,
        options: &ThinkOptions,
        budget: &Budget,
        start: Instant,
        quick: &Thought,
    ) -> Option<Thought> {
        let left = left_of(&options.limits, start, quick.nodes);
        if budget.stopped() && options.limits.time.is_some() {
            return None;
        }
        let r = exact.solve(board, Mode::Wld, left);
        if r.status != Status::Solved || r.upper < 0 {
            budget.charge(r.nodes);
            return None;
        }
        let square = *r.best_moves.first()?;
        let value = quick.value.clamp(r.lower as f32, r.upper as f32);
        Some(Thought {
            value,
            precision: Precision::Wld,
            moves: vec![MoveEstimate {
                square,
                value,
                precision: Precision::Wld,
            }],
            pv: r.pv,
            nodes: quick.nodes + r.nodes,
            time_s: start.elapsed().as_secs_f64(),
        })
    }

    /// The exact solve of `board` within what is left of `budget`, or
    /// `None` when it did not finish.
    #[allow(clippy::too_many_arguments)]
    fn solve_exact(
        &mut self,
        exact: &mut Searcher,
        board: &Board,
        options: &ThinkOptions,
        want: usize,
        budget: &Budget,
        start: Instant,
        nodes_before: u64,
    ) -> Option<Thought> {
        let left = left_of(&options.limits, start, nodes_before);
        if budget.stopped() && options.limits.time.is_some() {
            return None;
        }
        exact.set_all_moves(want > 1);
        let r = exact.solve(board, Mode::Exact, left);
        exact.set_all_moves(false);
        if r.status != Status::Solved {
            budget.charge(r.nodes);
            return None;
        }
        let moves: Vec<MoveEstimate> = if want > 1 {
            r.moves
                .iter()
                .filter_map(|m| {
                    m.score().map(|s| MoveEstimate {
                        square: m.square,
                        value: s as f32,
                        precision: Precision::Exact,
                    })
                })
                .take(want)
                .collect()
        } else {
            r.best_moves
                .first()
                .map(|&sq| MoveEstimate {
                    square: sq,
                    value: r.lower as f32,
                    precision: Precision::Exact,
                })
                .into_iter()
                .collect()
        };
        Some(Thought {
            value: r.lower as f32,
            precision: Precision::Exact,
            moves,
            pv: r.pv,
            nodes: nodes_before + r.nodes,
            time_s: start.elapsed().as_secs_f64(),
        })
    }

    /// A position whose side to move has no move: the game's end, or a
    /// pass and the opponent's position thought about.
    fn pass_or_end<E: Incremental + ?Sized>(
        &mut self,
        eval: &E,
        exact: &mut Searcher,
        board: &Board,
        options: &ThinkOptions,
        interrupt: Option<Arc<AtomicBool>>,
        start: Instant,
    ) -> Result<Thought, ThinkError> {
        let passed = board.pass();
        if passed.moves() == 0 {
            return Ok(Thought {
                moves: Vec::new(),
                value: board.final_score() as f32,
                precision: Precision::Exact,
                pv: Vec::new(),
                nodes: 1,
                time_s: start.elapsed().as_secs_f64(),
            });
        }
        let child = ThinkOptions {
            moves: 1,
            ..*options
        };
        let t = self.think(eval, exact, &passed, &child, interrupt)?;
        Ok(Thought {
            moves: Vec::new(),
            value: -t.value,
            precision: t.precision,
            pv: std::iter::once(None).chain(t.pv).collect(),
            nodes: t.nodes,
            time_s: start.elapsed().as_secs_f64(),
        })
    }

    /// Iterative deepening from one ply: each iteration a root search of
    /// every move ([`Midgame::root`]); an iteration the budget `stop`
    /// interrupts is dropped. Nodes are charged to `stop` and `total`.
    #[allow(clippy::too_many_arguments)]
    fn deepen<E: Incremental + ?Sized>(
        &mut self,
        eval: &E,
        board: &Board,
        options: &ThinkOptions,
        level: usize,
        want: usize,
        stop: &Budget,
        total: &Budget,
        start: Instant,
    ) -> Thought {
        let (confidence, t) = CONFIDENCE[level];
        let max_depth = match (options.depth, options.limits.time, options.limits.nodes) {
            (Some(d), _, _) => d,
            (None, None, None) => 12,
            _ => MAX_DEPTH,
        };
        let mut node = Node {
            eval,
            table: &self.table,
            budget: stop,
            nodes: 0,
            unsent: 0,
            stopped: false,
            level: level as u8,
            t,
        };
        let s = eval.root(board.player, board.opponent);
        // Depth 0: every move's static value, the answer if nothing more
        // finishes.
        let mut order: Vec<(Square, i32)> = Square::iter_bits(board.moves())
            .map(|sq| {
                let f = board.flips(sq);
                let c = board.play_flips(sq.index(), f);
                let v = -eval.value::<crate::board::kernels::Portable>(
                    &eval.play(&s, sq.index(), f),
                    c.player,
                    c.opponent,
                );
                (sq, v)
            })
            .collect();
        order.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        let mut done = 0;
        let mut values = order.clone();
        let mut exact_count = want.min(order.len());
        for depth in 1..=max_depth {
            let Some((found, exact)) = root(&mut node, board, &s, &order, depth, want) else {
                break;
            };
            done = depth;
            values = found;
            exact_count = exact;
            order = values.clone();
            // Past the end of the game in every line: deeper adds nothing.
            if depth >= board.empties() + 2 {
                break;
            }
            if let Some(limit) = options.limits.time {
                // The next iteration takes a few times this one.
                if start.elapsed() > limit.mul_f64(0.5) {
                    break;
                }
            }
        }
        node.flush();
        let nodes = node.nodes;
        if !std::ptr::eq(stop, total) {
            total.charge(nodes);
        }
        let precision = Precision::Estimate {
            depth: done,
            confidence,
        };
        let moves: Vec<MoveEstimate> = values
            .iter()
            .take(exact_count.max(1))
            .map(|&(sq, v)| MoveEstimate {
                square: sq,
                value: v as f32 / 4.0,
                precision,
            })
            .collect();
        let pv = self.pv(board, values.first().map(|&(sq, _)| sq), done);
        Thought {
            value: moves.first().map_or(0.0, |m| m.value),
            precision,
            moves,
            pv,
            nodes,
            time_s: start.elapsed().as_secs_f64(),
        }
    }

    /// The line from `board` starting with `first`, then the table's best
    /// moves, at most `depth` plies.
    fn pv(&self, board: &Board, first: Option<Square>, depth: u32) -> Vec<Option<Square>> {
        let mut line = Vec::new();
        let Some(first) = first else {
            return line;
        };
        let Some(mut b) = board.play(first) else {
            return line;
        };
        line.push(Some(first));
        while (line.len() as u32) < depth.max(1) {
            if b.moves() == 0 {
                if b.opponent_moves() == 0 {
                    break;
                }
                b = b.pass();
                line.push(None);
                continue;
            }
            let Some(e) = self.table.get(&b) else {
                break;
            };
            let Some(sq) = e.best.square() else {
                break;
            };
            let Some(next) = b.play(sq) else {
                break;
            };
            line.push(Some(sq));
            b = next;
        }
        line
    }
}

/// One iteration at the root, `depth` plies: every move of `order` (best
/// first), the first `want` with their values in a full window, the rest
/// only compared with the `want`-th best (principal-variation search).
/// Returns the moves with their values (upper bounds past the `want`
/// exact ones), best first, and how many are exact; `None` when the
/// budget stopped it.
fn root<E: Incremental + ?Sized>(
    node: &mut Node<'_, E>,
    board: &Board,
    s: &E::State,
    order: &[(Square, i32)],
    depth: u32,
    want: usize,
) -> Option<(Vec<(Square, i32)>, usize)> {
    let mut found: Vec<(Square, i32, bool)> = Vec::with_capacity(order.len());
    let mut exact: Vec<i32> = Vec::new();
    for &(sq, _) in order {
        let f = board.flips(sq);
        let c = board.play_flips(sq.index(), f);
        let cs = node.eval.play(s, sq.index(), f);
        // Values above `floor` are needed exactly.
        let floor = if exact.len() < want {
            -QUARTER_INF
        } else {
            exact[want - 1]
        };
        let mut v = if floor == -QUARTER_INF {
            -pvs::search(
                node,
                c.player,
                c.opponent,
                &cs,
                -QUARTER_INF,
                QUARTER_INF,
                depth - 1,
            )
        } else {
            -pvs::search(
                node,
                c.player,
                c.opponent,
                &cs,
                -floor - 1,
                -floor,
                depth - 1,
            )
        };
        if floor != -QUARTER_INF && v > floor && !node.stopped {
            v = -pvs::search(
                node,
                c.player,
                c.opponent,
                &cs,
                -QUARTER_INF,
                -floor,
                depth - 1,
            );
        }
        if node.stopped {
            return None;
        }
        if v > floor {
            exact.push(v);
            exact.sort_unstable_by(|a, b| b.cmp(a));
        }
        found.push((sq, v, v > floor));
    }
    // Stable: among equals an exact value, then the earlier (better
    // ordered) move, comes first. Every move of the final best `want` was
    // above the floor of its time, so the first `n` are exact.
    found.sort_by_key(|&(_, v, e)| std::cmp::Reverse((v, e)));
    let n = exact.len().min(want).min(found.len());
    Some((found.into_iter().map(|(sq, v, _)| (sq, v)).collect(), n))
}

#[cfg(test)]
mod tests;
