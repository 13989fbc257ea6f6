//! Reading a game-record file: its bytes (gunzipped when asked), then the
//! parser of its format.

use super::{eothello, ggf, logbook, transcript, wthor, wthor_names};
use super::{GameFile, GameFileError, GameFormat};
use std::io::Read;
use std::path::Path;

/// Reads a game-record file, choosing the format from its name (see the
/// module documentation).
pub fn read_game_file(path: &Path) -> Result<GameFile, GameFileError> {
    let (format, gz) = GameFormat::from_path(path);
    read_game_file_as(path, format, gz)
}

/// Reads game-record files in parallel (one task per file), each as
/// [`read_game_file`] does: one result per path, in the order given. The one
/// parallel game reader of the command line and the tools.
pub fn read_game_files<P: AsRef<Path> + Sync>(paths: &[P]) -> Vec<Result<GameFile, GameFileError>> {
    use rayon::prelude::*;
    paths
        .par_iter()
        .map(|p| read_game_file(p.as_ref()))
        .collect()
}

/// Reads a game-record file in the given format, gunzipping it first if `gz`.
pub fn read_game_file_as(
    path: &Path,
    format: GameFormat,
    gz: bool,
) -> Result<GameFile, GameFileError> {
    let raw = std::fs::read(path).map_err(|source| GameFileError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let bytes = if gz {
        let mut out = Vec::with_capacity(raw.len() * 4);
        flate2::read::MultiGzDecoder::new(raw.as_slice())
            .read_to_end(&mut out)
            .map_err(|source| GameFileError::Gzip {
                path: path.to_path_buf(),
                source,
            })?;
        out
    } else {
        raw
    };
    parse_game_bytes(path, format, &bytes)
}

/// Parses the (decompressed) contents of a game-record file. `path` is used
/// for messages, game ids, and (WTHOR) to find the name files beside it.
pub fn parse_game_bytes(
    path: &Path,
    format: GameFormat,
    bytes: &[u8],
) -> Result<GameFile, GameFileError> {
    let mut file = GameFile {
        path: path.to_path_buf(),
        format,
        records: 0,
        games: Vec::new(),
        rejected: Vec::new(),
    };
    match format {
        GameFormat::Wthor => {
            let names = wthor_names::NameTables::beside(path)?;
            wthor::parse(path, bytes, &names, &mut file)?
        }
        GameFormat::Logbook => logbook::parse(path, bytes, &mut file)?,
        GameFormat::Transcripts => transcript::parse(path, bytes, &mut file)?,
        GameFormat::EOthelloCsv => eothello::parse(path, bytes, &mut file)?,
        GameFormat::Ggf => ggf::parse(path, bytes, &mut file)?,
    }
    Ok(file)
}
