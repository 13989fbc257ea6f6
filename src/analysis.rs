//! A game analysed move by move (`othello-solver analyze`): from a given
//! number of empties to the end, every position's perfect-play score and
//! best moves, the exact score of the move played, and the discs it lost.
//!
//! One exact solve (every best move) per position, from the last position
//! back to the first, all on the one engine's table: each later position's
//! proof is part of an earlier one's tree, so the earlier solves reuse it.
//! The move played needs no solve of its own: its score is the next
//! position's, seen from the mover's side.

use crate::board::{Color, Square};
use crate::formats::games::Game;
use crate::formats::Position;
use crate::search::{Engine, Mode, Status};
use serde::Serialize;

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
    /// The move played's exact score, for the mover (`None`: a limit was hit).
    pub score: Option<i32>,
    /// The position's perfect-play score, for the mover.
    pub best_score: Option<i32>,
    /// Every move reaching the best score.
    pub best_moves: Vec<String>,
    /// Discs lost by the move played: best score − its score (0 for a best move).
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
    /// Each analysed position where a move was played, in game order.
    pub moves: Vec<MoveAnalysis>,
    /// Discs lost by black's moves in all (`None` if a score is unknown).
    pub lost_black: Option<i32>,
    /// Discs lost by white's moves in all.
    pub lost_white: Option<i32>,
    /// The first analysed move that changed the outcome under perfect play
    /// (a win thrown to a draw or loss, or a draw to a loss): its `ply`.
    pub first_outcome_change: Option<u32>,
    /// Black's perfect-play score at the first analysed position.
    pub perfect_black_score: Option<i32>,
    /// Black's final score in the game (black − white, empties to the
    /// winner), when the game is complete or records it.
    pub final_black_score: Option<i32>,
    /// WTHOR's recorded perfect-play score, when the game has one, with its
    /// empties, and ours at that position (black's view).
    pub recorded_perfect: Option<RecordedCheck>,
    /// `solved`, or `unknown` when a limit left some score unknown.
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

/// Analyses `game` from the first position with at most `from_empties`
/// empties to the end, with `engine` (which should list every best move:
/// `EngineConfig::all_best`). `progress` is told after each solve how many
/// of the positions are done and how many there are.
pub fn analyze_game(
    engine: &mut Engine,
    game: &Game,
    from_empties: u32,
    mut progress: impl FnMut(usize, usize),
) -> GameAnalysis {
    let positions: Vec<(usize, Position)> = game.positions().collect();
    // The positions to solve: from `from_empties` on, the game not over.
    let first = positions
        .iter()
        .position(|(_, p)| p.board.empties() <= from_empties)
        .unwrap_or(positions.len());
    let todo: Vec<usize> = (first..positions.len())
        .filter(|&i| positions[i].1.board.moves() != 0)
        .collect();
    // Each position's score for its side to move (solved, or final).
    let mut scores: Vec<Option<i32>> = vec![None; positions.len()];
    let mut best: Vec<Vec<Square>> = vec![Vec::new(); positions.len()];
    let mut nodes = vec![0u64; positions.len()];
    let mut status = Status::Solved;
    for (i, (_, p)) in positions.iter().enumerate().skip(first) {
        if p.board.moves() == 0 && p.board.opponent_moves() == 0 {
            scores[i] = Some(p.board.final_score());
        }
    }
    for (done, &i) in todo.iter().rev().enumerate() {
        let r = engine.solve(&positions[i].1.board, Mode::Exact);
        nodes[i] = r.nodes + r.leaf_nodes;
        if r.status == Status::Solved {
            scores[i] = r.score();
            best[i] = r.best_moves.clone();
        } else {
            status = Status::Unknown;
        }
        progress(done + 1, todo.len());
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
            let s = scores[i + 1]?;
            Some(if q.side == p.side { s } else { -s })
        });
        let best_score = scores[i];
        moves.push(MoveAnalysis {
            ply: i as u32,
            empties: p.board.empties(),
            side: match p.side {
                Color::Black => "X",
                Color::White => "O",
            },
            played: played.to_string(),
            score,
            best_score,
            best_moves: best[i].iter().map(Square::to_string).collect(),
            lost: best_score.zip(score).map(|(b, s)| b - s),
            board: p.squares_string(),
            nodes: nodes[i],
        });
    }
    let lost_by = |side: &str| -> Option<i32> {
        moves
            .iter()
            .filter(|m| m.side == side)
            .map(|m| m.lost)
            .sum::<Option<i32>>()
    };
    let first_outcome_change = moves
        .iter()
        .find(|m| match (m.score, m.best_score) {
            (Some(s), Some(b)) => outcome(s) < outcome(b),
            _ => false,
        })
        .map(|m| m.ply);
    let perfect_black_score = positions
        .get(first)
        .and_then(|(_, p)| scores[first].map(|s| for_black(p.side, s)));
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
            .and_then(|(i, (_, p))| scores[i].map(|s| for_black(p.side, s)));
        RecordedCheck {
            empties: e,
            recorded: t.black_score,
            ours,
        }
    });
    GameAnalysis {
        id: game.id.clone(),
        from_empties: positions.get(first).map_or(0, |(_, p)| p.board.empties()),
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
