#!/usr/bin/env python3
"""Per position, the spread of the time ratio over repeated side-by-side rounds.

    python3 summary.py DIR      (DIR holds round-*.txt, each the output of
                                 scripts/ffo-vs-edax.sh on the same lines)

Prints the Markdown table quoted in docs/benchmarks.md.
"""
import glob
import os
import statistics as st
import sys

rows = {}
for f in sorted(glob.glob(os.path.join(sys.argv[1], 'round-*.txt'))):
    for line in open(f):
        p = line.split()
        if len(p) > 10 and p[0].isdigit() and p[2] == '|':
            rows.setdefault(int(p[1]), []).append((float(p[7]), float(p[13]), float(p[-1])))
print('| FFO | rounds | ours s (min–max) | Edax s (min–max) | time ÷ Edax by round (min–median–max) | summed time ÷ Edax | rounds above 1.0× |')
print('|---|---:|---|---|---|---:|---:|')
for ffo in sorted(rows):
    r = rows[ffo]
    o, e, q = [x[0] for x in r], [x[1] for x in r], [x[2] for x in r]
    print(f'| #{ffo} | {len(r)} | {min(o):.3f}–{max(o):.3f} | {min(e):.3f}–{max(e):.3f} | '
          f'{min(q):.2f}–{st.median(q):.2f}–{max(q):.2f} | {sum(o) / sum(e):.2f} | '
          f'{sum(1 for x in q if x > 1.0)} |')
