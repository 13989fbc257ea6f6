//! df-pn⁺'s h and cost parameters per stage ([`HParams`]) and their text
//! file format ([`HParams::parse`], [`HParams::to_text`]): the shipped
//! `weights/h.txt` ([`HParams::shipped`]), fitted by `othello-tools fit-h`
//! (docs/dfpn.md), another file given with `--h-params PATH`, or the
//! synthetic [`HParams::provisional`] set. [`super::heuristic`] turns them
//! into proof numbers.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The text of `weights/h.txt`, the default parameters ([`HParams::shipped`]).
const SHIPPED_TEXT: &str = include_str!("../../../weights/h.txt");

/// The largest finite h that [`Heuristic::leaf`](super::heuristic::Heuristic::leaf) hands out; keeps proof-number
/// sums far away from overflow even with many children.
pub const H_MAX: u32 = 1 << 20;

/// Stages are numbers of empty squares, 0 ..= 60.
pub const STAGES: usize = 61;

/// The h and cost parameters of one stage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StageParams {
    /// cost_φ: added to a child's δ when the parent takes its φ (the paper's A, −1).
    pub cost_phi: f64,
    /// cost_δ: added to a child's φ when the parent sums its δ (0 in the paper).
    pub cost_delta: f64,
    /// B_φ > 0: the range of h_φ above 1.
    pub b_phi: f64,
    /// C_φ < 0: the scale (in discs) of h_φ's sigmoid.
    pub c_phi: f64,
    /// B_δ > 0: the range of h_δ above 1.
    pub b_delta: f64,
    /// C_δ > 0: the scale (in discs) of h_δ's sigmoid.
    pub c_delta: f64,
}

impl StageParams {
    /// h_φ for an evaluation margin `x` (discs above the target).
    pub fn h_phi(&self, x: f64) -> f64 {
        self.b_phi / (1.0 + (-x / self.c_phi).exp()) + 1.0
    }

    /// h_δ for an evaluation margin `x` (discs above the target).
    pub fn h_delta(&self, x: f64) -> f64 {
        self.b_delta / (1.0 + (-x / self.c_delta).exp()) + 1.0
    }

    /// Checks the ranges; on failure the 1-based field of the file line
    /// (2 = cost_φ … 7 = C_δ) and why.
    fn check(&self) -> Result<(), (usize, &'static str)> {
        let values = [
            self.cost_phi,
            self.cost_delta,
            self.b_phi,
            self.c_phi,
            self.b_delta,
            self.c_delta,
        ];
        if let Some(i) = values.iter().position(|v| !v.is_finite()) {
            return Err((i + 2, "must be a finite number"));
        }
        for (field, cost) in [(2, self.cost_phi), (3, self.cost_delta)] {
            if cost.abs() > 1e6 {
                return Err((field, "costs must lie within -1e6 ..= 1e6"));
            }
        }
        for (field, b) in [(4, self.b_phi), (6, self.b_delta)] {
            if b < 0.0 {
                return Err((field, "B_phi and B_delta must be >= 0"));
            }
            if b > H_MAX as f64 {
                return Err((field, "B_phi and B_delta must be <= 2^20"));
            }
        }
        if self.c_phi >= 0.0 {
            return Err((5, "C_phi must be < 0"));
        }
        if self.c_delta <= 0.0 {
            return Err((7, "C_delta must be > 0"));
        }
        Ok(())
    }
}

/// Why an h-parameter file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum HParamsError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A line is malformed.
    #[error("{path}:{line}: field {field}: {reason}")]
    Line {
        /// The file (or `<text>`).
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// 1-based field number (0 = the whole line).
        field: usize,
        /// What is wrong.
        reason: String,
    },
    /// No stage was given.
    #[error("{path}: no stage lines (expected `EMPTIES cost_phi cost_delta B_phi C_phi B_delta C_delta`)")]
    Empty {
        /// The file (or `<text>`).
        path: PathBuf,
    },
}

/// h and cost parameters for every stage (0 ..= 60 empties).
#[derive(Clone, Debug, PartialEq)]
pub struct HParams {
    stages: Vec<StageParams>,
    /// Where the parameters came from (a file name or "provisional").
    pub source: String,
    /// The fingerprint of the pattern weights h was fitted with
    /// ([`crate::eval::PatternEvaluator::fingerprint`]), when the file
    /// records it (a [`WEIGHTS_LINE`] line).
    pub weights_fingerprint: Option<u64>,
}

/// The comment line of the text format that records the fingerprint of the
/// weights the parameters were fitted with: `# weights fingerprint: HEX`.
pub const WEIGHTS_LINE: &str = "weights fingerprint:";

impl HParams {
    /// The parameters of the stage with `empties` empty squares.
    #[inline]
    pub fn stage(&self, empties: u32) -> &StageParams {
        &self.stages[(empties as usize).min(STAGES - 1)]
    }

    /// A synthetic parameter set, independent of any fit (tests and
    /// benchmarks use it with [`crate::eval::MobilityEvaluator`]; it was the default
    /// before `othello-tools fit-h` existed).
    ///
    /// From the paper: cost_φ = A = −1 and cost_δ = 0 (section 4 and
    /// figures 2–5), the sigmoid form (5)/(6), C_φ < 0 < C_δ, and "doubling"
    /// (B_φ = B_δ, C_φ = −C_δ). The paper prints no numeric B or C, so here
    /// B = 2·1.5^(empties − 4) (capped at 2^20) and |C| = 8 discs.
    pub fn provisional() -> HParams {
        let stages = (0..STAGES)
            .map(|e| {
                let b = (2.0 * 1.5f64.powi(e as i32 - 4)).clamp(1.0, H_MAX as f64);
                StageParams {
                    cost_phi: -1.0,
                    cost_delta: 0.0,
                    b_phi: b,
                    c_phi: -8.0,
                    b_delta: b,
                    c_delta: 8.0,
                }
            })
            .collect();
        HParams {
            stages,
            source: "provisional".to_string(),
            weights_fingerprint: None,
        }
    }

    /// The shipped parameter set: `weights/h.txt` (fitted by
    /// `othello-tools fit-h`, provenance in its header and in docs/dfpn.md),
    /// built into the binary and parsed on first use. A test keeps the file
    /// parseable; should it ever fail, the error names the file and line.
    pub fn shipped() -> Result<&'static HParams, HParamsError> {
        static CELL: OnceLock<HParams> = OnceLock::new();
        if let Some(p) = CELL.get() {
            return Ok(p);
        }
        let mut p = HParams::parse(SHIPPED_TEXT, Path::new("<embedded weights/h.txt>"))?;
        p.source = "weights/h.txt (embedded)".to_string();
        Ok(CELL.get_or_init(|| p))
    }

    /// Reads a parameter file (format: [`HParams::parse`]).
    pub fn load(path: &Path) -> Result<HParams, HParamsError> {
        let text = std::fs::read_to_string(path).map_err(|source| HParamsError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let mut p = HParams::parse(&text, path)?;
        p.source = path.display().to_string();
        Ok(p)
    }

    /// Parses the text format: `#` starts a comment; every other non-blank
    /// line is `EMPTIES cost_phi cost_delta B_phi C_phi B_delta C_delta`
    /// (whitespace separated; EMPTIES 0 ..= 60). A stage without a line takes
    /// the parameters of the nearest given stage (the lower one on a tie).
    /// The comment `# weights fingerprint: HEX` records the weights the
    /// parameters were fitted with. `path` only names the source in errors.
    pub fn parse(text: &str, path: &Path) -> Result<HParams, HParamsError> {
        let mut given: Vec<Option<StageParams>> = vec![None; STAGES];
        let mut fingerprint = None;
        for (i, raw) in text.lines().enumerate() {
            if let Some(hex) = raw
                .trim_start()
                .strip_prefix('#')
                .and_then(|c| c.trim_start().strip_prefix(WEIGHTS_LINE))
            {
                let hex = hex.trim();
                fingerprint =
                    Some(
                        u64::from_str_radix(hex, 16).map_err(|_| HParamsError::Line {
                            path: path.to_path_buf(),
                            line: i + 1,
                            field: 1,
                            reason: format!("{hex:?} is not a weights fingerprint (16 hex digits)"),
                        })?,
                    );
                continue;
            }
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = |field: usize, reason: String| HParamsError::Line {
                path: path.to_path_buf(),
                line: i + 1,
                field,
                reason,
            };
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields.len() != 7 {
                return Err(err(
                    0,
                    format!(
                        "expected 7 fields (EMPTIES cost_phi cost_delta B_phi C_phi B_delta C_delta), found {}",
                        fields.len()
                    ),
                ));
            }
            let empties: usize =
                fields[0]
                    .parse()
                    .ok()
                    .filter(|e| *e < STAGES)
                    .ok_or_else(|| {
                        err(
                            1,
                            format!("{:?} is not a number of empties 0..=60", fields[0]),
                        )
                    })?;
            let mut v = [0.0f64; 6];
            for (j, f) in fields[1..].iter().enumerate() {
                v[j] = f
                    .parse()
                    .map_err(|_| err(j + 2, format!("{f:?} is not a number")))?;
            }
            let sp = StageParams {
                cost_phi: v[0],
                cost_delta: v[1],
                b_phi: v[2],
                c_phi: v[3],
                b_delta: v[4],
                c_delta: v[5],
            };
            sp.check().map_err(|(f, r)| err(f, r.to_string()))?;
            if given[empties].is_some() {
                return Err(err(1, format!("stage {empties} given twice")));
            }
            given[empties] = Some(sp);
        }
        let mut p = HParams::fill(given, path)?;
        p.weights_fingerprint = fingerprint;
        Ok(p)
    }

    /// Why these parameters do not suit `eval`, if they do not: they record
    /// the fingerprint of other weights than the evaluation's (h was fitted
    /// to another evaluation, so its sigmoid is off). `None` when they match
    /// or either side has no fingerprint.
    pub fn mismatch(&self, eval: &crate::eval::PatternEvaluator) -> Option<String> {
        let fitted = self.weights_fingerprint?;
        let used = eval.fingerprint();
        (fitted != used).then(|| {
            format!(
                "df-pn+'s h ({}) was fitted with the weights of fingerprint {fitted:016x}, but the evaluation in use is {used:016x}: its proof numbers are off (refit h for these weights: othello-tools fit-h, docs/dfpn.md)",
                self.source
            )
        })
    }

    /// A parameter set from the stages given (empties, parameters): every
    /// other stage takes the nearest given one (the lower on a tie). Errors
    /// name `source` and the stage: a stage out of range or given twice,
    /// parameters out of range ([`StageParams`]), or no stage at all.
    pub fn from_stages(
        stages: &[(u32, StageParams)],
        source: &str,
    ) -> Result<HParams, HParamsError> {
        let path = Path::new(source);
        let mut given: Vec<Option<StageParams>> = vec![None; STAGES];
        for (i, (e, sp)) in stages.iter().enumerate() {
            let err = |field: usize, reason: String| HParamsError::Line {
                path: path.to_path_buf(),
                line: i + 1,
                field,
                reason,
            };
            let e = *e as usize;
            if e >= STAGES {
                return Err(err(1, format!("{e} is not a number of empties 0..=60")));
            }
            sp.check().map_err(|(f, r)| err(f, r.to_string()))?;
            if given[e].is_some() {
                return Err(err(1, format!("stage {e} given twice")));
            }
            given[e] = Some(*sp);
        }
        let mut p = HParams::fill(given, path)?;
        p.source = source.to_string();
        Ok(p)
    }

    fn fill(given: Vec<Option<StageParams>>, path: &Path) -> Result<HParams, HParamsError> {
        let known: Vec<usize> = (0..STAGES).filter(|&e| given[e].is_some()).collect();
        if known.is_empty() {
            return Err(HParamsError::Empty {
                path: path.to_path_buf(),
            });
        }
        let stages = (0..STAGES)
            .map(|e| {
                // `known` is non-empty, so a nearest stage exists.
                let nearest = known
                    .iter()
                    .copied()
                    .min_by_key(|&g| (g.abs_diff(e), g))
                    .unwrap_or(known[0]);
                given[nearest].unwrap_or_else(|| unreachable!("known stages are given"))
            })
            .collect();
        Ok(HParams {
            stages,
            source: path.display().to_string(),
            weights_fingerprint: None,
        })
    }

    /// The text format of [`HParams::parse`], one line per stage.
    pub fn to_text(&self) -> String {
        self.to_text_with_header(&[format!(
            "othello-solver df-pn+ h/cost parameters ({})",
            self.source
        )])
    }

    /// As [`HParams::to_text`], with `header` as the leading `# ` comment
    /// lines (provenance: data, counts, command, date).
    pub fn to_text_with_header(&self, header: &[String]) -> String {
        let mut s = String::new();
        for h in header {
            for line in h.lines() {
                let _ = writeln!(s, "# {line}");
            }
        }
        if let Some(f) = self.weights_fingerprint {
            let _ = writeln!(s, "# {WEIGHTS_LINE} {f:016x}");
        }
        let _ = writeln!(
            s,
            "# EMPTIES cost_phi cost_delta B_phi C_phi B_delta C_delta"
        );
        for (e, p) in self.stages.iter().enumerate() {
            let _ = writeln!(
                s,
                "{e} {} {} {} {} {} {}",
                p.cost_phi, p.cost_delta, p.b_phi, p.c_phi, p.b_delta, p.c_delta
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_and_nearest_stage() {
        let p = HParams::provisional();
        let q = HParams::parse(&p.to_text(), Path::new("<text>")).unwrap();
        assert_eq!(p.stages, q.stages);
        let r = HParams::parse(
            "# c\n10 -1 0 50 -6 60 7\n20 -2 0 500 -9 400 9 # tail\n",
            Path::new("x"),
        )
        .unwrap();
        assert_eq!(r.stage(0).b_phi, 50.0);
        assert_eq!(r.stage(15).b_phi, 50.0);
        assert_eq!(r.stage(16).b_phi, 500.0);
        assert_eq!(r.stage(60).cost_phi, -2.0);
    }

    #[test]
    fn the_weights_fingerprint_is_kept_and_a_mismatch_reported() {
        let eval = crate::eval::PatternEvaluator::embedded().unwrap();
        let mut p = HParams::provisional();
        assert_eq!(p.mismatch(eval), None, "no fingerprint, nothing to report");
        p.weights_fingerprint = Some(eval.fingerprint());
        let q = HParams::parse(&p.to_text(), Path::new("h.txt")).unwrap();
        assert_eq!(q.weights_fingerprint, Some(eval.fingerprint()));
        assert_eq!(q.mismatch(eval), None);
        let other = HParams::parse(
            "# weights fingerprint: 00000000000000ff\n10 -1 0 50 -6 60 7\n",
            Path::new("old-h.txt"),
        )
        .unwrap();
        assert_eq!(other.weights_fingerprint, Some(0xff));
        let why = other.mismatch(eval).expect("another evaluation's h");
        assert!(
            why.contains("old-h.txt") && why.contains("00000000000000ff"),
            "{why}"
        );
        let e = HParams::parse("# weights fingerprint: xyz\n", Path::new("h.txt")).unwrap_err();
        assert!(e.to_string().contains("h.txt:1: field 1"), "{e}");
    }

    #[test]
    fn the_shipped_h_was_fitted_with_the_shipped_weights() {
        let eval = crate::eval::PatternEvaluator::embedded().unwrap();
        let h = HParams::shipped().unwrap();
        assert_eq!(
            h.weights_fingerprint,
            Some(eval.fingerprint()),
            "refit weights/h.txt (docs/training.md)"
        );
    }

    #[test]
    fn bad_files_name_line_and_field() {
        let e = HParams::parse("10 -1 0 50 6 60 7\n", Path::new("h.txt")).unwrap_err();
        assert!(e.to_string().contains("h.txt:1: field 5: C_phi"), "{e}");
        let e = HParams::parse("# c\n10 -1 0 50 -6 -60 7\n", Path::new("h.txt")).unwrap_err();
        assert!(
            e.to_string()
                .contains("h.txt:2: field 6: B_phi and B_delta"),
            "{e}"
        );
        let e = HParams::parse("10 -1 0 50 -6 60 0\n", Path::new("h.txt")).unwrap_err();
        assert!(e.to_string().contains("h.txt:1: field 7"), "{e}");
        let e = HParams::parse("10 -1 NaN 50 -6 60 7\n", Path::new("h.txt")).unwrap_err();
        assert!(e.to_string().contains("h.txt:1: field 3"), "{e}");
        let e = HParams::parse("\n10 -1 0 fifty -6 60 7\n", Path::new("h.txt")).unwrap_err();
        assert!(e.to_string().contains("h.txt:2: field 4"), "{e}");
        let e = HParams::parse("99 -1 0 50 -6 60 7\n", Path::new("h.txt")).unwrap_err();
        assert!(e.to_string().contains("field 1"), "{e}");
        assert!(HParams::parse("# nothing\n", Path::new("h.txt")).is_err());
        assert!(HParams::parse("1 2 3\n", Path::new("h.txt")).is_err());
    }
}

#[cfg(test)]
mod shipped_file_tests {
    use super::*;

    /// `weights/h.txt` parses, is the set `shipped()` returns, and has the
    /// paper's signs and costs at every stage.
    #[test]
    fn shipped_file_parses_and_is_the_default() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("weights/h.txt");
        let file = HParams::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let shipped = HParams::shipped().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(file.stages, shipped.stages);
        for e in 0..STAGES as u32 {
            let s = shipped.stage(e);
            assert!(s.c_phi < 0.0 && s.c_delta > 0.0, "stage {e}: {s:?}");
            assert_eq!((s.cost_phi, s.cost_delta), (-1.0, 0.0), "stage {e}");
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            text.contains("# command: othello-tools fit-h"),
            "provenance header"
        );
    }
}
