#!/bin/bash
# The tune part at its defaults (50 training positions at 16 empties, WTHOR up to 2017, pure search,
# --wld), with the dfpn and dfpn+ baseline rows; 2026-12-04, AMD EPYC Zen 4 (family 25 model 17),
# one core (taskset), CI's build and tests on the other.
BIN=target/release/othello-solver TOOLS=target/release/othello-tools PARTS=tune TIME_LIMIT=120 \
  nice taskset -c 1 scripts/pn-study.sh /tmp/w/tune
