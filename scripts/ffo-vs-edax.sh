#!/bin/bash
# Side by side with Edax, position by position: for each line FIRST..LAST of an
# OBF file, our `batch --jobs 1 --check` on that one line, then Edax 4.6
# (../shared/anchors/edax/edax.sh) on the same line, THREADS threads each (default
# one), so that both see the same machine load. Prints one row per position and the totals.
#
#   scripts/ffo-vs-edax.sh [--wld] FILE FIRST LAST [-- EXTRA OUR OPTIONS...]
#
# Env: BIN (default target/release/othello-solver), EDAX (default
# ../shared/anchors/edax/edax.sh beside the repository), HASH_MB (ours, default
# 256), THREADS (both programs, default 1), TIME_LIMIT (ours, seconds per position, default none), RAW (a directory
# that keeps both programs' raw output).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${BIN:-$ROOT/target/release/othello-solver}
EDAX=${EDAX:-$ROOT/../shared/anchors/edax/edax.sh}
WLD=()
if [ "${1:-}" = --wld ]; then WLD=(--wld); shift; fi
FILE=${1:?usage: ffo-vs-edax.sh [--wld] FILE FIRST LAST [-- OPTIONS]}
FIRST=${2:?FIRST}
LAST=${3:?LAST}
shift 3
[ "${1:-}" = -- ] && shift
EXTRA=("$@")
LIMIT=()
[ -n "${TIME_LIMIT:-}" ] && LIMIT=(--time-limit "$TIME_LIMIT")
THREADS=${THREADS:-1}
RAW=${RAW:-$(mktemp -d)}
mkdir -p "$RAW"
base=1
if [[ $(basename "$FILE") =~ -([0-9]+)-[0-9]+\.obf$ ]]; then base=${BASH_REMATCH[1]}; fi
echo "# ours: $BIN batch --jobs 1 --threads $THREADS --check --hash-mb ${HASH_MB:-256} --format jsonl ${WLD[*]} ${LIMIT[*]} ${EXTRA[*]}"
echo "# edax: $EDAX --threads $THREADS ${WLD[*]} FILE N N"
printf '%4s %4s | %-8s %-5s %-7s %14s %9s %8s | %-8s %-5s %14s %9s %8s | %6s\n' \
  line ffo ours move check nodes s Mn/s edax move nodes s Mn/s t-ratio
for n in $(seq "$FIRST" "$LAST"); do
  sed -n "${n}p" "$FILE" > "$RAW/line-$n.obf"
  "$BIN" batch --jobs 1 --threads "$THREADS" --check --hash-mb "${HASH_MB:-256}" --format jsonl "${WLD[@]}" "${LIMIT[@]}" \
    "${EXTRA[@]}" "$RAW/line-$n.obf" > "$RAW/ours-$n.jsonl" 2> "$RAW/ours-$n.err" || true
  "$EDAX" --threads "$THREADS" "${WLD[@]}" "$FILE" "$n" "$n" > "$RAW/edax-$n.txt" 2>&1 || true
  python3 - "$RAW/ours-$n.jsonl" "$RAW/edax-$n.txt" "$n" "$((n - 1 + base))" <<'PY'
import json, sys
ours_f, edax_f, n, ffo = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
o = {}
for line in open(ours_f):
    line = line.strip()
    if line.startswith('{'):
        o = json.loads(line)
tot = (o.get('nodes') or 0) + (o.get('leaf_nodes') or 0)
t = o.get('time_s') or 0.0
if o.get('status') == 'solved':
    res = ('%+d' % o['score']) if o.get('score') is not None else (o.get('wld') or '?')
else:
    res = 'unknown'
mv = (o.get('best_moves') or ['--'])[0]
chk = o.get('check', '?')
e = None
for line in open(edax_f):
    p = line.split()
    if len(p) == 8 and p[0].isdigit():
        e = p
if e is None:
    e = ['?'] * 8
    et, en = 0.0, 0
else:
    et, en = float(e[7]), int(e[6])
ratio = t / et if et > 0 else float('nan')
print('%4d %4d | %-8s %-5s %-7s %14d %9.3f %8.2f | %-8s %-5s %14d %9.3f %8.2f | %6.2f' % (
    n, ffo, res, mv, chk, tot, t, tot / t / 1e6 if t > 0 else 0, e[2], e[3], en, et,
    en / et / 1e6 if et > 0 else 0, ratio))
PY
done | tee "$RAW/rows.txt"
python3 "$ROOT/scripts/side-by-side-table.py" --total "$RAW/rows.txt"
