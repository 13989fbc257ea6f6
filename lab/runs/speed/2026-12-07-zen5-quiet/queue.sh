#!/bin/bash
# Quiet side-by-side runs of 222b387 (bdae41e's search; /tmp/os-main = its release build), one thread,
# 256 MiB, on core 1, core 0 idle but for editing: three rounds of hard-20, 20 empties and hard-25 every
# tenth, then one x86-64-v3 round of hard-20 and 20 empties, 24 empties and FFO #40-#59 exact.
cd /work/main
D=lab/runs/speed/2026-12-07-zen5-quiet
BIN=/tmp/os-main
F=../shared/data/positions/ffo-fforum/fforum-40-59.obf
H25=/tmp/sets/h25t.obf   # awk 'NR%10==1' ../shared/data/positions/edax-hard/hard-25.obf
run() { local name=$1; shift; echo "$(date +%T) start $name" >> /tmp/quiet.log
  BIN=$BIN THREADS=1 nice taskset -c 1 scripts/ffo-vs-edax.sh "$@" > $D/$name.txt 2>&1
  echo "$(date +%T) end $name: $(tail -1 $D/$name.txt | cut -c1-150)" >> /tmp/quiet.log; }
for r in 1 2 3; do
  run hard20-exact-t1-v4-run$r ../shared/data/positions/edax-hard/hard-20.obf 1 276
  run w20-exact-t1-v4-run$r /tmp/sets/w20.obf 1 200
  run hard25-every10-exact-t1-v4-run$r $H25 1 32
done
EDAX_HOME=$HOME/.cache/othello-anchors/edax-14f048c-v3 run hard20-exact-t1-v3-run1 ../shared/data/positions/edax-hard/hard-20.obf 1 276 -- --isa x86-64-v3
EDAX_HOME=$HOME/.cache/othello-anchors/edax-14f048c-v3 run w20-exact-t1-v3-run1 /tmp/sets/w20.obf 1 200 -- --isa x86-64-v3
run w24-exact-t1-v4-run1 /tmp/sets/w24.obf 1 200
run ffo40-59-exact-t1-v4-run1 $F 1 20
touch /tmp/quiet.DONE
# Afterwards, by hand: FFO #60-#79 at 60 s a position (core 1, while callgrind ran on core 0; not a timing run):
#   nice taskset -c 1 /tmp/os-main batch ../shared/data/positions/ffo-fforum/fforum-60-79.obf --jobs 1 --threads 1 \
#     --hash-mb 256 --time-limit 60 --check --format jsonl > $D/ffo60-79-exact-t1-limit60.jsonl
# and, quiet again (core 0 idle but for editing): FFO #40-#59 --wld
#   BIN=$BIN THREADS=1 nice taskset -c 1 scripts/ffo-vs-edax.sh --wld $F 1 20 > $D/ffo40-59-wld-t1-v4-run1.txt
