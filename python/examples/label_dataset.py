"""Label a dataset of Othello positions with exact game-theoretic values.

Reads games (a WTHOR file or any record file, through the library, or random
legal games), takes every distinct position with at most N empty squares
where the side to move has a move, and labels each with its exact final
disc difference (for the side to move, perfect play) and every best move.
The positions go to the solver as NumPy arrays and the labels come back
as arrays (``othello_solver.solve_arrays``): no record per position crosses
into Python. The rate in positions per second is printed at the end; with
``--compare-batch`` the same positions are also labelled by the command
line's ``batch --jobs N`` for comparison. Writes an NPZ file of NumPy
arrays:

    black, white    uint64 bitboards (bit 0 = a1)
    black_to_move   bool
    empties         int8
    score           int8   the exact score for the side to move
    best_moves      uint64 bitmask of every move reaching it

Examples:

    python label_dataset.py --games ../shared/data/games/wthor/WTH_2022.wtb \\
        --max-empties 14 --out wthor2022-14.npz
    python label_dataset.py --random 500 --max-empties 12 --out random-12.npz \\
        --compare-batch target/release/othello-solver
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

import numpy as np

import othello_solver as osv


def positions_of_games(args):
    if args.games:
        for _id, _moves, positions in osv.read_games(args.games)[: args.limit_games or None]:
            yield from positions
    else:
        rng = random.Random(args.seed)
        for _ in range(args.random):
            p = osv.Position()
            while not p.is_terminal():
                yield p
                moves = p.legal_moves()
                p = p.play(rng.choice(moves)) if moves else p.pass_()


def batch_rate(cli, todo, jobs):
    """Positions per second of the command line's ``batch --jobs N`` on the
    same positions (all best moves, one thread per job, 64 MiB a job)."""
    with tempfile.TemporaryDirectory() as d:
        problems = os.path.join(d, "todo.obf")
        with open(problems, "w") as f:
            f.writelines(f"{p}\n" for p in todo)
        start = time.perf_counter()
        subprocess.run(
            [cli, "batch", problems, "--all-best", "--jobs", str(jobs), "--threads", "1",
             "--hash-mb", "64", "--format", "jsonl", "--output", os.path.join(d, "out.jsonl")],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        return len(todo) / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--games", help="a game-record file (WTHOR .wtb, transcripts, ...)")
    src.add_argument("--random", type=int, help="this many random legal games")
    ap.add_argument("--limit-games", type=int, help="only the first games of --games")
    ap.add_argument("--seed", type=int, default=1, help="seed of --random")
    ap.add_argument("--max-empties", type=int, default=14)
    ap.add_argument("--jobs", type=int, default=None, help="threads (default: every core)")
    ap.add_argument("--out", required=True, help="the .npz file to write")
    ap.add_argument("--compare-batch", metavar="CLI",
                    help="also time the othello-solver binary CLI's batch on the same positions")
    ap.add_argument("--rounds", type=int, default=1,
                    help="with --compare-batch: interleaved rounds of both (medians reported)")
    args = ap.parse_args()

    seen = set()
    todo = []
    for p in positions_of_games(args):
        if p.empties <= args.max_empties and p.legal_moves() and p not in seen:
            seen.add(p)
            todo.append(p)
    print(f"{len(todo)} distinct positions with at most {args.max_empties} empties", file=sys.stderr)

    n = len(todo)
    jobs = args.jobs or os.cpu_count() or 1
    bits, side = osv.to_numpy(todo, "bitboards")
    start = time.perf_counter()
    out = osv.solve_arrays(bits[:, 0], bits[:, 1], side, all_best=True, jobs=jobs, hash_mb=64)
    took = time.perf_counter() - start
    if not out["solved"].all():
        sys.exit(f"{int((~out['solved']).sum())} positions were not solved")
    np.savez_compressed(
        args.out,
        black=bits[:, 0],
        white=bits[:, 1],
        black_to_move=side,
        empties=np.array([p.empties for p in todo], dtype=np.int8),
        score=out["score"].astype(np.int8),
        best_moves=out["best_moves"],
    )
    print(f"array API: {n} positions in {took:.2f} s, {n / took:.0f} positions/s "
          f"({jobs} jobs)", file=sys.stderr)
    if args.compare_batch:
        ours, theirs = [n / took], []
        for r in range(args.rounds):
            theirs.append(batch_rate(args.compare_batch, todo, jobs))
            if r + 1 < args.rounds:
                start = time.perf_counter()
                osv.solve_arrays(bits[:, 0], bits[:, 1], side, all_best=True, jobs=jobs, hash_mb=64)
                ours.append(n / (time.perf_counter() - start))
        a, b = float(np.median(ours)), float(np.median(theirs))
        print(f"{args.rounds} interleaved rounds, medians: array API {a:.0f} positions/s, "
              f"batch --jobs {jobs} {b:.0f} positions/s; the array API at {a / b:.2f}x",
              file=sys.stderr)
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
