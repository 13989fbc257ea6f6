#!/bin/bash
# After queue4.sh: FFO #40-#59 --wld at two threads on both cores, nothing else running.
cd /work/main
D=lab/runs/speed/2026-12-07-zen5-quiet
BIN=/tmp/os-main THREADS=2 nice taskset -c 0,1 scripts/ffo-vs-edax.sh --wld ../shared/data/positions/ffo-fforum/fforum-40-59.obf 1 20 > $D/ffo40-59-wld-t2-v4-run1.txt 2>&1
