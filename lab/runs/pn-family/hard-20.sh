#!/bin/bash
# hard-20 (all 276) with --check for pds and pds-pn, exact and --wld, one thread, default hand-over.
B=/tmp/w/pd-bin
cd /work/main
for algo in pds pds-pn; do
  for m in "" "--wld"; do
    $B batch --jobs 1 --threads 1 --hash-mb 256 --check --time-limit 600 --algo $algo $m ../shared/data/positions/edax-hard/hard-20.obf 2>&1 | tail -1 | sed "s/^/$algo ${m:-exact} hard-20: /"
  done
done
