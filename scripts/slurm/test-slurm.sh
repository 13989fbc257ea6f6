#!/usr/bin/env bash
# The cluster path, tested on a real single-node Slurm (local-cluster.sh):
#  1. solve a problem file (hard-20: 276 positions) as an array of 4 tasks,
#     cancel task 2 while it runs (scancel JOB_2), submit task 2 again, merge,
#     and check one solved, `ok` row per position, none repeated, and that
#     the merge step had nothing left to solve;
#  2. the same for `othello-tools label --shard` (WTHOR 2022, 18 empties);
#  3. `othello-tools selfplay --shard` as an array of 3 tasks: the parts
#     together hold the same games as one local run.
# Stops the cluster on exit. Run by .ci/run; needs root (apt-get, daemons).
#   SOLVER, TOOLS: the binaries (default target/debug/…, built by cargo test)
#   PROBLEMS, GAMES: the inputs (default from ../shared/data)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SOLVER=$(readlink -f "${SOLVER:-$ROOT/target/debug/othello-solver}")
TOOLS=$(readlink -f "${TOOLS:-$ROOT/target/debug/othello-tools}")
PROBLEMS=${PROBLEMS:-$ROOT/../shared/data/positions/edax-hard/hard-20.obf}
GAMES=${GAMES:-$ROOT/../shared/data/games/wthor/WTH_2022.wtb}
for f in "$SOLVER" "$TOOLS" "$PROBLEMS" "$GAMES"; do
  [ -e "$f" ] || { echo "test-slurm.sh: $f not found" >&2; exit 1; }
done
WORK=$(mktemp -d)
export OTHELLO_SLURM_DIR=$WORK/slurm
cleanup() {
  "$HERE/local-cluster.sh" stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
"$HERE/local-cluster.sh" start
export SLURM_CONF=$OTHELLO_SLURM_DIR/slurm.conf

# Waits until no task of job $1 is pending or running (at most $2 seconds).
wait_job() {
  local t=0
  while [ -n "$(squeue -h -j "$1" 2>/dev/null)" ]; do
    sleep 1; t=$((t + 1))
    if [ "$t" -ge "$2" ]; then echo "FAIL: job $1 still running after $2 s" >&2; squeue >&2; exit 1; fi
  done
}

# Waits until file $1 exists and is larger than $2 bytes while task $3 runs;
# then cancels that task. Prints the file's size when it was cancelled.
cancel_when_grown() {
  local file=$1 size=$2 task=$3 t=0
  while :; do
    if [ -f "$file" ] && [ "$(stat -c %s "$file")" -gt "$size" ]; then
      scancel "$task"
      stat -c %s "$file"
      return
    fi
    sleep 0.2; t=$((t + 1))
    if [ "$t" -ge 1500 ]; then echo "FAIL: $file never grew past $size bytes" >&2; exit 1; fi
  done
}

echo "== solve: $(basename "$PROBLEMS") as an array of 4 tasks, task 2 cancelled mid-run"
S=$WORK/solve
job=$("$HERE/submit.sh" solve "$PROBLEMS" "$S" --shards 4 --hash-mb 16 --bin "$SOLVER")
cancel_when_grown "$S/part-2.jsonl" 0 "${job}_2" >/dev/null
wait_job "$job" 600
rows=$(grep -c . "$S/part-2.jsonl" || true)
per_task=()
for i in 1 2 3 4; do per_task+=("$(grep -c '"status":"solved"' "$S/part-$i.jsonl" 2>/dev/null || echo 0)"); done
echo "job $job: solved rows per task ${per_task[*]}; task 2 cancelled with $rows rows written"
[ "${per_task[1]}" -lt "${per_task[0]}" ] || { echo "FAIL: task 2 was not cut short (${per_task[*]})" >&2; exit 1; }
job2=$("$HERE/submit.sh" solve "$PROBLEMS" "$S" --shards 4 --hash-mb 16 --bin "$SOLVER" --array 2)
wait_job "$job2" 600
echo "job $job2 (task 2 again): $(grep -c '"status":"solved"' "$S/part-2.jsonl") solved rows in part 2"
if ! merged=$("$HERE/merge.sh" solve "$PROBLEMS" "$S" --bin "$SOLVER" 2>"$WORK/merge.err"); then
  cat "$WORK/merge.err" >&2; echo "$merged"; echo "FAIL: merge.sh solve" >&2; exit 1
fi
echo "$merged"
case "$merged" in
  *", 0 solved by the merge step), "*", 0 repeated, 0 not solved, 0 not ok") ;;
  *) echo "FAIL: the merged file is not complete from the parts alone" >&2; exit 1 ;;
esac
positions=$(echo "$merged" | sed -E 's/.*, ([0-9]+) distinct positions.*/\1/')
echo "ok: $positions positions, one solved ok row each"

echo "== label: $(basename "$GAMES") at 18 empties as an array of 4 tasks, task 2 cancelled mid-run"
L=$WORK/label
job=$("$HERE/submit.sh" label "$GAMES" "$L" --shards 4 --empties 18 --bin "$TOOLS")
size=$(cancel_when_grown "$L/labels-2.bin" 512 "${job}_2")
wait_job "$job" 600
echo "job $job: task 2 cancelled with $size bytes of labels written"
job2=$("$HERE/submit.sh" label "$GAMES" "$L" --shards 4 --empties 18 --bin "$TOOLS" --array 2)
wait_job "$job2" 600
if ! merged=$("$HERE/merge.sh" label "$GAMES" "$L" --shards 4 --empties 18 --bin "$TOOLS" 2>"$WORK/merge.err"); then
  cat "$WORK/merge.err" >&2; echo "$merged"; echo "FAIL: merge.sh label" >&2; exit 1
fi
echo "$merged"
case "$merged" in
  *"(0 solved by the merge step)"*) ;;
  *) echo "FAIL: the label parts are not complete" >&2; exit 1 ;;
esac

echo "== selfplay: 30 games as an array of 3 tasks against one local run"
S=$WORK/selfplay
job=$("$HERE/submit.sh" selfplay 30 "$S" --shards 3 --seed 5 --bin "$TOOLS" -- --depth 2)
wait_job "$job" 600
"$TOOLS" selfplay --games 30 --seed 5 --depth 2 --quiet --out "$WORK/selfplay-local.txt"
games() { grep -hE '% game [0-9]+$' "$@" | sort; }
if [ "$(games "$S"/selfplay-*.txt | wc -l)" != 30 ] ||
   [ "$(games "$S"/selfplay-*.txt)" != "$(games "$WORK/selfplay-local.txt")" ]; then
  echo "FAIL: the selfplay parts differ from the local run" >&2; exit 1
fi
echo "ok: 30 games in 3 parts, the same as one run"
echo "3 passed, 0 failed"
