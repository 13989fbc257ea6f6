//! The parallel df-pn: N workers answer one question at once on the shared
//! tables, kept apart by virtual proof numbers (the nodes the others are
//! expanding now, [`Busy`]); the first worker to settle the root answers.

use super::busy::Busy;
use super::heuristic::ValueCache;
use super::table::INF;
use super::{Dfpn, Outcome};
use crate::board::Board;
use crate::search::result::TableStats;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Arc;

/// The stack of a parallel df-pn worker thread: the df-pn recursion (one
/// frame per ply above the leaves) and a leaf search below it.
const WORKER_STACK: usize = 64 << 20;

impl Dfpn<'_> {
    /// [`Dfpn::prove`] by [`Dfpn::threads`] workers at once: each a df-pn
    /// of its own from the root on the shared tables (its own handle on the
    /// proof table, its own leaf solver from [`LeafSolver::helper`]), kept
    /// apart by the nodes the others are expanding ([`Busy`]). Every value a
    /// worker stores is true whatever the others do, so the first worker to
    /// settle the root answers and the others stop. `None` when the leaf
    /// solver has no helpers or no worker thread could start (the caller
    /// then searches alone).
    pub(super) fn prove_parallel(&mut self, board: &Board, k: i32) -> Option<Outcome> {
        let n = self.threads;
        let mut leaves = Vec::with_capacity(n);
        for _ in 0..n {
            leaves.push(self.leaf.helper()?);
        }
        let busy = Arc::new(Busy::new());
        let stop = Arc::new(AtomicBool::new(false));
        // 0: no answer; 1: proven; 2: disproven.
        let answer = AtomicU8::new(0);
        let heuristic = self.heuristic;
        let options = self.options;
        let base = self.total_nodes();
        let mut caches = std::mem::take(&mut self.worker_values);
        caches.resize_with(n, || None);
        type Done = (u64, u64, TableStats, Option<Box<ValueCache>>);
        let done: Vec<Done> = std::thread::scope(|s| {
            let mut handles = Vec::with_capacity(n);
            for (i, (mut leaf, values)) in leaves.into_iter().zip(caches).enumerate() {
                let mut table = self.table.share();
                let budget = Arc::clone(&self.budget);
                let (busy, stop, answer) = (Arc::clone(&busy), Arc::clone(&stop), &answer);
                let progress = if i == 0 { self.progress.clone() } else { None };
                let worker = move || {
                    let mut d = Dfpn::within(&mut table, &mut *leaf, heuristic, options, budget);
                    d.threads = 1;
                    d.busy = Some(busy);
                    d.stop = Some(Arc::clone(&stop));
                    d.progress = progress;
                    d.progress_base = base;
                    d.values = values;
                    let known = d.lookup(board, k);
                    let (phi, delta) = d.mid(*board, k, INF, INF, known);
                    let settled = if phi == 0 {
                        1
                    } else if delta == 0 {
                        2
                    } else {
                        0
                    };
                    if settled != 0 {
                        // The first answer stands (all answers agree).
                        let _ =
                            answer.compare_exchange(0, settled, Ordering::SeqCst, Ordering::SeqCst);
                        stop.store(true, Ordering::SeqCst);
                    }
                    // Charge what the budget has not seen yet.
                    let total = d.total_nodes();
                    d.budget.charge(total - d.charged);
                    let (nodes, leaf_nodes, values) = (d.nodes, d.leaf_nodes(), d.values.take());
                    drop(d);
                    (nodes, leaf_nodes, table.stats(), values)
                };
                match std::thread::Builder::new()
                    .name(format!("dfpn-{i}"))
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(s, worker)
                {
                    Ok(h) => handles.push(h),
                    // Fewer workers: the others still answer.
                    Err(_) => break,
                }
            }
            if handles.is_empty() {
                return Vec::new();
            }
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        if done.is_empty() {
            return None;
        }
        for (nodes, leaf_nodes, stats, values) in done {
            self.nodes += nodes;
            self.worker_leaf_nodes += leaf_nodes;
            // The workers charged these to the budget themselves.
            self.charged += nodes + leaf_nodes;
            self.table.absorb(&stats);
            self.worker_values.push(values);
        }
        Some(match answer.load(Ordering::SeqCst) {
            1 => Outcome::Proven,
            2 => Outcome::Disproven,
            _ => {
                // Every worker stopped on a limit.
                self.aborted = true;
                Outcome::Aborted
            }
        })
    }
}
