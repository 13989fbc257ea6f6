//! df-pn⁺'s leaf estimates h and edge costs (Nagai & Imai, "Application of
//! df-pn⁺ to Othello Endgames", sections 2.2 and 4).
//!
//! For a node n asked "is the final score of the side to move ≥ k?", with
//! `x = Eval(n) − k` (the evaluation's margin over the target):
//!
//! ```text
//! h_φ(n) = B_φ / (1 + e^(−x / C_φ)) + 1        (C_φ < 0)
//! h_δ(n) = B_δ / (1 + e^(−x / C_δ)) + 1        (C_δ > 0)
//! cost_φ(n, child) = A,  cost_δ(n, child) = 0
//! ```
//!
//! so a position good for the side to move is cheap to prove and dear to
//! disprove. B, C and A depend on the stage (here: the number of empty
//! squares of the node the parameter is applied to: the evaluated node for
//! h, the parent for cost).
//!
//! [`HParams`] holds one [`StageParams`] per stage and is read from a small
//! text file (see [`HParams::parse`]). The default is [`HParams::shipped`],
//! `weights/h.txt` built into the binary, fitted by `othello-tools fit-h`
//! (docs/dfpn.md); `solve` and `batch` read another file with
//! `--h-params PATH`. [`HParams::provisional`] is a synthetic set (the paper's
//! costs, B growing 1.5× per empty square, |C| = 8) that tests and benchmarks
//! use with the mobility evaluation.
//!
//! [`Heuristic`] is what df-pn uses: either uniform (plain df-pn, h = 1 and
//! cost = 0) or a sigmoid over an [`Evaluator`].

use crate::board::Board;
use crate::eval::Evaluator;
use crate::search::shallow::{guess_score, shallow_value};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The text of `weights/h.txt`, the default parameters ([`HParams::shipped`]).
const SHIPPED_TEXT: &str = include_str!("../../../weights/h.txt");

/// The largest finite h that [`Heuristic::leaf`] hands out; keeps proof-number
/// sums far away from overflow even with many children.
pub const H_MAX: u32 = 1 << 20;

/// By default, df-pn⁺ nodes with at least this many empties take the
/// evaluation behind h from a shallow search ([`h_search_depth`]) instead of
/// the static evaluation (docs/dfpn.md, "h from a shallow search").
pub const DEFAULT_H_SEARCH_FROM: u32 = 16;

/// The deepest shallow search for h (from 20 empties up). Alpha-beta's
/// move ordering goes to 6 plies, but df-pn⁺ searches every new node, and
/// at 4 plies FFO #40–#49 took 17.10 instead of 17.82 CPU-s (WLD) and 37.35
/// instead of 38.57 (exact), #57 WLD 9.45 instead of 14.70, and #59 WLD
/// finished in 18.9 s instead of not within 60 (docs/dfpn.md).
pub const H_SEARCH_MAX_DEPTH: u32 = 4;

/// The depth of h's shallow search at a node with `empties` empties:
/// (empties − 12) / 2 plies, at least 1 and at most [`H_SEARCH_MAX_DEPTH`]
/// (two plies at 16 empties, three at 18, four from 20).
#[inline]
pub fn h_search_depth(empties: u32) -> u32 {
    (empties.saturating_sub(12) / 2).clamp(1, H_SEARCH_MAX_DEPTH)
}

/// h's shallow search looks this many discs either side of the target k
/// (a fail-soft window): beyond it the sigmoid is nearly flat (at 20
/// empties |C| ≈ 6, so 24 discs is 4 scales), and the cut-offs the window
/// allows take a third of the search's positions away (FFO #48–#49, WLD:
/// 49.7 M → 32.2 M positions, 8.8 → 7.6 CPU-s; 16 discs saves more
/// positions but loses on the leaves; docs/dfpn.md).
pub const H_SEARCH_WINDOW: i32 = 24;

/// Slots in a [`ValueCache`] (24 bytes each: 6 MiB).
const VALUE_CACHE_SLOTS: usize = 1 << 18;

/// A fail-soft shallow-search value and the window it was searched in
/// (quarter discs): exact inside the window, an upper bound at or below
/// `alpha`, a lower bound at or above `beta`.
#[derive(Clone, Copy, Debug, Default)]
struct Windowed {
    value: i16,
    alpha: i16,
    beta: i16,
}

impl Windowed {
    /// The value if it serves a search in `(alpha, beta)`: exact there, or a
    /// bound that falls outside it on the same side.
    #[inline]
    fn serves(self, alpha: i32, beta: i32) -> Option<i32> {
        let v = i32::from(self.value);
        let exact = i32::from(self.alpha) < v && v < i32::from(self.beta);
        let below = v <= i32::from(self.alpha) && v <= alpha;
        let above = v >= i32::from(self.beta) && v >= beta;
        (exact || below || above).then_some(v)
    }
}

/// A direct-mapped cache of shallow-search values keyed by the full board,
/// so that a node df-pn generates again and again (each time its parent is
/// re-expanded) is searched once per window. A newer board overwrites an
/// older one in its slot.
pub struct ValueCache {
    slots: Vec<(u64, u64, Windowed)>,
}

impl ValueCache {
    /// An empty cache of [`VALUE_CACHE_SLOTS`] slots.
    pub fn new() -> ValueCache {
        ValueCache {
            slots: vec![(0, 0, Windowed::default()); VALUE_CACHE_SLOTS],
        }
    }

    /// The value stored for `board` if it serves the window `(alpha,
    /// beta)`. (The empty board, which never occurs in a game, marks an
    /// unused slot.)
    #[inline]
    fn get(&self, board: &Board, alpha: i32, beta: i32) -> Option<i32> {
        let (p, o, w) = self.slots[Self::slot(board)];
        if p == board.player && o == board.opponent && (p | o) != 0 {
            w.serves(alpha, beta)
        } else {
            None
        }
    }

    #[inline]
    fn put(&mut self, board: &Board, value: i32, alpha: i32, beta: i32) {
        // Values and windows lie within ±257 quarter discs.
        let w = Windowed {
            value: value as i16,
            alpha: alpha as i16,
            beta: beta as i16,
        };
        self.slots[Self::slot(board)] = (board.player, board.opponent, w);
    }

    #[inline]
    fn slot(board: &Board) -> usize {
        (board.hash() as usize) & (VALUE_CACHE_SLOTS - 1)
    }
}

impl Default for ValueCache {
    fn default() -> Self {
        ValueCache::new()
    }
}

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
}

impl HParams {
    /// The parameters of the stage with `empties` empty squares.
    #[inline]
    pub fn stage(&self, empties: u32) -> &StageParams {
        &self.stages[(empties as usize).min(STAGES - 1)]
    }

    /// (h_φ, h_δ) of `board` asked "score ≥ k?" when its evaluation is
    /// `value` (discs), each in 1 ..= [`H_MAX`].
    #[inline]
    fn pns(&self, board: &Board, value: f32, k: i32) -> (u32, u32) {
        let x = margin(value, k);
        let p = self.stage(board.empties());
        (to_pn(p.h_phi(x)), to_pn(p.h_delta(x)))
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
    /// `path` only names the source in errors.
    pub fn parse(text: &str, path: &Path) -> Result<HParams, HParamsError> {
        let mut given: Vec<Option<StageParams>> = vec![None; STAGES];
        for (i, raw) in text.lines().enumerate() {
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
        HParams::fill(given, path)
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

/// The margin x of a node asked "score ≥ k?": the evaluation minus k.
#[inline]
pub fn margin(eval: f32, k: i32) -> f64 {
    eval as f64 - k as f64
}

/// Rounds a (dis)proof estimate to a proof number: at least 1, at most [`H_MAX`].
#[inline]
fn to_pn(h: f64) -> u32 {
    if h.is_nan() {
        return 1;
    }
    h.round().clamp(1.0, H_MAX as f64) as u32
}

/// Rounds an edge cost to an integer (ties away from zero).
#[inline]
fn to_cost(c: f64) -> i64 {
    c.round() as i64
}

/// The leaf estimates and edge costs df-pn uses.
pub enum Heuristic<'a> {
    /// Plain df-pn: h = 1, cost = 0.
    Uniform,
    /// df-pn⁺: sigmoid h over an evaluation, costs from the parameters.
    Sigmoid {
        /// The evaluation (side to move's predicted final disc difference).
        eval: &'a dyn Evaluator,
        /// B, C and the costs per stage.
        params: &'a HParams,
    },
}

impl Heuristic<'_> {
    /// (h_φ, h_δ) of a new node asked "score ≥ k?", each in 1 ..= [`H_MAX`].
    #[inline]
    pub fn leaf(&self, board: &Board, k: i32) -> (u32, u32) {
        match self {
            Heuristic::Uniform => (1, 1),
            Heuristic::Sigmoid { eval, params } => params.pns(board, eval.evaluate(board), k),
        }
    }

    /// (h_φ, h_δ) of a new node, like [`Heuristic::leaf`], but the
    /// evaluation is a shallow search [`h_search_depth`] plies deep with the
    /// evaluation at its leaves ([`shallow_value`]), in the window k ±
    /// [`H_SEARCH_WINDOW`], looked up in `cache` first; the positions it
    /// visits are added to `nodes` (from `stop_at` on it only evaluates).
    /// Plain df-pn: (1, 1), as [`Heuristic::leaf`].
    pub fn searched_leaf(
        &self,
        board: &Board,
        k: i32,
        cache: &mut ValueCache,
        nodes: &mut u64,
        stop_at: u64,
    ) -> (u32, u32) {
        match self {
            Heuristic::Uniform => (1, 1),
            Heuristic::Sigmoid { eval, params } => {
                // Quarter discs.
                let alpha = ((k - H_SEARCH_WINDOW) * 4).max(-257);
                let beta = ((k + H_SEARCH_WINDOW) * 4).min(257);
                let v = match cache.get(board, alpha, beta) {
                    Some(v) => v,
                    None => {
                        let depth = h_search_depth(board.empties());
                        let v = shallow_value(*eval, board, depth, alpha, beta, nodes, stop_at);
                        cache.put(board, v, alpha, beta);
                        v
                    }
                };
                params.pns(board, v as f32 / 4.0, k)
            }
        }
    }

    /// (cost_φ, cost_δ) of the edges out of a node with `empties` empties.
    #[inline]
    pub fn costs(&self, empties: u32) -> (i64, i64) {
        match self {
            Heuristic::Uniform => (0, 0),
            Heuristic::Sigmoid { params, .. } => {
                let p = params.stage(empties);
                (to_cost(p.cost_phi), to_cost(p.cost_delta))
            }
        }
    }

    /// A guess of the exact score of `board` (an even disc difference) from
    /// a shallow search with the evaluation at its leaves
    /// ([`guess_score`]); `None` for plain df-pn,
    /// which has no evaluation. The positions it visits are added to `nodes`;
    /// from `stop_at` on it only evaluates.
    pub fn guess(&self, board: &Board, nodes: &mut u64, stop_at: u64) -> Option<i32> {
        match self {
            Heuristic::Uniform => None,
            Heuristic::Sigmoid { eval, .. } => Some(guess_score(*eval, board, nodes, stop_at)),
        }
    }

    /// `dfpn` or `dfpn+`.
    pub fn algo_name(&self) -> &'static str {
        match self {
            Heuristic::Uniform => "dfpn",
            Heuristic::Sigmoid { .. } => "dfpn+",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MobilityEvaluator;

    #[test]
    fn sigmoid_directions() {
        let p = HParams::provisional();
        let s = p.stage(16);
        assert!(
            s.h_phi(20.0) < s.h_phi(-20.0),
            "good positions are cheap to prove"
        );
        assert!(
            s.h_delta(20.0) > s.h_delta(-20.0),
            "good positions are dear to disprove"
        );
        assert!((s.h_phi(0.0) - (s.b_phi / 2.0 + 1.0)).abs() < 1e-9);
        for e in 0..STAGES as u32 {
            let s = p.stage(e);
            assert!(s.h_phi(1e9) >= 1.0 && s.h_delta(-1e9) >= 1.0);
        }
    }

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

    #[test]
    fn windowed_values_serve_only_what_they_prove() {
        let exact = Windowed {
            value: 10,
            alpha: -20,
            beta: 40,
        };
        assert_eq!(exact.serves(-100, 100), Some(10));
        assert_eq!(
            exact.serves(20, 30),
            Some(10),
            "an exact value serves any window"
        );
        let upper = Windowed {
            value: -30,
            alpha: -20,
            beta: 40,
        };
        assert_eq!(upper.serves(-20, 40), Some(-30));
        assert_eq!(
            upper.serves(-10, 50),
            Some(-30),
            "still below the new alpha"
        );
        assert_eq!(
            upper.serves(-40, 40),
            None,
            "the true value may lie in the window"
        );
        let lower = Windowed {
            value: 50,
            alpha: -20,
            beta: 40,
        };
        assert_eq!(lower.serves(0, 50), Some(50));
        assert_eq!(lower.serves(0, 60), None);
    }

    #[test]
    fn searched_h_matches_an_uncached_search_and_counts_its_positions() {
        let params = HParams::provisional();
        let h = Heuristic::Sigmoid {
            eval: &MobilityEvaluator,
            params: &params,
        };
        let mut cache = ValueCache::new();
        let mut b = Board::start();
        for sq in ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3"] {
            let sq: crate::board::Square = sq.parse().unwrap();
            b = b.play(sq).unwrap();
            for k in [-9, 1, 30] {
                let mut nodes = 0;
                let got = h.searched_leaf(&b, k, &mut cache, &mut nodes, u64::MAX);
                if k == -9 {
                    assert!(nodes > 0, "a new board is searched");
                }
                let mut again = 0;
                assert_eq!(
                    h.searched_leaf(&b, k, &mut cache, &mut again, u64::MAX),
                    got
                );
                assert_eq!(again, 0, "the same question comes from the cache");
                let (alpha, beta) = ((k - H_SEARCH_WINDOW) * 4, (k + H_SEARCH_WINDOW) * 4);
                let depth = h_search_depth(b.empties());
                let mut n = 0;
                let fresh =
                    shallow_value(&MobilityEvaluator, &b, depth, alpha, beta, &mut n, u64::MAX);
                let cached = cache.get(&b, alpha, beta).unwrap();
                // Fail-soft: exact inside the window, else a bound on the same side.
                if alpha < fresh && fresh < beta {
                    assert_eq!(cached, fresh);
                } else if fresh <= alpha {
                    assert!(cached <= alpha);
                } else {
                    assert!(cached >= beta);
                }
                assert_eq!(got, params.pns(&b, cached as f32 / 4.0, k));
            }
        }
        assert_eq!(
            Heuristic::Uniform.searched_leaf(&b, 1, &mut cache, &mut 0, u64::MAX),
            (1, 1)
        );
    }

    #[test]
    fn uniform_is_plain_dfpn() {
        let b = Board::start();
        assert_eq!(Heuristic::Uniform.leaf(&b, 1), (1, 1));
        assert_eq!(Heuristic::Uniform.costs(30), (0, 0));
        let params = HParams::provisional();
        let h = Heuristic::Sigmoid {
            eval: &MobilityEvaluator,
            params: &params,
        };
        assert_eq!(h.costs(30), (-1, 0));
        let (a, b2) = h.leaf(&b, 1);
        assert!(a >= 1 && b2 >= 1);
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
