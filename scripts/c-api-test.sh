#!/usr/bin/env bash
# Builds the C library (shared and static, the `capi` profile), compiles the
# C test program against each with the system compiler, and runs both on
# FFO #1-#19 (every score checked) with a long solve stopped from a second
# thread. Prints the libraries' sizes. Needs ../shared/data/positions.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${DATA:-../shared/data/positions/ffo-fforum}
if [ ! -f "$data/fforum-1-19.obf" ]; then
  echo "skipped: $data/fforum-1-19.obf not found (the test data beside the repository)" >&2
  exit 0
fi
cargo build --profile capi -p othello-solver-c
lib=$PWD/target/capi
out=$(mktemp -d)
cc=${CC:-cc}
flags=(-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O2 -I capi/include)
"$cc" "${flags[@]}" capi/tests/c/solve_ffo.c -o "$out/solve_shared" \
  -L"$lib" -lothello_solver_c -Wl,-rpath,"$lib" -lpthread
"$cc" "${flags[@]}" capi/tests/c/solve_ffo.c -o "$out/solve_static" \
  "$lib/libothello_solver_c.a" -lpthread -ldl -lm
for kind in shared static; do
  echo "== the C test program, $kind library"
  "$out/solve_$kind" "$data/fforum-1-19.obf"
done
echo "== sizes"
ls -l "$lib/libothello_solver_c.so" "$lib/libothello_solver_c.a" | awk '{print $5, $9}'
rm -rf "$out"
