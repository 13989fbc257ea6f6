#!/bin/bash
# The larger study runs of 2026-12-03 (AMD EPYC Zen 4, family 25 model 17, 2 cores; one run at a time,
# debug builds and tests beside it on the other core). Tuned settings from the reduced study's tune part.
BIN=/tmp/w/study-full/bin/othello-solver TOOLS=/tmp/w/study-full/bin/othello-tools \
PARTS="pure leaf" COUNT=50 SIZES="18" PURE_FFO=1 LEAVES="17 14" LEAF_SETS="ffo-20-49 hard-25" STRIDE=10 \
  TIME_LIMIT=60 JOBS=1 nice scripts/pn-study.sh /tmp/w/study-full/out
