#!/bin/bash
# leaf.sh ROUNDS NAME...: for each NAME, /tmp/NAME/release/examples/leaf_speed (a build made with
# CARGO_TARGET_DIR=/tmp/NAME cargo build --release --example leaf_speed), run ROUNDS times on
# core 1 on both x86 instances, the builds alternating; prints the node count and the minimum
# and median of the round times of each build and instance.
R=$1; shift
for r in $(seq $R); do for b in "$@"; do for isa in x86-64-v4 x86-64-v3; do
  OTHELLO_ISA=$isa taskset -c 1 /tmp/$b/release/examples/leaf_speed 2>&1 | grep '^round' | sed "s/^/$b $isa /"
done; done; done | python3 -c "
import sys,collections,statistics,re
d=collections.defaultdict(list); n={}
for l in sys.stdin:
  a=l.split(); m=re.search(r'(\d+) nodes, ([0-9.]+) s', l); d[(a[0],a[1])].append(float(m.group(2))); n[(a[0],a[1])]=m.group(1)
for k,v in sorted(d.items()): print(k, n[k], 'min', min(v), 'median', statistics.median(v))"
