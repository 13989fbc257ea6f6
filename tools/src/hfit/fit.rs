//! The curve fitting (see the [`super`] documentation): sigmoids per stage,
//! the smoothing exponentials, the variants and the h parameters they give.

use super::data::Record;
use othello_solver::eval::Evaluator;
use othello_solver::search::dfpn::heuristic::h_search_depth;
use othello_solver::search::dfpn::params::{HParams, HParamsError, StageParams, H_MAX, STAGES};
use othello_solver::search::probe::probe_value;
use std::fmt::Write as _;

/// The smallest |C| (discs) the fit considers.
pub const C_MIN: f64 = 0.25;
/// The largest |C| (discs) the fit considers.
pub const C_MAX: f64 = 256.0;
/// A side (proved or disproved) of a stage needs this many problems for its
/// own fit; with fewer, the naive variant takes the doubled fit there.
pub const MIN_POINTS: usize = 5;

/// Minimises `f` over `lo..=hi`: the best of `steps + 1` grid points (spaced
/// evenly), then golden-section search between its neighbours.
fn minimize(lo: f64, hi: f64, steps: usize, f: impl Fn(f64) -> f64) -> f64 {
    let at = |i: usize| lo + (hi - lo) * i as f64 / steps as f64;
    let mut best = 0;
    let mut best_v = f64::INFINITY;
    for i in 0..=steps {
        let v = f(at(i));
        if v < best_v {
            best_v = v;
            best = i;
        }
    }
    let (mut a, mut b) = (at(best.saturating_sub(1)), at((best + 1).min(steps)));
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    let x = (a + b) / 2.0;
    if f(x) <= best_v {
        x
    } else {
        at(best)
    }
}

/// A fitted sigmoid h(x) = B / (1 + e^(−x/C)) + 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SigmoidFit {
    /// B ≥ 0.
    pub b: f64,
    /// C (negative for h_φ, positive for h_δ).
    pub c: f64,
    /// Root mean square residual.
    pub rms: f64,
    /// Data points.
    pub n: usize,
}

/// B for a fixed C by ∂E/∂B = 0 (at least 0), and E.
fn sigmoid_b(points: &[(f64, f64)], c: f64) -> (f64, f64) {
    let (mut sy, mut ss) = (0.0, 0.0);
    for &(x, y) in points {
        let s = 1.0 / (1.0 + (-x / c).exp());
        sy += s * (y - 1.0);
        ss += s * s;
    }
    let b = if ss > 0.0 { (sy / ss).max(0.0) } else { 0.0 };
    let e = points
        .iter()
        .map(|&(x, y)| {
            let r = b / (1.0 + (-x / c).exp()) + 1.0 - y;
            r * r
        })
        .sum();
    (b, e)
}

/// What the fits minimise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Loss {
    /// Squared residuals of the values (the paper's least squares).
    #[default]
    Squares,
    /// Squared residuals of the logarithms (an extension beyond the paper:
    /// the tips are heavy-tailed, and plain squares follow the largest).
    Log,
}

/// E of the log loss for the sigmoid with (B, C): Σ (ln h(x_i) − ln y_i)².
fn log_loss(points: &[(f64, f64)], b: f64, c: f64) -> f64 {
    points
        .iter()
        .map(|&(x, y)| {
            let r = (b / (1.0 + (-x / c).exp()) + 1.0).ln() - y.max(1.0).ln();
            r * r
        })
        .sum()
}

/// Fits the sigmoid under `loss` (see [`fit_sigmoid`] for squares). The
/// log loss searches ln B (0 ..= ln 2²⁰) for each C, C as for squares.
pub fn fit_sigmoid_with(points: &[(f64, f64)], positive_c: bool, loss: Loss) -> Option<SigmoidFit> {
    if loss == Loss::Squares {
        return fit_sigmoid(points, positive_c);
    }
    if points.is_empty() {
        return None;
    }
    let sign = if positive_c { 1.0 } else { -1.0 };
    let hi = (H_MAX as f64).ln();
    let best_b = |c: f64| minimize(-5.0, hi, 100, |lb| log_loss(points, lb.exp(), c)).exp();
    let e_of = |log_c: f64| {
        let c = sign * log_c.exp();
        log_loss(points, best_b(c), c)
    };
    let log_c = minimize(C_MIN.ln(), C_MAX.ln(), 60, e_of);
    let c = sign * log_c.exp().clamp(C_MIN, C_MAX);
    let b = best_b(c);
    Some(SigmoidFit {
        b: b.min(H_MAX as f64),
        c,
        rms: (log_loss(points, b, c) / points.len() as f64).sqrt(),
        n: points.len(),
    })
}

/// Fits the exponential under `loss` (see [`fit_exp`] for squares); the log
/// loss is the linear regression of ln v on x (values ≤ 0 are left out).
pub fn fit_exp_with(points: &[(f64, f64)], loss: Loss) -> Option<ExpFit> {
    if loss == Loss::Squares {
        return fit_exp(points);
    }
    let pts: Vec<(f64, f64)> = points
        .iter()
        .filter(|p| p.1 > 0.0)
        .map(|&(x, v)| (x, v.ln()))
        .collect();
    if pts.is_empty() {
        return None;
    }
    let n = pts.len() as f64;
    let mx = pts.iter().map(|p| p.0).sum::<f64>() / n;
    let my = pts.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = pts.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    let sxy: f64 = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let slope = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    Some(ExpFit {
        f: (my - slope * mx).exp(),
        d: -slope,
    })
}

/// Least-squares fit of h(x) = B / (1 + e^(−x/C)) + 1 to `points` (x, y),
/// with C < 0 (`positive_c` false: h_φ) or C > 0 (h_δ). `None` without data.
pub fn fit_sigmoid(points: &[(f64, f64)], positive_c: bool) -> Option<SigmoidFit> {
    if points.is_empty() {
        return None;
    }
    let sign = if positive_c { 1.0 } else { -1.0 };
    let e_of = |log_c: f64| sigmoid_b(points, sign * log_c.exp()).1;
    let log_c = minimize(C_MIN.ln(), C_MAX.ln(), 400, e_of);
    let c = sign * log_c.exp().clamp(C_MIN, C_MAX);
    let (b, e) = sigmoid_b(points, c);
    Some(SigmoidFit {
        b: b.min(H_MAX as f64),
        c,
        rms: (e / points.len() as f64).sqrt(),
        n: points.len(),
    })
}

/// A fitted exponential v(x) = F·e^(−D·x), x the number of discs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpFit {
    /// F.
    pub f: f64,
    /// D.
    pub d: f64,
}

impl ExpFit {
    /// The value at `discs` discs.
    pub fn at(&self, discs: f64) -> f64 {
        self.f * (-self.d * discs).exp()
    }
}

/// F for a fixed D by ∂E/∂F = 0, and E.
fn exp_f(points: &[(f64, f64)], d: f64) -> (f64, f64) {
    let (mut gv, mut gg) = (0.0, 0.0);
    for &(x, v) in points {
        let g = (-d * x).exp();
        gv += g * v;
        gg += g * g;
    }
    let f = if gg > 0.0 && gg.is_finite() {
        gv / gg
    } else {
        0.0
    };
    let e = points
        .iter()
        .map(|&(x, v)| {
            let r = f * (-d * x).exp() - v;
            r * r
        })
        .sum::<f64>();
    (f, if e.is_finite() { e } else { f64::INFINITY })
}

/// Least-squares fit of v(x) = F·e^(−D·x) to `points` (x, v), D in −2..=2:
/// F by ∂E/∂F = 0, D by one-dimensional search. `None` without data.
pub fn fit_exp(points: &[(f64, f64)]) -> Option<ExpFit> {
    if points.is_empty() {
        return None;
    }
    let d = minimize(-2.0, 2.0, 800, |d| exp_f(points, d).1);
    Some(ExpFit {
        f: exp_f(points, d).0,
        d,
    })
}

/// The data of one stage as fit points: proved (x, tips) and disproved
/// (x, tips), x = Eval − k.
#[derive(Clone, Debug, Default)]
pub struct StageData {
    /// (margin, tips) of proved problems.
    pub proved: Vec<(f64, f64)>,
    /// (margin, tips) of disproved problems.
    pub disproved: Vec<(f64, f64)>,
}

impl StageData {
    /// The doubled data: proved points mirrored (−x, y), then the disproved.
    pub fn doubled(&self) -> Vec<(f64, f64)> {
        self.proved
            .iter()
            .map(|&(x, y)| (-x, y))
            .chain(self.disproved.iter().copied())
            .collect()
    }
}

/// Groups records by stage, with x = Eval − k by `eval`: its static value,
/// or from `search_from` empties up (0 = never) the value of df-pn⁺'s
/// shallow search ([`h_search_depth`] plies, full window), as `solve`
/// computes h there.
pub fn stage_data(
    records: &[Record],
    eval: &dyn Evaluator,
    search_from: u32,
) -> Vec<(u32, StageData)> {
    let mut by: std::collections::BTreeMap<u32, StageData> = Default::default();
    for r in records {
        let e = r.empties();
        let value = if search_from > 0 && e >= search_from {
            let mut nodes = 0;
            probe_value(
                eval,
                &r.board,
                h_search_depth(e),
                -257,
                257,
                &mut nodes,
                u64::MAX,
            ) as f64
                / 4.0
        } else {
            eval.evaluate(&r.board) as f64
        };
        let x = value - r.k as f64;
        let d = by.entry(r.empties()).or_default();
        if r.proven {
            d.proved.push((x, r.tips as f64));
        } else {
            d.disproved.push((x, r.tips as f64));
        }
    }
    by.into_iter().collect()
}

/// The fits of one stage.
#[derive(Clone, Copy, Debug)]
pub struct StageFit {
    /// Empty squares.
    pub empties: u32,
    /// Proved problems.
    pub proved: usize,
    /// Disproved problems.
    pub disproved: usize,
    /// Mean tips of proved problems.
    pub mean_proved: f64,
    /// Mean tips of disproved problems.
    pub mean_disproved: f64,
    /// h_φ from the proved data (if at least [`MIN_POINTS`]).
    pub phi: Option<SigmoidFit>,
    /// h_δ from the disproved data (if at least [`MIN_POINTS`]).
    pub delta: Option<SigmoidFit>,
    /// h_δ from the doubled data (h_φ = the mirror).
    pub doubled: SigmoidFit,
}

/// Fits every stage with data (stages with no data at all are skipped).
pub fn fit_stages(data: &[(u32, StageData)], loss: Loss) -> Vec<StageFit> {
    let mean = |v: &[(f64, f64)]| {
        if v.is_empty() {
            0.0
        } else {
            v.iter().map(|p| p.1).sum::<f64>() / v.len() as f64
        }
    };
    data.iter()
        .filter_map(|(e, d)| {
            let own = |pts: &[(f64, f64)], pos: bool| {
                if pts.len() >= MIN_POINTS {
                    fit_sigmoid_with(pts, pos, loss)
                } else {
                    None
                }
            };
            Some(StageFit {
                empties: *e,
                proved: d.proved.len(),
                disproved: d.disproved.len(),
                mean_proved: mean(&d.proved),
                mean_disproved: mean(&d.disproved),
                phi: own(&d.proved, false),
                delta: own(&d.disproved, true),
                doubled: fit_sigmoid_with(&d.doubled(), true, loss)?,
            })
        })
        .collect()
}

/// The paper's four variants of h.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Per stage, h_φ from proved and h_δ from disproved data.
    Naive,
    /// Per stage, one sigmoid from the doubled data.
    Doubling,
    /// Naive per stage, then B and C smoothed across stages.
    Smoothing,
    /// Doubling, then smoothing.
    Both,
}

impl Variant {
    /// All four, in the paper's order.
    pub const ALL: [Variant; 4] = [
        Variant::Naive,
        Variant::Doubling,
        Variant::Smoothing,
        Variant::Both,
    ];

    /// `naive`, `doubling`, `smoothing`, `both`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Naive => "naive",
            Variant::Doubling => "doubling",
            Variant::Smoothing => "smoothing",
            Variant::Both => "both",
        }
    }
}

/// (B_φ, C_φ, B_δ, C_δ) of a stage before smoothing: naive takes each side's
/// own fit, falling back to the doubled one where a side has too little data.
fn stage_values(f: &StageFit, variant: Variant) -> (f64, f64, f64, f64) {
    let d = f.doubled;
    match variant {
        Variant::Naive | Variant::Smoothing => {
            let phi = f.phi.unwrap_or(SigmoidFit { c: -d.c, ..d });
            let delta = f.delta.unwrap_or(d);
            (phi.b, phi.c, delta.b, delta.c)
        }
        Variant::Doubling | Variant::Both => (d.b, -d.c, d.b, d.c),
    }
}

/// The parameters of `variant` over the stages of `fits` with cost_φ =
/// `cost_phi`, cost_δ = 0: the fitted stages for naive and doubling (the
/// others take the nearest, see [`HParams::from_stages`]), every stage
/// 0..=60 from the smoothed curves for smoothing and both. Also the
/// smoothing curves (B_φ, |C_φ|, B_δ, C_δ), if any.
pub fn variant_params(
    fits: &[StageFit],
    variant: Variant,
    cost_phi: f64,
    source: &str,
    loss: Loss,
) -> Result<(HParams, Option<[ExpFit; 4]>), HParamsError> {
    let sp = |(b_phi, c_phi, b_delta, c_delta): (f64, f64, f64, f64)| StageParams {
        cost_phi,
        cost_delta: 0.0,
        b_phi: b_phi.clamp(0.0, H_MAX as f64),
        c_phi: -c_phi.abs().clamp(C_MIN, C_MAX),
        b_delta: b_delta.clamp(0.0, H_MAX as f64),
        c_delta: c_delta.abs().clamp(C_MIN, C_MAX),
    };
    match variant {
        Variant::Naive | Variant::Doubling => {
            let stages: Vec<(u32, StageParams)> = fits
                .iter()
                .map(|f| (f.empties, sp(stage_values(f, variant))))
                .collect();
            Ok((HParams::from_stages(&stages, source)?, None))
        }
        Variant::Smoothing | Variant::Both => {
            let base = if variant == Variant::Both {
                Variant::Doubling
            } else {
                Variant::Naive
            };
            let values: Vec<(f64, (f64, f64, f64, f64))> = fits
                .iter()
                .map(|f| (64.0 - f.empties as f64, stage_values(f, base)))
                .collect();
            let curve = |pick: fn(&(f64, f64, f64, f64)) -> f64| {
                let pts: Vec<(f64, f64)> = values.iter().map(|(x, v)| (*x, pick(v))).collect();
                fit_exp_with(&pts, loss).unwrap_or(ExpFit { f: 1.0, d: 0.0 })
            };
            let curves = [
                curve(|v| v.0),
                curve(|v| v.1.abs()),
                curve(|v| v.2),
                curve(|v| v.3.abs()),
            ];
            let stages: Vec<(u32, StageParams)> = (0..STAGES as u32)
                .map(|e| {
                    let x = 64.0 - e as f64;
                    let v = (
                        curves[0].at(x),
                        curves[1].at(x),
                        curves[2].at(x),
                        curves[3].at(x),
                    );
                    let v = (
                        finite_or(v.0, H_MAX as f64),
                        finite_or(v.1, C_MAX),
                        finite_or(v.2, H_MAX as f64),
                        finite_or(v.3, C_MAX),
                    );
                    (e, sp(v))
                })
                .collect();
            Ok((HParams::from_stages(&stages, source)?, Some(curves)))
        }
    }
}

fn finite_or(v: f64, big: f64) -> f64 {
    if v.is_finite() {
        v
    } else {
        big
    }
}

/// `params` with cost_φ set to `cost_phi` at every stage (the experiment's
/// cost = 0 and cost = −1 runs of one fitted h).
pub fn with_cost(params: &HParams, cost_phi: f64, source: &str) -> Result<HParams, HParamsError> {
    let stages: Vec<(u32, StageParams)> = (0..STAGES as u32)
        .map(|e| {
            (
                e,
                StageParams {
                    cost_phi,
                    ..*params.stage(e)
                },
            )
        })
        .collect();
    HParams::from_stages(&stages, source)
}

/// h switched off (B = 0, so h = 1 everywhere) with cost_φ = `cost_phi`: the
/// paper's "only cost".
pub fn cost_only(cost_phi: f64) -> HParams {
    let sp = StageParams {
        cost_phi,
        cost_delta: 0.0,
        b_phi: 0.0,
        c_phi: -1.0,
        b_delta: 0.0,
        c_delta: 1.0,
    };
    // Every field is in range, so this cannot fail.
    HParams::from_stages(&[(0, sp)], "cost only").unwrap_or_else(|_| HParams::provisional())
}

/// A readable summary of the per-stage fits (a Markdown table).
pub fn fits_table(fits: &[StageFit]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "| empties | proved | mean tips | B_φ | C_φ | disproved | mean tips | B_δ | C_δ | doubled B | doubled C |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|---|---|---|---|---|");
    let show = |f: Option<SigmoidFit>| match f {
        Some(f) => (format!("{:.1}", f.b), format!("{:.2}", f.c)),
        None => ("–".to_string(), "–".to_string()),
    };
    for f in fits {
        let (bp, cp) = show(f.phi);
        let (bd, cd) = show(f.delta);
        let _ = writeln!(
            s,
            "| {} | {} | {:.1} | {} | {} | {} | {:.1} | {} | {} | {:.1} | {:.2} |",
            f.empties,
            f.proved,
            f.mean_proved,
            bp,
            cp,
            f.disproved,
            f.mean_disproved,
            bd,
            cd,
            f.doubled.b,
            f.doubled.c
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_solver::board::Board;
    use othello_solver::rng::SplitMix64;

    fn synthetic(b: f64, c: f64, n: usize, noise: f64, seed: u64) -> Vec<(f64, f64)> {
        let mut rng = SplitMix64::new(seed);
        (0..n)
            .map(|_| {
                let x = (rng.below(8001) as f64 - 4000.0) / 100.0;
                let u = rng.below(2001) as f64 / 1000.0 - 1.0;
                let y = b / (1.0 + (-x / c).exp()) + 1.0 + noise * u;
                (x, y)
            })
            .collect()
    }

    #[test]
    fn sigmoid_fit_recovers_b_and_c() {
        for &(b, c) in &[(300.0, 7.0), (40.0, -3.5), (5000.0, -12.0), (2.0, 20.0)] {
            let exact = fit_sigmoid(&synthetic(b, c, 500, 0.0, 1), c > 0.0).unwrap();
            assert!((exact.b - b).abs() < 1e-3 * b, "{exact:?} vs B={b}");
            assert!((exact.c - c).abs() < 1e-3 * c.abs(), "{exact:?} vs C={c}");
            let noisy = fit_sigmoid(&synthetic(b, c, 2000, 0.2 * b, 2), c > 0.0).unwrap();
            assert!((noisy.b - b).abs() < 0.05 * b, "{noisy:?} vs B={b}");
            assert!((noisy.c - c).abs() < 0.1 * c.abs(), "{noisy:?} vs C={c}");
        }
    }

    #[test]
    fn log_loss_fits_recover_b_c_f_d() {
        for &(b, c) in &[(300.0, 7.0), (40.0, -3.5)] {
            let f = fit_sigmoid_with(&synthetic(b, c, 300, 0.0, 4), c > 0.0, Loss::Log).unwrap();
            assert!((f.b - b).abs() < 0.02 * b, "{f:?} vs B={b}");
            assert!((f.c - c).abs() < 0.05 * c.abs(), "{f:?} vs C={c}");
        }
        let pts: Vec<(f64, f64)> = (47..=62)
            .map(|x| (x as f64, 1e9 * (-0.35 * x as f64).exp()))
            .collect();
        let fit = fit_exp_with(&pts, Loss::Log).unwrap();
        assert!(
            (fit.d - 0.35).abs() < 1e-9 && (fit.f - 1e9).abs() < 1e-3,
            "{fit:?}"
        );
    }

    #[test]
    fn sigmoid_fit_keeps_the_sign_of_c() {
        // Decreasing data asked for C > 0: the best increasing sigmoid is
        // flat (large C) or B = 0, never a negative C.
        let pts = synthetic(100.0, -5.0, 300, 0.0, 3);
        let f = fit_sigmoid(&pts, true).unwrap();
        assert!(f.c > 0.0 && f.b >= 0.0, "{f:?}");
    }

    #[test]
    fn exp_fit_recovers_f_and_d() {
        for &(f, d) in &[(1e9, 0.35), (3.0, -0.05), (50.0, 0.0)] {
            let pts: Vec<(f64, f64)> = (47..=62)
                .map(|x| (x as f64, f * (-d * x as f64).exp()))
                .collect();
            let fit = fit_exp(&pts).unwrap();
            assert!((fit.d - d).abs() < 1e-6, "{fit:?}");
            assert!((fit.f - f).abs() < 1e-4 * f, "{fit:?}");
        }
    }

    #[test]
    fn doubling_pools_mirrored_proved_data() {
        let d = StageData {
            proved: vec![(3.0, 10.0)],
            disproved: vec![(-2.0, 4.0)],
        };
        assert_eq!(d.doubled(), vec![(-3.0, 10.0), (-2.0, 4.0)]);
    }

    #[test]
    fn variants_from_synthetic_stages() {
        // Stages 4..=12 with B = 2·1.6^e (e empties), C_δ = 6, doubled.
        let data: Vec<(u32, StageData)> = (4u32..=12)
            .map(|e| {
                let b = 2.0 * 1.6f64.powi(e as i32);
                let pts = synthetic(b, 6.0, 200, 0.0, e as u64);
                let (proved, disproved) = pts.split_at(100);
                let proved = proved.iter().map(|&(x, y)| (-x, y)).collect();
                (
                    e,
                    StageData {
                        proved,
                        disproved: disproved.to_vec(),
                    },
                )
            })
            .collect();
        let fits = fit_stages(&data, Loss::Squares);
        assert_eq!(fits.len(), 9);
        for f in &fits {
            let b = 2.0 * 1.6f64.powi(f.empties as i32);
            assert!((f.doubled.b - b).abs() < 1e-3 * b, "{f:?}");
            assert!((f.phi.unwrap().c + 6.0).abs() < 1e-2, "{f:?}");
        }
        for v in Variant::ALL {
            let (p, curves) = variant_params(&fits, v, -1.0, v.name(), Loss::Squares).unwrap();
            let s = p.stage(8);
            let b = 2.0 * 1.6f64.powi(8);
            assert!((s.b_phi - b).abs() < 1e-2 * b, "{v:?} {s:?}");
            assert!((s.c_delta - 6.0).abs() < 1e-2, "{v:?} {s:?}");
            assert_eq!(s.cost_phi, -1.0);
            assert_eq!(
                curves.is_some(),
                matches!(v, Variant::Smoothing | Variant::Both)
            );
            // Smoothing extrapolates the growth beyond the data.
            if curves.is_some() {
                let b16 = 2.0 * 1.6f64.powi(16);
                assert!((p.stage(16).b_delta - b16).abs() < 1e-2 * b16, "{v:?}");
            } else {
                assert_eq!(p.stage(16), p.stage(12), "nearest fitted stage");
            }
        }
    }

    #[test]
    fn stage_data_takes_x_from_the_shallow_search_from_the_given_stage() {
        use othello_solver::eval::MobilityEvaluator;
        let mut b = Board::start();
        let mut records = Vec::new();
        for sq in ["f5", "d6", "c3", "d3", "c4", "f4"] {
            b = b.play(sq.parse().unwrap()).unwrap();
            records.push(Record {
                board: b,
                k: 1,
                leaf_empties: 0,
                proven: true,
                tips: 5,
                nodes: 9,
                source: "x".into(),
            });
        }
        let eval = MobilityEvaluator;
        let stat = stage_data(&records, &eval, 0);
        let searched = stage_data(&records, &eval, 56);
        for ((e, s), (e2, d)) in stat.iter().zip(&searched) {
            assert_eq!(e, e2);
            let r = records.iter().find(|r| r.empties() == *e).unwrap();
            assert_eq!(s.proved[0].0, eval.evaluate(&r.board) as f64 - 1.0);
            let want = if *e >= 56 {
                let mut n = 0;
                let depth = h_search_depth(*e);
                probe_value(&eval, &r.board, depth, -257, 257, &mut n, u64::MAX) as f64 / 4.0 - 1.0
            } else {
                eval.evaluate(&r.board) as f64 - 1.0
            };
            assert_eq!(d.proved[0].0, want, "{e} empties");
        }
        assert!(stat
            .iter()
            .zip(&searched)
            .any(|(a, b)| a.1.proved != b.1.proved));
    }
}
