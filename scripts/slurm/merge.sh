#!/usr/bin/env bash
# The merge step after an array job of submit.sh: joins and checks the parts.
#
#   merge.sh solve PROBLEMS OUTDIR [--bin othello-solver]
#     cat OUTDIR/part-*.jsonl > OUTDIR/all.jsonl, then `batch PROBLEMS --check
#     --resume --output OUTDIR/all.jsonl`: a position no part holds (a task
#     that never ran) is solved here, so the file ends with one row per
#     position. Fails when a row repeats, or a row is not solved and `ok`.
#   merge.sh label GAMES OUTDIR --empties E [--shards N] [--bin othello-tools]
#     runs each shard's label command again on its own file: labels missing
#     from a part are solved here; then checks that the parts together hold
#     every distinct position once.
# Prints one summary line; exit 0 only when everything checks.
set -euo pipefail
what=${1:?usage: merge.sh solve|label INPUT OUTDIR [options]}
INPUT=$(readlink -f "${2:?missing INPUT}")
OUTDIR=${3:?missing OUTDIR}
shift 3
BIN=; EMPTIES=; SHARDS=4
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) BIN=$2; shift 2 ;;
    --empties) EMPTIES=$2; shift 2 ;;
    --shards) SHARDS=$2; shift 2 ;;
    *) echo "merge.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
case "$what" in
  solve)
    BIN=${BIN:-othello-solver}
    parts=("$OUTDIR"/part-*.jsonl)
    [ -e "${parts[0]}" ] || { echo "merge.sh: no part-*.jsonl in $OUTDIR" >&2; exit 1; }
    all=$OUTDIR/all.jsonl
    cat "${parts[@]}" > "$all"
    before=$(grep -c . "$all" || true)
    set +e
    "$BIN" batch "$INPUT" --check --format jsonl --output "$all" --resume --jobs "$(nproc)" --threads 1 \
      2> "$OUTDIR/merge.log"
    code=$?
    set -e
    cat "$OUTDIR/merge.log" >&2
    if [ "$code" -ne 0 ]; then
      echo "merge.sh: the merge step's batch exited $code" >&2
      exit 1
    fi
    rows=$(grep -c . "$all" || true)
    ids=$(grep -o '"id":"[^"]*"' "$all" | sort | uniq | wc -l)
    dups=$(grep -o '"id":"[^"]*"' "$all" | sort | uniq -d | wc -l)
    bad=$(grep -v '"check":"ok"' "$all" | grep -c . || true)
    unsolved=$(grep -v '"status":"solved"' "$all" | grep -c . || true)
    echo "merged $all: $rows rows ($before from the parts, $((rows - before)) solved by the merge step), $ids distinct positions, $dups repeated, $unsolved not solved, $bad not ok"
    [ "$dups" -eq 0 ] && [ "$bad" -eq 0 ] && [ "$unsolved" -eq 0 ] && [ "$rows" -eq "$ids" ]
    ;;
  label)
    BIN=${BIN:-othello-tools}
    [ -n "$EMPTIES" ] || { echo "merge.sh label: --empties E is required" >&2; exit 2; }
    total=0; distinct=; redone=0
    for i in $(seq 1 "$SHARDS"); do
      # --chunk as label-array.sbatch: it is part of a label file's identity.
      if ! out=$("$BIN" label "$INPUT" --empties "$EMPTIES" --shard "$i/$SHARDS" --quiet \
        --chunk 4 --out "$OUTDIR/labels-$i.bin" 2>&1); then
        echo "$out" >&2
        echo "merge.sh: label of shard $i/$SHARDS failed" >&2
        exit 1
      fi
      echo "$out" >&2
      # "…, N distinct positions with E empties; shard i/N: K, A already in FILE, S to solve"
      line=$(echo "$out" | grep -m1 'distinct positions')
      d=$(echo "$line" | sed -E 's/.* ([0-9]+) distinct positions.*/\1/')
      k=$(echo "$line" | sed -E 's/.*shard [0-9]+\/[0-9]+: ([0-9]+),.*/\1/')
      s=$(echo "$line" | sed -E 's/.* ([0-9]+) to solve.*/\1/')
      distinct=$d; total=$((total + k)); redone=$((redone + s))
    done
    echo "labels in $OUTDIR/labels-*.bin: $total positions in $SHARDS parts ($redone solved by the merge step), $distinct distinct positions in the games"
    [ "$total" -eq "$distinct" ]
    ;;
  *) echo "merge.sh: solve or label, not $what" >&2; exit 2 ;;
esac
