#!/bin/bash
# pair.sh FILE ROUNDS BIN_A BIN_B [ENV]: both builds at once (batch FILE, one thread, 64 MiB),
# one per core, cores swapped each round; prints each build's summed time_s and B/A per round.
# ENV (VAR=value) goes to both, e.g. OTHELLO_ISA=x86-64-v3.
FILE=$1; R=$2; A=$3; B=$4; ENVV=${5:-X=1}
t() { env $ENVV taskset -c $1 $2 batch $FILE --jobs 1 --threads 1 --hash-mb 64 --format jsonl 2>/dev/null | python3 -c "
import sys,json
print(sum(json.loads(l)['time_s'] for l in sys.stdin if l.startswith('{')))"; }
for r in $(seq $R); do
  if [ $((r % 2)) -eq 1 ]; then ca=0; cb=1; else ca=1; cb=0; fi
  t $ca $A > /tmp/pa.$$ & t $cb $B > /tmp/pb.$$; wait
  a=$(cat /tmp/pa.$$); b=$(cat /tmp/pb.$$)
  python3 -c "print('round $r A $a B $b ratio', round($b/$a,4))"
done
