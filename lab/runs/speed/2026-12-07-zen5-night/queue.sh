#!/bin/bash
# The side-by-side runs of this session, one after another on core 1 (BIN: main's build, 7a1742f;
# the trees of 2bf5381 and 89ba19f). Sets as in ../2026-12-07-zen5/README.md.
cd /work/main
D=lab/runs/speed/2026-12-07-zen5-night
BIN=${BIN:-/tmp/os-base}
run() { local name=$1; shift; echo "$(date +%T) start $name" >> /tmp/queue4.log
  BIN=$BIN THREADS=1 nice taskset -c 1 scripts/ffo-vs-edax.sh "$@" > $D/$name.txt 2>&1
  echo "$(date +%T) end $name: $(tail -1 $D/$name.txt | cut -c1-150)" >> /tmp/queue4.log; }
v3() { local name=$1; shift
  EDAX_HOME=$HOME/.cache/othello-anchors/edax-14f048c-v3 run "$name" "$@" -- --isa x86-64-v3; }
run hard20-exact-t1-v4-7a1742f /tmp/sets/h20.obf 1 276
run w20-exact-t1-v4-7a1742f /tmp/sets/w20.obf 1 200
v3 w20-exact-t1-v3-7a1742f /tmp/sets/w20.obf 1 200
v3 hard20-exact-t1-v3-7a1742f /tmp/sets/h20.obf 1 276
run hard25-every10-exact-t1-v4-7a1742f /tmp/sets/h25t.obf 1 32
run w24-exact-t1-v4-7a1742f /tmp/sets/w24.obf 1 200
touch /tmp/queue4.DONE
