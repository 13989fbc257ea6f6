#!/bin/bash
# One-thread speed of the shared (atomic, seqlock) table against the old one:
# bench nodes/s, before and after interleaved, ROUNDS times.
#   speed-1thread.sh BEFORE_BIN AFTER_BIN [ROUNDS]
set -u
for r in $(seq "${3:-3}"); do
  for b in "$1" "$2"; do
    echo "== round $r $b $(uptime | sed 's/.*load/load/')"
    extra=""; [ "$b" = "$2" ] && extra="--threads 1"
    nice "$b" bench --empties 20 --count 8 --algo alphabeta $extra | tail -1
  done
done
