#!/usr/bin/env bash
# The proof-number family study: df-pn, df-pn+ (with and without the depth
# term), deep df-pn, PDS and PDS-PN against alpha-beta, one thread, on the
# questions "--bound 1" and "--wld". Writes one JSONL file per run under
# OUT_DIR, the chosen parameters in OUT_DIR/tuned.env, and the tables in
# OUT_DIR/study.md (scripts/pn-study-table.py).
#
#   scripts/pn-study.sh [OUT_DIR]       # default OUT_DIR: pn-study-out
#
# Parts (PARTS, default "tune pure leaf limit memory"):
#   tune    training side only (WTHOR games up to 2017, TUNE_COUNT positions
#           at TUNE_EMPTIES, pure search, --wld): deep df-pn's (E, D), the
#           depth term's (E, D) on df-pn+ and PDS-PN's (a, b), each chosen by
#           the geometric mean of its nodes. These fixed settings, not a
#           per-position best, are what the other parts run.
#   pure    held-out WTHOR games (2018-2022), COUNT positions at each of
#           SIZES empties, and FFO #1-#19 (PURE_FFO=0 leaves it out);
#           --leaf-empties 0.
#   leaf    LEAF_SETS (default "ffo-20-49 hard-20 hard-25"; ffo-20-39 is
#           another choice), the hard sets every STRIDE-th line, with the
#           leaf solver at each of LEAVES empties.
#   limit   FFO #50-#59 under --node-limit NODE_LIMIT (default hand-over),
#           counting the positions solved.
#   memory  the held-out WLD set at MEMORY_EMPTIES, pure search, with
#           --hash-mb halved from 256 down to 1, under --node-limit
#           MEMORY_NODE_LIMIT.
# Every run has --time-limit TIME_LIMIT per position; a position it does not
# solve counts as unsolved, and ratios use only the positions every
# algorithm of the table solved. Peak memory is the resident set of the
# batch process (/usr/bin/time). Answers are compared between algorithms,
# and with --check against the exact scores of the FFO and hard sets.
#
# Env: BIN (target/release/othello-solver), TOOLS
# (target/release/othello-tools), GAMES (../shared/data/games/wthor),
# COUNT (50), SIZES ("14 16 18"), PURE_FFO (1), LEAF_SETS, TUNE_COUNT (50), TUNE_EMPTIES (16),
# LEAVES ("17 14"), STRIDE (1), NODE_LIMIT (1000000000), MEMORY_EMPTIES (16),
# MEMORY_NODE_LIMIT (200000000), TIME_LIMIT (120), HASH_MB (256), JOBS (1:
# runs side by side; above 1 the times are of a loaded machine), SEED (1).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-pn-study-out}
BIN=${BIN:-target/release/othello-solver}
TOOLS=${TOOLS:-target/release/othello-tools}
GAMES=${GAMES:-../shared/data/games/wthor}
POS=../shared/data/positions
PARTS=${PARTS:-tune pure leaf limit memory}
COUNT=${COUNT:-50}; SIZES=${SIZES:-14 16 18}
TUNE_COUNT=${TUNE_COUNT:-50}; TUNE_EMPTIES=${TUNE_EMPTIES:-16}
LEAVES=${LEAVES:-17 14}; STRIDE=${STRIDE:-1}; PURE_FFO=${PURE_FFO:-1}
LEAF_SETS=${LEAF_SETS:-ffo-20-49 hard-20 hard-25}
NODE_LIMIT=${NODE_LIMIT:-1000000000}
MEMORY_EMPTIES=${MEMORY_EMPTIES:-16}; MEMORY_NODE_LIMIT=${MEMORY_NODE_LIMIT:-200000000}
TIME_LIMIT=${TIME_LIMIT:-120}; HASH_MB=${HASH_MB:-256}; JOBS=${JOBS:-1}; SEED=${SEED:-1}
QUESTIONS=("--bound 1" "--wld")

for f in "$BIN" "$TOOLS" /usr/bin/time; do
  [ -x "$f" ] || { echo "pn-study: $f not found (cargo build --release; apt-get install time)" >&2; exit 2; }
done
[ -d "$GAMES" ] && [ -d "$POS" ] || { echo "pn-study: ../shared (game records and positions) not found" >&2; exit 2; }
mkdir -p "$OUT/sets" "$OUT/runs"
TASKS="$OUT/tasks.txt"; : > "$TASKS"

# One run: a batch over a set with one configuration. Appends a task line:
# PART<TAB>SET<TAB>QUESTION<TAB>LABEL<TAB>ARGS. The label names the
# algorithm in the tables; the file name is made from all fields.
task() { printf '%s\t%s\t%s\t%s\t%s\n' "$@" >> "$TASKS"; }

sample() { # EMPTIES COUNT YEARS NAME
  [ -s "$OUT/sets/$4.obf" ] || "$TOOLS" sample "$GAMES" --empties "$1" --count "$2" --seed "$SEED" \
    --include-years "$3" --exact-count --out "$OUT/sets/$4.obf" >&2
}
every() { # FILE NAME [STRIDE]: every STRIDE-th position of FILE
  awk -v s="${3:-1}" '/^%/ || /^$/ {next} {n++; if ((n - 1) % s == 0) print}' "$1" > "$OUT/sets/$2.obf"
}

run_tasks() {
  export BIN OUT TIME_LIMIT
  # shellcheck disable=SC2016
  tr '\n' '\0' < "$TASKS" | xargs -0 -P "$JOBS" -I{} bash -c '
    IFS=$'"'"'\t'"'"' read -r part set q label args <<< "$1"
    name=$(printf "%s__%s__%s__%s__%s" "$part" "$set" "$q" "$label" "$args" | tr -c "A-Za-z0-9_.=+-" "_")
    jsonl="$OUT/runs/$name.jsonl"
    [ -s "$jsonl.done" ] && exit 0
    # shellcheck disable=SC2086
    /usr/bin/time -f "%M" -o "$jsonl.rss" nice "$BIN" batch --jobs 1 --threads 1 --format jsonl --check \
      --time-limit "$TIME_LIMIT" $q $args "$OUT/sets/$set.obf" > "$jsonl" 2> "$jsonl.err" || true
    printf "%s\t%s\t%s\t%s\t%s\n" "$part" "$set" "$q" "$label" "$args" > "$jsonl.done"
    echo "pn-study: $part $set $q $label: $(grep -c "\"status\":\"solved\"" "$jsonl") solved" >&2
  ' _ {}
  : > "$TASKS"
}

# Algorithms with their fixed parameters (after the tune part).
family() { # extra args for every member
  local x=$1
  echo "alphabeta|--algo alphabeta $x"
  echo "dfpn|--algo dfpn $x"
  echo "dfpn+|--algo dfpn+ $x"
  echo "dfpn+ depth|--algo dfpn+ --plus-depth $PLUS_ARGS $x"
  echo "deep-dfpn|--algo deep-dfpn $DEEP_ARGS $x"
  echo "pds|--algo pds $x"
  echo "pds-pn|--algo pds-pn $PN2_ARGS $x"
}
queue_family() { # PART SET EXTRA
  local q line
  for q in "${QUESTIONS[@]}"; do
    family "$3" | while IFS='|' read -r label args; do task "$1" "$2" "$q" "$label" "$args"; done
  done
}

# PDS-PN's --pn2-a and --pn2-b at a table of MB mebibytes, from fractions
# of its capacity (read from a one-position run).
pn2_args() { # MB A_FRACTION B_FRACTION
  grep -v '^%' "$OUT/sets/tune.obf" | head -1 > "$OUT/sets/one.obf"
  "$BIN" batch --jobs 1 --format jsonl --algo pds-pn --hash-mb "$1" --bound 1 --leaf-empties 0 \
    "$OUT/sets/one.obf" 2>/dev/null | python3 -c '
import json, sys
n = json.loads(sys.stdin.readline())["table"]["capacity"]
a, b = float(sys.argv[1]), float(sys.argv[2])
print(f"--pn2-a {max(1, round(a * n))} --pn2-b {max(1, round(b * n))}")' "$2" "$3"
}

if [[ " $PARTS " == *" tune "* ]] || [ ! -s "$OUT/tuned.env" ]; then
  sample "$TUNE_EMPTIES" "$TUNE_COUNT" 1977-2017 tune
  # The baselines, so that the tune table shows what each setting gains.
  task tune tune --wld "dfpn" "--algo dfpn --leaf-empties 0 --hash-mb $HASH_MB"
  task tune tune --wld "dfpn+" "--algo dfpn+ --leaf-empties 0 --hash-mb $HASH_MB"
  for ed in "2 8" "2 16" "2 24" "3 20" "4 20"; do
    set -- $ed
    task tune tune --wld "deep-dfpn E=$1 D=$2" "--algo deep-dfpn --deep-e $1 --deep-d $2 --leaf-empties 0 --hash-mb $HASH_MB"
    task tune tune --wld "dfpn+ depth E=$1 D=$2" "--algo dfpn+ --plus-depth --deep-e $1 --deep-d $2 --leaf-empties 0 --hash-mb $HASH_MB"
  done
  for ab in "0.45 0.30" "0.10 0.05" "0.01 0.005" "0.001 0.0005"; do
    set -- $ab
    task tune tune --wld "pds-pn a=$1N b=$2N" "--algo pds-pn $(pn2_args "$HASH_MB" "$1" "$2") --leaf-empties 0 --hash-mb $HASH_MB"
  done
  run_tasks
  python3 scripts/pn-study-table.py --tune "$OUT" > "$OUT/tuned.env"
fi
# shellcheck disable=SC1091
source "$OUT/tuned.env"
sample "$TUNE_EMPTIES" "$TUNE_COUNT" 1977-2017 tune # pn2_args reads its first line
every "$POS/ffo-fforum/fforum-40-59.obf" ffo-40-59 # the leaf and limit parts' FFO #40-#59
PN2_ARGS=$(pn2_args "$HASH_MB" "$PN2_A" "$PN2_B")
echo "pn-study: deep-dfpn $DEEP_ARGS; dfpn+ depth $PLUS_ARGS; pds-pn a = $PN2_A N, b = $PN2_B N" >&2

if [[ " $PARTS " == *" pure "* ]]; then
  for e in $SIZES; do
    sample "$e" "$COUNT" 2018-2022 "wthor-$e"
    queue_family pure "wthor-$e" "--leaf-empties 0 --hash-mb $HASH_MB"
  done
  if [ "$PURE_FFO" = 1 ]; then
    every "$POS/ffo-fforum/fforum-1-19.obf" ffo-1-19
    queue_family pure ffo-1-19 "--leaf-empties 0 --hash-mb $HASH_MB"
  fi
  run_tasks
fi

if [[ " $PARTS " == *" leaf "* ]]; then
  every "$POS/ffo-fforum/fforum-20-39.obf" ffo-20-39
  cat "$OUT/sets/ffo-20-39.obf" <(head -10 "$OUT/sets/ffo-40-59.obf") > "$OUT/sets/ffo-20-49.obf"
  every "$POS/edax-hard/hard-20.obf" hard-20 "$STRIDE"
  every "$POS/edax-hard/hard-25.obf" hard-25 "$STRIDE"
  for l in $LEAVES; do
    for s in $LEAF_SETS; do queue_family "leaf-$l" "$s" "--leaf-empties $l --hash-mb $HASH_MB"; done
  done
  run_tasks
fi

if [[ " $PARTS " == *" limit "* ]]; then
  tail -n +11 "$OUT/sets/ffo-40-59.obf" > "$OUT/sets/ffo-50-59.obf"
  queue_family limit ffo-50-59 "--node-limit $NODE_LIMIT --hash-mb $HASH_MB"
  run_tasks
fi

if [[ " $PARTS " == *" memory "* ]]; then
  sample "$MEMORY_EMPTIES" "$COUNT" 2018-2022 "wthor-$MEMORY_EMPTIES"
  for mb in 256 128 64 32 16 8 4 2 1; do
    for m in "dfpn|--algo dfpn" "dfpn+|--algo dfpn+" "pds|--algo pds" "pds-pn|--algo pds-pn $(pn2_args "$mb" "$PN2_A" "$PN2_B")"; do
      IFS='|' read -r label args <<< "$m"
      task "memory-$mb" "wthor-$MEMORY_EMPTIES" --wld "$label" "$args --leaf-empties 0 --hash-mb $mb --node-limit $MEMORY_NODE_LIMIT"
    done
  done
  run_tasks
fi

python3 scripts/pn-study-table.py "$OUT" > "$OUT/study.md"
echo "pn-study: tables in $OUT/study.md" >&2
