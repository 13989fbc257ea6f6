#!/bin/bash
# Run 2026-12-03 on AMD EPYC Zen 4 (family 25, model 17) with BIN = a release build of ead52bd; output in deep-dfpn-check-2026-12-03.txt.
# FFO #1-#39 and hard-20 (all 276) with --check for deep-dfpn (default E = 3, D = 20) and dfpn+ with
# the depth term, exact and --wld, one thread, default hand-over. BIN: the solver to run.
B=${BIN:-target/release/othello-solver}
P=../shared/data/positions
for algo in "deep-dfpn" "dfpn+ --plus-depth"; do
  for m in "" "--wld"; do
    for set in ffo-fforum/fforum-1-19 ffo-fforum/fforum-20-39 edax-hard/hard-20; do
      # shellcheck disable=SC2086
      nice $B batch --jobs 1 --threads 1 --hash-mb 256 --check --time-limit 600 --algo $algo $m $P/$set.obf 2>&1 |
        tail -1 | sed "s|^|$algo ${m:-exact} ${set#*/}: |"
    done
  done
done
