//! Sparse least squares by preconditioned conjugate gradient.
//!
//! Solves `min ‖A w − y‖² + λ‖w‖²` through the normal equations
//! `(AᵀA + λI) w = Aᵀy`, where every row of the design `A` is a short list of
//! column indices with coefficient 1 (a position touches a few dozen
//! pattern weights; a column listed twice counts twice). The preconditioner
//! is diagonal (Jacobi) scaling by `diag(AᵀA) + λ`, which is the number of
//! times each weight occurs plus λ. `A w` and `Aᵀ r` run in parallel with
//! rayon over blocks of rows; every sum is cut into fixed pieces added in
//! order, so a fit does not depend on the thread count or the scheduling.

use rayon::prelude::*;

/// Rows per parallel block.
const BLOCK: usize = 4096;

/// Fixed pieces of the parallel sums (`Aᵀ r`, dot products): their number
/// and bounds never depend on the thread count, and the pieces are added in
/// order, so a fit is reproducible to the bit.
const GROUPS: usize = 32;

/// A sparse 0/1 design matrix in compressed rows.
#[derive(Clone, Debug, Default)]
pub struct SparseDesign {
    offsets: Vec<usize>,
    cols: Vec<u32>,
    ncols: usize,
}

impl SparseDesign {
    /// An empty design with `ncols` columns.
    pub fn new(ncols: usize) -> SparseDesign {
        SparseDesign {
            offsets: vec![0],
            cols: Vec::new(),
            ncols,
        }
    }

    /// Appends a row with a 1 in each listed column. Panics if a column is
    /// out of range (a caller bug, not input).
    pub fn push_row(&mut self, cols: &[u32]) {
        for &c in cols {
            assert!((c as usize) < self.ncols, "column {c} out of range");
        }
        self.cols.extend_from_slice(cols);
        self.offsets.push(self.cols.len());
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of columns.
    pub fn ncols(&self) -> usize {
        self.ncols
    }

    /// The columns of row `i`.
    #[inline]
    pub fn row(&self, i: usize) -> &[u32] {
        &self.cols[self.offsets[i]..self.offsets[i + 1]]
    }

    /// `A w`.
    pub fn mul(&self, w: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; self.rows()];
        out.par_chunks_mut(BLOCK)
            .enumerate()
            .for_each(|(b, chunk)| {
                for (j, o) in chunk.iter_mut().enumerate() {
                    *o = self.row(b * BLOCK + j).iter().map(|&c| w[c as usize]).sum();
                }
            });
        out
    }

    /// `Aᵀ r`. The rows are cut into `GROUPS` fixed ranges whatever the
    /// number of threads, and the ranges' partial sums are added in order,
    /// so the result (and every fit built on it) is the same to the bit on
    /// every run, whatever the number of threads.
    pub fn mul_transpose(&self, r: &[f64]) -> Vec<f64> {
        let per_group = self.rows().div_ceil(GROUPS).max(1);
        let partials: Vec<Vec<f64>> = (0..GROUPS)
            .into_par_iter()
            .map(|g| {
                let mut acc = vec![0.0; self.ncols];
                let start = (g * per_group).min(self.rows());
                let end = ((g + 1) * per_group).min(self.rows());
                for (i, &ri) in r.iter().enumerate().take(end).skip(start) {
                    for &c in self.row(i) {
                        acc[c as usize] += ri;
                    }
                }
                acc
            })
            .collect();
        let mut out = vec![0.0; self.ncols];
        for part in &partials {
            for (x, y) in out.iter_mut().zip(part) {
                *x += y;
            }
        }
        out
    }

    /// How many times each column occurs (the diagonal of AᵀA).
    pub fn column_counts(&self) -> Vec<f64> {
        let mut d = vec![0.0; self.ncols];
        for &c in &self.cols {
            d[c as usize] += 1.0;
        }
        d
    }
}

/// Options of [`solve`].
#[derive(Clone, Copy, Debug)]
pub struct CgOptions {
    /// Ridge λ (≥ 0). With λ = 0 a column that never occurs stays at 0.
    pub ridge: f64,
    /// Iteration cap.
    pub max_iter: usize,
    /// Stop when the residual of the normal equations has shrunk by this factor.
    pub tol: f64,
}

impl Default for CgOptions {
    fn default() -> Self {
        CgOptions {
            ridge: 1.0,
            max_iter: 200,
            tol: 1e-4,
        }
    }
}

/// How a solve ended.
#[derive(Clone, Copy, Debug)]
pub struct CgOutcome {
    /// Iterations run.
    pub iterations: usize,
    /// ‖r‖ / ‖r₀‖ at the end (normal-equations residual).
    pub rel_residual: f64,
}

/// Solves the ridge least-squares problem from `w = 0`. `progress` is
/// called after every iteration with (iteration, relative residual).
pub fn solve(
    a: &SparseDesign,
    y: &[f64],
    opts: CgOptions,
    mut progress: impl FnMut(usize, f64),
) -> (Vec<f64>, CgOutcome) {
    assert_eq!(a.rows(), y.len(), "one target per row");
    let n = a.ncols();
    let mut w = vec![0.0; n];
    let diag: Vec<f64> = a.column_counts().iter().map(|d| d + opts.ridge).collect();
    // Columns that never occur (and λ = 0) get no preconditioning and no
    // update: their residual is 0.
    let inv_diag: Vec<f64> = diag
        .iter()
        .map(|&d| if d > 0.0 { 1.0 / d } else { 0.0 })
        .collect();
    let mut r = a.mul_transpose(y);
    let r0 = norm(&r);
    if r0 == 0.0 {
        return (
            w,
            CgOutcome {
                iterations: 0,
                rel_residual: 0.0,
            },
        );
    }
    let mut z: Vec<f64> = r.iter().zip(&inv_diag).map(|(r, m)| r * m).collect();
    let mut p = z.clone();
    let mut rz = dot(&r, &z);
    let mut it = 0;
    let mut rel = 1.0;
    while it < opts.max_iter && rel > opts.tol {
        let ap = a.mul(&p);
        let mut q = a.mul_transpose(&ap);
        for (qi, pi) in q.iter_mut().zip(&p) {
            *qi += opts.ridge * pi;
        }
        let pq = dot(&p, &q);
        if pq <= 0.0 {
            break;
        }
        let alpha = rz / pq;
        w.par_iter_mut()
            .zip(&p)
            .for_each(|(wi, pi)| *wi += alpha * pi);
        r.par_iter_mut()
            .zip(&q)
            .for_each(|(ri, qi)| *ri -= alpha * qi);
        z.par_iter_mut()
            .zip(r.par_iter().zip(&inv_diag))
            .for_each(|(zi, (ri, mi))| *zi = ri * mi);
        let rz_new = dot(&r, &z);
        let beta = rz_new / rz;
        rz = rz_new;
        p.par_iter_mut()
            .zip(&z)
            .for_each(|(pi, zi)| *pi = zi + beta * *pi);
        it += 1;
        rel = norm(&r) / r0;
        progress(it, rel);
    }
    (
        w,
        CgOutcome {
            iterations: it,
            rel_residual: rel,
        },
    )
}

/// `a · b`, summed in fixed pieces (see [`GROUPS`]) added in order.
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let per_group = a.len().div_ceil(GROUPS).max(1);
    let partials: Vec<f64> = a
        .par_chunks(per_group)
        .zip(b.par_chunks(per_group))
        .map(|(x, y)| x.iter().zip(y).map(|(x, y)| x * y).sum::<f64>())
        .collect();
    partials.iter().sum()
}

fn norm(a: &[f64]) -> f64 {
    dot(a, a).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_solver::rng::SplitMix64;

    /// A random sparse design whose exact solution is known: y = A w*.
    #[test]
    fn recovers_exact_solution() {
        let mut rng = SplitMix64::new(42);
        let ncols = 300;
        let mut a = SparseDesign::new(ncols);
        let truth: Vec<f64> = (0..ncols)
            .map(|_| rng.below(2001) as f64 / 100.0 - 10.0)
            .collect();
        let mut y = Vec::new();
        for _ in 0..5000 {
            let k = 3 + rng.below(8) as usize;
            let cols: Vec<u32> = (0..k).map(|_| rng.below(ncols as u64) as u32).collect();
            y.push(cols.iter().map(|&c| truth[c as usize]).sum());
            a.push_row(&cols);
        }
        let opts = CgOptions {
            ridge: 0.0,
            max_iter: 2000,
            tol: 1e-13,
        };
        let (w, out) = solve(&a, &y, opts, |_, _| {});
        let err = w
            .iter()
            .zip(&truth)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        assert!(
            err < 1e-6,
            "max error {err} after {} iterations",
            out.iterations
        );
    }

    /// The fit is the same to the bit at one thread and at three or four:
    /// the parallel sums never depend on how rayon splits the work. (The
    /// `unwrap` is on building a small thread pool, not on input.)
    #[test]
    fn same_bits_at_any_thread_count() {
        let mut rng = SplitMix64::new(11);
        let ncols = 2000;
        let mut a = SparseDesign::new(ncols);
        let mut y = Vec::new();
        for _ in 0..150_000 {
            let cols: Vec<u32> = (0..6).map(|_| rng.below(ncols as u64) as u32).collect();
            a.push_row(&cols);
            y.push(rng.below(129) as f64 / 3.0 - 21.0);
        }
        let opts = CgOptions {
            ridge: 1.0,
            max_iter: 40,
            tol: 1e-15,
        };
        let fit = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| solve(&a, &y, opts, |_, _| {}).0)
        };
        let one: Vec<u64> = fit(1).iter().map(|x| x.to_bits()).collect();
        for threads in [3, 4] {
            let many: Vec<u64> = fit(threads).iter().map(|x| x.to_bits()).collect();
            assert!(one == many, "{threads} threads fit other bits than one");
        }
    }

    /// With a ridge, the answer is the ridge solution: check the normal
    /// equations directly.
    #[test]
    fn ridge_solution_satisfies_normal_equations() {
        let mut rng = SplitMix64::new(7);
        let ncols = 50;
        let mut a = SparseDesign::new(ncols + 5); // 5 columns never used
        let mut y = Vec::new();
        for _ in 0..400 {
            let cols: Vec<u32> = (0..4).map(|_| rng.below(ncols as u64) as u32).collect();
            a.push_row(&cols);
            y.push(rng.below(129) as f64 - 64.0);
        }
        let opts = CgOptions {
            ridge: 2.5,
            max_iter: 1000,
            tol: 1e-12,
        };
        let (w, _) = solve(&a, &y, opts, |_, _| {});
        let aw = a.mul(&w);
        let res: Vec<f64> = aw.iter().zip(&y).map(|(p, t)| p - t).collect();
        let g = a.mul_transpose(&res);
        for (i, gi) in g.iter().enumerate() {
            assert!((gi + 2.5 * w[i]).abs() < 1e-6, "column {i}");
        }
        assert!(w[ncols..].iter().all(|&x| x == 0.0));
    }
}
