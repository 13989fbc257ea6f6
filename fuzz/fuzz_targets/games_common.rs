//! Shared by the game-record targets: every game read replays legally from
//! the start (its moves are a legal move list) and that list round-trips.

use othello_solver::formats::games::{parse_game_bytes, GameFile, GameFormat};
use othello_solver::formats::position::{format_move_list, parse_move_list};
use std::path::Path;

/// Parses `data` as `format` and checks every game read.
pub fn check(format: GameFormat, name: &str, data: &[u8]) -> Option<GameFile> {
    let file = parse_game_bytes(Path::new(name), format, data).ok()?;
    for g in &file.games {
        assert!(g.moves.len() <= 60, "{}: {} moves", g.id, g.moves.len());
        let text = format_move_list(&g.moves);
        match parse_move_list(&text) {
            Ok((_, moves)) => assert_eq!(moves, g.moves, "{}", g.id),
            Err(e) => panic!("{}: its moves {text} do not replay: {e}", g.id),
        }
    }
    // Every rejection can be described (once each: inside the loop over
    // the games this was quadratic, and the record targets ran at about
    // 600 executions per second).
    for r in &file.rejected {
        let _ = file.describe(r);
    }
    Some(file)
}
