#!/bin/bash
# The self-play training data of the shipped weights: 60,000 self-play games
# (seed 2026, the default settings) and the 8-ply search values of their 419,445
# distinct positions with 19-25 empties, both made with the bootstrapped weights
# of c8f0e15 (fingerprint cc46c55cd1c70a04), whose stages of 26 empties and fewer
# the shipped weights share (labels: the evaluation at 11-17 empties).
#
#   scripts/selfplay-data.sh [OUT_DIR]      (default lab/labels/selfplay)
#
# Deterministic and resumable (both commands append and resume); about 20 minutes
# of games and 20 of labels on 2 idle cores. Not in git (remade from the seed);
# the sha256 of each file is checked at the end. Env JOBS (default 2), NICE (19).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
OUT=${1:-lab/labels/selfplay}
JOBS=${JOBS:-2}
TOOLS=${TOOLS:-target/release/othello-tools}
mkdir -p "$OUT"
[ -x "$TOOLS" ] || cargo build --release -p othello-tools
W=$OUT/eval-c8f0e15.bin
[ -s "$W" ] || git show c8f0e15:weights/eval.bin > "$W"
nice -n "${NICE:-19}" "$TOOLS" selfplay --games 60000 --seed 2026 --weights "$W" \
  --jobs "$JOBS" --quiet --out "$OUT/selfplay-60k.txt"
nice -n "${NICE:-19}" "$TOOLS" label "$OUT/selfplay-60k.txt" --empties 19-25 --search-depth 8 \
  --weights "$W" --jobs "$JOBS" --chunk 256 --quiet --out "$OUT/selfplay-19-25-d8.bin"
# The game lines (the header records the command and the start time, which differ).
want_games=f174bc2981ff8c8ce4e5ad9e75ad6fa69d98703990049bcfc8c613e81e12cc21
got_games=$(grep -v '^%' "$OUT/selfplay-60k.txt" | sha256sum | cut -d' ' -f1)
# The labels as a set (the order of the records depends on the threads), as
# `othello-tools labels` prints them.
got_labels=$("$TOOLS" labels --no-header "$OUT/selfplay-19-25-d8.bin" | LC_ALL=C sort | sha256sum | cut -d' ' -f1)
want_labels=15c207b0141c0a93280921b1347356d1269faa16d441df5df029fdab1b42ebcb
[ "$got_games" = "$want_games" ] || { echo "selfplay-data: the games differ from the shipped run ($got_games)" >&2; exit 1; }
[ "$got_labels" = "$want_labels" ] || { echo "selfplay-data: the labels differ from the shipped run ($got_labels)" >&2; exit 1; }
echo "selfplay-data: $OUT/selfplay-60k.txt and $OUT/selfplay-19-25-d8.bin as shipped" >&2
