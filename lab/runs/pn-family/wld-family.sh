#!/bin/bash
# Family row: FFO #20-#39 and hard-20 lines 1-50, --wld, one thread, default hand-over (17).
B=/tmp/w/pd-bin
cd /work/main
head -50 ../shared/data/positions/edax-hard/hard-20.obf > /tmp/w/h20-50.obf
for set in ../shared/data/positions/ffo-fforum/fforum-20-39.obf /tmp/w/h20-50.obf; do
  for cfg in "dfpn+" "dfpn+ --plus-depth" "dfpn+ --plus-depth --deep-e 2 --deep-d 8" "dfpn" "pds" "pds-pn" "alphabeta"; do
    name=$(basename $set .obf)
    $B batch --jobs 1 --threads 1 --hash-mb 256 --check --format jsonl --wld --time-limit 120 --algo $cfg $set > "/tmp/w/fam-$name-${cfg// /_}.jsonl" 2>/dev/null
    python3 - "/tmp/w/fam-$name-${cfg// /_}.jsonl" "$name" "$cfg" <<'PY'
import json,sys
rows=[json.loads(l) for l in open(sys.argv[1]) if l.startswith('{')]
rows=[r for r in rows if 'nodes' in r]
ok=sum(1 for r in rows if r.get('check')=='ok')
print(f"{sys.argv[2]:14s} {sys.argv[3]:42s} {len(rows)} rows {ok} ok nodes {sum(r['nodes'] for r in rows)} leaf {sum(r['leaf_nodes'] or 0 for r in rows)} time {sum(r['time_s'] for r in rows):.1f}")
PY
  done
done
