#!/bin/bash
cd /work/main
D=lab/runs/speed/2026-12-07-zen5
export V3=$HOME/.cache/othello-anchors/edax-14f048c-v3
run() { local name=$1; shift; echo "$(date +%T) start $name" >> /tmp/queue2.log
  BIN=/tmp/os-89ba19f THREADS=1 nice taskset -c 1 scripts/ffo-vs-edax.sh "$@" > $D/$name.txt 2>&1
  echo "$(date +%T) end $name: $(tail -1 $D/$name.txt | cut -c1-150)" >> /tmp/queue2.log; }
run3() { local name=$1; shift; echo "$(date +%T) start $name" >> /tmp/queue2.log
  EDAX_HOME=$V3 BIN=/tmp/os-89ba19f THREADS=1 nice taskset -c 1 scripts/ffo-vs-edax.sh "$@" -- --isa x86-64-v3 > $D/$name.txt 2>&1
  echo "$(date +%T) end $name: $(tail -1 $D/$name.txt | cut -c1-150)" >> /tmp/queue2.log; }
F=../shared/data/positions/ffo-fforum/fforum-40-59.obf
run  hard20-exact-t1-v4-89ba19f /tmp/sets/h20.obf 1 276
run3 hard20-exact-t1-v3-89ba19f /tmp/sets/h20.obf 1 276
run  w20-exact-t1-v4-89ba19f /tmp/sets/w20.obf 1 200
run3 w20-exact-t1-v3-89ba19f /tmp/sets/w20.obf 1 200
run  hard25-every10-exact-t1-v4-89ba19f /tmp/sets/h25t.obf 1 32
run  w24-exact-t1-v4-89ba19f /tmp/sets/w24.obf 1 200
run  ffo40-59-exact-t1-v4-89ba19f $F 1 20
run3 ffo40-59-exact-t1-v3-89ba19f $F 1 20
touch /tmp/queue2.DONE
