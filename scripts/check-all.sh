#!/usr/bin/env bash
# Correctness at scale: solve every exact-scored set in ../shared/data/positions
# with `batch --check` and report, per set, positions solved / unknown /
# mismatched and the time taken. A mismatch (a wrong answer) fails the run
# (exit 3); an unknown (a time limit hit) is allowed and counted.
#
#   scripts/check-all.sh [OUT_DIR]        # default OUT_DIR: check-all-out
#
# Environment (all optional):
#   BIN          the othello-solver binary (default: builds target/release/othello-solver)
#   DATA         the positions directory (default: ../shared/data/positions)
#   JOBS         batch --jobs (default 1: the machine is shared; results do not depend on it)
#   HASH_MB      table size per job in MiB (default 512)
#   ALGO         search algorithm (default: none given, so each question gets the CLI's
#                default algorithm, as a user's `batch` does)
#   LIMIT_1_39   per-position seconds for FFO #1-#39 (default: none)
#   LIMIT_40_59  per-position seconds for FFO #40-#59 (default: none)
#   LIMIT_60_79  per-position seconds for FFO #60-#79 (default 20)
#   LIMIT_HARD20 / LIMIT_HARD25 / LIMIT_HARD30  per-position seconds (default: none)
#   LIMIT_UNIT   seconds (default: --time-limit, wall clock) or nodes (--node-limit: the
#                same answer on any machine and under any load)
#   RESUME       1: a set whose OUT_DIR/<set>.jsonl exists is resumed (batch --resume),
#                so a long sweep can be stopped and continued
#   SETS         which sets, space-separated (default: all seven)
#
# Each set's rows go to OUT_DIR/<set>.jsonl (one row per position, with
# `check`), its summary to OUT_DIR/<set>.log; the table at the end is also
# written to OUT_DIR/summary.md.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${1:-check-all-out}
DATA=${DATA:-../shared/data/positions}
JOBS=${JOBS:-1}
HASH_MB=${HASH_MB:-512}
ALGO=${ALGO:-}
LIMIT_UNIT=${LIMIT_UNIT:-seconds}
RESUME=${RESUME:-0}
SETS=${SETS:-"fforum-1-19 fforum-20-39 fforum-40-59 fforum-60-79 hard-20 hard-25 hard-30"}
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=target/release/othello-solver
fi
if [ ! -d "$DATA" ]; then
  echo "check-all: $DATA not found (the shared test data must be beside the checkout)" >&2
  exit 1
fi
mkdir -p "$OUT"

limit_of() {
  case "$1" in
    fforum-1-19|fforum-20-39) echo "${LIMIT_1_39:-}" ;;
    fforum-40-59) echo "${LIMIT_40_59:-}" ;;
    fforum-60-79) echo "${LIMIT_60_79:-20}" ;;
    hard-20) echo "${LIMIT_HARD20:-}" ;;
    hard-25) echo "${LIMIT_HARD25:-}" ;;
    hard-30) echo "${LIMIT_HARD30:-}" ;;
  esac
}
file_of() {
  case "$1" in
    fforum-*) echo "$DATA/ffo-fforum/$1.obf" ;;
    hard-*) echo "$DATA/edax-hard/$1.obf" ;;
  esac
}

failed=0
{
  echo "| set | positions | solved | unknown | mismatched | per-position limit | wall time |"
  echo "|---|---:|---:|---:|---:|---|---:|"
} > "$OUT/summary.md"
for set in $SETS; do
  file=$(file_of "$set")
  limit=$(limit_of "$set")
  args=(batch "$file" --check --jobs "$JOBS" --hash-mb "$HASH_MB"
        --format jsonl --output "$OUT/$set.jsonl")
  [ -n "$ALGO" ] && args+=(--algo "$ALGO")
  if [ -n "$limit" ]; then
    case "$LIMIT_UNIT" in
      seconds) args+=(--time-limit "$limit") ;;
      nodes) args+=(--node-limit "$limit") ;;
      *) echo "check-all: LIMIT_UNIT must be seconds or nodes, not $LIMIT_UNIT" >&2; exit 2 ;;
    esac
  fi
  [ "$RESUME" = 1 ] && [ -s "$OUT/$set.jsonl" ] && args+=(--resume)
  echo "== $set: $BIN ${args[*]}" >&2
  start=$(date +%s)
  set +e
  "$BIN" "${args[@]}" 2> "$OUT/$set.log"
  code=$?
  set -e
  secs=$(( $(date +%s) - start ))
  summary=$(grep '^summary:' "$OUT/$set.log" || true)
  cat "$OUT/$set.log" >&2
  # summary: N positions: S solved, U unknown, M mismatched; ...
  read -r total solved unknown mism < <(echo "$summary" |
    sed -E 's/^summary: ([0-9]+) positions: ([0-9]+) solved, ([0-9]+) unknown, ([0-9]+) mismatched.*/\1 \2 \3 \4/') || true
  limit_text=none
  if [ -n "$limit" ]; then
    if [ "$LIMIT_UNIT" = nodes ]; then limit_text="$limit nodes"; else limit_text="$limit s"; fi
  fi
  printf '| %s | %s | %s | %s | %s | %s | %s s |\n' "$set" "${total:-?}" "${solved:-?}" \
    "${unknown:-?}" "${mism:-?}" "$limit_text" "$secs" >> "$OUT/summary.md"
  case $code in
    0|4) ;;                       # all solved, or some unknown (allowed)
    3) failed=1; echo "check-all: $set: WRONG ANSWERS (see $OUT/$set.jsonl)" >&2 ;;
    *) failed=1; echo "check-all: $set: exit code $code" >&2 ;;
  esac
done
cat "$OUT/summary.md"
if [ "$failed" -ne 0 ]; then
  exit 3
fi
