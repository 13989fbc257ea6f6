#!/usr/bin/env bash
# Bench suite for issue 14 (structure): node counts must not change.
# Usage: structure-bench.sh BINARY > out.txt
set -u
B=$1
for algo in dfpn+ dfpn alphabeta; do
  for mode in "" "--wld"; do
    echo "== bench --empties 20 --count 8 --algo $algo $mode"
    nice $B bench --empties 20 --count 8 --algo $algo $mode
  done
done
echo "== bench --empties 14 --count 8 --algo dfpn+ --leaf-empties 0 --h-search-from 0"
nice $B bench --empties 14 --count 8 --algo dfpn+ --leaf-empties 0 --h-search-from 0
echo "== bench --empties 18 --count 8 --algo dfpn+ --epsilon 0.25"
nice $B bench --empties 18 --count 8 --algo dfpn+ --epsilon 0.25
echo "== batch positions/default.obf --check --jobs 1 --format csv (nodes)"
nice $B batch positions/default.obf --check --jobs 1 --format csv | cut -d, -f1,9-18 | head -40
