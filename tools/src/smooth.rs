//! Smoothing across stages: each configuration's values (one per stage) are replaced by
//! a quartic in the stage, fitted by least squares with the configuration's
//! frequency at each stage as the weight (the df-pn⁺ paper, section 3).
//!
//! A configuration seen at fewer than five stages gets a polynomial of
//! lower degree (one less than the number of stages it was seen at); one
//! never seen keeps its values. The polynomial is not extrapolated: before
//! the first and after the last stage where the configuration was seen, it
//! is held at its value there, and it is clamped to the range of the seen
//! values (a quartic through a few stages can swing far outside them). Mirror-image configurations share a weight,
//! so they are smoothed once and written to both.

use othello_solver::eval::{Family, FAMILIES, NUM_STAGES, STAGE_WEIGHTS};
use rayon::prelude::*;

/// Smooths `tables` (stage-major, `NUM_STAGES × STAGE_WEIGHTS`, in discs)
/// with `counts` (same shape: occurrences of each configuration's canonical
/// form among the training positions of that stage). Parity (the stage
/// bias) is left alone.
pub fn smooth(tables: &mut [f32], counts: &[u32]) {
    assert_eq!(tables.len(), NUM_STAGES * STAGE_WEIGHTS);
    assert_eq!(counts.len(), tables.len());
    let jobs: Vec<(usize, usize)> = FAMILIES
        .iter()
        .filter(|&&f| f != Family::Parity)
        .flat_map(|&f| {
            (0..f.configs())
                .filter(move |&c| f.canonical(c) == c)
                .map(move |c| (f.offset() + c, f.offset() + f.mirrored(c)))
        })
        .collect();
    let fitted: Vec<Option<[f32; NUM_STAGES]>> = jobs
        .par_iter()
        .map(|&(i, _)| {
            let v: Vec<f64> = (0..NUM_STAGES)
                .map(|s| tables[s * STAGE_WEIGHTS + i] as f64)
                .collect();
            let n: Vec<f64> = (0..NUM_STAGES)
                .map(|s| counts[s * STAGE_WEIGHTS + i] as f64)
                .collect();
            weighted_poly(&v, &n)
        })
        .collect();
    for (&(i, m), f) in jobs.iter().zip(fitted) {
        if let Some(vals) = f {
            for (s, &v) in vals.iter().enumerate() {
                tables[s * STAGE_WEIGHTS + i] = v;
                tables[s * STAGE_WEIGHTS + m] = v;
            }
        }
    }
}

/// The weighted least-squares polynomial (degree ≤ 4) through `values` at
/// every stage, evaluated at every stage; `None` if every weight is 0.
pub fn weighted_poly(values: &[f64], weights: &[f64]) -> Option<[f32; NUM_STAGES]> {
    let seen = weights.iter().filter(|&&w| w > 0.0).count();
    if seen == 0 {
        return None;
    }
    let deg = (seen - 1).min(4);
    let k = deg + 1;
    let x = |s: usize| (s as f64 - 25.5) / 25.5;
    // Normal equations M c = b, M = Σ w xᵖ⁺q, b = Σ w v xᵖ.
    let mut m = [[0.0f64; 5]; 5];
    let mut b = [0.0f64; 5];
    for s in 0..values.len() {
        let w = weights[s];
        if w <= 0.0 {
            continue;
        }
        let mut pw = [1.0f64; 9];
        for p in 1..9 {
            pw[p] = pw[p - 1] * x(s);
        }
        for p in 0..k {
            b[p] += w * values[s] * pw[p];
            for q in 0..k {
                m[p][q] += w * pw[p + q];
            }
        }
    }
    let c = solve_small(&mut m, &mut b, k)?;
    // No extrapolation: outside the stages where the configuration was seen
    // the value is held at the nearest seen stage's, and every value stays
    // within the range of the seen values.
    let first = weights.iter().position(|&w| w > 0.0)?;
    let last = weights.iter().rposition(|&w| w > 0.0)?;
    let (lo, hi) = (first..=last)
        .filter(|&s| weights[s] > 0.0)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), s| {
            (lo.min(values[s]), hi.max(values[s]))
        });
    let mut out = [0.0f32; NUM_STAGES];
    for (s, o) in out.iter_mut().enumerate() {
        let xs = x(s.clamp(first, last));
        let mut v = 0.0;
        let mut p = 1.0;
        for ci in c.iter().take(k) {
            v += ci * p;
            p *= xs;
        }
        *o = v.clamp(lo, hi) as f32;
    }
    Some(out)
}

/// Gaussian elimination with partial pivoting on the leading k×k block.
pub(crate) fn solve_small(m: &mut [[f64; 5]; 5], b: &mut [f64; 5], k: usize) -> Option<[f64; 5]> {
    for col in 0..k {
        let piv = (col..k).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[piv][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, piv);
        b.swap(col, piv);
        for row in col + 1..k {
            let f = m[row][col] / m[col][col];
            let pivot_row = m[col];
            for (x, p) in m[row].iter_mut().zip(pivot_row).take(k).skip(col) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0f64; 5];
    for row in (0..k).rev() {
        let mut s = b[row];
        for c in row + 1..k {
            s -= m[row][c] * x[c];
        }
        x[row] = s / m[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartic_is_reproduced_exactly() {
        let f = |s: usize| {
            let x = s as f64 / 10.0;
            1.0 - 2.0 * x + 0.5 * x * x - 0.1 * x * x * x + 0.01 * x * x * x * x
        };
        let v: Vec<f64> = (0..NUM_STAGES).map(f).collect();
        let w: Vec<f64> = (0..NUM_STAGES).map(|s| 1.0 + (s % 3) as f64).collect();
        let out = weighted_poly(&v, &w).expect("fits");
        for s in 0..NUM_STAGES {
            assert!((out[s] as f64 - v[s]).abs() < 1e-3, "stage {s}");
        }
    }

    #[test]
    fn weights_decide() {
        // Seen at one stage only: a constant through that value.
        let mut v = vec![0.0; NUM_STAGES];
        let mut w = vec![0.0; NUM_STAGES];
        v[10] = 3.0;
        w[10] = 5.0;
        v[11] = 100.0; // weight 0: ignored
        let out = weighted_poly(&v, &w).expect("fits");
        assert!(out.iter().all(|&x| (x - 3.0).abs() < 1e-5));
        // Seen at stages 20–24 only, rising steeply: held flat outside.
        let mut v = vec![0.0; NUM_STAGES];
        let mut w = vec![0.0; NUM_STAGES];
        for s in 20..25 {
            v[s] = (s as f64 - 20.0).powi(3);
            w[s] = 1.0;
        }
        let out = weighted_poly(&v, &w).expect("fits");
        assert!((out[0] - out[20]).abs() < 1e-6 && (out[51] - out[24]).abs() < 1e-6);
        assert!(out
            .iter()
            .all(|&x| (-1e-6..=64.0 + 1e-6).contains(&(x as f64))));
        assert!(weighted_poly(&v, &[0.0; NUM_STAGES]).is_none());
    }
}
