#!/bin/bash
# pair.sh FILE ROUNDS BIN_A BIN_B [ENV]: A and B at the same time, one per core, swapping cores each round.
FILE=$1; R=$2; A=$3; B=$4; ENVV=${5:-X=1}
for r in $(seq $R); do
  if [ $((r % 2)) = 1 ]; then ca=0; cb=1; else ca=1; cb=0; fi
  env $ENVV taskset -c $ca $A batch $FILE --jobs 1 --threads 1 --hash-mb 256 --format jsonl --check > /tmp/pair-a.jsonl 2>/dev/null &
  env $ENVV taskset -c $cb $B batch $FILE --jobs 1 --threads 1 --hash-mb 256 --format jsonl --check > /tmp/pair-b.jsonl 2>/dev/null &
  wait
  python3 - <<'PY'
import json
def s(f):
    n=t=ok=0
    for l in open(f):
        if l.startswith('{'):
            d=json.loads(l); n+=d['nodes']; t+=d['time_s']; ok+=d.get('check')=='ok'
    return n,t,ok
a=s('/tmp/pair-a.jsonl'); b=s('/tmp/pair-b.jsonl')
print(f"A {a[1]:.2f} s ({a[0]} nodes, {a[2]} ok)  B {b[1]:.2f} s ({b[0]} nodes, {b[2]} ok)  B/A {b[1]/a[1]:.4f}")
PY
done
