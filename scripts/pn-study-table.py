#!/usr/bin/env python3
"""Tables of the proof-number family study (scripts/pn-study.sh).

    pn-study-table.py OUT_DIR           # markdown tables on stdout
    pn-study-table.py --tune OUT_DIR    # the tuned parameters, as shell lines
    pn-study-table.py --summary OUT_DIR...  # one table per question, a row per algorithm

Reads OUT_DIR/runs/*.jsonl (batch records) with their .done (the run's
part, set, question, label and arguments) and .rss (peak resident set in
KiB). Per table (part, set, question): positions solved by each algorithm,
then over the positions every algorithm solved, total nodes, leaf nodes and
time, and the geometric mean of the per-position node and time ratios (nodes: the proof-number search's and its leaf solver's)
against df-pn and against alpha-beta. Answers are compared between
algorithms position by position, and --check failures are counted.
"""
import glob
import json
import math
import os
import re
import sys


def load(out):
    runs = []
    for done in sorted(glob.glob(os.path.join(out, "runs", "*.jsonl.done"))):
        base = done[: -len(".done")]
        with open(done) as f:
            part, set_, q, label, args = f.read().rstrip("\n").split("\t")
        rows = {}
        with open(base) as f:
            for line in f:
                if not line.startswith("{"):
                    continue
                r = json.loads(line)
                if "id" in r:
                    rows[r["id"]] = r
        rss = None
        try:
            with open(base + ".rss") as f:
                vals = [int(x) for x in f.read().split() if x.isdigit()]
                rss = vals[-1] if vals else None
        except OSError:
            pass
        runs.append(dict(part=part, set=set_, q=q, label=label, args=args, rows=rows, rss=rss))
    return runs


def solved(r):
    return r.get("status") == "solved"


def answer(r):
    if r.get("mode") == "bound":
        return r.get("bound_holds")
    return r.get("wld")


def geo(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def total(r):
    """Nodes of both searches: the proof-number search's and its leaf solver's."""
    return r["nodes"] + (r.get("leaf_nodes") or 0)


def ratios(run, ref, ids, key):
    val = total if key == "nodes" else (lambda r: max(r[key], 1e-6))
    return geo([val(run["rows"][i]) / max(val(ref["rows"][i]), 1e-6) for i in ids])


def fmt(x):
    return "—" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.3f}"


def table(group):
    ids_all = sorted(set().union(*(r["rows"].keys() for r in group)))
    common = [i for i in ids_all if all(i in r["rows"] and solved(r["rows"][i]) for r in group)]
    disagree = 0
    for i in common:
        if len({json.dumps(answer(r["rows"][i])) for r in group}) > 1:
            disagree += 1
    fails = sum(1 for r in group for x in r["rows"].values() if x.get("check") not in ("ok", "-", "unknown", None))
    by = {r["label"]: r for r in group}
    out = [
        "| algorithm | solved | nodes | of them leaf nodes | time (s) | peak RSS (MiB) "
        "| nodes ÷ dfpn | time ÷ dfpn | nodes ÷ alphabeta | time ÷ alphabeta |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in group:
        n = sum(1 for x in r["rows"].values() if solved(x))
        nodes = sum(total(r["rows"][i]) for i in common)
        leaf = sum(r["rows"][i].get("leaf_nodes") or 0 for i in common)
        t = sum(r["rows"][i]["time_s"] for i in common)
        cells = []
        for ref in ("dfpn", "alphabeta"):
            if ref in by and common:
                cells += [fmt(ratios(r, by[ref], common, "nodes")), fmt(ratios(r, by[ref], common, "time_s"))]
            else:
                cells += ["—", "—"]
        rss = f"{r['rss'] / 1024:.0f}" if r["rss"] else "—"
        out.append(
            f"| `{r['label']}` | {n}/{len(ids_all)} | {nodes:,} | {leaf:,} | {t:.1f} | {rss} | " + " | ".join(cells) + " |"
        )
    out.append("")
    out.append(
        f"Totals and ratios over the {len(common)} positions every row solved; "
        f"answers that differ between rows: {disagree}; `--check` failures: {fails}."
    )
    return "\n".join(out)


def memory_table(groups):
    labels = []
    for g in groups.values():
        for r in g:
            if r["label"] not in labels:
                labels.append(r["label"])
    out = ["| --hash-mb | " + " | ".join(f"`{l}` solved, nodes" for l in labels) + " |",
           "|---|" + "---|" * len(labels)]
    for mb in sorted(groups, key=lambda m: -m):
        by = {r["label"]: r for r in groups[mb]}
        cells = []
        for l in labels:
            r = by.get(l)
            if r is None:
                cells.append("—")
                continue
            s = [x for x in r["rows"].values() if solved(x)]
            cells.append(f"{len(s)}/{len(r['rows'])}, {sum(total(x) for x in s):,}")
        out.append(f"| {mb} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def tune(runs):
    group = [r for r in runs if r["part"] == "tune"]
    if not group:
        sys.exit("pn-study-table: no tune runs")
    common = [i for i in group[0]["rows"] if all(i in r["rows"] and solved(r["rows"][i]) for r in group)]
    if not common:
        sys.exit("pn-study-table: no tune position solved by every configuration")

    def best(prefix):
        cands = [r for r in group if r["label"].startswith(prefix)]
        return min(cands, key=lambda r: geo([max(total(r["rows"][i]), 1) for i in common]))

    deep = best("deep-dfpn ")
    plus = best("dfpn+ depth ")
    pn2 = best("pds-pn ")
    ed = lambda r: re.search(r"--deep-e \S+ --deep-d \S+", r["args"]).group(0)
    a, b = re.match(r"pds-pn a=(\S+)N b=(\S+)N", pn2["label"]).groups()
    print(f"# chosen on {len(common)} training positions by the geometric mean of nodes")
    print(f'DEEP_ARGS="{ed(deep)}"')
    print(f'PLUS_ARGS="{ed(plus)}"')
    print(f"PN2_A={a}")
    print(f"PN2_B={b}")


ORDER = ["alphabeta", "dfpn", "dfpn+", "dfpn+ depth", "deep-dfpn", "pds", "pds-pn"]


def summary(runs):
    """Per question, a row per algorithm and a column per (part, set): the
    geometric-mean total-node ratio against df-pn over the positions every
    algorithm solved, then the time ratio against alpha-beta; for the limit
    part, the positions solved."""
    groups = {}
    for r in runs:
        if r["part"] in ("tune",) or r["part"].startswith("memory-"):
            continue
        groups.setdefault(r["q"], {}).setdefault((r["part"], r["set"]), []).append(r)
    for q in sorted(groups):
        cols = sorted(groups[q], key=lambda k: (k[0] != "pure", k[0] == "limit", k))
        labels = sorted({r["label"] for g in groups[q].values() for r in g},
                        key=lambda l: ORDER.index(l) if l in ORDER else len(ORDER))
        print(f"### `{q}`\n")
        print("| algorithm | " + " | ".join(f"{p} {s_}" for p, s_ in cols) + " |")
        print("|---|" + "---|" * len(cols))
        for l in labels:
            cells = []
            for c in cols:
                g = groups[q][c]
                by = {r["label"]: r for r in g}
                r = by.get(l)
                if r is None:
                    cells.append("—")
                    continue
                if c[0] == "limit":
                    n = sum(1 for x in r["rows"].values() if solved(x))
                    cells.append(f"{n}/{len(r['rows'])} solved")
                    continue
                common = [i for i in r["rows"] if all(i in x["rows"] and solved(x["rows"][i]) for x in g)]
                if not common or "dfpn" not in by or "alphabeta" not in by:
                    cells.append("—")
                    continue
                cells.append(f"{fmt(ratios(r, by['dfpn'], common, 'nodes'))} "
                             f"({fmt(ratios(r, by['alphabeta'], common, 'time_s'))})")
            print(f"| `{l}` | " + " | ".join(cells) + " |")
        print()


def main():
    args = sys.argv[1:]
    if args and args[0] == "--tune":
        tune(load(args[1]))
        return
    if args and args[0] == "--summary":
        summary([r for d in args[1:] for r in load(d)])
        return
    if len(args) != 1:
        sys.exit(__doc__)
    runs = load(args[0])
    groups = {}
    memory = {}
    for r in runs:
        if r["part"].startswith("memory-"):
            memory.setdefault(int(r["part"].split("-")[1]), []).append(r)
        else:
            groups.setdefault((r["part"], r["set"], r["q"]), []).append(r)
    print("# The proof-number family study\n")
    print("Made by `scripts/pn-study.sh`; one thread per run.\n")
    for (part, set_, q), g in groups.items():
        print(f"## {part}: {set_}, `{q}`\n")
        print(table(g))
        print()
    if memory:
        print("## Memory curve: `--wld`, pure search\n")
        print(memory_table(memory))
        print()


if __name__ == "__main__":
    main()
