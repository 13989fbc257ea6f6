//! The eOthello CSV (Kaggle "othello-games"): a header line
//! `eOthello_game_id,winner,game_moves` (the copy at hand spells the first
//! column `Othello_game_id`; both are accepted, ignoring case), then one game
//! a row: an id, the winner (`1` black, `-1` white, `0` draw) and the moves
//! concatenated (`f5d6c3…`, no passes, no score). Blank lines are skipped;
//! the last row need not end with a newline.
//!
//! A complete game's winner must agree with the replayed board. The winner
//! is not a disc count, so an incomplete game's
//! [`Game::black_score`](super::Game::black_score) is `None`.

use super::{file_label, for_each_line, replay_move_text, GameFile, GameFileError};
use std::path::Path;

/// Parses the CSV's text into `file`.
pub(crate) fn parse(path: &Path, bytes: &[u8], file: &mut GameFile) -> Result<(), GameFileError> {
    let label = file_label(path);
    let mut header_seen = false;
    for_each_line(path, bytes, |line, text| {
        if !header_seen {
            check_header(path, text)?;
            header_seen = true;
            return Ok(());
        }
        if text.trim().is_empty() {
            return Ok(());
        }
        file.add_line_record(&label, line, parse_row(text));
        Ok(())
    })?;
    if !header_seen {
        return Err(GameFileError::CsvHeader {
            path: path.to_path_buf(),
            found: String::new(),
        });
    }
    Ok(())
}

fn check_header(path: &Path, text: &str) -> Result<(), GameFileError> {
    let t = text.trim_start_matches('\u{feff}');
    let fields: Vec<String> = t
        .split(',')
        .map(|f| f.trim().to_ascii_lowercase())
        .collect();
    let ok = fields.len() == 3
        && matches!(fields[0].as_str(), "eothello_game_id" | "othello_game_id")
        && fields[1] == "winner"
        && fields[2] == "game_moves";
    if ok {
        Ok(())
    } else {
        Err(GameFileError::CsvHeader {
            path: path.to_path_buf(),
            found: text.to_string(),
        })
    }
}

fn parse_row(text: &str) -> Result<super::Replay, String> {
    let fields: Vec<&str> = text.split(',').collect();
    if fields.len() != 3 {
        return Err(format!(
            "bad row: {} comma-separated fields, expected 3 (id, winner, moves)",
            fields.len()
        ));
    }
    let winner: i32 = match fields[1].trim() {
        "1" => 1,
        "-1" => -1,
        "0" => 0,
        w => {
            return Err(format!(
                "bad winner: {w:?}, expected 1 (black), -1 (white) or 0 (draw)"
            ))
        }
    };
    let column = fields[0].chars().count() + fields[1].chars().count() + 3;
    let replay = replay_move_text(fields[2], column)?;
    if replay.is_over() {
        let computed = replay.final_black_score().signum();
        if computed != winner {
            return Err(format!(
                "winner mismatch: the row says {winner}, the final board gives {computed} \
                 (black − white {:+})",
                replay.final_black_score()
            ));
        }
    }
    Ok(replay)
}
