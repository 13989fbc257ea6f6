#!/bin/bash
# Third quiet runs of 222b387's search (/tmp/os-main, built from f07e5f4), one thread, 256 MiB, core 1,
# core 0 idle but for editing: FFO #40-#59 --wld, then exact.
cd /work/main
D=lab/runs/speed/2026-12-07-zen5-quiet
BIN=/tmp/os-main
F=../shared/data/positions/ffo-fforum/fforum-40-59.obf
run() { local name=$1; shift; echo "$(date +%T) start $name" >> /tmp/quiet4.log
  BIN=$BIN THREADS=1 nice taskset -c 1 scripts/ffo-vs-edax.sh "$@" > $D/$name.txt 2>&1
  echo "$(date +%T) end $name: $(tail -1 $D/$name.txt | cut -c1-150)" >> /tmp/quiet4.log; }
run ffo40-59-wld-t1-v4-run3 --wld $F 1 20
run ffo40-59-exact-t1-v4-run3 $F 1 20
touch /tmp/quiet4.DONE
