#!/bin/bash
# Backward bootstrapping of the evaluation's stages above the endgame.
#
#   scripts/bootstrap.sh [OUT_DIR]       (default lab/labels/boot)
#
# Round by round from the endgame up to the opening, every distinct position of
# the WTHOR training games (1977-2017) with the round's numbers of empties is
# valued by a DEPTH-ply search whose leaves fall on stages fitted in an earlier
# round (`label --search-depth DEPTH --weights <previous round's weights>`), and
# all stages are refitted with every round's labels so far (the shipped recipe,
# docs/training.md, with the self-play labels of scripts/selfplay-data.sh, plus
# these `--search-labels`). Round r's weights are
# OUT_DIR/eval-<range>.bin; the last one, centred (OUT_DIR/eval-centred.bin), is
# the candidate for weights/eval.bin.
# Resumable: a finished round (its weights exist) is skipped, and `label` resumes
# a partial labels file. Deterministic: the same commands give the same files.
#
# Env: DEPTH (plies, default 6; each round spans DEPTH stages so that its leaves
# land on fitted ones), START (the weights the first round searches with,
# default weights/eval.bin), JOBS (threads, default 2), NICE (default 19).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
OUT=${1:-lab/labels/boot}
DEPTH=${DEPTH:-6}
JOBS=${JOBS:-2}
W=${START:-weights/eval.bin}
TOOLS=${TOOLS:-target/release/othello-tools}
G=../shared/data/games/wthor
mkdir -p "$OUT"
[ -x "$TOOLS" ] || cargo build --release -p othello-tools
# The self-play labels at 19-25 empties are part of the shipped fit.
SP=lab/labels/selfplay/selfplay-19-25-d8.bin
[ -s "$SP" ] || TOOLS=$TOOLS scripts/selfplay-data.sh
TRAIN_GAMES=()
for y in $(seq 1977 2017); do TRAIN_GAMES+=("$G/WTH_$y.wtb"); done

first=27
search=()
while [ "$first" -le 60 ]; do
  last=$((first + DEPTH - 1)); [ "$last" -gt 60 ] && last=60
  range=$first-$last
  labels=$OUT/wthor-$range-d$DEPTH.bin
  weights=$OUT/eval-$range.bin
  search+=(--search-labels "$labels")
  if [ ! -s "$weights" ]; then
    echo "bootstrap: round $range: labels with $W" >&2
    nice -n "${NICE:-19}" "$TOOLS" label "${TRAIN_GAMES[@]}" --empties "$range" \
      --search-depth "$DEPTH" --weights "$W" --jobs "$JOBS" --chunk 256 --quiet --out "$labels"
    echo "bootstrap: round $range: fit" >&2
    nice -n "${NICE:-19}" "$TOOLS" train "$G"/WTH_*.wtb --out "$weights" \
      --target theoretical --ridge 10 --no-smooth --quiet \
      --labels lab/labels/wthor-1-16.bin --labels lab/labels/wthor-heldout-1-16.bin \
      --search-labels lab/labels/wthor-19-22-d8.bin \
      --search-labels lab/labels/wthor-23-25-d8.bin \
      --search-labels lab/labels/others-24-d8.bin \
      --search-labels "$SP" \
      "${search[@]}"
  fi
  W=$weights
  first=$((last + 1))
done
# Last, the stages from 27 empties up are moved onto a smooth mean along the
# training games (`othello-tools center`): 6-ply labels undervalue the side to
# move, and the rounds let black's and white's stages drift apart.
if [ ! -s "$OUT/eval-centred.bin" ]; then
  echo "bootstrap: centring" >&2
  nice -n "${NICE:-19}" "$TOOLS" center "$G"/WTH_*.wtb --weights "$W" \
    --out "$OUT/eval-centred.bin" > "$OUT/center.txt"
fi
echo "bootstrap: done; the weights are $OUT/eval-centred.bin (report beside them)" >&2
