#!/bin/bash
# The pure part at 14 and 16 empties with 50 held-out positions each, and the memory curve on the
# 16-empty set (50 positions), 2026-12-04, AMD EPYC Zen 4 (family 25 model 17), one core (taskset),
# CI's build and tests on the other. tuned.env is the reduced study's (the settings every other
# column of the summary ran with), copied in before the run.
mkdir -p /tmp/w/s50 && cp lab/runs/pn-family/study-2026-12-03/tuned.env /tmp/w/s50/
PARTS="pure memory" COUNT=50 SIZES="14 16" PURE_FFO=0 MEMORY_EMPTIES=16 MEMORY_NODE_LIMIT=200000000 \
  TIME_LIMIT=60 BIN=target/release/othello-solver TOOLS=target/release/othello-tools \
  nice taskset -c 1 scripts/pn-study.sh /tmp/w/s50
# The merged summary (summary.md): this run's columns replace the 20-position pure columns of
# ../study-2026-12-03-larger/summary.md:
#   python3 scripts/pn-study-table.py --summary /tmp/w/s50 > /tmp/w/s50-summary.md
#   python3 lab/runs/pn-family/study-2026-12-04-pure50/splice.py \
#     lab/runs/pn-family/study-2026-12-03-larger/summary.md /tmp/w/s50-summary.md > summary.md
