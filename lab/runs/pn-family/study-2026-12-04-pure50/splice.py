"""Merge two pn-study-table.py --summary outputs: for each question, the
columns of NEW replace the columns of the same name in OLD, and NEW's other
columns are appended. Usage: splice.py OLD NEW > MERGED"""
import sys


def tables(path):
    out, q, rows = {}, None, []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("### "):
            q = line
            out[q] = rows = []
        elif q and line.startswith("|"):
            rows.append([c.strip() for c in line.strip("|").split("|")])
    return out


old, new = tables(sys.argv[1]), tables(sys.argv[2])
print("# The pure columns at 14 and 16 empties are the 50-position run of 2026-12-04; the other")
print("# columns are those of ../study-2026-12-03-larger/summary.md. Cells: geometric-mean")
print("# total-node ratio to dfpn (time ratio to alphabeta), over the positions every row solved.")
for q, rows in old.items():
    head, body = rows[0], rows[2:]
    nhead, nbody = new[q][0], {r[0]: r for r in new[q][2:]}
    for j, name in enumerate(nhead[1:], 1):
        col = head.index(name) if name in head else None
        if col is None:
            head.append(name)
        for r in body:
            cell = nbody[r[0]][j] if r[0] in nbody else "—"
            if col is None:
                r.append(cell)
            else:
                r[col] = cell
    print(f"\n{q}\n")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in body:
        print("| " + " | ".join(r) + " |")
