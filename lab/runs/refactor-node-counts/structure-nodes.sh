#!/usr/bin/env bash
# Strips times from a structure-bench.sh output, leaving node counts and results.
sed -E 's/ +[0-9.]+ s +[0-9.]+ M nodes\/s//; s/, [0-9.]+ s, [0-9.]+ M nodes\/s//; s/ in [0-9.]+ s, [0-9.]+ M nodes\/s//' "$1" \
  | awk -F, 'BEGIN{OFS=","} /^[^=]*positions\/|^id,/{ $10=""; } {print}'
