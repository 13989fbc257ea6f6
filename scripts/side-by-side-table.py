#!/usr/bin/env python3
"""The per-position table of docs/benchmarks.md from side-by-side rows.

    scripts/side-by-side-table.py [--no-nr] ROWS.txt [ROWS.txt ...]
    scripts/side-by-side-table.py --total ROWS.txt     (the one totals line)
    scripts/side-by-side-table.py --spread ROWS.txt ROWS.txt ...

Each ROWS file is the output of scripts/ffo-vs-edax.sh (one row per FFO
position; later files win for a position found twice). Prints a Markdown
table: our answer, check, nodes and time; Edax's nodes and time; the time
and node ratios; and Neural Reversi 2.0's published one-thread node count
(../shared/anchors/published-ffo.md) with ours divided by it (`--no-nr`
leaves those two columns out: NR's counts are of exact solves, not of WLD
ones). Then the totals over the positions present. `--total` prints only
the totals line that scripts/ffo-vs-edax.sh ends its run with.
`--spread` reads each file as one round of the same positions and prints,
per position, how its time ratio moved from round to round.
"""
import os
import re
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUBLISHED = os.path.join(ROOT, '..', 'shared', 'anchors', 'published-ffo.md')


def published_nr():
    """FFO number -> Neural Reversi 2.0's one-thread node count."""
    nr = {}
    try:
        with open(PUBLISHED) as f:
            for line in f:
                m = re.match(r'\|\s*#(\d+)\s*\|\s*([\d,]+)\s*\|', line)
                if m:
                    nr[int(m.group(1))] = int(m.group(2).replace(',', ''))
    except OSError:
        sys.stderr.write('side-by-side-table: %s not found; no NR column\n' % PUBLISHED)
    return nr


def read_rows(paths):
    """FFO number -> (answer, check, nodes, s, edax nodes, edax s)."""
    rows = {}
    for path in paths:
        try:
            f = open(path)
        except OSError as e:
            sys.exit('side-by-side-table: cannot read %s: %s' % (path, e.strerror))
        with f:
            for line in f:
                parts = line.split('|')
                if len(parts) < 4:
                    continue
                head, ours, edax = parts[0].split(), parts[1].split(), parts[2].split()
                if len(head) != 2 or not head[1].isdigit() or len(ours) < 6 or len(edax) < 4:
                    continue
                try:
                    rows[int(head[1])] = (ours[0], ours[2], int(ours[3]), float(ours[4]),
                                          int(edax[2]), float(edax[3]))
                except ValueError:
                    sys.exit('side-by-side-table: %s: cannot read the row %r' % (path, line.strip()))
    return rows


def millions(n):
    return ('{:,.2f} M' if n < 10e6 else '{:,.1f} M').format(n / 1e6)


def total_line(rows):
    """The totals line of scripts/ffo-vs-edax.sh."""
    on = sum(r[2] for r in rows.values())
    ot = sum(r[3] for r in rows.values())
    en = sum(r[4] for r in rows.values())
    et = sum(r[5] for r in rows.values())
    return ('total: %d positions | ours %d nodes %.3f s %.2f Mn/s | edax %d nodes %.3f s %.2f Mn/s'
            ' | time ratio %.3f, node ratio %.3f' % (
                len(rows), on, ot, on / ot / 1e6 if ot else 0, en, et, en / et / 1e6 if et else 0,
                ot / et if et else 0, on / en if en else 0))


def spread_table(paths):
    """Per position, the spread of the time ratio over rounds (one file each)."""
    rounds = {}
    for path in paths:
        for ffo, r in read_rows([path]).items():
            rounds.setdefault(ffo, []).append(r)
    print('| FFO | rounds | ours s (min–max) | Edax s (min–max) '
          '| time ÷ Edax by round (min–median–max) | summed time ÷ Edax | rounds above 1.0× |')
    print('|---|---:|---|---|---|---:|---:|')
    for ffo in sorted(rounds):
        ours = [r[3] for r in rounds[ffo]]
        edax = [r[5] for r in rounds[ffo]]
        ratio = [o / e for o, e in zip(ours, edax) if e]
        if not ratio:
            continue
        print('| #%d | %d | %.3f–%.3f | %.3f–%.3f | %.2f–%.2f–%.2f | %.2f | %d |' % (
            ffo, len(ours), min(ours), max(ours), min(edax), max(edax), min(ratio),
            statistics.median(ratio), max(ratio), sum(ours) / sum(edax),
            sum(1 for q in ratio if q > 1.0)))


def main():
    args = sys.argv[1:]
    if '-h' in args or '--help' in args:
        print(__doc__.strip())
        return
    if not args:
        sys.exit(__doc__.strip())
    unknown = [a for a in args if a.startswith('-') and a not in ('--spread', '--total', '--no-nr')]
    if unknown:
        sys.exit('side-by-side-table: unknown option %s\n\n%s' % (unknown[0], __doc__.strip()))
    if '--spread' in args:
        spread_table([a for a in args if a != '--spread'])
        return
    if '--total' in args:
        print(total_line(read_rows([a for a in args if a != '--total'])))
        return
    with_nr = '--no-nr' not in args
    paths = [a for a in args if a != '--no-nr']
    if not paths:
        sys.exit(__doc__.strip())
    rows = read_rows(paths)
    if not rows:
        sys.exit('side-by-side-table: no rows in %s' % ' '.join(paths))
    nr = published_nr() if with_nr else {}
    head = '| FFO | ours | check | nodes | s | Edax nodes | Edax s | time ÷ Edax | nodes ÷ Edax |'
    rule = '|---|---|---|---:|---:|---:|---:|---:|---:|'
    print(head + (' NR 2.0 nodes | nodes ÷ NR |' if with_nr else ''))
    print(rule + ('---:|---:|' if with_nr else ''))
    tot = [0, 0.0, 0, 0.0, 0]
    all_nr = True
    for ffo in sorted(rows):
        ans, chk, n, t, en, et = rows[ffo]
        r = nr.get(ffo)
        all_nr = all_nr and r is not None
        line = '| #%d | %s | %s | %s | %.3f | %s | %.3f | %.2f | %.2f |' % (
            ffo, ans, chk, millions(n), t, millions(en), et, t / et if et else float('nan'),
            n / en if en else float('nan'))
        if with_nr:
            line += ' %s | %s |' % (millions(r) if r else '', '%.2f' % (n / r) if r else '')
        print(line)
        tot[0] += n
        tot[1] += t
        tot[2] += en
        tot[3] += et
        tot[4] += r or 0
    line = '| all (%d) | | | %s | %.1f | %s | %.1f | **%.3f** | %.3f |' % (
        len(rows), millions(tot[0]), tot[1], millions(tot[2]), tot[3], tot[1] / tot[3],
        tot[0] / tot[2])
    if with_nr:
        line += ' %s | %s |' % (millions(tot[4]) if all_nr else '',
                                '%.2f' % (tot[0] / tot[4]) if all_nr and tot[4] else '')
    print(line)


if __name__ == '__main__':
    main()
