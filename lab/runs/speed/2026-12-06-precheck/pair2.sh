#!/bin/bash
# pair2.sh FILE ROUNDS BIN ENV_A ENV_B (env HASH: MiB, default 64; EXTRA: more batch options; BIN_B: side B's build, default BIN): one build, two environments at once, one per core,
# cores swapped each round; prints each side's summed time_s and nodes and B/A per round.
FILE=$1; R=$2; BIN=$3; EA=$4; EB=$5; BB=${BIN_B:-$3}
t() { env $2 taskset -c $1 ${3:-$BIN} batch $FILE --jobs 1 --threads 1 --hash-mb ${HASH:-64} --format jsonl --check $EXTRA 2>/dev/null | python3 -c "
import sys,json
t=n=0;bad=0
for l in sys.stdin:
    if not l.startswith('{'): continue
    d=json.loads(l); t+=d['time_s']; n+=d['nodes']
    if d.get('check') not in (None,'ok'): bad+=1
print(round(t,3), n, bad)"; }
for r in $(seq $R); do
  if [ $((r % 2)) -eq 1 ]; then ca=0; cb=1; else ca=1; cb=0; fi
  t $ca "$EA" > /tmp/pa.$$ & t $cb "$EB" "$BB" > /tmp/pb.$$; wait
  read a an abad < /tmp/pa.$$; read b bn bbad < /tmp/pb.$$
  python3 -c "print('round $r A $a ($an, bad $abad) B $b ($bn, bad $bbad) ratio', round($b/$a,4))"
done
