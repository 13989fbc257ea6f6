#!/bin/bash
# Third quiet runs of 222b387's search (/tmp/os-main, built from f07e5f4: same search), 256 MiB,
# core 0 idle but for editing: WTHOR 2022 at 24 empties and FFO #40-#59 --wld on core 1, one thread;
# then FFO #40-#59 exact at two threads on both cores, nothing else running.
cd /work/main
D=lab/runs/speed/2026-12-07-zen5-quiet
BIN=/tmp/os-main
F=../shared/data/positions/ffo-fforum/fforum-40-59.obf
run() { local name=$1 threads=$2 cpus=$3; shift 3; echo "$(date +%T) start $name" >> /tmp/quiet3.log
  BIN=$BIN THREADS=$threads nice taskset -c "$cpus" scripts/ffo-vs-edax.sh "$@" > $D/$name.txt 2>&1
  echo "$(date +%T) end $name: $(tail -1 $D/$name.txt | cut -c1-150)" >> /tmp/quiet3.log; }
run w24-exact-t1-v4-run3 1 1 /tmp/sets/w24.obf 1 200
run ffo40-59-wld-t1-v4-run2 1 1 --wld $F 1 20
run ffo40-59-exact-t2-v4-run1 2 0,1 $F 1 20
touch /tmp/quiet3.DONE
