#!/bin/bash
# The side-by-side runs of this session, one after another on core 1.
# queue.sh 1: the first --wld run (run 2 was the same line renamed -run2); queue.sh 2: run 3, the exact
# one-thread FFO and hard-20 rows. The two-thread row ran alone (both cores, nothing else running):
#   BIN=/tmp/os-2bf5381 THREADS=2 nice scripts/ffo-vs-edax.sh $F 1 20 > $D/ffo40-59-exact-t2-v4-2bf5381.txt
cd /work/main
D=lab/runs/speed/2026-12-07-zen5-evening
run() { local name=$1; shift; echo "$(date +%T) start $name" >> /tmp/queue3.log
  BIN=/tmp/os-2bf5381 THREADS=1 nice taskset -c 1 scripts/ffo-vs-edax.sh "$@" > $D/$name.txt 2>&1
  echo "$(date +%T) end $name: $(tail -1 $D/$name.txt | cut -c1-150)" >> /tmp/queue3.log; }
F=../shared/data/positions/ffo-fforum/fforum-40-59.obf
if [ "${1:-1}" = 1 ]; then
  run ffo40-59-wld-t1-v4-2bf5381 --wld $F 1 20
else
  run ffo40-59-wld-t1-v4-2bf5381-run3 --wld $F 1 20
  run ffo40-59-exact-t1-v4-2bf5381 $F 1 20
  run hard20-exact-t1-v4-2bf5381 /tmp/sets/h20.obf 1 276
fi
touch /tmp/queue3.DONE
