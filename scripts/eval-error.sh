#!/bin/bash
# The evaluation's error per stage on held-out games (WTHOR 2018-2022, never
# trained on), static and after 2 and 4 plies, from 59 empties down to 1: the
# table at the top of docs/evaluation.md.
#
#   scripts/eval-error.sh [WEIGHTS]      (default: the weights built in)
#
# References: exact scores at 1-16 empties (lab/labels/wthor-heldout-1-16.bin),
# at 20 (wthor-heldout-20-quarter.bin) and at 17-19 and 21-23
# (wthor-heldout-17-23-shard1of8.bin), WTHOR's perfect-play score at 24
# (the held-out games' own), Edax 4.6 at 17-59 otherwise
# (lab/runs/eval-reference/, scripts/edax-reference.sh): level 20 at 17-30 (an
# endgame search there), and the mean of levels 20 and 21 at 31-59, where level
# 20 is a midgame search whose even depth undervalues the side to move (level 21
# scores higher at every stage; docs/evaluation.md gives by how much). Prints two
# markdown tables (exact, then Edax) with MAE / mean error (bias) / sd per
# depth, and how far apart neighbouring stages are (|static - 1-ply|).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
W=()
[ $# -ge 1 ] && W=(--weights "$(readlink -f "$1")")
cargo build --release -q -p othello-tools --example label_mae
MAE=target/release/examples/label_mae
G=../shared/data/games/wthor
echo "## exact (1-23) and WTHOR's perfect-play score (24)"
"$MAE" lab/labels/wthor-heldout-1-16.bin lab/labels/wthor-heldout-20-quarter.bin \
  lab/labels/wthor-heldout-17-23-shard1of8.bin \
  --games $G/WTH_2018.wtb --games $G/WTH_2019.wtb --games $G/WTH_2020.wtb \
  --games $G/WTH_2021.wtb --games $G/WTH_2022.wtb \
  --depth 2 --depth 4 --stats --neighbours "${W[@]}"
echo
echo "## Edax 4.6: level 20 (17-30), the mean of levels 20 and 21 (31-59)"
"$MAE" --problems lab/runs/eval-reference/edax-l20.obf --problems lab/runs/eval-reference/edax-l21.obf --depth 2 --depth 4 --stats --neighbours "${W[@]}"
