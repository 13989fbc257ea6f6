"""Wall clock of one-shot `solve --json` runs against the search time they report.

  python3 solve-wall.py [BASE_BIN SIZED_BIN [W24_FILE]]

Each position of the first 20 hard-20 lines and the first 10 of the 24-empty WTHOR
2022 set (W24_FILE, default /tmp/w22-24.obf) is solved by each build in turn, pinned
to core 1, two rounds; prints wall, search and the difference per build and round.
"""
import subprocess, time, sys, json
a = sys.argv[1:]
files = [("hard-20 lines 1-20", "../shared/data/positions/edax-hard/hard-20.obf", 20),
         ("WTHOR 2022 @24 lines 1-10", a[2] if len(a) > 2 else "/tmp/w22-24.obf", 10)]
bins = [("main", a[0] if a else "/tmp/bin-base"), ("sized", a[1] if len(a) > 1 else "/tmp/bin-table")]
for label, f, n in files:
    pos = [l.split(';')[0].split('%')[0].strip() for l in open(f) if l.strip()][:n]
    for rnd in range(2):
        for name, b in bins:
            wall = 0.0; search = 0.0; worst = 0.0; scores = []
            for p in pos:
                t = time.perf_counter()
                out = subprocess.run(["taskset", "-c", "1", b, "solve", p, "--json"], capture_output=True, text=True)
                w = time.perf_counter() - t
                d = json.loads(out.stdout)
                wall += w; search += d["time_s"]; worst = max(worst, w - d["time_s"]); scores.append(d["score"])
            print(f"{label} round {rnd+1} {name}: wall {wall:.2f} s, search {search:.2f} s, outside the search {wall-search:.2f} s (worst position {worst:.2f} s), scores {hash(tuple(scores)) & 0xffff:04x}")
