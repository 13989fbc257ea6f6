#!/bin/bash
# Issue 16: thread scaling on FFO positions, interleaved position by position:
# ours --threads 1, ours --threads 2, Edax --threads 2 (same load for the
# three), then (nodes only; oversubscribed on 2 cores) ours at each of $MORE.
#   threads.sh BIN FILE FIRST LAST OUTDIR
set -u
BIN=$1; FILE=$2; FIRST=$3; LAST=$4; OUT=$5
MORE=${MORE:-4 8 16}
EDAX=${EDAX:-$(dirname "$0")/../../../../shared/anchors/edax/edax.sh}
mkdir -p "$OUT"
uptime > "$OUT/load.txt"
for n in $(seq "$FIRST" "$LAST"); do
  sed -n "${n}p" "$FILE" > "$OUT/line-$n.obf"
  for t in 1 2; do
    nice "$BIN" batch --jobs 1 --threads $t --check --hash-mb 256 --format jsonl "$OUT/line-$n.obf" > "$OUT/ours-t$t-$n.jsonl" 2>&1
  done
  nice "$EDAX" --threads 2 "$FILE" "$n" "$n" > "$OUT/edax-t2-$n.txt" 2>&1
  uptime >> "$OUT/load.txt"
done
for t in $MORE; do
  for n in $(seq "$FIRST" "$LAST"); do
    nice "$BIN" batch --jobs 1 --threads $t --check --hash-mb 256 --format jsonl "$OUT/line-$n.obf" > "$OUT/ours-t$t-$n.jsonl" 2>&1
  done
  uptime >> "$OUT/load.txt"
done
