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
# A run that fails (bad file, missing binary, a mismatch or an unknown row)
# prints its error on stderr; the other runs go on, and the exit code is 1.
set -uo pipefail
if [ $# -lt 4 ]; then
  sed -n 2,12p "$0" >&2
  exit 2
fi
FILE=$1; T=$2; R=$3; shift 3
if [ ! -r "$FILE" ]; then
  echo "ab.sh: cannot read problem file $FILE" >&2
  exit 2
fi
ERR=$(mktemp)
trap 'rm -f "$ERR"' EXIT
failed=0
for r in $(seq "$R"); do
  for spec in "$@"; do
    IFS=: read -r label envs bin <<< "$spec"
    out=$(env ${envs:+"$envs"} "$bin" batch "$FILE" --jobs 1 --threads "$T" --hash-mb 256 --format jsonl --check 2>"$ERR")
    status=$?
    echo "$out" | python3 -c "
import sys, json
n = t = ok = rows = 0
for l in sys.stdin:
    if l.startswith('{'):
        d = json.loads(l); n += d['nodes']; t += d['time_s']; rows += 1; ok += d.get('check') == 'ok'
print(f'$label nodes {n} time {t:.2f} rows {rows} ok {ok}')"
    if [ "$status" -ne 0 ]; then
      echo "ab.sh: $label ($bin) exited with status $status: $(grep -v '^summary' "$ERR" | tail -n 3)" >&2
      failed=1
    fi
  done
done
exit "$failed"
