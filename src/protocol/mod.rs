//! The text protocols through which GUIs and match runners drive an engine:
//! NBoard's ([`nboard`], the NBoard GUI) and GTP ([`gtp`], GoGui and match
//! runners). Each has a line parser (a fuzz target) and a session driver
//! that reads commands from any input, answers on any output and thinks
//! with an [`Engine`](crate::search::Engine) ([`crate::search::Engine::think`]).
//! What both share lives here: the game being played ([`GameState`]) and
//! the time a move gets ([`move_time`]).

pub mod gtp;
pub mod nboard;

use crate::board::{Color, Square};
use crate::formats::Position;
use crate::search::EngineError;
use std::io;
use std::time::Duration;

/// Why a session could not run.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The engine could not be made.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// Writing the replies failed.
    #[error("writing to the GUI: {0}")]
    Io(#[from] io::Error),
}

/// A game in progress: its start, the moves played (passes as `None`,
/// each with the seconds it took when known) and every position on the
/// way.
#[derive(Clone, Debug, PartialEq)]
pub struct GameState {
    positions: Vec<Position>,
    moves: Vec<(Option<Square>, Option<f64>)>,
}

impl Default for GameState {
    fn default() -> GameState {
        GameState::new(Position::start())
    }
}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The square is not a legal move.
    #[error("{square} is not a legal move for {side}")]
    Illegal {
        /// The square.
        square: Square,
        /// Who is to move.
        side: &'static str,
    },
    /// A pass while the side to move has a move.
    #[error("{0} cannot pass: it has a legal move")]
    CannotPass(&'static str),
    /// A move after the end of the game.
    #[error("the game is over")]
    GameOver,
}

impl GameState {
    /// A game from `start`, no move played.
    pub fn new(start: Position) -> GameState {
        GameState {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn current(&self) -> Position {
        self.positions[self.positions.len() - 1]
    }

    /// Every position from the start to the current one.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played (`None` = pass) with their times, if known.
    pub fn moves(&self) -> &[(Option<Square>, Option<f64>)] {
        &self.moves
    }

    /// Plays `mv` (`None`: a pass) for the side to move.
    pub fn play(&mut self, mv: Option<Square>, time: Option<f64>) -> Result<(), MoveError> {
        let pos = self.current();
        if pos.board.is_game_over() {
            return Err(MoveError::GameOver);
        }
        let next = match mv {
            None if pos.board.moves() == 0 => pos.pass(),
            None => return Err(MoveError::CannotPass(pos.side.name())),
            Some(sq) => pos.play(sq).ok_or(MoveError::Illegal {
                square: sq,
                side: pos.side.name(),
            })?,
        };
        self.positions.push(next);
        self.moves.push((mv, time));
        Ok(())
    }

    /// Takes back the last move (a pass counts as one); `false` at the start.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    /// The seconds `color` has used, by the recorded move times.
    pub fn time_used(&self, color: Color) -> f64 {
        self.positions
            .iter()
            .zip(&self.moves)
            .filter(|(p, _)| p.side == color)
            .filter_map(|(_, m)| m.1)
            .sum()
    }
}

/// The empties from which a timed game is usually solved exactly: the
/// moves before them share the midgame clock.
const SOLVED_FROM: u32 = 20;

/// The time to spend on a move with `remaining` seconds on the clock and
/// `empties` empty squares: the remaining time over half the side's moves
/// still to come before 20 empties (`SOLVED_FROM`), plus two. The exact solve
/// near the end is the reserve of two: once it succeeds, the moves after it
/// cost nothing. Each move gets about twice an even share because
/// iterative deepening stops early (it starts no iteration past half its
/// time). A tenth of a second of margin is kept for the replies.
pub fn move_time(remaining: f64, empties: u32) -> Duration {
    let midgame = f64::from(empties.saturating_sub(SOLVED_FROM).div_ceil(2));
    let share = remaining / (0.5 * midgame + 2.0);
    Duration::from_secs_f64((share.min(remaining - 0.1)).max(0.01))
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod state_tests {
    use super::*;

    #[test]
    fn play_undo_and_passes() {
        let mut g = GameState::default();
        let f5 = Square::parse("f5").expect("square");
        assert!(matches!(
            g.play(Some(Square::parse("a1").expect("square")), None),
            Err(MoveError::Illegal { .. })
        ));
        assert_eq!(g.play(None, None), Err(MoveError::CannotPass("black")));
        g.play(Some(f5), Some(1.5)).expect("legal");
        assert_eq!(g.time_used(Color::Black), 1.5);
        assert_eq!(g.time_used(Color::White), 0.0);
        assert_eq!(g.current().side, Color::White);
        assert!(g.undo());
        assert!(!g.undo());
        assert_eq!(g.current(), Position::start());
    }

    #[test]
    fn move_time_shares_the_clock() {
        // At the start, a few per cent of the clock: 16 midgame moves to come.
        let t = move_time(5.0, 52);
        assert!(
            t > Duration::from_millis(400) && t < Duration::from_millis(600),
            "{t:?}"
        );
        // Near the exact solve, a third, then a half of what is left.
        assert_eq!(move_time(3.0, 24), Duration::from_secs(1));
        assert_eq!(move_time(3.0, 20), Duration::from_secs_f64(1.5));
        // 60 s at 50 empties: 15 midgame moves to come, 60 / 9.5 s.
        let t = move_time(60.0, 50);
        assert!(
            t > Duration::from_secs(6) && t < Duration::from_secs(7),
            "{t:?}"
        );
        assert!(move_time(0.05, 10) >= Duration::from_millis(10));
        assert!(move_time(10.0, 2) < Duration::from_secs(10));
    }
}
