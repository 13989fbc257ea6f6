//! Where the alpha-beta tree's nodes go, per position of a problem file:
//! the default exact solve (one best move and the PV, the embedded
//! evaluation, the selective ladder, one thread, a fresh 256 MiB table per
//! position, as `othello-solver bench --file FILE --threads 1` solves), with
//! the node-kind counters of the `stats` feature.
//!
//! `cargo run --release --features stats --example tree_stats -- FILE [--hash-mb N] [--wld]`
//!
//! With `--wld` the question is win/draw/loss (one proving move), as
//! `bench --file FILE --wld` asks it; the score column then holds the
//! proven lower bound, and the ladder and root-window columns stay 0
//! (they count the MTD(f) windows of an exact solve).
//!
//! Columns: nodes (as `bench` counts them); the share of the table-driven
//! nodes (more than 8 empties), of the ordering probes' positions, of
//! ProbCut's probes, and of the last-N solver (the rest, less the root's
//! probes, which the totals show); the share of the
//! nodes spent in the selective ladder's searches; MTD(f) null windows at
//! the root per level (three selective, then exact); the share of
//! table-driven nodes that searched moves without a table move; and the
//! share of fail-high nodes whose first move did not cut. Then, summed
//! over the file, the table-driven nodes by number of empties, with, of
//! the exact search's nodes that searched moves (the ladder's left out),
//! the moves each searched, how many failed high (and how often their
//! first move cut) and how many failed low: where a proof's tree widens
//! (a cut node whose first move fails pays for a refutation below it).

use othello_solver::formats::problem::read_problem_file;
use othello_solver::search::alphabeta::stats::{total, Stats, LEVELS};
use othello_solver::search::alphabeta::Searcher;
use othello_solver::search::{Limits, Mode};
use std::path::PathBuf;

fn pct(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut file = None;
    let mut hash_mb = 256usize;
    let mut mode = Mode::Exact;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--hash-mb" => {
                hash_mb = it
                    .next()
                    .ok_or_else(|| anyhow::anyhow!("--hash-mb needs a number"))?
                    .parse()?;
            }
            "--wld" => mode = Mode::Wld,
            _ if file.is_none() => file = Some(PathBuf::from(a)),
            _ => anyhow::bail!("usage: tree_stats FILE [--hash-mb N] [--wld]"),
        }
    }
    let file =
        file.ok_or_else(|| anyhow::anyhow!("usage: tree_stats FILE [--hash-mb N] [--wld]"))?;
    let problems = read_problem_file(&file)?
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
    println!(
        "| line | score | nodes | table-driven | ordering probes | ProbCut probes | last-N | in the ladder | root windows (l0/l1/l2/exact) | no table move | first move failed to cut |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|");
    let mut sum = Stats::default();
    let mut all_nodes = 0u64;
    for p in &problems {
        let mut s = Searcher::new(hash_mb);
        s.use_embedded_evaluator()?;
        let r = s.solve(&p.position.board, mode, Limits::default());
        let st = s.stats().clone();
        let deep = total(&st.deep);
        let probe = total(&st.probe_nodes);
        let probcut = total(&st.probcut_nodes);
        let last_n = r
            .nodes
            .saturating_sub(deep + probe + probcut + st.root_probe_nodes);
        let ladder: u64 = st.level_nodes[..LEVELS - 1].iter().sum();
        let windows: Vec<String> = st.root_windows.iter().map(u64::to_string).collect();
        let fh = total(&st.fail_high);
        let late = fh - total(&st.first_move_cut);
        let searched = total(&st.with_table_move) + total(&st.without_table_move);
        println!(
            "| {} | {:+} | {} | {:.1} % | {:.1} % | {:.1} % | {:.1} % | {:.1} % | {} | {:.1} % | {:.1} % |",
            p.line,
            r.lower,
            r.nodes,
            pct(deep, r.nodes),
            pct(probe, r.nodes),
            pct(probcut, r.nodes),
            pct(last_n, r.nodes),
            pct(ladder, r.nodes),
            windows.join("/"),
            pct(total(&st.without_table_move), searched),
            pct(late, fh),
        );
        all_nodes += r.nodes;
        sum.add(&st);
    }
    let deep = total(&sum.deep);
    let probe = total(&sum.probe_nodes);
    let probcut = total(&sum.probcut_nodes);
    let root = sum.root_probe_nodes;
    let last_n = all_nodes - deep - probe - probcut - root;
    println!();
    println!("total nodes: {all_nodes}");
    println!(
        "table-driven {deep} ({:.1} %), ordering probes {probe} ({:.1} %), ProbCut probes {probcut} ({:.1} %), root probes {root} ({:.1} %), last-N {last_n} ({:.1} %)",
        pct(deep, all_nodes),
        pct(probe, all_nodes),
        pct(probcut, all_nodes),
        pct(root, all_nodes),
        pct(last_n, all_nodes)
    );
    println!();
    println!("| level | root windows | nodes in its root searches | table-driven nodes | table cuts | ETC cuts | ProbCut cuts | stability cuts | with table move | without | fail high | first move cut | table move cut | moves before a late cut | PVS re-searches |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for l in 0..LEVELS {
        let name = if l + 1 == LEVELS {
            "exact".to_string()
        } else {
            format!("selective {l}")
        };
        println!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            sum.root_windows[l],
            sum.level_nodes[l],
            sum.deep[l],
            sum.table_cut[l],
            sum.etc_cut[l],
            sum.probcut_cut[l],
            sum.stability_cut[l],
            sum.with_table_move[l],
            sum.without_table_move[l],
            sum.fail_high[l],
            sum.first_move_cut[l],
            sum.table_move_cut[l],
            sum.late_cut_moves[l],
            sum.pvs_research[l],
        );
    }
    println!();
    println!("| empties | table-driven nodes | share | exact: searched moves | moves each | fail high | first move cut | fail low |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for e in (9..65).rev() {
        let n = sum.deep_by_empties[e];
        if n > 0 {
            let searched = sum.searched_by_empties[e];
            let fh = sum.fail_high_by_empties[e];
            let fl = sum.fail_low_by_empties[e];
            println!(
                "| {e} | {n} | {:.2} % | {searched} | {:.2} | {fh} | {:.1} % | {fl} ({:.1} %) |",
                pct(n, deep),
                sum.moves_by_empties[e] as f64 / searched.max(1) as f64,
                pct(sum.first_move_cut_by_empties[e], fh),
                pct(fl, searched),
            );
        }
    }
    Ok(())
}
