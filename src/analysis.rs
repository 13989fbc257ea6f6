//! A game analysed move by move (`othello-solver analyze`): from a given
//! number of empties to the end, every position's value and best moves,
//! the value of the move played, and the discs it lost.
//!
//! Within the exact reach ([`AnalysisOptions::exact_empties`]) one exact
//! solve (every best move) per position, from the last position back to the
//! first, all on the one engine's table: each later position's proof is
//! part of an earlier one's tree, so the earlier solves reuse it. Beyond
//! that reach (and where an exact solve hits a limit) the value is the
//! midgame search's estimate ([`Engine::think`]), labelled with its
//! depth@selectivity, so that a game can be analysed from move 1. The move
//! played needs no search of its own: its value is the next position's,
//! seen from the mover's side.

use crate::board::{Color, Square};
use crate::formats::games::Game;
use crate::formats::Position;
use crate::search::midgame::{Precision, ThinkOptions, DEFAULT_CONFIDENCE};
use crate::search::{Engine, Limits, Mode, Status};
use serde::Serialize;

/// What to analyse, and how far the exact solver goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// Analyse the positions with at most this many empties (60: the whole
    /// game).
    pub from_empties: u32,
    /// Solve exactly at this many empties or fewer; positions with more get
    /// the midgame search's estimate.
    pub exact_empties: u32,
    /// The estimate's depth in plies.
    pub depth: u32,
    /// The estimate's ProbCut confidence, percent (one of
    /// [`crate::search::midgame::CONFIDENCE`]'s levels).
    pub confidence: u32,
}

/// Positions analysed by default: from this many empties to the end (the
/// depth of WTHOR's recorded perfect-play scores), all of them exactly.
pub const DEFAULT_FROM_EMPTIES: u32 = 24;

/// The estimates' midgame depth in plies by default.
pub const DEFAULT_ESTIMATE_DEPTH: u32 = 14;

impl AnalysisOptions {
    /// Exact scores from `from_empties` to the end (no estimates up to 60
    /// empties, the estimate's settings at their defaults).
    pub fn exact_from(from_empties: u32) -> AnalysisOptions {
        AnalysisOptions {
            from_empties,
            exact_empties: 60,
            ..AnalysisOptions::default()
        }
    }
}

impl Default for AnalysisOptions {
    /// From 24 empties, all exact; estimates (when asked for by a larger
    /// `from_empties`) 14 plies deep at 95 %.
    fn default() -> AnalysisOptions {
        AnalysisOptions {
            from_empties: DEFAULT_FROM_EMPTIES,
            exact_empties: DEFAULT_FROM_EMPTIES,
            depth: DEFAULT_ESTIMATE_DEPTH,
            confidence: DEFAULT_CONFIDENCE,
        }
    }
}

/// The analysis of one position of a game, where a move was played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveAnalysis {
    /// Moves played before this position (0 for the start position); the
    /// game's move number of the move played is `ply + 1`.
    pub ply: u32,
    /// Empty squares.
    pub empties: u32,
    /// The side to move (`X` black, `O` white).
    pub side: &'static str,
    /// The move played.
    #[serde(rename = "move")]
    pub played: String,
    /// The move played's score, for the mover (`None`: a limit was hit):
    /// exact, or an estimate rounded to a disc (`score_precision`).
    pub score: Option<i32>,
    /// How sure `score` is: `100%` exact, `14@95%` an estimate.
    pub score_precision: Option<Precision>,
    /// The position's perfect-play score for the mover, or the estimate of
    /// it (`precision`).
    pub best_score: Option<i32>,
    /// How sure `best_score` is.
    pub precision: Option<Precision>,
    /// Every move reaching the best score (an estimate's one best move).
    pub best_moves: Vec<String>,
    /// Discs lost by the move played: best score − its score (0 for a best
    /// move; an estimated loss is at least 0).
    pub lost: Option<i32>,
    /// The position's 64 squares (`X`, `O`, `-`), a1 first.
    pub board: String,
    /// Nodes searched for this position.
    pub nodes: u64,
}

/// A whole game's analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameAnalysis {
    /// The game's id (`FILE#N`, `FILE:LINE`, or `moves` for a move list).
    pub id: String,
    /// Empties of the first analysed position.
    pub from_empties: u32,
    /// The first analysed move from which every value is exact (`None`:
    /// none is).
    pub exact_from_ply: Option<u32>,
    /// Each analysed position where a move was played, in game order.
    pub moves: Vec<MoveAnalysis>,
    /// Discs lost by black's moves in all (`None` if a score is unknown;
    /// estimated losses included).
    pub lost_black: Option<i32>,
    /// Discs lost by white's moves in all.
    pub lost_white: Option<i32>,
    /// The first analysed move that changed the outcome under perfect play
    /// (a win thrown to a draw or loss, or a draw to a loss), among the
    /// moves whose values are exact: its `ply`.
    pub first_outcome_change: Option<u32>,
    /// Black's perfect-play score at the first analysed position (`None`
    /// when it is unknown or only estimated).
    pub perfect_black_score: Option<i32>,
    /// Black's final score in the game (black − white, empties to the
    /// winner), when the game is complete or records it.
    pub final_black_score: Option<i32>,
    /// WTHOR's recorded perfect-play score, when the game has one, with its
    /// empties, and ours at that position (black's view).
    pub recorded_perfect: Option<RecordedCheck>,
    /// `solved`, or `unknown` when a limit stopped an exact solve (its
    /// position then has an estimate) or left a value unknown. Estimates
    /// beyond the exact reach do not make it `unknown`.
    pub status: Status,
}

/// A recorded perfect-play score beside ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RecordedCheck {
    /// Empties of the position it refers to.
    pub empties: u32,
    /// The recorded score (black's view).
    pub recorded: i32,
    /// Ours at the same position (black's view), if that position was solved.
    pub ours: Option<i32>,
}

/// The outcome sign of a score: 1 win, 0 draw, −1 loss.
fn outcome(score: i32) -> i32 {
    score.signum()
}

/// Black's view of a score for `side`.
fn for_black(side: Color, score: i32) -> i32 {
    match side {
        Color::Black => score,
        Color::White => -score,
    }
}

/// Analyses `game` from the first position with at most
/// `options.from_empties` empties to the end, with `engine` (which should
/// list every best move: `EngineConfig::all_best`; its limits bound each
/// exact solve). `progress` is told after each position how many of the
/// positions are done and how many there are.
pub fn analyze_game(
    engine: &mut Engine,
    game: &Game,
    options: &AnalysisOptions,
    mut progress: impl FnMut(usize, usize),
) -> GameAnalysis {
    let positions: Vec<(usize, Position)> = game.positions().collect();
    // The positions to analyse: from `from_empties` on, the game not over.
    let first = positions
        .iter()
        .position(|(_, p)| p.board.empties() <= options.from_empties)
        .unwrap_or(positions.len());
    let todo: Vec<usize> = (first..positions.len())
        .filter(|&i| positions[i].1.board.moves() != 0)
        .collect();
    // Each position's value for its side to move (solved, estimated or
    // final) and how sure it is.
    let mut scores: Vec<Option<(i32, Precision)>> = vec![None; positions.len()];
    let mut best: Vec<Vec<Square>> = vec![Vec::new(); positions.len()];
    let mut nodes = vec![0u64; positions.len()];
    let mut status = Status::Solved;
    for (i, (_, p)) in positions.iter().enumerate().skip(first) {
        if p.board.moves() == 0 && p.board.opponent_moves() == 0 {
            scores[i] = Some((p.board.final_score(), Precision::Exact));
        }
    }
    let think = ThinkOptions {
        depth: Some(options.depth),
        confidence: options.confidence,
        limits: Limits::default(),
        moves: 1,
        exact_empties: Some(0),
        wld: false,
    };
    // Exact solves from the end back, then the estimates (and the
    // fallback for a solve that hit a limit).
    let (exact, estimated): (Vec<usize>, Vec<usize>) = todo
        .iter()
        .partition(|&&i| positions[i].1.board.empties() <= options.exact_empties);
    let mut done = 0;
    let mut to_estimate = estimated;
    for &i in exact.iter().rev() {
        let r = engine.solve(&positions[i].1.board, Mode::Exact);
        nodes[i] = r.nodes + r.leaf_nodes;
        match r.score() {
            Some(s) if r.status == Status::Solved => {
                scores[i] = Some((s, Precision::Exact));
                best[i] = r.best_moves.clone();
                done += 1;
                progress(done, todo.len());
            }
            _ => {
                status = Status::Unknown;
                to_estimate.push(i);
            }
        }
    }
    // The move played from an estimated position is valued as deep as the
    // position's best move (the next position one ply shallower), so that
    // the loss compares like with like; a next position with an exact score
    // needs no search. These go first, and the positions then in game
    // order: a position's search finds its children's entries at the depth
    // it needs them, not deeper ones from their own rows.
    to_estimate.sort_unstable();
    let mut played_value: Vec<Option<(i32, Precision)>> = vec![None; positions.len()];
    for &i in &to_estimate {
        let Some((_, q)) = positions.get(i + 1) else {
            continue;
        };
        if matches!(scores[i + 1], Some((_, Precision::Exact))) || options.depth < 2 {
            continue;
        }
        let child = ThinkOptions {
            depth: Some(options.depth - 1),
            ..think
        };
        if let Ok(t) = engine.think(&q.board, &child) {
            nodes[i] += t.nodes;
            // Labelled from the mover's side: one ply deeper.
            let precision = match t.precision {
                Precision::Estimate { depth, confidence } => Precision::Estimate {
                    depth: depth + 1,
                    confidence,
                },
                exact => exact,
            };
            played_value[i] = Some((t.value.round() as i32, precision));
        }
    }
    for &i in &to_estimate {
        match engine.think(&positions[i].1.board, &think) {
            Ok(t) => {
                nodes[i] += t.nodes;
                scores[i] = Some((t.value.round() as i32, t.precision));
                best[i] = t.best().into_iter().collect();
            }
            Err(_) => status = Status::Unknown,
        }
        done += 1;
        progress(done, todo.len());
    }
    let mut moves = Vec::new();
    for &i in &todo {
        let Some(&played) = game.moves.get(i) else {
            continue;
        };
        let p = &positions[i].1;
        let next = positions.get(i + 1).map(|(_, q)| q);
        // The next position has the mover to move again when the other
        // side had to pass (the pass is applied in it).
        let score = next.and_then(|q| {
            let (s, precision) = played_value[i].or(scores[i + 1])?;
            Some((if q.side == p.side { s } else { -s }, precision))
        });
        let best_score = scores[i];
        let lost = best_score.zip(score).map(|((b, bp), (s, sp))| {
            if bp.is_exact() && sp.is_exact() {
                b - s
            } else {
                (b - s).max(0)
            }
        });
        moves.push(MoveAnalysis {
            ply: i as u32,
            empties: p.board.empties(),
            side: match p.side {
                Color::Black => "X",
                Color::White => "O",
            },
            played: played.to_string(),
            score: score.map(|(s, _)| s),
            score_precision: score.map(|(_, p)| p),
            best_score: best_score.map(|(s, _)| s),
            precision: best_score.map(|(_, p)| p),
            best_moves: best[i].iter().map(Square::to_string).collect(),
            lost,
            board: p.squares_string(),
            nodes: nodes[i],
        });
    }
    let exact_move = |m: &MoveAnalysis| {
        m.precision.is_some_and(|p| p.is_exact()) && m.score_precision.is_some_and(|p| p.is_exact())
    };
    let exact_from_ply = moves
        .iter()
        .rposition(|m| !exact_move(m))
        .map_or(0, |k| k + 1);
    let exact_from_ply = moves.get(exact_from_ply).map(|m| m.ply);
    let lost_by = |side: &str| -> Option<i32> {
        moves
            .iter()
            .filter(|m| m.side == side)
            .map(|m| m.lost)
            .sum::<Option<i32>>()
    };
    let first_outcome_change = moves
        .iter()
        .filter(|m| exact_move(m))
        .find(|m| match (m.score, m.best_score) {
            (Some(s), Some(b)) => outcome(s) < outcome(b),
            _ => false,
        })
        .map(|m| m.ply);
    let exact_score = |i: usize| match scores.get(i).copied().flatten() {
        Some((s, Precision::Exact)) => Some(s),
        _ => None,
    };
    let perfect_black_score = positions
        .get(first)
        .and_then(|(_, p)| exact_score(first).map(|s| for_black(p.side, s)));
    let final_black_score = positions
        .last()
        .filter(|(_, p)| p.board.moves() == 0 && p.board.opponent_moves() == 0)
        .map(|(_, p)| for_black(p.side, p.board.final_score()))
        .or(game.black_score);
    let recorded_perfect = game.theoretical.map(|t| {
        let e = u32::from(t.empties);
        let ours = positions
            .iter()
            .enumerate()
            .find(|(_, (_, p))| p.board.empties() == e)
            .and_then(|(i, (_, p))| exact_score(i).map(|s| for_black(p.side, s)));
        RecordedCheck {
            empties: e,
            recorded: t.black_score,
            ours,
        }
    });
    GameAnalysis {
        id: game.id.clone(),
        from_empties: positions.get(first).map_or(0, |(_, p)| p.board.empties()),
        exact_from_ply,
        lost_black: lost_by("X"),
        lost_white: lost_by("O"),
        moves,
        first_outcome_change,
        perfect_black_score,
        final_black_score,
        recorded_perfect,
        status,
    }
}
