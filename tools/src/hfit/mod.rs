//! Fitting df-pn⁺'s h (Nagai & Imai, section 4): solve sampled problems with
//! plain df-pn, record the root evaluation margin and the root threshold
//! that sufficed, and fit the sigmoid's B and C per stage by least squares,
//! with the paper's two options, *doubling* and *smoothing*.
//!
//! **The threshold that sufficed** ([`Record::tips`]): after plain df-pn
//! (h = 1, cost = 0) has solved "score ≥ k" at the root, the number of tips
//! of the smallest proof tree (proved) or of the disproof tree (disproved)
//! read off the table (`Dfpn::solution_tips`). With h = 1 and cost = 0 a
//! node's φ (δ) is the number of unsolved tips of its cheapest proof
//! (disproof) tree, so this is the root's φ (δ) once the solution tree is
//! expanded with all its tips still open: the root threshold th_φ (th_δ) the
//! paper reads "by looking at the solution tree". Tips are terminal
//! positions, and leaf hand-overs when the data is solved with
//! `leaf_empties > 0` (then a df-pn node's φ counts hand-overs).
//!
//! **The fit** ([`fit_sigmoid`]): for data (x_i, y_i), x the evaluation's
//! margin over the target (Eval − k), y the tips, minimise
//! E = Σ (B·s_i + 1 − y_i)² with s_i = 1 / (1 + e^(−x_i / C)). For a fixed C,
//! ∂E/∂B = 0 gives B = Σ s_i (y_i − 1) / Σ s_i² (the paper's (7)); C is then
//! a one-dimensional search of E(C) (the paper bisects (8)): a log-spaced
//! grid over |C| ∈ [[`C_MIN`], [`C_MAX`]] and a golden-section refinement
//! around the best grid point. Proved data fit (B_φ, C_φ < 0), disproved
//! data (B_δ, C_δ > 0).
//!
//! **Doubling**: B_φ = B_δ, C_φ = −C_δ; the proved pairs (x, y) join the
//! disproved ones as (−x, y) and one sigmoid is fitted to the union.
//! **Smoothing**: each of B_φ, |C_φ|, B_δ, C_δ (or the doubled B, C) is fitted
//! across the stages by F·e^(−D·discs) ([`fit_exp`]: F in closed form, D by
//! the same one-dimensional search), and the curve gives every stage 0..=60
//! empties (extrapolating beyond the data; B capped at 2²⁰, C kept in
//! [`C_MIN`]..=[`C_MAX`]).

//!
//! The parts: [`data`] (the fit-h data file: [`Record`], one line per solved
//! problem), [`solve`] (the df-pn [`Solver`] a worker thread solves with,
//! the problems and the per-thread solver pool [`par_solve`]) and [`fit`]
//! (the curve fitting and the h parameters it gives).

pub mod data;
pub mod fit;
pub mod solve;

pub use data::*;
pub use fit::*;
pub use solve::*;
