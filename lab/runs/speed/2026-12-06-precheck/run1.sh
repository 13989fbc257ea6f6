#!/bin/bash
# run1.sh BIN FILE [ENV...]: one batch on core 1, prints nodes, time, bad
BIN=$1; FILE=$2; shift 2
env "$@" taskset -c 1 $BIN batch $FILE --jobs 1 --threads 1 --hash-mb 64 --format jsonl --check $EXTRA 2>/dev/null | python3 -c "
import sys,json
t=n=0;bad=0;c=0
for l in sys.stdin:
    if not l.startswith('{'): continue
    d=json.loads(l); t+=d['time_s']; n+=d['nodes']; c+=1
    if d.get('check') not in (None,'ok'): bad+=1
print('$*',c,n,round(t,3),'bad',bad)"
