#!/bin/bash
# More side-by-side runs of bdae41e (/tmp/os-sort6): --wld and 24 empties on core 1, then the two-thread
# exact run with both cores (nothing else running).
cd /work/main
D=lab/runs/speed/2026-12-07-zen5-night
BIN=/tmp/os-sort6
F=../shared/data/positions/ffo-fforum/fforum-40-59.obf
run() { local name=$1; shift; echo "$(date +%T) start $name" >> /tmp/queue6.log
  BIN=$BIN THREADS=1 nice taskset -c 1 scripts/ffo-vs-edax.sh "$@" > $D/$name.txt 2>&1
  echo "$(date +%T) end $name: $(tail -1 $D/$name.txt | cut -c1-150)" >> /tmp/queue6.log; }
run ffo40-59-wld-t1-v4-sort6 --wld $F 1 20
run w24-exact-t1-v4-sort6 /tmp/sets/w24.obf 1 200
echo "$(date +%T) start two threads" >> /tmp/queue6.log
BIN=$BIN THREADS=2 nice scripts/ffo-vs-edax.sh $F 1 20 > $D/ffo40-59-exact-t2-v4-sort6.txt 2>&1
echo "$(date +%T) end two threads: $(tail -1 $D/ffo40-59-exact-t2-v4-sort6.txt | cut -c1-150)" >> /tmp/queue6.log
touch /tmp/queue6.DONE
