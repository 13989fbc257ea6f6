//! One-transcript-per-line files: each line is a move list from the start
//! position, `f5d6c3…` (either case, spaces allowed between moves, passes
//! implicit). Everything from a `%` or `#` to the end of the line is a
//! comment; blank lines are skipped. The format has no result, so an
//! incomplete game's [`Game::black_score`] is `None`.

use super::{file_label, for_each_line, replay_move_text, Game, GameFile, GameFileError};
use crate::formats::position::format_move_list;
use std::io::Write;
use std::path::Path;

/// Parses a transcript file's text into `file`.
pub(crate) fn parse(path: &Path, bytes: &[u8], file: &mut GameFile) -> Result<(), GameFileError> {
    let label = file_label(path);
    for_each_line(path, bytes, |line, text| {
        let moves = text.split(['%', '#']).next().unwrap_or("");
        if moves.trim().is_empty() {
            return Ok(());
        }
        file.add_line_record(&label, line, replay_move_text(moves, 1));
        Ok(())
    })
}

/// Writes one line per game, `f5d6c3…`. A game with no moves cannot be
/// written (its line would be blank, which readers skip) and is left out.
/// Returns the number of lines written.
pub fn write_transcripts<W: Write>(mut out: W, games: &[Game]) -> std::io::Result<usize> {
    let mut n = 0;
    for g in games.iter().filter(|g| !g.moves.is_empty()) {
        writeln!(out, "{}", format_move_list(&g.moves))?;
        n += 1;
    }
    out.flush()?;
    Ok(n)
}
