#!/bin/bash
# train-subset.sh NAME --without FAMILIES: the shipped fit of the ordering stages (11-27 empties;
# stages 33-49 since a stage is discs - 4, 24-40 when it was run) without some families.
cd "$(dirname "$0")/../../../.."
G=../shared/data/games/wthor
name=$1; shift
nice -n 19 target/release/othello-tools train $G/WTH_*.wtb --out lab/runs/speed/2026-11-27-ordering-eval/$name.bin \
      --target theoretical --ridge 10 --no-smooth --quiet --stages 33-49 \
      --labels lab/labels/wthor-1-16.bin --labels lab/labels/wthor-heldout-1-16.bin \
      --search-labels lab/labels/wthor-19-22-d8.bin \
      --search-labels lab/labels/wthor-23-25-d8.bin \
      --search-labels lab/labels/others-24-d8.bin \
      --search-labels lab/labels/selfplay/selfplay-19-25-d8.bin \
      --search-labels lab/labels/boot/wthor-27-32-d6.bin "$@"
