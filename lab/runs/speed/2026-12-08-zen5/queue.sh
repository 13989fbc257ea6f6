#!/bin/bash
# Quiet side-by-side runs of 4953bb2 (/tmp/os-4953), one thread, 256 MiB, core 1, core 0 idle but for editing.
cd /work/main
D=lab/runs/speed/2026-12-08-zen5
run() { local name=$1; shift; echo "$(date +%T) start $name" >> /tmp/quiet6.log
  BIN=/tmp/os-4953 THREADS=1 nice taskset -c 1 scripts/ffo-vs-edax.sh "$@" > $D/$name.txt 2>&1
  echo "$(date +%T) end $name: $(tail -1 $D/$name.txt | cut -c1-150)" >> /tmp/quiet6.log; }
run hard20-exact-t1-v4-4953bb2 /tmp/sets/h20.obf 1 276
run w20-exact-t1-v4-4953bb2 /tmp/sets/w20.obf 1 200
touch /tmp/quiet6.DONE
