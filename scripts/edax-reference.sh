#!/bin/bash
# A reference for the evaluation's error at every stage: held-out WTHOR positions
# (2018-2022, never trained on) valued by the Edax in ../shared/anchors at level 20
# (LEVEL=21 for the odd-depth twin: the same positions, see below).
#
#   scripts/edax-reference.sh OUT.obf [FIRST LAST [COUNT [SEED_OFFSET]]]
#
# For each number of empties E from LAST down to FIRST (default 59 down to 17),
# draws COUNT positions (default 40; half as many at 25-32 empties, where level
# 20 is a selective endgame search of seconds) with `othello-tools sample
# --include-years 2018-2022 --seed E+SEED_OFFSET` (offset default 0; another
# offset adds more positions to the same file), solves them with `lEdax-native -solve -l $LEVEL -n 1`, and
# appends one problem line each: the board, Edax's move and score, and Edax's
# search depth@probability as the comment. `label_mae --problems OUT.obf`
# (tools/examples) then measures an evaluation against it. Edax is GPL: run,
# never copied. Resumable per stage (a stage already in OUT.obf is skipped).
#
# Env LEVEL (default 20): Edax's level. A midgame search of even depth leaves
# the last choice to the opponent and undervalues the side to move; the same
# positions at LEVEL=21 (another OUT) given to label_mae as a second --problems
# file average the two depths.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=$(readlink -f "${1:?usage: edax-reference.sh OUT.obf [FIRST LAST [COUNT]]}")
FIRST=${2:-17}; LAST=${3:-59}; COUNT=${4:-40}; OFFSET=${5:-0}; LEVEL=${LEVEL:-20}
TOOLS=${TOOLS:-$ROOT/target/release/othello-tools}
EDAX_HOME=${EDAX_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/othello-anchors/edax-14f048c}
# edax.sh builds Edax on first use: have it solve FFO #1 once.
[ -x "$EDAX_HOME/bin/lEdax-native" ] ||
  "$ROOT/../shared/anchors/edax/edax.sh" "$ROOT/../shared/data/positions/ffo-fforum/fforum-1-19.obf" 1 1 > /dev/null
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
[ -s "$OUT" ] || echo "% Edax 4.6 (../shared/anchors, stand-in weights) -solve -l $LEVEL -n 1 -h 22 on held-out WTHOR positions (2018-2022) drawn by othello-tools sample --include-years 2018-2022 --seed E+offset; made by scripts/edax-reference.sh" > "$OUT"
for e in $(seq "$LAST" -1 "$FIRST"); do
  seed=$((e + OFFSET))
  if grep -q "% E=$e seed $seed " "$OUT"; then continue; fi
  n=$COUNT; [ "$e" -ge 25 ] && [ "$e" -le 32 ] && n=$((COUNT / 2))
  "$TOOLS" sample "$ROOT/../shared/data/games/wthor" --include-years 2018-2022 --empties "$e" \
    --count "$n" --seed "$seed" --out "$tmp/s.obf" 2>"$tmp/sample.err" || { cat "$tmp/sample.err" >&2; exit 1; }
  grep -v '^%' "$tmp/s.obf" | head -n "$n" > "$tmp/p.obf"
  (cd "$EDAX_HOME" && ./bin/lEdax-native -solve "$tmp/p.obf" -n 1 -h 22 -l "$LEVEL" -verbose 1) > "$tmp/out.txt" 2>&1
  python3 - "$tmp/p.obf" "$tmp/out.txt" "$e" "$seed" "$LEVEL" >> "$OUT" <<'PY'
import re, sys
probs = [(l.split('%')[0].split(';')[0].strip(), l.split('%', 1)[1].strip() if '%' in l else '')
         for l in open(sys.argv[1]) if l.strip()]
rows = [m for m in (re.match(r'\s*(\d+)\|\s*(\S+)\s+([+-]\d+)\s+\S+\s+\d+\s+(?:\d+\s+)?([A-Ha-hPp][1-8Aa])', l) for l in open(sys.argv[2])) if m]
if len(rows) != len(probs):
    sys.exit('edax-reference: %d positions, %d Edax rows at %s empties' % (len(probs), len(rows), sys.argv[3]))
for (depth, score, move), (board, source) in zip(((r[2], int(r[3]), r[4]) for r in rows), probs):
    mv = '--' if move.lower() in ('ps', 'pa') else move.lower()
    print('%s; %s:%+d; %% E=%s seed %s %s, edax -l %s: %s' % (board, mv, score, sys.argv[3], sys.argv[4], source, sys.argv[5], depth))
PY
  echo "edax-reference: $e empties done" >&2
done
