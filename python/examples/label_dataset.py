"""Label a dataset of Othello positions with exact game-theoretic values.

Reads games (a WTHOR file or any record file, through the library, or random
legal games), takes every distinct position with at most N empty squares
where the side to move has a move, and labels each with its exact final
disc difference (for the side to move, perfect play) and every best move.
Writes an NPZ file of NumPy arrays:

    black, white    uint64 bitboards (bit 0 = a1)
    black_to_move   bool
    empties         int8
    score           int8   the exact score for the side to move
    best_moves      uint64 bitmask of every move reaching it

Examples:

    python label_dataset.py --games ../shared/data/games/wthor/WTH_2022.wtb \\
        --max-empties 14 --out wthor2022-14.npz
    python label_dataset.py --random 500 --max-empties 12 --out random-12.npz
"""

import argparse
import random
import sys
import time

import numpy as np

import othello_solver as osv


def square_bit(name):
    return 1 << ((ord(name[0]) - ord("a")) + 8 * (int(name[1]) - 1))


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


def progress(done, total, start):
    if not sys.stderr.isatty():
        return
    rate = done / max(time.time() - start, 1e-9)
    bar = "#" * int(30 * done / max(total, 1))
    sys.stderr.write(f"\r[{bar:<30}] {done}/{total} positions, {rate:.0f}/s")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


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
    args = ap.parse_args()

    seen = set()
    todo = []
    for p in positions_of_games(args):
        if p.empties <= args.max_empties and p.legal_moves() and p not in seen:
            seen.add(p)
            todo.append(p)
    print(f"{len(todo)} distinct positions with at most {args.max_empties} empties", file=sys.stderr)

    n = len(todo)
    score = np.zeros(n, dtype=np.int8)
    best = np.zeros(n, dtype=np.uint64)
    start = time.time()
    for i, r in enumerate(osv.solve_many(todo, all_best=True, jobs=args.jobs)):
        if r.status != "solved":
            sys.exit(f"position {todo[i]} was not solved")
        score[i] = r.score
        best[i] = sum(square_bit(m) for m in r.best_moves)
        progress(i + 1, n, start)
    bits, side = osv.to_numpy(todo, "bitboards")
    np.savez_compressed(
        args.out,
        black=bits[:, 0],
        white=bits[:, 1],
        black_to_move=side,
        empties=np.array([p.empties for p in todo], dtype=np.int8),
        score=score,
        best_moves=best,
    )
    print(f"wrote {args.out}: {n} positions in {time.time() - start:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
