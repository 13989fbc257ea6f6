#!/usr/bin/env python3
"""Call counts and inclusive instruction counts per function from a callgrind
output file, for the functions whose names match a regular expression.

    scripts/callgrind-calls.py CALLGRIND_OUT [REGEX]

Prints one row per function: calls, inclusive instructions (a recursive
function's inclusive count includes its own recursion again), name; most
called first. Used to compare the work per leaf solver with Edax's
(lab/notes/benchmarks-diary.md, "Instructions and leaf calls against Edax").
"""
import collections
import re
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    pattern = re.compile(sys.argv[2] if len(sys.argv) > 2 else ".")
    names = {}
    calls = collections.Counter()
    inclusive = collections.Counter()
    target = None
    cost_line_next = False
    with open(sys.argv[1]) as f:
        for line in f:
            m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?", line)
            if m:
                kind, ident, name = m.groups()
                if name:
                    names[ident] = name.strip()
                if kind == "cfn":
                    target = ident
                continue
            m = re.match(r"calls=(\d+)", line)
            if m:
                calls[target] += int(m.group(1))
                cost_line_next = True
                continue
            if cost_line_next:
                parts = line.split()
                if len(parts) >= 2:
                    inclusive[target] += int(parts[1])
                cost_line_next = False
    for ident, n in calls.most_common():
        name = names.get(ident, ident)
        if pattern.search(name):
            print(f"{n:>12,} calls {inclusive[ident]:>16,} incl  {name[:120]}")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        pass
    except (OSError, re.error) as e:
        sys.exit(f"callgrind-calls.py: {e}")
