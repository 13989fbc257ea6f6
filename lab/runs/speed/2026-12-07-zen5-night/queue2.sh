#!/bin/bash
# The side-by-side runs of the kept change (sort from 6 empties, moves handed down), one after another
# on core 1, BIN=/tmp/os-sort6 (the build of the commit that keeps it).
cd /work/main
D=lab/runs/speed/2026-12-07-zen5-night
BIN=/tmp/os-sort6
run() { local name=$1; shift; echo "$(date +%T) start $name" >> /tmp/queue5.log
  BIN=$BIN THREADS=1 nice taskset -c 1 scripts/ffo-vs-edax.sh "$@" > $D/$name.txt 2>&1
  echo "$(date +%T) end $name: $(tail -1 $D/$name.txt | cut -c1-150)" >> /tmp/queue5.log; }
run hard20-exact-t1-v4-sort6 /tmp/sets/h20.obf 1 276
run w20-exact-t1-v4-sort6 /tmp/sets/w20.obf 1 200
run ffo40-59-exact-t1-v4-sort6 ../shared/data/positions/ffo-fforum/fforum-40-59.obf 1 20
run hard25-every10-exact-t1-v4-sort6 /tmp/sets/h25t.obf 1 32
touch /tmp/queue5.DONE
