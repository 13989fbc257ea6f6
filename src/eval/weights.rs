//! The weights file: a versioned, checksummed bincode file holding one
//! weight table per stage, the pattern layout it was trained for, and the
//! training metadata.
//!
//! Layout on disk:
//!
//! | bytes | content |
//! |---|---|
//! | 0–7 | magic `OTHEVAL\0` |
//! | 8–11 | format version, `u32` little-endian ([`FORMAT_VERSION`]) |
//! | 12–19 | FNV-1a 64 checksum of the payload, `u64` little-endian |
//! | 20– | payload: [`WeightsFile`] in bincode 2 (standard, fixed-width integers) |
//!
//! Weights are stored as `i16` in units of 1/`scale` disc. A file that is
//! missing, truncated, corrupt, of another version or trained for another
//! pattern layout gives a [`WeightsError`]; it is never evaluated.

use super::patterns::{Family, FAMILIES, FIRST_STAGE_DISCS, NUM_STAGES, STAGE_WEIGHTS};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The first 8 bytes of every weights file.
pub const MAGIC: [u8; 8] = *b"OTHEVAL\0";
/// The format version this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;
const HEADER_LEN: usize = 20;

/// One family of the layout, as recorded in the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatternSpec {
    /// Family name ([`Family::name`]).
    pub name: String,
    /// Squares of the pattern, canonical order.
    pub squares: Vec<u8>,
    /// Number of instances on the board.
    pub instances: u32,
    /// Number of configurations (weights per stage).
    pub configs: u32,
}

/// The pattern layout compiled into this build.
pub fn current_layout() -> Vec<PatternSpec> {
    FAMILIES
        .iter()
        .map(|f: &Family| PatternSpec {
            name: f.name().to_string(),
            squares: f.squares().to_vec(),
            instances: f.instances() as u32,
            configs: f.configs() as u32,
        })
        .collect()
}

/// What the weights were trained on and how well they did.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TrainingMeta {
    /// The record files used (file names with game counts, or a description).
    pub data: Vec<String>,
    /// When the training ran (UTC, ISO 8601).
    pub date: String,
    /// Games trained on.
    pub train_games: u64,
    /// Games held out (never trained on).
    pub heldout_games: u64,
    /// Training positions (all stages).
    pub train_positions: u64,
    /// Mean absolute error over all held-out positions against the game result.
    pub heldout_mae: f32,
    /// Mean absolute error at 24 empties on held-out games against the
    /// perfect-play score, when the data had one (NaN otherwise).
    pub heldout_mae_24_theoretical: f32,
    /// Free text: options, targets, held-out split.
    pub notes: String,
}

/// Discs on the board at stage 0 in the layout before every number of
/// empties had its own table (52 stages, one table for 51–60 empties).
pub const FIRST_STAGE_DISCS_BEFORE: u32 = 13;

/// The payload of a weights file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WeightsFile {
    /// Pattern layout the weights belong to.
    pub layout: Vec<PatternSpec>,
    /// Number of stages ([`NUM_STAGES`]).
    pub stages: u32,
    /// Discs on the board at stage 0 ([`FIRST_STAGE_DISCS`]; files written
    /// before every number of empties had its own table have 13, and are
    /// read by [`WeightsFile::from_bytes`] with their first table for
    /// every stage below it).
    pub first_stage_discs: u32,
    /// Weight units per disc: a stored weight `w` means `w / scale` discs.
    pub scale: f32,
    /// Training metadata.
    pub meta: TrainingMeta,
    /// `stages × STAGE_WEIGHTS` weights, stage-major.
    pub weights: Vec<i16>,
}

/// Why a weights file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The file could not be read.
    #[error("weights file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A problem with the content; `source` names it, `path` says where.
    #[error("weights file {path}: {source}")]
    File {
        /// The file (or `<embedded>`).
        path: PathBuf,
        /// What is wrong.
        source: Box<WeightsError>,
    },
    /// Fewer bytes than a header.
    #[error("truncated: {0} bytes, shorter than the {HEADER_LEN}-byte header")]
    Truncated(usize),
    /// Not a weights file.
    #[error("not an othello-solver weights file (bad magic bytes)")]
    BadMagic,
    /// Another format version.
    #[error("format version {found}, this build reads version {expected}")]
    Version {
        /// Version in the file.
        found: u32,
        /// Version this build reads.
        expected: u32,
    },
    /// The payload does not match its checksum (truncated or damaged).
    #[error("corrupt or truncated: checksum mismatch")]
    Checksum,
    /// The payload does not decode.
    #[error("corrupt: {0}")]
    Decode(String),
    /// Trained for another pattern layout or stage count.
    #[error("layout mismatch: {0}")]
    LayoutMismatch(String),
}

impl WeightsError {
    fn at(self, path: &Path) -> WeightsError {
        WeightsError::File {
            path: path.to_path_buf(),
            source: Box::new(self),
        }
    }
}

fn bincode_config() -> impl bincode::config::Config {
    bincode::config::standard()
        .with_little_endian()
        .with_fixed_int_encoding()
        .with_limit::<{ 64 * 1024 * 1024 }>()
}

/// FNV-1a, 64 bits: the checksum of a weights file's payload (the fuzz
/// target frames arbitrary payloads with it).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl WeightsFile {
    /// Encodes the file (header, checksum, payload).
    pub fn to_bytes(&self) -> Result<Vec<u8>, WeightsError> {
        let payload = bincode::serde::encode_to_vec(self, bincode_config())
            .map_err(|e| WeightsError::Decode(e.to_string()))?;
        let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        Ok(out)
    }

    /// Decodes and checks a file: magic, version, checksum, payload, and
    /// that the layout is the one this build evaluates with.
    pub fn from_bytes(bytes: &[u8]) -> Result<WeightsFile, WeightsError> {
        if bytes.len() < 8 || bytes[..8] != MAGIC {
            return Err(if bytes.len() < 8 && MAGIC.starts_with(bytes) {
                WeightsError::Truncated(bytes.len())
            } else {
                WeightsError::BadMagic
            });
        }
        if bytes.len() < HEADER_LEN {
            return Err(WeightsError::Truncated(bytes.len()));
        }
        let mut v = [0u8; 4];
        v.copy_from_slice(&bytes[8..12]);
        let version = u32::from_le_bytes(v);
        if version != FORMAT_VERSION {
            return Err(WeightsError::Version {
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let mut c = [0u8; 8];
        c.copy_from_slice(&bytes[12..20]);
        let payload = &bytes[HEADER_LEN..];
        if fnv1a(payload) != u64::from_le_bytes(c) {
            return Err(WeightsError::Checksum);
        }
        let (file, used): (WeightsFile, usize) =
            bincode::serde::decode_from_slice(payload, bincode_config())
                .map_err(|e| WeightsError::Decode(e.to_string()))?;
        if used != payload.len() {
            return Err(WeightsError::Decode(format!(
                "{} bytes after the payload",
                payload.len() - used
            )));
        }
        let file = file.widened();
        file.check_layout()?;
        Ok(file)
    }

    /// A file whose first stage starts above [`FIRST_STAGE_DISCS`] discs
    /// (and whose last is 64 discs), with its first table repeated for
    /// every stage below: the values it evaluates with are unchanged. Any
    /// other file is returned as it is (and [`WeightsFile::check_layout`]
    /// says what is wrong with it).
    fn widened(mut self) -> WeightsFile {
        let first = self.first_stage_discs;
        let covers = (FIRST_STAGE_DISCS + 1..=64).contains(&first)
            && u64::from(self.stages) + u64::from(first) == 65
            && self.weights.len() == self.stages as usize * STAGE_WEIGHTS;
        if !covers {
            return self;
        }
        let extra = (first - FIRST_STAGE_DISCS) as usize;
        let mut w = Vec::with_capacity((extra + self.stages as usize) * STAGE_WEIGHTS);
        for _ in 0..extra {
            w.extend_from_slice(&self.weights[..STAGE_WEIGHTS]);
        }
        w.extend_from_slice(&self.weights);
        self.weights = w;
        self.stages += extra as u32;
        self.first_stage_discs = FIRST_STAGE_DISCS;
        self
    }

    /// A fingerprint of the values the file evaluates with: FNV-1a 64 of the
    /// scale (`f32`) and the weights (`i16`), little-endian. The metadata
    /// (dates, notes) is left out, so a refit that changes nothing keeps it.
    /// Leading stages that are copies of the table after them, up to
    /// [`FIRST_STAGE_DISCS_BEFORE`] discs, are hashed once: a file of the
    /// earlier layout and its widened form evaluate alike and keep the
    /// fingerprint that h files and labels headers recorded for it.
    pub fn fingerprint(&self) -> u64 {
        let table = |s: usize| self.weights.get(s * STAGE_WEIGHTS..(s + 1) * STAGE_WEIGHTS);
        let most = FIRST_STAGE_DISCS_BEFORE.saturating_sub(self.first_stage_discs) as usize;
        let mut skip = 0;
        while skip < most && table(skip).is_some() && table(skip) == table(skip + 1) {
            skip += 1;
        }
        let weights = &self.weights[skip * STAGE_WEIGHTS..];
        let mut bytes = Vec::with_capacity(4 + 2 * weights.len());
        bytes.extend_from_slice(&self.scale.to_le_bytes());
        for w in weights {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        fnv1a(&bytes)
    }

    /// Checks that the layout, stage count and weight count match this build.
    pub fn check_layout(&self) -> Result<(), WeightsError> {
        let want = current_layout();
        if self.layout != want {
            let names: Vec<String> = self
                .layout
                .iter()
                .map(|p| format!("{}({})", p.name, p.configs))
                .collect();
            let expect: Vec<String> = want
                .iter()
                .map(|p| format!("{}({})", p.name, p.configs))
                .collect();
            return Err(WeightsError::LayoutMismatch(format!(
                "file has patterns [{}], this build uses [{}]",
                names.join(" "),
                expect.join(" ")
            )));
        }
        if self.stages as usize != NUM_STAGES || self.first_stage_discs != FIRST_STAGE_DISCS {
            return Err(WeightsError::LayoutMismatch(format!(
                "file has {} stages from {} discs, this build uses {} from {}",
                self.stages, self.first_stage_discs, NUM_STAGES, FIRST_STAGE_DISCS
            )));
        }
        if self.weights.len() != NUM_STAGES * STAGE_WEIGHTS {
            return Err(WeightsError::LayoutMismatch(format!(
                "file has {} weights, the layout needs {}",
                self.weights.len(),
                NUM_STAGES * STAGE_WEIGHTS
            )));
        }
        if !(self.scale.is_finite() && self.scale > 0.0) {
            return Err(WeightsError::Decode(format!("bad scale {}", self.scale)));
        }
        Ok(())
    }

    /// Reads and checks a file.
    pub fn load(path: &Path) -> Result<WeightsFile, WeightsError> {
        let bytes = std::fs::read(path).map_err(|source| WeightsError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        WeightsFile::from_bytes(&bytes).map_err(|e| e.at(path))
    }

    /// Writes the file.
    pub fn save(&self, path: &Path) -> Result<(), WeightsError> {
        let bytes = self.to_bytes()?;
        std::fs::write(path, bytes).map_err(|source| WeightsError::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Builds a file from weights in discs (stage-major, `NUM_STAGES ×
    /// STAGE_WEIGHTS`), quantising to `i16` with the largest scale that
    /// fits, capped at 1024 units per disc.
    pub fn quantize(weights: &[f32], meta: TrainingMeta) -> Result<WeightsFile, WeightsError> {
        WeightsFile::quantize_at_most(weights, 1024.0, meta)
    }

    /// [`WeightsFile::quantize`] with the scale capped at `cap` units per
    /// disc: weights that came from a file of scale `cap` (a power of two)
    /// are written back to the bit when everything fits at that scale.
    pub fn quantize_at_most(
        weights: &[f32],
        cap: f32,
        meta: TrainingMeta,
    ) -> Result<WeightsFile, WeightsError> {
        if !(cap.is_finite() && cap > 0.0) {
            return Err(WeightsError::Decode(format!("bad scale cap {cap}")));
        }
        if weights.len() != NUM_STAGES * STAGE_WEIGHTS {
            return Err(WeightsError::LayoutMismatch(format!(
                "{} weights given, the layout needs {}",
                weights.len(),
                NUM_STAGES * STAGE_WEIGHTS
            )));
        }
        let max = weights.iter().fold(
            0.0f32,
            |m, &w| if w.is_finite() { m.max(w.abs()) } else { m },
        );
        let scale = if max > 0.0 {
            (32_000.0 / max).min(cap)
        } else {
            cap
        };
        let q = weights
            .iter()
            .map(|&w| {
                if w.is_finite() {
                    (w * scale).round() as i16
                } else {
                    0
                }
            })
            .collect();
        Ok(WeightsFile {
            layout: current_layout(),
            stages: NUM_STAGES as u32,
            first_stage_discs: FIRST_STAGE_DISCS,
            scale,
            meta,
            weights: q,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> WeightsFile {
        let w: Vec<f32> = (0..NUM_STAGES * STAGE_WEIGHTS)
            .map(|i| ((i * 7919) % 2001) as f32 / 50.0 - 20.0)
            .collect();
        WeightsFile::quantize(
            &w,
            TrainingMeta {
                data: vec!["test".into()],
                date: "2026-01-01T00:00:00Z".into(),
                ..TrainingMeta::default()
            },
        )
        .expect("right length")
    }

    #[test]
    fn the_fingerprint_follows_the_weights_not_the_metadata() {
        let a = sample();
        let mut b = a.clone();
        b.meta.date = "2027-01-01T00:00:00Z".into();
        b.meta.notes = "another run".into();
        assert_eq!(a.fingerprint(), b.fingerprint());
        b.weights[12345] = b.weights[12345].wrapping_add(1);
        assert_ne!(a.fingerprint(), b.fingerprint());
        let mut c = a.clone();
        c.scale *= 0.5;
        assert_ne!(a.fingerprint(), c.fingerprint());
    }

    #[test]
    fn round_trip() {
        let f = sample();
        let bytes = f.to_bytes().expect("encodes");
        let back = WeightsFile::from_bytes(&bytes).expect("decodes");
        assert_eq!(back, f);
    }

    #[test]
    fn quantization_error_is_small() {
        let w: Vec<f32> = (0..NUM_STAGES * STAGE_WEIGHTS)
            .map(|i| ((i * 7919) % 2001) as f32 / 50.0 - 20.0)
            .collect();
        let f = WeightsFile::quantize(&w, TrainingMeta::default()).expect("right length");
        for (a, &q) in w.iter().zip(&f.weights) {
            assert!((a - q as f32 / f.scale).abs() <= 0.5 / f.scale + 1e-6);
        }
    }

    #[test]
    fn corrupt_files_are_errors() {
        let bytes = sample().to_bytes().expect("encodes");
        let mut flipped = bytes.clone();
        let n = flipped.len();
        flipped[n / 2] ^= 0x10;
        assert!(matches!(
            WeightsFile::from_bytes(&flipped),
            Err(WeightsError::Checksum)
        ));
        assert!(matches!(
            WeightsFile::from_bytes(&bytes[..bytes.len() - 3]),
            Err(WeightsError::Checksum)
        ));
        assert!(matches!(
            WeightsFile::from_bytes(&bytes[..10]),
            Err(WeightsError::Truncated(10))
        ));
        assert!(matches!(
            WeightsFile::from_bytes(b"hello world, not weights"),
            Err(WeightsError::BadMagic)
        ));
        let mut v2 = bytes.clone();
        v2[8] = 2;
        assert!(matches!(
            WeightsFile::from_bytes(&v2),
            Err(WeightsError::Version {
                found: 2,
                expected: 1
            })
        ));
        // A payload that checksums but does not decode.
        let mut junk = bytes[..HEADER_LEN].to_vec();
        let body = vec![0xFFu8; 40];
        junk[12..20].copy_from_slice(&fnv1a(&body).to_le_bytes());
        junk.extend_from_slice(&body);
        assert!(matches!(
            WeightsFile::from_bytes(&junk),
            Err(WeightsError::Decode(_))
        ));
    }

    #[test]
    fn layout_mismatch_is_an_error() {
        let mut f = sample();
        f.layout[0].configs = 59049;
        f.layout[0].name = "edge+2x".into();
        let bytes = f.to_bytes().expect("encodes");
        let err = WeightsFile::from_bytes(&bytes).expect_err("layout differs");
        assert!(matches!(err, WeightsError::LayoutMismatch(_)));
        assert!(err.to_string().contains("edge+2x"), "{err}");
        let mut g = sample();
        g.stages = 60;
        let bytes = g.to_bytes().expect("encodes");
        assert!(matches!(
            WeightsFile::from_bytes(&bytes),
            Err(WeightsError::LayoutMismatch(_))
        ));
    }

    #[test]
    fn a_file_from_13_discs_reads_with_its_first_table_below() {
        let new = sample();
        // The same file as written before the opening had a table per
        // number of empties: 52 stages from 13 discs.
        let skip = (13 - FIRST_STAGE_DISCS) as usize;
        let mut old = new.clone();
        old.stages = 52;
        old.first_stage_discs = 13;
        old.weights = new.weights[skip * STAGE_WEIGHTS..].to_vec();
        let back = WeightsFile::from_bytes(&old.to_bytes().expect("encodes")).expect("decodes");
        assert_eq!(back.stages as usize, NUM_STAGES);
        assert_eq!(back.first_stage_discs, FIRST_STAGE_DISCS);
        let first = &old.weights[..STAGE_WEIGHTS];
        for s in 0..=skip {
            assert_eq!(
                &back.weights[s * STAGE_WEIGHTS..(s + 1) * STAGE_WEIGHTS],
                first
            );
        }
        assert_eq!(back.weights[skip * STAGE_WEIGHTS..], old.weights[..]);
        // It keeps the fingerprint of the file as written.
        assert_eq!(back.fingerprint(), old.fingerprint());
        // A file whose opening tables differ has a fingerprint of its own.
        let mut moved = back.clone();
        moved.weights[Family::Parity.offset()] += 1;
        assert_ne!(moved.fingerprint(), back.fingerprint());
        // A file that does not reach 64 discs is not widened.
        let mut short = old.clone();
        short.stages = 51;
        short.weights.truncate(51 * STAGE_WEIGHTS);
        assert!(matches!(
            WeightsFile::from_bytes(&short.to_bytes().expect("encodes")),
            Err(WeightsError::LayoutMismatch(_))
        ));
    }

    #[test]
    fn missing_file_names_the_path() {
        let err = WeightsFile::load(Path::new("/nonexistent/eval.bin")).expect_err("missing");
        assert!(err.to_string().contains("/nonexistent/eval.bin"), "{err}");
    }
}
