#!/usr/bin/env python3
"""Where the WLD nodes go, position by position.

For each line FIRST..LAST of an OBF file, one `batch --wld --jobs 1` process
per position and per algorithm (df-pn+ and alpha-beta, THREADS threads, a
fresh table each), then one row per position: df-pn+ proof-number nodes
(`nodes`), its leaf alpha-beta nodes (`leaf_nodes`), their sum, alpha-beta's
WLD nodes, the node ratio, and both times (`time_s`; noise on a shared
machine, node counts are the facts). Every row must be `check: ok`.

    scripts/wld-split.py FILE FIRST LAST [--bin BIN] [--threads N]
        [--hash-mb N] [--raw DIR] [-- EXTRA DF-PN+ OPTIONS...]

FIRST and LAST are line numbers (1-based); the FFO number is taken from a
file name like `fforum-40-59.obf`. With --raw, the jsonl rows are kept there.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile


def run(bin_path, obf_line, args, extra):
    with tempfile.NamedTemporaryFile("w", suffix=".obf", delete=False) as f:
        f.write(obf_line)
        path = f.name
    try:
        cmd = [bin_path, "batch", "--wld", "--jobs", "1", "--threads", str(args.threads),
               "--hash-mb", str(args.hash_mb), "--check", "--format", "jsonl"] + extra + [path]
        out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    finally:
        os.unlink(path)
    rows = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{")]
    if len(rows) != 1:
        sys.exit(f"wld-split: {' '.join(cmd)}: expected one jsonl row, got {len(rows)}\n{out.stderr}")
    return rows[0]


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file")
    p.add_argument("first", type=int)
    p.add_argument("last", type=int)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p.add_argument("--bin", default=os.path.join(root, "target", "release", "othello-solver"))
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--hash-mb", type=int, default=256)
    p.add_argument("--raw")
    args = p.parse_args(argv)

    base = 1
    m = re.search(r"-(\d+)-\d+\.obf$", os.path.basename(args.file))
    if m:
        base = int(m.group(1))
    with open(args.file) as f:
        lines = f.readlines()
    if not (1 <= args.first <= args.last <= len(lines)):
        sys.exit(f"wld-split: {args.file}: lines {args.first}..{args.last} out of 1..{len(lines)}")
    if args.raw:
        os.makedirs(args.raw, exist_ok=True)

    print(f"# {args.bin} batch --wld --jobs 1 --threads {args.threads} --hash-mb {args.hash_mb} "
          f"--check --format jsonl [{' '.join(extra)}] (df-pn+) and --algo alphabeta, one process per position")
    head = ("ffo", "wld", "move", "pn nodes", "leaf nodes", "df-pn+ total", "ab nodes", "ratio", "dfpn+ s", "ab s")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    tot = {"pn": 0, "leaf": 0, "ab": 0, "ts": 0.0, "tab": 0.0}
    for n in range(args.first, args.last + 1):
        line = lines[n - 1]
        d = run(args.bin, line, args, ["--algo", "dfpn+"] + extra)
        a = run(args.bin, line, args, ["--algo", "alphabeta"])
        if args.raw:
            with open(os.path.join(args.raw, f"line-{n}.jsonl"), "w") as f:
                f.write(json.dumps(d) + "\n" + json.dumps(a) + "\n")
        for r in (d, a):
            if r.get("status") != "solved" or r.get("check") != "ok":
                sys.exit(f"wld-split: line {n}: {r.get('algo')}: status {r.get('status')}, check {r.get('check')}")
        if d.get("wld") != a.get("wld"):
            sys.exit(f"wld-split: line {n}: df-pn+ says {d.get('wld')}, alpha-beta {a.get('wld')}")
        pn, leaf = d["nodes"], d["leaf_nodes"]
        ab = a["nodes"] + a["leaf_nodes"]
        tot["pn"] += pn
        tot["leaf"] += leaf
        tot["ab"] += ab
        tot["ts"] += d["time_s"]
        tot["tab"] += a["time_s"]
        print(f"| #{n - 1 + base} | {d['wld']} | {(d.get('best_moves') or ['--'])[0]} | {pn:,} | {leaf:,} | "
              f"{pn + leaf:,} | {ab:,} | {(pn + leaf) / max(ab, 1):.2f} | {d['time_s']:.2f} | {a['time_s']:.2f} |",
              flush=True)
    s = tot["pn"] + tot["leaf"]
    print(f"| all | | | {tot['pn']:,} | {tot['leaf']:,} | {s:,} | {tot['ab']:,} | "
          f"{s / max(tot['ab'], 1):.2f} | {tot['ts']:.2f} | {tot['tab']:.2f} |")


if __name__ == "__main__":
    main()
