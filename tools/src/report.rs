//! The training report (Markdown), written beside the weights
//! (`weights/eval.md` for the shipped ones) and, with `--report`, elsewhere.

use crate::train::{Dataset, Evaluation, TrainOptions, TrainResult};
use othello_solver::eval::patterns::FIRST_STAGE_DISCS;
use othello_solver::eval::{TrainingMeta, NUM_STAGES};
use std::fmt::Write;

/// Run facts that are not part of the fit itself.
#[derive(Clone, Debug, Default)]
pub struct RunFacts {
    /// Seconds reading and replaying the records.
    pub read_seconds: f64,
    /// Seconds of the whole run.
    pub total_seconds: f64,
    /// Peak resident memory in bytes, if known.
    pub peak_rss: Option<u64>,
    /// Held-out metrics of the quantised weights as written.
    pub quantized: Evaluation,
    /// Size of the weights file in bytes.
    pub file_bytes: usize,
    /// The command line.
    pub command: String,
}

fn f(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.2}")
    } else {
        "–".to_string()
    }
}

/// Renders the report.
pub fn render(
    meta: &TrainingMeta,
    opts: &TrainOptions,
    ds: &Dataset,
    result: &TrainResult,
    facts: &RunFacts,
) -> String {
    let mut s = String::new();
    let e = &result.eval;
    let q = &facts.quantized;
    let _ = writeln!(s, "# Pattern evaluation: training report\n");
    let _ = writeln!(s, "Written by `othello-tools train` on {}.\n", meta.date);
    let _ = writeln!(s, "Command: `{}`\n", facts.command);
    let _ = writeln!(s, "## Data\n");
    for d in &meta.data {
        let _ = writeln!(s, "- {d}");
    }
    let _ = writeln!(
        s,
        "\nTraining games: {}; held-out games: {} (never trained on); training positions: {}; held-out positions: {}.\n",
        ds.train_games,
        ds.heldout_games,
        ds.train_positions(),
        e.heldout_all.n
    );
    if ds.heldout_games == 0 {
        let _ = writeln!(
            s,
            "No games are held out (none is of the held-out years): the held-out measures below are empty (–).\n"
        );
    }
    let _ = writeln!(s, "{}\n", meta.notes);
    let _ = writeln!(s, "## Summary\n");
    let _ = writeln!(
        s,
        "| measure | value |\n|---|---|\n\
         | held-out MAE at 24 empties vs perfect-play score ({} positions), weights as written (i16) | {} |\n\
         | same, unquantised (f32) | {} |\n\
         | held-out MAE, all stages, vs game result (i16) | {} |\n\
         | held-out RMSE, all stages, vs game result (i16) | {} |\n\
         | held-out MAE, all stages, vs game result (f32) | {} |\n\
         | held-out MAE vs exact score, labelled positions ({}) (i16) | {} |\n\
         | weights file | {} bytes |\n\
         | reading + replaying records | {:.1} s |\n\
         | fitting (all fits, incl. ablation) | {:.1} s |\n\
         | whole run | {:.1} s |\n\
         | peak memory (VmHWM) | {} |",
        q.heldout_theoretical.n,
        f(q.heldout_theoretical.mae),
        f(e.heldout_theoretical.mae),
        f(q.heldout_all.mae),
        f(q.heldout_all.rmse),
        f(e.heldout_all.mae),
        q.heldout_exact_all.n,
        f(q.heldout_exact_all.mae),
        facts.file_bytes,
        facts.read_seconds,
        result.fit_seconds,
        facts.total_seconds,
        facts
            .peak_rss
            .map(|b| format!("{:.0} MiB", b as f64 / (1024.0 * 1024.0)))
            .unwrap_or_else(|| "unknown".into())
    );
    let _ = writeln!(s, "\n## Variants (held-out games)\n");
    let _ = writeln!(
        s,
        "Each row is measured on the same held-out games. The weights written are the \
         variant with rare handling {} and smoothing {}.\n",
        if opts.rare_threshold > 0 { "on" } else { "off" },
        if opts.smooth { "on" } else { "off" }
    );
    let _ = writeln!(
        s,
        "| variant | MAE all stages | RMSE all stages | MAE 24 empties vs perfect play | MAE stage 27 (40 discs) vs result | MAE stage 10 (23 discs) vs result | MAE stage 45 (58 discs) vs result |\n|---|---|---|---|---|---|---|"
    );
    for (name, v) in &result.variants {
        let _ = writeln!(
            s,
            "| {name} | {} | {} | {} | {} | {} | {} |",
            f(v.heldout_all.mae),
            f(v.heldout_all.rmse),
            f(v.heldout_theoretical.mae),
            f(v.heldout[27].mae),
            f(v.heldout[10].mae),
            f(v.heldout[45].mae)
        );
    }
    let _ = writeln!(
        s,
        "\n## Per stage (weights as written; errors vs game result except the exact column)\n"
    );
    let _ = writeln!(
        s,
        "| stage | discs | empties | train positions | train MAE | train RMSE | held-out positions | held-out MAE | held-out RMSE | held-out MAE vs exact (positions) | CG iterations | residual | rare configs split | fit s |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    );
    for st in 0..NUM_STAGES {
        let tr = q.train.get(st).copied().unwrap_or_default();
        let ho = q.heldout.get(st).copied().unwrap_or_default();
        let fit = result.fits.get(st).copied().unwrap_or_default();
        let ex = q.heldout_exact.get(st).copied().unwrap_or_default();
        let exact = if ex.n > 0 {
            format!("{} ({})", f(ex.mae), ex.n)
        } else {
            "–".to_string()
        };
        let _ = writeln!(
            s,
            "| {st} | {} | {} | {} | {} | {} | {} | {} | {} | {exact} | {} | {:.1e} | {} | {:.1} |",
            st + FIRST_STAGE_DISCS as usize,
            64 - FIRST_STAGE_DISCS as usize - st,
            tr.n,
            f(tr.mae),
            f(tr.rmse),
            ho.n,
            f(ho.mae),
            f(ho.rmse),
            fit.iterations,
            fit.rel_residual,
            fit.rare_split,
            fit.seconds
        );
    }
    let _ = writeln!(
        s,
        "\nOptions: rare threshold {} (a canonical configuration seen fewer times than this among one stage's training positions is split, see tools/src/rare.rs), smoothing {}, target {:?}, ridge λ {}, CG at most {} iterations or residual {:.0e}.",
        opts.rare_threshold,
        if opts.smooth { "on" } else { "off" },
        opts.target,
        opts.cg.ridge,
        opts.cg.max_iter,
        opts.cg.tol
    );
    s
}

/// Peak resident set size of this process (Linux `VmHWM`), in bytes.
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The current UTC time as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil-from-days (H. Hinnant).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        (rem / 60) % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn date_format() {
        let d = super::utc_now();
        assert_eq!(d.len(), 20);
        assert!(d.starts_with("20"));
        assert!(d.ends_with('Z'));
    }
}
