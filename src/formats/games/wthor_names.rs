//! The WTHOR name files: `.JOU` (players, 20 bytes a name) and `.TRN`
//! (tournaments, 26 bytes a name). Both have the 16-byte WTHOR header with
//! the name count as a `u16` in bytes 8–9, then NUL-padded ISO-8859-1 names.
//!
//! # Which name files belong to a `.wtb` file
//!
//! For `DIR/STEM.wtb`, let `PREFIX` be `STEM` up to its first `_` (all of
//! `STEM` if it has none): `WTH_1990.wtb` → `WTH`, `PLAYOK_2023.wtb` →
//! `PLAYOK`. The players file is `DIR/PREFIX.JOU` (file names compared
//! ignoring case); failing that, the only `*.JOU` file in `DIR` if there is
//! exactly one (so the FFO's own `WTHOR.JOU` is found beside `WTH_*.wtb`);
//! failing that, there are no player names. The same rule with `.TRN` finds
//! the tournaments. A name file that is found but malformed is an error.

use super::GameFileError;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Bytes per player name in `.JOU`.
pub const PLAYER_NAME_LEN: usize = 20;
/// Bytes per tournament name in `.TRN`.
pub const TOURNAMENT_NAME_LEN: usize = 26;

/// The player and tournament names found beside a WTHOR file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NameTables {
    /// Player names by index (`None` for an empty entry).
    pub players: Vec<Option<String>>,
    /// Tournament names by index (`None` for an empty entry).
    pub tournaments: Vec<Option<String>>,
}

impl NameTables {
    /// The names beside `wtb` by the rule in the module documentation.
    pub fn beside(wtb: &Path) -> Result<NameTables, GameFileError> {
        let players = match find_beside(wtb, "jou") {
            Some(p) => read_names(&p, PLAYER_NAME_LEN)?,
            None => Vec::new(),
        };
        let tournaments = match find_beside(wtb, "trn") {
            Some(p) => read_names(&p, TOURNAMENT_NAME_LEN)?,
            None => Vec::new(),
        };
        Ok(NameTables {
            players,
            tournaments,
        })
    }

    /// Player `index`, if present and non-empty.
    pub fn player(&self, index: u16) -> Option<String> {
        self.players.get(index as usize).cloned().flatten()
    }

    /// Tournament `index`, if present and non-empty.
    pub fn tournament(&self, index: u16) -> Option<String> {
        self.tournaments.get(index as usize).cloned().flatten()
    }
}

/// The name file with extension `ext` (lowercase) belonging to `wtb`.
pub fn find_beside(wtb: &Path, ext: &str) -> Option<PathBuf> {
    let dir = match wtb.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let stem = wtb.file_stem()?.to_string_lossy().into_owned();
    let stem = stem.strip_suffix(".wtb").unwrap_or(&stem).to_string();
    let prefix = stem.split('_').next().unwrap_or(&stem).to_ascii_lowercase();
    let wanted = format!("{prefix}.{ext}");
    let mut same_ext = Vec::new();
    for entry in std::fs::read_dir(&dir).ok()?.flatten() {
        let name = entry.file_name().to_string_lossy().to_ascii_lowercase();
        if name == wanted {
            return Some(entry.path());
        }
        if name.ends_with(&format!(".{ext}")) {
            same_ext.push(entry.path());
        }
    }
    if same_ext.len() == 1 {
        same_ext.pop()
    } else {
        None
    }
}

/// Reads a `.JOU` (`len` 20) or `.TRN` (`len` 26) file.
pub fn read_names(path: &Path, len: usize) -> Result<Vec<Option<String>>, GameFileError> {
    let bytes = std::fs::read(path).map_err(|source| GameFileError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_names(&bytes, len).map_err(|reason| GameFileError::NameFile {
        path: path.to_path_buf(),
        reason,
    })
}

/// Parses name-file bytes with `len`-byte entries.
pub fn parse_names(bytes: &[u8], len: usize) -> Result<Vec<Option<String>>, String> {
    if bytes.len() < 16 {
        return Err(format!(
            "{} bytes, shorter than the 16-byte header",
            bytes.len()
        ));
    }
    let n = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
    let expected = 16 + n * len;
    if bytes.len() != expected {
        return Err(format!(
            "the header says N2 = {n} names of {len} bytes, so the file should be \
             16 + {len} × {n} = {expected} bytes, but it is {} bytes",
            bytes.len()
        ));
    }
    Ok(bytes[16..].chunks_exact(len).map(decode_name).collect())
}

/// A NUL-padded ISO-8859-1 name, trimmed; `None` if empty.
fn decode_name(raw: &[u8]) -> Option<String> {
    let end = raw.iter().position(|&b| b == 0).unwrap_or(raw.len());
    let s: String = raw[..end].iter().map(|&b| b as char).collect();
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_string())
}

/// Writes a name file: the header (`created` = century, year, month, day),
/// then each name NUL-padded to `len` bytes in ISO-8859-1 (characters
/// outside it become `?`; longer names are cut to `len` bytes).
pub fn write_names<W: Write>(
    mut out: W,
    names: &[String],
    len: usize,
    created: [u8; 4],
) -> std::io::Result<()> {
    let n = u16::try_from(names.len()).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} names, more than a WTHOR name file holds", names.len()),
        )
    })?;
    let mut header = [0u8; 16];
    header[..4].copy_from_slice(&created);
    header[8..10].copy_from_slice(&n.to_le_bytes());
    out.write_all(&header)?;
    for name in names {
        let mut entry = vec![0u8; len];
        for (slot, c) in entry.iter_mut().zip(name.chars()) {
            *slot = u8::try_from(u32::from(c)).unwrap_or(b'?');
        }
        out.write_all(&entry)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let names = vec![String::new(), "Tastet Marc".into(), "Müller Ünal".into()];
        let mut buf = Vec::new();
        write_names(&mut buf, &names, PLAYER_NAME_LEN, [20, 26, 1, 1]).unwrap_or_default();
        assert_eq!(buf.len(), 16 + 3 * 20);
        let back = parse_names(&buf, PLAYER_NAME_LEN);
        assert_eq!(
            back,
            Ok(vec![
                None,
                Some("Tastet Marc".into()),
                Some("Müller Ünal".into())
            ])
        );
        let bad = parse_names(&buf[..buf.len() - 1], PLAYER_NAME_LEN);
        assert!(bad.is_err_and(|e| e.contains("76 bytes, but it is 75")));
    }
}
