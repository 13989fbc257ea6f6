//! WTHOR `.wtb` game files (the FFO's database format), and a writer.
//!
//! A 16-byte header (little-endian): creation date (bytes 0–3), `u32` N1
//! record count (4–7), `u16` N2 (8–9, 0 in `.wtb`), `u16` year of the games
//! (10–11), board size (12: 0 or 8), game type (13: 0 normal), depth P3 of
//! the theoretical score (14: 24 in WTHOR, 0 = not computed), reserved (15).
//! Then N1 records of 68 bytes: `u16` tournament, black and white player
//! indices, black's actual score (byte 6: black discs with the empties to
//! the winner, or the official result of a stopped game), black's
//! theoretical score at P3 empties (byte 7), and 60 move bytes
//! `10·row + col` (1-based; 0 ends the record; passes are not written).
//!
//! The file must be exactly `16 + 68·N1` bytes: anything else is a
//! [`GameFileError`]. A bad record is rejected on its own: a move byte that
//! is not a square, a move after a 0 byte, an illegal move, a score byte
//! above 64, or (for a complete game) byte 6 differing from the score
//! recomputed from the final board.

use super::wthor_names::{self, NameTables, PLAYER_NAME_LEN, TOURNAMENT_NAME_LEN};
use super::{file_label, Game, GameFile, GameFileError, Rejected, Replay, Theoretical};
use crate::board::Square;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Size of the file header.
pub const HEADER_LEN: usize = 16;
/// Size of one game record.
pub const RECORD_LEN: usize = 68;

/// The fields of a WTHOR header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WthorHeader {
    /// Creation date: century, year in century, month, day.
    pub created: [u8; 4],
    /// N1: number of game records.
    pub n1: u32,
    /// N2: number of name records (`.JOU`/`.TRN` only; 0 in `.wtb`).
    pub n2: u16,
    /// Year of the games (0 if unknown).
    pub year: u16,
    /// P1: board size (0 or 8 for 8×8).
    pub board_size: u8,
    /// P2: game type (0 normal games, 1 solitaires).
    pub game_type: u8,
    /// P3: depth (empties) of the theoretical score; 0 = not computed.
    pub depth: u8,
}

impl WthorHeader {
    /// Reads the first 16 bytes (`None` if fewer).
    pub fn parse(bytes: &[u8]) -> Option<WthorHeader> {
        let h = bytes.get(..HEADER_LEN)?;
        Some(WthorHeader {
            created: [h[0], h[1], h[2], h[3]],
            n1: u32::from_le_bytes([h[4], h[5], h[6], h[7]]),
            n2: u16::from_le_bytes([h[8], h[9]]),
            year: u16::from_le_bytes([h[10], h[11]]),
            board_size: h[12],
            game_type: h[13],
            depth: h[14],
        })
    }

    /// The 16 header bytes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        h[..4].copy_from_slice(&self.created);
        h[4..8].copy_from_slice(&self.n1.to_le_bytes());
        h[8..10].copy_from_slice(&self.n2.to_le_bytes());
        h[10..12].copy_from_slice(&self.year.to_le_bytes());
        h[12] = self.board_size;
        h[13] = self.game_type;
        h[14] = self.depth;
        h
    }
}

/// Checks the header and size of a `.wtb` file's bytes.
pub fn check_header(path: &Path, bytes: &[u8]) -> Result<WthorHeader, GameFileError> {
    let size = bytes.len();
    let header = WthorHeader::parse(bytes).ok_or_else(|| GameFileError::WthorNoHeader {
        path: path.to_path_buf(),
        size,
    })?;
    let expected = HEADER_LEN as u64 + RECORD_LEN as u64 * u64::from(header.n1);
    if (size as u64) < expected {
        return Err(GameFileError::WthorTruncated {
            path: path.to_path_buf(),
            n1: header.n1,
            expected,
            size,
        });
    }
    if size as u64 != expected {
        return Err(GameFileError::WthorSize {
            path: path.to_path_buf(),
            n1: header.n1,
            expected,
            size,
        });
    }
    let field_error = |byte, field, value: u8, expected| GameFileError::WthorHeader {
        path: path.to_path_buf(),
        byte,
        field,
        value: value.into(),
        expected,
    };
    if !matches!(header.board_size, 0 | 8) {
        return Err(field_error(
            12,
            "board size P1",
            header.board_size,
            "only 8×8 games (0 or 8) are supported",
        ));
    }
    if header.game_type != 0 {
        return Err(field_error(
            13,
            "game type P2",
            header.game_type,
            "only normal games (0) are supported, not solitaires",
        ));
    }
    if header.depth > 60 {
        return Err(field_error(
            14,
            "depth P3",
            header.depth,
            "the depth of the theoretical score must be 0..=60",
        ));
    }
    Ok(header)
}

/// Parses a `.wtb` file's bytes into `file` (games and rejections).
pub(crate) fn parse(
    path: &Path,
    bytes: &[u8],
    names: &NameTables,
    file: &mut GameFile,
) -> Result<(), GameFileError> {
    let header = check_header(path, bytes)?;
    let label = file_label(path);
    file.records = header.n1 as usize;
    for (i, rec) in bytes[HEADER_LEN..].chunks_exact(RECORD_LEN).enumerate() {
        let record = i + 1;
        match parse_record(rec, &header) {
            Ok(mut game) => {
                game.id = format!("{label}#{record}");
                let u16_at = |k: usize| u16::from_le_bytes([rec[k], rec[k + 1]]);
                game.tournament = names.tournament(u16_at(0));
                game.black = names.player(u16_at(2));
                game.white = names.player(u16_at(4));
                file.games.push(game);
            }
            Err(reason) => file.rejected.push(Rejected { record, reason }),
        }
    }
    Ok(())
}

/// Replays one 68-byte record (id and names left empty).
fn parse_record(rec: &[u8], header: &WthorHeader) -> Result<Game, String> {
    let actual = rec[6];
    let theo = rec[7];
    if actual > 64 {
        return Err(format!(
            "bad score byte: byte 6 (black's actual score) is {actual}, expected 0..=64"
        ));
    }
    if header.depth != 0 && theo > 64 {
        return Err(format!(
            "bad score byte: byte 7 (black's theoretical score) is {theo}, expected 0..=64"
        ));
    }
    let mut replay = Replay::new();
    let mut ended_at = None;
    for (j, &b) in rec[8..].iter().enumerate() {
        let byte = 8 + j;
        if b == 0 {
            ended_at.get_or_insert(j);
            continue;
        }
        if let Some(end) = ended_at {
            return Err(format!(
                "move after the end: byte {byte} is {b}, but byte {} was 0 (end of the record)",
                8 + end
            ));
        }
        let sq = decode_move(b).ok_or_else(|| {
            format!(
                "bad move byte: move {} (byte {byte}) is {b}, expected 10·row + col \
                 with row and col in 1..=8, or 0",
                j + 1
            )
        })?;
        replay.play(sq)?;
    }
    let recorded = 2 * i32::from(actual) - 64;
    if replay.is_over() {
        let computed = replay.final_black_score();
        if computed != recorded {
            return Err(format!(
                "score mismatch: byte 6 gives black {actual} discs ({recorded:+}), \
                 the final board gives {computed:+}"
            ));
        }
    }
    let reaches_depth = replay.len() + usize::from(header.depth) >= 60;
    let theoretical = (header.depth != 0 && reaches_depth).then(|| Theoretical {
        empties: header.depth,
        black_score: 2 * i32::from(theo) - 64,
    });
    let mut game = replay.into_game(String::new(), Some(recorded));
    game.year = (header.year != 0).then_some(header.year);
    game.theoretical = theoretical;
    Ok(game)
}

/// The square of a move byte `10·row + col` (1-based), if it is one.
pub fn decode_move(b: u8) -> Option<Square> {
    let (row, col) = (b / 10, b % 10);
    if (1..=8).contains(&row) && (1..=8).contains(&col) {
        Square::from_file_rank(col - 1, row - 1)
    } else {
        None
    }
}

/// The move byte `10·row + col` of a square.
pub fn encode_move(sq: Square) -> u8 {
    10 * (sq.rank() + 1) + sq.file() + 1
}

/// What to write in a WTHOR file set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WthorWriteOptions {
    /// Year of the games (header bytes 10–11).
    pub year: u16,
    /// Depth P3 of the theoretical scores (0 = none).
    pub depth: u8,
    /// Creation date: century, year in century, month, day.
    pub created: [u8; 4],
}

/// Encodes games as `.wtb` bytes; `player` and `tournament` give the name
/// indices. Byte 6: the recomputed score of a complete game, otherwise the
/// game's `black_score` (an incomplete game without one is an error). Byte
/// 7: the theoretical score (its `empties` must equal `options.depth`), or
/// a copy of byte 6 when the game has none (as the FFO does for games that
/// end before `depth` empties).
pub fn encode_wtb(
    games: &[Game],
    options: &WthorWriteOptions,
    mut player: impl FnMut(Option<&str>) -> u16,
    mut tournament: impl FnMut(Option<&str>) -> u16,
) -> std::io::Result<Vec<u8>> {
    let invalid = |msg: String| std::io::Error::new(std::io::ErrorKind::InvalidInput, msg);
    let n1 = u32::try_from(games.len())
        .map_err(|_| invalid(format!("{} games, too many for WTHOR", games.len())))?;
    let header = WthorHeader {
        created: options.created,
        n1,
        n2: 0,
        year: options.year,
        board_size: 8,
        game_type: 0,
        depth: options.depth,
    };
    let mut out = Vec::with_capacity(HEADER_LEN + RECORD_LEN * games.len());
    out.extend_from_slice(&header.to_bytes());
    for g in games {
        if g.moves.len() > 60 {
            return Err(invalid(format!("game {}: more than 60 moves", g.id)));
        }
        let score = g
            .black_score
            .ok_or_else(|| invalid(format!("game {}: no result to write in byte 6", g.id)))?;
        let to_byte = |s: i32, what: &str| {
            u8::try_from((s + 64) / 2)
                .ok()
                .filter(|b| *b <= 64 && s % 2 == 0)
                .ok_or_else(|| {
                    invalid(format!("game {}: {what} {s} is not even in -64..=64", g.id))
                })
        };
        let actual = to_byte(score, "score")?;
        let theo = match g.theoretical {
            Some(t) if t.empties == options.depth => to_byte(t.black_score, "theoretical score")?,
            Some(t) => {
                return Err(invalid(format!(
                    "game {}: theoretical score at {} empties, but the file's depth is {}",
                    g.id, t.empties, options.depth
                )))
            }
            None => actual,
        };
        out.extend_from_slice(&tournament(g.tournament.as_deref()).to_le_bytes());
        out.extend_from_slice(&player(g.black.as_deref()).to_le_bytes());
        out.extend_from_slice(&player(g.white.as_deref()).to_le_bytes());
        out.push(actual);
        out.push(theo);
        let mut moves = [0u8; 60];
        for (slot, &sq) in moves.iter_mut().zip(&g.moves) {
            *slot = encode_move(sq);
        }
        out.extend_from_slice(&moves);
    }
    Ok(out)
}

/// Writes `DIR/PREFIX_YEAR.wtb` with its name files `DIR/PREFIX.JOU` and
/// `DIR/PREFIX.TRN` (entry 0 is the empty name, used for unknown names), so
/// that [`super::read_game_file`] finds the names again. Returns the path of
/// the `.wtb` file. See [`encode_wtb`] for the score bytes.
pub fn write_wthor_set(
    dir: &Path,
    prefix: &str,
    games: &[Game],
    options: &WthorWriteOptions,
) -> std::io::Result<PathBuf> {
    let mut players = NameIndex::default();
    let mut tournaments = NameIndex::default();
    let wtb = encode_wtb(
        games,
        options,
        |n| players.index(n),
        |n| tournaments.index(n),
    )?;
    for (idx, ext, len) in [
        (&players, "JOU", PLAYER_NAME_LEN),
        (&tournaments, "TRN", TOURNAMENT_NAME_LEN),
    ] {
        if idx.overflow {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("more than 65,535 distinct names for {prefix}.{ext}"),
            ));
        }
        let f = std::fs::File::create(dir.join(format!("{prefix}.{ext}")))?;
        let mut w = std::io::BufWriter::new(f);
        wthor_names::write_names(&mut w, &idx.names, len, options.created)?;
        w.flush()?;
    }
    let path = dir.join(format!("{prefix}_{}.wtb", options.year));
    std::fs::write(&path, wtb)?;
    Ok(path)
}

/// Names in order of first use; index 0 is the empty name.
#[derive(Debug)]
struct NameIndex {
    names: Vec<String>,
    map: HashMap<String, u16>,
    overflow: bool,
}

impl Default for NameIndex {
    fn default() -> Self {
        NameIndex {
            names: vec![String::new()],
            map: HashMap::new(),
            overflow: false,
        }
    }
}

impl NameIndex {
    fn index(&mut self, name: Option<&str>) -> u16 {
        let Some(name) = name.filter(|n| !n.is_empty()) else {
            return 0;
        };
        if let Some(&i) = self.map.get(name) {
            return i;
        }
        let Ok(i) = u16::try_from(self.names.len()) else {
            self.overflow = true;
            return 0;
        };
        self.names.push(name.to_string());
        self.map.insert(name.to_string(), i);
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_bytes() {
        let f5 = Square::parse("f5").ok();
        assert_eq!(decode_move(56), f5);
        assert_eq!(decode_move(34), Square::parse("d3").ok());
        assert_eq!(decode_move(11), Square::parse("a1").ok());
        assert_eq!(decode_move(88), Square::parse("h8").ok());
        for bad in [0, 9, 10, 19, 20, 89, 90, 255] {
            assert_eq!(decode_move(bad), None, "{bad}");
        }
        for sq in Square::all() {
            assert_eq!(decode_move(encode_move(sq)), Some(sq));
        }
    }
}
