#!/bin/bash
# FFO #1-#39 with --check for pds and pds-pn, exact and --wld, one thread, default hand-over.
B=/tmp/w/pd-bin
cd /work/main
for algo in pds pds-pn; do
  for m in "" "--wld"; do
    for set in fforum-1-19 fforum-20-39; do
      $B batch --jobs 1 --threads 1 --hash-mb 256 --check --time-limit 600 --algo $algo $m ../shared/data/positions/ffo-fforum/$set.obf 2>&1 | tail -1 | sed "s/^/$algo ${m:-exact} $set: /"
    done
  done
done
