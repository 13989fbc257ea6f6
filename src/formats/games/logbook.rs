//! Logistello `logbook.gam` lines (plain, or gzipped as `.gam.gz`):
//!
//! ```text
//! +d3-c3+c4-e3…-b7: -04 10
//! ```
//!
//! Moves are 3-character tokens, `+` black or `-` white then the square
//! (either case). Passes are implicit; the colour of each token must be the
//! side to move once any forced pass is made. After `:` comes the final disc
//! difference black − white counting the discs on the board only (empties
//! not given to the winner); it must equal the replayed board's. Anything
//! after the score (Logistello writes `10`) is ignored. Blank lines and
//! lines starting with `%` or `#` are skipped.
//!
//! A game's [`Game::black_score`](super::Game::black_score) is recomputed
//! (empties to the winner) when the game is complete; for an incomplete line
//! it is `None`, since the recorded number counts discs on the board only.

use super::{file_label, for_each_line, square_of, GameFile, GameFileError, Replay};
use crate::board::Color;
use std::path::Path;

/// Parses a logbook's text into `file`.
pub(crate) fn parse(path: &Path, bytes: &[u8], file: &mut GameFile) -> Result<(), GameFileError> {
    let label = file_label(path);
    for_each_line(path, bytes, |line, text| {
        let t = text.trim();
        if t.is_empty() || t.starts_with('%') || t.starts_with('#') {
            return Ok(());
        }
        file.add_line_record(&label, line, parse_line(text));
        Ok(())
    })
}

/// Replays one logbook line and checks its recorded disc difference.
fn parse_line(text: &str) -> Result<Replay, String> {
    let Some((moves, rest)) = text.split_once(':') else {
        return Err("missing score: expected the moves, then ': SCORE'".to_string());
    };
    let mut replay = Replay::new();
    let mut chars = moves
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .peekable();
    while let Some((i, sign)) = chars.next() {
        let column = || text[..i].chars().count() + 1;
        let number = replay.len() + 1;
        let colour = match sign {
            '+' => Color::Black,
            '-' => Color::White,
            c => {
                return Err(format!(
                    "bad token: column {} (move {number}) starts with {c:?}, \
                     expected + (black) or - (white)",
                    column()
                ))
            }
        };
        let a = chars.next().map(|(_, c)| c);
        let b = chars.next().map(|(_, c)| c);
        let sq = a.and_then(|a| square_of(a, b)).ok_or_else(|| {
            let name: String = a.into_iter().chain(b).collect();
            format!(
                "unknown square name: {name:?} at column {} (move {number})",
                column() + 1
            )
        })?;
        let wrong_colour = |side: Color| {
            format!(
                "wrong colour: move {number} ({sign}{sq}, column {}) is marked {} \
                 but {} is to move",
                column(),
                colour.name(),
                side.name()
            )
        };
        // Fast path: play, then check who moved. On failure, a token of
        // the wrong colour is reported as such rather than as illegal.
        match replay.play(sq) {
            Ok(mover) if mover == colour => {}
            Ok(mover) => return Err(wrong_colour(mover)),
            Err(illegal) => {
                // A failed play leaves the replay unchanged.
                return Err(match replay.side_to_play() {
                    Some(side) if side != colour => wrong_colour(side),
                    _ => illegal,
                });
            }
        }
    }
    let score_text = rest.split_whitespace().next().unwrap_or("");
    let recorded: i32 = score_text.parse().map_err(|_| {
        format!("bad score: {score_text:?} after ':' is not an integer disc difference")
    })?;
    let computed = replay.disc_difference();
    if recorded != computed {
        return Err(format!(
            "score mismatch: the line says {recorded:+}, the board gives {computed:+} \
             (black − white discs on the board)"
        ));
    }
    Ok(replay)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "+d3-c3+c4-e3+c2-b3+d2-e1+d1-c1+f4-d6+e6-g4+b2-f6+d7-c8+e7-d8+f3-f5+g5-h4+h6-f2+f7-h5+g6-c6+c5-c7+b6-b5+b4-e8+h3-g3+h2-e2+h7-g2+b1-a1+h1-a2+a3-g7+f8-h8+g8-a4+g1-f1+a6-a5+a7-a8+b8-b7: -04 10";

    #[test]
    fn reads_a_line() {
        let r = parse_line(LINE).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.len(), 60);
        assert!(r.is_over());
        assert_eq!(r.final_black_score(), -4);
    }

    #[test]
    fn implicit_pass_with_colours() {
        // From the README: white plays b1 and g1 in a row (black passes).
        let line = "+d3-c3+c4-e3+c2-b3+d2-e1+d1-c1+f4-d6+e6-g4+b2-f6+d7-c8+e7-d8+f3-f5+g5-h4+h6-f2+f7-h5+g6-c6+c5-c7+b6-b5+f8-a6+b4-a5+a4-e8+b8-h7+g8-b7+g2-g3+h2-a1+f1-e2+h3-a3+a8-a7+h8-g7+a2-b1-g1+h1: +00 10";
        let r = parse_line(line).unwrap_or_else(|e| panic!("{e}"));
        assert!(r.is_over());
        // Same line with the b1 token marked black: wrong colour is caught
        // only where black actually has to move; here black must pass.
        let bad = line.replace("-b1-g1", "-b1+g1");
        let e = parse_line(&bad).err().unwrap_or_default();
        assert!(e.starts_with("wrong colour: move 59 (+g1"), "{e}");
    }

    #[test]
    fn score_is_checked() {
        let e = parse_line(&LINE.replace("-04", "-06"))
            .err()
            .unwrap_or_default();
        assert!(e.starts_with("score mismatch: the line says -6"), "{e}");
        let e = parse_line(&LINE.replace(": -04 10", ""))
            .err()
            .unwrap_or_default();
        assert!(e.starts_with("missing score"), "{e}");
    }
}
