#!/usr/bin/env bash
# Every solver configuration against alpha-beta's exact scores on seeded
# random positions (the agreement check): COUNT positions of MIN..MAX
# empties (examples/random_problems.rs), or the positions of a problem file
# (FILE), solved exactly by alpha-beta with
# every best move, then by each of alphabeta, dfpn+, dfpn, deep-dfpn, pds
# and pds-pn (the last three with --leaf-empties 10, so that their proof
# numbers shape most of the tree; pds-pn with --pn2-a 1000 --pn2-b 500, so
# that its level-2 search runs on these small trees) in each mode
# (exact, --wld, --bound 0, --bound 2), with and without --all-best. A row
# disagrees when its score, win/draw/loss, bound answer or proven interval
# contradicts the reference score, or (exact with --all-best) when its set
# of best moves differs from the reference's. Exit 3 if any row disagrees.
#
#   scripts/agree.sh [OUT_DIR]     # default OUT_DIR: agree-out
#
# Env: BIN (default target/release/othello-solver), COUNT (1000), MIN (12),
# MAX (20), SEED (1), FILE (a problem file instead of random positions),
# JOBS (2), HASH_MB (64), ALGOS (default "alphabeta dfpn+ dfpn deep-dfpn pds
# pds-pn").
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-agree-out}
BIN=${BIN:-target/release/othello-solver}
COUNT=${COUNT:-1000}; MIN=${MIN:-12}; MAX=${MAX:-20}; SEED=${SEED:-1}
JOBS=${JOBS:-2}; HASH_MB=${HASH_MB:-64}
mkdir -p "$OUT"
if [ -n "${FILE:-}" ]; then
  cp "$FILE" "$OUT/positions.obf"
else
  cargo build --release -q --example random_problems
  target/release/examples/random_problems "$COUNT" "$MIN" "$MAX" "$SEED" > "$OUT/positions.obf"
fi
run() { # NAME ARGS...
  local name=$1; shift
  "$BIN" batch "$OUT/positions.obf" --jobs "$JOBS" --threads 1 --hash-mb "$HASH_MB" \
    --format jsonl "$@" > "$OUT/$name.jsonl" 2> "$OUT/$name.log"
}
# Known scores on the lines of FILE check the reference itself (exit 3 on a
# mismatch, details in OUT_DIR/reference.log).
run reference --algo alphabeta --all-best --check
names=()
for algo in ${ALGOS:-alphabeta dfpn+ dfpn deep-dfpn pds pds-pn}; do
  case $algo in
    deep-dfpn|pds) extra=(--leaf-empties 10) ;;
    pds-pn) extra=(--leaf-empties 10 --pn2-a 1000 --pn2-b 500) ;;
    *) extra=() ;;
  esac
  for mode in exact wld bound0 bound2; do
    case $mode in
      exact) m=() ;; wld) m=(--wld) ;; bound0) m=(--bound 0) ;; bound2) m=(--bound 2) ;;
    esac
    for best in one all; do
      b=(); [ $best = all ] && b=(--all-best)
      name="$algo-$mode-$best"
      run "$name" --algo "$algo" "${extra[@]}" "${m[@]}" "${b[@]}"
      names+=("$name")
    done
  done
done
python3 - "$OUT" "${names[@]}" <<'PY'
import json, sys
out, names = sys.argv[1], sys.argv[2:]
def rows(name):
    return {r["id"]: r for r in map(json.loads, open(f"{out}/{name}.jsonl")) if r.get("id")}
ref = rows("reference")
bad = 0
print(f"{len(ref)} positions; reference: alpha-beta exact with every best move")
for name in names:
    got, wrong = rows(name), []
    for pid, r in ref.items():
        s = r["score"]
        g = got.get(pid)
        if g is None or g.get("status") != "solved":
            wrong.append((pid, "missing or not solved")); continue
        lo, hi = g.get("lower"), g.get("upper")
        if lo is not None and lo > s or hi is not None and hi < s:
            wrong.append((pid, f"interval [{lo}, {hi}] misses {s}"))
        mode = name.split("-")[-2]
        if mode == "exact":
            if g["score"] != s:
                wrong.append((pid, f"score {g['score']} != {s}"))
            if name.endswith("-all") and sorted(g["best_moves"]) != sorted(r["best_moves"]):
                wrong.append((pid, f"best moves {g['best_moves']} != {r['best_moves']}"))
            elif name.endswith("-one") and g["best_moves"] and g["best_moves"][0] not in r["best_moves"]:
                wrong.append((pid, f"move {g['best_moves'][0]} not among {r['best_moves']}"))
        elif mode == "wld":
            want = "win" if s > 0 else "loss" if s < 0 else "draw"
            if g["wld"] != want:
                wrong.append((pid, f"{g['wld']} != {want}"))
        else:
            k = int(mode[5:])
            if g["bound_holds"] != (s >= k):
                wrong.append((pid, f"bound {k}: {g['bound_holds']} with score {s}"))
    bad += len(wrong)
    print(f"{name:22} {len(got):5} rows, {len(wrong)} disagree" + "".join(f"\n    {p}: {w}" for p, w in wrong[:5]))
sys.exit(3 if bad else 0)
PY
