#!/bin/bash
# Interleaved A/B timing of solver builds on one problem file.
#
#   scripts/ab.sh FILE THREADS ROUNDS LABEL:ENV:BIN [LABEL:ENV:BIN ...]
#
# Each round runs every build once, in the order given, as
#   BIN batch FILE --jobs 1 --threads THREADS --hash-mb 256 --format jsonl --check
# with ENV (VAR=value, or nothing: LABEL::BIN) in its environment,
# and prints the label, the summed nodes and time_s, the row count and how
# many rows checked `ok`. Interleaving spreads the VM's drift over all builds.
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n 2,10p "$0" >&2
  exit 2
fi
FILE=$1; T=$2; R=$3; shift 3
for r in $(seq "$R"); do
  for spec in "$@"; do
    IFS=: read -r label envs bin <<< "$spec"
    out=$(env ${envs:+"$envs"} "$bin" batch "$FILE" --jobs 1 --threads "$T" --hash-mb 256 --format jsonl --check 2>/dev/null | python3 -c "
import sys, json
n = t = ok = rows = 0
for l in sys.stdin:
    if l.startswith('{'):
        d = json.loads(l); n += d['nodes']; t += d['time_s']; rows += 1; ok += d.get('check') == 'ok'
print(f'nodes {n} time {t:.2f} rows {rows} ok {ok}')")
    echo "$label $out"
  done
done
