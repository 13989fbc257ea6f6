#!/usr/bin/env bash
# Submits an array job of N tasks and prints its job id.
#
#   submit.sh solve PROBLEMS OUTDIR [options]
#   submit.sh label GAMES OUTDIR --empties E [options] [-- EXTRA label options]
#   submit.sh selfplay N OUTDIR --seed S [options] [-- EXTRA selfplay options]
#     (N games in all, shard I of the array in OUTDIR/selfplay-I.txt)
#
# options: --shards N (4), --array LIST (1-N; e.g. 2 to run one task again),
#   --partition P (the cluster's default), --cpus-per-task C (1),
#   --hash-mb M (solve 64, label 16), --bin PATH (othello-solver or
#   othello-tools on PATH), --time T (sbatch's --time, none by default).
# Task logs: OUTDIR/slurm-JOBID_TASK.out. Then: merge.sh solve|label …
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
what=${1:?usage: submit.sh solve|label|selfplay INPUT OUTDIR [options]}
INPUT=${2:?missing INPUT}
[ "$what" = selfplay ] || INPUT=$(readlink -f "$INPUT")
OUTDIR=${3:?missing OUTDIR}
shift 3
SHARDS=4; ARRAY=; PARTITION=; CPUS=1; HASH_MB=; BIN=; EMPTIES=; TIME=; SEED=
EXTRA=()
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) SHARDS=$2; shift 2 ;;
    --array) ARRAY=$2; shift 2 ;;
    --partition) PARTITION=$2; shift 2 ;;
    --cpus-per-task) CPUS=$2; shift 2 ;;
    --hash-mb) HASH_MB=$2; shift 2 ;;
    --bin) BIN=$(readlink -f "$2"); shift 2 ;;
    --empties) EMPTIES=$2; shift 2 ;;
    --time) TIME=$2; shift 2 ;;
    --seed) SEED=$2; shift 2 ;;
    --) shift; EXTRA=("$@"); break ;;
    *) echo "submit.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$OUTDIR"
OUTDIR=$(readlink -f "$OUTDIR")
opts=(--parsable --array="${ARRAY:-1-$SHARDS}" --cpus-per-task="$CPUS"
      --chdir="$OUTDIR" --output="$OUTDIR/slurm-%A_%a.out")
[ -n "$PARTITION" ] && opts+=(--partition="$PARTITION")
[ -n "$TIME" ] && opts+=(--time="$TIME")
case "$what" in
  solve)
    sbatch "${opts[@]}" "$HERE/solve-array.sbatch" "$INPUT" "$OUTDIR" "$SHARDS" \
      "${HASH_MB:-64}" "${BIN:-othello-solver}"
    ;;
  label)
    [ -n "$EMPTIES" ] || { echo "submit.sh label: --empties E is required" >&2; exit 2; }
    sbatch "${opts[@]}" "$HERE/label-array.sbatch" "$INPUT" "$OUTDIR" "$SHARDS" \
      "$EMPTIES" "${HASH_MB:-16}" "${BIN:-othello-tools}" "${EXTRA[@]}"
    ;;
  selfplay)
    [ -n "$SEED" ] || { echo "submit.sh selfplay: --seed S is required" >&2; exit 2; }
    sbatch "${opts[@]}" "$HERE/selfplay-array.sbatch" "$INPUT" "$SEED" "$OUTDIR" "$SHARDS" \
      "${BIN:-othello-tools}" "${EXTRA[@]}"
    ;;
  *) echo "submit.sh: solve, label or selfplay, not $what" >&2; exit 2 ;;
esac
