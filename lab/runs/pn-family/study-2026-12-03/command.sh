#!/bin/bash
# The reduced study of 2026-12-03 (AMD EPYC Zen 4, family 25 model 17, 2 cores; two runs at once).
PARTS="tune pure leaf limit memory" TUNE_COUNT=20 TUNE_EMPTIES=14 COUNT=20 SIZES="14 16" PURE_FFO=0 \
  LEAVES="17 14" LEAF_SETS="ffo-20-39 hard-20" STRIDE=5 NODE_LIMIT=100000000 MEMORY_EMPTIES=16 \
  MEMORY_NODE_LIMIT=50000000 TIME_LIMIT=60 JOBS=2 scripts/pn-study.sh /tmp/w/study
