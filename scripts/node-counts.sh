#!/usr/bin/env bash
# Fixed node counts: the check that a change which should not alter the tree
# (a refactor, a rename, a module split) leaves every search exactly as it was.
# At one thread every count below is deterministic, so two binaries agree
# line for line or the change touched the search.
#
#   scripts/node-counts.sh [BIN] > counts.txt
#   diff before.txt after.txt
#
# BIN defaults to target/release/othello-solver (built when missing).
# FFO positions come from ../shared/data/positions (DATA to override).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release/othello-solver}
DATA=${DATA:-../shared/data/positions}
if [[ ! -x $BIN ]]; then cargo build --release -q -p othello-solver-cli; fi
ffo=$DATA/ffo-fforum/fforum-40-59.obf
if [[ ! -f $ffo ]]; then
  echo "node-counts: $ffo is missing (the shared positions belong beside the repository)" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -10 "$ffo" > "$tmp/ffo40-49.obf"
sed -n 11,13p "$ffo" > "$tmp/ffo50-52.obf"

# One line per run: its name and the total nodes of the bench summary.
run() {
  local name=$1; shift
  local nodes
  nodes=$("$BIN" bench --threads 1 "$@" | awk '/^total:/ {print $2}')
  printf '%-28s %s\n' "$name" "$nodes"
}
run "random-20 exact"          --algo alphabeta
run "random-20 all-best"       --algo alphabeta --all-best
run "random-20 bound 0"        --algo alphabeta --bound 0
run "random-20 wld"            --wld
run "random-20 dfpn+ exact"    --algo dfpn+
run "random-20 dfpn+ wld"      --algo dfpn+ --wld
run "random-20 dfpn exact"     --algo dfpn
run "random-20 dfpn wld"       --algo dfpn --wld
run "random-14 pure dfpn+"     --empties 14 --algo dfpn+ --leaf-empties 0 --h-search-from 0
run "random-18 dfpn+ eps"      --empties 18 --algo dfpn+ --epsilon 0.25
run "default.obf exact"        --file positions/default.obf
run "default.obf all-moves"    --file positions/default.obf --all-moves
run "ffo40-49 exact"           --file "$tmp/ffo40-49.obf"
run "ffo40-49 wld"             --file "$tmp/ffo40-49.obf" --wld
run "ffo50-52 exact"           --file "$tmp/ffo50-52.obf"

# Every row of a batch: scores, best moves, PVs and node counts (time and
# the file's absolute path left out), as one digest.
rows=$("$BIN" batch positions/default.obf --check --jobs 1 --threads 1 --format csv \
  | cut -d, -f2-16,18- | sha256sum | cut -c1-16)
printf '%-28s %s\n' "default.obf batch rows" "$rows"
